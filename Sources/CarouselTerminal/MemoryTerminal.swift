import CarouselCanvas
import CarouselCore
import CarouselRender
import Synchronization

/// A terminal in memory on a virtual clock: events are scheduled at times, waiting advances the
/// clock instead of sleeping, and the last frame presented can be read back. `--render` and the
/// tests' pilot drive the same program loop as the real terminal through it.
public final class MemoryTerminal: TerminalBackend {
    public private(set) var now: Double = 0
    public private(set) var size: (width: Int, height: Int)
    /// The frame on the screen.
    public private(set) var screen: Canvas
    public private(set) var cursor: (x: Int, y: Int)?
    /// How many frames were presented.
    public private(set) var frames = 0
    /// When set, waiting stops here and reports `.end` (the end of `--time`, or of a pilot's wait).
    public var deadline: Double?
    /// Whether waiting with nothing scheduled and no timeout reports `.end` at once, the clock left
    /// where it is (a run that waits only for the motion to settle), rather than at the deadline.
    public var endsAtRest = false
    private var scheduled: [(time: Double, event: TerminalEvent)] = []
    private let wakes = WakeCount()

    public init(width: Int, height: Int) {
        size = (width, height)
        screen = Canvas(width: width, height: height)
    }

    /// Schedules an event at `time` (default: now). A resize also changes the size when it is delivered.
    public func schedule(_ event: TerminalEvent, at time: Double? = nil) {
        let at = max(time ?? now, now)
        let index = scheduled.firstIndex { $0.time > at } ?? scheduled.endIndex
        scheduled.insert((at, event), at: index)
    }

    /// The time of the last scheduled event, or now.
    public var lastScheduledTime: Double { scheduled.last?.time ?? now }

    public func events(timeout: Double?) -> [TerminalEvent] {
        let woken = wakes.take()
        if woken { return [.wake] + due() }
        if endsAtRest && timeout == nil && scheduled.isEmpty { return [.end] }
        // Wait until the timeout, the next event or the deadline, whichever comes first. At rest with
        // nothing scheduled and no deadline, nothing will ever happen again.
        guard let until = [timeout.map { now + $0 }, scheduled.first?.time, deadline].compactMap({ $0 }).min() else {
            return [.end]
        }
        now = max(now, until)
        let events = due()
        if events.isEmpty, let deadline, now >= deadline { return [.end] }
        return events
    }

    /// The events due now. A resize comes in a batch of its own, as on a real terminal, where the
    /// program draws what came before it at the old size and what comes after at the new one (keys
    /// and a resize in one batch were all taken at the new size: a zoomed card scrolled by `--keys`
    /// lost the reader's place at `resize:`, where the program keeps it).
    private func due() -> [TerminalEvent] {
        var result: [TerminalEvent] = []
        while let first = scheduled.first, first.time <= now {
            if case .resize(let width, let height) = first.event {
                if !result.isEmpty { break }
                scheduled.removeFirst()
                size = (width, height)
                screen = Canvas(width: width, height: height)
                return [first.event]
            }
            scheduled.removeFirst()
            result.append(first.event)
        }
        return result
    }

    public func present(_ canvas: inout Canvas, cursor: (x: Int, y: Int)?) {
        frames += 1
        self.cursor = cursor
        swap(&screen, &canvas)
        if canvas.width != screen.width || canvas.height != screen.height {
            canvas = Canvas(width: screen.width, height: screen.height)
        }
    }

    public func invalidate() {}
    /// Whether a suspend stops (false: as where no job-control shell looks after the program).
    public var suspendStops = true
    public private(set) var suspends = 0
    /// How long a suspend that stops, or a command run outside, keeps the program away: the
    /// clock moves on by this much meanwhile.
    public var timeAway = 0.0
    @discardableResult public func suspend() -> Bool {
        suspends += 1
        if suspendStops { now += timeAway }
        return suspendStops
    }

    /// What the program reported (see `TerminalBackend.report`), in order.
    public private(set) var reports: [String] = []
    public func report(_ line: String) { reports.append(line) }

    /// The programs run outside (their arguments), in order.
    public private(set) var commandsRun: [[[UInt8]]] = []
    /// What running a program does in a test (e.g. edits a file) and how it ends.
    public var runCommand: ([[UInt8]]) -> CommandStatus = { _ in .exited(0) }
    /// The programs this terminal's system has (nil: every one).
    public var programs: Set<String>? = nil

    public func finds(_ program: String) -> Bool { programs?.contains(program) ?? true }

    public func runOutside(_ arguments: [[UInt8]]) -> CommandStatus {
        commandsRun.append(arguments)
        now += timeAway
        return runCommand(arguments)
    }

    public var waker: Waker {
        Waker { [wakes] in wakes.add() }
    }
}

/// Wake-ups counted from any thread.
private final class WakeCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    /// Whether any came since the last call.
    func take() -> Bool { count.withLock { count in defer { count = 0 }; return count > 0 } }
}
