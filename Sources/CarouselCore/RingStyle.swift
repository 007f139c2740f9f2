import RealModule

/// The "circular layout": cards equidistant on a circle, `a_i = 2 pi i / N + a0`, seen at an angle
/// so the circle is an ellipse. Scrolling turns the ring so the active card comes to the front
/// (the bottom of the ellipse): largest, opaque, on top; cards at the back are smaller, fainter, below.
public struct RingStyle: CarouselStyle {
    /// At most this many cards share the ring; a bigger deck shows the part of it that can be read.
    public static let maximumSlots = 12

    public init() {}

    /// The angle of a card at progress `d` on a ring of `slots` positions: the front is -pi/2.
    public static func angle(progress d: Double, slots: Int) -> Double {
        -Double.pi / 2 + d * 2 * Double.pi / Double(slots)
    }

    /// How near the viewer a card at angle `a` is: 1 at the front, 0 at the back.
    public static func nearness(angle a: Double) -> Double { (1 - Double.sin(a)) / 2 }

    public static func scale(nearness f: Double) -> Double { 0.45 + 0.55 * f }
    public static func opacity(nearness f: Double) -> Double { 0.25 + 0.75 * f }
    public static func blur(nearness f: Double) -> Double { 4 * (1 - f) }

    public static func baseCardSize(for viewport: Rect) -> Size {
        var height = max(3, (viewport.height * 0.45).rounded(.down))
        var width = (height * 0.75 * Layout.cellAspect).rounded(.down)
        // About a quarter of the screen across; on a screen tall enough for a wider card but narrow
        // (a split pane), where that is narrower than `Layout.comfortableWidth`, up to that or half the screen.
        let maxWidth = max(viewport.width * 0.26, min(width, viewport.width * 0.5, Layout.comfortableWidth)).rounded(.down)
        if width > maxWidth {
            width = maxWidth
            height = max(3, (width / (0.75 * Layout.cellAspect)).rounded(.down))
        }
        // On a short screen the front card is wider than portrait, so that its text can be read.
        width = max(width, min(maxWidth, Layout.legibleWidth))
        return Size(width: max(4, width), height: height)
    }

    /// The ellipse's radii: the front card's bottom edge rests on the bottom of the viewport.
    static func radii(for viewport: Rect, base: Size) -> (x: Double, y: Double) {
        let ry = max(0, (viewport.height - base.height) / 2)
        let rx = max(0, min((viewport.width - base.width) / 2 - 1, ry * Layout.cellAspect * 2.5))
        return (rx, ry)
    }

    public func metrics(for viewport: Rect, count: Int) -> StyleMetrics {
        let slots = min(count, RingStyle.maximumSlots)
        let rx = RingStyle.radii(for: viewport, base: RingStyle.baseCardSize(for: viewport)).x
        // At the front a slot of the ring is this long.
        return StyleMetrics(cardsPerScreen: slots / 2, cellsPerCard: rx * 2 * Double.pi / Double(max(slots, 1)), isVertical: false)
    }

    public func layout(_ input: LayoutInput, into layout: inout Layout) {
        layout.reset()
        let base = RingStyle.baseCardSize(for: input.viewport)
        layout.baseCardSize = base
        let slots = min(input.count, RingStyle.maximumSlots)
        let emphasis = clamp(input.emphasis, 0...1)
        let (rx, ry) = RingStyle.radii(for: input.viewport, base: base)
        let center = Point(x: input.viewport.midX, y: input.viewport.midY)
        let bigDeck = input.count > RingStyle.maximumSlots
        // A small deck is a whole ring, whatever the loop setting: each card once, d taken round the ring.
        var ringInput = input
        if !bigDeck { ringInput.loop = true }
        let radius = bigDeck ? Double(RingStyle.maximumSlots) / 2 : Double(input.count)
        ringInput.forEachCardOnce(within: radius) { index, d in
            let a = RingStyle.angle(progress: d, slots: slots)
            let f = RingStyle.nearness(angle: a)
            // In a big deck the cards furthest round fade out before they would meet at the back.
            let fade = bigDeck ? clamp(Double(RingStyle.maximumSlots) / 2 - abs(d), 0...1) : 1
            guard fade > 0 else { return }
            let scale = RingStyle.scale(nearness: f) * Emphasis.relativeScale(progress: d, emphasis: emphasis)
            let position = Point(x: center.x + rx * Double.cos(a), y: center.y - ry * Double.sin(a))
            layout.placements.append(CardPlacement(
                index: index,
                frame: Rect(center: position, size: Size(width: base.width * scale, height: base.height * scale)),
                scale: scale, blur: RingStyle.blur(nearness: f), opacity: RingStyle.opacity(nearness: f) * fade,
                z: f, progress: d, look: .framed))
        }
        layout.sortByZ()
    }
}
