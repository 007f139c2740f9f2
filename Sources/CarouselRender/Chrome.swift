import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselText

/// Everything around the cards: the segmented control, the page dots, the status line, the help
/// overlay and the too-small notice.
public enum Chrome {
    /// Shortens `text` to at most `width` columns, ending with an ellipsis when cut.
    public static func truncate(_ text: String, to width: Int, glyphs: Glyphs) -> String {
        guard width > 0 else { return "" }
        if CharacterWidth.of(text) <= width { return text }
        let mark = glyphs.ellipsis
        let markWidth = CharacterWidth.of(mark)
        // Too narrow for a character and the mark: nothing (a lone mark or dots are no word of the text).
        guard width > markWidth else { return "" }
        var out = ""
        var used = 0
        var next: Character?
        for c in text {
            let w = CharacterWidth.of(c)
            if used + w > width - markWidth { next = c; break }
            out.append(c)
            used += w
        }
        // A word cut to one or two letters goes whole where words come before it ("Thank…", not
        // "Thank y…": with the card in front hiding "Thank", `y…` was all a title showed; helper-85).
        // (Letters of one column: an ideograph is a word of its own.)
        if let next, next.isLetter || next.isNumber, out.last != " ", let space = out.lastIndex(of: " "),
           out.distance(from: space, to: out.endIndex) <= 3, out[..<space].contains(where: { $0 != " " }),
           out[out.index(after: space)...].allSatisfy({ CharacterWidth.of($0) == 1 }) {
            out = String(out[..<space])
        }
        // ("Sea,…", not "Sea, …": the mark goes on the word it cuts after.)
        while out.last == " " { out.removeLast() }
        return out.isEmpty ? "" : out + mark
    }

    /// A card's title cut to `width`: as `truncate` cuts it, but a path keeps its end, from one of
    /// its slashes (`…/copyright`), else its file's name (`…copyright`, `changel…`) (helper-27: fifty cards of
    /// `find /usr/share/doc` were all titled `/usr/sha…`). A path: a title with a slash and a
    /// name after it, no `:` (a `grep -n` line, a URL keep their start: helper-28) and no space (a
    /// note's "Q3/Q4 plans"), unless it starts as a path does (`/`, `./`, `../`, `~/`).
    public static func truncateTitle(_ text: String, to width: Int, glyphs: Glyphs) -> String {
        if CharacterWidth.of(text) <= width { return text }
        guard let slash = text.lastIndex(of: "/"), text.index(after: slash) < text.endIndex, !text.contains(":"),
              text.first == "/" || text.hasPrefix("./") || text.hasPrefix("../") || text.hasPrefix("~/") || !text.contains(" ")
        else { return truncate(text, to: width, glyphs: glyphs) }
        let room = width - CharacterWidth.of(glyphs.ellipsis)
        let name = text[text.index(after: slash)...]
        guard CharacterWidth.of(text[slash...]) <= room else {
            // The name alone after the mark, else its start, cut.
            return CharacterWidth.of(name) <= room ? glyphs.ellipsis + name : truncate(String(name), to: width, glyphs: glyphs)
        }
        var start = slash
        while let earlier = text[..<start].lastIndex(of: "/"), CharacterWidth.of(text[earlier...]) <= room { start = earlier }
        return glyphs.ellipsis + text[start...]
    }

    /// The segmented control's text and where the active segment is, e.g. `[Normal]│ Scaled `.
    public static func segmentedControl(_ mode: Mode, glyphs: Glyphs) -> (text: String, active: Range<Int>, segments: [(Mode, Range<Int>)]) {
        var text = ""
        var active = 0..<0
        var segments: [(Mode, Range<Int>)] = []
        for (i, m) in Mode.allCases.enumerated() {
            if i > 0 { text.append(glyphs.separator) }
            let start = CharacterWidth.of(text)
            text += m == mode ? "[" + m.title + "]" : " " + m.title + " "
            let range = start..<CharacterWidth.of(text)
            segments.append((m, range))
            if m == mode { active = range }
        }
        return (text, active, segments)
    }

