import CarouselCore
import CarouselTerminal

/// One step of a `--keys` script: a key, or what a mouse or the terminal does, so that any
/// interactive session can be replayed headlessly.
public enum ScriptStep: Sendable, Equatable {
    case key(Key)
    /// A click (press and release) at a cell.
    case click(x: Int, y: Int)
    case wheel(up: Bool, x: Int, y: Int)
    /// Press at the first cell, move to the second over a few frames, let go.
    case drag(x1: Int, y1: Int, x2: Int, y2: Int)
    case resize(width: Int, height: Int)
    /// Time passing before the next step (the motion a step began goes on meanwhile): a session
    /// replayed at its own pace, a click after the strip came to rest (every step came at once,
    /// and a second click hit the cards where they had been; helper-51).
    case wait(seconds: Double)

    /// The step names besides key names, for help and error messages.
    public static let names = ["click:X:Y", "wheel-up", "wheel-down", "drag:X1:Y1:X2:Y2", "resize:COLSxROWS", "wait:SECONDS"]

    /// How a step is written, where `name` begins as one does but is not one (`click:1`,
    /// `wait:-1`): said rather than "unknown key name" (helper-54). Nil for any other name.
    public static func form(of name: String) -> String? {
        let head = name.lowercased().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        switch head {
        case "click": return "click:X:Y (a cell, columns and rows from 0)"
        case "wheel-up", "wheel-down": return "\(head) or \(head):X:Y"
        case "drag": return "drag:X1:Y1:X2:Y2"
        case "resize": return "resize:COLSxROWS (1 to \(HeadlessRenderer.largestSide) each)"
        case "wait": return "wait:SECONDS (0 to 3600)"
        default: return nil
        }
    }

    /// Reads `right`, `click:40:12`, `wheel-up` (optionally `wheel-up:X:Y`), `drag:60:15:30:15`, `resize:80x24`.
    public init?(name: String) {
        let parts = name.lowercased().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let numbers = parts.dropFirst().compactMap { Int($0) }
        switch parts[0] {
        case "click" where parts.count == 3 && numbers.count == 2:
            self = .click(x: numbers[0], y: numbers[1])
        case "wheel-up", "wheel-down":
            guard parts.count == 1 || (parts.count == 3 && numbers.count == 2) else { return nil }
            self = .wheel(up: parts[0] == "wheel-up", x: numbers.first ?? 0, y: numbers.last ?? 0)
        case "drag" where parts.count == 5 && numbers.count == 4:
            self = .drag(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        case "resize" where parts.count == 2:
            guard let size = HeadlessRenderer.parseSize(parts[1]) else { return nil }
            self = .resize(width: size.width, height: size.height)
        case "wait" where parts.count == 2:
            guard let seconds = Double(parts[1]), seconds.isFinite, seconds >= 0, seconds <= 3600 else { return nil }
            self = .wait(seconds: seconds)
        default:
            // A lone `:` is the colon key, not a step.
            guard let key = Key(name: name) else { return nil }
            self = .key(key)
        }
    }

    /// How long a drag's pointer takes from its first cell to its last.
    static let dragFrames = 8

    /// Schedules the step's events from `time` on; returns when the next step starts. Keys, clicks
    /// and resizes take no time (they are pressed at once, as fast as a script can type); a drag
    /// moves the pointer over a few frames so that it has a speed when it lets go.
    func schedule(on terminal: MemoryTerminal, at time: Double) -> Double {
        switch self {
        case .key(let key):
            terminal.schedule(.key(key), at: time)
        case .click(let x, let y):
            terminal.schedule(.mouse(MouseEvent(kind: .press, x: x, y: y)), at: time)
            terminal.schedule(.mouse(MouseEvent(kind: .release, x: x, y: y)), at: time)
        case .wheel(let up, let x, let y):
            terminal.schedule(.mouse(MouseEvent(kind: up ? .wheelUp : .wheelDown, x: x, y: y)), at: time)
        case .drag(let x1, let y1, let x2, let y2):
            let frame = 1.0 / 60
            terminal.schedule(.mouse(MouseEvent(kind: .press, x: x1, y: y1)), at: time)
            for k in 1...ScriptStep.dragFrames {
                let f = Double(k) / Double(ScriptStep.dragFrames)
                let x = x1 + Int((Double(x2 - x1) * f).rounded()), y = y1 + Int((Double(y2 - y1) * f).rounded())
                terminal.schedule(.mouse(MouseEvent(kind: .drag, x: x, y: y)), at: time + Double(k) * frame)
            }
            let end = time + Double(ScriptStep.dragFrames) * frame
            terminal.schedule(.mouse(MouseEvent(kind: .release, x: x2, y: y2)), at: end)
            return end
        case .resize(let width, let height):
            terminal.schedule(.resize(width: width, height: height), at: time)
        case .wait(let seconds):
            return time + seconds
        }
        return time
    }
}
