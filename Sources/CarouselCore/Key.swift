/// A key press, decoded from the terminal or named on the command line (`--keys`).
public enum Key: Sendable, Hashable {
    case left, right, up, down
    case home, end, pageUp, pageDown
    case tab, backTab, enter, escape, backspace
    case controlC
    case character(Character)

    /// Parses a key name as used by `--keys`: left, right, up, down, tab, home, end, pgup, pgdn,
    /// enter, esc, space, or a single character.
    public init?(name: String) {
        switch name.lowercased() {
        case "left": self = .left
        case "right": self = .right
        case "up": self = .up
        case "down": self = .down
        case "home": self = .home
        case "end": self = .end
        case "pgup", "pageup": self = .pageUp
        case "pgdn", "pagedown": self = .pageDown
        case "tab": self = .tab
        case "backtab", "shift-tab": self = .backTab
        case "enter", "return": self = .enter
        case "esc", "escape": self = .escape
        case "space": self = .character(" ")
        case "comma": self = .character(",")
        case "ctrl-c": self = .controlC
        default:
            guard name.count == 1, let c = name.first else { return nil }
            self = .character(c)
        }
    }
}
