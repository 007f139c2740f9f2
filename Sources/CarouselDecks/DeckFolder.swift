#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A place card files come from: a directory on disk, or the files built into the program.
/// Names are bytes (see `FileSystem`); a name may hold `/` when a manifest points into a subdirectory.
protocol DeckFolder: Sendable {
    /// The folder as the user gave it, for messages.
    var displayName: String { get }
    /// File names directly inside, unsorted.
    func fileNames() throws(FileFailure) -> [[UInt8]]
    /// File names directly inside `directory` (a path inside this folder, as a manifest gives it),
    /// unsorted; the folder's own for an empty one.
    func fileNames(in directory: [UInt8]) throws(FileFailure) -> [[UInt8]]
    /// Why `name` cannot be read (a missing file, a directory, more than `limit` bytes...), found
    /// without reading it; nil when it looks fine.
    func problem(with name: [UInt8], limit: Int) -> FileFailure?
    func read(_ name: [UInt8], limit: Int) throws(FileFailure) -> [UInt8]
    /// The first `count` bytes of `name` (to tell text from binary without reading it all).
    func head(_ name: [UInt8], count: Int) throws(FileFailure) -> [UInt8]
    /// `name` inside this folder, for messages.
    func displayName(of name: [UInt8]) -> String
    /// `name` inside this folder as a card's identity: what a picker prints (a path as given).
    func identity(of name: [UInt8]) -> String
    /// The path a decoder opens `name` by; nil when the folder is not on disk.
    func path(of name: [UInt8]) -> [UInt8]?
}

extension DeckFolder {
    /// Why a card file cannot be read, if it cannot (a text file of any size can: a big one shows its
    /// head, see `read`).
    func problem(with name: [UInt8]) -> FileFailure? {
        problem(with: name, limit: .max)
    }

    /// A card file's text: all of it up to 1 MiB, else its first MiB up to the end of a line (a
    /// big log named on the command line was refused, the same bytes piped in shown).
    func read(_ name: [UInt8]) throws(FileFailure) -> [UInt8] {
        try readHead(name, limit: FileSystem.maximumFileSize)
    }

    /// The first `limit` bytes of a file, up to the end of its last whole line there when it is longer.
    func readHead(_ name: [UInt8], limit: Int) throws(FileFailure) -> [UInt8] {
        var bytes = try head(name, count: limit + 1)
        FileSystem.keepHead(&bytes, limit: limit)
        return bytes
    }

    /// Whether `name` is larger than `limit` bytes (what `read` shows only the head of).
    func isLarger(_ name: [UInt8], than limit: Int) -> Bool {
        problem(with: name, limit: limit) == .tooLarge(limit: limit)
    }
}

/// The built-in deck, embedded at build time from `Assets/deck` by the EmbedDeck plugin.
struct EmbeddedFolder: DeckFolder {
    var displayName: String { "built-in deck" }

    func fileNames() throws(FileFailure) -> [[UInt8]] {
        BuiltinDeckFiles.files.map { Array($0.name.utf8) }
    }

    func fileNames(in directory: [UInt8]) throws(FileFailure) -> [[UInt8]] {
        guard directory.isEmpty else { throw FileFailure(errno: ENOENT) }
        return try fileNames()
    }

    func problem(with name: [UInt8], limit: Int) -> FileFailure? {
        guard let file = file(name) else { return FileFailure(errno: ENOENT) }
        return file.text.utf8.count > limit ? .tooLarge(limit: limit) : nil
    }

    func read(_ name: [UInt8], limit: Int) throws(FileFailure) -> [UInt8] {
        if let problem = problem(with: name, limit: limit) { throw problem }
        return Array(file(name)!.text.utf8)
    }

    func head(_ name: [UInt8], count: Int) throws(FileFailure) -> [UInt8] {
        guard let file = file(name) else { throw FileFailure(errno: ENOENT) }
        return Array(file.text.utf8.prefix(count))
    }

    func displayName(of name: [UInt8]) -> String {
        "built-in deck/" + Shown.path(name)
    }

    func identity(of name: [UInt8]) -> String { "builtin:" + String(decoding: name, as: UTF8.self) }

    func path(of name: [UInt8]) -> [UInt8]? { nil }

    private func file(_ name: [UInt8]) -> (name: String, text: String)? {
        BuiltinDeckFiles.files.first { $0.name.utf8.elementsEqual(name) }
    }
}

/// A directory on disk.
struct DiskFolder: DeckFolder {
    var path: [UInt8]

    var displayName: String { Shown.path(path) }

    func fileNames() throws(FileFailure) -> [[UInt8]] {
        try FileSystem.list(path.isEmpty ? Array(".".utf8) : path)
    }

    func fileNames(in directory: [UInt8]) throws(FileFailure) -> [[UInt8]] {
        let full = FileSystem.join(path, directory)
        return try FileSystem.list(full.isEmpty ? Array(".".utf8) : full)
    }

    func problem(with name: [UInt8], limit: Int) -> FileFailure? {
        let full = FileSystem.join(path, name)
        switch FileSystem.kind(of: full) {
        case .failure(let failure): return failure
        case .success(.directory): return .isDirectory
        // A named pipe in a deck would block the viewer whenever its card came into view.
        case .success(.namedPipe): return .namedPipe
        case .success(.pipe), .success(.other): return .notAFile
        case .success(.file(let size)):
            if size > limit { return .tooLarge(limit: limit) }
            guard FileSystem.isReadable(full) else { return FileFailure(errno: EACCES) }
            // A size of 0 may be no size at all (/proc, /sys): what such a file holds is counted,
            // up to the limit (/proc/kallsyms was cut at its first MiB with nothing saying so).
            if size == 0, limit < .max, let head = try? FileSystem.readHead(full, count: limit + 1), head.count > limit {
                return .tooLarge(limit: limit)
            }
            return nil
        }
    }

    func read(_ name: [UInt8], limit: Int) throws(FileFailure) -> [UInt8] {
        try FileSystem.readFile(FileSystem.join(path, name), limit: limit)
    }

    func head(_ name: [UInt8], count: Int) throws(FileFailure) -> [UInt8] {
        try FileSystem.readHead(FileSystem.join(path, name), count: count)
    }

    func displayName(of name: [UInt8]) -> String {
        Shown.path(FileSystem.join(path, name))
    }

    func identity(of name: [UInt8]) -> String { String(decoding: FileSystem.join(path, name), as: UTF8.self) }

    func path(of name: [UInt8]) -> [UInt8]? { FileSystem.join(path, name) }
}
