/// Where and how one card is drawn in a frame. Produced by a style, consumed by the renderer.
public struct CardPlacement: Sendable, Hashable {
    /// The card's index in the deck (0..<count).
    public var index: Int
    /// The card's box in cells, after scaling (fractional; the renderer rounds).
    public var frame: Rect
    /// The drawn scale relative to the style's base card size (1 = base size).
    public var scale: Double
    /// Blur radius in demo points (0 = sharp, 10 = the lyrics demo's strongest).
    public var blur: Double
    /// 0 (invisible) ... 1 (opaque).
    public var opacity: Double
    /// Painter's order: higher is drawn later, on top.
    public var z: Double
    /// The card's signed progress `d` (card slots from the centre).
    public var progress: Double
    /// How the card is drawn.
    public var look: CardLook

    public init(index: Int, frame: Rect, scale: Double, blur: Double, opacity: Double, z: Double, progress: Double, look: CardLook = .framed) {
        self.index = index
        self.frame = frame
        self.scale = scale
        self.blur = blur
        self.opacity = opacity
        self.z = z
        self.progress = progress
        self.look = look
    }
}

/// The ways a card can be drawn.
public enum CardLook: Sendable, Hashable {
    /// A box with the art inside and the title on its bottom edge.
    case framed
    /// A box with a shadow and the title laid over the art at the bottom-leading corner.
    case layered
    /// A wide, short row: a small picture, then the title and subtitle as a line of text.
    case line
}

/// A filled ellipse drawn behind the cards (the Scaled mode's background circle).
public struct Backdrop: Sendable, Hashable {
    public var center: Point
    /// Vertical radius in rows; the horizontal radius is `radiusY * cellAspect` columns, so it looks round.
    public var radiusY: Double
    public var radiusX: Double
    public var opacity: Double

    public init(center: Point, radiusY: Double, cellAspect: Double = Layout.cellAspect, opacity: Double) {
        self.center = center
        self.radiusY = radiusY
        radiusX = radiusY * cellAspect
        self.opacity = opacity
    }
}

/// One frame's layout: the placements (in painter's order after `sortByZ`) and the backdrop.
/// Reused from frame to frame so that a running animation allocates nothing.
public struct Layout: Sendable {
    /// Terminal cells are about twice as tall as wide.
    public static let cellAspect = 2.0
    /// Columns a card needs to show a few words of text. On a short screen a portrait card would be
    /// narrower than this; it is made wider instead (squarer), where the screen is wide enough.
    public static let legibleWidth = 14.0
    /// Columns in which a card reads comfortably (a few words a line). On a tall narrow screen (a
    /// split pane) the styles that fit several cards across would make every card narrower than
    /// this; the active card takes up to this much instead, its neighbours peeking in at the sides.
    public static let comfortableWidth = 24.0

    public var placements: [CardPlacement] = []
    public var backdrop: Backdrop?
    /// The style's base (1x) card size in cells for this viewport.
    public var baseCardSize = Size(width: 0, height: 0)

    public init() { placements.reserveCapacity(32) }

    public mutating func reset() {
        placements.removeAll(keepingCapacity: true)
        backdrop = nil
    }

    /// Sorts into painter's order: lowest z first; ties broken by index so the order is stable.
    public mutating func sortByZ() {
        placements.sort { $0.z != $1.z ? $0.z < $1.z : $0.index < $1.index }
    }
}

/// What a style needs to lay out a frame.
public struct LayoutInput: Sendable {
    public var viewport: Rect
    public var position: Double
    public var count: Int
    public var loop: Bool
    /// 0 = Normal, 1 = Scaled, in between while switching.
    public var emphasis: Double

    public init(viewport: Rect, position: Double, count: Int, loop: Bool, emphasis: Double) {
        self.viewport = viewport
        self.position = position
        self.count = count
        self.loop = loop
        self.emphasis = emphasis
    }

    public init(state: CarouselState, viewport: Rect) {
        self.init(
            viewport: viewport, position: state.shownPosition, count: state.count,
            loop: state.loop, emphasis: state.emphasis.value)
    }

    /// Calls `body(index, d)` for every card slot whose progress `d` lies within `radius` slots of
    /// the centre. In loop mode the deck repeats end to end, so a deck shorter than the window shows
    /// a card more than once (as the loopy demo does with copies) and nothing ever jumps across the
    /// screen. The work is proportional to the window, never to the deck.
    @inlinable
    public func forEachCard(within radius: Double, _ body: (Int, Double) -> Void) {
        let n = count
        var low = Int((position - radius).rounded(.up))
        var high = Int((position + radius).rounded(.down))
        if !loop {
            low = max(low, 0)
            high = min(high, n - 1)
        }
        if low > high { return }
        for k in low...high {
            var index = k % n
            if index < 0 { index += n }
            body(index, Double(k) - position)
        }
    }

    /// Like `forEachCard`, but each card once, with `d` taken round the deck into (-n/2, n/2]
    /// (for layouts that are circles themselves).
    @inlinable
    public func forEachCardOnce(within radius: Double, _ body: (Int, Double) -> Void) {
        let n = count
        let half = Double(n) / 2
        var low = Int((position - min(radius, half)).rounded(.down))
        var high = Int((position + min(radius, half)).rounded(.down))
        if !loop {
            // Outside the deck (the loop just switched off mid-motion) the window may miss it entirely.
            low = max(low, 0)
            high = min(high, n - 1)
        }
        if low > high { return }
        for k in low...high {
            let d = Double(k) - position
            guard d > -half, d <= half, abs(d) <= radius else { continue }
            var index = k % n
            if index < 0 { index += n }
            body(index, d)
        }
    }
}

/// What a style's geometry means for navigating it at one viewport size: how many cards a screenful
/// is, how far the strip moves for one card, and which way. Computed from the viewport, never read
/// back from a drawn frame.
public struct StyleMetrics: Sendable, Hashable {
    public var cardsPerScreen: Int
    public var cellsPerCard: Double
    public var isVertical: Bool

    public init(cardsPerScreen: Int, cellsPerCard: Double, isVertical: Bool) {
        self.cardsPerScreen = max(1, cardsPerScreen)
        self.cellsPerCard = max(1, cellsPerCard)
        self.isVertical = isVertical
    }
}

/// A look of the carousel: turns the scroll position into card placements for one frame. An open
/// protocol: a new style needs only these two functions.
public protocol CarouselStyle: Sendable {
    func metrics(for viewport: Rect, count: Int) -> StyleMetrics
    func layout(_ input: LayoutInput, into layout: inout Layout)
}

extension StyleKind {
    /// The engine for this style.
    public var engine: any CarouselStyle {
        switch self {
        case .arc: ArcStyle()
        case .stack: StackStyle()
        case .ring: RingStyle()
        case .lyrics: LyricsStyle()
        }
    }
}

/// The Normal | Scaled emphasis for styles whose cards already fill the space: in Scaled mode the
/// centre card keeps its size and the others shrink to 1/1.5, so the centre is 1.5x its neighbours,
/// as in the arc style, without outgrowing the screen.
public enum Emphasis {
    /// 1 at the centre, 0 from the neighbours outward.
    public static func curve(_ d: Double) -> Double { 1 - abs(clamp(d, -1...1)) }

    public static func relativeScale(progress d: Double, emphasis: Double) -> Double {
        (1 + emphasis * curve(d) / 2) / (1 + emphasis / 2)
    }
}
