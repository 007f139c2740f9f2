import CarouselCanvas
import CarouselText

/// One card of a deck: where it came from, how it is labelled, and what it shows. Everything in it
/// is already sanitised (no control characters).
///
/// Its fields live in one shared box, copied on write: a frame fetches every card on screen from
/// the deck and hands it on to the painter, and a copy is then one reference counted rather than
/// one per string and array in it (fetching the cards alone spent over 1% of a held key in the
/// ring counting them).
public struct Card: Sendable, Hashable {
    /// Where the card came from, unique in its deck: a file's path as given, `deck.json#3` for a
    /// manifest's third card, `standard input#2` for the second card read from a pipe. It is what a
    /// picker prints, and what caches of the card's drawing are keyed by.
    public var id: String {
        get { fields.id }
        set { edit { $0.id = newValue } }
    }
    public var title: String {
        get { fields.title }
        set { edit { $0.title = newValue } }
    }
    public var subtitle: String {
        get { fields.subtitle }
        set { edit { $0.subtitle = newValue } }
    }
    public var accent: RGB? {
        get { fields.accent }
        set { edit { $0.accent = newValue } }
    }
    public var content: CardContent {
        get { fields.content }
        set { edit { $0.content = newValue } }
    }
    /// The file on disk the card is (or is a slide of), as a path to open: what `e` opens in an
    /// editor and `--print path` prints. None for cards from a pipe, a manifest's inline art or
    /// the built-in deck.
    public var file: [UInt8]? {
        get { fields.file }
        set { edit { $0.file = newValue } }
    }
    /// With `--lines`: the line as it was read, every byte (the title and identity are its clean,
    /// visible form): what `--pick` prints, as fzf prints the line chosen.
    public var line: [UInt8]? {
        get { fields.line }
        set { edit { $0.line = newValue } }
    }
    /// With `--lines`, where `line` is not UTF-8: the line decoded as its input was, every
    /// character kept (a tab stays a tab; a byte that is no character is U+FFFD).
    public var lineText: String? {
        get { fields.lineText }
        set { edit { $0.lineText = newValue } }
    }
    /// The lines of `file` the card shows (1-based, half-open), when it is a part of the file (a
    /// Markdown slide): where `e` opens it. None: the whole file.
    public var fileLines: Range<Int>? {
        get { fields.fileLines }
        set { edit { $0.fileLines = newValue } }
    }

    private struct Fields: Hashable {
        var id: String
        var title: String
        var subtitle: String
        var accent: RGB?
        var content: CardContent
        var file: [UInt8]?
        var line: [UInt8]?
        var lineText: String?
        var fileLines: Range<Int>?
    }

    private final class Box: @unchecked Sendable {
        // (Never changed once shared: `edit` changes a box only while this card holds the one reference.)
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box
    private var fields: Fields { box.fields }

    private mutating func edit(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        change(&box.fields)
    }

    public init(id: String = "", title: String, subtitle: String = "", content: CardContent, accent: RGB? = nil, file: [UInt8]? = nil,
                line: [UInt8]? = nil, lineText: String? = nil, fileLines: Range<Int>? = nil) {
        box = Box(Fields(id: id, title: title, subtitle: subtitle, accent: accent, content: content, file: file, line: line,
                         lineText: lineText, fileLines: fileLines))
    }

    /// An art card (a picture drawn in characters) in one size, one string per line.
    public init(id: String = "", title: String, subtitle: String = "", art: [String], accent: RGB? = nil) {
        self.init(id: id, title: title, subtitle: subtitle, content: .art(Art(lines: art)), accent: accent)
    }

    public static func == (a: Card, b: Card) -> Bool { a.box === b.box || a.fields == b.fields }
    public func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

extension Card: CustomReflectable {
    /// The fields, as a card printed or dumped (a failing test's message) showed them before they
    /// went into a box.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "title": title, "subtitle": subtitle, "accent": accent as Any, "content": content,
                                "file": file as Any, "line": line as Any, "lineText": lineText as Any, "fileLines": fileLines as Any],
               displayStyle: .struct)
    }
}

extension Card {

    /// The content as lines of plain text: the art's lines, or the text's lines before wrapping.
    /// What a search reads and what tests compare.
    public var lines: [String] { content.lines }
}

/// What a card shows. Each kind is drawn differently: art is resampled to the card's size (it is
/// a picture), text is laid out (wrapped to the card's width, never resampled, so its letters are
/// always its own), an image is converted to cells for each size it is shown at (off the frame path).
public enum CardContent: Sendable, Hashable {
    /// A picture drawn in characters, in one or more sizes.
    case art(Art)
    /// Prose, code, a list or a Markdown slide.
    case text(TextDocument)
    /// Pixels in a picture file (PNG, JPEG, GIF, WebP, BMP, TIFF).
    case image(PictureFile)

    /// The content as lines of plain text (none for an image: its title and subtitle say it).
    public var lines: [String] {
        switch self {
        case .art(let art): art.lines
        case .text(let document): document.plainLines
        case .image: []
        }
    }

    /// About how many bytes the content holds (for caches with a byte budget). An image's pixels
    /// are held by the picture store, under its own budget.
    public var byteCost: Int {
        switch self {
        case .art(let art): art.variants.reduce(0) { sum, lines in lines.reduce(sum) { $0 + 16 + $1.utf8.count } }
        case .text(let document): document.plainLines.reduce(0) { $0 + 48 + 2 * $1.utf8.count }
        case .image(let file): 64 + file.path.count
        }
    }
}

/// A picture drawn in characters, in one or more sizes, as an image's `srcset`: `Mira.txt` and
/// `Mira@2x.txt` are the same drawing with more detail. The renderer shrinks the smallest variant
/// that is at least as big as the size it is shown at, so a large card is never a small drawing
/// spread thin. `.art(["line", "line"])` is art in one size.
public struct Art: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Each size's lines, one string per line, smallest first; never empty.
    public var variants: [[String]] {
        didSet { if variants.isEmpty { variants = [[]] } }
    }

    /// The smallest size's lines: what a search reads and what tests compare.
    public var lines: [String] { variants.first ?? [] }

    /// Art in one size.
    public init(lines: [String]) { variants = [lines] }

    /// Art in several sizes, smallest first (none: art with no lines).
    public init(variants: [[String]]) { self.variants = variants.isEmpty ? [[]] : variants }

    public init(arrayLiteral lines: String...) { self.init(lines: lines) }
}

/// Where a picture card's pixels are: a file, read only when the card comes near the screen.
public struct PictureFile: Sendable, Hashable {
    /// The path to open, as bytes (a file name need not be UTF-8).
    public var path: [UInt8]

    public init(path: [UInt8]) { self.path = path }
    public init(path: String) { self.path = Array(path.utf8) }
}
