import CarouselTestSupport
import CarouselCanvas

/// Random prose for property tests: ASCII words, CJK, emoji, combining marks, tabs, runs of
/// spaces, long words, compounds and paths, leading indentation and (optionally) hard breaks.
struct RandomText {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    mutating func scalar(_ range: ClosedRange<UInt32>) -> Character {
        Character(Unicode.Scalar(UInt32.random(in: range, using: &generator))!)
    }

    mutating func word() -> String {
        switch int(0...10) {
        case 0...3: return String((0..<int(1...10)).map { _ in scalar(0x61...0x7A) })
        case 4: return String((0..<int(1...6)).map { _ in scalar(0x4E00...0x9FA5) })  // CJK ideographs
        case 5: return String((0..<int(1...3)).map { _ in scalar(0x1F600...0x1F64F) })  // emoji
        case 6:  // letters with one or two combining marks each
            return (0..<int(1...6)).map { _ in
                String(scalar(0x61...0x7A)) + String((0..<int(1...2)).map { _ in scalar(0x300...0x36F) })
            }.joined()
        case 7: return String((0..<int(15...120)).map { _ in scalar(0x41...0x5A) })  // long word
        case 8: return word() + word()  // mixed scripts glued together
        case 9:  // a compound, a path or a call: letters joined by hyphens, slashes or brackets; or an address
            let parts = (0..<int(2...6)).map { _ in String((0..<int(1...9)).map { _ in scalar(0x61...0x7A) }) }
            if int(0...1) == 0 { return parts.joined(separator: pick(["-", "/", "\\", "(", "["])) }
            return parts.dropFirst().reduce(parts[0] + "/") { $0 + $1 + pick(["/", ".", "#", "?", "=", "_", "-"]) }
        default: return pick(["a", "I", "—", "«ok»", "x²", "ｆｕｌｌ", "한국어", "ひらがな", "naïve", "e\u{301}"])
        }
    }

    mutating func separator(hardBreaks: Bool) -> String {
        switch int(0...11) {
        case 0: return "\t"
        case 1: return "  "
        case 2: return " \t "
        case 3: return hardBreaks ? "\n" : " "
        default: return " "
        }
    }

    /// A paragraph's text.
    mutating func paragraph(hardBreaks: Bool) -> String {
        var text = int(0...3) == 0 ? String(repeating: " ", count: int(1...8)) : ""
        let count = int(0...25)
        for i in 0..<count {
            if i > 0 { text += separator(hardBreaks: hardBreaks) }
            text += word()
        }
        if int(0...5) == 0 { text += "  " }
        return text
    }
}
