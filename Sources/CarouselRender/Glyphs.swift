/// The characters the renderer draws its own shapes with: Unicode box drawing and shades in a
/// UTF-8 locale, 7-bit ASCII otherwise (`--ascii`).
public struct Glyphs: Sendable, Hashable {
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character
    public var horizontal: Character
    public var vertical: Character
    public var separator: Character
    public var dotActive: Character
    public var dotInactive: Character
    public var ellipsis: String
    public var shadow: Character
    public var backdrop: Character
    /// Density ramp from empty to full ink, used when blurring art and thinning faded cards.
    public var ramp: [Character]
    public var isASCII: Bool

    public static let unicode = Glyphs(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│",
        separator: "│", dotActive: "●", dotInactive: "○", ellipsis: "…", shadow: "░", backdrop: "░",
        ramp: Array(" .:-=+*#%@"), isASCII: false)

    public static let ascii = Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|",
        separator: "|", dotActive: "@", dotInactive: ".", ellipsis: "...", shadow: ":", backdrop: ".",
        ramp: Array(" .:-=+*#%@"), isASCII: true)

    /// In the ASCII look, anything outside 7-bit ASCII is shown as `?` (one per column it would take).
    public func displayable(_ c: Character) -> Character {
        guard isASCII else { return c }
        return c.isASCII ? c : "?"
    }

    /// The same for text taken from a deck (titles, subtitles).
    public func displayable(_ text: String) -> String {
        guard isASCII, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        return String(text.map { displayable($0) })
    }
}

/// How the screen is drawn: glyphs and whether colour is used.
public struct Theme: Sendable, Hashable {
    public var glyphs: Glyphs
    public var usesColor: Bool
    /// What faded colours blend toward (an assumption about the terminal's background: dark).
    public var background: RGB
    /// The colour of plain text (art) when it must be blended.
    public var foreground: RGB
    /// Text cards: code, quotes, and furniture (list markers, quote bars, "… 3 more lines").
    public var code: RGB
    public var quote: RGB
    public var muted: RGB

    public init(glyphs: Glyphs = .unicode, usesColor: Bool = true) {
        self.glyphs = glyphs
        self.usesColor = usesColor
        background = RGB(16, 16, 20)
        foreground = RGB(220, 220, 220)
        code = RGB(152, 195, 121)
        quote = RGB(180, 180, 190)
        muted = RGB(128, 128, 140)
    }
}

import CarouselCanvas
import CarouselCore
