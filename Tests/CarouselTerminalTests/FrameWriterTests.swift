import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender
@testable import CarouselTerminal
import CarouselTestSupport
import Testing

/// The frame writer, checked by replaying what it writes in `VirtualTerminal` and comparing the
/// screen with the canvas, and by what it writes for small, known changes.
@Suite struct FrameWriterTests {
    /// Writes `canvas` and replays it; returns the bytes.
    @discardableResult
    static func show(_ canvas: Canvas, with writer: inout FrameWriter, on terminal: inout VirtualTerminal,
                     cursor: (x: Int, y: Int)? = nil) throws -> [UInt8] {
        var frame = canvas
        writer.write(&frame, cursor: cursor)
        try terminal.feed(writer.bytes)
        return writer.bytes
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Known changes

    @Test func theAttributesVisibleOnABlankAreReverseAndUnderline() {
        #expect(Look.visibleOnBlank == Attributes.reverse.rawValue | Attributes.underline.rawValue | Attributes.strikethrough.rawValue)
    }

    /// What the writer keeps of a cell, in 16 bytes: colour codes of every depth at their
    /// extremes, the attributes, the widths and the glyph's three scalars come back as they went in,
    /// and no colour code is the blank's "any ink".
    @Test func aLookKeepsEveryField() {
        let codes: [UInt32] = [0, 1 << 24, 1 << 24 | 255, 2 << 24, 2 << 24 | 0xFF_FFFF]
        for fg in codes {
            for bg in codes {
                for width in [0, 1, 2, Look.damaged] {
                    var look = Look(s0: 0x1F9D1, s1: 0x200D, s2: 0x10FFFD, fg: fg, bg: bg, attributes: 0b11_1111, width: width)
                    #expect(look.s0 == 0x1F9D1 && look.s1 == 0x200D && look.s2 == 0x10FFFD)
                    #expect(look.fg == fg && look.bg == bg && look.attributes == 0b11_1111 && look.width == width)
                    look.bg = 0
                    #expect(look.fg == fg && look.bg == 0 && look.width == width)
                    #expect(fg != Look.anyInk)
                }
            }
        }
    }

    @Test func firstFrameClearsAndDrawsOnlyWhatIsNotBlank() throws {
        var canvas = Canvas(width: 20, height: 3)
        canvas.text("hi", x: 3, y: 1)
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 20, height: 3)
        let bytes = try Self.show(canvas, with: &writer, on: &terminal)
        // Down a row by a line feed, then along it: shorter than `CSI 2;4 H`.
        #expect(Self.text(bytes) == "\u{1B}[m\u{1B}[H\u{1B}[2J\n\u{1B}[3Chi")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
        // A terminal whose line feed is not declared to move down only (or a tty adding a carriage
        // return) gets no line feed.
        var plain = FrameWriter(features: TerminalFeatures(depth: .palette256))
        var other = VirtualTerminal(width: 20, height: 3)
        #expect(Self.text(try Self.show(canvas, with: &plain, on: &other)) == "\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[2;4Hhi")
    }

