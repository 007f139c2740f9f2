import CarouselCards
@testable import CarouselDecks
import Foundation
import Testing

/// What a thread's work came to. Written before a semaphore is signalled and read after: the
/// semaphore orders the two, so no lock is needed.
private final class Outcome<T>: @unchecked Sendable { var value: Result<T, any Error>? }

/// A named pipe (mkfifo) is refused without being opened: opening it for reading waits for a writer,
/// which may never come. A pipe from the shell (`<(command)`, a pipe(2) reached as /dev/fd/N) is still
/// read at once.
@Suite struct NamedPipeTests {
    static let refused = "a named pipe (FIFO), not read (it would wait for a writer)"

    /// Runs `body` on another thread for at most 10 seconds; nil if it was still waiting by then. A
    /// regression then fails instead of hanging the suite: the test releases the waiting open by
    /// opening and closing the FIFO's write side (cleanup only; the fix is not to open it at all).
    func bounded<T: Sendable>(releasing fifo: String, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Thread { outcome.value = Result { try body() }; done.signal() }.start()
        guard done.wait(timeout: .now() + 10) == .timedOut else { return outcome.value }
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        _ = done.wait(timeout: .now() + 10)
        return nil
    }

    /// The deck's error message, or what went wrong instead.
    func failure(loading paths: [String], releasing fifo: String) -> String {
        switch bounded(releasing: fifo, { try DeckLoader.load(paths: paths).count }) {
        case nil: return "waited for a writer"
        case .success(let count): return "loaded \(count) cards"
        case .failure(let error): return (error as? DeckError)?.description ?? "\(error)"
        }
    }

    @Test func aNamedPipeOnTheCommandLineIsRefusedWithoutWaitingForAWriter() throws {
        let scratch = try Scratch()
        let fifo = scratch.at("cards")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(failure(loading: [fifo], releasing: fifo) == "\(fifo): \(Self.refused)")
    }

    @Test func aNamedPipeInADeckDirectoryOrManifestIsNamedAndSkipped() throws {
        let scratch = try Scratch()
        scratch.write("ok", to: "a.txt")
        let fifo = scratch.at("b.txt")
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = scratch.path
        let listed = bounded(releasing: fifo) { try DeckLoader.load(paths: [directory]).problems }
        #expect(try listed?.get() == ["\(fifo): \(Self.refused)"])

        scratch.write(#"{"cards": [{"file": "b.txt"}, {"file": "a.txt"}]}"#, to: "deck.json")
        let named = bounded(releasing: fifo) { try DeckLoader.load(paths: [directory]).problems }
        #expect(try named?.get() == ["\(fifo): \(Self.refused)"])
    }

    @Test func aManifestThatIsANamedPipeIsRefused() throws {
        let scratch = try Scratch()
        let fifo = scratch.at("deck.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(failure(loading: [fifo], releasing: fifo) == "\(fifo): \(Self.refused)")
    }

    /// A file that was a card when the deck opened and is a named pipe when its card comes into view.
    @Test func aCardFileThatBecameANamedPipeIsNotWaitedFor() throws {
        let scratch = try Scratch()
        let fifo = scratch.at("later.txt")
        #expect(mkfifo(fifo, 0o600) == 0)
        let folder = DiskFolder(path: Array(scratch.path.utf8))
        let read = bounded(releasing: fifo) { try folder.read(Array("later.txt".utf8)) }
        #expect(throws: FileFailure.namedPipe) { try read?.get() }
        #expect(read != nil, "reading the card waited for a writer")
    }

    @Test func aPipeFromTheShellIsStillReadAtOnce() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = Array("# Piped\nfrom a pipe\n---\nsecond".utf8)
        #expect(text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == text.count)
        close(ends[1])
        let deck = try DeckLoader.load(paths: ["/dev/fd/\(ends[0])"])
        #expect(deck.cards.map(\.title) == ["Piped", "second"])
        #expect(deck.cards[0].lines == ["from a pipe"])
    }
}
