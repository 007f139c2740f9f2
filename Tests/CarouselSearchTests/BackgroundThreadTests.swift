import CarouselThreads
import Glibc
import Synchronization
import Testing

/// The worker threads the search and the pictures start: named, every signal blocked but a
/// crash's (signals are the main thread's to take), and gone when their work is done.
@Suite struct BackgroundThreadTests {
    struct Seen: Sendable {
        var name = ""
        var blocked: [Int32] = []
        var crashesBlocked: [Int32] = []
        var thread: UInt = 0
    }

    @Test func aWorkerRunsNamedWithEverySignalBlockedAndEnds() throws {
        let seen = Mutex<Seen?>(nil)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &before)
        let started = BackgroundThread.start(name: "carousel-test-of-a-long-name") {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            var found = Seen()
            found.blocked = [SIGTERM, SIGHUP, SIGINT, SIGWINCH, SIGCONT, SIGTSTP].filter { sigismember(&mask, $0) == 1 }
            found.crashesBlocked = BackgroundThread.crashes.filter { sigismember(&mask, $0) == 1 }
            found.name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            let stat = (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)) ?? ""
            found.thread = UInt(stat.prefix { $0 != " " }) ?? 0
            seen.withLock { $0 = found }
        }
        #expect(started)
        var result: Seen?
        for _ in 0..<500 where result == nil {
            usleep(10_000)
            result = seen.withLock { $0 }
        }
        let found = try #require(result, "the thread ran")
        #expect(found.name == "carousel-test-o\n", "the name cut to the 15 bytes a thread's name holds")
        #expect(found.blocked == [SIGTERM, SIGHUP, SIGINT, SIGWINCH, SIGCONT, SIGTSTP])
        // But not a crash's: blocked, it would kill the process without the terminal given back (helper-42).
        #expect(found.crashesBlocked.isEmpty, "\(found.crashesBlocked)")
        #expect(BackgroundThread.crashes.contains(SIGSEGV) && BackgroundThread.crashes.contains(SIGILL))
        // Detached, it leaves nothing behind when its body returns.
        var gone = false
        for _ in 0..<500 where !gone {
            usleep(10_000)
            gone = access("/proc/self/task/\(found.thread)", F_OK) != 0
        }
        #expect(gone, "the thread ended")
        // The starting thread's own mask is as it was.
        var after = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &after)
        #expect((1..<65).allSatisfy { sigismember(&before, $0) == sigismember(&after, $0) })
    }
}