    /// Line feeds go down while they are shorter than `CSI n B`: one to three rows, not four.
    @Test func lineFeedsMoveDownAFewRows() throws {
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 20, height: 8)
        var canvas = Canvas(width: 20, height: 8)
        canvas.text("a", x: 5, y: 0)
        _ = try Self.show(canvas, with: &writer, on: &terminal)
        var next = Canvas(width: 20, height: 8)
        next.text("a", x: 5, y: 0)
        next.text("b", x: 6, y: 3)
        next.text("c", x: 7, y: 7)
        let bytes = try Self.show(next, with: &writer, on: &terminal)
        #expect(Self.text(bytes) == "\n\n\nb\u{1B}[4Bc", "\(Array(Self.text(bytes).unicodeScalars))")
        #expect(terminal.differences(from: next, features: writer.features).isEmpty)
    }

    /// The frame's bytes live in a buffer the writer reuses: a frame far larger than it grows it,
    /// and a copy of a writer writes its frames into a buffer of its own.
    @Test func framesOfAnySizeAndCopiedWritersKeepTheirOwnBytes() throws {
        var canvas = Canvas(width: 200, height: 60)
        for y in 0..<60 {
            for x in 0..<200 {
                // A new colour and a three-byte glyph in every cell: about 20 bytes a cell.
                canvas.put("█", x: x, y: y, style: CellStyle(foreground: .rgb(RGB(UInt8(x), UInt8(y * 4), UInt8((x * y) % 256)))))
            }
        }
        var writer = FrameWriter(features: .xterm(depth: .truecolor))
        var terminal = VirtualTerminal(width: 200, height: 60)
        let bytes = try Self.show(canvas, with: &writer, on: &terminal)
        #expect(bytes.count > 1 << 17 && writer.byteCount == bytes.count)
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)

        var small = Canvas(width: 20, height: 2)
        small.text("first", x: 0, y: 0)
        var original = FrameWriter(features: .xterm())
        var originalTerminal = VirtualTerminal(width: 20, height: 2)
        try Self.show(small, with: &original, on: &originalTerminal)
        var copy = original
        var copyTerminal = originalTerminal
        small.text("second", x: 0, y: 1)
        let fromCopy = try Self.show(small, with: &copy, on: &copyTerminal)
        #expect(original.byteCount == Self.text(original.bytes).utf8.count)
        #expect(Self.text(original.bytes).hasSuffix("first"), "the original still holds its own last frame")
        #expect(Self.text(fromCopy).hasSuffix("second"))
        #expect(copyTerminal.differences(from: small, features: copy.features).isEmpty)
    }

    @Test func anUnchangedFrameWritesNothing() throws {
        var canvas = Canvas(width: 30, height: 4)
        canvas.text("unchanged", x: 2, y: 2, style: CellStyle(foreground: .rgb(RGB(200, 40, 40))))
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 30, height: 4)
        try Self.show(canvas, with: &writer, on: &terminal)
        #expect(try Self.show(canvas, with: &writer, on: &terminal).isEmpty)
    }

    @Test func oneChangedCellIsAMoveAndAGlyph() throws {
        var canvas = Canvas(width: 30, height: 4)
        canvas.text("abcdef", x: 2, y: 2)
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 30, height: 4)
        try Self.show(canvas, with: &writer, on: &terminal)
        canvas.text("X", x: 5, y: 2)
        let bytes = try Self.show(canvas, with: &writer, on: &terminal)
        // The cursor was left after "abcdef" on the same row: three columns back (three backspaces)
        // is shorter than CUP.
        #expect(Self.text(bytes) == "\u{8}\u{8}\u{8}X")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    @Test func aColourChangeThatTheDepthCannotShowWritesNothing() throws {
        // Two reds that the 256-colour palette shows as the same entry.
        var canvas = Canvas(width: 10, height: 1)
        canvas.text("red", x: 0, y: 0, style: CellStyle(foreground: .rgb(RGB(255, 0, 0))))
        var writer = FrameWriter(features: .xterm(depth: .palette256))
        var terminal = VirtualTerminal(width: 10, height: 1)
        try Self.show(canvas, with: &writer, on: &terminal)
        canvas.text("red", x: 0, y: 0, style: CellStyle(foreground: .rgb(RGB(250, 2, 3))))
        #expect(try Self.show(canvas, with: &writer, on: &terminal).isEmpty)
    }

    @Test func aBlanksInkIsNeverSent() throws {
        // Spaces between coloured glyphs keep the pen: no reset and set again around each one.
        var canvas = Canvas(width: 12, height: 1)
        let red = CellStyle(foreground: .indexed(1))
        canvas.text("a b c", x: 0, y: 0, style: red)
        canvas.put(" ", x: 1, y: 0)  // plain style
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 12, height: 1)
        let bytes = try Self.show(canvas, with: &writer, on: &terminal)
        #expect(Self.text(bytes).hasSuffix("\u{1B}[31ma b c"))
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    /// The SGR sequences in `bytes`.
    static func sgrs(_ bytes: [UInt8]) -> [String] {
        let text = Self.text(bytes)
        return text.matches(of: /\x1B\[[0-9;]*m/).map { String(text[$0.range]) }
    }

    @Test func overlappingCardsAreWrittenOneInkAtATime() throws {
        // Two cards side by side over ten rows, each in its own colour, moving one column: row by
        // row the pen would change twice a row; grouped by ink it changes once per ink.
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 40, height: 12)
        let red = CellStyle(foreground: .indexed(160)), blue = CellStyle(foreground: .indexed(27))
        for shift in 0..<3 {
            var canvas = Canvas(width: 40, height: 12)
            for y in 1...10 {
                canvas.text("#" + String(repeating: "r", count: 10) + "#", x: 2 + shift, y: y, style: red)
                canvas.text("@" + String(repeating: "b", count: 10) + "@", x: 16 + shift, y: y, style: blue)
            }
            let bytes = try Self.show(canvas, with: &writer, on: &terminal)
            #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
            let colours = Self.sgrs(bytes).filter { $0.contains("38;5;") }
            #expect(colours.count <= 2, "\(colours.count) colour changes: \(Self.text(bytes).debugDescription)")
        }
    }

    @Test func aRowWithAWideGlyphIsWrittenInOrderAmongGroupedRows() throws {
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 20, height: 4)
        let green = CellStyle(foreground: .indexed(34)), grey = CellStyle(foreground: .indexed(244))
        var canvas = Canvas(width: 20, height: 4)
        for y in 0..<4 { canvas.text("gggg", x: 1, y: y, style: green); canvas.text("eeee", x: 8, y: y, style: grey) }
        try Self.show(canvas, with: &writer, on: &terminal)
        canvas.text("漢字a", x: 2, y: 1, style: grey)
        canvas.text("xy", x: 3, y: 2, style: green)
        canvas.text("漢", x: 9, y: 3, style: green)
        canvas.text("zz", x: 12, y: 0, style: grey)
        try Self.show(canvas, with: &writer, on: &terminal)
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
        canvas.text("ab", x: 2, y: 1, style: green)  // over the first wide glyph: its second half goes blank
        canvas.text("qq", x: 9, y: 3, style: grey)
        try Self.show(canvas, with: &writer, on: &terminal)
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    @Test func aRunOfOneCharacterIsRepeatedWhereTheTerminalCan() throws {
        var canvas = Canvas(width: 40, height: 2)
        canvas.text(String(repeating: "─", count: 20), x: 5, y: 0)
        var xterm = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 40, height: 2)
        let bytes = try Self.show(canvas, with: &xterm, on: &terminal)
        // From the top-left corner after the clear, five columns right is the shortest move.
        #expect(Self.text(bytes).hasSuffix("\u{1B}[5C─\u{1B}[19b"))
        #expect(terminal.differences(from: canvas, features: xterm.features).isEmpty)

        var tmux = FrameWriter(features: .tmux())
        var other = VirtualTerminal(width: 40, height: 2, erasesWithBackground: false)
        let spelled = try Self.show(canvas, with: &tmux, on: &other)
        #expect(!Self.text(spelled).contains("b"), "tmux-256color declares no rep")
        #expect(other.differences(from: canvas, features: tmux.features).isEmpty)

        // Inside tmux or screen with an xterm TERM (helper-31's garbled screen): no rep either,
        // the rest of what xterm declares kept.
        let inside = TerminalFeatures.xterm().reached(throughMultiplexer: true, maybe: false)
        #expect(!inside.repeatsCharacters && inside.erasesCharacters && inside.shiftsCharacters)
        #expect(TerminalFeatures.xterm().reached(throughMultiplexer: false, maybe: false) == .xterm())
        var muxed = FrameWriter(features: inside)
        var third = VirtualTerminal(width: 40, height: 2)
        let written = try Self.show(canvas, with: &muxed, on: &third)
        #expect(!Self.text(written).contains("b") && Self.text(written).contains(String(repeating: "─", count: 20)))

        // Where one may be without the program knowing (over ssh, under sudo: helper-53's borders
        // collapsed in tmux 3.3 with `TMUX` unset), only ASCII is repeated, which tmux does.
        let maybe = TerminalFeatures.xterm().reached(throughMultiplexer: false, maybe: true)
        canvas.text(String(repeating: "=", count: 20), x: 5, y: 1)
        var careful = FrameWriter(features: maybe)
        var fourth = VirtualTerminal(width: 40, height: 2)
        let sent = Self.text(try Self.show(canvas, with: &careful, on: &fourth))
        #expect(sent.contains(String(repeating: "─", count: 20)) && sent.contains("=\u{1B}[19b"), "\(sent)")
        #expect(fourth.differences(from: canvas, features: maybe).isEmpty)
    }

    /// What the environment says of a multiplexer between the program and the terminal.
    @Test func theEnvironmentSaysWhetherAMultiplexerIsOrMayBeThere() {
        #expect(TerminalFeatures.multiplexer(in: ["TERM": "xterm-256color"]) == (false, false))
        #expect(TerminalFeatures.multiplexer(in: ["TMUX": "/tmp/tmux-0/default,1,0"]) == (true, false))
        #expect(TerminalFeatures.multiplexer(in: ["STY": "1.pts-0"]) == (true, false))
        #expect(TerminalFeatures.multiplexer(in: ["TERM_PROGRAM": "tmux"]) == (true, false))
        #expect(TerminalFeatures.multiplexer(in: ["TERM_PROGRAM": "vscode"]) == (false, false))
        #expect(TerminalFeatures.multiplexer(in: ["SSH_CONNECTION": "10.0.0.1 5 10.0.0.2 22"]) == (false, true))
        #expect(TerminalFeatures.multiplexer(in: ["SUDO_USER": "ann"]) == (false, true))
    }

    @Test func theEndOfARowIsErased() throws {
        var canvas = Canvas(width: 40, height: 2)
        canvas.text(String(repeating: "x", count: 30), x: 5, y: 1)
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 40, height: 2)
        try Self.show(canvas, with: &writer, on: &terminal)
        canvas.fill(CellRect(x: 5, y: 1, width: 35, height: 1))
        let bytes = try Self.show(canvas, with: &writer, on: &terminal)
        #expect(Self.text(bytes).hasSuffix("\u{1B}[K"))
        #expect(bytes.count <= 12)
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    @Test func aSlidingRowIsShiftedNotRewritten() throws {
        var canvas = Canvas(width: 80, height: 1)
        let words = "the quick brown fox jumps over the lazy dog, again and again"
        canvas.text(words, x: 10, y: 0, style: CellStyle(foreground: .indexed(3)))
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 80, height: 1)
        try Self.show(canvas, with: &writer, on: &terminal)
        canvas.fill(canvas.bounds)
        canvas.text(words, x: 7, y: 0, style: CellStyle(foreground: .indexed(3)))
        let bytes = try Self.show(canvas, with: &writer, on: &terminal)
        #expect(Self.text(bytes).contains("\u{1B}[3P"), "three columns left: delete three characters")
        #expect(bytes.count < 20, "\(Self.text(bytes).debugDescription)")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
        // One column back to the right: insert one, the sequence without a number (one is its default).
        canvas.fill(canvas.bounds)
        canvas.text(words, x: 8, y: 0, style: CellStyle(foreground: .indexed(3)))
        let again = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
        #expect(again.contains("\u{1B}[@") && !again.contains("\u{1B}[1@"), "\(again.debugDescription)")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    /// Where the terminal's entry declares no `bce` (tmux's own), a shift is made with the pen's
    /// background set to the default: tmux fills the cells it lets in with the pen's background
    /// all the same, and a card's colour was left in empty space (helper-35, `TERM=tmux-256color`).
    @Test func aShiftLetsInDefaultBlanksWhereErasingDoesNotUseTheBackground() throws {
        let card = CellStyle(foreground: .indexed(7), background: .indexed(4))
        var canvas = Canvas(width: 80, height: 2)
        func draw(_ letter: String, at x: Int) {
            canvas.fill(canvas.bounds)
            // (A coloured cell written just before the shift: the pen holds its colour.)
            canvas.text(letter, x: 2, y: 0, style: card)
            canvas.text(" the quick brown fox jumps over the lazy dog ", x: x, y: 1, style: card)
            canvas.text("╭──────╮", x: x + 50, y: 1, style: card)
        }
        draw("A", at: 20)
        var writer = FrameWriter(features: .tmux())
        var terminal = VirtualTerminal(width: 80, height: 2, erasesWithBackground: false, shiftsWithBackground: true)
        try Self.show(canvas, with: &writer, on: &terminal)
        draw("B", at: 16)
        let bytes = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
        #expect(bytes.contains("\u{1B}[4P"), "\(bytes.debugDescription)")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty, "\(bytes.debugDescription)")
    }

    /// A small card (the ring's far ones) one column further right: each of its rows is shifted
    /// by inserting a blank at its left edge, since the box-drawing glyphs the shift puts right
    /// are more bytes than the sequence.
    @Test func aSmallCardSlidingAColumnIsShifted() throws {
        let rows = ["╭────╮", "│ ab │", "╰────╯"]
        let ink = CellStyle(foreground: .indexed(6))
        var canvas = Canvas(width: 60, height: 3)
        for (y, row) in rows.enumerated() { canvas.text(row, x: 20, y: y, style: ink) }
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 60, height: 3)
        try Self.show(canvas, with: &writer, on: &terminal)
        canvas.fill(canvas.bounds)
        for (y, row) in rows.enumerated() { canvas.text(row, x: 21, y: y, style: ink) }
        let bytes = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
        #expect(bytes.components(separatedBy: "\u{1B}[@").count - 1 == 3, "one insertion a row: \(bytes.debugDescription)")
        #expect(!bytes.contains("─") && !bytes.contains("│"), "no glyph written again: \(bytes.debugDescription)")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    /// A shift is made when the glyph bytes it puts right, less those it puts wrong, pay for its
    /// sequence (three bytes for one column): a word of two ASCII letters one column on is written
    /// again, one of three is shifted; with a word further right that stays where it is (which an
    /// insertion would push along, four cells to write again), four letters are not worth it, seven are.
    @Test func aShiftMustSpareAsManyBytesAsItCosts() throws {
        for (word, far, shifted) in [("ab", false, false), ("abc", false, true), ("abcd", true, false), ("abcdefg", true, true)] {
            var canvas = Canvas(width: 60, height: 1)
            canvas.text(word, x: 20, y: 0)
            if far { canvas.text("far", x: 50, y: 0) }
            var writer = FrameWriter(features: .xterm())
            var terminal = VirtualTerminal(width: 60, height: 1)
            try Self.show(canvas, with: &writer, on: &terminal)
            canvas.fill(canvas.bounds)
            canvas.text(word, x: 21, y: 0)
            if far { canvas.text("far", x: 50, y: 0) }
            let bytes = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
            #expect(bytes.contains("\u{1B}[@") == shifted, "\(word), far: \(far): \(bytes.debugDescription)")
            #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
        }
    }

    /// Where the terminal cannot write the bottom-right cell, the last row is never shifted: an
    /// insertion would push a glyph into that cell that no write could take out again.
    @Test func theLastRowIsNotShiftedWhereItsLastCellCannotBeWritten() throws {
        var features = TerminalFeatures.tmux()
        features.writesBottomRight = false
        var canvas = Canvas(width: 30, height: 1)
        canvas.text("╭────╮", x: 10, y: 0)
        canvas.text("Z", x: 28, y: 0)
        var writer = FrameWriter(features: features)
        var terminal = VirtualTerminal(width: 30, height: 1)
        try Self.show(canvas, with: &writer, on: &terminal)
        canvas.fill(canvas.bounds)
        canvas.text("╭────╮", x: 11, y: 0)
        canvas.text("Z", x: 28, y: 0)
        let bytes = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
        #expect(!bytes.contains("\u{1B}[@") && !bytes.contains("P"), "\(bytes.debugDescription)")
        #expect(terminal[29, 0].scalars == [0x20], "the bottom-right cell stays blank, as the frame has it")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    /// A move of a few columns back is as many backspaces (shorter than `CSI n D` up to three).
    @Test func aFewColumnsBackAreBackspaces() throws {
        var canvas = Canvas(width: 20, height: 2)
        for y in 0..<2 { canvas.text(String(repeating: "x", count: 14), x: 0, y: y) }
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 20, height: 2)
        try Self.show(canvas, with: &writer, on: &terminal)
        canvas.text("yyyyy", x: 5, y: 0)
        canvas.text("yy", x: 8, y: 1)
        let bytes = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
        #expect(bytes.hasSuffix("yyyyy\n\u{8}\u{8}yy"), "\(bytes.debugDescription)")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
        canvas.text("zzzzz", x: 5, y: 0)
        canvas.text("z", x: 4, y: 1)
        let far = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
        #expect(far.hasSuffix("zzzzz\n\u{1B}[6Dz"), "six back: CSI 6 D, \(far.debugDescription)")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    /// After the last column the cursor's column is not known (terminals differ), but where the
    /// terminal writes the bottom-right cell its row is: a carriage return finds the column again,
    /// before any move down, instead of a move to an absolute place (one byte less below the ninth row).
    @Test func pastTheLastColumnACarriageReturnFindsTheColumn() throws {
        /// The bytes of a frame that writes `end` up to the last column of row 10 and `c` at
        /// column 5 of row 11, after a blank one; the replayed screen must be the canvas.
        func bytes(ending end: String, features: TerminalFeatures = .xterm()) throws -> String {
            var canvas = Canvas(width: 20, height: 12)
            var writer = FrameWriter(features: features)
            var terminal = VirtualTerminal(width: 20, height: 12)
            try Self.show(canvas, with: &writer, on: &terminal)
            canvas.text(end, x: 18, y: 10)
            canvas.text("c", x: 5, y: 11)
            let bytes = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
            #expect(terminal.differences(from: canvas, features: features).isEmpty)
            return bytes
        }
        let known = try bytes(ending: "ab")
        #expect(known.hasSuffix("ab\r\n\u{1B}[5Cc"), "\(known.debugDescription)")
        // A terminal that wraps at once after the last column: an absolute move.
        var wrapping = TerminalFeatures.xterm()
        wrapping.writesBottomRight = false
        let absolute = try bytes(ending: "ab", features: wrapping)
        #expect(absolute.hasSuffix("ab\u{1B}[12;6Hc"), "\(absolute.debugDescription)")
        // After a glyph whose width terminals count otherwise (a newer terminal may draw this symbol
        // two columns wide and wrap before it): an absolute move, which puts the error right.
        let careful = try bytes(ending: "a\u{2665}")
        #expect(careful.hasSuffix("a\u{2665}\u{1B}[12;6Hc"), "\(careful.debugDescription)")
    }

    @Test func theBottomRightCellIsLeftAloneWhereWritingItWouldScroll() throws {
        var canvas = Canvas(width: 10, height: 2)
        canvas.text("0123456789", x: 0, y: 1)
        var features = TerminalFeatures.tmux()
        features.writesBottomRight = false
        var writer = FrameWriter(features: features)
        var terminal = VirtualTerminal(width: 10, height: 2, erasesWithBackground: false)
        try Self.show(canvas, with: &writer, on: &terminal)
        #expect(terminal.scrolled == 0)
        #expect(terminal[9, 1].scalars == [0x20])
        #expect(terminal[8, 1].scalars == [0x38])
    }

    @Test func theCursorEndsWhereItIsAsked() throws {
        var canvas = Canvas(width: 30, height: 5)
        canvas.text("find: abc", x: 0, y: 4)
        var writer = FrameWriter(features: .xterm())
        var terminal = VirtualTerminal(width: 30, height: 5)
        try Self.show(canvas, with: &writer, on: &terminal, cursor: (x: 9, y: 4))
        #expect(terminal.x == 9 && terminal.y == 4)
        canvas.text("find: abcd", x: 0, y: 4)
        try Self.show(canvas, with: &writer, on: &terminal, cursor: (x: 10, y: 4))
        #expect(terminal.x == 10 && terminal.y == 4)
    }

    /// Struck text (Markdown's `~~`, SGR 9 in `--ansi` input) is struck on the terminal, and a
    /// struck blank shows its line; a terminal without `smxx` is not sent it.
    @Test func struckTextIsStruckWhereTheTerminalCan() throws {
        var canvas = Canvas(width: 10, height: 1)
        canvas.text("ab c", x: 0, y: 0, style: CellStyle(attributes: .strikethrough))
        canvas.text("d", x: 4, y: 0)
        var writer = FrameWriter(features: TerminalFeatures.xterm())
        var terminal = VirtualTerminal(width: 10, height: 1)
        let bytes = try Self.show(canvas, with: &writer, on: &terminal)
        #expect(Self.text(bytes).contains("\u{1B}[9mab c"), "\(Self.text(bytes))")
        let struck = terminal.cells.prefix(5).map { $0.attributes & Attributes.strikethrough.rawValue != 0 }
        #expect(struck == [true, true, true, true, false], "the space between is struck too; d is not")
        var lacking = TerminalFeatures.xterm()
        lacking.attributes.remove(.strikethrough)
        var plain = FrameWriter(features: lacking)
        var other = VirtualTerminal(width: 10, height: 1)
        #expect(!Self.text(try Self.show(canvas, with: &plain, on: &other)).contains("9m"))
    }

    @Test func attributesTheTerminalLacksAreLeftOut() throws {
        var canvas = Canvas(width: 10, height: 1)
        canvas.text("it", x: 0, y: 0, style: CellStyle(attributes: [.italic, .bold]))
        var features = TerminalFeatures.xterm()
        features.attributes.remove(.italic)
        var writer = FrameWriter(features: features)
        var terminal = VirtualTerminal(width: 10, height: 1)
        let bytes = try Self.show(canvas, with: &writer, on: &terminal)
        #expect(Self.text(bytes).hasSuffix("\u{1B}[1mit"))
    }

    @Test(arguments: ColorDepth.allCases)
    func coloursTakeTheirShortestForm(depth: ColorDepth) throws {
        var canvas = Canvas(width: 10, height: 1)
        canvas.text("c", x: 0, y: 0, style: CellStyle(foreground: .rgb(RGB(10, 200, 30)), background: .indexed(4)))
        var writer = FrameWriter(features: .xterm(depth: depth))
        var terminal = VirtualTerminal(width: 10, height: 1)
        let text = Self.text(try Self.show(canvas, with: &writer, on: &terminal))
        let expected: [ColorDepth: String] = [
            .none: "c", .eight: "\u{1B}[32;44mc", .sixteen: "\u{1B}[32;44mc",
            .palette256: "\u{1B}[38;5;40;44mc", .truecolor: "\u{1B}[38;2;10;200;30;48;2;0;0;238mc",
        ]
        #expect(text.hasSuffix(expected[depth]!), "\(text.debugDescription)")
        #expect(terminal.differences(from: canvas, features: writer.features).isEmpty)
    }

    // MARK: - Whole screens

    /// Every style and mode, every frame of a move and a mode change, at two sizes and on both
    /// terminals: the replayed screen is the canvas after every frame.
    @Test(arguments: StyleKind.allCases)
    func everyFrameOfTheCarouselArrivesWhole(style: StyleKind) throws {
        let deck = CardList([
            Card(title: "Wide 東京 card", subtitle: "naïve", art: [" /\\ ", "(東京)", " \\/ "], accent: RGB(0xE0, 0x6C, 0x75)),
            Card(title: "Green", subtitle: "two", art: [" __ ", "[##]", " -- "], accent: RGB(0x7C, 0xC4, 0x6A)),
            Card(title: "Blue", subtitle: "three", art: [" .. ", "(@@)", " '' "], accent: RGB(0x61, 0xAF, 0xEF)),
            Card(title: "Grey", subtitle: "four", art: ["────", "│  │", "────"], accent: RGB(0x90, 0x90, 0x90)),
        ])
        for (width, height) in [(80, 24), (57, 19)] {
            for features in [TerminalFeatures.xterm(), .tmux(depth: .truecolor), .xterm(depth: .none), .xterm(depth: .sixteen)] {
                var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: features.depth != .none))
                var state = CarouselState(count: deck.count, start: 0, style: style, loop: true)
                state.send(.setViewport(Scene.viewport(width: width, height: height)))
                var writer = FrameWriter(features: features)
                var terminal = VirtualTerminal(width: width, height: height, erasesWithBackground: features.erasesWithBackground)
                var canvas = Canvas(width: width, height: height)
                var frames = 0
                for action in [Action.move(1), .move(1), .toggleMode, .move(-1), .move(2), .toggleMode] {
                    state.send(action)
                    repeat {
                        state.send(.tick(1.0 / 60))
                        _ = scene.render(state, deck: deck, into: &canvas)
                        let drawn = canvas
                        try Self.show(drawn, with: &writer, on: &terminal)
                        let wrong = terminal.differences(from: drawn, features: features)
                        #expect(wrong.isEmpty, "\(style) \(width)x\(height) \(features.depth) frame \(frames): \(wrong.prefix(5))")
                        if !wrong.isEmpty { return }
                        frames += 1
                    } while state.isAnimating
                }
                #expect(terminal.scrolled == 0)
            }
        }
    }

    /// Random screens of text, wide glyphs, runs and colours, shifted about between frames: what
    /// the terminal shows is always the canvas, whatever the terminal declares.
    @Test(arguments: 0..<12)
    func randomScreensArriveWhole(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        let width = Int.random(in: 8...70, using: &random), height = Int.random(in: 1...12, using: &random)
        var features = [TerminalFeatures.xterm(), .tmux(), .xterm(depth: .truecolor), .xterm(depth: .eight)][seed % 4]
        features.writesBottomRight = seed % 3 != 0
        var writer = FrameWriter(features: features)
        var terminal = VirtualTerminal(width: width, height: height, erasesWithBackground: features.erasesWithBackground)
        let glyphs: [Character] = ["a", "b", " ", " ", " ", "─", "│", "é", "東", "京", "x", "e\u{301}", "#"]
        let colors: [Color] = [.default, .indexed(2), .indexed(12), .indexed(200), .rgb(RGB(30, 60, 90)), .rgb(RGB(250, 250, 250))]
        var canvas = Canvas(width: width, height: height)
        for frame in 0..<25 {
            if frame % 5 == 4 && Bool.random(using: &random) { writer.invalidate() }
            // Shift some rows sideways, as sliding cards do, then scatter changes.
            var next = Canvas(width: width, height: height)
            let shift = Int.random(in: -4...4, using: &random)
            for y in 0..<height {
                for x in 0..<width {
                    let source = canvas[min(width - 1, max(0, x + shift)), y]
                    if !source.isContinuation && source.width == 1 { next.putPrepared(source, x: x, y: y, within: width) }
                }
            }
            for _ in 0..<Int.random(in: 0...(width * height / 3), using: &random) {
                let style = CellStyle(foreground: colors.randomElement(using: &random)!,
                                      background: Int.random(in: 0..<4, using: &random) == 0 ? colors.randomElement(using: &random)! : .default,
                                      attributes: Attributes(rawValue: UInt8.random(in: 0...63, using: &random) & (Bool.random(using: &random) ? 0 : 63)))
                let x = Int.random(in: 0..<width, using: &random), y = Int.random(in: 0..<height, using: &random)
                let run = Int.random(in: 1...12, using: &random)
                let glyph = glyphs.randomElement(using: &random)!
                var column = x
                for _ in 0..<run where column < width { column += max(1, next.put(glyph, x: column, y: y, style: style)) }
            }
            canvas = next
            let cursor: (x: Int, y: Int)? = Bool.random(using: &random) ? (Int.random(in: 0..<width, using: &random), height - 1) : nil
            try Self.show(canvas, with: &writer, on: &terminal, cursor: cursor)
            let wrong = terminal.differences(from: canvas, features: features)
            #expect(wrong.isEmpty, "seed \(seed) frame \(frame) \(width)x\(height): \(wrong.prefix(5))")
            if let cursor { #expect(terminal.x == cursor.x && terminal.y == cursor.y) }
            if !wrong.isEmpty { return }
        }
        #expect(terminal.scrolled == 0)
    }
}

