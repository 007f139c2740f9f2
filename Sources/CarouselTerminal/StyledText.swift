import CarouselCanvas
import CarouselCore
import CarouselRender

/// A canvas as text with the SGR parameters a terminal of a given colour depth would receive, each
/// change of style written as `«params»` (readable in a golden file; swap the marks for `ESC[`…`m`
/// to get real escape codes). It uses the same colour mapping as the screen.
public enum StyledText {
    /// SGR parameters for a cell style at `depth`: attributes, then foreground and background, in
    /// the forms the frame writer sends them.
    public static func parameters(_ style: CellStyle, depth: ColorDepth) -> String {
        var parts: [String] = ["0"]
        if style.attributes.contains(.bold) { parts.append("1") }
        if style.attributes.contains(.dim) { parts.append("2") }
        if style.attributes.contains(.italic) { parts.append("3") }
        if style.attributes.contains(.underline) { parts.append("4") }
        if style.attributes.contains(.reverse) { parts.append("7") }
        if style.attributes.contains(.strikethrough) { parts.append("9") }
        for (color, foreground) in [(style.foreground, true), (style.background, false)] {
            let code = ColorCoder.code(color, depth: depth, background: !foreground)
            guard code != 0 else { continue }
            var bytes: [UInt8] = []
            FrameWriter.appendColor(code, foreground: foreground, into: &bytes)
            parts.append(String(decoding: bytes, as: UTF8.self))
        }
        return parts.joined(separator: ";")
    }

    /// Each row with its style changes marked `«params»` (the form kept in golden files).
    public static func lines(_ canvas: Canvas, depth: ColorDepth) -> [String] {
        lines(canvas, depth: depth, open: "«", close: "»")
    }

    /// Each row with real SGR escape codes (`ESC[`params`m`), ending in the terminal's default
    /// style, as `ls --color=always` prints: for `--render` with an explicit colour depth.
    public static func escaped(_ canvas: Canvas, depth: ColorDepth) -> [String] {
        lines(canvas, depth: depth, open: "\u{1B}[", close: "m")
    }

    private static func lines(_ canvas: Canvas, depth: ColorDepth, open: String, close: String) -> [String] {
        var lines: [String] = []
        for y in 0..<canvas.height {
            var line = ""
            var current = "0", currentStyle = CellStyle.plain
            let showOnBlank: Attributes = [.reverse, .underline, .strikethrough]
            // Past the last cell that shows something the row is the terminal's own blanks.
            var showing = canvas.width - 1
            while showing >= 0 && canvas[showing, y].showsNothing { showing -= 1 }
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                if cell.isContinuation { continue }
                var style = cell.style
                // A blank shows its background only (a canvas keeps no ink for it): before the
                // end of what the row shows, it takes the style before it where that shows
                // nothing more on a blank.
                if x < showing && cell.isBlank && style.attributes.isDisjoint(with: showOnBlank)
                    && currentStyle.attributes.isDisjoint(with: showOnBlank) && style.background == currentStyle.background {
                    style = currentStyle
                }
                let params = parameters(style, depth: depth)
                if params != current {
                    line += open + params + close
                    current = params
                    currentStyle = style
                }
                line.append(cell.glyph)
            }
            if current != "0" { line += open + "0" + close }
            lines.append(line)
        }
        return lines
    }
}
