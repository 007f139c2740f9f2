import CarouselCore
import CarouselRender

/// A canvas as text with the SGR parameters a terminal of a given colour depth would receive, each
/// change of style written as `«params»` (readable in a golden file; swap the marks for `ESC[`…`m`
/// to get real escape codes). It uses the same colour mapping as the screen.
public enum StyledText {
    /// SGR parameters for a cell style at `depth`: attributes, then foreground and background.
    public static func parameters(_ style: CellStyle, depth: ColorDepth) -> String {
        var parts: [String] = ["0"]
        if style.attributes.contains(.bold) { parts.append("1") }
        if style.attributes.contains(.dim) { parts.append("2") }
        if style.attributes.contains(.underline) { parts.append("4") }
        if style.attributes.contains(.reverse) { parts.append("7") }
        for (color, base) in [(style.foreground, 30), (style.background, 40)] {
            guard case .rgb(let rgb) = color, let index = ColorPalette.index(for: rgb, depth: depth) else { continue }
            switch depth {
            case .none: break
            case .eight: parts.append(String(base + index))
            case .sixteen: parts.append(index < 8 ? String(base + index) : String(base + 60 + index - 8))
            case .palette256: parts.append("\(base + 8);5;\(index)")
            case .truecolor: parts.append("\(base + 8);2;\(rgb.r);\(rgb.g);\(rgb.b)")
            }
        }
        return parts.joined(separator: ";")
    }

    public static func lines(_ canvas: Canvas, depth: ColorDepth) -> [String] {
        var lines: [String] = []
        for y in 0..<canvas.height {
            var line = ""
            var current = "0"
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                if cell.isContinuation { continue }
                let params = parameters(cell.style, depth: depth)
                if params != current {
                    line += "«" + params + "»"
                    current = params
                }
                line.append(cell.glyph)
            }
            if current != "0" { line += "«0»" }
            lines.append(line)
        }
        return lines
    }
}
