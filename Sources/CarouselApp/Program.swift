import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender
import CarouselTerminal
import Synchronization

/// Where the deck comes from, when it can be read again: after `e` (the card was edited) and when
/// `--watch` sees its files change.
public struct DeckSource: Sendable {
    /// Reads the deck anew: its cards and its name, or a one-line reason it could not be read.
    public var load: @Sendable () -> Result<DeckSource.Read, DeckSource.Failure>
    /// Whether the files changed since the last call (set by a watcher, from any thread).
    public var changed: @Sendable () -> Bool

    public struct Failure: Error, Sendable {
        public var message: String
        public init(_ message: String) { self.message = message }
        /// No deck newer than the one shown (standard input read on made none since): nothing said.
        public static let nothingNew = Failure("")
    }

    /// A deck read anew: its cards, and the name the top bar gives it (nil: the program's own; a
    /// manifest's `name` edited under `--watch` is the new one).
    public struct Read: Sendable {
        public var cards: any CardProvider
        public var name: String?
        /// Files that were left out, and why (one line each, for standard error).
        public var skipped: Int
        public var problems: [String]
        /// Whether more cards are still to come (standard input read on) or were left out (cut):
        /// the status line's count says `+`. Nil: as it was.
        public var readInPart: Bool?
        /// Whether more cards are still to come (see `AppOptions.stillReading`). Nil: as it was.
        public var stillReading: Bool?
        /// Said in the status line, until the next key (what of the input was not read).
        public var notice: String?
        /// How many of its first cards are those of the deck shown before (standard input read
        /// on adds cards at the end): a search in force looks at the others only.
        public var unchanged = 0
        public init(_ cards: any CardProvider, name: String? = nil, skipped: Int = 0, problems: [String] = [],
                    readInPart: Bool? = nil, stillReading: Bool? = nil, notice: String? = nil, unchanged: Int = 0) {
            self.cards = cards
            self.name = name
            self.skipped = skipped
            self.problems = problems
            self.readInPart = readInPart
            self.stillReading = stillReading
            self.notice = notice
            self.unchanged = unchanged
        }
    }

    /// Whether a command run from the carousel (`e`) may have changed the deck, so that it is read
    /// again after it (not standard input read on: its cards come when they come).
    public var readAfterCommands = true

    /// The problems already said on standard error (those of the first reading): a reading
    /// again says only new ones, after the program.
    public var reported: Set<String> = []

    public init(load: @escaping @Sendable () -> Result<DeckSource.Read, DeckSource.Failure>,
                changed: @escaping @Sendable () -> Bool = { false }) {
        self.load = load
        self.changed = changed
    }
}

/// A flag raised from any thread (a watcher saw the deck's files change) and taken by the loop.
public final class ChangeFlag: Sendable {
    private let raised = Atomic<Bool>(false)
    public init() {}
    public func raise() { raised.store(true, ordering: .releasing) }
    /// Whether it was raised since the last call.
    public func take() -> Bool { raised.exchange(false, ordering: .acquiringAndReleasing) }
}

/// The one loop: events -> model -> frame -> backend. The interactive terminal, `--render` (on a
/// virtual clock) and the tests' pilot all run it, so they cannot drift apart. Frames come at the
/// chosen rate only while something moves; at rest it waits for an event, with no timer (a
/// slideshow that plays wakes it once per slide).
public final class Program {
    public private(set) var model: AppModel
    public let backend: any TerminalBackend
    /// Where the deck can be read again from; nil for a deck that cannot (standard input).
    public var deckSource: DeckSource?
    /// Until when the loop waits for a slideshow's next slide as well as for motion and input:
    /// a headless run that prints the screen "once the motion has settled" runs the slideshow only
    /// through its script (its `wait:` steps; a slideshow never rests).
    public var timersRunUntil = Double.infinity
    private var canvas = Canvas(width: 0, height: 0)
    private let frameInterval: Double
    private var lastTick: Double
    private var started = false
    /// The deck's source changed and is to be read again (see `run`).
    private var reloadDue = false

    public init(model: AppModel, backend: any TerminalBackend, fps: Double) {
        self.model = model
        self.backend = backend
        frameInterval = 1 / max(1, min(fps, 240))
        lastTick = backend.now
        self.model.waker = backend.waker
    }

