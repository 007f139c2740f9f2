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
    /// A deck made of the input read so far, whether the input has ended (or was cut, or could not
    /// be read on), and what to say of it then.
    public struct Made: Sendable {
        public var deck: Deck
        public var ended: Bool
        /// Where the input was not all read: why (a line for the status line and standard error).
        public var cut: String?
        /// How many of the deck's first cards are those of the deck made before (the input only
        /// grows: all but the last, which may have grown).
        public var unchanged = 0
    }

    private let descriptor: Int32
    private let options: LoadOptions
    private let state: Mutex<Made?> = Mutex(nil)
    /// The input read before the stream was made, and the deck its whole lines made, handed to
    /// its thread at start.
    private let before: Mutex<(bytes: [UInt8], deck: Deck?, growing: GrowingLines?)>

    /// The input read so far is `read`, its whole lines made into `deck` (by `growing`, for lines).
    init(descriptor: Int32, read: [UInt8], deck: Deck, growing: GrowingLines?, options: LoadOptions) {
        self.descriptor = descriptor
        self.options = options
        before = Mutex((read, deck, growing))
    }

    /// Seconds between two decks at least; more when making one takes longer (a deck of a million
    /// lines takes seconds to make: the reading does not become making decks).
    static let shortestInterval = 0.25

    /// Starts the reading thread; `changed` is called (on that thread) after each new deck.
    public func start(changed: @escaping @Sendable () -> Void) {
        let (bytes, deck, growing) = before.withLock { before in
            defer { before = ([], nil, nil) }
            return before
        }
        guard let deck else { return }
        let started = BackgroundThread.start(name: "carousel-stdin") { [self] in
            readOn(from: bytes, shown: deck, growing: growing, changed: changed)
        }
        if !started { publish(Made(deck: deck, ended: true, cut: "standard input: could not be read on"), changed: changed) }
    }

    /// The deck made last, once: nil when none was made since the last call (it is not kept
    /// here after: a deck of a million lines is held by the program alone).
    public func latest() -> Made? {
        state.withLock { made in
            defer { made = nil }
            return made
        }
    }

    private func publish(_ made: Made, changed: @Sendable () -> Void) {
        state.withLock { $0 = Self.replacing($0, with: made) }
        changed()
    }

    /// `next` in place of `waiting`, a deck the program has not taken: the cards unchanged are
    /// counted from the deck it shows, so the fewer of the two (it took neither: counted from
    /// `waiting`'s, `next`'s would take for unchanged a card that grew in between; review).
    static func replacing(_ waiting: Made?, with next: Made) -> Made {
        guard let waiting else { return next }
        var made = next
        made.unchanged = min(waiting.unchanged, next.unchanged)
        return made
    }

    /// Reads on from `start` (what was read before, its whole lines made into `shown`, by `growing`
    /// for lines).
    private func readOn(from start: [UInt8], shown: Deck, growing: GrowingLines?, changed: @Sendable () -> Void) {
        var bytes = start
        var shown = shown
        let limit = DeckLoader.maximumStandardInputSize
        let end: UInt8 = options.read0 ? 0 : 0x0A
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var made = bytes.lastIndex(of: end).map { $0 + 1 } ?? 0
        var interval = Self.shortestInterval
        var last = ReadingClock.now()
        var ended = false
        var failure: String?
        var whole = made
        // The input's encoding, counted as it comes (judged again of the whole input for each deck,
        // it took a fifth of a core while a line came every 0.2 s after 300,000 others), and as the
        // deck judges it (with --read0, NUL bytes end lines: counted raw, every such input was "not
        // text", and one whose encoding changed counted its cards unchanged; helper-113).
        var tally = InputEncoding(read0: options.read0)
        tally.add(bytes[..<made])
        var lastEncoding = tally.encoding(of: bytes[..<made])
        // The deck of lines made last, to add the next lines to (nil where the input is not lines
        // of UTF-8). (The deck shown first is added to: made again at the first line that came
        // after it, a deck of 300,000 lines was held twice, its memory doubled for good.)
        var growing = growing
        while !ended {
            // Asleep until more comes, or until the next deck is due for lines that came (no
            // wake-up while nothing comes: `tail -f` of a quiet log).
            let due = whole > made ? Int32(max(0, (interval - (ReadingClock.now() - last)) * 1000).rounded(.up)) : -1
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, due)
            if ready > 0 {
                let want = min(chunk.count, limit + 1 - bytes.count)
                let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, want) }
                if got < 0 && errno == EINTR { continue }
                if got < 0 {
                    // What came before stays; the reason is said (it was, when the input was read whole).
                    failure = "standard input: \(String(cString: strerror(errno))); the rest was not read"
                    ended = true
                } else if got == 0 {
                    ended = true
                } else {
                    // (The end of the last whole line looked for in what came only: a line of
                    // megabytes coming slowly was searched whole at each read.)
                    if let at = chunk[0..<got].lastIndex(of: end) { whole = bytes.count + at + 1 }
                    bytes += chunk[0..<got]
                    if bytes.count > limit { ended = true }
                }
            } else if ready < 0 && errno != EINTR {
                failure = "standard input: \(String(cString: strerror(errno))); the rest was not read"
                ended = true
            }
            guard ended || (whole > made && ReadingClock.now() - last >= interval) else { continue }
            let began = ReadingClock.now()
            // (Where it failed, the last whole line is where it stands: what follows it is the
            // read that failed.)
            let upto = ended && failure == nil ? bytes.count : whole
            let result: Result<Deck, DeckError>
            var grown = false
            if upto <= limit, let deck = growing?.adding(bytes[..<upto]) {
                result = .success(deck)
                grown = true
            } else {
                (result, growing) = Self.make(bytes[..<upto], growing: options)
            }
            tally.add(bytes[made..<whole])
            made = whole
            last = ReadingClock.now()
            // (Lines added to the deck before cost only what they add, however long the deck: a
            // deck made again of all the input waits for four times what that took.)
            interval = grown ? Self.shortestInterval : max(Self.shortestInterval, 4 * (last - began))
            // (Text that was UTF-8 read as Windows-1252 now, or the other way, has other cards
            // before: none of them is counted unchanged; review.)
            let encoding = tally.encoding(of: bytes[..<whole])
            defer { lastEncoding = encoding }
            switch result {
            case .success(let deck):
                let unchanged = encoding == lastEncoding ? max(0, min(shown.count, deck.count) - 1) : 0
                shown = deck
                // (The lines `--lines` takes are all there: what comes after them is not read.)
                if deck.cut != nil { ended = true }
                publish(Made(deck: deck, ended: ended, cut: failure ?? (ended ? deck.cut : nil), unchanged: unchanged), changed: changed)
            case .failure(let error):
                // Input that stops being text (a NUL byte further on): the cards shown stay, and
                // the rest is not read, as the whole input was refused before.
                let reason = error.problems.first ?? error.description
                publish(Made(deck: shown, ended: true, cut: reason + "; the rest was not read", unchanged: shown.count), changed: changed)
                ended = true
            }
        }
    }

    /// The deck of `bytes`, read as standard input, and for lines of UTF-8 (`--lines`) the deck
    /// to add the lines that come next to.
    static func make(_ bytes: ArraySlice<UInt8>, growing options: LoadOptions) -> (Result<Deck, DeckError>, GrowingLines?) {
        guard options.lines else { return (make(bytes, options: options), nil) }
        var lines = GrowingLines(options: options)
        return (lines.start(bytes), lines.encoding == .utf8 ? lines : nil)
    }

    /// The deck of `bytes`, read as standard input.
    static func make(_ bytes: ArraySlice<UInt8>, options: LoadOptions) -> Result<Deck, DeckError> {
        do {
            return .success(try DeckLoader.load(paths: ["-"], options: options, standardInput: { Array(bytes) }))
        } catch let error as DeckError {
            return .failure(error)
        } catch {
            return .failure(DeckError("standard input: \(error)"))
        }
    }
}

