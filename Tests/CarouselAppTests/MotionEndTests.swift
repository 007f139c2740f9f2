import CarouselApp
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import Testing

/// A motion ends when the eye says it ends: after a one-card move the screen stops changing by about
/// 0.45 s, at every size, in every style and mode, with no late one-cell jump back.
@Suite struct MotionEndTests {
    let deck = CardList(try! DeckLoader.builtin().cards)

    /// The times (in frames at 60 fps) at which the screen changed, after `actions`, for two seconds.
    func changes(style: StyleKind, mode: Mode, width: Int, height: Int, actions: [Action]) -> [Int] {
        var state = CarouselState(count: deck.count, start: 3, mode: mode, style: style)
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        var canvas = Canvas(width: width, height: height)
        state.send(.setViewport(Scene.viewport(width: width, height: height)))
        for action in actions { state.send(action) }
        _ = scene.render(state, deck: deck, into: &canvas)
        var last = canvas.lines()
        var frames: [Int] = []
        for frame in 1...120 {
            state.send(.tick(1.0 / 60))
            _ = scene.render(state, deck: deck, into: &canvas)
            let lines = canvas.lines()
            if lines != last { frames.append(frame) }
            last = lines
        }
        return frames
    }

    static let sizes = [(80, 24), (100, 45), (120, 36), (200, 60)]

    @Test(arguments: StyleKind.allCases, [Mode.normal, .scaled])
    func aOneCardMoveEndsByAboutFourHundredAndFiftyMilliseconds(style: StyleKind, mode: Mode) {
        for (width, height) in Self.sizes {
            let frames = changes(style: style, mode: mode, width: width, height: height, actions: [.move(1)])
            #expect(!frames.isEmpty, "the move is drawn (\(style) \(mode) \(width)x\(height))")
            let lastChange = Double(frames.last ?? 0) / 60
            #expect(lastChange <= 0.46, "last visible change at \(lastChange) s (\(style) \(mode) \(width)x\(height)): \(frames)")
        }
    }

    @Test(arguments: StyleKind.allCases)
    func switchingTheModeEndsByAboutFourHundredAndFiftyMilliseconds(style: StyleKind) {
        for (width, height) in Self.sizes {
            let frames = changes(style: style, mode: .normal, width: width, height: height, actions: [.toggleMode])
            let lastChange = Double(frames.last ?? 0) / 60
            #expect(lastChange <= 0.5, "last visible change at \(lastChange) s (\(style) Tab \(width)x\(height)): \(frames)")
        }
    }

    /// Once nothing visible changes, the state is at rest too: no frames are spent on the invisible tail.
    @Test(arguments: StyleKind.allCases)
    func theStateRestsSoonAfterTheLastVisibleChange(style: StyleKind) {
        for (width, height) in Self.sizes {
            var state = CarouselState(count: deck.count, start: 3, style: style)
            state.send(.setViewport(Scene.viewport(width: width, height: height)))
            state.send(.move(1))
            var time = 0.0
            while state.isAnimating && time < 2 {
                state.send(.tick(1.0 / 60))
                time += 1.0 / 60
            }
            #expect(time <= 0.6, "at rest after \(time) s (\(style) \(width)x\(height))")
            #expect(state.position == 4)
        }
    }
}
