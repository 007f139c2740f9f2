import CarouselCore
import CarouselRender
import CarouselTerminal

/// The interactive loop: input -> update -> layout -> paint -> diff -> terminal.
/// Frames run at the chosen rate only while something moves; at rest it sleeps on input.
public final class InteractiveApp {
    private let deck: any CardProvider
    private let options: AppOptions
    private let screen = TerminalScreen()
    private var state: CarouselState
    private var scene: Scene
    private var canvas = Canvas(width: 0, height: 0)
    private let clock = ContinuousClock()
    private let startInstant: ContinuousClock.Instant
    private var pointer = PointerGesture()

    public init(deck: some CardProvider, options: AppOptions, glyphs: Glyphs) {
        self.deck = deck
        self.options = options
        state = options.initialState(count: deck.count)
        scene = Scene(theme: Theme(glyphs: glyphs, usesColor: true))
        scene.skippedCards = options.skippedCards
        startInstant = clock.now
    }

    private var now: Double {
        let d = clock.now - startInstant
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// Runs until the user quits. Returns the signal that ended it, if one did.
    public func run(environment: [String: String]) throws -> Int32? {
        try screen.start(colorOverride: InteractiveApp.depth(for: options.color), environment: environment)
        defer { screen.stop() }
        scene.theme.usesColor = screen.depth != .none

        let frameInterval = 1 / max(1, min(options.fps, 240))
        var lastTick = now
        redraw()
        while !state.wantsQuit {
            let animating = state.isAnimating
            let timeout: Double? = animating ? max(0, lastTick + frameInterval - now) : nil
            let before = state
            var resized = false
            for event in screen.events(timeout: timeout) {
                switch event {
                case .signal(let number):
                    return number
                case .resize:
                    screen.invalidate()
                    resized = true
                case .suspend:
                    screen.suspend()
                    resized = true
                case .key(let key):
                    if let action = Keymap.action(for: key, in: state, at: now) { state.send(action) }
                case .mouse(let mouse):
                    handle(mouse)
                }
                if state.wantsQuit { return nil }
            }
            let t = now
            if animating {
                state.send(.tick(t - lastTick))
            }
            // A motion that starts now starts from now, not from when the last one ended.
            lastTick = t
            // Input that changed nothing (the pointer moving over the screen) draws nothing.
            if animating || resized || state != before { redraw() }
        }
        return nil
    }

    private func handle(_ mouse: MouseEvent) {
        if state.showHelp {
            if mouse.kind == .press { state.send(.toggleHelp) }
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
            let layout = scene.layout
            if let action = pointer.move(x: mouse.x, y: mouse.y, time: now, cellsPerCard: layout.cellsPerCard, vertical: layout.isVertical) {
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

    private func redraw() {
        let size = screen.size
        if size.width != canvas.width || size.height != canvas.height {
            canvas = Canvas(width: size.width, height: size.height)
        }
        let viewport = Scene.viewport(width: size.width, height: size.height)
        if state.viewport != viewport { state.send(.setViewport(viewport)) }
        let info = scene.render(state, deck: deck, into: &canvas)
        screen.draw(&canvas, cursor: info.cursor)
    }

    /// The colour depth `--color` forces; nil for `auto` (detect it).
    public static func depth(for choice: ColorChoice) -> ColorDepth? {
        switch choice {
        case .auto: nil
        case .never: ColorDepth.none
        case .eight: .eight
        case .sixteen: .sixteen
        case .palette256: .palette256
        case .truecolor: .truecolor
        }
    }
}
