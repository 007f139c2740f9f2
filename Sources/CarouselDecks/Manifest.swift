import CarouselCanvas

/// What a `deck.json` manifest says, after checking: every text shown to the user is already
/// sanitised, except inline art, which is sanitised when its card is first shown.
///
/// ```json
/// {
///   "name": "Portraits",
///   "defaults": { "style": "arc", "mode": "scaled", "loop": true, "start": 2, "kind": "auto" },
///   "cards": [
///     { "file": "mira.txt", "title": "Mira", "subtitle": "Cellist", "accent": "#E06C75" },
///     { "title": "Inline", "art": ["  (o o)", "   \\_/"] },
///     { "file": "notes.txt", "kind": "text" }
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
    var accent: RGB?
    /// How its text is read: "art", "text" or "auto" (checked).
    var kind: String?
    /// Inline art, raw (lines separated by line feeds).
    var art: String?
}