/// A deck of lines (`--lines`) read from standard input as it comes, kept to add the lines that
/// come next to. (Made again of the whole input, each new line cost as much as all before it: a
/// deck of 300,000 lines took a third of a core while a line came every 0.2 s, and twice the
/// memory of its deck while it was made again.)
struct GrowingLines: Sendable {
    private var builder: DeckBuilder
    private var tally: InputEncoding
    /// The whole input's encoding.
    private(set) var encoding: TextEncoding?
    /// How many bytes of the input the deck holds.
    private var through = 0

    init(options: LoadOptions) {
        builder = DeckBuilder(options: options)
        tally = InputEncoding(read0: options.read0)
    }

    /// The deck of `bytes`, the input so far (as `DeckLoader.load` reads it).
    mutating func start(_ bytes: ArraySlice<UInt8>) -> Result<Deck, DeckError> {
        tally.add(bytes)
        encoding = tally.encoding(of: bytes)
        through = bytes.endIndex
        builder.addStream(Array(bytes), source: "standard input")
        do {
            return .success(try builder.deck(defaultName: "cards"))
        } catch {
            return .failure(error)
        }
    }

    /// The deck with the lines of `bytes` (the input so far, whole lines but at its end) past those
    /// it holds; nil where they change the whole input's encoding (UTF-8 no more) or pass the most
    /// a stream may give (`LoadOptions.maximumStreamSize`): the deck is to be made again.
    mutating func adding(_ bytes: ArraySlice<UInt8>) -> Deck? {
        guard bytes.count <= builder.options.maximumStreamSize else { return nil }
        let new = bytes[through...]
        var next = tally
        next.add(new)
        guard let encoding, next.encoding(of: bytes) == encoding else { return nil }
        tally = next
        through = bytes.endIndex
        builder.addLinesAfter(Array(new), encoding: encoding)
        return try? builder.deck(defaultName: "cards")
    }
}

