import CarouselText
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file or directory could not be used: a short reason for a one-line message.
struct FileFailure: Error, Equatable {
    var reason: String

    static let isDirectory = FileFailure(reason: "is a directory, not a card file")
    static let notAFile = FileFailure(reason: "not a regular file (a device or a socket?)")
    static let namedPipe = FileFailure(reason: "a named pipe (FIFO), not read (it would wait for a writer)")

    /// A file whose bytes are not text, and why.
    static func notText(_ bytes: some Collection<UInt8>, head: Bool = false) -> FileFailure {
        FileFailure(reason: "not a text file (\(TextEncoding.refusal(bytes, head: head) ?? "it is not text"))")
    }

    /// A file whose name says it is not text (`.zip`, `.pdf`), or a picture where text was asked for.
    static func notText(named name: [UInt8]) -> FileFailure {
        let base = name.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let ext = base.lastIndex(of: ".").map { base[$0...].lowercased() } ?? ""
        if FileKinds.verdict(forName: name) == .picture { return FileFailure(reason: "a picture, not text (--lines reads lines of text)") }
        // (A photo in a format not shown says so, not only that it is no text: helper-48's iPhone HEIC.)
        if FileKinds.otherPictures.contains(String(ext.dropFirst())) {
            return FileFailure(reason: "a \(Sanitizer.line(ext)) picture, a format not shown (only PNG, JPEG, GIF, WebP, BMP and TIFF)")
        }
        return FileFailure(reason: "not a text file (a \(Sanitizer.line(ext)) file)")
    }

    static func tooLarge(limit: Int) -> FileFailure {
        FileFailure(reason: "larger than \(limit >> 20) MiB, not read")
    }

    /// Plain words for the errors a deck meets, the same in every locale (strerror's text follows
    /// LC_MESSAGES, and tests compare messages).
    init(errno code: Int32) {
        switch code {
        case ENOENT: reason = "no such file or directory"
        case EACCES, EPERM: reason = "permission denied"
        case ELOOP: reason = "too many levels of symbolic links (a symlink loop?)"
        case ENOTDIR: reason = "not a directory (a part of the path is a file)"
        case EISDIR: reason = FileFailure.isDirectory.reason
        case ENAMETOOLONG: reason = "name too long"
        case EMFILE, ENFILE: reason = "too many open files"
        case EIO: reason = "input/output error"
        case ENXIO, ENODEV: reason = "no such device"
        default: reason = "cannot read it (\(Sanitizer.line(String(cString: strerror(code)))), error \(code))"
        }
    }

    init(reason: String) {
        self.reason = reason
    }
}

/// The few system calls the loader needs, on paths kept as bytes: a file name on Linux is any bytes
/// but `/` and NUL, and turning it into a `String` and back would lose the ones that are not UTF-8.
enum FileSystem {
    /// Largest card file read.
    static let maximumFileSize = 1 << 20

    enum Kind: Equatable {
        case file(size: Int)
        case directory
        /// A pipe (`<(command)` in a shell): it can be read only once, so it is read at once.
        case pipe
        /// A FIFO on a file system (`mkfifo`): opening it waits for a writer, maybe for ever.
        case namedPipe
        case other
    }

    /// What is at `path`, following symbolic links.
    /// `PWD` when it names the working directory (a shell keeps it so), else nil.
    static func shellWorkingDirectory() -> [UInt8]? {
        guard let value = getenv("PWD") else { return nil }
        let pwd = Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
        guard let here = resolved(Array(".".utf8)), resolved(pwd) == here else { return nil }
        return pwd
    }

