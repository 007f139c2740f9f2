import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselPictures
import CarouselRender
import CarouselSearch
import CarouselTerminal

/// Drives the program loop in process on a virtual clock, as a user would (after Textual's
/// `run_test`): press keys, click, drag, resize, wait, and read the screen at any step, in
/// milliseconds. Each action runs the loop until the motion it starts has settled, unless a wait
/// is given, in which case the screen is the one that many seconds later.
public final class Pilot {
    public let terminal: MemoryTerminal
    public let program: Program
    /// How the program ended, once it has.
    public private(set) var outcome: Outcome?

    /// Where picture cards get their cells: converted as asked (`.inline`), or only when the test
    /// calls `pictures.runPending()` (`.manual`), which then wakes the loop as a worker would.
    public let pictures: PictureStore

    public init(deck: some CardProvider, options: AppOptions = AppOptions(), width: Int = 100, height: Int = 30,
                glyphs: Glyphs = .unicode, usesColor: Bool = true, depth: ColorDepth? = nil,
                pictures execution: PictureStore.Execution = .inline, search: CardSearch.Execution = .inline) {
        let terminal = MemoryTerminal(width: width, height: height)
        self.terminal = terminal
        var model = AppModel(deck: deck, options: options, theme: Theme(glyphs: glyphs, usesColor: usesColor))
        pictures = AppPictures.store(depth: AppPictures.depth(asked: depth, usesColor: usesColor), glyphs: glyphs, execution: execution,
                                     waker: terminal.waker)
        model.scene.pictures = pictures
        model.searchExecution = search
        program = Program(model: model, backend: terminal, fps: options.fps)
        run(wait: nil)
    }

    /// The screen as text.
    public var screen: [String] { terminal.screen.lines() }
    /// The screen's cells, with their styles.
    public var canvas: Canvas { terminal.screen }
    public var state: CarouselState { program.model.state }
    public var model: AppModel { program.model }

    /// Types `text` into whatever has the keys (the search line, when open).
    public func type(_ text: String, wait: Double? = nil) {
        for c in text { terminal.schedule(.key(.character(c))) }
        run(wait: wait)
    }
    public var now: Double { terminal.now }

    public func press(_ keys: Key..., wait: Double? = nil) { press(keys, wait: wait) }

    /// The keys at once, as a fast typist or a terminal's burst sends them.
    public func press(_ keys: [Key], wait: Double? = nil) {
        for key in keys { terminal.schedule(.key(key)) }
        run(wait: wait)
    }

    public func click(x: Int, y: Int, wait: Double? = nil) { step(.click(x: x, y: y), wait: wait) }
    public func wheel(up: Bool, x: Int = 0, y: Int = 0, wait: Double? = nil) { step(.wheel(up: up, x: x, y: y), wait: wait) }
    public func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), wait: Double? = nil) {
        step(.drag(x1: start.x, y1: start.y, x2: end.x, y2: end.y), wait: wait)
    }
    public func resize(width: Int, height: Int, wait: Double? = nil) { step(.resize(width: width, height: height), wait: wait) }

    /// Sends any event (a signal, Ctrl-Z, a wake-up).
    public func send(_ event: TerminalEvent, wait: Double? = nil) {
        terminal.schedule(event)
        run(wait: wait)
    }

    /// Lets `seconds` pass on the virtual clock.
    public func wait(_ seconds: Double) { run(wait: seconds) }

    /// Wakes the loop from another thread's point of view (as finished background work does).
    public var waker: Waker { terminal.waker }

    private func step(_ step: ScriptStep, wait: Double?) {
        _ = step.schedule(on: terminal, at: terminal.now)
        run(wait: wait)
    }

    private func run(wait: Double?) {
        guard outcome == nil else { return }
        terminal.deadline = wait.map { terminal.lastScheduledTime + $0 } ?? terminal.lastScheduledTime + HeadlessRenderer.settleLimit
        program.timersRunUntil = wait == nil ? -.infinity : .infinity
        terminal.endsAtRest = wait == nil
        outcome = program.run()
        terminal.deadline = nil
    }
}
