/// What a `deck.json` manifest says, after checking: every text shown to the user is already
/// sanitised, except inline art, which is sanitised when its card is first shown.
///
/// ```json
/// {
///   "name": "Portraits",
///   "defaults": { "style": "arc", "mode": "scaled", "loop": true, "start": 2 },
///   "cards": [
///     { "file": "mira.txt", "title": "Mira", "subtitle": "Cellist", "accent": "#E06C75" },
///     { "title": "Inline", "art": ["  (o o)", "   \\_/"] }
///   ]
/// }
/// ```
struct Manifest: Sendable, Equatable {
    var name: String?
    var defaults = DeckDefaults()
    /// The cards in order; nil when the manifest has no `cards` key (the directory's `*.txt` files are used).
    var cards: [ManifestCard]?
    /// One line per thing the reader did not use (unknown keys, wrong types, skipped cards), in order.
    var problems: [ManifestProblem] = []
}

/// A message about a manifest, and whether it cost a card.
struct ManifestProblem: Sendable, Equatable {
    var message: String
    var skipsCard = false
}

/// One entry of a manifest's `cards`.
struct ManifestCard: Sendable, Equatable {
    /// Its place in `cards`, from 1, for messages.
    var number: Int
    var line: Int
    /// A path relative to the manifest's directory, as bytes (file names need not be UTF-8).
    var file: [UInt8]?
    var title: String?
    var subtitle: String?
    var accent: ManifestColor?
    /// Inline art, raw (lines separated by line feeds).
    var art: String?
}

/// A colour written `#RRGGBB`.
struct ManifestColor: Sendable, Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    /// Exactly `#` and six hex digits (`RGB(hex:)` is laxer: it takes a sign or no `#`).
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for byte in bytes.dropFirst() {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        red = UInt8(value >> 16)
        green = UInt8((value >> 8) & 0xFF)
        blue = UInt8(value & 0xFF)
    }
}
