import CarouselCards
import CarouselDecks
import CarouselSearch
#if canImport(Glibc)
import Glibc
#endif

/// What `--pick` prints for the chosen card, and what `--open-with` is given: by default the card's
/// identity, as fzf prints the line chosen: its file's path, the line itself with `--lines`, its
/// title otherwise; or the field `--print` names.
public enum CardChoice {
    public enum Field: String, Sendable, CaseIterable {
        case title, path, index, json
    }

    /// The card's text for `field` (nil: its identity). `index` counts from 1, as the status line
    /// and `--start` do. A card with no file prints an empty path; with `lines`, a line that names
    /// a file (`ls`, `grep -n`: see `place`) is that file's card, and its JSON has the line's number
    /// too, and the line as read (`text`); a slide's JSON has the line of its file it begins at.
    /// Bytes, because a path need not be UTF-8 and is printed as it is.
    public static func text(of card: Card, index: Int, field: Field?, lines: Bool) -> [UInt8] {
        switch field {
        case nil:
            // (A card that is no line, with `--lines`: a built-in card, a manifest's art: as without it.)
            if lines, let line = card.line { return line }
            return card.file ?? Array(card.title.utf8)
        case .title: return Array(card.title.utf8)
        case .path: return place(of: card, lines: lines)?.file ?? directory(of: card, lines: lines) ?? []
        case .index: return Array(String(index + 1).utf8)
        case .json:
            var fields = [("index", String(index + 1)), ("id", quoted(card.id)), ("title", quoted(card.title)),
                          ("subtitle", quoted(card.subtitle))]
            // With `--lines`, a line naming a file (of `ls`, of `grep -n` with its line) gives its path.
            let place = place(of: card, lines: lines)
            let path = place?.file ?? directory(of: card, lines: lines)
            fields.append(("path", path.map { quoted(String(decoding: $0, as: UTF8.self)) } ?? "null"))
            // (A Markdown slide: the line of its file it begins at; helper-27 found none.)
            if let line = place?.line ?? (card.file == nil ? nil : card.fileLines?.lowerBound) { fields.append(("line", String(line))) }
            // The line as read, as `--pick` prints it (the id and title are made clean for the
            // screen: an escape shown as ␛, a tab as a space; helper-22); not UTF-8, the line
            // decoded as the whole input was (helper-40: `caf\xE9` was "café" in the title and
            // "caf\uFFFD" here; decoded again alone, it could differ: helper-42), its tabs kept
            // (helper-61: they were spaces, as the card shows them).
            if lines, let text = card.line {
                fields.append(("text", quoted(String(validating: text, as: UTF8.self) ?? card.lineText ?? card.lines.joined(separator: "\n"))))
            }
            return Array(("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8)
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The file `e` opens for a card: its own file; with `--lines`, the line when it names a file
    /// that exists (so `ls | carousel --lines` can open what it lists), and for a line of `grep -n`,
    /// `rg -n` or a compiler's message (`path:12:text`, `path:12:5: error`) the file and the line it
    /// names, where the part before it is a file that exists (helper-18: such a line said "No file
    /// to open"); nil when there is none.
    public static func place(of card: Card, lines: Bool) -> (file: [UInt8], line: Int?)? {
        if let file = card.file { return (unlike(file), nil) }
        guard lines else { return nil }
        let name = card.line ?? Array(card.id.utf8)
        guard !name.isEmpty, !name.contains(0) else { return nil }
        if isRegularFile(name) { return (unlike(name), nil) }
        if let listed = listedName(name), isRegularFile(listed) { return (unlike(listed), nil) }
        let colon = UInt8(ascii: ":")
        for i in name.indices where name[i] == colon && i > 0 {
            var end = i + 1
            while end < name.count, (0x30...0x39).contains(name[end]) { end += 1 }
            guard end > i + 1, end - i <= 10, end == name.count || name[end] == colon else { continue }
            let prefix = Array(name[..<i])
            if isRegularFile(prefix), let number = Int(String(decoding: name[(i + 1)..<end], as: UTF8.self)), number >= 1 {
                return (unlike(prefix), number)
            }
        }
        return nil
    }

    private static func isRegularFile(_ path: [UInt8]) -> Bool { kind(of: path) == S_IFREG }

    /// A path unlike an option: `-rf.txt` as `./-rf.txt` (helper-29: `grep -rn` names it so, and
    /// `vim -rf.txt` starts vim's recovery), `+5.txt` as `./+5.txt` (an editor's command: vim, nano,
    /// emacs and less read `+5` as a line to go to; helper-98).
    static func unlike(_ path: [UInt8]) -> [UInt8] {
        path.first == UInt8(ascii: "-") || path.first == UInt8(ascii: "+") ? Array("./".utf8) + path : path
    }

    /// With `--lines`, the directory a line names, as `--print path` prints it (helper-54: `cd
    /// "$(find . -type d | carousel --print path)"` got an empty line); nil otherwise.
    static func directory(of card: Card, lines: Bool) -> [UInt8]? {
        guard lines, card.file == nil else { return nil }
        return namedDirectory(card).map(unlike)
    }

    /// Whether a line (`--lines`) names a directory: `e` says so rather than that it names nothing.
    public static func namesDirectory(_ card: Card) -> Bool { namedDirectory(card) != nil }

    /// The directory a line names: the line itself, or the name an `ls -l` line ends in.
    private static func namedDirectory(_ card: Card) -> [UInt8]? {
        let name = card.line ?? Array(card.id.utf8)
        guard !name.isEmpty, !name.contains(0) else { return nil }
        if kind(of: name) == S_IFDIR { return name }
        return listedName(name).flatMap { kind(of: $0) == S_IFDIR ? $0 : nil }
    }

    /// The name a line of `ls -l` ends in (`-rw-r--r-- 1 ada staff 4096 Nov 28 12:00 notes.txt`),
    /// where something of that name is there (helper-75: `--print path` printed nothing for such
    /// a line): the line begins with a file's mode (ten letters, maybe `.`, `+` or `@` after them),
    /// and the name is what follows one of its fields after the fifth (owner and group, a size
    /// or a device's two numbers, a date of two or three fields: `ls -lh`, `--time-style=long-iso`
    /// and `ls -ln` differ there), the fewest fields that name something; a link's `name -> target`
    /// names its link. Nil for any other line.
    static func listedName(_ line: [UInt8]) -> [UInt8]? {
        let space = UInt8(ascii: " ")
        guard let mode = ListingLine.fieldsStart(line) else { return nil }
        // Where each field after the mode ends, and the rest of the line begins.
        var field = 0, i = mode
        let linksAway = ListingLine.fileType(line) == UInt8(ascii: "l") && line[mode...].firstRange(of: Array(" -> ".utf8)) != nil
        while i < line.count {
            while i < line.count && line[i] == space { i += 1 }
            guard i < line.count else { return nil }
            while i < line.count && line[i] != space { i += 1 }
            field += 1
            // After owner, group, size, month, day and time at least (or links, owner, group,
            // size and a long date), at most after a device's numbers and a three-field date.
            guard field >= 5, i + 1 < line.count else { continue }
            if field > 9 { return nil }
            let rest = Array(line[(i + 1)...])
            // A link's line names the link, never what follows its arrow (helper-109: `cfg ->
            // settings.txt` listed from another folder printed `settings.txt`, a file of the same
            // name here).
            if linksAway {
                guard let arrow = rest.indices.last(where: { rest[$0...].starts(with: Array(" -> ".utf8)) }) else { return nil }
                if arrow > 0, kind(of: Array(rest[..<arrow])) != nil || isLink(Array(rest[..<arrow])) { return Array(rest[..<arrow]) }
                continue
            }
            if kind(of: rest) != nil { return rest }
        }
        return nil
    }

    /// Whether `path` is a symbolic link (whose target may be missing).
    private static func isLink(_ path: [UInt8]) -> Bool {
        var info = stat()
        let found = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) == 0 }
        }
        return found && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The type bits of what `path` names (following links); nil when nothing is there.
    private static func kind(of path: [UInt8]) -> mode_t? {
        var info = stat()
        let found = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        }
        return found ? info.st_mode & S_IFMT : nil
    }

    /// The line (from 1) of `file` where `e` opens a card: the first line of its part of the file
    /// (a Markdown slide's) or, while a search is on, the first of those lines that holds the query
    /// (read from the file as it is now); nil for the file's top.
    public static func line(of card: Card, in file: [UInt8], matching query: SearchQuery?) -> Int? {
        let lines = card.fileLines ?? 1..<Int.max
        guard let query, !query.isEmpty, let raw = readFile(file, limit: 16 << 20) else {
            return lines.lowerBound > 1 ? lines.lowerBound : nil
        }
        // Sought in the text as the card shows it (a Latin-1 or UTF-16 file decoded).
        let bytes = TextEncoding.utf8(raw)
        var number = 1
        for row in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if number >= lines.upperBound { break }
            if number >= lines.lowerBound, query.matches(String(decoding: row, as: UTF8.self)) { return number }
            number += 1
        }
        return lines.lowerBound > 1 ? lines.lowerBound : nil
    }

    /// The first `limit` bytes of a file, or nil when it cannot be read.
    static func readFile(_ path: [UInt8], limit: Int) -> [UInt8]? {
        guard !path.contains(0) else { return nil }
        let descriptor = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return bytes
    }
}