    /// The absolute path with no `.`, `..` or symbolic link in it (`realpath`), or nil.
    static func resolved(_ path: [UInt8]) -> [UInt8]? {
        guard !path.contains(0), let real = (path + [0]).withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { realpath($0.baseAddress!, nil) }
        }) else { return nil }
        defer { free(real) }
        return Array(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }

    static func kind(of path: [UInt8]) -> Result<Kind, FileFailure> {
        var info = stat()
        let status = withCPath(path) { stat($0, &info) }
        if status != 0 { return .failure(FileFailure(errno: errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .success(.file(size: Int(info.st_size)))
        case S_IFDIR: return .success(.directory)
        case S_IFIFO: return .success(isUnnamedPipe(info) ? .pipe : .namedPipe)
        default: return .success(.other)
        }
    }

    /// Whether a FIFO is a pipe made by pipe(2) (a shell's `<(command)`, reached as `/dev/fd/N`) rather
    /// than one made by mkfifo: opening the latter waits for a writer, maybe for ever, the former never.
    /// Every pipe(2) lives on the kernel's one pipe file system, so it has the device of a pipe made here.
    static func isUnnamedPipe(_ info: stat) -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        defer { close(ends[0]); close(ends[1]) }
        var own = stat()
        return fstat(ends[0], &own) == 0 && own.st_dev == info.st_dev
    }

    /// Whether this process may read `path` (checked when a deck is opened, so the message comes
    /// up front rather than when the card scrolls into view).
    static func isReadable(_ path: [UInt8]) -> Bool {
        withCPath(path) { access($0, R_OK) } == 0
    }

    /// The names in a directory, without `.` and `..`, in no particular order.
    static func list(_ directory: [UInt8]) throws(FileFailure) -> [[UInt8]] {
        guard let stream = withCPath(directory, { opendir($0) }) else { throw FileFailure(errno: errno) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names
    }

    /// Cuts `bytes` to its first `limit`, at the end of its last whole line there (when it is longer).
    static func keepHead(_ bytes: inout [UInt8], limit: Int) {
        guard bytes.count > limit else { return }
        var end = limit
        if let newline = bytes[..<end].lastIndex(of: 0x0A) { end = newline + 1 }
        bytes.removeSubrange(end...)
    }

    /// `path` opened for reading if it is a regular file (it may have become a named pipe since it
    /// was looked at: opened without waiting for a writer, then refused), with its size.
    private static func openRegularFile(_ path: [UInt8]) throws(FileFailure) -> (Int32, size: Int?) {
        // O_NONBLOCK: should the file have become a FIFO since it was looked at, opening it returns
        // at once instead of waiting for a writer (it makes no difference to reading a regular file).
        let descriptor = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        if descriptor < 0 { throw FileFailure(errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return (descriptor, nil) }
        let failure: FileFailure?
        switch info.st_mode & S_IFMT {
        case S_IFDIR: failure = .isDirectory
        case S_IFREG: failure = nil
        case S_IFIFO: failure = .namedPipe
        default: failure = .notAFile
        }
        if let failure {
            close(descriptor)
            throw failure
        }
        return (descriptor, Int(info.st_size))
    }

    /// The bytes of a card file; refuses directories, pipes, devices and anything over `limit`.
    static func readFile(_ path: [UInt8], limit: Int = maximumFileSize) throws(FileFailure) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        // A regular file's size is known: do not read a file only to refuse it.
        if let size, size > limit { throw FileFailure.tooLarge(limit: limit) }
        let bytes = try readAll(descriptor, limit: limit)
        if bytes.count > limit { throw FileFailure.tooLarge(limit: limit) }
        return bytes
    }

    /// The first `count` bytes of a regular file (fewer if it is shorter): enough to tell text from binary.
    static func readHead(_ path: [UInt8], count wanted: Int) throws(FileFailure) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        // A size of 0 may be no size at all: the files of /proc and /sys say 0 and hold text (a
        // card of /proc/cpuinfo showed `p`, its first byte; helper-86). Read a chunk at a time.
        if size == 0 {
            var bytes = try readAll(descriptor, limit: max(0, wanted - 1))
            if bytes.count > wanted { bytes.removeSubrange(wanted...) }
            return bytes
        }
        // Room for what the file holds, not for all that may be asked (64 MiB for each file of a
        // `--lines` deck took 11 s for 200 small files; helper-13); one byte more than its size, to
        // see that it grew.
        let count = min(wanted, size.map { $0 + 1 } ?? wanted)
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileFailure(errno: errno)
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Up to `limit + 1` bytes of a pipe made by pipe(2) (see `isUnnamedPipe`), so the caller can
    /// tell that there was more.
    static func readPrefix(_ path: [UInt8], limit: Int) throws(FileFailure) -> [UInt8] {
        // Opened without waiting, in case a named pipe took the path's place since it was looked at;
        // then back to blocking reads once it is known to be the pipe it was.
        let descriptor = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        if descriptor < 0 { throw FileFailure(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFIFO, isUnnamedPipe(info) else {
            throw FileFailure.namedPipe
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return try readAll(descriptor, limit: limit)
    }

    /// Up to `limit + 1` bytes of an open descriptor (one more than allowed, to tell "too large").
    /// `progress` is told the bytes and lines read so far after each read, and every tenth of a
    /// second while nothing comes (a slow command at the other end of a pipe).
    static func readAll(_ descriptor: Int32, limit: Int,
                        progress: ((_ bytes: Int, _ lines: Int) -> Void)? = nil) throws(FileFailure) -> [UInt8] {
        try readUntil(descriptor, limit: limit, progress: progress).bytes
    }

    /// As `readAll`, but stopping early, the input still open (`ended` false), once `enough` says
    /// the bytes read so far will do; it is asked at each tick of a tenth of a second with nothing
    /// to read, and after a read that leaves nothing waiting.
    static func readUntil(_ descriptor: Int32, limit: Int, progress: ((_ bytes: Int, _ lines: Int) -> Void)? = nil,
                     enough: (([UInt8]) -> Bool)? = nil) throws(FileFailure) -> (bytes: [UInt8], ended: Bool) {
        var bytes: [UInt8] = []
        var lines = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            if progress != nil || enough != nil {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                // (A signal handled meanwhile, as the sign's SIGCONT after Ctrl-Z and fg, is a tick
                // too: read would wait for the pipe's next bytes, the sign not shown again till then.)
                let ready = poll(&waiting, 1, 100)
                if ready == 0 || (ready < 0 && errno == EINTR) {
                    progress?(bytes.count, lines)
                    if enough?(bytes) == true { return (bytes, false) }
                    continue
                }
            }
            let want = min(chunk.count, limit + 1 - bytes.count)
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, want) }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileFailure(errno: errno)
            }
            if got == 0 { break }
            bytes += chunk[0..<got]
            if let progress {
                for byte in chunk[0..<got] where byte == 0x0A { lines += 1 }
                progress(bytes.count, lines)
            }
            // (Not while more is waiting: the rest of a burst, or the end of an input that ends
            // with it, is read first.)
            if let enough {
                var more = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&more, 1, 0) == 0, enough(bytes) { return (bytes, false) }
            }
        }
        return (bytes, true)
    }

    /// Runs `body` with `path` as a NUL-terminated C string.
    static func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The home folder (`HOME`), where it is set.
    static var home: [UInt8]? { getenv("HOME").map { Array(String(cString: $0).utf8) }.flatMap { $0.isEmpty ? nil : $0 } }

    /// `directory/name`.
    static func join(_ directory: [UInt8], _ name: [UInt8]) -> [UInt8] {
        if directory.isEmpty { return name }
        if directory.last == UInt8(ascii: "/") { return directory + name }
        return directory + [UInt8(ascii: "/")] + name
    }
}
