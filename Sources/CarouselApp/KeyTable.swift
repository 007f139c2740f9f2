import CarouselCore
import CarouselRender

/// One row of the key table, in the manner of Go's bubbles/key: the keys with the command each
/// asks for, how people write them and what they do. The key map, the `?` overlay, the status-line
/// hint, `--help` and the README's Keys table all come from these rows.
public struct KeyBinding: Sendable {
    /// Where a binding applies.
    public enum Context: Sendable, Hashable {
        /// The carousel itself: these are the rows the `?` overlay lists.
        case carousel
        /// While the `?` overlay is open.
        case help
        /// While a card is zoomed (open full screen).
        case zoom
        /// While the search line is open (`/`): keys type into it, except these.
        case search
        /// With `--pick`: these come before the carousel's own (Enter chooses instead of zooming).
        case pick
        /// Read by the terminal layer before any key map, wherever the program is (Ctrl-Z).
        case terminal
    }

    /// A binding's part of the status-line hint: its keys, short, and one word.
    public struct Hint: Sendable {
        public var keys: String
        public var asciiKeys: String
        public var word: String
        /// Kept when the status line is short of room (the way to the help, out of a zoom, the pick).
        public var essential = false
    }

    public var context: Context
    /// Each key with its own command (a pair like Left / Right moves back and on).
    public var commands: [(key: Key, command: Command)]
    /// What every key not bound in this context does (in the help overlay: close it).
    public var otherKeys: Command?
    /// How the keys are written for people, e.g. `← → h l`.
    public var label: String
    /// The label in 7-bit ASCII (for `--ascii`, `--help` and the README).
    public var asciiLabel: String
    /// What the keys do, e.g. `previous / next card`.
    public var help: String
    public var hint: Hint?

    public var keys: [Key] { commands.map(\.key) }

    /// Whether its keys scroll (a zoomed card whose text fits has no use for them).
    var scrolls: Bool {
        commands.contains {
            switch $0.command {
            case .scroll, .scrollPage, .scrollTop, .scrollEnd: true
            default: false
            }
        }
    }

    init(_ label: String, ascii: String? = nil, _ help: String, keys: [(Key, Command)],
         otherKeys: Command? = nil, hint: Hint? = nil, in context: Context = .carousel) {
        self.context = context
        self.commands = keys.map { (key: $0.0, command: $0.1) }
        self.otherKeys = otherKeys
        self.label = label
        self.asciiLabel = ascii ?? label
        self.help = help
        self.hint = hint
    }
}

extension KeyBinding.Context {
    /// Where `--pick`'s rows come before the context's own: on the strip and on a zoomed card
    /// (not in the help, where other keys close it, nor in the search line, where keys type).
    var takesPickRows: Bool { self == .carousel || self == .zoom }
}

extension KeyBinding.Hint {
    init(_ keys: String, ascii: String? = nil, _ word: String, essential: Bool = false) {
        self.init(keys: keys, asciiKeys: ascii ?? keys, word: word, essential: essential)
    }
}

