/// A margin as the spans of one line.
struct MarginLayout {
    let ascii: Bool
    let cellWidth: (Character) -> Int

    /// The margin's text for a block's first line (`first`) or a later one, at most `limit` cells:
    /// its blank columns go first, outermost first (the same on every line of the block, so a
    /// hanging indent stays aligned); what is still too wide is cut, and a marker or quote bar cut
    /// short becomes blanks (a bullet without its space would read as part of the first word).
    /// `trimmed` drops trailing blanks (for empty lines).
    func spans(_ margin: Margin, first: Bool, limit: Int, trimmed: Bool = false) -> (spans: [TextSpan], width: Int) {
        let squeezed = margin.squeezed(to: limit)
        var spans: [TextSpan] = []
        for piece in (first ? squeezed : squeezed.continuation).pieces {
            switch piece {
            case .space(let n): spans.append(TextSpan(String(repeating: " ", count: max(0, n))))
            case .quoteBar: spans.append(TextSpan(ascii ? "| " : "│ ", style: .decoration))
            case .marker(let marker): spans.append(TextSpan(marker.text(ascii: ascii), style: SpanStyle(role: .decoration)))
            }
        }
        var result: [TextSpan] = []
        var width = 0
        outer: for span in spans {
            var kept = ""
            var keptWidth = 0
            for character in span.text {
                let w = max(0, cellWidth(character))
                if width + w > limit {
                    if span.style.role == .decoration { kept = String(repeating: " ", count: keptWidth) }
                    result.append(TextSpan(kept, style: span.style))
                    break outer
                }
                kept.append(character)
                keptWidth += w
                width += w
            }
            result.append(TextSpan(kept, style: span.style))
        }
        if trimmed {
            while let last = result.last, let c = last.text.last, c == " " {
                result[result.count - 1].text.removeLast()
                width -= 1
                if result[result.count - 1].text.isEmpty { result.removeLast() }
            }
        }
        return (result.merged, width)
    }
}
