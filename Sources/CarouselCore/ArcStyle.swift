/// The default look, after the "circular slider" demo: cards side by side on a strip that rides an
/// arc (cards further from the centre sit lower). In Scaled mode the centre card grows to 1.5x,
/// moves down a little and gets a filled circle behind it.
public struct ArcStyle: CarouselStyle {
    /// The demo's card is about 200 pt tall; its offsets are in points. A point is this many card heights.
    static let pointInCardHeights = 1.0 / 200
    /// Vertical offset per slot of distance, in demo points (`offsetY = 30pt * |d|`).
    static let arcDrop = 30.0
    /// Extra downward offset of an emphasised card in Scaled mode (`scale * 15pt`).
    static let scaledDrop = 15.0
    /// Portrait cards: width / height in points (3:4).
    static let cardAspect = 0.75
    /// Columns between neighbouring cards at 1x.
    static let gap = 2.0

    public init() {}

    /// The emphasis curve: 1 at the centre, 0 from the neighbours outward (shared by every style).
    public static func emphasisScale(progress d: Double) -> Double { Emphasis.curve(d) }

    /// Vertical offset in demo points for a card at progress `d`, with the mode's emphasis.
    public static func offsetY(progress d: Double, emphasis: Double) -> Double {
        arcDrop * abs(d) + emphasis * emphasisScale(progress: d) * scaledDrop
    }

    /// The drawn scale for a card at progress `d`: 1 in Normal mode, 1 + scale/2 in Scaled mode.
    public static func drawnScale(progress d: Double, emphasis: Double) -> Double {
        1 + emphasis * emphasisScale(progress: d) / 2
    }

    /// The 1x card size for a viewport: as tall as leaves room for the 1.5x centre card and the
    /// arc's drop, and narrow enough that about three cards fit across, unless that leaves it
    /// narrower than `Layout.comfortableWidth` on a screen tall enough for a wider card (a split
    /// pane): then up to that, or 0.6 of the screen, its neighbours peeking in; on a short screen wider
    /// than portrait, up to `Layout.legibleWidth`. Whole cells, so cards do not change size while they move.
    public static func baseCardSize(for viewport: Rect) -> Size {
        var height = (viewport.height - 2) / 1.7
        var width = height * cardAspect * Layout.cellAspect
        let maxWidth = max(viewport.width / 3.2, min(width, viewport.width * 0.6, Layout.comfortableWidth))
        if width > maxWidth {
            width = maxWidth
            height = width / (cardAspect * Layout.cellAspect)
        }
        width = max(width, min(maxWidth, Layout.legibleWidth))
        return Size(width: max(4, width.rounded(.down)), height: max(3, height.rounded(.down)))
    }

    public func metrics(for viewport: Rect, count: Int) -> StyleMetrics {
        let slot = ArcStyle.baseCardSize(for: viewport).width + ArcStyle.gap
        return StyleMetrics(cardsPerScreen: Int((viewport.width / slot).rounded(.down)), cellsPerCard: slot, isVertical: false)
    }

    public func layout(_ input: LayoutInput, into layout: inout Layout) {
        layout.reset()
        let base = ArcStyle.baseCardSize(for: input.viewport)
        layout.baseCardSize = base
        let slot = base.width + ArcStyle.gap
        let point = base.height * ArcStyle.pointInCardHeights
        let centerX = input.viewport.midX
        let centerY = input.viewport.midY - 0.1 * base.height
        let emphasis = clamp(input.emphasis, 0...1)

        if emphasis > 0 {
            let scaled = base.height * 1.5
            layout.backdrop = Backdrop(
                center: Point(x: centerX, y: centerY + ArcStyle.scaledDrop * point),
                radiusY: scaled * 0.55, opacity: emphasis)
        }

        // Widest a card can be is 1.5x; a card further than this from the centre is off screen.
        let radius = (input.viewport.width / 2 + base.width * 0.75) / slot
        input.forEachCard(within: radius) { index, d in
            let scale = ArcStyle.drawnScale(progress: d, emphasis: emphasis)
            let size = Size(width: base.width * scale, height: base.height * scale)
            let center = Point(
                x: centerX + d * slot,
                y: centerY + ArcStyle.offsetY(progress: d, emphasis: emphasis) * point)
            layout.placements.append(CardPlacement(
                index: index, frame: Rect(center: center, size: size), scale: scale,
                blur: 0, opacity: 1, z: -abs(d), progress: d))
        }
        layout.sortByZ()
    }
}
