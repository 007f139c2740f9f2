import CarouselText
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
    /// The slideshow's pause sign (`⏸ paused`).
    public var pause = "\u{23F8}"

    public static let unicode = Glyphs(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│",
        separator: "│", dotActive: "●", dotInactive: "○", ellipsis: "…", shadow: "░", backdrop: "░",
        ramp: Array(" .:-=+*#%@"), isASCII: false)

    public static let ascii = Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|",
        separator: "|", dotActive: "@", dotInactive: ".", ellipsis: "...", shadow: ":", backdrop: ".",
        ramp: Array(" .:-=+*#%@"), isASCII: true, pause: "||")

    /// The Linux console (`TERM=linux`): its fonts (console-setup's Lat15, Uni2, Terminus) have the
    /// box drawing, shades, `●` and `·`, but neither `○` nor `⏸`, which showed as a replacement
    /// glyph and a blank (helper-97).
    public static let console: Glyphs = {
        var glyphs = Glyphs.unicode
        glyphs.dotInactive = "·"
        glyphs.pause = "||"
        return glyphs
    }()

    /// In the ASCII look, a letter with marks is shown as its base letter ("é" as "e", "Ł" as "L"),
    /// typographic punctuation as its plain form (curly quotes, dashes, bullets), anything else
    /// outside 7-bit ASCII as `?` (one per column it would take).
    public func displayable(_ c: Character) -> Character {
        guard isASCII else { return c }
        return c.isASCII ? c : Glyphs.asciiFold(c)
    }

    /// The one ASCII character that best stands for a one-column character, or `?`.
    public static func asciiFold(_ c: Character) -> Character {
        guard let first = c.unicodeScalars.first else { return "?" }
        // A base letter followed by combining marks.
        if first.isASCII && first.value >= 0x20 && first.value < 0x7F { return Character(first) }
        if let plain = plainPunctuation[first.value] { return plain }
        // Box drawing (a table drawn with `┌─┬─┐`): its lines as `-`, `|` and `+`, as the carousel's own
        // frames are drawn (they were `?`: helper-22).
        if (0x2500...0x257F).contains(first.value) { return Glyphs.boxDrawingFold(first.value) }
        // A precomposed Latin letter: its name gives the base ("LATIN SMALL LETTER E WITH ACUTE").
        if let name = first.properties.name, name.hasPrefix("LATIN ") {
            let words = name.split(separator: " ")
            if words.count >= 4, words[2] == "LETTER", words[3].count == 1, let letter = words[3].first, letter.isASCII, letter.isLetter {
                if words[1] == "SMALL" { return Character(letter.lowercased()) }
                if words[1] == "CAPITAL" { return letter }
            }
        }
        return "?"
    }

    /// A box-drawing character's ASCII form: a horizontal line `-`, a vertical one `|`, a corner
    /// or a junction `+`, a diagonal `/` or `\`, a half line as the line it is part of.
    static func boxDrawingFold(_ value: UInt32) -> Character {
        switch value {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E:
            return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F:
            return "|"
        case 0x2571: return "/"
        case 0x2572: return "\\"
        case 0x2573: return "X"
        default: return "+"
        }
    }

    /// Punctuation and spaces with a plain ASCII form of the same width.
    static let plainPunctuation: [UInt32: Character] = [
        0x00A0: " ", 0x2002: " ", 0x2003: " ", 0x2009: " ", 0x202F: " ",
        0x2018: "'", 0x2019: "'", 0x201A: "'", 0x201B: "'", 0x2032: "'", 0x00B4: "'",
        0x201C: "\"", 0x201D: "\"", 0x201E: "\"", 0x201F: "\"", 0x2033: "\"", 0x00AB: "\"", 0x00BB: "\"",
        0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-", 0x2015: "-", 0x2212: "-",
        0x2022: "*", 0x00B7: ".", 0x2026: ".", 0x00D7: "x", 0x00F7: "/", 0x2044: "/",
        0x2039: "<", 0x203A: ">", 0x2190: "<", 0x2192: ">", 0x00A9: "c", 0x00AE: "r",
        // (Arrows up and down, as the ASCII look's own `^` and `v`; Turkish dotless and dotted i,
        // whose names say no base letter; helper-75 saw `?` beside `>` and in "gus?oc".)
        0x2191: "^", 0x2193: "v", 0x2264: "<", 0x2265: ">", 0x0131: "i", 0x0130: "I",
    ]

    /// The same for text taken from a deck (titles, subtitles).
    /// (`ß` as `ss`, `…` as `...`: spelled out where there is a usual spelling, see `ASCIISpelling`.)
    public func displayable(_ text: String) -> String {
        guard isASCII, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        return String((ASCIISpelling.spelled(text) ?? text).map { displayable($0) })
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
