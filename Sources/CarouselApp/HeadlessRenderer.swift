import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender
import CarouselTerminal

/// `--render`: the same path as the terminal (state -> layout -> canvas), stopped at the canvas
/// and printed as text, on a virtual clock so the same inputs always give the same screen.
public enum HeadlessRenderer {
    /// Longest a motion may take on the virtual clock before the screen is printed anyway.
    static let settleLimit = 120.0

    /// The most columns and rows a screen printed by `--render` may have.
    public static let largestSide = Scene.largestSide

    /// Parses `COLSxROWS`, each at most `largestSide`.
    public static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        guard let (w, h) = parseAnySize(text), (1...largestSide).contains(w), (1...largestSide).contains(h) else { return nil }
        return (w, h)
    }

    /// Parses `COLSxROWS` of any size (to say which is wrong: the form, or the size).
    public static func parseAnySize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 0, h >= 0 else { return nil }
        return (w, h)
    }

    /// Parses `right,right,tab,click:40:12`; returns the first step it cannot read as the error.
    public static func parseKeys(_ text: String) -> Result<[ScriptStep], KeyNameError> {
        var steps: [ScriptStep] = []
        // Names are separated by commas; the comma key itself is called `comma`.
        for name in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let step = ScriptStep(name: String(name)) else { return .failure(KeyNameError(name: String(name))) }
            steps.append(step)
        }
        return .success(steps)
    }

    public struct KeyNameError: Error, Equatable { public var name: String }

    /// Renders the screen after the steps, once the motion has settled or `time` seconds after the
    /// last one. `usesColor` says whether the interactive program would have colour: without it,
    /// faded cards are drawn with thinner glyphs, and the text shows that.
    public static func render(
        deck: some CardProvider, options: AppOptions, width: Int, height: Int,
        keys: [ScriptStep], time: Double?, glyphs: Glyphs, usesColor: Bool = true
    ) -> [String] {
        canvas(deck: deck, options: options, width: width, height: height, keys: keys, time: time,
               glyphs: glyphs, usesColor: usesColor).lines()
    }

    /// The same screen as cells, with their styles: the program loop run on an in-memory terminal
    /// whose clock is virtual, with the steps as its input.
    public static func canvas(
        deck: some CardProvider, options: AppOptions, width: Int, height: Int,
        keys: [ScriptStep], time: Double?, glyphs: Glyphs, usesColor: Bool = true
    ) -> Canvas {
        run(deck: deck, options: options, width: width, height: height, keys: keys, time: time,
            glyphs: glyphs, usesColor: usesColor).canvas
    }

    /// A headless run: the screen it ended on, how it ended (nil: the script ran out), and the
    /// deck's card that was active then (what Enter would choose with `--pick`).
    public struct Run {
        public var canvas: Canvas
        public var outcome: Outcome?
        public var active: Int?
        /// What the program would have said on standard error (cards skipped while shown).
        public var reports: [String]
        /// What `--pick` prints: for the card Enter chose, else for the active one.
        public var choice: [UInt8]?
    }

    public static func run(
        deck: some CardProvider, options: AppOptions, width: Int, height: Int,
        keys: [ScriptStep], time: Double?, glyphs: Glyphs, usesColor: Bool = true
    ) -> Run {
        let terminal = MemoryTerminal(width: width, height: height)
        var at = 0.0
        for step in keys { at = step.schedule(on: terminal, at: at) }
        // (The script ends after its last wait, which schedules no event.)
        let scriptEnd = max(at, terminal.lastScheduledTime)
        // Nothing changes once the motion has settled, however long the virtual clock runs on.
        terminal.deadline = scriptEnd + (time ?? settleLimit)
        var model = AppModel(deck: deck, options: options, theme: Theme(glyphs: glyphs, usesColor: usesColor))
        // Pictures are converted as they are asked for: the screen printed is the one with them.
        let depth = AppPictures.depth(asked: InteractiveApp.depth(for: options.color), usesColor: usesColor)
        model.scene.pictures = AppPictures.store(depth: depth, glyphs: glyphs, execution: .inline)
        let program = Program(model: model, backend: terminal, fps: options.fps)
        // Without --time the screen is the one once the motion has settled: a slideshow plays
        // through the script's waits, then waits (helper-54: `wait:10` never moved it on).
        program.timersRunUntil = time == nil ? scriptEnd : .infinity
        let outcome = program.run()
        if outcome != nil {
            // Quit (or a signal) ends it at that moment, as interactively: draw the screen it left.
            // A pick shows the card it chose, at rest (helper-54: `right,enter` printed "b" under a
            // screen still on card a).
            if case .chosen = outcome { program.settle() }
            program.redraw()
        }
        var chosen = program.model.activeDeckIndex
        if case .chosen(let index) = outcome { chosen = index }
        return Run(canvas: terminal.screen, outcome: outcome, active: program.model.activeDeckIndex, reports: terminal.reports,
                   choice: chosen.map { program.model.choiceText(for: $0) })
    }
}
