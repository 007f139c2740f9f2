/// Maps key presses to actions. One table for the terminal and for `--keys`, so both behave the same.
public enum Keymap {
    public static func action(for key: Key, in state: CarouselState, at time: Double = 0) -> Action? {
        if state.showHelp {
            // Any key closes the help overlay; quit keys still quit.
            switch key {
            case .controlC, .character("q"): return .quit
            default: return .toggleHelp
            }
        }
        switch key {
        case .left, .character("h"): return .move(-1)
        case .right, .character("l"): return .move(1)
        case .up, .character("k"): return .move(-1)
        case .down, .character("j"): return .move(1)
        case .home, .character("g"): return .first
        case .end, .character("G"): return .last
        case .pageUp: return .page(-1)
        case .pageDown: return .page(1)
        case .tab, .backTab: return .toggleMode
        case .character("s"): return .nextStyle
        case .character("o"): return .toggleLoop
        case .character("?"): return .toggleHelp
        case .character("q"), .escape, .controlC: return .quit
        case .character(let c):
            if let digit = c.wholeNumberValue, c.isASCII { return .digit(digit, at: time) }
            return nil
        default: return nil
        }
    }
}
