import CarouselCore
import CNCursesShim

/// What the terminal reports: a key, a mouse event, a resize, a request to end from a signal, or a
/// wake-up from work done elsewhere.
public enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    case mouse(MouseEvent)
    case suspend
    /// The terminal's size changed (the backend's `size` is the new one; the numbers are for scripts).
    case resize(width: Int, height: Int)
    case signal(Int32)
    /// Work done off the frame path is ready: draw a frame.
    case wake
    /// No more input will ever come (a script ran out): the loop ends.
    case end
    /// Text pasted into the terminal (bracketed paste): text, never keys.
    case paste(String)
}

/// A mouse report: what happened, at which cell.
public struct MouseEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case press, release, drag, wheelUp, wheelDown }
    public var kind: Kind
    public var x: Int
    public var y: Int
    public init(kind: Kind, x: Int, y: Int) { self.kind = kind; self.x = x; self.y = y }
}

extension TerminalEvent {
    /// Decodes one shim event; nil for keys the carousel has no use for.
    static func decode(_ event: cs_event) -> TerminalEvent? {
        switch Int(event.kind) {
        case Int(CS_EVENT_RESIZE):
            return .resize(width: 0, height: 0)
        case Int(CS_EVENT_MOUSE):
            let kind: MouseEvent.Kind
            switch Int(event.mouse) {
            case Int(CS_MOUSE_PRESS): kind = .press
            case Int(CS_MOUSE_RELEASE): kind = .release
            case Int(CS_MOUSE_DRAG): kind = .drag
            case Int(CS_MOUSE_WHEEL_UP): kind = .wheelUp
            case Int(CS_MOUSE_WHEEL_DOWN): kind = .wheelDown
            default: return nil
            }
            return .mouse(MouseEvent(kind: kind, x: Int(event.x), y: Int(event.y)))
        case Int(CS_EVENT_KEY):
            switch Int(event.key) {
            case Int(CS_KEY_LEFT): return .key(.left)
            case Int(CS_KEY_RIGHT): return .key(.right)
            case Int(CS_KEY_UP): return .key(.up)
            case Int(CS_KEY_DOWN): return .key(.down)
            case Int(CS_KEY_HOME): return .key(.home)
            case Int(CS_KEY_END): return .key(.end)
            case Int(CS_KEY_PPAGE): return .key(.pageUp)
            case Int(CS_KEY_NPAGE): return .key(.pageDown)
            case Int(CS_KEY_BTAB): return .key(.backTab)
            case Int(CS_KEY_ENTER): return .key(.enter)
            case Int(CS_KEY_BACKSPACE): return .key(.backspace)
            default: return nil
            }
        case Int(CS_EVENT_CHAR):
            switch event.ch {
            case 0x03: return .key(.controlC)
            case 0x15: return .key(.controlU)
            case 0x17: return .key(.controlW)
            case 0x1A: return .suspend
            case 0x09: return .key(.tab)
            case 0x0D, 0x0A: return .key(.enter)
            case 0x1B: return .key(.escape)
            case 0x7F, 0x08: return .key(.backspace)
            // (BEL ends a terminal's OSC reply: seen only by `dropUnknownSequences`, which drops it.)
            case 0x07: return .key(.character(TerminalEvent.bell))
            case 0..<0x20: return nil
            default:
                guard let scalar = Unicode.Scalar(event.ch) else { return nil }
                return .key(.character(Character(scalar)))
            }
        default:
            return nil
        }
    }
}

extension TerminalEvent {
    /// The most characters a paste keeps (what is pasted goes into the search line).
    static let pasteLimit = 4_096

    /// Turns what arrives between the terminal's paste brackets (ESC [ 200 ~ and ESC [ 201 ~) into
    /// one `.paste`: line ends and tabs as such, other keys left out (a pasted Ctrl-Z too: it
    /// suspended the program). A paste that goes on past the events read so far is kept in `open`
    /// until its end comes; a bracket the read cut in two (over ssh, a read can end anywhere) is
    /// kept in `carry` and read again before the next events: its end, split so, was taken for
    /// text and the paste never closed. (A lone Esc at the end of a read outside a paste is the
    /// Esc key, never held.)
    static func gatherPastes(_ events: inout [TerminalEvent], open: inout [Character]?, carry: inout [TerminalEvent]) {
        func isText(_ event: TerminalEvent) -> Bool {
            switch event {
            case .key(.character), .key(.enter), .key(.tab): true
            default: false
            }
        }
        if !carry.isEmpty {
            events = carry + events
            carry.removeAll()
        }
        guard open != nil || events.contains(.key(.escape)) else { return }
        /// How many events from `i` match the bracket ending in `last` (6: all of it).
        func matched(at i: Int, _ last: Character) -> Int {
            guard events[i] == .key(.escape) else { return 0 }
            let rest: [Character] = ["[", "2", "0", last, "~"]
            var n = 1
            while n < 6, i + n < events.count, events[i + n] == .key(.character(rest[n - 1])) { n += 1 }
            return n
        }
        var result: [TerminalEvent] = []
        result.reserveCapacity(events.count)
        var i = 0
        while i < events.count {
            let bracket = matched(at: i, open == nil ? "0" : "1")
            if bracket == 6 {
                if open == nil {
                    open = []
                } else {
                    result.append(.paste(String(open!)))
                    open = nil
                }
                i += 6
                continue
            }
            if bracket > 0, i + bracket == events.count, open != nil || bracket >= 2 {
                // The read ends inside what may be a bracket: read again with what comes next.
                carry = Array(events[i...])
                break
            }
            guard open != nil else {
                result.append(events[i])
                i += 1
                continue
            }
            switch events[i] {
            case .key(.character(let c)): if open!.count < pasteLimit && c != bell { open!.append(c) }
            case .key(.enter): if open!.count < pasteLimit { open!.append("\n") }
            case .key(.tab): if open!.count < pasteLimit { open!.append("\t") }
            case .key(.controlC) where !events.indices.contains(where: { $0 != i && isText(events[$0]) }):
                // A paste whose end never comes (a stray bracket) must not hold the keys for good:
                // Ctrl-C typed into it, a read of its own, drops it and is Ctrl-C. One that came
                // with the paste's text is a byte of the text, not the key, however many reads
                // the paste takes (it quit the program: helper-86, then helper-88 with a paste in
                // two writes 30 ms apart; a stray bracket's paste ends after a second of silence).
                open = nil
                result.append(events[i])
            case .key, .suspend: break
            default: result.append(events[i])  // a resize, a wake, a signal: not the paste's
            }
            i += 1
        }
        events = result
    }

