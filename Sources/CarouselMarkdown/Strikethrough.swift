import CarouselText

/// GitHub's strikethrough, `~~gone~~`, which CommonMark (and libcmark) leave as text: the tildes
/// are taken out and what they enclose is struck through (and dimmed, so that it still reads as
/// set aside on a terminal that cannot strike). As GitHub reads it: a run of exactly two tildes
/// opens when a character that is not a space follows it and closes when one precedes it; code
/// spans, addresses and raw HTML keep their tildes; a run left unpaired stays as it is.
enum Strikethrough {
    /// The spans of one paragraph or heading, with their `~~` pairs applied.
    static func apply(_ spans: [TextSpan]) -> [TextSpan] {
        // (Sought in the bytes: String's `contains` of a string is slow, and every cell of a table
        // of 10,000 rows is asked.)
        guard spans.contains(where: { span in
            var tilde = false
            for byte in span.text.utf8 {
                if byte == 0x7E { if tilde { return true }; tilde = true } else { tilde = false }
            }
            return false
        }) else { return spans }
        // Every `~~` run that may open or close: its span and the offset of its first tilde.
        struct Run { var span: Int; var offset: Int; var opens: Bool; var closes: Bool }
        var runs: [Run] = []
        let texts = spans.map { Array($0.text) }
        func character(_ span: Int, _ offset: Int) -> Character? {
            // The character at an offset, looking into the neighbouring spans past either end.
            var s = span, o = offset
            while s >= 0 && s < texts.count {
                if o < 0 { s -= 1; if s >= 0 { o += texts[s].count }; continue }
                if o >= texts[s].count { o -= texts[s].count; s += 1; continue }
                return texts[s][o]
            }
            return nil
        }
        for (s, span) in spans.enumerated() where Self.takesMarkup(span.style.role) {
            let text = texts[s]
            var i = 0
            while i + 1 < text.count {
                guard text[i] == "~", text[i + 1] == "~" else { i += 1; continue }
                var end = i
                while end < text.count && text[end] == "~" { end += 1 }
                if end - i == 2 && character(s, i - 1) != "~" {
                    let before = character(s, i - 1), after = character(s, end)
                    runs.append(Run(span: s, offset: i, opens: after.map { !$0.isWhitespace } ?? false,
                                    closes: before.map { !$0.isWhitespace } ?? false))
                }
                i = end
            }
        }
        // Pair each opener with the next closer.
        var pairs: [(Run, Run)] = []
        var open: Run?
        for run in runs {
            if let opener = open, run.closes {
                pairs.append((opener, run))
                open = nil
            } else if run.opens {
                open = run
            }
        }
        guard !pairs.isEmpty else { return spans }
        // Cut every span at its delimiters; strike what lies between a pair.
        var cuts: [Int: [(offset: Int, opens: Bool)]] = [:]
        for (opener, closer) in pairs {
            cuts[opener.span, default: []].append((opener.offset, true))
            cuts[closer.span, default: []].append((closer.offset, false))
        }
        var result: [TextSpan] = []
        var struck = false
        for (s, span) in spans.enumerated() {
            var from = 0
            for cut in (cuts[s] ?? []).sorted(by: { $0.offset < $1.offset }) {
                result.append(styled(String(texts[s][from..<cut.offset]), span.style, struck))
                struck = cut.opens
                from = cut.offset + 2
            }
            result.append(styled(String(texts[s][from...]), span.style, struck))
        }
        return result.merged
    }

    private static func styled(_ text: String, _ style: SpanStyle, _ struck: Bool) -> TextSpan {
        var style = style
        if struck {
            style.strikethrough = true
            style.dim = true
        }
        return TextSpan(text, style: style)
    }

    /// Whether text in this role may hold markup (not code, an address or raw HTML).
    static func takesMarkup(_ role: TextRole) -> Bool {
        switch role {
        case .code, .url, .html: false
        default: true
        }
    }
}
