/// A colour a span asks for: an entry of the terminal's 256-colour palette (0-15 are the 16 ANSI
/// colours, as `ESC[31m` or `ESC[38;5;n m` name them) or a 24-bit colour (`ESC[38;2;r;g;b m`).
///
/// Palette entries are kept as indices, so a 16-colour terminal can draw them as the user's own
/// theme colours; `rgb` gives the standard xterm value for renderers that work in 24-bit.
public enum TextColor: Hashable, Sendable {
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// The 24-bit value: the colour itself, or xterm's default value of the palette entry.
    public var rgb: (r: UInt8, g: UInt8, b: UInt8) {
        switch self {
        case let .rgb(r, g, b): return (r, g, b)
        case let .indexed(index): return Self.xterm(index)
        }
    }

    /// xterm's default 16 colours (the same values as the main renderer's ANSI table).
    private static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// xterm's 256-colour palette: 16 ANSI colours, a 6x6x6 cube, then 24 greys.
    private static func xterm(_ index: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = Int(index)
        if i < 16 { return ansi[i] }
        if i < 232 {
            let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
            let cube = i - 16
            return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
        }
        let grey = UInt8(8 + 10 * (i - 232))
        return (grey, grey, grey)
    }
}