    /// Turns SGR mouse reports (ESC [ < b ; x ; y M, or m for a release), which the shim asks for
    /// and leaves to this under every terminfo entry (ncurses, reading them itself under xterm's,
    /// lost the press of reports that came in one read), into mouse events: the left button's press, release and
    /// drag, and the wheel (other buttons, and motion with no button, are left out). So too X10
    /// reports (ESC [ M and three bytes) that reach the program as keys, where the terminfo entry
    /// names no mouse (`TERM=vt220` in an xterm: helper-53's click at column 81 was a `q`, and quit).
    /// A report the read cut in two (over ssh a read can end anywhere) is kept in `carry` and read
    /// again before the next events: its tail, read alone, was typed keys (a wheel turn's `16;5M`
    /// jumped to card 16; helper-79).
    static func gatherMouseReports(_ events: inout [TerminalEvent], carry: inout [TerminalEvent]) {
        if !carry.isEmpty {
            // (After what the terminal layer puts ahead of the keys it read, a resize or a
            // continue: between the two halves, it left the tail typed as keys; review.)
            let ahead = events.prefix { if case .key = $0 { false } else { true } }
            events = Array(ahead) + carry + events.dropFirst(ahead.count)
            carry.removeAll()
        }
        guard events.contains(.key(.escape)) else { return }
        var result: [TerminalEvent] = []
        result.reserveCapacity(events.count)
        var i = 0
        while i < events.count {
            if events[i] == .key(.escape), i + 2 < events.count, events[i + 1] == .key(.character("[")),
               events[i + 2] == .key(.character("M")) {
                // Button, column and row, each 32 more than its value. A byte that is no character
                // of one scalar (a column past 95 in a UTF-8 locale) is taken all the same, as
                // unreadable: the report is dropped, its bytes never read as keys. Ends cut short
                // (by the read, or by a key) are dropped too.
                var values: [Int] = []
                var j = i + 3
                while values.count < 3, j < events.count, case .key(let key) = events[j], Self.x10Byte(key) {
                    values.append(Self.x10Value(events[j]) ?? -1)
                    j += 1
                }
                if values.count < 3 && j == events.count {
                    carry = Array(events[i...])
                    break
                }
                i = j
                guard values.count == 3, values.allSatisfy({ $0 >= 32 }) else { continue }
                // (A release names no button: button 3. The left one's is the only one let through.)
                let code = values[0] - 32, released = code & 3 == 3 && code & (32 | 64) == 0
                if let kind = Self.mouseKind(button: released ? code & ~3 : code, released: released) {
                    result.append(.mouse(MouseEvent(kind: kind, x: values[1] - 33, y: values[2] - 33)))
                }
                continue
            }
            guard events[i] == .key(.escape), i + 2 < events.count, events[i + 1] == .key(.character("[")),
                  events[i + 2] == .key(.character("<")) else {
                result.append(events[i])
                i += 1
                continue
            }
            // Three numbers, then M or m.
            var numbers: [Int] = [0]
            var j = i + 3
            var final: Character?
            var ended = false
            while j < events.count, case .key(.character(let c)) = events[j] {
                j += 1
                if let digit = c.wholeNumberValue, c.isASCII {
                    numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + digit, 100_000)
                } else if c == ";", numbers.count < 3 {
                    numbers.append(0)
                } else {
                    if c == "M" || c == "m" { final = c }
                    ended = true
                    break
                }
            }
            if !ended && j == events.count {
                // The read ends inside what may be a report: read again with what comes next.
                carry = Array(events[i...])
                break
            }
            guard let final, numbers.count == 3 else {
                // Not a report after all: left as it came.
                result.append(events[i])
                i += 1
                continue
            }
            i = j
            let x = max(0, numbers[1] - 1), y = max(0, numbers[2] - 1)
            if let kind = Self.mouseKind(button: numbers[0], released: final == "m") {
                result.append(.mouse(MouseEvent(kind: kind, x: x, y: y)))
            }
        }
        events = result
    }

    /// What a report's button code says, where it is one the program uses: the left button's
    /// press, release (an X10 report's button 3, an SGR report's `m`) or drag, or the wheel.
    private static func mouseKind(button code: Int, released: Bool) -> MouseEvent.Kind? {
        let button = code & ~(4 | 8 | 16)  // (shift, alt, control)
        if button & 64 != 0 { return button & 3 == 0 ? .wheelUp : button & 3 == 1 ? .wheelDown : nil }
        guard button & 3 == 0 else { return nil }
        if button & 32 != 0 { return .drag }
        return released ? .release : .press
    }

    /// Whether a key may be a byte of an X10 report: a character, or Backspace (DEL, 127).
    private static func x10Byte(_ key: Key) -> Bool {
        switch key {
        case .character, .backspace: true
        default: false
        }
    }

    /// A byte of an X10 report as it came: a character (of one scalar, below 256), else nil.
    private static func x10Value(_ event: TerminalEvent) -> Int? {
        switch event {
        case .key(.character(let c)):
            guard c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first, scalar.value < 256 else { return nil }
            return Int(scalar.value)
        case .key(.backspace): return 127
        default: return nil
        }
    }

    /// An Esc that arrives together with more characters is not the Esc key: it starts an escape
    /// sequence the terminfo entry does not know (or an Alt+key). Drop it with its sequence, so an
    /// unknown key never quits the program.
    static func dropUnknownSequences(_ events: inout [TerminalEvent]) {
        var open = false
        dropUnknownSequences(&events, inString: &open)
    }

    /// The same, `inString` saying whether a terminal's string (see below) begun in the events
    /// before is still open: its rest is dropped to its end, and one still open at the end of
    /// these is carried to the next (a reply cut by a read: its second half was typed as keys,
    /// `1e1e/…` opening a search; helper-100). A string is only begun where it looks like a reply
    /// (`ESC ] 11;…`, `ESC P 1$r…`, `ESC _ G…`), and only keys are dropped with it: Esc, then `P`
    /// typed quickly, swallowed the rest of the read, a click or a paste too (review).
    static func dropUnknownSequences(_ events: inout [TerminalEvent], inString: inout Bool) {
        /// Where the string from `start` ends (after its BEL or ST; at the first event that is no
        /// key), and whether it was ended.
        func stringEnd(from start: Int) -> (end: Int, closed: Bool) {
            var end = start
            while end < events.count {
                guard case .key = events[end] else { return (end, true) }
                if events[end] == .key(.character(Self.bell)) { return (end + 1, true) }
                if events[end] == .key(.escape), end + 1 < events.count, events[end + 1] == .key(.character("\\")) { return (end + 2, true) }
                end += 1
            }
            return (end, false)
        }
        if inString {
            let (end, closed) = stringEnd(from: 0)
            events.removeSubrange(0..<end)
            inString = !closed
        }
        var i = 0
        while i < events.count {
            guard events[i] == .key(.escape), i + 1 < events.count, case .key(.character(let next)) = events[i + 1] else {
                i += 1
                continue
            }
            var end = i + 2
            if Self.beginsString(next, i + 2 < events.count ? events[i + 2] : nil) {
                // A terminal's string (an OSC reply to a colour query, `ESC ] 11;rgb:1e1e/… BEL`; a
                // DCS or an APC), whole, to its BEL or ST (`ESC \\`): its text was typed as keys
                // (helper-97: a search opened and took `q`).
                let (stop, closed) = stringEnd(from: i + 2)
                end = stop
                if !closed { inString = true }
            } else if next == "[" {
                // CSI: parameters and intermediates, then one final byte in @...~.
                while end < events.count, case .key(.character(let c)) = events[end] {
                    end += 1
                    if let a = c.asciiValue, (0x40...0x7E).contains(a) { break }
                }
            } else if next == "O", end < events.count, case .key(.character) = events[end] {
                end += 1  // SS3: one more character
            }
            events.removeSubrange(i..<end)
        }
        // (A BEL outside a string is no key.)
        events.removeAll { $0 == .key(.character(Self.bell)) }
    }

    /// Whether Esc, `introducer` and the event after it begin a string a terminal sends: an OSC
    /// (`]` and a number), a DCS (`P` and a number, `>` or `!`), an APC (`_` and a letter).
    static func beginsString(_ introducer: Character, _ after: TerminalEvent?) -> Bool {
        guard case .key(.character(let c))? = after else { return false }
        switch introducer {
        case "]": return c.isASCII && c.isNumber
        case "P": return c.isASCII && (c.isNumber || c == ">" || c == "!")
        case "_": return c.isASCII && c.isLetter
        default: return false
        }
    }

    /// BEL, as `decode` gives it.
    static let bell: Character = "\u{07}"
}
