import CarouselCanvas
import CarouselCore

/// How many colours the terminal can show.
public enum ColorDepth: String, Sendable, CaseIterable {
    case none, eight = "8", sixteen = "16", palette256 = "256", truecolor

    /// Whether the environment says the terminal shows 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    public static func wantsTruecolor(_ environment: [String: String]) -> Bool {
        guard let value = environment["COLORTERM"]?.lowercased() else { return false }
        return value == "truecolor" || value == "24bit"
    }

    /// Whether the environment asks for no colour: `NO_COLOR` set and not empty (no-color.org). The
    /// one place it is read; `--color` given explicitly wins over it.
    public static func noColorRequested(_ environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Detects the depth from `NO_COLOR`, `COLORTERM` and the terminfo colour count.
    public static func detect(environment: [String: String], terminfoColors: Int) -> ColorDepth {
        if noColorRequested(environment) { return .none }
        if terminfoColors <= 0 { return .none }
        if terminfoColors >= 1 << 24 || (terminfoColors >= 256 && wantsTruecolor(environment)) { return .truecolor }
        if terminfoColors >= 256 { return .palette256 }
        if terminfoColors >= 16 { return .sixteen }
        return .eight
    }

    /// The depth to draw with: the one asked for (`--color`), whatever the terminal's entry says
    /// (a `TERM` of 8 colours or none on a terminal that shows 256, over ssh or in an old setup:
    /// the frames' colours are written by the program, not through the entry; helper-19 found
    /// `--color 256` drew no colour at all under `TERM=vt100`), else the one detected.
    public static func resolved(asked: ColorDepth?, environment: [String: String], terminfoColors: Int) -> ColorDepth {
        asked ?? detect(environment: environment, terminfoColors: terminfoColors)
    }
}

/// Maps 24-bit colours onto the terminal's palette: the xterm 256-colour cube and grey ramp, or
/// the 16 / 8 ANSI colours by nearest match.
public enum ColorPalette {
    /// The six values of each channel in xterm's 6x6x6 colour cube (entries 16-231).
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The standard xterm values of the 16 ANSI colours.
    static let ansi: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        // Weighted toward green, as the eye is.
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// The ANSI colour an accent reads as. Saturated colours keep their hue (a soft red stays red,
    /// where plain RGB distance would call it magenta); greys go by lightness. With 16 colours,
    /// light colours take the bright variant.
    static func nearest(_ color: RGB, among count: Int, background: Bool = false) -> Int {
        let r = Double(color.r), g = Double(color.g), b = Double(color.b)
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2 / 255
        if high == 0 || (high - low) / high < 0.25 || high < 48 {
            // Eight colours have no grey. Text in a grey not nearly black is white (7), or the muted
            // grey of hints ("… 2 more") and faded cards came out black, unseen on a dark
            // background; a grey background is white only when light (a mid grey behind white
            // text, an `--ansi` code block's, would hide it).
            if count < 16 { return lightness >= (background ? 0.55 : 0.2) ? 7 : 0 }
            switch lightness {
            case ..<0.2: return 0
            case ..<0.45: return 8
            case ..<0.8: return 7
            default: return 15
            }
        }
        var hue: Double
        if high == r {
            hue = 60 * ((g - b) / (high - low))
        } else if high == g {
            hue = 60 * ((b - r) / (high - low)) + 120
        } else {
            hue = 60 * ((r - g) / (high - low)) + 240
        }
        if hue < 0 { hue += 360 }
        // ANSI hues: red 0, yellow 60, green 120, cyan 180, blue 240, magenta 300.
        let sector = Int(((hue + 30) / 60).rounded(.down)) % 6
        let base = [1, 3, 2, 6, 4, 5][sector]
        return count >= 16 && lightness > 0.6 ? base + 8 : base
    }

    /// What a palette entry chosen for a picture is sent as at `depth`: itself when the terminal
    /// has it, else its colour mapped as any colour is (nil for `.none`).
    public static func index(forIndexed entry: UInt8, depth: ColorDepth, background: Bool = false) -> Int? {
        let i = Int(entry)
        switch depth {
        case .none: return nil
        case .eight where i < 8, .sixteen where i < 16, .palette256: return i
        default: return index(for: rgb(ofEntry: entry), depth: depth, background: background)
        }
    }

    /// The xterm colour of palette entry `entry` (the 16 ANSI colours, the 6x6x6 cube, the greys).
    public static func rgb(ofEntry entry: UInt8) -> RGB {
        let i = Int(entry)
        if i < 16 { return ansi[i] }
        if i >= 232 {
            let v = UInt8(8 + 10 * (i - 232))
            return RGB(v, v, v)
        }
        let c = i - 16
        let levels = cubeLevels
        return RGB(UInt8(levels[c / 36]), UInt8(levels[(c / 6) % 6]), UInt8(levels[c % 6]))
    }

    /// The palette index for `color` at `depth` (nil for `.none`; the colour value itself for truecolor).
    /// `background`: the colour is a cell's background (at 8 colours, greys go otherwise).
    public static func index(for color: RGB, depth: ColorDepth, background: Bool = false) -> Int? {
        switch depth {
        case .none: return nil
        case .eight: return nearest(color, among: 8, background: background)
        case .sixteen: return nearest(color, among: 16)
        case .truecolor: return Int(color.r) << 16 | Int(color.g) << 8 | Int(color.b)
        case .palette256:
            let levels = cubeLevels
            func level(_ v: UInt8) -> Int {
                var best = 0
                for i in 1..<6 where abs(levels[i] - Int(v)) < abs(levels[best] - Int(v)) { best = i }
                return best
            }
            let r = level(color.r), g = level(color.g), b = level(color.b)
            let cube = RGB(UInt8(levels[r]), UInt8(levels[g]), UInt8(levels[b]))
            let cubeIndex = 16 + 36 * r + 6 * g + b
            let average = (Int(color.r) + Int(color.g) + Int(color.b)) / 3
            let greyStep = clamp((average - 8 + 5) / 10, 0...23)
            let greyValue = UInt8(8 + 10 * greyStep)
            let grey = RGB(greyValue, greyValue, greyValue)
            return distance(color, grey) < distance(color, cube) ? 232 + greyStep : cubeIndex
        }
    }
}
