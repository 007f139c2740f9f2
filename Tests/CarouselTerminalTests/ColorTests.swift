import CarouselCanvas
import CarouselCore
@testable import CarouselTerminal
import Testing

@Suite struct ColorDepthTests {
    @Test func noColorWinsWhenSetAndNotEmpty() {
        #expect(ColorDepth.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], terminfoColors: 256) == ColorDepth.none)
        #expect(ColorDepth.detect(environment: ["NO_COLOR": ""], terminfoColors: 256) == .palette256)
    }

    @Test func truecolorFromCOLORTERMOrADirectColourTerminal() {
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"], terminfoColors: 256) == .truecolor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit"], terminfoColors: 256) == .truecolor)
        #expect(ColorDepth.detect(environment: [:], terminfoColors: 1 << 24) == .truecolor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"], terminfoColors: 8) == .eight, "a terminal with 8 colours cannot show more")
    }

    @Test func theTerminfoCountOtherwise() {
        #expect(ColorDepth.detect(environment: [:], terminfoColors: 256) == .palette256)
        #expect(ColorDepth.detect(environment: [:], terminfoColors: 88) == .sixteen)
        #expect(ColorDepth.detect(environment: [:], terminfoColors: 16) == .sixteen)
        #expect(ColorDepth.detect(environment: [:], terminfoColors: 8) == .eight)
        #expect(ColorDepth.detect(environment: [:], terminfoColors: 0) == ColorDepth.none)
    }
}

@Suite struct ColorPaletteTests {
    @Test func the256ColourCubeAndGreyRamp() {
        #expect(ColorPalette.index(for: RGB(255, 0, 0), depth: .palette256) == 196)
        #expect(ColorPalette.index(for: RGB(0, 0, 0), depth: .palette256) == 16)
        #expect(ColorPalette.index(for: RGB(95, 135, 175), depth: .palette256) == 16 + 36 * 1 + 6 * 2 + 3)
        #expect(ColorPalette.index(for: RGB(128, 128, 128), depth: .palette256) == 244, "greys use the grey ramp")
    }

    @Test func sixteenAndEightColoursPickTheNearestAnsiColour() {
        #expect(ColorPalette.index(for: RGB(224, 108, 117), depth: .eight) == 1, "a soft red is red")
        #expect(ColorPalette.index(for: RGB(250, 250, 250), depth: .sixteen) == 15)
        #expect(ColorPalette.index(for: RGB(250, 250, 250), depth: .eight) == 7)
        #expect(ColorPalette.index(for: RGB(20, 20, 200), depth: .eight) == 4)
        #expect(ColorPalette.index(for: RGB(100, 100, 100), depth: .sixteen) == 8, "a mid grey is bright black")
        // Eight colours have no grey: a grey that is not nearly black is white (the theme's muted
        // grey of "… 2 more" was sent as black, unseen on a dark terminal).
        #expect(ColorPalette.index(for: RGB(128, 128, 140), depth: .eight) == 7)
        #expect(ColorPalette.index(for: RGB(100, 100, 100), depth: .eight) == 7)
        #expect(ColorPalette.index(for: RGB(30, 30, 34), depth: .eight) == 0, "nearly black stays black")
        // A grey background is white only when light: a mid grey behind white text would hide it.
        #expect(ColorPalette.index(for: RGB(127, 127, 127), depth: .eight, background: true) == 0)
        #expect(ColorPalette.index(forIndexed: 8, depth: .eight, background: true) == 0, "SGR 100, from --ansi text")
        #expect(ColorPalette.index(for: RGB(200, 200, 200), depth: .eight, background: true) == 7)
        #expect(ColorPalette.index(for: RGB(110, 230, 120), depth: .sixteen) == 10, "a light green is bright green")
        #expect(ColorPalette.index(for: RGB(230, 200, 60), depth: .eight) == 3)
        #expect(ColorPalette.index(for: RGB(200, 100, 220), depth: .eight) == 5)
    }

    @Test func truecolorIsTheColourItself() {
        #expect(ColorPalette.index(for: RGB(0xE0, 0x6C, 0x75), depth: .truecolor) == 0xE06C75)
        #expect(ColorPalette.index(for: RGB(1, 2, 3), depth: ColorDepth.none) == nil)
    }

    /// `--color` forces the depth, whatever the terminal's entry says and over NO_COLOR (it was
    /// stepped down to the entry's: no colour at all under `TERM=vt100`, helper-19); detected, it
    /// is the entry's.
    @Test func anAskedDepthIsForcedADetectedOneIsTheTerminals() {
        #expect(ColorDepth.resolved(asked: .truecolor, environment: [:], terminfoColors: 256) == .truecolor)
        #expect(ColorDepth.resolved(asked: .palette256, environment: [:], terminfoColors: 8) == .palette256)
        #expect(ColorDepth.resolved(asked: .sixteen, environment: [:], terminfoColors: 0) == .sixteen)
        #expect(ColorDepth.resolved(asked: .palette256, environment: ["NO_COLOR": "1"], terminfoColors: 256) == .palette256)
        #expect(ColorDepth.resolved(asked: ColorDepth.none, environment: [:], terminfoColors: 256) == ColorDepth.none)
        #expect(ColorDepth.resolved(asked: nil, environment: ["NO_COLOR": "1"], terminfoColors: 256) == ColorDepth.none)
        #expect(ColorDepth.resolved(asked: nil, environment: [:], terminfoColors: 0) == ColorDepth.none)
        #expect(ColorDepth.resolved(asked: nil, environment: [:], terminfoColors: 8) == .eight)
        #expect(ColorDepth.resolved(asked: nil, environment: ["COLORTERM": "truecolor"], terminfoColors: 256) == .truecolor)
    }
}

/// Which terminfo entry starts the terminal when this machine has none for TERM.
@Suite struct TerminfoStandInTests {
    /// This machine's terminfo, as the tests pretend it is: Debian's, without kitty's or foot's entries.
    static let debian: Set<String> = ["xterm", "xterm-256color", "tmux-256color", "screen", "dumb", "linux"]

    @Test func anXtermLikeTerminalWithoutAnEntryIsDrawnAsXterm256color() {
        for term in ["xterm-kitty", "xterm-ghostty", "foot", "foot-extra", "wezterm", "ghostty", "Alacritty"] {
            #expect(TerminalScreen.terminfoName(for: term, known: TerminfoStandInTests.debian.contains) == "xterm-256color", "\(term)")
        }
    }

    @Test func anEntryThisMachineHasIsUsedAsItIs() {
        for term in ["xterm", "tmux-256color", "dumb", "linux"] {
            #expect(TerminalScreen.terminfoName(for: term, known: TerminfoStandInTests.debian.contains) == term)
        }
        #expect(TerminalScreen.terminfoName(for: "xterm-kitty", known: { _ in true }) == "xterm-kitty")
    }

    /// A name that says nothing of what the terminal speaks is not guessed at (a vt52 would be
    /// drawn in sequences it cannot read), nor is there a stand-in where xterm's entries are missing too.
    @Test func otherUnknownNamesStayUnknown() {
        for term in ["nosuch", "vt52x", "kittyish", ""] {
            #expect(TerminalScreen.terminfoName(for: term, known: TerminfoStandInTests.debian.contains) == term, "\(term)")
        }
        #expect(TerminalScreen.terminfoName(for: "xterm-kitty", known: { $0 == "xterm" }) == "xterm")
        #expect(TerminalScreen.terminfoName(for: "foot", known: { _ in false }) == "foot")
    }
}
