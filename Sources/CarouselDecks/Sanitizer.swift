/// Makes deck text safe to show: nothing from a file may reach the terminal as a control sequence.
///
/// Invalid UTF-8 becomes U+FFFD; tabs are expanded; C0 controls, DEL and C1 controls become their
/// visible Control Pictures (ESC shows as ␛); bidirectional overrides and isolates, which could
/// reorder what the user sees, become U+FFFD. Line breaks (LF, CRLF) split lines.
public enum Sanitizer {
    public static let tabWidth = 4

    /// Decodes bytes and returns clean lines.
    public static func lines(from bytes: some Collection<UInt8>) -> [String] {
        lines(from: String(decoding: bytes, as: UTF8.self))
    }

    public static func lines(from text: String) -> [String] {
        var result: [String] = []
        var line = String.UnicodeScalarView()
        var column = 0
        var pendingCR = false
        func endLine() {
            result.append(String(line))
            line = String.UnicodeScalarView()
            column = 0
        }
        for scalar in text.unicodeScalars {
            if pendingCR {
                pendingCR = false
                if scalar != "\n" { append(visible(0x0D), to: &line, column: &column) }
            }
            switch scalar.value {
            case 0x0A:
                endLine()
            case 0x0D:
                pendingCR = true
            case 0x09:
                let spaces = tabWidth - column % tabWidth
                for _ in 0..<spaces { line.append(" ") }
                column += spaces
            default:
                append(clean(scalar), to: &line, column: &column)
            }
        }
        if pendingCR { append(visible(0x0D), to: &line, column: &column) }
        if !line.isEmpty { endLine() }
        return result
    }

    /// One line of text (a title, a file name): every line break and control made visible.
    public static func line(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var column = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: out.append(" "); column += 1
            case 0x0A, 0x0D: append(visible(scalar.value), to: &out, column: &column)
            default: append(clean(scalar), to: &out, column: &column)
            }
        }
        return String(out)
    }

    private static func append(_ scalar: Unicode.Scalar, to line: inout String.UnicodeScalarView, column: inout Int) {
        line.append(scalar)
        column += 1
    }

    /// The scalar itself when it is safe to print, or a visible stand-in.
    public static func clean(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        switch v {
        case 0x00...0x1F, 0x7F: return visible(v)
        case 0x80...0x9F: return "\u{FFFD}"
        // Bidi embeddings, overrides and isolates; line and paragraph separators.
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return "\u{FFFD}"
        default: return scalar
        }
    }

    /// The Control Pictures block shows C0 controls and DEL as single visible glyphs.
    static func visible(_ value: UInt32) -> Unicode.Scalar {
        if value == 0x7F { return "\u{2421}" }
        return Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}"
    }
}