/// The encoding of standard input read so far, counted as it comes and judged as `DeckBuilder`
/// judges what it reads: with `--read0`, of the bytes with line feeds for their NUL bytes
/// (`DeckBuilder.encoding(betweenNulBytes:)`).
struct InputEncoding: Sendable {
    private var tally = TextEncoding.Tally()
    let read0: Bool

    init(read0: Bool) { self.read0 = read0 }

    /// Counts the bytes that came after those counted.
    mutating func add(_ bytes: ArraySlice<UInt8>) {
        if read0 { tally.add(bytes.lazy.map { $0 == 0 ? 0x0A : $0 }) } else { tally.add(bytes) }
    }

    /// The encoding of `bytes`, all of them counted.
    func encoding(of bytes: ArraySlice<UInt8>) -> TextEncoding? {
        read0 ? tally.encoding(of: bytes.lazy.map { $0 == 0 ? 0x0A : $0 }) : tally.encoding(of: bytes)
    }
}

/// The monotonic clock, in seconds.
enum ReadingClock {
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
        let began = ReadingClock.now()
        let end: UInt8 = options.read0 ? 0 : 0x0A
        let limit = maximumStandardInputSize
        var early: Deck?
        var growing: GrowingLines?
        var lastTry = 0.0
        var tried = 0
        // Where the last whole line ends, and how far that was looked for.
        var whole = 0, scanned = 0
        let (bytes, ended): ([UInt8], Bool)
        do {
            (bytes, ended) = try FileSystem.readUntil(descriptor, limit: limit, progress: progress) { bytes in
                let now = ReadingClock.now()
                // (At most ten times a second, and only for more whole lines than last time.)
                guard now - began >= patience, now - lastTry >= 0.1, bytes.count <= limit else { return false }
                if let at = bytes[scanned...].lastIndex(of: end) { whole = at + 1 }
                scanned = bytes.count
                guard whole > tried else { return false }
                lastTry = now
                tried = whole
                let (made, lines) = StandardInputStream.make(bytes[..<whole], growing: options)
                guard case .success(let deck) = made, deck.count > 0 else { return false }
                early = deck
                growing = lines
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
            return (early, StandardInputStream(descriptor: descriptor, read: bytes, deck: early, growing: growing, options: options))
        }
        return (try load(paths: ["-"], options: options, standardInput: { bytes }), nil)
    }
}
