/// The "layered 3D carousel": big cards overlapping their neighbours, the active one on top.
///
/// From the demo: card size `max(min(max(W - 100pt, 0.7 W), H), 1)` of the available W x H, spacing
/// -24 pt, neighbours squashed to 0.7 of their height (interpolated with the phase), z-order
/// `10 - |index - active|`, the title over the bottom-leading corner, a shadow.
public struct StackStyle: CarouselStyle {
    /// A demo point in columns (the demo's cards are a few hundred points wide).
    static let point = 0.25
    static let spacing = -24.0
    static let squash = 0.7

    public init() {}

    /// The demo's size rule in cells: W in columns, H aspect-corrected (rows x 2, leaving two rows
    /// above and below for the shadow and some air; a card area shorter than 16 rows gives up the
    /// air a row at a time, down to the shadow's row, so a taller screen never has smaller cards).
    /// Returns the width in columns; the card is as tall as it is wide, visually, except on a
    /// short screen: there it is at least `Layout.legibleWidth` wide (where the screen
    /// has room) and as tall as the screen allows (`cardHeight`).
    public static func cardSide(for viewport: Rect) -> Double {
        let w = viewport.width
        let spare = clamp(viewport.height - 12, 1...4)
        let h = max(1, viewport.height - spare) * Layout.cellAspect
        let side = max(min(max(w - 100 * point, 0.7 * w), h), 1)
        return max(4, side.rounded(.down), min(Layout.legibleWidth, (0.7 * w).rounded(.down)))
    }

    /// The card's height in rows for `side`: as tall as wide, visually, within the screen (leaving
    /// the shadow's row).
    static func cardHeight(side: Double, viewport: Rect) -> Double {
        max(3, min((side / Layout.cellAspect).rounded(.down), viewport.height - 1))
    }

    /// Height factor for a card at phase v: 1 at the centre, 0.7 from the neighbours outward.
    public static func heightFactor(progress d: Double) -> Double {
        1 - (1 - squash) * abs(clamp(d, -1...1))
    }

    /// `10 - |index - active|`, with the index distance taken from the (wrapped) progress.
    public static func z(progress d: Double) -> Double { 10 - abs(d.rounded()) }

    /// Columns between the centres of neighbouring cards.
    static func slot(side: Double) -> Double { max(2, side + StackStyle.spacing * StackStyle.point) }

    public func metrics(for viewport: Rect, count: Int) -> StyleMetrics {
        let slot = StackStyle.slot(side: StackStyle.cardSide(for: viewport))
        return StyleMetrics(cardsPerScreen: Int((viewport.width / slot).rounded()), cellsPerCard: slot, isVertical: false)
    }

    public func layout(_ input: LayoutInput, into layout: inout Layout) {
        layout.reset()
        let side = StackStyle.cardSide(for: input.viewport)
        let height = StackStyle.cardHeight(side: side, viewport: input.viewport)
        layout.baseCardSize = Size(width: side, height: height)
        let slot = StackStyle.slot(side: side)
        let emphasis = clamp(input.emphasis, 0...1)
        let radius = (input.viewport.width / 2 + side / 2) / slot
        input.forEachCard(within: radius) { index, d in
            let scale = Emphasis.relativeScale(progress: d, emphasis: emphasis)
            let size = Size(width: side * scale, height: height * scale * StackStyle.heightFactor(progress: d))
            let center = Point(x: input.viewport.midX + d * slot, y: input.viewport.midY - 0.5)
            layout.placements.append(CardPlacement(
                index: index, frame: Rect(center: center, size: size), scale: scale,
                blur: 0, opacity: 1, z: StackStyle.z(progress: d), progress: d, look: .layered))
        }
        layout.sortByZ()
    }
}
