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

/// What the app shows over the carousel: the help, a zoomed card. (The program redraws when it changes.)
public struct Overlay: Sendable, Equatable {
    /// Whether the keys are shown (the `?` overlay).
    public var helpOpen = false
    /// The card open full screen, if any.
    public var zoom: Zoom?
}

/// The app apart from the engine: the carousel's state, the pointer gesture, help, zoom and
/// quitting. It changes only through `update(_:now:)`; `render` draws it into a canvas.
public struct AppModel {
    public private(set) var state: CarouselState
    public private(set) var overlay = Overlay()
    /// Whether the keys are shown (the `?` overlay).
    public var helpOpen: Bool { overlay.helpOpen }
    /// The zoomed card, if one is open.
    public var zoom: Zoom? { overlay.zoom }
    /// How long a zoom takes to grow to the whole screen (none with reduced motion).
    static let zoomDuration = 0.22
    /// Lines the wheel scrolls a zoomed card by.
    static let wheelLines = 3
    private let reduceMotion: Bool
    /// The page and length of the zoomed text, from the last frame (for paging and the end).
    private var zoomShown: ZoomInfo?
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
        scene.zoomHint = KeyTable.statusHint(ascii: theme.glyphs.isASCII, in: .zoom)
        reduceMotion = options.reduceMotion
    }

    public var isAnimating: Bool { state.isAnimating || (overlay.zoom.map { $0.growth < 1 } ?? false) }

    /// Handles one event that arrived at `now`. Returns an outcome when the program should end.
    public mutating func update(_ event: TerminalEvent, now: Double) -> Outcome? {
        switch event {
        case .key(let key):
            guard let command = KeyTable.command(for: key, helpOpen: helpOpen, zoomed: overlay.zoom != nil) else { return nil }
            switch command {
            case .quit: return .quit
            case .toggleHelp: overlay.helpOpen.toggle()
            case .zoom:
                overlay.zoom = Zoom(index: state.activeIndex, growth: reduceMotion ? 1 : 0)
                zoomShown = nil
            case .closeZoom: overlay.zoom = nil
            case .scroll(let n): scroll(by: n)
            case .scrollPage(let n): scroll(by: n * max(1, (zoomShown?.page ?? 2) - 1))
            case .scrollTop: overlay.zoom?.first = 0
            // The renderer keeps the text's last page in view.
            case .scrollEnd: overlay.zoom?.first = Int.max / 2
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
        followActiveCard()
        return nil
    }

    /// A zoom shows the active card: when Left / Right (or a digit) change it, the zoom shows the
    /// new one, from the top of its text.
    private mutating func followActiveCard() {
        if let zoom = overlay.zoom, zoom.index != state.activeIndex {
            overlay.zoom = Zoom(index: state.activeIndex, growth: 1)
            zoomShown = nil
        }
    }

    /// Lets `dt` seconds of motion pass.
    public mutating func advance(by dt: Double) {
        state.send(.tick(dt))
        if let zoom = overlay.zoom, zoom.growth < 1 { overlay.zoom?.growth = min(1, zoom.growth + dt / AppModel.zoomDuration) }
        followActiveCard()
    }

    /// Scrolls a zoomed card's text; the renderer keeps it within the text (so keys pressed before
    /// the first zoomed frame, as `--keys` presses them, count too).
    private mutating func scroll(by lines: Int) {
        guard let zoom = overlay.zoom else { return }
        let last = zoomShown.map { max(0, $0.total - $0.page) } ?? Int.max / 2
        overlay.zoom?.first = max(0, min(last, zoom.first + lines))
    }

    /// Draws the whole screen; the viewport follows the canvas's size.
    public mutating func render(into canvas: inout Canvas) -> FrameInfo {
        let viewport = Scene.viewport(width: canvas.width, height: canvas.height)
        if state.viewport != viewport { state.send(.setViewport(viewport)) }
        let info = scene.render(state, deck: deck, helpOpen: helpOpen, zoom: overlay.zoom, into: &canvas)
        zoomShown = info.zoom
        if let shown = info.zoom { overlay.zoom?.first = shown.first }
        return info
    }

    private mutating func handle(_ mouse: MouseEvent, now: Double) {
        if helpOpen {
            if mouse.kind == .press { overlay.helpOpen = false }
            return
        }
        if overlay.zoom != nil {
            switch mouse.kind {
            case .wheelUp: scroll(by: -AppModel.wheelLines)
            case .wheelDown: scroll(by: AppModel.wheelLines)
            default: break
            }
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
