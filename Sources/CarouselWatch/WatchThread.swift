import Glibc
import Synchronization

/// What a watcher and its thread share: the descriptors, the callback, and whether `stop()` has
/// been called (after which no callback starts).
final class WatchShared: Sendable {
    let inotify: Int32
    /// The read end of the pipe whose write end `stop()` closes, waking the thread's poll().
    let wakeRead: Int32
    let wakeWrite: Int32
    let onChange: @Sendable () -> Void
    let stopped = Mutex(false)

    init(inotify: Int32, wakeRead: Int32, wakeWrite: Int32, onChange: @escaping @Sendable () -> Void) {
        self.inotify = inotify
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        self.onChange = onChange
    }
}

/// The watcher's thread: sleeps in poll() on inotify and the stop pipe (no timer unless changes
/// are pending, so nothing runs at rest), reads events, and tells of them once debounced. It owns
/// the watch table and closes inotify and the pipe's read end when it ends.
final class WatchThread {
    private let shared: WatchShared
    private var table: WatchTable
    private var debounce: Debounce

    init(shared: WatchShared, table: WatchTable, debounce: Debounce) {
        self.shared = shared
        self.table = table
        self.debounce = debounce
    }

    /// Starts the thread, which keeps this object until it ends.
    func start() throws(WatchError) -> pthread_t {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<WatchThread>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<WatchThread>.fromOpaque(context).release()
            throw WatchError("cannot start a thread", code: status)
        }
        return thread
    }

    private func run() {
        // Signals are the main thread's to take: one delivered here would not wake its wait for
        // input (a SIGTERM or a resize would go unnoticed until the next key).
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        // Room for many events at once (each is 16 bytes and its name, up to NAME_MAX + 1 padded).
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
        defer {
            buffer.deallocate()
            close(shared.inotify)
            close(shared.wakeRead)
        }
        var fds = [pollfd(fd: shared.inotify, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: shared.wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, debounce.pollTimeout(at: .now))
            if ready < 0 && errno != EINTR { return }
            // Readable or hung up: stop() was called.
            if fds[1].revents != 0 { return }
            if fds[0].revents & Int16(POLLERR | POLLNVAL) != 0 { return }
            if fds[0].revents & Int16(POLLIN) != 0 {
                // One read per wake-up: poll() returns at once while more is queued, and stop() is
                // still seen under a stream of events.
                let count = read(shared.inotify, buffer, capacity)
                if count > 0, changes(in: UnsafeRawBufferPointer(start: buffer, count: count)) {
                    debounce.changed(at: .now)
                }
            }
            if debounce.fire(at: .now), !shared.stopped.withLock({ $0 }) {
                shared.onChange()
            }
        }
    }

    /// Whether any of the events read is a change. Each record is an `inotify_event` followed by
    /// `len` bytes of name, NUL-padded; a record cut short (which the kernel does not do) ends it.
    private func changes(in bytes: UnsafeRawBufferPointer) -> Bool {
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        var changed = false
        while offset + header <= bytes.count {
            let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let nameEnd = offset + header + Int(event.len)
            guard nameEnd <= bytes.count else { break }
            let name = Array(bytes[(offset + header)..<nameEnd].prefix { $0 != 0 })
            // Every event is judged: the table follows new directories on the way.
            if table.isChange(watch: event.wd, mask: event.mask, name: name) { changed = true }
            offset = nameEnd
        }
        return changed
    }
}
