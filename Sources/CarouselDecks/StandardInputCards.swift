import CarouselText

/// Cards typed or piped into standard input (`carousel -`): separated by a line holding only `---`
/// (trailing spaces and a CR allowed). A card whose first line is `# Some title` takes that title and
/// loses the line (a card of that line alone shows its title); any other card is titled by its first
/// line (`DeckBuilder.title(fromFirstLineOf:)`), which it keeps, or "Card N" when that line has no
/// word, N counting the cards read from standard input.
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

    /// Walks the lines in place: a list of every line (two slices each, 32 bytes, where `yes`
    /// writes two bytes a line) took 2.2 GB for 64 MiB of standard input.
    /// `keep`: a piece's text is kept up to this many bytes (one more, so that the caller can tell
    /// it was longer).
    static func split(_ bytes: [UInt8], keep: Int = .max) -> [Piece] {
        var pieces: [Piece] = []
        // A piece is the lines between two `---` lines: `bytes[from..<to]`, joined by line feeds.
        func add(_ from: Int, _ to: Int) {
            var at = from
            // Blank lines before a title do not hide it; a piece of blank lines is no card.
            while at < to {
                let end = bytes[at..<to].firstIndex(of: 0x0A) ?? to
                guard isBlank(bytes[at..<end]) else { break }
                at = end + 1
            }
            guard at < to else { return }
            var title: String?
            let firstEnd = bytes[at..<to].firstIndex(of: 0x0A) ?? to
            if bytes[at..<firstEnd].starts(with: Array("# ".utf8)) {
                let text = StandardInputCards.title(trimmed(bytes[(at + 2)..<firstEnd]))
                title = text.isEmpty ? nil : text
                at = min(to, firstEnd + 1)
                // A card of its title alone shows it (it said "(empty)", where a Markdown file
                // of one heading shows the heading: helper-27).
                if let title, bytes[at..<to].allSatisfy({ $0 == 0x0A || $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                    pieces.append(Piece(number: pieces.count + 1, title: title, art: Array(title.utf8)))
                    return
                }
            }
            pieces.append(Piece(number: pieces.count + 1, title: title, art: Array(bytes[at..<(to - at > keep ? at + keep + 1 : to)])))
        }
        var from = 0, line = 0
        while true {
            let end = bytes[line...].firstIndex(of: 0x0A) ?? bytes.count
            if trimmed(bytes[line..<end]).elementsEqual("---".utf8) {
                // (The line feed before the `---` line ends the piece's last line: not its text.)
                add(from, max(from, line - 1))
                from = min(bytes.count, end + 1)
            }
            guard end < bytes.count else { break }
            line = end + 1
        }
        add(from, bytes.count)
        return pieces
    }

    /// A `# Title` line's title: clean, without colour codes (helper-29: `# Build ␛[32mOK` was its
    /// frame's title, and a pick printed it so).
    static func title(_ bytes: [UInt8].SubSequence) -> String {
        Sanitizer.line(ANSIText.plain(String(decoding: bytes, as: UTF8.self)))
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
