import CarouselCards
import CarouselCore
import CarouselRender
import CarouselTerminal
import CarouselText
import CarouselThreads

/// The interactive program: the program loop on the real terminal.
public final class InteractiveApp {
    /// The deck, until the program's model takes it (a deck read on from standard input is
    /// replaced: the first one, perhaps of a million lines, is not held for the whole run).
    private var deck: (any CardProvider)?
    private let options: AppOptions
    private let glyphs: Glyphs
    private let source: DeckSource?

    /// `source` reads the deck again (after `e`, and with `--watch`); nil for a deck that cannot be.
    public init(deck: some CardProvider, options: AppOptions, glyphs: Glyphs, source: DeckSource? = nil) {
        self.deck = deck
        self.options = options
        self.glyphs = glyphs
        self.source = source
    }

    /// A deck of the user's (not the built-in one, all drawings) may hold text whose long words
    /// are hyphenated: the patterns are loaded on a worker while the first frame is drawn.
    public static func prepareForText() {
        BackgroundThread.start(name: "carousel-hyph") { Hyphenation.prepare() }
    }

    /// Runs until the program ends; returns how it ended and, when a card was picked, what to print
    /// for it (the terminal is given back by then).
    public func run(environment: [String: String]) throws -> (outcome: Outcome, choice: [UInt8]?) {
        let screen = TerminalScreen()
        try screen.start(colorOverride: InteractiveApp.depth(for: options.color), environment: environment)
        defer { screen.stop() }
        var options = options
        if options.notice == nil, let standIn = screen.standIn {
            options.notice = "no terminfo entry for \(TerminalScreen.printable(environment["TERM"] ?? "")) here: drawn as \(standIn)"
        }
        guard let deck else { return (.quit, nil) }
        self.deck = nil
        var model = AppModel(deck: deck, options: options, theme: Theme(glyphs: glyphs, usesColor: screen.depth != .none))
        // Two workers: one picture can take long to decode (an 8000x8000 photo) while the other
        // goes on converting the cards on screen.
        model.scene.pictures = AppPictures.store(depth: screen.depth, glyphs: glyphs, execution: .background(workers: 2), waker: screen.waker)
        model.searchExecution = .background
        let program = Program(model: model, backend: screen, fps: options.fps)
        program.deckSource = source
        let outcome = program.run() ?? .quit
        if let path = environment["CAROUSEL_STATS"], !path.isEmpty {
            RunStatistics(frames: screen.framesWritten, bytes: screen.bytesWritten, presented: screen.framesPresented).write(to: path)
        }
        if case .chosen(let index) = outcome { return (outcome, program.model.choiceText(for: index)) }
        return (outcome, nil)
    }

    /// The colour depth `--color` forces; nil for `auto` (detect it).
    public static func depth(for choice: ColorChoice) -> ColorDepth? {
        switch choice {
        case .auto: nil
        case .never: ColorDepth.none
        case .eight: .eight
        case .sixteen: .sixteen
        case .palette256: .palette256
        case .truecolor: .truecolor
        }
    }
}
