import CarouselCore

/// A terminal colour as the renderer sees it: the terminal's own default, or a 24-bit colour that
/// the terminal layer maps down to the depth it has.
public enum Color: Sendable, Hashable {
    case `default`
    case rgb(RGB)
}

/// Text attributes of a cell.
public struct Attributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
}

/// How a cell looks apart from its glyph.
public struct CellStyle: Sendable, Hashable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = CellStyle()
}

/// One character cell. A wide glyph occupies its cell and a continuation cell to its right.
public struct Cell: Sendable, Hashable {
    public var glyph: Character
    public var style: CellStyle
    /// 1 for an ordinary glyph, 2 for the first cell of a wide glyph, 0 for the cell a wide glyph covers.
    public var width: UInt8

    public init(_ glyph: Character, style: CellStyle = .plain, width: UInt8 = 1) {
        self.glyph = glyph
        self.style = style
        self.width = width
    }

    public static let blank = Cell(" ")
    public var isContinuation: Bool { width == 0 }
}
