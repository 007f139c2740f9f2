/// How many terminal columns a character takes: 0 (combining, zero-width), 1, or 2 (East Asian
/// wide and fullwidth, emoji presentation). Pure Swift, so the renderer never depends on the C
/// library's locale-sensitive `wcwidth`.
public enum CharacterWidth {
    public static func of(_ character: Character) -> Int {
        // Most cells are ASCII: answer without looking at the scalars.
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        // Box drawing, block elements and shades, the renderer's own glyphs: one column.
        if (0x2500...0x259F).contains(first.value) || first.value == 0x25CB || first.value == 0x25CF || first.value == 0x2026 {
            return 1
        }
        // An emoji variation selector makes the cluster wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        return of(first)
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B || (0x1160...0x11FF).contains(v) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(v) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1B000...0x1B2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The width of a whole string in columns.
    public static func of(_ string: some StringProtocol) -> Int {
        var total = 0
        for c in string { total += of(c) }
        return total
    }
}