    /// Runs until the program ends (an outcome) or its input ends for good (nil: a script ran out).
    public func run() -> Outcome? {
        if !started {
            started = true
            redraw()
        }
        while true {
            let (animating, deadline) = Self.motion(of: &model)
            var timeout: Double? = animating ? max(0, lastTick + frameInterval - backend.now) : nil
            if let due = deadline, due <= timersRunUntil { timeout = max(0, min(timeout ?? .infinity, due - backend.now)) }
            let before = (model.state, model.overlay, model.revision)
            var repaint = false
            var ended = false
            let batch = backend.events(timeout: timeout)
            // Events read together came together: one time for them all (a mouse press, motion and
            // release in one read measured the drag's speed over microseconds, and flung the strip
            // to its end; helper-78).
            var read = backend.now
            for event in batch {
                switch event {
                case .resize:
                    backend.invalidate()
                    model.terminalCameBack(at: backend.now)
                    repaint = true
                case .suspend:
                    // (Where nothing would bring it back, the stop is discarded: said, not silent;
                    // helper-19 pressed Ctrl-Z inside `x=$(carousel --pick)` and saw nothing.)
                    if !backend.suspend() { model.say("Ctrl-Z: nothing here could bring the carousel back, so it goes on.") }
                    read = backend.now
                    model.terminalCameBack(at: read)
                    repaint = true
                case .wake:
                    repaint = true
                    // (A search that answers lets the keys that waited for it go on: one may end it.)
                    if let outcome = model.update(event, now: read) { return outcome }
                    _ = model.skipBrokenPictures()
                case .end:
                    ended = true
                default:
                    if let outcome = model.update(event, now: read) { return outcome }
                }
            }
            for effect in model.takeEffects() {
                perform(effect)
                repaint = true
            }
            // A deck read anew waits for the search in force to answer, which it restarts (standard
            // input read on replaced its deck four times a second, a search through 300,000 lines
            // restarted each time and never answered; review).
            if deckSource?.changed() == true { reloadDue = true }
            if reloadDue && !model.searchIsAnswering {
                reloadDue = false
                reload()
            }
            let t = backend.now
            if animating { model.advance(by: t - lastTick) }
            // A motion that starts now starts from now, not from when the last one ended.
            lastTick = t
            // (Not at the end: a headless run's clock runs on to its deadline, and a slide due by
            // then is not the screen its keys left; with the zoom open it showed the next card,
            // helper-43. A terminal that went away shows nothing more either.)
            if !ended { model.timePassed(t) }
            // Input that changed nothing (the pointer moving over the screen) draws nothing.
            if animating || repaint || model.state != before.0 || model.overlay != before.1 || model.revision != before.2 {
                redraw()
            }
            if ended { return nil }
        }
    }

    /// Whether the model moves, and when it must wake without an event: read through `inout`, in
    /// place. (Read from this class's stored property, the model was copied first, 2.8 KB with a
    /// retain and a release of every reference in it, on every pass of the loop; a `borrowing`
    /// parameter avoided that only as long as the optimiser chose to: a few lines more in the loop
    /// brought the copy back, 90 more lines of code a frame and twice the retains.)
    private static func motion(of model: inout AppModel) -> (animating: Bool, deadline: Double?) {
        model.motion
    }

    private func perform(_ effect: Effect) {
        switch effect {
        case .run(let command):
            // An editor that is not there is said in the status line, as the shell would say it.
            if let program = command.program, !backend.finds(program) {
                model.commandEnded(command, status: .exited(127))
                return
            }
            // The backend repaints everything next (see `runOutside`).
            let status = backend.runOutside(command.arguments)
            model.commandEnded(command, status: status)
            model.terminalCameBack(at: backend.now)
            // The card may have been edited: read it again.
            if deckSource?.readAfterCommands == true { reload() }
        case .reload:
            reload()
        case .report(let line):
            backend.report(line)
        }
    }

    /// Reads the deck again, if it can be; a deck that cannot be read any more is said so and the
    /// cards read before stay.
    private func reload() {
        guard let deckSource else { return }
        switch deckSource.load() {
        case .success(let read):
            // (A file that cannot be shown, made while watched, is counted and said, as at the
            // start: an empty note was left out in silence; helper-52.)
            model.replaceDeck(read.cards, name: read.name, skipped: read.skipped, readInPart: read.readInPart,
                              stillReading: read.stillReading, unchanged: read.unchanged)
            if let notice = read.notice { model.say(notice) }
            for problem in read.problems where self.deckSource?.reported.insert(problem).inserted == true {
                backend.report("carousel: " + problem)
            }
        case .failure(let failure):
            if !failure.message.isEmpty { model.sayReloadFailed(failure.message) }
        }
    }

    /// Lets the motion under way come to rest (at most `limit` seconds of it, a frame at a time),
    /// without input or drawing.
    public func settle(limit: Double = 10) {
        var passed = 0.0
        while passed < limit, Self.motion(of: &model).animating {
            model.advance(by: frameInterval)
            passed += frameInterval
        }
    }

    /// Draws the model as it is now and presents it.
    public func redraw() {
        let size = backend.size
        if size.width != canvas.width || size.height != canvas.height {
            canvas = Canvas(width: size.width, height: size.height)
        }
        var info = model.render(into: &canvas)
        // A picture found broken while this frame was drawn (converted at once, headless) leaves
        // the strip before the frame is shown; so does one the frame drawn again brings near
        // (each pass leaves out one card at least). With one pass, `--render` kept the second of
        // two broken pictures side by side, drawn as its error, where the program, woken by its
        // worker, leaves it out.
        while model.skipBrokenPictures() { info = model.render(into: &canvas) }
        for effect in model.takeEffects() { perform(effect) }
        backend.present(&canvas, cursor: info.cursor)
    }
}
