import Foundation

/// A place deck files come from: a directory on disk, or the files built into the program.
protocol DeckFolder {
    /// A name for messages.
    var displayName: String { get }
    /// File names directly inside, unsorted.
    func fileNames() throws -> [String]
    func read(_ name: String) throws -> [UInt8]
}

/// The built-in deck, embedded at build time from `Assets/deck`.
struct EmbeddedFolder: DeckFolder {
    var displayName: String { "built-in deck" }
    func fileNames() throws -> [String] { BuiltinDeckFiles.files.map(\.name) }
    func read(_ name: String) throws -> [UInt8] {
        guard let file = BuiltinDeckFiles.files.first(where: { $0.name == name }) else {
            throw DeckError("\(name): not in the built-in deck")
        }
        return Array(file.text.utf8)
    }
}

/// A directory on disk.
struct DiskFolder: DeckFolder {
    var path: String
    var displayName: String { Sanitizer.line(path) }

    func fileNames() throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw DeckError("\(displayName): cannot read the directory (\(DiskFolder.reason(error)))")
        }
    }

    func read(_ name: String) throws -> [UInt8] {
        try DiskFolder.readFile((path as NSString).appendingPathComponent(name))
    }

    /// Largest card file accepted.
    static let maximumFileSize = 1 << 20

    static func readFile(_ path: String) throws -> [UInt8] {
        let shown = Sanitizer.line(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DeckError("\(shown): no such file or directory")
        }
        if isDirectory.boolValue { throw DeckError("\(shown): is a directory, not a card file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DeckError("\(shown): permission denied")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            throw DeckError("\(shown): cannot read (\(reason(error)))")
        }
        if data.count > maximumFileSize { throw DeckError("\(shown): larger than 1 MiB, skipped") }
        return [UInt8](data)
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        switch ns.code {
        case NSFileReadNoPermissionError: return "permission denied"
        case NSFileReadNoSuchFileError: return "no such file or directory"
        default: return ns.localizedDescription
        }
    }
}
