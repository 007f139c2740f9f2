#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A plain detached thread for work off the frame path (decoding pictures, a search's scan),
/// in place of `DispatchQueue.global`: libdispatch's thread pool on Linux keeps a timer that
/// wakes its manager thread every second for as long as the process lives, once any work has
/// gone through it (helper-41 saw it in a deck of pictures at rest: `timerfd_settime` each
/// second, forever). A thread started here runs `body` and ends, leaving nothing behind; the
/// callers start one when work comes and let it go when the work runs out.
public enum BackgroundThread {
    /// Starts a detached thread named `name` (at most 15 bytes: what `top -H` and `ps -L` show)
    /// that runs `body` with every signal blocked but those a thread raises itself when it
    /// crashes, so that signals stay the main thread's to take (one delivered here would not
    /// wake its wait for input), and a crash here still reaches the handler that gives the
    /// terminal back (blocked, a crash's signal kills the process at once: helper-42). False if
    /// no thread could be made.
    @discardableResult
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        // Blocked in this thread while the new one is made, so that it starts with them blocked:
        // no window in which a signal could land there.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        for signal in crashes { sigdelset(&all, signal) }
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.nameThisThread()
            body.run()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return false
        }
        return true
    }

    /// The signals of a crash (a Swift trap is SIGILL or SIGTRAP; a bad pointer SIGSEGV or SIGBUS).
    public static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGABRT]

    private final class Body {
        let name: String
        let run: @Sendable () -> Void
        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = String(decoding: name.utf8.prefix(15), as: UTF8.self)
            self.run = run
        }

        /// What `pthread_setname_np` does (it is not visible from Swift without `_GNU_SOURCE`).
        func nameThisThread() {
            let file = open("/proc/thread-self/comm", O_WRONLY)
            guard file >= 0 else { return }
            _ = name.withCString { write(file, $0, strlen($0)) }
            close(file)
        }
    }
}