/// Cells are compared byte for byte while a frame is written: equal cells must hold equal bytes,
/// however their colours were set, and every colour must survive being kept as a word.
@Suite struct CellBytesTests {
    static let colors: [Color] = [.default, .indexed(0), .indexed(7), .indexed(255), .rgb(RGB(0, 0, 0)),
                                  .rgb(RGB(255, 255, 255)), .rgb(RGB(1, 2, 3)), .rgb(RGB(200, 0, 100))]

    @Test func coloursComeBackAsTheyWereSet() {
        for a in Self.colors {
            for b in Self.colors {
                var style = CellStyle(foreground: a, background: b, attributes: .bold)
                #expect(style.foreground == a && style.background == b)
                style.foreground = b
                style.background = a
                #expect(style.foreground == b && style.background == a)
                #expect((CellStyle(foreground: a) == CellStyle(foreground: b)) == (a == b))
            }
        }
    }

    @Test func equalCellsHoldEqualBytesHoweverTheyWereMade() {
        for target in Self.colors {
            for earlier in Self.colors {
                var made = Cell("x", style: CellStyle(foreground: earlier, background: earlier))
                made.style.foreground = target
                made.style.background = .default
                let direct = Cell("x", style: CellStyle(foreground: target))
                [made].withUnsafeBufferPointer { a in
                    [direct].withUnsafeBufferPointer { b in
                        #expect(FrameWriter.same(a, 0, b, 0), "\(target) set over \(earlier)")
                    }
                }
            }
        }
        [Cell("x", style: CellStyle(foreground: .indexed(1)))].withUnsafeBufferPointer { a in
            [Cell("x", style: CellStyle(foreground: .rgb(RGB(0, 0, 1))))].withUnsafeBufferPointer { b in
                #expect(!FrameWriter.same(a, 0, b, 0))
            }
        }
    }

