/// Cards typed or piped into standard input (`carousel -`): separated by a line holding only `---`
/// (trailing spaces and a CR allowed). A card whose first line is `# Some title` takes that title and
/// loses the line; any other card is titled "Card N", N counting the cards read from standard input.
/// Pieces holding nothing but blank lines are not cards (so a leading or doubled `---` does no harm).
enum StandardInputCards {
    /// One card's worth of standard input.
    struct Piece: Equatable {
        /// Its place among the cards of standard input, from 1.
        var number: Int
        /// From a `# Title` first line, sanitised; nil when there was none.
        var title: String?
        /// The rest of the text, raw.
        var art: [UInt8]
    }

    static func split(_ bytes: [UInt8]) -> [Piece] {
        var pieces: [Piece] = []
        var current: [[UInt8].SubSequence] = []
        func flush() {
            defer { current.removeAll(keepingCapacity: true) }
            guard current.contains(where: { !isBlank($0) }) else { return }
            var lines = current[...]
            // Blank lines before a title do not hide it.
            while let first = lines.first, isBlank(first) { lines.removeFirst() }
            var title: String?
            if let first = lines.first, first.starts(with: Array("# ".utf8)) {
                let text = Sanitizer.line(bytes: trimmed(first.dropFirst(2)))
                title = text.isEmpty ? nil : text
                lines.removeFirst()
            }
            var art: [UInt8] = []
            for (i, line) in lines.enumerated() {
                if i > 0 { art.append(0x0A) }
                art += line
            }
            pieces.append(Piece(number: pieces.count + 1, title: title, art: art))
        }
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if trimmed(line).elementsEqual("---".utf8) {
                flush()
            } else {
                current.append(line)
            }
        }
        flush()
        return pieces
    }

    private static func isBlank(_ line: [UInt8].SubSequence) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Without trailing spaces, tabs and CR.
    private static func trimmed(_ line: [UInt8].SubSequence) -> [UInt8].SubSequence {
        var end = line.endIndex
        while end > line.startIndex, [0x20, 0x09, 0x0D].contains(line[line.index(before: end)]) {
            end = line.index(before: end)
        }
        return line[line.startIndex..<end]
    }
}
