/// Lays out a frame for a state, including the move from one style to another: while a style
/// switch animates, each card goes smoothly from where the old style put it to where the new one
/// does (no jump cut); cards only one style shows fade in or out. Keeps its buffers between frames.
public struct LayoutEngine: Sendable {
    public private(set) var layout = Layout()
    private var leaving = Layout()

    public init() {}

    /// Forgets the last layout (when nothing can be drawn).
    public mutating func clear() { layout.reset() }

    public mutating func update(for state: CarouselState, viewport: Rect) {
        let input = LayoutInput(state: state, viewport: viewport)
        state.style.engine.layout(input, into: &layout)
        guard let previous = state.previousStyle else { return }
        previous.engine.layout(input, into: &leaving)
        LayoutEngine.blend(from: leaving, into: &layout, t: clamp(state.styleBlend.value, 0...1))
    }

    /// Interpolates `target` from `source` by `t` (0 = source, 1 = target), in place.
    /// Depths are compared relative to each layout's front card, so the active card stays on top.
    static func blend(from source: Layout, into target: inout Layout, t: Double) {
        let sourceTop = source.placements.last?.z ?? 0
        let targetTop = target.placements.last?.z ?? 0
        for i in target.placements.indices {
            var p = target.placements[i]
            p.z -= targetTop
            if let old = source.placements.first(where: { $0.matches(p) }) {
                p.frame = Rect(
                    x: lerp(old.frame.minX, p.frame.minX, t), y: lerp(old.frame.minY, p.frame.minY, t),
                    width: lerp(old.frame.width, p.frame.width, t), height: lerp(old.frame.height, p.frame.height, t))
                p.scale = lerp(old.scale, p.scale, t)
                p.blur = lerp(old.blur, p.blur, t)
                p.opacity = lerp(old.opacity, p.opacity, t)
                p.z = lerp(old.z - sourceTop, p.z, t)
                if t < 0.5 { p.look = old.look }
            } else {
                p.opacity *= t
                p.z -= 1
            }
            target.placements[i] = p
        }
        for old in source.placements where !target.placements.contains(where: { $0.matches(old) }) {
            var p = old
            p.opacity *= 1 - t
            p.z = old.z - sourceTop - 1
            target.placements.append(p)
        }
        switch (source.backdrop, target.backdrop) {
        case (let a?, let b?):
            target.backdrop = Backdrop(
                center: Point(x: lerp(a.center.x, b.center.x, t), y: lerp(a.center.y, b.center.y, t)),
                radiusY: lerp(a.radiusY, b.radiusY, t), opacity: lerp(a.opacity, b.opacity, t))
        case (let a?, nil):
            target.backdrop = Backdrop(center: a.center, radiusY: a.radiusY, opacity: a.opacity * (1 - t))
        case (nil, let b?):
            target.backdrop = Backdrop(center: b.center, radiusY: b.radiusY, opacity: b.opacity * t)
        case (nil, nil):
            break
        }
        target.sortByZ()
    }
}

extension CardPlacement {
    /// The same card in the same place in the deck's order (copies in loop mode are told apart by
    /// their progress).
    func matches(_ other: CardPlacement) -> Bool {
        index == other.index && abs(progress - other.progress) < 0.5
    }
}
