import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender
import CarouselTerminal

/// Why the program ends.
public enum Outcome: Sendable, Equatable {
    /// The user quit (q, Esc, Ctrl-C).
    case quit
    /// A signal asked it to end; the caller ends the process by the same signal.
    case signal(Int32)
}

/// The app apart from the engine: the carousel's state, the pointer gesture, help and quitting.
/// It changes only through `update(_:now:)`; `render` draws it into a canvas.
public struct AppModel {
    public private(set) var state: CarouselState
    /// Whether the keys are shown (the `?` overlay).
    public private(set) var helpOpen = false
    public var scene: Scene
    private var pointer = PointerGesture()
    private let deck: any CardProvider

    public init(deck: any CardProvider, options: AppOptions, theme: Theme) {
        self.deck = deck
        state = options.initialState(count: deck.count)
        scene = Scene(theme: theme)
        scene.skippedCards = options.skippedCards
        scene.help = KeyTable.helpRows
        scene.hint = KeyTable.statusHint(ascii: theme.glyphs.isASCII)
    }

    public var isAnimating: Bool { state.isAnimating }

    /// Handles one event that arrived at `now`. Returns an outcome when the program should end.
    public mutating func update(_ event: TerminalEvent, now: Double) -> Outcome? {
        switch event {
        case .key(let key):
            guard let command = KeyTable.command(for: key, helpOpen: helpOpen) else { return nil }
            switch command {
            case .quit: return .quit
            case .toggleHelp: helpOpen.toggle()
            case .move(let n): state.send(.move(n))
            case .first: state.send(.first)
            case .last: state.send(.last)
            case .page(let n): state.send(.page(n))
            case .digit(let d): state.send(.digit(d, at: now))
            case .toggleMode: state.send(.toggleMode)
            case .nextStyle: state.send(.nextStyle)
            case .toggleLoop: state.send(.toggleLoop)
            }
        case .mouse(let mouse):
            handle(mouse, now: now)
        case .signal(let number):
            return .signal(number)
        case .resize, .suspend, .wake, .end:
            break
        }
        return nil
    }

    /// Lets `dt` seconds of motion pass.
    public mutating func advance(by dt: Double) { state.send(.tick(dt)) }

    /// Draws the whole screen; the viewport follows the canvas's size.
    public mutating func render(into canvas: inout Canvas) -> FrameInfo {
        let viewport = Scene.viewport(width: canvas.width, height: canvas.height)
        if state.viewport != viewport { state.send(.setViewport(viewport)) }
        return scene.render(state, deck: deck, helpOpen: helpOpen, into: &canvas)
    }

    private mutating func handle(_ mouse: MouseEvent, now: Double) {
        if helpOpen {
            if mouse.kind == .press { helpOpen = false }
            return
        }
        switch mouse.kind {
        case .wheelUp:
            state.send(.move(-1))
        case .wheelDown:
            state.send(.move(1))
        case .press:
            pointer.press(x: mouse.x, y: mouse.y, time: now, position: state.position)
        case .drag:
            let metrics = state.metrics ?? StyleMetrics(cardsPerScreen: 1, cellsPerCard: 1, isVertical: false)
            if let action = pointer.move(x: mouse.x, y: mouse.y, time: now, cellsPerCard: metrics.cellsPerCard, vertical: metrics.isVertical) {
                state.send(action)
            }
        case .release:
            switch pointer.release(x: mouse.x, y: mouse.y, time: now) {
            case .click(let x, let y):
                switch scene.hitTest(x: x, y: y) {
                case .card(_, let slot): state.send(.bringToCentre(slot: slot))
                case .segment(let mode): state.send(.setMode(mode))
                case nil: break
                }
            case .action(let action):
                state.send(action)
            case nil:
                break
            }
        }
    }
}
