import CarouselCanvas
import CarouselCards
import CarouselMarkdown
import CarouselText

/// A card as the loader found it: everything cheap is known (title, subtitle, accent); the content
/// is only said where to find and how to read, and is read and sanitised when the card is first shown.
struct CardEntry: Sendable {
    /// Where the card came from (see `Card.id`).
    var id: String
    var title: String
    var subtitle: String = ""
    var accent: RGB?
    var source: ContentSource
    var kind: ContentKind = .auto
    /// The file on disk the card is or comes from (see `Card.file`).
    var file: [UInt8]? = nil
    /// The line as read, with `--lines` (see `Card.line`); nil where it is the title's own bytes
    /// (`lineIsTitle`), as it is for most lines, or the source's (a line with tabs), so that it is
    /// not kept twice.
    var line: [UInt8]? = nil
    var lineIsTitle = false
    /// The lines of `file` the card shows, when it is a part of it (see `Card.fileLines`).
    var fileLines: Range<Int>? = nil
    /// The file the title was made from (its name without the extension), when nothing else named
    /// the card: a deck with two such titles alike shows their names whole (see `DeckBuilder`).
    var titledAfter: [UInt8]? = nil
    /// The line its text ends with where only its head was kept (a card piped in over 1 MiB).
    var cutNote: String? = nil

    /// The card, its content read now.
    func card() -> Card {
        var content = source.content(as: kind)
        if let cutNote, case .text(let document) = content { content = .text(ContentSource.ending(document, with: cutNote)) }
        // (Cut anywhere, it says so in its counts too: helper-76 read `/ERROR [1/852]` of a 50 MB log's first MiB as all.)
        if case .text(var document) = content, ContentSource.endsInCutNote(document) {
            document.goesOn = true
            content = .text(document)
        }
        // A Markdown text's heading is its title where nothing else named the card; where
        // something did (a manifest, the file's name), the heading stays in the text.
        if case .text(let document) = content, let heading = document.title, document.titleBlock != nil,
           Sanitizer.line(heading) != title {
            content = .text(document.showingTitle())
        }
        return Card(id: id, title: title, subtitle: subtitle, content: content, accent: accent, file: file,
                    line: line ?? (lineIsTitle ? Array(title.utf8) : nil) ?? tabbedLine, lineText: lineText, fileLines: fileLines)
    }

    /// The line decoded, where its bytes are not UTF-8 (see `Card.lineText`): a line with tabs
    /// holds it as its source (its card shows the tabs expanded; `--print json` printed that).
    private var lineText: String? {
        guard let line, String(validating: line, as: UTF8.self) == nil else { return nil }
        switch source {
        case .tabbedLine(let text), .line(let text): return text
        default: return nil
        }
    }

    /// A line with tabs, kept once as the card's source (see `ContentSource.tabbedLine`).
    private var tabbedLine: [UInt8]? {
        if case .tabbedLine(let text) = source { return Array(text.utf8) }
        return nil
    }
}

/// How a card's text is read.
enum ContentKind: Sendable, Equatable {
    /// A table drawn in characters or JSON is code (see `StructuredText`), a drawing art (see
    /// `Lettering.isDrawing`), anything else text.
    case auto
    /// Resampled to the card's size, as a picture.
    case art
    /// Prose or notes: each line a paragraph, wrapped to the card.
    case text
    /// Source code: lines kept as they are, cut at the card's edge.
    case code
    /// CommonMark, rendered.
    case markdown
    /// Text with ANSI colours (`--ansi`): SGR sequences kept as styles, every other sequence removed.
    case ansi
    /// Values separated by this byte (a comma, a tab): a table, its first row the header.
    case delimited(UInt8)

    /// Whether a file read this way can be art, which alone comes in several sizes (text is laid
    /// out for any size); `auto` decides on the card's own file, not its larger sizes.
    var mayBeArt: Bool { self == .art || self == .auto }
}

