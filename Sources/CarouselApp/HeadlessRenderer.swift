import CarouselCore
import CarouselRender

/// `--render`: the same path as the terminal (state -> layout -> canvas), stopped at the canvas
/// and printed as text, on a virtual clock so the same inputs always give the same screen.
public enum HeadlessRenderer {
    /// Longest a motion may take on the virtual clock before the screen is printed anyway.
    static let settleLimit = 120.0

    /// Parses `COLSxROWS`.
    public static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 10_000, h <= 10_000 else {
            return nil
        }
        return (w, h)
    }

    /// Parses `right,right,tab`; returns the first name it cannot read as the error.
    public static func parseKeys(_ text: String) -> Result<[Key], KeyNameError> {
        var keys: [Key] = []
        // Names are separated by commas; the comma key itself is called `comma`.
        for name in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let key = Key(name: String(name)) else { return .failure(KeyNameError(name: String(name))) }
            keys.append(key)
        }
        return .success(keys)
    }

    public struct KeyNameError: Error, Equatable { public var name: String }

    /// Renders the screen after `keys`, once the motion has settled or `time` seconds after the
    /// last key. `usesColor` says whether the interactive program would have colour: without it,
    /// faded cards are drawn with thinner glyphs, and the text shows that.
    public static func render(
        deck: some CardProvider, options: AppOptions, width: Int, height: Int,
        keys: [Key], time: Double?, glyphs: Glyphs, usesColor: Bool = true
    ) -> [String] {
        canvas(deck: deck, options: options, width: width, height: height, keys: keys, time: time,
               glyphs: glyphs, usesColor: usesColor).lines()
    }

    /// The same screen as cells, with their styles.
    public static func canvas(
        deck: some CardProvider, options: AppOptions, width: Int, height: Int,
        keys: [Key], time: Double?, glyphs: Glyphs, usesColor: Bool = true
    ) -> Canvas {
        var state = options.initialState(count: deck.count)
        var scene = Scene(theme: Theme(glyphs: glyphs, usesColor: usesColor))
        scene.skippedCards = options.skippedCards
        var canvas = Canvas(width: width, height: height)
        state.send(.setViewport(Scene.viewport(width: width, height: height)))
        for key in keys {
            guard let action = Keymap.action(for: key, in: state, at: 0) else { continue }
            state.send(action)
            if state.wantsQuit { break }
        }
        let step = 1 / max(1, options.fps)
        // A quit key ends the program at once, as it does interactively: the screen is the one it left.
        if state.wantsQuit {
            _ = scene.render(state, deck: deck, into: &canvas)
            return canvas
        }
        if let time {
            var elapsed = 0.0
            // Nothing changes once the motion has settled, however long the virtual clock runs on.
            while elapsed < time && state.isAnimating {
                let dt = min(step, time - elapsed)
                state.send(.tick(dt))
                elapsed += dt
            }
        } else {
            var elapsed = 0.0
            while state.isAnimating && elapsed < settleLimit {
                state.send(.tick(step))
                elapsed += step
            }
        }
        _ = scene.render(state, deck: deck, into: &canvas)
        return canvas
    }
}
