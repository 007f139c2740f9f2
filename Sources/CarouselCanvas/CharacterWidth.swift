/// How many terminal columns a character takes: 0 (combining, zero-width), 1, or 2 (East Asian
/// wide and fullwidth, emoji presentation), exactly as the C library's `wcwidth` counts them (ncurses
/// moves the cursor by that count), from a table generated from it (`TerminalWidths`). Pure Swift,
/// so the renderer never depends on the locale it runs in.
public enum CharacterWidth {
    /// The columns a cluster takes as it is shown (see `TerminalCluster`).
    public static func of(_ character: Character) -> Int {
        // Most cells hold one scalar below U+10000 (ASCII, borders, shades, most text): answer from
        // its UTF-8 bytes, without the scalar view.
        if let v = TerminalCluster.bmpScalar(character) { return ofCharacter(scalarValue: v) }
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // (A drawing glyph with a spacing mark after it takes a cell for each: see `TerminalCluster`.)
        guard TerminalCluster.needsFallback(character) else { return isDrawingGlyph(first.value) ? 1 : of(first) }
        var total = 0
        for shown in TerminalCluster.shown(character) { total += of(shown.unicodeScalars.first!) }
        return total
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int { ranged(scalar.value) }

    /// The columns of a character that is the one scalar `v`: box drawing, shades and the
    /// renderer's own glyphs take one, the rest what the table says.
    @inline(__always)
    static func ofCharacter(scalarValue v: UInt32) -> Int {
        if v < 0x80 { return v < 0x20 || v == 0x7F ? 0 : 1 }
        if isDrawingGlyph(v) { return 1 }
        return ranged(v)
    }

    /// Box drawing, block elements and shades, the renderer's own glyphs (dots, the ellipsis): one
    /// column, as the character that starts with one of them.
    @inline(__always)
    static func isDrawingGlyph(_ v: UInt32) -> Bool {
        (0x2500...0x259F).contains(v) || v == 0x25CB || v == 0x25CF || v == 0x2026
    }

    private static func ranged(_ v: UInt32) -> Int {
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 && v != 0xAD { return 1 }
        // Binary search of the generated ranges.
        let ranges = TerminalWidths.ranges
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if v < ranges[mid].first { high = mid - 1 } else if v > ranges[mid].last { low = mid + 1 } else { return Int(ranges[mid].width) }
        }
        return 1
    }

    /// The width of a whole string in columns.
    public static func of(_ string: String) -> Int {
        if let columns = LoneScalarText.columns(string) { return columns }
        var total = 0
        for c in string { total += of(c) }
        return total
    }

    /// The width of a whole string in columns.
    public static func of(_ string: some StringProtocol) -> Int {
        var total = 0
        for c in string { total += of(c) }
        return total
    }
}
