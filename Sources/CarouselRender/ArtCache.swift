import CarouselCore

/// Art prepared for drawing: parsed once per card, resampled and blurred once per size and blur
/// step, so a frame of a running animation only copies cells. Bounded, so huge decks stay small.
public struct ArtCache: Sendable {
    private struct Key: Hashable {
        var index: Int
        var width: Int
        var height: Int
        var blurStep: Int
    }

    /// Blur is drawn in steps of 1/20 of full blur: finer differences do not show in cells.
    static let blurSteps = 20.0
    static let limit = 512

    private struct TextKey: Hashable {
        var index: Int
        var line: Int
        var text: String
        var blurStep: Int
    }

    private var parsed: [Int: ArtGrid] = [:]
    private var texts: [TextKey: ArtGrid] = [:]
    private var prepared: [Key: ArtGrid] = [:]

    public init() {}

    /// The card's art fitted into `box` (keeping its proportions) and blurred by `blur` (0...1).
    mutating func grid(for index: Int, card: Card, fitting box: (width: Int, height: Int), blur: Double, ramp: [Character]) -> ArtGrid {
        let source: ArtGrid
        if let grid = parsed[index] {
            source = grid
        } else {
            if parsed.count >= ArtCache.limit { parsed.removeAll(keepingCapacity: true) }
            source = ArtGrid(lines: card.art)
            parsed[index] = source
        }
        let size = source.fittedSize(in: box)
        let step = Int((clamp(blur, 0...1) * ArtCache.blurSteps).rounded())
        let key = Key(index: index, width: size.width, height: size.height, blurStep: step)
        if let grid = prepared[key] { return grid }
        if prepared.count >= ArtCache.limit { prepared.removeAll(keepingCapacity: true) }
        var grid = source.resampled(width: size.width, height: size.height)
        if step > 0 { grid = grid.blurred(Double(step) / ArtCache.blurSteps, ramp: ramp) }
        prepared[key] = grid
        return grid
    }

    /// A line of a card's text (0: title, 1: subtitle) blurred by `blur` (0...1).
    mutating func blurredText(_ text: String, index: Int, line: Int, blur: Double, ramp: [Character]) -> ArtGrid {
        let key = TextKey(index: index, line: line, text: text, blurStep: Int((clamp(blur, 0...1) * ArtCache.blurSteps).rounded()))
        if let grid = texts[key] { return grid }
        if texts.count >= ArtCache.limit { texts.removeAll(keepingCapacity: true) }
        let grid = ArtGrid(lines: [text]).blurred(Double(key.blurStep) / ArtCache.blurSteps, ramp: ramp)
        texts[key] = grid
        return grid
    }
}
