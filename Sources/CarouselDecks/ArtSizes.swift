/// Art in several sizes, named as an image's `srcset`: `Mira@2x.txt` (also `@3x`, any `@Nx`)
/// beside `Mira.txt` is the same drawing, larger. It is not a card of its own but a size of
/// `Mira.txt`'s card, which the renderer shrinks when the card is shown large (see `Art`). A lone
/// `Mira@2x.txt`, with no `Mira.txt` beside it, is a card like any other.
enum ArtSizes {
    /// The name of the file a size's name belongs to and the scale it says: `Mira@2x.txt` gives
    /// `Mira.txt` and 2, `notes/Mira@3x` gives `notes/Mira` and 3. Nil for any other name
    /// (`@1x` and `@0x` are not larger sizes; nor is a name with nothing before the `@`).
    static func base(ofSize name: [UInt8]) -> (base: [UInt8], scale: Int)? {
        let start = name.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? name.startIndex
        var stemEnd = name.endIndex
        if let dot = name[start...].lastIndex(of: UInt8(ascii: ".")), dot != start { stemEnd = dot }
        // The stem ends with "@" digits "x".
        guard stemEnd - start >= 4, name[stemEnd - 1] == UInt8(ascii: "x") else { return nil }
        var at = stemEnd - 2
        while at > start && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(name[at]) { at -= 1 }
        let digits = name[(at + 1)..<(stemEnd - 1)]
        guard name[at] == UInt8(ascii: "@"), at > start, !digits.isEmpty, digits.count <= 3 else { return nil }
        let scale = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard scale >= 2 else { return nil }
        return (Array(name[..<at] + name[stemEnd...]), scale)
    }

    /// The names among `names` (one directory's listing) that are larger sizes of another name in
    /// it, grouped by that name, smallest scale first (then by name). Pictures are left alone: each
    /// picture file is a card, converted for every size it is shown at anyway.
    static func sizes(in names: [[UInt8]]) -> [[UInt8]: [[UInt8]]] {
        let present = Set(names)
        var found: [[UInt8]: [(scale: Int, name: [UInt8])]] = [:]
        for name in names {
            guard let (base, scale) = base(ofSize: name), present.contains(base),
                  FileKinds.verdict(forName: base) != .picture else { continue }
            found[base, default: []].append((scale, name))
        }
        return found.mapValues { sizes in
            sizes.sorted { $0.scale != $1.scale ? $0.scale < $1.scale : $0.name.lexicographicallyPrecedes($1.name) }.map(\.name)
        }
    }
}
