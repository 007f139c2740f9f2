/// How much of a cell a glyph covers, 0 (blank) ... 1 (solid). Used to keep outlines when art is
/// shrunk (the densest glyph of a footprint wins) and as the density field for blur.
public enum Ink {
    private static let asciiTable: [Double] = {
        var t = [Double](repeating: 0.45, count: 128)
        let groups: [(String, Double)] = [
            (" ", 0), ("`'.", 0.1), (",-_", 0.18), (":;\"~^", 0.25), ("!|/\\()<>[]{}ilj+=", 0.4),
            ("?7rtfcvxzsLJITY1*", 0.5), ("aeounyhkbdpqgwmCEFGKOPQSUVXZ023456789$", 0.62),
            ("ABDHNRW&", 0.75), ("#%", 0.85), ("M@", 1),
        ]
        for (chars, value) in groups { for c in chars.unicodeScalars { t[Int(c.value)] = value } }
        return t
    }()

    public static func of(_ c: Character) -> Double {
        if let a = c.asciiValue { return a < 32 ? 0 : asciiTable[Int(a)] }
        switch c {
        case "░": return 0.25
        case "▒": return 0.5
        case "▓": return 0.75
        case "█": return 1
        case "─", "│", "╭", "╮", "╰", "╯", "┌", "┐", "└", "┘": return 0.4
        default: return c.isWhitespace ? 0 : 0.6
        }
    }
}
