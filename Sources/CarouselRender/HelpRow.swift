import CarouselCanvas
import CarouselText

/// One line of the `?` help overlay: how the keys are written (in Unicode and in 7-bit ASCII) and
/// what they do. The rows come from the app's key table, so the overlay cannot drift from the keys.
public struct HelpRow: Sendable, Equatable {
    public var keys: String
    public var asciiKeys: String
    public var text: String

    public init(keys: String, asciiKeys: String, text: String) {
        self.keys = keys
        self.asciiKeys = asciiKeys
        self.text = text
    }
}

/// How the help box lays its rows out on a screen: each entry's keys beside its text (or above it,
/// when the box is too narrow), the text wrapped. A screen too short for every line shows whole
/// entries from a first one and keeps its last row to count the keys below (or, at the end, above);
/// the arrow keys scroll it an entry at a time. The drawing and the scrolling both ask it.
public struct HelpLayout {
    struct Line { var keys: String; var text: String; var entry: Int }
    var lines: [Line] = []
    /// Where each entry's lines begin.
    var starts: [Int] = []
    /// The box's width, where the texts begin in it, and the blank row above and below the lines (0 or 1).
    let width: Int
    let textOffset: Int
    let pad: Int
    /// Whether not every line fits: then `page` rows show lines, and one counts what is not shown.
    let scrolls: Bool
    let page: Int
    /// The furthest first entry: the one from which the last entries fill the page.
    public let lastFirst: Int
    public var entries: Int { starts.count }

    /// The rows the box may take on a screen `height` rows high: those between the top bar and the
    /// status line, which say where the deck is and how to close the help (helper-98: at 100x12 the
    /// box hid both, the status line showing `1/5  Buil`); all of them on a screen too short for that.
    public static func area(height: Int) -> Range<Int> { height - 2 >= 5 ? 1..<(height - 1) : 0..<max(0, height) }

    /// `height`: the screen's (see `area`).
    public init(_ rows: [HelpRow], glyphs g: Glyphs, width screenWidth: Int, height screenHeight: Int) {
        let height = Self.area(height: screenHeight).count
        let entries = rows.map { (g.isASCII ? $0.asciiKeys : $0.keys, $0.text) }
        let keyWidth = entries.map { CharacterWidth.of($0.0) }.max() ?? 0
        let textWidth = entries.map { CharacterWidth.of($0.1) }.max() ?? 0
        let longestWord = entries.flatMap { $0.1.split(separator: " ") }.map { CharacterWidth.of(String($0)) }.max() ?? 0
        width = min(screenWidth, keyWidth + textWidth + 7)
        let stacked = width - keyWidth - 7 < longestWord
        // Texts start after the widest keys and two spaces, or under the keys, two columns in.
        textOffset = stacked ? 4 : 3 + keyWidth + 2
        let room = width - textOffset - 2
        for (i, entry) in entries.enumerated() {
            let wrapped = room >= 1
                ? TextLayout.lines(for: TextDocument(plainText: entry.1), width: room, ascii: g.isASCII, cellWidth: CharacterWidth.of).map { $0.text }
                : [""]
            starts.append(lines.count)
            if stacked { lines.append(Line(keys: entry.0, text: "", entry: i)) }
            for (n, text) in wrapped.enumerated() { lines.append(Line(keys: n == 0 && !stacked ? entry.0 : "", text: text, entry: i)) }
        }
        pad = height >= lines.count + 4 ? 1 : 0
        let fits = min(height, lines.count + 2 + 2 * pad) - 2 - 2 * pad
        scrolls = lines.count > fits && fits >= 1
        page = scrolls ? fits - 1 : lines.count
        let (count, page) = (lines.count, page)
        lastFirst = scrolls ? (starts.firstIndex { count - $0 <= page } ?? max(0, starts.count - 1)) : 0
    }

    /// `first` kept between the first entry and `lastFirst`.
    public func clamped(_ first: Int) -> Int { max(0, min(first, lastFirst)) }

    /// The lines shown from entry `first` on (`lines[from..<to]`): whole entries, unless the first
    /// does not fit whole.
    func shown(from first: Int) -> (from: Int, to: Int) {
        guard !starts.isEmpty else { return (0, 0) }
        let from = starts[clamped(first)]
        var to = min(lines.count, from + page)
        if to < lines.count {
            var whole = to
            while whole > from, lines[whole].entry == lines[whole - 1].entry { whole -= 1 }
            if whole > from { to = whole }
        }
        return (from, to)
    }

    /// How many entries a page from `first` shows (at least one).
    public func entriesShown(from first: Int) -> Int {
        let (from, to) = shown(from: first)
        return to > from ? lines[to - 1].entry - lines[from].entry + 1 : 1
    }

    /// The first entry of the page that ends just before entry `first` (paging back: as many whole
    /// entries as fit, at least one).
    public func pageBack(from first: Int) -> Int {
        let end = starts.isEmpty ? 0 : starts[clamped(first)]
        var back = max(0, min(first, lastFirst) - 1)
        while back > 0, end - starts[back - 1] <= page { back -= 1 }
        return back
    }

    /// Rows inside the box besides its padding: the lines shown, and while it scrolls the count's row
    /// (the box keeps its height as it scrolls).
    func boxRows(shown: Int) -> Int { scrolls ? page + 1 : shown }
}