/// Every key of the program, once. Everything that reads or shows keys is built from `bindings`.
public enum KeyTable {
    public static let bindings: [KeyBinding] = [
        KeyBinding("← → h l", ascii: "Left/Right h l", "previous / next card",
                   keys: [(.left, .move(-1)), (.character("h"), .move(-1)), (.right, .move(1)), (.character("l"), .move(1))],
                   hint: .init("←→", ascii: "<- ->", "move")),
        KeyBinding("Home End g G", "first / last card",
                   keys: [(.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last)]),
        KeyBinding("PgUp PgDn", "a screenful back / on", keys: [(.pageUp, .page(-1)), (.pageDown, .page(1))]),
        KeyBinding("1-9 0", "jump to a card (type 12 for card 12; past the end, the last)",
                   keys: (0...9).map { (.character(Character(String($0))), .digit($0)) }),
        // Up/Down are the natural keys of the vertical lyrics style; they work in every style.
        KeyBinding("↑ ↓ k j", ascii: "Up/Down k j", "previous / next (any style)",
                   keys: [(.up, .move(-1)), (.character("k"), .move(-1)), (.down, .move(1)), (.character("j"), .move(1))]),
        KeyBinding("Enter Space", "open the card full screen (zoom)", keys: [(.enter, .zoom), (.character(" "), .zoom)]),
        KeyBinding("Tab Shift-Tab", "Normal / Scaled", keys: [(.tab, .toggleMode), (.backTab, .toggleMode)], hint: .init("Tab", "mode")),
        KeyBinding("s", "next style: arc, stack, ring, lyrics", keys: [(.character("s"), .nextStyle)]),
        KeyBinding("o", "loop around the deck on / off", keys: [(.character("o"), .toggleLoop)]),
        KeyBinding("/", "find: show only the cards holding what you type", keys: [(.character("/"), .find)],
                   hint: .init("/", "find")),
        KeyBinding("n N", "next / previous match", keys: [(.character("n"), .nextMatch(1)), (.character("N"), .nextMatch(-1))]),
        KeyBinding("e", "open the card's file in $VISUAL / $EDITOR (or --open-with)", keys: [(.character("e"), .open)]),
        KeyBinding("p", "play the deck as a slideshow / pause", keys: [(.character("p"), .togglePlay)]),
        KeyBinding("?", "show / hide this help", keys: [(.character("?"), .toggleHelp)], hint: .init("?", "help", essential: true)),
        KeyBinding("q Esc", "quit (Esc first clears a search)", keys: [(.character("q"), .quit), (.escape, .quit)],
                   hint: .init("q", "quit")),
        KeyBinding("Ctrl-C", "quit at once (exit status 130)", keys: [(.controlC, .interrupt)]),
        KeyBinding("↑ ↓ k j", ascii: "Up/Down k j", "zoomed: scroll a line",
                   keys: [(.up, .scroll(-1)), (.character("k"), .scroll(-1)), (.down, .scroll(1)), (.character("j"), .scroll(1))],
                   hint: .init("↑↓", ascii: "Up/Down", "scroll"), in: .zoom),
        // (As a pager's Space and b, and a presenter's clicker, which sends PgDn / PgUp: a talk
        // zoomed went on no further with PgDn, and Space closed it; helper-65.)
        KeyBinding("PgUp PgDn b Space", "zoomed: a page back / on; from the top / end, the previous / next card",
                   keys: [(.pageUp, .turnPage(-1)), (.character("b"), .turnPage(-1)), (.pageDown, .turnPage(1)), (.character(" "), .turnPage(1))],
                   in: .zoom),
        KeyBinding("Home End g G", "zoomed: top / end of the text",
                   keys: [(.home, .scrollTop), (.character("g"), .scrollTop), (.end, .scrollEnd), (.character("G"), .scrollEnd)], in: .zoom),
        KeyBinding("← → h l", ascii: "Left/Right h l", "zoomed: previous / next card",
                   keys: [(.left, .move(-1)), (.character("h"), .move(-1)), (.right, .move(1)), (.character("l"), .move(1))],
                   hint: .init("←→", ascii: "<- ->", "card"), in: .zoom),
        // (A talk shown full screen goes to slide 9 without closing it: helper-16.)
        KeyBinding("1-9 0", "zoomed: go to a card, zoomed (type 12 for card 12)",
                   keys: (0...9).map { (.character(Character(String($0))), .digit($0)) }, in: .zoom),
        KeyBinding("e", "zoomed: open the card's file", keys: [(.character("e"), .open)], in: .zoom),
        // (Typed in the zoom, "/word" had no search to go to: its letters were commands, and `e` opened an editor.)
        KeyBinding("/", "zoomed: close it and find", keys: [(.character("/"), .find)], in: .zoom),
        KeyBinding("n N", "zoomed: next / previous match (in the card, then the next card's)",
                   keys: [(.character("n"), .nextMatch(1)), (.character("N"), .nextMatch(-1))], in: .zoom),
        KeyBinding("p", "zoomed: play the slideshow / pause (a talk full screen)", keys: [(.character("p"), .togglePlay)], in: .zoom),
        KeyBinding("Esc Enter q", "zoomed: close it (q does not quit)",
                   keys: [(.escape, .closeZoom), (.enter, .closeZoom), (.character("q"), .closeZoom)],
                   hint: .init("Esc", "close", essential: true), in: .zoom),
        KeyBinding("Ctrl-C", "zoomed: quit at once", keys: [(.controlC, .interrupt)], in: .zoom),
        KeyBinding("?", "zoomed: show / hide these keys", keys: [(.character("?"), .toggleHelp)], in: .zoom),
        KeyBinding("Enter", "finding: keep the matches, close the search line",
                   keys: [(.enter, .keepMatches)], hint: .init("Enter", "keep"), in: .search),
        KeyBinding("Esc", "finding: clear the search, show every card", keys: [(.escape, .clearSearch)],
                   hint: .init("Esc", "clear"), in: .search),
        KeyBinding("Backspace", "finding: delete the last character", keys: [(.backspace, .erase)], in: .search),
        KeyBinding("Ctrl-W", "finding: delete the last word", keys: [(.controlW, .eraseWord)], in: .search),
        KeyBinding("Ctrl-U", "finding: delete the whole query", keys: [(.controlU, .eraseLine)], in: .search),
        KeyBinding("← → ↑ ↓", ascii: "Left/Right Up/Down", "finding: previous / next match",
                   keys: [(.left, .move(-1)), (.up, .move(-1)), (.right, .move(1)), (.down, .move(1))],
                   hint: .init("←→", ascii: "<- ->", "match"), in: .search),
        KeyBinding("Ctrl-C", "finding: quit at once", keys: [(.controlC, .interrupt)], in: .search),
        KeyBinding("other keys", "finding: type into the search line", keys: [], otherKeys: .type, in: .search),
        KeyBinding("Enter", "--pick: print the card and exit (status 0)", keys: [(.enter, .choose)],
                   hint: .init("Enter", "pick", essential: true), in: .pick),
        // Ctrl-Z never reaches a key map: the terminal layer turns 0x1A into a suspend.
        KeyBinding("Ctrl-Z", "suspend (fg brings it back)", keys: [], in: .terminal),
        KeyBinding("↑ ↓ k j PgUp PgDn Home End", ascii: "Up/Down k j PgUp PgDn Home End",
                   "help open: scroll it (when the screen is too short for every key)",
                   keys: [(.up, .scroll(-1)), (.character("k"), .scroll(-1)), (.down, .scroll(1)), (.character("j"), .scroll(1)),
                          (.pageUp, .scrollPage(-1)), (.pageDown, .scrollPage(1)), (.home, .scrollTop), (.end, .scrollEnd)],
                   hint: .init("↑↓", ascii: "Up/Down", "scroll"), in: .help),
        // (The status line under the help named the carousel's keys, which only closed it: helper-51.)
        KeyBinding("other keys, help open", "close the help (q and Ctrl-C still quit)",
                   keys: [(.character("q"), .quit), (.controlC, .interrupt)], otherKeys: .toggleHelp,
                   hint: .init("Esc", "close", essential: true), in: .help),
    ]

