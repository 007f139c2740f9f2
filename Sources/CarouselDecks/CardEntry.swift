import CarouselCore

/// A card as the loader found it: everything cheap is known (title, subtitle, accent); the art is
/// only said where to find, and is read and sanitised when the card is first shown.
struct CardEntry: Sendable {
    /// Where the card came from (see `Card.id`).
    var id: String
    var title: String
    var subtitle: String = ""
    var accent: RGB?
    var art: ArtSource
}

/// Where a card's art comes from.
enum ArtSource: Sendable {
    /// Already clean lines.
    case lines([String])
    /// Raw text (inline art from a manifest).
    case text(String)
    /// Raw bytes (a card from standard input, or a pipe read when the deck opened).
    case bytes([UInt8])
    /// A file, read on first use.
    case file(any DeckFolder, [UInt8])

    /// The clean lines. A file that cannot be read any more (deleted or changed since the deck
    /// opened) gives a one-line card saying so, rather than stopping the viewer.
    func lines() -> [String] {
        switch self {
        case .lines(let lines):
            return lines
        case .text(let text):
            return Sanitizer.lines(from: text)
        case .bytes(let bytes):
            return Sanitizer.lines(from: bytes)
        case .file(let folder, let name):
            do {
                return Sanitizer.lines(from: try folder.read(name))
            } catch {
                return ["(\(folder.displayName(of: name)): \(error.reason))"]
            }
        }
    }
}