    /// Draws the top bar; returns where each segment of the control is (columns on row 0).
    @discardableResult
    /// `name`: the deck's, at the left end, cut to the room left of the control (left out where
    /// fewer than four of its characters would show).
    static func drawTopBar(_ state: CarouselState, name: String, theme: Theme,
                           on canvas: inout Canvas) -> [(Mode, Range<Int>)] {
        let control = segmentedControl(state.mode, glyphs: theme.glyphs)
        let controlWidth = CharacterWidth.of(control.text)
        var label = state.style.rawValue
        // "· loop" goes first where there is no room for it: the style's name stays.
        let looped = label + " " + (theme.glyphs.isASCII ? "*" : "·") + " loop"
        if state.loop && controlWidth + 3 + CharacterWidth.of(looped) <= canvas.width { label = looped }
        let labelWidth = CharacterWidth.of(label)
        // Centred; on a narrow screen moved left as far as it takes to keep the style's name in
        // sight (at 30 columns "stack" and "lyrics" vanished while "ring" stayed).
        let x = max(0, min((canvas.width - controlWidth) / 2, canvas.width - labelWidth - 1 - 2 - controlWidth))
        let bar = ChromeRows(height: canvas.height).bar
        canvas.text(control.text, x: x, y: bar)
        for cx in control.active { canvas.restyle(x: x + cx, y: bar) { $0.attributes.formUnion([.reverse, .bold]) } }

        if x + controlWidth + 2 + labelWidth + 1 <= canvas.width {
            canvas.text(label, x: canvas.width - labelWidth - 1, y: bar, style: CellStyle(attributes: .bold))
        }
        let shown = Chrome.truncate(name, to: x - 1 - 2, glyphs: theme.glyphs)
        let kept = shown == name ? shown.count : shown.count - theme.glyphs.ellipsis.count
        if !shown.isEmpty && (shown == name || kept >= 4) {
            canvas.text(shown, x: 1, y: bar, style: CellStyle(attributes: .dim))
        }
        return control.segments.map { ($0.0, ($0.1.lowerBound + x)..<($0.1.upperBound + x)) }
    }

    /// The page dots: one per card, the active one distinct; big decks show a window with ellipses.
    public static func dots(count: Int, active: Int, width: Int, glyphs: Glyphs) -> String {
        let markWidth = CharacterWidth.of(glyphs.ellipsis)
        let fit = max(1, min(31, (width + 1) / 2))
        var first = 0, last = count - 1
        if count > fit {
            let window = max(1, min(fit, (width - 2 * (markWidth + 1) + 1) / 2))
            first = clamp(active - window / 2, 0...(count - window))
            last = first + window - 1
        }
        var text = first > 0 ? glyphs.ellipsis + " " : ""
        for i in first...last {
            if i > first { text += " " }
            text.append(i == active ? glyphs.dotActive : glyphs.dotInactive)
        }
        if last < count - 1 { text += " " + glyphs.ellipsis }
        return text
    }

