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
    public static let strikethrough = Attributes(rawValue: 1 << 5)
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

    @inlinable
    init(foregroundBits: UInt32, backgroundBits: UInt32, attributes: Attributes) {
        self.foregroundBits = foregroundBits
        self.backgroundBits = backgroundBits
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
/// Plain data (no references), 16 bytes with every bit defined, so that clearing, copying and
/// comparing a screen of cells is as cheap as copying memory: the glyph is kept as up to three
/// Unicode scalars (a base character and up to two combining marks or selectors; the deck
/// sanitiser keeps clusters short) of 21 bits each in one word, the style (two colours of 26 bits,
/// see `Color.bits`, and the attributes) and the width in the other.
public struct Cell: Sendable, Hashable {
    /// scalar0 | scalar1 << 21 | scalar2 << 42 (0: no such scalar).
    @usableFromInline var glyphBits: UInt64
    /// foreground | background << 26 | attributes << 52 | width << 60.
    @usableFromInline var lookBits: UInt64

    @usableFromInline static let scalarMask: UInt64 = (1 << 21) - 1
    @usableFromInline static let colorMask: UInt64 = (1 << 26) - 1
    @usableFromInline static let styleMask: UInt64 = (1 << 60) - 1

    @inlinable
    static func look(_ style: CellStyle, width: UInt8) -> UInt64 {
        UInt64(style.foregroundBits) | UInt64(style.backgroundBits) << 26 | UInt64(style.attributes.rawValue) << 52 | UInt64(width & 0xF) << 60
    }

    /// The same for the glyph `glyph`: a blank keeps no foreground unless an attribute that shows
    /// on a blank is set (reverse, underline, strikethrough), so that blanks that look alike are
    /// alike, byte for byte: a space of a coloured line and one of the empty space around it are
    /// the same cell, and a frame that moves one over the other changes nothing there.
    @inlinable
    static func look(_ style: CellStyle, width: UInt8, glyph: UInt64) -> UInt64 {
        let bits = look(style, width: width)
        return glyph == 0x20 && bits & Cell.blankInkShows == 1 << 60 ? bits & ~Cell.colorMask : bits
    }

    /// The width and the attributes that show on a blank: a one-column space is a blank whose
    /// foreground cannot be seen when these bits of its look are exactly `1 << 60`.
    @usableFromInline static let blankInkShows: UInt64 = 0xF2C0_0000_0000_0000

    public init(_ glyph: Character, style: CellStyle = .plain, width: UInt8 = 1) {
        if let v = TerminalCluster.bmpScalar(glyph) {
            glyphBits = UInt64(v)
        } else if let ascii = glyph.asciiValue {
            glyphBits = UInt64(ascii)
        } else {
            var bits: UInt64 = 0
            // (A cluster of more scalars than a cell keeps is composed first: `a` and three accents
            // is `á` and two, all shown; helper-96 saw one of three dropped. What is still more,
            // a Hebrew letter with a dagesh, a dot and a vowel, loses its last.)
            if glyph.unicodeScalars.count > 3 {
                let composed = String(decoding: String(glyph)._nfcCodeUnits, as: UTF8.self)
                for (i, scalar) in composed.unicodeScalars.prefix(3).enumerated() { bits |= UInt64(scalar.value) << (21 * UInt64(i)) }
            } else {
                for (i, scalar) in glyph.unicodeScalars.enumerated() { bits |= UInt64(scalar.value) << (21 * UInt64(i)) }
            }
            glyphBits = bits
        }
        lookBits = Cell.look(style, width: width, glyph: glyphBits)
    }

    /// A glyph that is the one scalar `v` (with the columns it takes).
    init(scalar v: UInt32, style: CellStyle, width: UInt8) {
        glyphBits = UInt64(v)
        lookBits = Cell.look(style, width: width, glyph: glyphBits)
    }

    /// A printable ASCII glyph (0x20...0x7E), one column.
    @inlinable
    public init(ascii: UInt8, style: CellStyle = .plain) {
        glyphBits = UInt64(ascii)
        lookBits = Cell.look(style, width: 1, glyph: glyphBits)
    }

    /// A cell of these bits (see `glyphKey` and `look(_:width:glyph:)`), already worked out.
    @inlinable
    init(glyphBits: UInt64, lookBits: UInt64) {
        self.glyphBits = glyphBits
        self.lookBits = lookBits
    }

    public static let blank = Cell(" ")

    /// How the cell looks apart from its glyph.
    public var style: CellStyle {
        @inlinable get {
            CellStyle(foregroundBits: UInt32(truncatingIfNeeded: lookBits & Cell.colorMask),
                      backgroundBits: UInt32(truncatingIfNeeded: lookBits >> 26 & Cell.colorMask),
                      attributes: Attributes(rawValue: UInt8(truncatingIfNeeded: lookBits >> 52)))
        }
        @inlinable set { lookBits = Cell.look(newValue, width: width, glyph: glyphBits) }
    }

    /// 1 for an ordinary glyph, 2 for the first cell of a wide glyph, 0 for the cell a wide glyph covers.
    public var width: UInt8 {
        @inlinable get { UInt8(truncatingIfNeeded: lookBits >> 60) }
        @inlinable set { lookBits = lookBits & Cell.styleMask | UInt64(newValue & 0xF) << 60 }
    }

    /// Written out (and inlinable) because comparing cells is what diffing two screens does, once
    /// per cell per frame, across module boundaries.
    @inlinable
    public static func == (a: Cell, b: Cell) -> Bool {
        a.glyphBits == b.glyphBits && a.lookBits == b.lookBits
    }
    /// The style and the width as one word: two cells have the same style and width exactly when
    /// their words are equal (one comparison, for a writer passing over many cells).
    public var styleAndWidth: UInt64 { @inlinable get { lookBits } }
    public var isContinuation: Bool { width == 0 }
    /// A one-column space (whatever its style).
    public var isBlank: Bool { glyphBits == 0x20 && lookBits >> 60 == 1 }
    /// A blank that shows nothing of its own: no background colour, and none of the attributes
    /// that show on a blank (reverse, underline, strikethrough). One comparison of its bits.
    /// (The mask, a literal: the bits of the background, of those attributes and of the width;
    /// `CanvasTests` checks it against them.)
    @inlinable
    public var showsNothing: Bool { glyphBits == 0x20 && lookBits & 0xF2CF_FFFF_FC00_0000 == 1 << 60 }

    /// Calls `body` with each of the glyph's scalars, without building anything.
    @inlinable
    public func forEachScalar(_ body: (UInt32) -> Void) {
        body(firstScalar)
        if let second = secondScalar { body(second) }
        if let third = thirdScalar { body(third) }
    }

    /// The glyph's scalars as one word: first | second << 21 | third << 42 (0 where there is none).
    public var glyphKey: UInt64 { @inlinable get { glyphBits } }

    public var firstScalar: UInt32 { @inlinable get { UInt32(truncatingIfNeeded: glyphBits & Cell.scalarMask) } }
    public var secondScalar: UInt32? {
        @inlinable get { let v = UInt32(truncatingIfNeeded: glyphBits >> 21 & Cell.scalarMask); return v == 0 ? nil : v }
    }
    public var thirdScalar: UInt32? {
        @inlinable get { let v = UInt32(truncatingIfNeeded: glyphBits >> 42 & Cell.scalarMask); return v == 0 ? nil : v }
    }

    public var glyph: Character {
        if glyphBits < 0x80 { return Character(Unicode.Scalar(UInt8(glyphBits))) }
        // One scalar (a frame's lines, most letters): no string of scalars to build.
        if glyphBits <= Cell.scalarMask, let scalar = Unicode.Scalar(UInt32(glyphBits)) { return Character(scalar) }
        var view = String.UnicodeScalarView()
        forEachScalar { if let s = Unicode.Scalar($0) { view.append(s) } }
        return Character(String(view))
    }
}