    /// What `key` asks for: its binding in the context (the help overlay when open, else the search
    /// line when open, else a zoomed card when one is open; with `--pick`, its rows come first
    /// outside help and search), else what the context does with every other key, else nothing.
    public static func command(for key: Key, helpOpen: Bool, zoomed: Bool = false, searching: Bool = false,
                               picking: Bool = false) -> Command? {
        let context: KeyBinding.Context = helpOpen ? .help : searching ? .search : zoomed ? .zoom : .carousel
        if picking && context.takesPickRows, let command = keyMaps[.pick]?.commands[key] { return command }
        let here = keyMaps[context]
        return here?.commands[key] ?? here?.otherKeys
    }

    /// The rows of one context as `command(for:...)` reads them: each key's command (the first row
    /// that binds it), and what the first row with `otherKeys` does with the rest. Built once, so a
    /// key pressed looks two keys up and allocates nothing (a held key is some 30 of them a second).
    private struct KeyMap: Sendable {
        var commands: [Key: Command] = [:]
        var otherKeys: Command?
    }

    private static let keyMaps: [KeyBinding.Context: KeyMap] = {
        var maps: [KeyBinding.Context: KeyMap] = [:]
        for binding in bindings {
            var map = maps[binding.context] ?? KeyMap()
            for (key, command) in binding.commands where map.commands[key] == nil { map.commands[key] = command }
            if map.otherKeys == nil { map.otherKeys = binding.otherKeys }
            maps[binding.context] = map
        }
        return maps
    }()

    /// The rows of the `?` overlay: the carousel's keys, and the terminal's (Ctrl-Z).
    public static var helpRows: [HelpRow] {
        // (With the terminal's own: Ctrl-Z was in `--help` and the README, not here; helper-14.)
        bindings.filter { $0.context == .carousel || $0.context == .terminal }
            .map { HelpRow(keys: $0.label, asciiKeys: $0.asciiLabel, text: $0.help) }
    }

    /// The rows of the `?` overlay over a zoomed card: its keys (without the table's "zoomed: "),
    /// and the terminal's (Ctrl-Z); without `scrolling`, those that scroll left out (a picture,
    /// a note that fits).
    public static func zoomHelpRows(scrolling: Bool = true) -> [HelpRow] {
        bindings.filter { ($0.context == .zoom && (scrolling || !$0.scrolls)) || $0.context == .terminal }.map { binding in
            let text = binding.help.hasPrefix("zoomed: ") ? String(binding.help.dropFirst(8)) : binding.help
            return HelpRow(keys: binding.label, asciiKeys: binding.asciiLabel, text: text)
        }
    }