    /// The dots and the status line: position, `note`, the card's title (or `message` in its place)
    /// and `hint` (dropped when it does not fit).
    /// `deckNumber`: while a search shows some of the deck, the card's number in the deck (`(#17)`
    /// after its place among the matches: helper-65 lost their place in a talk searched zoomed).
    static func drawBottom(_ state: CarouselState, card: Card, skipped: Int, more: Bool = false, deckNumber: Int? = nil, note: String = "",
                           message: String? = nil,
                           hint: String, shorterHints: [String] = [], theme: Theme, on canvas: inout Canvas) {
        let g = theme.glyphs
        let rows = ChromeRows(height: canvas.height)
        let dotsRow = rows.dots, statusRow = rows.status
        let dots = dots(count: state.count, active: state.activeIndex, width: canvas.width - 2, glyphs: g)
        let dotsX = max(0, (canvas.width - CharacterWidth.of(dots)) / 2)
        let accent: Color = theme.usesColor ? (card.accent.map(Color.rgb) ?? .default) : .default
        var x = dotsX
        for c in dots {
            let style = c == g.dotActive ? CellStyle(foreground: accent, attributes: .bold) : CellStyle(attributes: .dim)
            x += canvas.put(c, x: x, y: dotsRow, style: style)
        }

        var position = "\(state.activeIndex + 1)/\(state.count)" + (more ? "+" : "")
        if let deckNumber { position += " (#\(deckNumber))" }
        if skipped > 0 { position += " (\(skipped) skipped)" }
        if !note.isEmpty { position += "  " + note }
        var hint = hint  // emptied below when the title leaves no room for it
        var title = g.displayable(card.title)
        if !card.subtitle.isEmpty { title += (g.isASCII ? " - " : " · ") + g.displayable(card.subtitle) }
        if let message {
            title = g.displayable(message)
            // A message takes the whole line when that makes it fit: cut, it would say half a
            // sentence. (One too long even then, a file's path, is cut after the card's place.)
            let width = CharacterWidth.of(title)
            if 1 + CharacterWidth.of(position) + 2 + width + 1 > canvas.width && 1 + width + 1 <= canvas.width { position = "" }
        }
        let fixed = position.isEmpty ? 1 : 1 + CharacterWidth.of(position) + 2
        // A message keeps the whole hint or none (it is a sentence to read whole); a title too
        // long for the hint gives way to a shorter one, and is cut for the longest that leaves it
        // half of the line (for the shortest, a third).
        let room = canvas.width - fixed - 4
        hint = message != nil ? (CharacterWidth.of(title) + CharacterWidth.of(hint) <= room ? hint : "")
            : Chrome.hint([hint] + shorterHints, beside: CharacterWidth.of(title), room: room,
                          cutting: max(Chrome.cutTitleWidth, canvas.width / 2), last: max(Chrome.cutTitleWidth, canvas.width / 3))
        let titleRoom = canvas.width - fixed - (hint.isEmpty ? 1 : CharacterWidth.of(hint) + 3)
        canvas.text(position, x: 1, y: statusRow, style: CellStyle(attributes: .bold))
        canvas.text(message == nil ? truncateTitle(title, to: titleRoom, glyphs: g) : truncate(title, to: titleRoom, glyphs: g), x: fixed, y: statusRow,
                    style: message == nil ? CellStyle(foreground: accent) : CellStyle(attributes: .bold))
        if !hint.isEmpty {
            canvas.text(hint, x: canvas.width - CharacterWidth.of(hint) - 1, y: statusRow, style: CellStyle(attributes: .dim))
        }
    }

    /// Titles are not cut below this many columns to make room for a hint.
    static let cutTitleWidth = 20

    /// The first of `hints` (longest first) that fits in `room` columns beside `width` columns of
    /// text; else the first that fits beside the text cut to `cutting` columns; else the last (the
    /// shortest) if the text, cut, keeps `last` columns; else none. (Only the shortest was tried
    /// beside a cut text: at 80 columns a long line picked with --pick showed `? help` alone, not
    /// a word of Enter, with room to spare: helper-61.)
    static func hint(_ hints: [String], beside width: Int, room: Int, cutting: Int = Int.max, last: Int? = nil) -> String {
        for hint in hints where width + CharacterWidth.of(hint) <= room { return hint }
        for hint in hints where min(width, cutting) + CharacterWidth.of(hint) <= room { return hint }
        if let shortest = hints.last, min(width, last ?? cutting) + CharacterWidth.of(shortest) <= room { return shortest }
        return ""
    }