    /// A blank's ink is not kept unless an attribute shows it: the spaces of a coloured line and of
    /// the empty screen around it are the same cell, so a frame that moves one over the other
    /// changes nothing there, however the blank was made.
    @Test func blanksThatLookAlikeAreAlike() {
        let background = Color.rgb(RGB(20, 30, 40))
        for ink in Self.colors {
            for attributes: Attributes in [[], .bold, [.dim, .italic]] {
                let style = CellStyle(foreground: ink, background: background, attributes: attributes)
                var restyled = Cell(" ")
                restyled.style = style
                for blank in [Cell(" ", style: style), Cell(ascii: 0x20, style: style), restyled] {
                    #expect(blank == Cell(" ", style: CellStyle(background: background, attributes: attributes)), "\(ink) \(attributes)")
                    #expect(blank.style.background == background && blank.style.attributes == attributes)
                }
                #expect(Cell("x", style: style).style.foreground == ink, "a glyph keeps its ink")
            }
            for shown: Attributes in [.reverse, .underline, .strikethrough] {
                let style = CellStyle(foreground: ink, attributes: shown)
                #expect(Cell(" ", style: style).style.foreground == ink, "\(shown) shows a blank's ink")
            }
        }
        var canvas = Canvas(width: 12, height: 1)
        canvas.text("a b", x: 0, y: 0, style: CellStyle(foreground: .indexed(2)))
        canvas.put(" ", x: 4, y: 0, style: CellStyle(foreground: .indexed(5)))
        #expect(canvas[1, 0] == canvas[4, 0] && canvas[4, 0] == canvas[8, 0])
    }
}
