import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTerminal
import Testing

/// What a one-card move costs on the wire (issue 16): the bytes the frame writer sends, from the
/// screen at rest before the move to the screen at rest after it, against the UTF-8 bytes of the
/// glyphs of the cells its frames change (the least text a terminal must receive). The built-in
/// deck, xterm-256color's features, every style and mode. Byte counts are exact, so this is a test,
/// not a benchmark; `make bench` reports the same ratio (`moveBytesPerGlyphByte%`).
@Suite struct WireBytesTests {
    let deck = CardList(try! DeckLoader.builtin().cards)

    /// The bytes of a move's frames sorted by what they do.
    struct Breakdown: CustomStringConvertible {
        var glyphs = 0, colours = 0, moves = 0, repeats = 0, erases = 0, shifts = 0
        var total: Int { glyphs + colours + moves + repeats + erases + shifts }

        /// Sorts one frame's bytes: escape sequences by their final byte, C0 moves, the rest glyphs.
        mutating func add(_ bytes: [UInt8]) {
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
                    var j = i + 2
                    while j < bytes.count && !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                    let length = min(j, bytes.count - 1) - i + 1
                    switch bytes[min(j, bytes.count - 1)] {
                    case UInt8(ascii: "m"): colours += length
                    case UInt8(ascii: "b"): repeats += length
                    case UInt8(ascii: "K"), UInt8(ascii: "X"), UInt8(ascii: "J"): erases += length
                    case UInt8(ascii: "P"), UInt8(ascii: "@"): shifts += length
                    default: moves += length
                    }
                    i += length
                } else if byte == 0x0A || byte == 0x0D || byte == 0x08 {
                    moves += 1
                    i += 1
                } else {
                    glyphs += 1
                    i += 1
                }
            }
        }

        var description: String {
            "\(total) bytes: glyphs \(glyphs), colours \(colours), moves \(moves), repeats \(repeats), erases \(erases), shifts \(shifts)"
        }
    }

    /// The UTF-8 bytes of the glyphs of the cells that differ between two frames (the second
    /// halves of wide glyphs skipped).
    static func glyphBytes(from before: Canvas, to after: Canvas) -> Int {
        var total = 0
        for i in after.cells.indices where after.cells[i] != before.cells[i] && !after.cells[i].isContinuation {
            after.cells[i].forEachScalar { total += $0 < 0x80 ? 1 : $0 < 0x800 ? 2 : $0 < 0x10000 ? 3 : 4 }
        }
        return total
    }

    /// A move to the next card at 60 frames a second, rest to rest: the bytes written after the
    /// first screen, and the glyph bytes the frames change.
    func move(_ style: StyleKind, _ mode: Mode, width: Int, height: Int, features: TerminalFeatures = .xterm()) -> (sent: Breakdown, glyphs: Int) {
        var state = CarouselState(count: deck.count, start: deck.count / 4, mode: mode, style: style)
        state.send(.setViewport(Scene.viewport(width: width, height: height)))
        var states = [state]
        state.send(.move(1))
        repeat {
            state.send(.tick(1.0 / 60))
            states.append(state)
        } while state.isAnimating && states.count < 600
        #expect(!state.isAnimating, "the move ends")
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        var writer = FrameWriter(features: features)
        var previous: Canvas?
        var sent = Breakdown(), glyphs = 0
        for state in states {
            var canvas = Canvas(width: width, height: height)
            let info = scene.render(state, deck: deck, into: &canvas)
            let painted = canvas
            writer.write(&canvas, cursor: info.cursor)
            if let previous {
                sent.add(writer.bytes)
                glyphs += Self.glyphBytes(from: previous, to: painted)
            }
            previous = painted
        }
        return (sent, glyphs)
    }

    /// The most bytes a move may send, in percent of its glyph bytes: the issue's 130. (Moving a
    /// card's rows costs a line feed and a move back to its left edge, five or six bytes a row; the
    /// ring's small cards met it once a one-column slide of their rows became a one-column shift.)
    static let ceiling = 130

    @Test(arguments: [(100, 30), (100, 45)])
    func aMoveSendsAtMostAThirdMoreThanItsGlyphs(size: (Int, Int)) {
        for style in StyleKind.allCases {
            for mode in [Mode.normal, .scaled] {
                let name = "\(style.rawValue) \(mode.rawValue) \(size.0)x\(size.1)"
                let (sent, glyphs) = move(style, mode, width: size.0, height: size.1)
                #expect(glyphs > 0)
                let percent = 100 * sent.total / max(glyphs, 1)
                #expect(percent <= Self.ceiling, "\(name): \(percent)% of \(glyphs) glyph bytes; \(sent)")
            }
        }
    }

    /// The carousel as it starts (the arc, Normal) meets the target with room to spare.
    @Test(arguments: [(100, 30), (100, 45)])
    func theDefaultLookSendsLessThanItsGlyphs(size: (Int, Int)) {
        let (sent, glyphs) = move(.arc, .normal, width: size.0, height: size.1)
        #expect(sent.total < glyphs, "\(sent) for \(glyphs) glyph bytes")
    }
}
