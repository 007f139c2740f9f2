/// The "scroll transition" lyrics view: a vertical list in which every line blurs, fades and
/// shrinks with its distance from the middle, continuously across the whole list (the demo's
/// author wanted the effect gradual on every line, not only at the edges):
/// `blur = 10pt * |v|`, `opacity = 1 - |v|`, `scale = 1 - 0.1 * |v|`.
public struct LyricsStyle: CarouselStyle {
    public init() {}

    /// Rows of a line (a box with three rows inside on a usual screen).
    public static func rowHeight(for viewport: Rect) -> Double {
        clamp((viewport.height / 5).rounded(.down), 3...7)
    }

    /// The phase of a line: its distance from the middle, as a fraction of half the list's height.
    public static func phase(progress d: Double, halfSpan: Double) -> Double {
        clamp(d / max(halfSpan, 1), -1...1)
    }

    public static func blur(phase v: Double) -> Double { 10 * abs(v) }
    public static func opacity(phase v: Double) -> Double { 1 - abs(v) }
    public static func scale(phase v: Double) -> Double { 1 - 0.1 * abs(v) }

    public func metrics(for viewport: Rect, count: Int) -> StyleMetrics {
        let slot = LyricsStyle.rowHeight(for: viewport) + 1
        return StyleMetrics(cardsPerScreen: Int((viewport.height / slot).rounded(.down)), cellsPerCard: slot, isVertical: true)
    }

    public func layout(_ input: LayoutInput, into layout: inout Layout) {
        layout.reset()
        let rowHeight = LyricsStyle.rowHeight(for: input.viewport)
        let width = min(input.viewport.width - 4, 72).rounded(.down)
        layout.baseCardSize = Size(width: max(4, width), height: rowHeight)
        let slot = rowHeight + 1
        // Half the list's height, in lines: the phase reaches +-1 where the list leaves the screen.
        let halfSpan = (input.viewport.height / 2 + rowHeight / 2) / slot
        let emphasis = clamp(input.emphasis, 0...1)
        input.forEachCard(within: halfSpan + 0.5) { index, d in
            let v = LyricsStyle.phase(progress: d, halfSpan: halfSpan)
            let opacity = LyricsStyle.opacity(phase: v)
            guard opacity > 0 else { return }
            let scale = LyricsStyle.scale(phase: v) * Emphasis.relativeScale(progress: d, emphasis: emphasis)
            let center = Point(x: input.viewport.midX, y: input.viewport.midY + d * slot)
            layout.placements.append(CardPlacement(
                index: index,
                // Never less than a row inside the box: a line that shrinks keeps a line of its text.
                frame: Rect(center: center, size: Size(width: width * scale, height: max(3, rowHeight * scale))),
                scale: scale, blur: LyricsStyle.blur(phase: v), opacity: opacity,
                z: -abs(d), progress: d, look: .line))
        }
        layout.sortByZ()
    }
}
