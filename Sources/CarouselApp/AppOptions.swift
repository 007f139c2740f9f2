import CarouselCore
import CarouselTerminal

/// How the user asked for colour.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, never, eight = "8", sixteen = "16", palette256 = "256", truecolor
}

/// Everything the command line can set, independent of how it was parsed.
public struct AppOptions: Sendable {
    public var paths: [String] = []
    public var style: StyleKind = .arc
    public var mode: Mode = .normal
    public var loop = false
    /// 1-based card to start on; nil for the style's default.
    public var start: Int?
    public var ascii = false
    public var color: ColorChoice = .auto
    public var fps = 60.0
    public var reduceMotion = false
    /// Cards of the deck that could not be loaded (shown in the status line).
    public var skippedCards = 0
    /// `--lines`: each card is a line of input (what a picker prints, what `e` may open).
    public var lines = false
    /// `--pick`: Enter chooses the active card and ends the program; Esc and q end it choosing nothing.
    public var pick = false
    /// What a chosen card is printed as (`--print`); nil: its identity (see `CardChoice`).
    public var print: CardChoice.Field?
    /// `--open-with`: the command `e` runs on the active card instead of an editor.
    public var openWith: String?
    /// The editor `e` opens a card's file in: `$VISUAL`, else `$EDITOR`, else vi.
    public var editor = "vi"
    /// `--autoplay`: seconds between slides; nil: no slideshow until `p` starts one.
    public var autoplay: Double?
    /// Said in the status line at the start, until the first key (see `Invocation`: input piped
    /// in without `-`, where no option says it is the deck).
    public var notice: String?
    /// The deck is the first part of a longer input (`--lines` stops at its limit): its count
    /// shows a `+` (`4/1000000+`) for as long as it runs, as the notice says why until a key.
    public var readInPart = false
    /// Cards are still to come (standard input read on): a search that finds none says "yet".
    public var stillReading = false
    /// The deck's name for the top bar (nil: the program's, as for the built-in deck and loose files).
    public var deckName: String?

    public init() {}

    /// Whether the screen has colour: `--color` given explicitly wins over `NO_COLOR` (a command-line
    /// flag overrides the environment); `auto` follows `NO_COLOR` (set and not empty: no colour).
    /// The terminal may still have fewer colours, or none.
    public func wantsColor(environment: [String: String]) -> Bool {
        switch color {
        case .never: false
        case .auto: !ColorDepth.noColorRequested(environment)
        default: true
        }
    }

    /// The editor the environment names: `$VISUAL`, else `$EDITOR`, else vi (as git and less do).
    public static func editor(environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.allSatisfy(\.isWhitespace) { return value }
        }
        return "vi"
    }

    /// The initial state for a deck of `count` cards.
    public func initialState(count: Int) -> CarouselState {
        // The stack demo starts the built-in deck on its second card; the user's own deck starts on
        // its first: a list, a choice for a script (helper-15: Enter at once picked the second
        // branch of `git branch`), a talk and its slideshow (helper-65: the title slide skipped).
        let demo = style == .stack && paths.isEmpty && !pick && !lines && autoplay == nil
        let index = (start ?? (demo ? 2 : 1)) - 1
        return CarouselState(
            count: count, start: clamp(index, 0...(count - 1)), mode: mode, style: style,
            loop: loop, reduceMotion: reduceMotion)
    }
}
