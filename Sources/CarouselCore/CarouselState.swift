/// The whole state of a carousel, changed only through `send(_:)`.
///
/// The scroll position is continuous, in card units (`2.0` means card 2 is centred). In loop mode
/// it is unbounded and taken modulo the deck size, so wrapping never jumps.
public struct CarouselState: Sendable, Hashable {
    public let count: Int
    public private(set) var mode: Mode
    public private(set) var style: StyleKind
    /// The style being left while a style switch animates (nil when none is).
    public private(set) var previousStyle: StyleKind?
    /// 0 -> 1 while moving from `previousStyle` to `style`.
    public private(set) var styleBlend = Motion(at: 1)
    public private(set) var loop: Bool
    public var reduceMotion: Bool
    public var spring: Spring
    /// The area the cards are laid out in, set by the app at start and on every resize. The page
    /// size and how finely motion can be seen follow from it and the style.
    public private(set) var viewport: Rect?
    /// The scroll position and its motion.
    public private(set) var scroll: Motion
    /// 0 in Normal mode, 1 in Scaled mode, animated between the two.
    public private(set) var emphasis: Motion
    /// Digits typed in quick succession form one number: the number so far and when its last digit came.
    private var pendingNumber: Int?
    private var pendingNumberTime = 0.0

    /// How far a fling coasts: its speed times this (a UIScrollView-like deceleration of 0.998 per ms).
    public static let coastTime = 0.5

    /// Digits further apart than this start a new number.
    public static let digitChainInterval = 0.8

    public init(
        count: Int, start: Int = 0, mode: Mode = .normal, style: StyleKind = .arc,
        loop: Bool = false, reduceMotion: Bool = false, spring: Spring = .standard
    ) {
        precondition(count > 0, "a carousel needs at least one card")
        self.count = count
        self.mode = mode
        self.style = style
        self.loop = loop
        self.reduceMotion = reduceMotion
        self.spring = spring
        scroll = Motion(at: Double(clamp(start, 0...(count - 1))))
        emphasis = Motion(at: mode == .scaled ? 1 : 0)
    }

    /// The same carousel (mode, style, loop, viewport, spring) over a deck of `count` cards, resting
    /// on card `active`: for a deck that a search narrowed or that was read again. Nothing moves,
    /// unless `keepingMotion`: then the scroll goes on toward `active` as it was going toward its
    /// target (the same card, in a list that grew).
    public func with(count: Int, active: Int, keepingMotion: Bool = false) -> CarouselState {
        var next = CarouselState(count: count, start: active, mode: mode, style: style, loop: loop,
                                 reduceMotion: reduceMotion, spring: spring)
        next.emphasis = emphasis
        next.viewport = viewport
        if keepingMotion {
            next.scroll.value += scroll.value - scroll.target
            next.scroll.velocity = scroll.velocity
        }
        return next
    }

    /// The continuous scroll position.
    public var position: Double { scroll.value }

    /// The current style's metrics for the viewport (nil until the app has set one).
    public var metrics: StyleMetrics? { viewport.map { style.engine.metrics(for: $0, count: count) } }

    /// How many cards a PgUp/PgDn moves: a screenful of the current style.
    public var pageSize: Int { metrics?.cardsPerScreen ?? 3 }

    /// The position as the screen can show it: a whole number of cells away from the target. The
    /// last hair of a spring's overshoot then never tips a card edge one cell over and back after
    /// the motion has visibly ended.
    public var shownPosition: Double {
        guard scroll.value != scroll.target, let metrics else { return scroll.value }
        let cell = 1 / metrics.cellsPerCard
        return scroll.target + ((scroll.value - scroll.target) / cell).rounded() * cell
    }

    /// The card nearest the centre, in 0..<count (past an end, the card at that end: a spring's
    /// overshoot is no card of the other end).
    public var activeIndex: Int {
        let nearest = Int(scroll.value.rounded())
        return loop ? wrap(nearest) : clamp(nearest, 0...(count - 1))
    }

    /// The card the motion is heading to, in 0..<count.
    public var targetIndex: Int { wrap(Int(scroll.target.rounded())) }

    /// True while anything moves: frames are needed only then.
    public var isAnimating: Bool {
        !(scroll.value == scroll.target && scroll.velocity == 0 && emphasis.value == emphasis.target
            && emphasis.velocity == 0 && previousStyle == nil)
    }

    /// Maps any card number onto 0..<count.
    public func wrap(_ index: Int) -> Int {
        let r = index % count
        return r < 0 ? r + count : r
    }

    /// Signed distance of card `index` from the position, in card slots. In loop mode it is taken
    /// modulo the deck size into (-count/2, count/2].
    public func progress(of index: Int) -> Double {
        progress(of: index, at: scroll.value)
    }

    public func progress(of index: Int, at position: Double) -> Double {
        var d = Double(index) - position
        if loop {
            let n = Double(count)
            d = d - n * (d / n).rounded(.down)          // 0 ..< n
            if d > n / 2 { d -= n }                      // (-n/2, n/2]
        }
        return d
    }

