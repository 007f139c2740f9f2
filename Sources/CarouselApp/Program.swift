import CarouselCanvas
import CarouselCore
import CarouselRender
import CarouselTerminal

/// The one loop: events -> model -> frame -> backend. The interactive terminal, `--render` (on a
/// virtual clock) and the tests' pilot all run it, so they cannot drift apart. Frames come at the
/// chosen rate only while something moves; at rest it waits for an event, with no timer.
public final class Program {
    public private(set) var model: AppModel
    public let backend: any TerminalBackend
    private var canvas = Canvas(width: 0, height: 0)
    private let frameInterval: Double
    private var lastTick: Double
    private var started = false

    public init(model: AppModel, backend: any TerminalBackend, fps: Double) {
        self.model = model
        self.backend = backend
        frameInterval = 1 / max(1, min(fps, 240))
        lastTick = backend.now
    }

    /// Runs until the program ends (an outcome) or its input ends for good (nil: a script ran out).
    public func run() -> Outcome? {
        if !started {
            started = true
            redraw()
        }
        while true {
            let animating = model.isAnimating
            let timeout: Double? = animating ? max(0, lastTick + frameInterval - backend.now) : nil
            let before = (model.state, model.overlay)
            var repaint = false
            var ended = false
            for event in backend.events(timeout: timeout) {
                switch event {
                case .resize:
                    backend.invalidate()
                    repaint = true
                case .suspend:
                    backend.suspend()
                    repaint = true
                case .wake:
                    repaint = true
                case .end:
                    ended = true
                default:
                    if let outcome = model.update(event, now: backend.now) { return outcome }
                }
            }
            let t = backend.now
            if animating { model.advance(by: t - lastTick) }
            // A motion that starts now starts from now, not from when the last one ended.
            lastTick = t
            // Input that changed nothing (the pointer moving over the screen) draws nothing.
            if animating || repaint || model.state != before.0 || model.overlay != before.1 { redraw() }
            if ended { return nil }
        }
    }

    /// Draws the model as it is now and presents it.
    public func redraw() {
        let size = backend.size
        if size.width != canvas.width || size.height != canvas.height {
            canvas = Canvas(width: size.width, height: size.height)
        }
        let info = model.render(into: &canvas)
        backend.present(&canvas, cursor: info.cursor)
    }
}
