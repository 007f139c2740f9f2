import Synchronization

/// What `--watch` follows: the paths it was given, and the picture files the deck's Markdown shows
/// from elsewhere (a talk's chart beside it: replaced, the slide showed the old one until the talk
/// itself was saved). A new reading of the deck may name other pictures (a slide given a new
/// chart); `follow(pictures:)` then starts the watcher again on the new list.
public final class WatchedDeck: Sendable {
    private let paths: [String]
    private let onChange: @Sendable () -> Void
    private let quiet: Duration, longest: Duration
    private let state: Mutex<(watcher: DeckWatcher?, pictures: [[UInt8]])>
    /// The first watcher's problems (see `DeckWatcher.problems`).
    public let problems: [String]

    /// Whether anything is followed at all.
    public var isWatching: Bool { state.withLock { $0.watcher?.isWatching ?? false } }

    public init(paths: [String], pictures: [[UInt8]], quiet: Duration = .milliseconds(100), longest: Duration = .seconds(1),
                onChange: @escaping @Sendable () -> Void) throws(WatchError) {
        let watcher = try DeckWatcher(paths: paths, files: pictures, quiet: quiet, longest: longest, onChange: onChange)
        self.paths = paths
        self.onChange = onChange
        self.quiet = quiet
        self.longest = longest
        problems = watcher.problems
        state = Mutex((watcher, pictures))
    }

    /// Follows `pictures` besides the paths, from now on, when they are not the ones followed
    /// already. (Where a new watcher cannot start, the old one goes on.)
    public func follow(pictures: [[UInt8]]) {
        state.withLock { state in
            guard pictures != state.pictures else { return }
            guard let watcher = try? DeckWatcher(paths: paths, files: pictures, quiet: quiet, longest: longest, onChange: onChange) else { return }
            state.watcher?.stop()
            state = (watcher, pictures)
        }
    }

    /// Stops following (see `DeckWatcher.stop`).
    public func stop() {
        state.withLock { $0.watcher?.stop() }
    }
}