/// Where a card's content comes from.
enum ContentSource: Sendable {
    /// Already clean lines.
    case lines([String])
    /// Raw text (inline art from a manifest).
    case text(String)
    /// Raw bytes (a card from standard input, or a pipe read when the deck opened).
    case bytes([UInt8])
    /// A file, read on first use, and the files of its larger sizes (`Mira@2x.txt` beside
    /// `Mira.txt`, smallest first), read with it when it is art.
    case file(any DeckFolder, [UInt8], variants: [[UInt8]] = [])
    /// Content made when the deck opened (a Markdown slide).
    case content(CardContent)
    /// A line of input (`--lines`), already clean: its text, laid out when the card is first shown
    /// (a document made for every line when the deck opened took 400 to 600 bytes a line).
    case line(String)
    /// A line of input with its colours (`--lines --ansi`), as read.
    case ansiLine([UInt8])
    /// A line of input holding tabs or escapes, as read: its card shows tabs expanded (made when it
    /// is shown: clean lines made for a million of them when the deck opened took 68% more memory)
    /// and knows a colour code from a `␛` written as text (helper-32).
    case tabbedLine(String)

    /// The content read as `kind`. A file that cannot be read any more (deleted or changed since the
    /// deck opened) or that turns out not to be text gives a one-line card saying so, rather than
    /// stopping the viewer or showing its bytes.
    func content(as kind: ContentKind) -> CardContent {
        let bytes: [UInt8]
        switch self {
        case .content(let content):
            return content
        case .line(let text):
            return .text(TextDocument(plainText: text))
        case .ansiLine(let raw):
            return .text(ANSIText.document(from: raw))
        case .tabbedLine(let text):
            var document = TextDocument(plainText: Sanitizer.lines(from: text).joined(separator: "\n"))
            document.showsColourCodes = ContentSource.holdsColourCodes(text.utf8)
            return .text(document)
        case .lines(let lines):
            return ContentSource.content(lines: lines, kind: kind)
        case .text(let text):
            return ContentSource.content(lines: Sanitizer.lines(from: text), kind: kind)
        case .bytes(let raw):
            bytes = raw
        case .file(let folder, let name, let variants):
            let read: [UInt8]
            do {
                read = try folder.read(name)
            } catch {
                return .text(TextDocument(plainText: "(\(folder.displayName(of: name)): \(error.reason))"))
            }
            // A file whose name said text but that holds NUL bytes or control characters (a
            // renamed binary) is not shown as bytes; a stray invalid byte in a UTF-8 file only
            // shows as U+FFFD.
            let encoding = TextEncoding.of(read)
            if encoding == nil && TextEncoding.holdsControls(read) {
                return .text(TextDocument(plainText: "(\(folder.displayName(of: name)): \(FileFailure.notText(read).reason))"))
            }
            let utf8 = TextEncoding.utf8(read, as: encoding ?? .utf8)
            var content = ContentSource.withLongLinesNote(ContentSource.content(bytes: utf8, kind: kind), from: utf8)
            // Neither UTF-8 nor the Latin-1 of Western notes (Cyrillic in Windows-1251 or KOI8-R,
            // Chinese in GBK, Japanese in Shift-JIS: runs of bytes above 127): its letters are
            // shown as �, and the card says why (helper-59: nothing did).
            if encoding == nil || (encoding == .utf8 && TextEncoding.isMostlyNotUTF8(read)), case .text(let document) = content {
                content = .text(Self.ending(document, with: ContentSource.notUTF8Note))
            }
            // A file over 1 MiB shows its first MiB: its text ends saying so (the zoom said "(end)"
            // at a cut nothing on the screen told of: helper-20).
            // (Not where its text was cut before its first MiB ended, at `maximumLines`: its last
            // line says that.)
            if case .text(let document) = content, read.count >= FileSystem.maximumFileSize / 2,
               folder.isLarger(name, than: FileSystem.maximumFileSize) {
                content = .text(Self.ending(document, with: ContentSource.cutNote))
            }
            // Only art is resampled, so only art has sizes; text is laid out for any size.
            guard case .art(var art) = content, !variants.isEmpty else { return content }
            art.variants += ContentSource.variants(variants, in: folder)
            return .art(art)
        }
        return ContentSource.withLongLinesNote(ContentSource.content(bytes: bytes, kind: kind), from: bytes)
    }

    /// A text with lines cut at `Sanitizer.maximumColumns` (a minified file's one line) ends
    /// saying so: only a `…` told, the zoom said "(end)" with most of the file unseen, and a search
    /// for the rest found nothing (helper-98).
    /// (`bytes`: the text's own, which tell at little cost that no line is that long: counting its
    /// lines' characters took a tenth of opening a log of 1 MiB.)
    static func withLongLinesNote(_ content: CardContent, from bytes: [UInt8]) -> CardContent {
        guard case .text(let document) = content, hasLongLine(bytes) else { return content }
        let cut = document.plainLines.count { $0.hasSuffix("…") && $0.count == Sanitizer.maximumColumns }
        guard cut > 0 else { return content }
        return .text(ending(document, with: longLinesNote(cut)))
    }

