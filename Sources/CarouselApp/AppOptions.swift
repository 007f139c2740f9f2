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

    /// The initial state for a deck of `count` cards.
    public func initialState(count: Int) -> CarouselState {
        // The stack demo starts on its second card.
        let index = (start ?? (style == .stack ? 2 : 1)) - 1
        return CarouselState(
            count: count, start: clamp(index, 0...(count - 1)), mode: mode, style: style,
            loop: loop, reduceMotion: reduceMotion)
    }
}