    /// The rows of the `?` overlay with `--pick`: its rows, then the carousel's, Enter left out of
    /// theirs (the help said Enter zoomed, and closed a zoom, where it picks: helper-51).
    public static var pickHelpRows: [HelpRow] { pickRows + helpRows.map(withoutEnter) }

    /// The same over a zoomed card.
    public static func pickZoomHelpRows(scrolling: Bool = true) -> [HelpRow] {
        pickRows + zoomHelpRows(scrolling: scrolling).map(withoutEnter)
    }

    private static var pickRows: [HelpRow] {
        bindings.filter { $0.context == .pick }.map { HelpRow(keys: $0.label, asciiKeys: $0.asciiLabel, text: $0.help) }
    }

    private static func withoutEnter(_ row: HelpRow) -> HelpRow {
        func drop(_ keys: String) -> String { keys.split(separator: " ").filter { $0 != "Enter" }.joined(separator: " ") }
        return HelpRow(keys: drop(row.keys), asciiKeys: drop(row.asciiKeys), text: row.text)
    }

    /// The keys the status line names in a context, e.g. `←→ move  Tab mode  / find  ? help  q quit`;
    /// with `--pick`, its hint comes first.
    public static func statusHint(ascii: Bool, in context: KeyBinding.Context = .carousel, picking: Bool = false,
                                  playing: Bool? = nil) -> String {
        statusHints(ascii: ascii, in: context, picking: picking, playing: playing)[0]
    }

    /// The status line's hint, then shorter ones for a line short of room (a long title): the
    /// keys that are not essential go one by one from the left, down to the essential ones alone
    /// (`? help`; `Esc close` in a zoom; `Enter pick` with `--pick`), then those, down to the last.
    /// With a slideshow (`playing` not nil) its key comes before the essential ones: `p pause`
    /// while it plays, kept as long as they are; `p play` while paused, among the others.
    public static func statusHints(ascii: Bool, in context: KeyBinding.Context = .carousel, picking: Bool = false,
                                   scrolling: Bool = true, playing: Bool? = nil) -> [String] {
        let contexts: [KeyBinding.Context] = picking && context.takesPickRows ? [.pick, context] : [context]
        var hints = contexts.flatMap { context in
            bindings.filter { $0.context == context && (scrolling || !$0.scrolls) }.compactMap(\.hint)
        }
        if let playing, let play = bindings.first(where: { binding in
            binding.context == context && binding.commands.contains { if case .togglePlay = $0.command { true } else { false } }
        }) {
            // (helper-16 looked for the key that stops a slideshow: the status line named none.)
            let hint = KeyBinding.Hint(play.label, playing ? "pause" : "play", essential: playing)
            hints.insert(hint, at: hints.firstIndex(where: \.essential) ?? hints.endIndex)
        }
        func text(_ hints: [KeyBinding.Hint]) -> String {
            hints.map { (ascii ? $0.asciiKeys : $0.keys) + " " + $0.word }.joined(separator: "  ")
        }
        var shorter = [text(hints)]
        while let drop = hints.firstIndex(where: { !$0.essential }), hints.contains(where: \.essential) {
            hints.remove(at: drop)
            shorter.append(text(hints))
        }
        // Then the essential ones from the left, down to the last (`? help`, `Esc close`).
        while hints.count > 1, hints.allSatisfy(\.essential) {
            hints.removeFirst()
            shorter.append(text(hints))
        }
        return shorter
    }

    /// Every binding, one a line, for `--help` (ASCII: it may go to any terminal or a file): its
    /// keys, then what they do in a column (under the keys, indented, when the keys are too long).
    public static var commandLineSummary: String {
        // (72: the man page indents the description by 5 columns of its 80.)
        let column = 18, width = 72
        let indent = String(repeating: " ", count: column)
        // Built by appending strings to one string: every start builds it (the command line's
        // configuration holds it), and joining arrays or appending substrings went through
        // generic code that looked types up at run time, 7% of the time `carousel --version` took.
        var text = "Keys:"
        for binding in bindings {
            text += "\n  "
            text += binding.asciiLabel
            let keys = 2 + binding.asciiLabel.count
            if keys < column {
                text += String(repeating: " ", count: column - keys)
            } else {
                text += "\n"
                text += indent
            }
            // What they do, wrapped between words to the width, each line after the first under the column.
            var line = 0
            for piece in binding.help.split(separator: " ") {
                let word = String(piece)
                if line > 0 && column + line + 1 + word.count > width {
                    text += "\n"
                    text += indent
                    line = 0
                }
                if line > 0 {
                    text += " "
                    line += 1
                }
                text += word
                line += word.count
            }
        }
        return text
    }
}
