import CarouselCanvas
@testable import CarouselTerminal

/// A terminal emulator for the tests, written from ECMA-48 and xterm's documentation rather than
/// from the frame writer: it replays the bytes a writer sends and keeps the screen they make, so
/// tests compare that screen with the canvas the writer was given. It understands what the writer
/// may send (cursor moves, line feed, SGR, EL, ED, ECH, REP, DCH, ICH, DECTCEM) and fails on anything else.
/// Like xterm, it wraps at the right margin only when the next character comes (a pending wrap),
/// and scrolls when it wraps on the last row: a writer that lets that happen is caught.
struct VirtualTerminal {
    struct Glyph: Equatable {
        var scalars: [UInt32] = [0x20]
        var fg: UInt32 = 0
        var bg: UInt32 = 0
        var attributes: UInt8 = 0
        /// 1, 2 for the first column of a wide glyph, 0 for its second.
        var width: UInt8 = 1
    }

    enum Failure: Error, CustomStringConvertible {
        case unknown(String)
        var description: String { switch self { case .unknown(let s): "unknown sequence \(s)" } }
    }

    let width: Int
    let height: Int
    let erasesWithBackground: Bool
    private(set) var cells: [Glyph]
    private(set) var x = 0, y = 0
    private(set) var scrolled = 0
    private var pendingWrap = false
    private var pen = Glyph()
    private var last: [UInt32]? = nil
    private var utf8: [UInt8] = []

    /// Whether the cells a shift (`CSI P`, `CSI @`) lets in take the pen's background, as tmux's
    /// do whatever its entries declare; by default as erasing does.
    let shiftsWithBackground: Bool

    init(width: Int, height: Int, erasesWithBackground: Bool = true, shiftsWithBackground: Bool? = nil) {
        self.width = width
        self.height = height
        self.erasesWithBackground = erasesWithBackground
        self.shiftsWithBackground = shiftsWithBackground ?? erasesWithBackground
        cells = Array(repeating: Glyph(), count: width * height)
    }

    subscript(x: Int, y: Int) -> Glyph { cells[y * width + x] }

    private var blank: Glyph {
        var g = Glyph()
        if erasesWithBackground { g.bg = pen.bg }
        return g
    }

    private var shiftedIn: Glyph {
        var g = Glyph()
        if shiftsWithBackground { g.bg = pen.bg }
        return g
    }