    /// Whether a line of `bytes` may be longer than `Sanitizer.maximumColumns` characters: a
    /// character takes a byte at least, a tab up to `Sanitizer.tabWidth` spaces.
    static func hasLongLine(_ bytes: [UInt8]) -> Bool {
        guard bytes.count * Sanitizer.tabWidth > Sanitizer.maximumColumns else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var run = 0
            for byte in buffer {
                if byte == 0x0A || byte == 0x0D {
                    run = 0
                } else {
                    run += byte == 0x09 ? Sanitizer.tabWidth : 1
                    if run > Sanitizer.maximumColumns { return true }
                }
            }
            return false
        }
    }

    /// The last line of a text with `count` lines cut.
    static func longLinesNote(_ count: Int) -> String {
        let limit = Sanitizer.maximumColumns % 1000 == 0 ? "\(Sanitizer.maximumColumns / 1000),000" : "\(Sanitizer.maximumColumns)"
        return count == 1 ? "… a line is longer than \(limit) characters: only its first \(limit) are shown"
            : "… \(count) lines are longer than \(limit) characters: only their first \(limit) are shown"
    }

    /// The lines of a card's larger sizes; one that cannot be read any more, or is not text, is
    /// left out (the card still has its other sizes).
    static func variants(_ names: [[UInt8]], in folder: any DeckFolder) -> [[String]] {
        names.compactMap { name in
            guard let bytes = try? folder.read(name), let encoding = TextEncoding.of(bytes) else { return nil }
            let lines = Sanitizer.lines(from: TextEncoding.utf8(bytes, as: encoding))
            return lines.isEmpty ? nil : lines
        }
    }

    /// Whether the text ends in a line saying it was cut: the sanitiser's (at `maximumLines`), or
    /// one of the notes below (`all`; else the sanitiser's alone).
    static func endsInCutNote(_ document: TextDocument, all: Bool = true) -> Bool {
        func isCut(_ line: String) -> Bool { Sanitizer.isCutNote(line) || all && (line == cutNote || line == pipedCutNote) }
        switch document.blocks.last {
        case .paragraph(let spans, _)?: return isCut(spans.plainText)
        case .code(let lines, _)?: return lines.last.map { isCut($0.plainText) } ?? false
        default: return false
        }
    }

    /// The last line of a card file whose text is not UTF-8 (nor Windows-1252).
    static let notUTF8Note = "(not UTF-8: the letters that could not be read show as �; iconv -f ENCODING -t UTF-8 converts the file)"
    /// The last line of a card file over 1 MiB, of which only the first MiB is read.
    static let cutNote = "… the file goes on: only its first MiB is shown"
    /// The same for a card piped in (helper-54: its zoom said "(end)" at the cut).
    static let pipedCutNote = "… the card goes on: only its first MiB is shown"

    /// `document` ending in `note` (apart, in the decoration's style), unless it already ends in
    /// the sanitiser's line saying where it was cut (at `maximumLines`, before the first MiB ended).
    static func ending(_ document: TextDocument, with note: String) -> TextDocument {
        guard !endsInCutNote(document, all: false) else { return document }
        var document = document
        document.blocks += [.blank(), .paragraph([TextSpan(note, style: .decoration)])]
        document.endNotes += 2
        if !document.blockLines.isEmpty { document.blockLines += [0, 0] }
        return document
    }

    static func content(bytes: [UInt8], kind: ContentKind) -> CardContent {
        switch kind {
        case .delimited(let separator):
            if let document = DelimitedText.document(bytes, separator: separator) { return .text(document) }
            return content(lines: Sanitizer.lines(from: bytes), kind: .text)
        case .markdown:
            var document = Markdown.document(from: Sanitizer.markdown(from: bytes, limit: Sanitizer.maximumLines))
            document.title = document.title.map { Sanitizer.line($0) }
            // (Its note where the text was cut is no line of it: see `content(lines:kind:)`.)
            if case .paragraph(let spans, _)? = document.blocks.last, Sanitizer.isCutNote(spans.plainText) { document.endNotes = 1 }
            return .text(document)
        case .ansi:
            return .text(ANSIText.document(from: bytes))
        default:
            // (A file's or standard input's text, whose escapes the sanitiser makes visible: one
            // a card shows as text says how to draw them in colour.)
            let content = content(lines: Sanitizer.lines(from: bytes), kind: kind)
            guard case .text(var document) = content, holdsColourCodes(bytes) else { return content }
            document.showsColourCodes = true
            return .text(document)
        }
    }

    /// Whether text holds an ANSI colour code (SGR: ESC `[`, digits and `;` or `:`, then `m`: a log
    /// written for a terminal, `ls --color=always`), which a card read without `--ansi` shows as text.
    static func holdsColourCodes(_ bytes: some Collection<UInt8>) -> Bool {
        var i = bytes.startIndex
        while let at = bytes[i...].firstIndex(of: 0x1B) {
            i = bytes.index(after: at)
            guard i < bytes.endIndex, bytes[i] == 0x5B else { continue }
            let parameters = bytes[bytes.index(after: i)...].drop { $0 &- 0x30 < 10 || $0 == 0x3B || $0 == 0x3A }
            if parameters.first == 0x6D { return true }
        }
        return false
    }

    static func content(lines: [String], kind: ContentKind) -> CardContent {
        // The sanitiser's last line where it cut a text at `Sanitizer.maximumLines` is a note of
        // the program's, as the others are (`ending`): no line of the text in its counts (helper-107
        // read `lines 99975-100001 of 100001+` for a text of 100,005 lines), nor found by a search.
        if kind != .art, let last = lines.last, Sanitizer.isCutNote(last),
           case .text(let document) = content(plainLines: Array(lines.dropLast()), kind: kind) {
            return .text(ending(document, with: last))
        }
        return content(plainLines: lines, kind: kind)
    }

    private static func content(plainLines lines: [String], kind: ContentKind) -> CardContent {
        switch kind {
        case .art:
            return .art(Art(lines: lines))
        case .auto:
            // A table drawn in characters or JSON: its columns kept, its words whole (as art it was
            // resampled, as prose wrapped: helper-20, helper-22).
            // A script (`#!/bin/sh` on its first line, whatever its name: helper-31's `bzgrep` was
            // wrapped as prose, its indentation lost) is code, as is a table drawn in characters.
            if lines.first.map({ $0.hasPrefix("#!/") || $0.hasPrefix("#! /") }) == true || StructuredText.isStructured(lines) {
                return .text(TextDocument(code: lines.joined(separator: "\n")))
            }
            // (A mark or three, "#" or ":)", is no drawing to blow up to the card's size: helper-29
            // saw a card of "#" filled with rows of "########".)
            guard Lettering.isDrawing(lines), lines.reduce(0, { $0 + $1.count { !$0.isWhitespace } }) > 3 else {
                return .text(TextDocument(plainText: lines.joined(separator: "\n")))
            }
            // (Mostly punctuation, but with words: they must stay whole, so not resampled.)
            return StructuredText.holdsWords(lines) ? .text(TextDocument(code: lines.joined(separator: "\n"))) : .art(Art(lines: lines))
        case .code:
            return .text(TextDocument(code: lines.joined(separator: "\n")))
        case .markdown:
            return .text(Markdown.document(from: lines.joined(separator: "\n")))
        case .text, .ansi, .delimited:
            return .text(TextDocument(plainText: lines.joined(separator: "\n")))
        }
    }
}

extension ANSIText {
    /// Bytes with ANSI colours as a text document: decoded (invalid UTF-8 becomes U+FFFD), colours
    /// and attributes kept, every other escape sequence removed, the text of every span made clean
    /// as any card text is (see `Sanitizer`).
    static func document(from bytes: [UInt8]) -> TextDocument {
        let raw = String(decoding: bytes.prefix(FileSystem.maximumFileSize), as: UTF8.self)
        var document = TextDocument(ansiText: raw)
        // A card's bytes are at most 1 MiB, fewer characters than `maximumCharacters`; lines are counted.
        let cut = document.blocks.count > Sanitizer.maximumLines
        document.blocks = document.blocks.prefix(Sanitizer.maximumLines).map { block in
            guard case .paragraph(let spans, let margin) = block else { return block }
            return .paragraph(Sanitizer.clean(spans), margin: margin)
        }
        if cut {
            document.blocks += [.blank(), .paragraph([TextSpan(Sanitizer.linesCut(Sanitizer.maximumLines), style: .decoration)])]
            document.endNotes = 2
        }
        return document
    }

    /// One line without its escape sequences (what a `--lines --ansi` card is titled and printed as).
    static func plain(_ line: String) -> String { spans(from: line).plainText }
}