    public mutating func send(_ action: Action) {
        switch action {
        case .move(let delta):
            moveTarget(to: scroll.target.rounded() + Double(delta))
        case .first:
            moveTarget(toCard: 0)
            shortenLeap()
        case .last:
            moveTarget(toCard: count - 1)
            shortenLeap()
        case .page(let pages):
            moveTarget(to: scroll.target.rounded() + Double(pages * max(1, pageSize)))
        case .digit(let digit, let time):
            var number = digit
            var pastTheDeck = false
            if let pending = pendingNumber, time - pendingNumberTime <= CarouselState.digitChainInterval,
               pending * 10 + digit > 0 {
                number = pending * 10 + digit
                // Typed on past the deck ("60" of 50 cards): the last card (the number kept small:
                // digits may go on).
                if number > count { number = count + 1; pastTheDeck = true }
            }
            pendingNumber = number
            pendingNumberTime = time
            // "1" is the first card; a lone "0" is the tenth, as on a keyboard's number row. Past
            // the deck, the last card (a lone "8" of 6 cards did nothing): a digit after it only
            // makes the number larger, but for a lone "0" ("05" is card 5, after the strip has
            // headed for the last card).
            let card = pastTheDeck ? count : number == 0 ? 10 : number
            if count > 0 { moveTarget(toCard: min(card, count) - 1) }
            shortenLeap()
        case .jump(let index):
            moveTarget(toCard: wrap(index))
            shortenLeap()
        case .bringToCentre(let slot):
            moveTarget(to: Double(slot))
        case .drag(let position):
            let bounded = loop ? position : clamp(position, -0.35...(Double(count - 1) + 0.35))
            scroll.value = bounded
            scroll.target = bounded
            scroll.velocity = 0
        case .release(let velocity):
            // Like a view-aligned scroll view: the card nearest to where the motion would coast to.
            let projected = scroll.value + velocity * CarouselState.coastTime
            scroll.velocity = velocity
            moveTarget(to: projected)
        case .toggleMode:
            setMode(mode.toggled)
        case .setMode(let newMode):
            setMode(newMode)
        case .nextStyle:
            setStyle(style.next)
        case .setStyle(let newStyle):
            setStyle(newStyle)
        case .toggleLoop:
            loop.toggle()
            if !loop {
                // Leaving loop mode: bring the unbounded position back into the deck without a visible jump.
                let base = Double(count) * (scroll.target.rounded() / Double(count)).rounded(.down)
                scroll.value -= base
                scroll.target -= base
                moveTarget(to: scroll.target)
            }
        case .setViewport(let rect):
            viewport = rect
        case .tick(let dt):
            // Rest is judged in what the eye can see: a motion ends once what is left of it could
            // never move a card by half a cell (the emphasis grows the centre card by half its width).
            let cell = metrics.map { 1 / $0.cellsPerCard } ?? 0
            scroll.step(spring, dt: dt, resolution: cell)
            emphasis.step(spring, dt: dt, resolution: 2 * cell)
            if previousStyle != nil {
                styleBlend.step(spring, dt: dt)
                if styleBlend.value == styleBlend.target { previousStyle = nil }
            }
        }
        if !action.keepsPendingNumber { pendingNumber = nil }
    }

    private mutating func setStyle(_ newStyle: StyleKind) {
        guard newStyle != style else { return }
        if !reduceMotion {
            previousStyle = style
            styleBlend = Motion(at: 0)
            styleBlend.target = 1
        }
        style = newStyle
    }

    private mutating func setMode(_ newMode: Mode) {
        mode = newMode
        emphasis.target = newMode == .scaled ? 1 : 0
        if reduceMotion { emphasis.settle() }
    }

    /// Moves the target to card `index` (0..<count) by the shortest way round in loop mode.
    private mutating func moveTarget(toCard index: Int) {
        if loop {
            let current = scroll.target.rounded()
            moveTarget(to: current + progress(of: index, at: current))
        } else {
            moveTarget(to: Double(index))
        }
    }

    private mutating func moveTarget(to target: Double) {
        scroll.target = loop ? target.rounded() : clamp(target.rounded(), 0...Double(count - 1))
        if reduceMotion { scroll.settle() }
    }

    /// The most cards a leap (Home, End, a card's number, a search's next match) is seen to pass.
    /// (Not a page: a screenful, whose cards were all in sight, moves as it is.)
    public static let longestLeap = 10.0

    /// A leap further than `longestLeap` is made as one of that length, the same motion scaled
    /// down: the spring overshoots by a share of the way (a hundredth), and End in a deck of 1,000
    /// went ten cards past the last, over an empty stage, its count at "8/1000" (helper-76). The
    /// cards between were a blur in any case.
    private mutating func shortenLeap() {
        let offset = scroll.value - scroll.target
        guard abs(offset) > CarouselState.longestLeap else { return }
        let scale = CarouselState.longestLeap / abs(offset)
        scroll.value = scroll.target + offset * scale
        scroll.velocity *= scale
    }
}

extension Action {
    /// Digits and the passing of time keep a number being typed; anything else ends it.
    fileprivate var keepsPendingNumber: Bool {
        switch self {
        case .digit, .tick, .setViewport: true
        default: false
        }
    }
}
