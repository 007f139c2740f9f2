/// A run of text in one style.
public struct TextSpan: Hashable, Sendable {
    public var text: String
    public var style: SpanStyle

    public init(_ text: String, style: SpanStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// Whether the span shows nothing: only spaces (no-break ones too: an `&nbsp;` spacer) and tabs, with no background, reverse,
    /// underline or strike that would show on them.
    var showsNothing: Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
            && (text.isEmpty || (style.background == nil && !style.reverse && !style.underline && !style.strikethrough))
    }
}

extension Array where Element == TextSpan {
    /// The text of all spans, without styles.
    public var plainText: String { map(\.text).joined() }

    /// The same text with neighbouring spans of equal style merged and empty spans dropped.
    public var merged: [TextSpan] {
        var result: [TextSpan] = []
        for span in self where !span.text.isEmpty {
            if let last = result.last, last.style == span.style {
                result[result.count - 1].text += span.text
            } else {
                result.append(span)
            }
        }
        return result
    }
}