    /// The `?` overlay: a framed box listing `rows`, keys in bold, their texts aligned after them.
    /// On a narrow screen a text wraps under itself, between whole words; narrower than the
    /// longest word beside the keys, each text goes under its keys. On a short screen the blank
    /// rows inside the frame go first, then it shows the keys from entry `first` on, and its last
    /// row counts those below and above: it scrolls (see `HelpLayout`).
    /// `hiding`: the rows it hides (the cards'; over a zoomed card, all of it).
    static func drawHelp(_ rows: [HelpRow], first requested: Int = 0, theme: Theme, hiding: Range<Int>? = nil, on canvas: inout Canvas) {
        let g = theme.glyphs
        let help = HelpLayout(rows, glyphs: g, width: canvas.width, height: canvas.height)
        let lines = help.lines
        let first = help.clamped(requested)
        let (from, to) = help.shown(from: first)
        let pad = help.pad
        let area = HelpLayout.area(height: canvas.height)
        let h = min(area.count, help.boxRows(shown: to - from) + 2 + 2 * pad)
        let box = CellRect(x: (canvas.width - help.width) / 2, y: area.lowerBound + (area.count - h) / 2, width: help.width, height: h)
        // The cards are hidden while it is open: pieces of them beside its frame (a column left at
        // 80x24, words cut by the frame on a wider screen) read as part of the help.
        let cards = hiding ?? ChromeRows(height: canvas.height).cards
        canvas.fill(CellRect(x: 0, y: cards.lowerBound, width: canvas.width, height: cards.count))
        canvas.fill(box)
        let frame = CellStyle(attributes: .bold)
        canvas.box(box, glyphs: g, style: frame)
        let inner = CellRect(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2)
        canvas.text(" Keys ", x: box.x + 2, y: box.y, style: frame, clip: CellRect(x: box.x + 1, y: box.y, width: box.width - 2, height: 1))
        for (i, line) in lines[from..<to].enumerated() {
            let y = box.y + 1 + pad + i
            canvas.text(line.keys, x: box.x + 3, y: y, style: CellStyle(attributes: .bold), clip: inner)
            canvas.text(line.text, x: box.x + help.textOffset, y: y, clip: inner)
        }
        guard help.scrolls else { return }
        let below = help.entries - (to == from ? first : lines[to - 1].entry + 1)
        func keys(_ n: Int) -> String { n == 1 ? "key" : "keys" }
        let (down, up) = g.isASCII ? ("v", "^") : ("↓", "↑")
        let (downKey, upKey) = g.isASCII ? ("Down", "Up") : ("↓", "↑")
        let choices = below > 0 && first > 0
            // Between the two ends, both counts (helper-43: scrolled down, nothing said keys were above).
            ? ["\(up) \(first) above, \(g.ellipsis) \(below) more \(keys(below)): \(upKey) \(downKey) scroll",
               "\(up) \(first) above, \(g.ellipsis) \(below) more \(down)", "\(up) \(first) \(g.ellipsis) \(below) \(down)", "\(up)\(first) \(down)\(below)"]
            : below > 0
            ? ["\(g.ellipsis) \(below) more \(keys(below)): \(downKey) scrolls", "\(g.ellipsis) \(below) more \(down)", "\(down) \(below)"]
            : ["\(up) \(first) \(keys(first)) above: \(upKey) scrolls back", "\(up) \(first) \(keys(first)) above", "\(up) \(first)"]
        let more = choices.first { CharacterWidth.of($0) <= inner.width - 2 } ?? (below > 0 ? down : up)
        canvas.text(more, x: box.x + 3, y: box.y + 1 + pad + help.page, style: CellStyle(attributes: .dim), clip: inner)
    }

    /// A line saying the screen is too small, shortened to whatever room there is, and the size it
    /// needs on the next row where that line has no room for it.
    public static func drawTooSmall(need: (width: Int, height: Int), on canvas: inout Canvas) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let options = [
            "Terminal too small: need \(need.width)x\(need.height)",
            "Too small: need \(need.width)x\(need.height)",
            "Too small", "Small", "!",
        ]
        let text = options.first { $0.count <= canvas.width } ?? "!"
        let y = canvas.height / 2
        canvas.text(text, x: (canvas.width - text.count) / 2, y: y, style: CellStyle(attributes: .bold))
        // Where the size needed is not on that line, on the next one (at 19x9 the screen said
        // only `Too small`, and not how large it must be: helper-71).
        let need = "need \(need.width)x\(need.height)"
        if !text.contains("need"), need.count <= canvas.width, y + 1 < canvas.height {
            canvas.text(need, x: (canvas.width - need.count) / 2, y: y + 1, style: .plain)
        }
    }
}

/// The rows the chrome takes on a screen `height` rows tall: the control bar and a blank row at the
/// top; a blank row, the page dots and the status line at the bottom. The cards live between them.
/// The one definition: the viewport, the painting and the zoom all read it.
public struct ChromeRows: Sendable, Equatable {
    public var height: Int
    public static let above = 2
    public static let below = 3

    public init(height: Int) { self.height = height }

    /// The Normal | Scaled control, the deck's name and the style.
    public var bar: Int { 0 }
    public var dots: Int { height - 2 }
    public var status: Int { height - 1 }
    /// The rows the cards may use.
    public var cards: Range<Int> { ChromeRows.above..<max(ChromeRows.above, height - ChromeRows.below) }
}
