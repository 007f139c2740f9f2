import Glibc
import Synchronization

/// A fresh directory under /tmp (made by mkdtemp), removed with everything in it when the test
/// is done, and the file operations the tests need, each one system call or a few.
final class WatchScratch {
    let path: String

    init() {
        var template = Array("/tmp/carousel-watch-tests-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit {
        WatchScratch.remove(path)
    }

    func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` to `relative`, replacing the file's contents, or adding to them.
    func write(_ text: String, to relative: String, appending: Bool = false) {
        let descriptor = open(at(relative), O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC), 0o644)
        precondition(descriptor >= 0, "cannot write \(relative)")
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
        close(descriptor)
    }

    /// Reads `relative` through: what the program does when it reloads the deck.
    func read(_ relative: String) -> String {
        let descriptor = open(at(relative), O_RDONLY)
        precondition(descriptor >= 0, "cannot read \(relative)")
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
    }

    func directory(_ relative: String) {
        precondition(mkdir(at(relative), 0o755) == 0, "cannot make \(relative)")
    }

    func rename(_ from: String, to: String) {
        precondition(Glibc.rename(at(from), at(to)) == 0, "cannot rename \(from)")
    }

    func delete(_ relative: String) {
        precondition(unlink(at(relative)) == 0, "cannot delete \(relative)")
    }

    private static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        var names: [String] = []
        if let stream = opendir(path) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(stream)
        }
        for name in names { remove(path + "/" + name) }
        rmdir(path)
    }
}

/// Counts a watcher's callbacks, and waits for them with a bound rather than a fixed sleep.
final class CallCounter: Sendable {
    private let calls = Mutex(0)

    var count: Int { calls.withLock { $0 } }

    /// The callback to give the watcher.
    var record: @Sendable () -> Void {
        { [self] in calls.withLock { $0 += 1 } }
    }

    /// Waits until there have been at least `expected` callbacks (true), or `limit` has passed.
    func wait(for expected: Int, limit: Duration = .seconds(3)) async -> Bool {
        let end = ContinuousClock.now + limit
        while count < expected {
            if ContinuousClock.now >= end { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// The count after `time` without events of the test's own: to show that nothing came.
    func settle(for time: Duration = .milliseconds(400)) async -> Int {
        try? await Task.sleep(for: time)
        return count
    }
}
