@testable import CarouselDecks
import Testing

/// Cards piped in, separated by `---` lines: split in place (a list of every line took 2.2 GB for
/// 64 MiB of `yes`), with the same cards as splitting the text into lines first.
@Suite struct StandardInputCardsTests {
    /// The split as it was written first: every line listed, then gathered between `---` lines.
    static func splitByLines(_ bytes: [UInt8]) -> [StandardInputCards.Piece] {
        func blank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            var end = line.endIndex
            while end > line.startIndex, [0x20, 0x09, 0x0D].contains(line[end - 1]) { end -= 1 }
            return line[line.startIndex..<end]
        }
        var pieces: [StandardInputCards.Piece] = []
        var current: [ArraySlice<UInt8>] = []
        func flush() {
            defer { current.removeAll() }
            guard current.contains(where: { !blank($0) }) else { return }
            var lines = current[...]
            while let first = lines.first, blank(first) { lines.removeFirst() }
            var title: String?
            if let first = lines.first, first.starts(with: Array("# ".utf8)) {
                let text = StandardInputCards.title(trimmed(first.dropFirst(2)))
                title = text.isEmpty ? nil : text
                lines.removeFirst()
                if let title, lines.allSatisfy(blank) {
                    pieces.append(.init(number: pieces.count + 1, title: title, art: Array(title.utf8)))
                    return
                }
            }
            var art: [UInt8] = []
            for (i, line) in lines.enumerated() {
                if i > 0 { art.append(0x0A) }
                art += line
            }
            pieces.append(.init(number: pieces.count + 1, title: title, art: art))
        }
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if trimmed(line).elementsEqual("---".utf8) { flush() } else { current.append(line) }
        }
        flush()
        return pieces
    }

    @Test func piecesAreTheLinesBetweenSeparators() {
        let text = "# One\nfirst card\n---\n\n\n# Two \r\nsecond\n\n---  \n---\n   \n---\nthird, untitled\n---"
        let pieces = StandardInputCards.split(Array(text.utf8))
        #expect(pieces.map(\.title) == ["One", "Two", nil])
        #expect(pieces.map { String(decoding: $0.art, as: UTF8.self) } == ["first card", "second\n", "third, untitled"])
        #expect(pieces.map(\.number) == [1, 2, 3])
    }

    /// A piece longer than `keep` keeps that many bytes and one more (the caller cuts it at a line's
    /// end and says so).
    @Test func aLongPieceKeepsWhatIsAskedAndOneByteMore() {
        let pieces = StandardInputCards.split(Array("# Log\n0123456789\n---\nshort".utf8), keep: 6)
        #expect(pieces.map { String(decoding: $0.art, as: UTF8.self) } == ["0123456", "short"])
        #expect(pieces.first?.title == "Log")
    }

    /// Every arrangement of a few kinds of line, and random texts of them, split alike both ways.
    @Test func theSplitInPlaceMatchesTheSplitByLines() {
        let kinds = ["---", " --- \r", "# Title", "#  ", "# ", "", "  ", "text", "\r", "----", "# Other"]
        var generator = SystemRandomNumberGenerator()
        var texts: [String] = ["", "\n", "---", "\n---\n", "a", "a\n", "# t", "# t\n"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...9, using: &generator)
            var text = (0..<count).map { _ in kinds.randomElement(using: &generator)! }.joined(separator: "\n")
            if Bool.random(using: &generator) { text += "\n" }
            texts.append(text)
        }
        for text in texts {
            let bytes = Array(text.utf8)
            #expect(StandardInputCards.split(bytes) == Self.splitByLines(bytes), "\(text.debugDescription)")
        }
    }
}
