/// A terminal colour as the renderer sees it: the terminal's own default, a 24-bit colour that
/// the terminal layer maps down to the depth it has, or an entry of the terminal's palette chosen
/// by the one who drew the cell (a picture converted at the terminal's depth), sent as it is.
public enum Color: Sendable, Hashable {
    case `default`
    case rgb(RGB)
    /// Palette entry 0-255; only drawn at the depth it was chosen for (0-7, 0-15 or 16-255).
    case indexed(UInt8)

    @inlinable
    public static func == (a: Color, b: Color) -> Bool {
        switch (a, b) {
        case (.default, .default): true
        case (.rgb(let x), .rgb(let y)): x.r == y.r && x.g == y.g && x.b == y.b
        case (.indexed(let x), .indexed(let y)): x == y
        default: false
        }
    }
}

/// Text attributes of a cell.
public struct Attributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
}

/// How a cell looks apart from its glyph.
///
/// The colours are kept as one word each (see `Color.bits`), every bit of them defined: comparing
/// two styles, which diffing two screens does for every changed cell, compares two words and a byte.
public struct CellStyle: Sendable, Hashable {
    @usableFromInline var foregroundBits: UInt32
    @usableFromInline var backgroundBits: UInt32
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        foregroundBits = foreground.bits
        backgroundBits = background.bits
        self.attributes = attributes
    }

    public var foreground: Color {
        get { Color(bits: foregroundBits) }
        set { foregroundBits = newValue.bits }
    }

    public var background: Color {
        get { Color(bits: backgroundBits) }
        set { backgroundBits = newValue.bits }
    }

    public static let plain = CellStyle()

    /// Whether the two have the same background (one word compared).
    @inlinable
    public func hasBackground(of other: CellStyle) -> Bool { backgroundBits == other.backgroundBits }

    @inlinable
    public static func == (a: CellStyle, b: CellStyle) -> Bool {
        a.foregroundBits == b.foregroundBits && a.backgroundBits == b.backgroundBits && a.attributes.rawValue == b.attributes.rawValue
    }
}

extension Color {
    /// The colour as one word: 0 the default, 1 << 24 | rgb a 24-bit colour, 2 << 24 | n palette entry n.
    @usableFromInline var bits: UInt32 {
        switch self {
        case .default: 0
        case .rgb(let c): 1 << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        case .indexed(let n): 2 << 24 | UInt32(n)
        }
    }

    @usableFromInline init(bits: UInt32) {
        switch bits >> 24 {
        case 1: self = .rgb(RGB(UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits)))
        case 2: self = .indexed(UInt8(truncatingIfNeeded: bits))
        default: self = .default
        }
    }
}

/// One character cell. A wide glyph occupies its cell and a continuation cell to its right.
///
/// Plain data (no references), so that clearing, copying and comparing a screen of cells is as
/// cheap as copying memory: the glyph is kept as up to three Unicode scalars (a base character and
/// up to two combining marks or selectors; the deck sanitiser keeps clusters short).
public struct Cell: Sendable, Hashable {
    @usableFromInline var scalar0: UInt32
    @usableFromInline var scalar1: UInt32
    @usableFromInline var scalar2: UInt32
    public var style: CellStyle
    /// 1 for an ordinary glyph, 2 for the first cell of a wide glyph, 0 for the cell a wide glyph covers.
    public var width: UInt8

    public init(_ glyph: Character, style: CellStyle = .plain, width: UInt8 = 1) {
        if let v = TerminalCluster.bmpScalar(glyph) {
            scalar0 = v
            scalar1 = 0
            scalar2 = 0
        } else if let ascii = glyph.asciiValue {
            scalar0 = UInt32(ascii)
            scalar1 = 0
            scalar2 = 0
        } else {
            var parts: (UInt32, UInt32, UInt32) = (0, 0, 0)
            for (i, scalar) in glyph.unicodeScalars.prefix(3).enumerated() {
                switch i {
                case 0: parts.0 = scalar.value
                case 1: parts.1 = scalar.value
                default: parts.2 = scalar.value
                }
            }
            (scalar0, scalar1, scalar2) = parts
        }
        self.style = style
        self.width = width
    }

    /// A glyph that is the one scalar `v` (with the columns it takes).
    init(scalar v: UInt32, style: CellStyle, width: UInt8) {
        scalar0 = v
        scalar1 = 0
        scalar2 = 0
        self.style = style
        self.width = width
    }

    /// A printable ASCII glyph (0x20...0x7E), one column.
    @inlinable
    public init(ascii: UInt8, style: CellStyle = .plain) {
        scalar0 = UInt32(ascii)
        scalar1 = 0
        scalar2 = 0
        self.style = style
        width = 1
    }

    public static let blank = Cell(" ")

    /// Written out (and inlinable) because comparing cells is what diffing two screens does, once
    /// per cell per frame, across module boundaries.
    @inlinable
    public static func == (a: Cell, b: Cell) -> Bool {
        a.scalar0 == b.scalar0 && a.scalar1 == b.scalar1 && a.scalar2 == b.scalar2 && a.width == b.width && a.style == b.style
    }
    public var isContinuation: Bool { width == 0 }
    /// A one-column space (whatever its style).
    public var isBlank: Bool { scalar0 == 0x20 && scalar1 == 0 && width == 1 }

    /// Calls `body` with each of the glyph's scalars, without building anything.
    @inlinable
    public func forEachScalar(_ body: (UInt32) -> Void) {
        body(firstScalar)
        if let second = secondScalar { body(second) }
        if let third = thirdScalar { body(third) }
    }

    public var firstScalar: UInt32 { scalar0 }
    public var secondScalar: UInt32? { scalar1 == 0 ? nil : scalar1 }
    public var thirdScalar: UInt32? { scalar2 == 0 ? nil : scalar2 }

    public var glyph: Character {
        if scalar1 == 0, scalar0 < 0x80 { return Character(Unicode.Scalar(UInt8(scalar0))) }
        var view = String.UnicodeScalarView()
        forEachScalar { if let s = Unicode.Scalar($0) { view.append(s) } }
        return Character(String(view))
    }
}
