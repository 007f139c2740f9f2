/// Select Graphic Rendition: how the parameters of an `ESC[...m` sequence change a style.
enum SGR {
    /// `style` after the parameters `parameters` ("1;38;5;208", "38:2::255:0:0", "" for reset).
    /// Codes it does not know (blink, conceal, fonts, overline...) are ignored.
    static func apply(_ parameters: String, to style: SpanStyle) -> SpanStyle {
        var style = style
        // Each parameter may carry colon-separated sub-parameters; an empty one means 0.
        let groups: [[Int?]] = parameters.split(separator: ";", omittingEmptySubsequences: false).map { group in
            group.split(separator: ":", omittingEmptySubsequences: false).map { $0.isEmpty ? nil : Int($0.prefix(9)) }
        }
        var i = 0
        while i < groups.count {
            let group = groups[i]
            let code = group.first.flatMap { $0 } ?? 0
            i += 1
            switch code {
            case 0: style = SpanStyle(role: style.role)
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = group.count > 1 ? (group[1] ?? 0) != 0 : true  // 4:0 is "no underline"
            case 7: style.reverse = true
            case 9: style.strikethrough = true
            case 21: style.underline = true  // double underline
            case 22: style.bold = false; style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 29: style.strikethrough = false
            case 30...37: style.foreground = .indexed(UInt8(code - 30))
            case 39: style.foreground = nil
            case 40...47: style.background = .indexed(UInt8(code - 40))
            case 49: style.background = nil
            case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
            case 38, 48:
                let color: TextColor?
                if group.count > 1 {
                    color = colonColor(Array(group.dropFirst()))
                } else {
                    // Semicolon form: the colour's values are the parameters that follow.
                    let rest = groups[i...].map { $0.first.flatMap { $0 } }
                    let (parsed, used) = semicolonColor(Array(rest))
                    color = parsed
                    i += used
                }
                if let color { if code == 38 { style.foreground = color } else { style.background = color } }
            default: break
            }
        }
        return style
    }

    /// `5;n` or `2;r;g;b`: the colour and how many values it used.
    private static func semicolonColor(_ values: [Int?]) -> (TextColor?, Int) {
        switch values.first.flatMap({ $0 }) {
        case 5:
            guard values.count >= 2 else { return (nil, values.count) }
            return (indexed(values[1]), 2)
        case 2:
            guard values.count >= 4 else { return (nil, values.count) }
            return (rgb(values[1], values[2], values[3]), 4)
        default:
            // An unknown colour space: skip only the mode.
            return (nil, min(1, values.count))
        }
    }

    /// `5:n`, `2:r:g:b` or `2:colourspace:r:g:b` (the standard form).
    private static func colonColor(_ values: [Int?]) -> TextColor? {
        switch values.first.flatMap({ $0 }) {
        case 5: values.count >= 2 ? indexed(values[1]) : nil
        case 2:
            if values.count >= 5 { rgb(values[2], values[3], values[4]) } else if values.count == 4 { rgb(values[1], values[2], values[3]) } else { nil }
        default: nil
        }
    }

    private static func indexed(_ n: Int?) -> TextColor? {
        let n = n ?? 0
        guard (0...255).contains(n) else { return nil }
        return .indexed(UInt8(n))
    }

    private static func rgb(_ r: Int?, _ g: Int?, _ b: Int?) -> TextColor? {
        let values = [r ?? 0, g ?? 0, b ?? 0]
        guard values.allSatisfy({ (0...255).contains($0) }) else { return nil }
        return .rgb(UInt8(values[0]), UInt8(values[1]), UInt8(values[2]))
    }
}
