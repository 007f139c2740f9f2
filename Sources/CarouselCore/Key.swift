/// A key press, decoded from the terminal or named on the command line (`--keys`).
public enum Key: Sendable, Hashable {
    case left, right, up, down
    case home, end, pageUp, pageDown
    case tab, backTab, enter, escape, backspace
    case controlC
    /// Ctrl-U and Ctrl-W: in a line being typed, delete it, or its last word (as readline and
    /// fzf do).
    case controlU, controlW
    case character(Character)

    /// Every name `--keys` accepts besides single characters, with its key. The first name of a key
    /// is the one messages list; later ones are other spellings of it.
    static let namedKeys: KeyValuePairs<String, Key> = [
        "left": .left, "right": .right, "up": .up, "down": .down,
        "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "tab": .tab, "backtab": .backTab, "shift-tab": .backTab,
        "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "backspace": .backspace, "bs": .backspace,
        "space": .character(" "), "comma": .character(","), "ctrl-c": .controlC,
        "ctrl-u": .controlU, "ctrl-w": .controlW,
    ]

    /// The key names to list in help and error messages (one per key; any single character is a name too).
    public static let names: [String] = {
        var seen: Set<Key> = []
        return namedKeys.filter { seen.insert($0.value).inserted }.map(\.key)
    }()

    /// Parses a key name as used by `--keys` (any case): one of `namedKeys`, or a single character.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let named = Key.namedKeys.first(where: { $0.key == lowered }) {
            self = named.value
            return
        }
        guard name.count == 1, let c = name.first else { return nil }
        self = .character(c)
    }
}
