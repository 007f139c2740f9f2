/// Text with ANSI escape sequences, as `ls --color=always`, `git log --color` or `grep --color`
/// print it, turned into styled spans (like `less -R`).
///
/// SGR sequences (`ESC[...m`) become span styles; every other escape sequence (cursor moves,
/// clearing, OSC titles and clipboard writes, DCS, 8-bit C1 forms such as 0x9B) and every control
/// character other than tab is removed, so no control character survives into any span's text.
public enum ANSIText {
    /// The spans of one line, starting from the plain style.
    public static func spans(from line: String) -> [TextSpan] {
        var style = SpanStyle.plain
        return spans(from: line, style: &style)
    }

    /// The spans of one line, starting from `style`; on return `style` is the style in force at the
    /// end of the line (for text whose colours run on from one line to the next).
    public static func spans(from line: String, style: inout SpanStyle) -> [TextSpan] {
        var scanner = EscapeScanner()
        var spans: [TextSpan] = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty { spans.append(TextSpan(String(text), style: style)) }
            text = String.UnicodeScalarView()
        }
        for scalar in line.unicodeScalars {
            switch scanner.next(scalar) {
            case .text(let s): text.append(s)
            case .sgr(let parameters):
                let next = SGR.apply(parameters, to: style)
                if next != style { flush(); style = next }
            case .none: break
            }
        }
        flush()
        return spans.merged
    }
}