    mutating func feed(_ bytes: [UInt8]) throws {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                guard i + 1 < bytes.count else { throw Failure.unknown("lone ESC") }
                guard bytes[i + 1] == 0x5B else { throw Failure.unknown("ESC \(bytes[i + 1])") }
                var j = i + 2
                var privateMode = false
                if j < bytes.count && bytes[j] == 0x3F { privateMode = true; j += 1 }
                var text = ""
                while j < bytes.count && (bytes[j] == 0x3B || (0x30...0x39).contains(bytes[j])) {
                    text.append(Character(Unicode.Scalar(bytes[j])))
                    j += 1
                }
                guard j < bytes.count else { throw Failure.unknown("unfinished CSI") }
                let parameters = text.isEmpty ? [] : text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                try control(Character(Unicode.Scalar(bytes[j])), parameters, privateMode: privateMode)
                i = j + 1
                continue
            }
            if b == 0x0D { x = 0; pendingWrap = false; i += 1; continue }
            if b == 0x08 {
                // Backspace: one column left. After the last column terminals differ: the writer must not.
                if pendingWrap { throw Failure.unknown("backspace in a pending wrap") }
                x = max(0, x - 1)
                i += 1
                continue
            }
            if b == 0x0A {
                // Line feed (IND, no LNM): one row down in the same column, scrolling on the last row.
                // After the last column the column is where terminals differ: the writer must not.
                if pendingWrap { throw Failure.unknown("line feed in a pending wrap") }
                if y == height - 1 { scroll() } else { y += 1 }
                i += 1
                continue
            }
            if b < 0x20 || b == 0x7F { throw Failure.unknown("control \(b)") }
            utf8.append(b)
            if let scalar = decode() { print(scalar) }
            i += 1
        }
    }

    private mutating func decode() -> UInt32? {
        let lead = utf8[0]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard utf8.count == length else { return nil }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for byte in utf8.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        utf8.removeAll()
        return value
    }

    private mutating func print(_ scalar: UInt32) {
        let columns = CharacterWidth.of(Unicode.Scalar(scalar)!)
        if columns == 0 {
            // A combining mark joins the glyph before the cursor.
            let cx = pendingWrap ? x : x - 1
            if cx >= 0 { cells[y * width + cx].scalars.append(scalar) }
            return
        }
        if pendingWrap || x + columns > width {
            pendingWrap = false
            x = 0
            if y == height - 1 { scroll() } else { y += 1 }
        }
        var glyph = pen
        glyph.scalars = [scalar]
        glyph.width = UInt8(columns)
        put(glyph, at: x)
        if columns == 2 {
            var rest = pen
            rest.scalars = []
            rest.width = 0
            put(rest, at: x + 1)
        }
        last = [scalar]
        if x + columns >= width {
            x = width - 1
            pendingWrap = true
        } else {
            x += columns
        }
    }

    /// Writes a cell; a wide glyph cut in half loses its other half, as in xterm.
    private mutating func put(_ glyph: Glyph, at column: Int) {
        let i = y * width + column
        let old = cells[i]
        if old.width == 2 && glyph.width != 2 && column + 1 < width { cells[i + 1] = Glyph() }
        if old.width == 0 && glyph.width != 0 && column > 0 && cells[i - 1].width == 2 { cells[i - 1] = Glyph() }
        cells[i] = glyph
    }

    private mutating func scroll() {
        scrolled += 1
        cells.removeFirst(width)
        cells.append(contentsOf: Array(repeating: blank, count: width))
    }

    private mutating func control(_ final: Character, _ p: [Int], privateMode: Bool) throws {
        let n = max(1, p.first ?? 1)
        if privateMode {
            guard final == "h" || final == "l", p == [25] else { throw Failure.unknown("?\(p)\(final)") }
            return
        }
        if final != "b" { last = nil }
        switch final {
        case "H":
            y = min(height, max(1, p.first ?? 1)) - 1
            x = min(width, max(1, p.count > 1 ? p[1] : 1)) - 1
            pendingWrap = false
        case "A": y = max(0, y - n); pendingWrap = false
        case "B": y = min(height - 1, y + n); pendingWrap = false
        case "C": x = min(width - 1, x + n); pendingWrap = false
        case "D": x = max(0, x - n); pendingWrap = false
        case "G": x = min(width, n) - 1; pendingWrap = false
        case "K":
            guard p.isEmpty || p == [0] else { throw Failure.unknown("EL \(p)") }
            for c in x..<width { cells[y * width + c] = blank }
        case "J":
            guard p == [2] else { throw Failure.unknown("ED \(p)") }
            for i in cells.indices { cells[i] = blank }
        case "X":
            for c in x..<min(width, x + n) { cells[y * width + c] = blank }
        case "P":
            let row = y * width
            for c in x..<width { cells[row + c] = c + n < width ? cells[row + c + n] : shiftedIn }
        case "@":
            let row = y * width
            for c in stride(from: width - 1, through: x, by: -1) { cells[row + c] = c - n >= x ? cells[row + c - n] : shiftedIn }
        case "b":
            guard let repeated = last else { throw Failure.unknown("REP with nothing before it") }
            for _ in 0..<n { for s in repeated { print(s) } }
        case "m":
            try graphicRendition(p.isEmpty ? [0] : p)
        default:
            throw Failure.unknown("CSI \(p) \(final)")
        }
    }

    private mutating func graphicRendition(_ p: [Int]) throws {
        var k = 0
        func set(_ bit: Attributes) { pen.attributes |= bit.rawValue }
        func clear(_ bits: Attributes) { pen.attributes &= ~bits.rawValue }
        while k < p.count {
            let v = p[k]
            switch v {
            case 0: pen = Glyph()
            case 1: set(.bold)
            case 2: set(.dim)
            case 3: set(.italic)
            case 4: set(.underline)
            case 7: set(.reverse)
            case 9: set(.strikethrough)
            case 22: clear([.bold, .dim])
            case 23: clear(.italic)
            case 24: clear(.underline)
            case 27: clear(.reverse)
            case 29: clear(.strikethrough)
            case 30...37: pen.fg = 1 << 24 | UInt32(v - 30)
            case 40...47: pen.bg = 1 << 24 | UInt32(v - 40)
            case 90...97: pen.fg = 1 << 24 | UInt32(v - 90 + 8)
            case 100...107: pen.bg = 1 << 24 | UInt32(v - 100 + 8)
            case 39: pen.fg = 0
            case 49: pen.bg = 0
            case 38, 48:
                guard k + 1 < p.count else { throw Failure.unknown("SGR \(p)") }
                let code: UInt32
                if p[k + 1] == 5, k + 2 < p.count {
                    code = 1 << 24 | UInt32(p[k + 2])
                    k += 2
                } else if p[k + 1] == 2, k + 4 < p.count {
                    code = 2 << 24 | UInt32(p[k + 2]) << 16 | UInt32(p[k + 3]) << 8 | UInt32(p[k + 4])
                    k += 4
                } else {
                    throw Failure.unknown("SGR \(p)")
                }
                if v == 38 { pen.fg = code } else { pen.bg = code }
            default: throw Failure.unknown("SGR \(v)")
            }
            k += 1
        }
    }

    /// Where the screen differs from `canvas` as a terminal of `features` should show it: the
    /// glyph, the background, and the ink and attributes where they show (not on a plain blank).
    func differences(from canvas: Canvas, features: TerminalFeatures) -> [String] {
        var found: [String] = []
        for row in 0..<height {
            for column in 0..<width {
                let cell = canvas[column, row]
                let shown = self[column, row]
                // A terminal that would scroll keeps its bottom-right cell as it was.
                if !features.writesBottomRight && row == height - 1
                    && (column == width - 1 || column == width - 2 && cell.width == 2) { continue }
                if cell.isContinuation {
                    if shown.width != 0 { found.append("(\(column),\(row)) should be the second half of a wide glyph") }
                    continue
                }
                var scalars: [UInt32] = []
                cell.forEachScalar { scalars.append($0) }
                let attributes = cell.style.attributes.rawValue & features.attributes.rawValue
                let bg = ColorCoder.code(cell.style.background, depth: features.depth, background: true)
                let fg = ColorCoder.code(cell.style.foreground, depth: features.depth)
                let visibleInk = !cell.isBlank || attributes & (Attributes.reverse.rawValue | Attributes.underline.rawValue) != 0
                var wrong: [String] = []
                if shown.scalars != scalars { wrong.append("glyph \(shown.scalars) not \(scalars)") }
                if shown.bg != bg { wrong.append("background \(shown.bg) not \(bg)") }
                if visibleInk && shown.fg != fg { wrong.append("ink \(shown.fg) not \(fg)") }
                if visibleInk && shown.attributes != attributes { wrong.append("attributes \(shown.attributes) not \(attributes)") }
                if !wrong.isEmpty { found.append("(\(column),\(row)): " + wrong.joined(separator: ", ")) }
            }
        }
        return found
    }
}
