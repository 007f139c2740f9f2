/// When a burst of changes is told: once things have been quiet for `quiet` after the last
/// change, but no later than `longest` after the first, so that a checkout touching fifty files
/// gives one reload and a file appended to without pause still shows its new lines.
struct Debounce {
    typealias Instant = ContinuousClock.Instant

    let quiet: Duration
    let longest: Duration
    private var first: Instant?
    private var last: Instant?

    init(quiet: Duration, longest: Duration) {
        self.quiet = quiet
        self.longest = longest
    }

    /// When the pending changes are due to be told; nil when none are pending.
    var deadline: Instant? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + longest)
    }

    mutating func changed(at now: Instant) {
        if first == nil { first = now }
        last = now
    }

    /// True (once) if pending changes are due at `now`.
    mutating func fire(at now: Instant) -> Bool {
        guard let deadline, now >= deadline else { return false }
        first = nil
        last = nil
        return true
    }

    /// poll()'s timeout until the deadline: -1 (wait for an event) when nothing is pending, and
    /// rounded up, so that waking finds the deadline passed rather than polling again for 0 ms.
    func pollTimeout(at now: Instant) -> Int32 {
        guard let deadline else { return -1 }
        guard deadline > now else { return 0 }
        let (seconds, attoseconds) = (deadline - now).components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
