import CarouselCards
import Foundation

/// A small deterministic generator (SplitMix64), so every run benchmarks the same bytes.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Fixtures {
    /// Glyphs a card's art is drawn with: plain ASCII art, no quote or backslash so the
    /// manifest needs no escaping beyond line breaks.
    private static let artGlyphs = Array(" .:-=+*#%@/|()[]<>_~^oO0")

    /// A small card: 6 to 10 lines of 10 to 24 columns.
    static func art(_ rng: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: 6...10, using: &rng)).map { _ in
            String((0..<Int.random(in: 10...24, using: &rng)).map { _ in artGlyphs.randomElement(using: &rng)! })
        }
    }

    /// Writes `count` card files (`card-000001.txt`, ...) into a fresh directory `path`.
    static func writeCardDirectory(at path: String, count: Int) throws {
        let fm = FileManager.default
        try? fm.removeItem(atPath: path)
        try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
        var rng = SeededGenerator(seed: 7)
        for i in 1...count {
            let text = art(&rng).joined(separator: "\n") + "\n"
            let file = (path as NSString).appendingPathComponent(String(format: "card-%06d.txt", i))
            try writeUnsynced(text, to: file)
        }
    }

    /// Writes a small file with plain POSIX calls: Foundation's writers sync every file to disk,
    /// which makes writing 100,000 of them take a minute instead of a few seconds.
    private static func writeUnsynced(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    }

    /// The manifest entry of generated card `i` (1-based), art inline.
    private static func manifestEntry(_ i: Int, _ rng: inout SeededGenerator) -> String {
        let art = Fixtures.art(&rng).joined(separator: "\\n")
        return "{\"title\": \"Card \(i)\", \"subtitle\": \"generated\", \"art\": \"\(art)\"}"
    }

    private static func manifest(_ entries: [String]) -> Data {
        Data(("{\"name\": \"Benchmark deck\", \"cards\": [\n" + entries.joined(separator: ",\n") + "\n]}\n").utf8)
    }

    /// Writes one `deck.json` with `count` cards whose art is inline, into a fresh directory
    /// `path`; returns the manifest's path.
    static func writeInlineManifest(at path: String, count: Int) throws -> String {
        let fm = FileManager.default
        try? fm.removeItem(atPath: path)
        try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
        var rng = SeededGenerator(seed: 11)
        let entries = (1...count).map { manifestEntry($0, &rng) }
        let file = (path as NSString).appendingPathComponent("deck.json")
        try manifest(entries).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The same cards as `writeInlineManifest`, split over manifests (`part-0001.json`, ...) of
    /// at most `maximumBytes` each, next to it; returns their paths in order.
    static func writeInlineManifests(at path: String, count: Int, maximumBytes: Int) throws -> [String] {
        var rng = SeededGenerator(seed: 11)
        var paths: [String] = []
        var entries: [String] = []
        var size = 64
        func flush() throws {
            guard !entries.isEmpty else { return }
            let file = (path as NSString).appendingPathComponent(String(format: "part-%04d.json", paths.count + 1))
            try manifest(entries).write(to: URL(fileURLWithPath: file))
            paths.append(file)
            entries.removeAll(keepingCapacity: true)
            size = 64
        }
        for i in 1...count {
            let entry = manifestEntry(i, &rng)
            if size + entry.utf8.count + 2 > maximumBytes { try flush() }
            entries.append(entry)
            size += entry.utf8.count + 2
        }
        try flush()
        return paths
    }

    /// About `size` bytes of what a hostile or careless deck file may hold: ASCII art, multi-byte
    /// UTF-8 (box drawing, accents, CJK, emoji), tabs, CRLF and lone CR, ESC sequences, C1
    /// controls, bidi overrides, and invalid UTF-8 (stray continuation bytes, truncated
    /// sequences, encoded surrogates, 0xFF).
    static func mixedBytes(size: Int) -> [UInt8] {
        let pieces: [[UInt8]] = [
            Array("  .-''''-.   ".utf8), Array("|  o  o  |".utf8), Array("\\__/ (##) %%@@".utf8),
            Array("╭──────╮│░▒▓█│╰──────╯".utf8), Array("café naïve façade".utf8),
            Array("漢字かなカナ한글".utf8), Array("😀🎉👍🏽".utf8),
            Array("\t".utf8), Array("\r\n".utf8), Array("\n".utf8), Array("\r".utf8),
            Array("\u{1B}[31mred\u{1B}[0m".utf8), Array("\u{1B}]0;title\u{07}".utf8),
            [0xC2, 0x9B, 0x33, 0x32, 0x6D],      // C1 CSI, then "32m"
            Array("\u{202E}evil\u{202C}".utf8),
            [0x80, 0xBF], [0xC3], [0xE2, 0x94], [0xED, 0xA0, 0x80], [0xFF, 0xFE], [0xF0, 0x9F, 0x98],
        ]
        // Mostly art and text, now and then something nasty.
        let weights = [30, 30, 20, 12, 8, 6, 4, 6, 4, 14, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]
        precondition(weights.count == pieces.count)
        let total = weights.reduce(0, +)
        var rng = SeededGenerator(seed: 3)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 64)
        while bytes.count < size {
            var pick = Int.random(in: 0..<total, using: &rng)
            var i = 0
            while pick >= weights[i] { pick -= weights[i]; i += 1 }
            bytes += pieces[i]
        }
        return bytes
    }

    /// A fresh scratch directory for this process, removed by `removeScratch()`.
    static let scratch = (NSTemporaryDirectory() as NSString)
        .appendingPathComponent("carousel-bench-\(ProcessInfo.processInfo.processIdentifier)")

    static func removeScratch() {
        try? FileManager.default.removeItem(atPath: scratch)
    }
}
