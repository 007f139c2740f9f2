/// What stands before the text of every line of a block: nesting indentation, quote bars and list
/// markers, outermost first. A list marker shows on the block's first line only; the lines after
/// it get blanks of the same width (a hanging indent).
///
/// Markers are kept as meaning, not glyphs, so that the layout can choose Unicode or ASCII.
public struct Margin: Hashable, Sendable {
    public var pieces: [MarginPiece]

    public init(_ pieces: [MarginPiece] = []) { self.pieces = pieces }

    public static let none = Margin()

    /// This margin followed by one more piece.
    public func appending(_ piece: MarginPiece) -> Margin { Margin(pieces + [piece]) }

    /// The same margin as it stands on a block's later lines: markers become blanks.
    public var continuation: Margin {
        Margin(pieces.map { if case .marker(let m) = $0 { .space(m.width) } else { $0 } })
    }

    /// Columns the margin takes (the same on every line, and in ASCII or Unicode).
    public var width: Int { pieces.reduce(0) { $0 + $1.width } }

    /// The margin with blank columns taken away, outermost first, until it is at most `limit`
    /// columns wide or has no blanks left; then task markers take their short form (`[✓] ` as
    /// `☑ `: cut, the box became blanks and the item lost what it says); quote bars and other
    /// markers stay.
    public func squeezed(to limit: Int) -> Margin {
        var excess = width - limit
        guard excess > 0 else { return self }
        var pieces = self.pieces
        for i in pieces.indices where excess > 0 {
            if case .space(let n) = pieces[i], n > 0 {
                let taken = min(n, excess)
                pieces[i] = .space(n - taken)
                excess -= taken
            }
        }
        for i in pieces.indices where excess > 0 {
            if case .marker(let marker) = pieces[i], let short = marker.short {
                excess -= marker.width - short.width
                pieces[i] = .marker(short)
            }
        }
        return Margin(pieces)
    }
}

/// One part of a margin.
public enum MarginPiece: Hashable, Sendable {
    /// Blank columns.
    case space(Int)
    /// A block quote's bar and the space after it: "│ " (ASCII "| ").
    case quoteBar
    /// A list item's marker, on the first line of the block only.
    case marker(ListMarker)

    public var width: Int {
        switch self {
        case .space(let n): max(0, n)
        case .quoteBar: 2
        case .marker(let m): m.width
        }
    }
}

/// A list item's marker.
public enum ListMarker: Hashable, Sendable {
    /// A bullet of a list nested `depth` bullet lists deep (0 for the outermost): "• ", "◦ ", "▪ ",
    /// in ASCII "- ", "* ", "+ ".
    case bullet(depth: Int)
    /// "12. " (or "12) ", as written), right-aligned so that the number and its dot take
    /// `digits + 1` columns.
    case number(Int, digits: Int, delimiter: Character = ".")
    /// A task of a GitHub task list (`- [ ] to do`, `- [x] done`) in place of its bullet: "[ ] ",
    /// "[✓] " (in ASCII "[x] ").
    case task(done: Bool)
    /// A task in a numbered list (`1. [x] done`): "1. [✓] ".
    case numberedTask(Int, digits: Int, delimiter: Character = ".", done: Bool)
    /// A task's marker where there is no room for its box: "☐ " or "☑ " (in ASCII "- ", "x "),
    /// after the number in a numbered list.
    case shortTask(number: Int?, digits: Int = 0, delimiter: Character = ".", done: Bool)

    /// The same marker in fewer columns, if it has such a form.
    public var short: ListMarker? {
        switch self {
        case .task(let done): .shortTask(number: nil, done: done)
        case let .numberedTask(n, digits, delimiter, done): .shortTask(number: n, digits: digits, delimiter: delimiter, done: done)
        case .bullet, .number, .shortTask: nil
        }
    }

    /// Columns the marker and the space after it take.
    public var width: Int {
        switch self {
        case .bullet: 2
        case let .number(n, digits, _): max(digits, String(n).count) + 2
        case .task: 4
        case let .numberedTask(n, digits, _, _): ListMarker.number(n, digits: digits).width + 4
        case let .shortTask(number, digits, _, _): (number.map { ListMarker.number($0, digits: digits).width } ?? 0) + 2
        }
    }

    /// The marker's text, `width` columns.
    public func text(ascii: Bool) -> String {
        switch self {
        case .bullet(let depth):
            let glyphs = ascii ? ["-", "*", "+"] : ["•", "◦", "▪"]
            return glyphs[max(0, depth) % glyphs.count] + " "
        case let .number(n, digits, delimiter):
            let number = String(n)
            return String(repeating: " ", count: max(0, digits - number.count)) + number + String(delimiter) + " "
        case .task(let done):
            return done ? (ascii ? "[x] " : "[✓] ") : "[ ] "
        case let .numberedTask(n, digits, delimiter, done):
            return ListMarker.number(n, digits: digits, delimiter: delimiter).text(ascii: ascii) + ListMarker.task(done: done).text(ascii: ascii)
        case let .shortTask(number, digits, delimiter, done):
            let box = done ? (ascii ? "x " : "☑ ") : (ascii ? "- " : "☐ ")
            return (number.map { ListMarker.number($0, digits: digits, delimiter: delimiter).text(ascii: ascii) } ?? "") + box
        }
    }
}
