import Glibc

/// Follows a deck's files with inotify and says when they changed, so that `carousel --watch`
/// can read the deck again. A directory is followed with its subdirectories (up to 3 deep and
/// 1,000 directories, hidden ones and symbolic links left out, new ones followed as they come);
/// a file is followed through its parent directory, so a save that renames a new file over it
/// is seen (and so is the next one); a directory named that is removed and made again is followed
/// again; a file linked into the deck is followed where it is too. Editors' swap, backup and
/// hidden files are not changes.
/// Changes close together are told once: `quiet` after the last, or `longest` after the first
/// if they keep coming. The callback runs on the watcher's own thread; it should only note the
/// change and wake the program (it must not wait for a thread that is calling `stop()`).
///
/// `-` (standard input) is skipped: there is no file to follow. A path that cannot be followed
/// (it does not exist, say) is skipped too and listed in `problems`; the watcher then follows
/// what it can, possibly nothing. `init` throws only if inotify or the thread cannot be set up.
public final class DeckWatcher: Sendable {
    /// One line for each path that is not followed (`talk.md: cannot be watched: No such file
    /// or directory`), with the path as given: not sanitised for a terminal.
    public let problems: [String]
    private let shared: WatchShared?
    private let thread: pthread_t?

    /// Whether anything is followed at all (not when every path was `-` or missing).
    public var isWatching: Bool { shared != nil }

    /// Follows `paths` (directories or files) and `files` (paths as bytes, a file's name need
    /// not be UTF-8) from now on; `onChange` is called, on the watcher's thread, `quiet` after a
    /// burst of changes ends, or `longest` after it began.
    public init(paths: [String], files: [[UInt8]] = [], quiet: Duration = .milliseconds(100), longest: Duration = .seconds(1),
                onChange: @escaping @Sendable () -> Void) throws(WatchError) {
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw WatchError("cannot start inotify", code: errno) }
        var table = WatchTable(inotify: inotify)
        var problems: [String] = []
        for path in paths.filter({ $0 != "-" }).map({ Array($0.utf8) }) + files {
            if let code = DeckWatcher.follow(DeckWatcher.absolute(path), in: &table) {
                problems.append("\(String(decoding: path, as: UTF8.self)): cannot be watched: \(String(cString: strerror(code)))")
            }
        }
        if table.full {
            problems.append("more than \(WatchTable.maxDirectories) directories: the others are not watched")
        }
        self.problems = problems
        guard !table.watches.isEmpty else {
            close(inotify)
            shared = nil
            thread = nil
            return
        }
        // A pipe, not an eventfd (which Swift's Glibc module does not bring); no pipe2 either,
        // hence fcntl for close-on-exec.
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let code = errno
            close(inotify)
            throw WatchError("cannot make a pipe", code: code)
        }
        for fd in pipeEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let shared = WatchShared(inotify: inotify, wakeRead: pipeEnds[0], wakeWrite: pipeEnds[1], onChange: onChange)
        let worker = WatchThread(shared: shared, table: table, debounce: Debounce(quiet: quiet, longest: longest))
        do {
            thread = try worker.start()
        } catch {
            for fd in [inotify, pipeEnds[0], pipeEnds[1]] { close(fd) }
            throw error
        }
        self.shared = shared
    }

    deinit {
        stop()
    }

    /// Stops following: no callback starts once this returns (one running is waited for, unless
    /// this is called from the callback itself), and the descriptors are closed. Calling it
    /// again does nothing.
    public func stop() {
        guard let shared, let thread else { return }
        let first = shared.stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // The thread's poll() sees the hang-up, closes the rest and ends.
        close(shared.wakeWrite)
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// Adds `path` (absolute, as bytes) to the table; errno if it cannot be followed.
    private static func follow(_ path: [UInt8], in table: inout WatchTable) -> Int32? {
        var info = stat()
        let status = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) }
        }
        guard status == 0 else { return errno }
        if info.st_mode & S_IFMT == S_IFDIR { return table.addRoot(path) }
        let slash = path.lastIndex(of: UInt8(ascii: "/"))!
        let parent = slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
        if let failure = table.addFile(Array(path[(slash + 1)...]), in: parent) { return failure }
        // (A file named through a link: where it is edited too.)
        if let target = WatchTable.resolved(path), target != path { table.addLinkTarget(path) }
        return nil
    }

    /// `path` as bytes, from the root (watches on subdirectories are added later by path, and the
    /// program might change directory meanwhile), without trailing slashes.
    static func absolute(_ path: String) -> [UInt8] { absolute(Array(path.utf8)) }

    static func absolute(_ path: [UInt8]) -> [UInt8] {
        var bytes = path
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard !bytes.isEmpty, bytes.first != UInt8(ascii: "/"), let cwd = getcwd(nil, 0) else { return bytes }
        defer { free(cwd) }
        return Array(UnsafeRawBufferPointer(start: cwd, count: strlen(cwd))) + [UInt8(ascii: "/")] + bytes
    }
}

/// Why a `DeckWatcher` could not start at all: inotify, a pipe or a thread refused.
public struct WatchError: Error, CustomStringConvertible {
    public let description: String

    init(_ what: String, code: Int32) {
        description = "\(what): \(String(cString: strerror(code)))"
    }
}
