import CarouselThreads
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Standard input that goes on after its first cards show: `tail -f log | carousel --lines -`,
/// a `find /` that takes minutes, a build's messages as they come. The cards made of what came
/// by then show at once (as fzf lists lines while they arrive), and a thread of its own reads on,
/// making the deck again of all that came at most a few times a second, each deck handed to the
/// program loop (`latest`) with a call to `changed` (which wakes it).
///
/// Only whole lines make cards while the input goes on (a line cut by a read is not a card yet,
/// nor a card's title); the last line without its end is read once the input ends. Reading stops
/// where the whole read stops: past `DeckLoader.maximumStandardInputSize` bytes, or once the
/// deck holds as many lines as `--lines` takes.
public final class StandardInputStream: Sendable {
    /// A deck made of the input read so far, and whether the input has ended (or was cut).
    public struct Made: Sendable {
        public var deck: Result<Deck, DeckError>
        public var ended: Bool
    }

    private let descriptor: Int32
    private let options: LoadOptions
    private let state: Mutex<(made: Made?, taken: Bool)> = Mutex((nil, true))
    /// The input read before the stream was made, handed to its thread at start.
    private let before: Mutex<[UInt8]>

    /// The input read so far is `read` (its whole lines already made into the first deck).
    init(descriptor: Int32, read: [UInt8], options: LoadOptions) {
        self.descriptor = descriptor
        self.options = options
        before = Mutex(read)
    }

    /// Seconds between two decks at least; more when making one takes longer (a deck of a million
    /// lines takes seconds to make: the reading does not become making decks).
    static let shortestInterval = 0.25

    /// Starts the reading thread; `changed` is called (on that thread) after each new deck.
    public func start(changed: @escaping @Sendable () -> Void) {
        let bytes = before.withLock { before in
            defer { before = [] }
            return before
        }
        let started = BackgroundThread.start(name: "carousel-stdin") { [self] in
            readOn(from: bytes, changed: changed)
        }
        if !started { publish(Made(deck: make(bytes, ended: true), ended: true), changed: changed) }
    }

    /// The deck made last, once: nil when none was made since the last call.
    public func latest() -> Made? {
        state.withLock { state in
            guard !state.taken else { return nil }
            state.taken = true
            return state.made
        }
    }

    private func publish(_ made: Made, changed: @Sendable () -> Void) {
        state.withLock { $0 = (made, false) }
        changed()
    }

    private func readOn(from start: [UInt8], changed: @Sendable () -> Void) {
        var bytes = start
        let limit = DeckLoader.maximumStandardInputSize
        let end: UInt8 = options.read0 ? 0 : 0x0A
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var made = bytes.lastIndex(of: end).map { $0 + 1 } ?? 0
        var interval = Self.shortestInterval
        var last = Self.now()
        var ended = false
        var whole = made
        while !ended {
            // Asleep until more comes, or until the next deck is due for lines that came (no
            // wake-up while nothing comes: `tail -f` of a quiet log).
            let due = whole > made ? Int32(max(0, (interval - (Self.now() - last)) * 1000).rounded(.up)) : -1
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, due)
            if ready > 0 {
                let want = min(chunk.count, limit + 1 - bytes.count)
                let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, want) }
                if got < 0 && errno == EINTR { continue }
                // (A read that fails ends the input as its end does: what came before stays.)
                if got <= 0 {
                    ended = true
                } else {
                    // (The end of the last whole line looked for in what came only: a line of
                    // megabytes coming slowly was searched whole at each read.)
                    if let at = chunk[0..<got].lastIndex(of: end) { whole = bytes.count + at + 1 }
                    bytes += chunk[0..<got]
                }
                if bytes.count > limit { ended = true }
            } else if ready < 0 && errno != EINTR {
                ended = true
            }
            guard ended || (whole > made && Self.now() - last >= interval) else { continue }
            let began = Self.now()
            let deck = make(ended ? bytes : Array(bytes[..<whole]), ended: ended)
            made = whole
            last = Self.now()
            interval = max(Self.shortestInterval, 4 * (last - began))
            // (The lines `--lines` takes are all there: what comes after them is not read.)
            if case .success(let read) = deck, read.cut != nil { ended = true }
            publish(Made(deck: deck, ended: ended), changed: changed)
        }
    }

    private func make(_ bytes: [UInt8], ended: Bool) -> Result<Deck, DeckError> {
        do {
            return .success(try DeckLoader.load(paths: ["-"], options: options, standardInput: { bytes }))
        } catch let error as DeckError {
            return .failure(error)
        } catch {
            return .failure(DeckError("standard input: \(error)"))
        }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

extension DeckLoader {
    /// Reads standard input for the cards it makes: all of it when it ends soon, else (after
    /// `patience` seconds) as soon as its whole lines make a card, the rest to be read by the
    /// stream returned (start it once the cards show). `progress` is told the bytes and lines
    /// read, as in `readStandardInput`.
    /// (`descriptor`: standard input's, or the tests' pipe.)
    public static func openStandardInput(options: LoadOptions, patience: Double, descriptor: Int32 = 0,
                                         progress: ((_ bytes: Int, _ lines: Int) -> Void)?) throws -> (deck: Deck, stream: StandardInputStream?) {
        let began = StandardInputStream.now()
        let end: UInt8 = options.read0 ? 0 : 0x0A
        var early: Deck?
        var lastTry = 0.0
        var tried = 0
        // Where the last whole line ends, and how far that was looked for.
        var whole = 0, scanned = 0
        let (bytes, ended): ([UInt8], Bool)
        do {
            (bytes, ended) = try FileSystem.readUntil(descriptor, limit: maximumStandardInputSize, progress: progress) { bytes in
                let now = StandardInputStream.now()
                // (At most ten times a second, and only for more whole lines than last time.)
                guard now - began >= patience, now - lastTry >= 0.1 else { return false }
                if let at = bytes[scanned...].lastIndex(of: end) { whole = at + 1 }
                scanned = bytes.count
                guard whole > tried else { return false }
                lastTry = now
                tried = whole
                let prefix = Array(bytes[..<whole])
                guard let deck = try? load(paths: ["-"], options: options, standardInput: { prefix }), deck.count > 0 else { return false }
                early = deck
                return true
            }
        } catch {
            // Said as the whole read says it (see `load`).
            let failure = error
            return (try load(paths: ["-"], options: options, standardInput: { throw failure }), nil)
        }
        if !ended, let early {
            // A deck that holds all the lines `--lines` takes needs no more of the input.
            if early.cut != nil { return (early, nil) }
            return (early, StandardInputStream(descriptor: descriptor, read: bytes, options: options))
        }
        return (try load(paths: ["-"], options: options, standardInput: { bytes }), nil)
    }
}
