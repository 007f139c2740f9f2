import CarouselCards

/// A loaded deck: its cards (read lazily, see `LazyCardProvider`), its name, how its manifest asks
/// to be shown, and what went wrong on the way.
public struct Deck: Sendable {
    public var name: String
    /// Whether the name is the deck's own (a folder's, a manifest's, a stream's), not the loader's
    /// stand-in for loose card files.
    public var hasOwnName = true
    public var defaults: DeckDefaults
    /// The cards, for the renderer.
    public let provider: LazyCardProvider
    /// One line per thing that could not be used: a skipped file or card, an unknown key in a
    /// manifest, a value of the wrong kind. Sanitised, ready for stderr.
    public var problems: [String]
    /// How many cards or card files were left out (what a status line calls "skipped").
    public var skipped: Int
    /// What of a stream was not read, when it was too long (more lines than `--lines` takes, more
    /// bytes than standard input may give), for the status line to say at once: on standard error
    /// it is seen only after the carousel ends (helper-40: `seq 1200000 | carousel --lines` said
    /// "1/1000000" as if that were all).
    public var cut: String?
    /// The picture files its Markdown shows (a slide of one picture, a picture among a slide's
    /// words), as the deck opens them: what `--watch` follows besides the paths it was given.
    public var pictures: [[UInt8]] = []

    /// A deck of cards already in memory.
    public init(name: String, cards: [Card], problems: [String] = [], defaults: DeckDefaults = DeckDefaults()) {
        let entries = CardEntries(cards.enumerated().lazy.map { i, card in
            CardEntry(id: card.id.isEmpty ? "\(name)#\(i + 1)" : card.id, title: card.title, subtitle: card.subtitle,
                      accent: card.accent, source: .content(card.content), file: card.file, line: card.line)
        })
        self.init(name: name, entries: entries, problems: problems, skipped: problems.count, defaults: defaults)
    }

    init(name: String, entries: CardEntries, problems: [String], skipped: Int, defaults: DeckDefaults) {
        self.name = name
        self.defaults = defaults
        self.provider = LazyCardProvider(entries: entries)
        self.problems = problems
        self.skipped = skipped
    }

    public var count: Int { provider.count }

    /// The cards as a collection. Each access goes through the provider, so walking all of a huge
    /// deck reads every file: give `provider` to the renderer instead.
    public var cards: DeckCards { DeckCards(provider: provider) }
}
