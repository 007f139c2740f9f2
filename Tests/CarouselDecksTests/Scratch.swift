import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under the system's temporary directory, removed when the test is done with it.
/// Files are written with raw bytes for names and contents: hostile names need not be UTF-8.
final class Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "carousel-decks-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // Make everything removable again (a test may have taken permissions away).
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", path]).waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/relative`.
    func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes `contents` to `directory/name` (name as raw bytes) and returns the full path as bytes.
    @discardableResult
    func write(_ contents: [UInt8], named name: [UInt8], in directory: String? = nil) -> [UInt8] {
        let full = Array((directory ?? path).utf8) + [UInt8(ascii: "/")] + name
        let descriptor = (full + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        precondition(descriptor >= 0, "cannot create \(String(decoding: full, as: UTF8.self))")
        var written = 0
        while written < contents.count {
            let n = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, contents.count - written) }
            precondition(n > 0)
            written += n
        }
        close(descriptor)
        return full
    }

    @discardableResult
    func write(_ text: String, to name: String, in directory: String? = nil) -> String {
        String(decoding: write(Array(text.utf8), named: Array(name.utf8), in: directory), as: UTF8.self)
    }

    @discardableResult
    func directory(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: at(name), withIntermediateDirectories: true)
        return at(name)
    }

    func symlink(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: at(name), withDestinationPath: target)
    }
}
