/// What raw HTML in Markdown shows on a card: the text a browser would show, without the tags.
/// READMEs use HTML for what Markdown lacks (`<kbd>Ctrl</kbd>`, a centred `<p>` with a logo, a
/// `<details>` block, `<br>` in a table cell); shown as written, the tags buried the words. Nothing
/// is interpreted beyond that: no layout, no links followed, no script.
///
/// - A tag is dropped; `<br>` and the tags of blocks (`<p>`, `<div>`, `<li>`, `<h1>`...) end a line;
///   an image shows its `alt` text, as a Markdown image does; a link (`<a href>`) its address after
///   its text, as a Markdown link does (see `address(_:text:spansLines:)`).
/// - Text keeps its words, its whitespace collapsed as HTML collapses it (not in `<pre>`, whose lines
///   and spaces are kept); images side by side are a space apart; entities are decoded.
/// - Comments and the contents of `<script>` and `<style>` are not shown.
enum HTMLText {
    /// One piece of HTML's shown text.
    enum Piece: Equatable {
        case text(String)
        /// An image's alternative text.
        case image(String)
        /// A link's address, after its text (` (https://example.org)`).
        case address(String)
        /// A rule across the text (`<hr>`), alone on its line.
        case rule
    }

    /// A tag as read: its lowercased name, whether it closes, its `alt` attribute (of an image)
    /// and its `href` (of a link).
    struct Tag: Equatable {
        var name: String
        var closing: Bool
        var alt: String?
        var href: String? = nil
        var src: String? = nil

        /// What an image is named by: its `alt` text, else its file's name (nil: no image, or none).
        var imageName: String? {
            guard name == "img", !closing else { return nil }
            if let alt, !alt.isEmpty { return alt }
            return src.map(HTMLText.fileName)
        }
    }

    /// The last part of an image's address (before any `?` or `#`), where it has no `alt` text.
    static func fileName(_ url: String) -> String {
        let path = url.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? url
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.isEmpty ? "picture" : name
    }

    /// Tags that stand for a line of their own in a block.
    static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "center", "dd", "details", "div", "dl", "dt", "figcaption",
        "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
        "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    ]

    /// `html` when it is one tag (`<kbd>`, `</kbd>`, `<br/>`, `<img src="a.png" alt="A">`), else nil
    /// (a comment, a declaration, a processing instruction, text).
    static func tag(_ html: String) -> Tag? {
        var rest = Substring(html)
        guard rest.hasPrefix("<"), rest.hasSuffix(">") else { return nil }
        rest = rest.dropFirst().dropLast()
        let closing = rest.hasPrefix("/")
        if closing { rest = rest.dropFirst() }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isLetter else { return nil }
        let lowercased = name.lowercased(), attributes = rest.dropFirst(name.count)
        return Tag(name: lowercased, closing: closing, alt: attribute("alt", in: attributes),
                   href: lowercased == "a" && !closing ? attribute("href", in: attributes) : nil,
                   src: lowercased == "img" && !closing ? attribute("src", in: attributes) : nil)
    }

    /// The value of attribute `name` in a tag's attributes (quoted with `"` or `'`, or bare), decoded.
    /// The attributes are read one after another, so a name inside another's quoted value
    /// (`title="x alt=y"`) is not taken for one.
    static func attribute(_ name: String, in attributes: Substring) -> String? {
        let characters = Array(attributes)
        let wanted = name.lowercased()
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" }
        var i = 0
        while i < characters.count {
            while i < characters.count && (isSpace(characters[i]) || characters[i] == "/") { i += 1 }
            let start = i
            while i < characters.count && !isSpace(characters[i]) && !"=/>".contains(characters[i]) { i += 1 }
            guard i > start || (i < characters.count && characters[i] == "=") else { break }
            let found = String(characters[start..<i]).lowercased()
            while i < characters.count && isSpace(characters[i]) { i += 1 }
            var value: String?
            if i < characters.count && characters[i] == "=" {
                i += 1
                while i < characters.count && isSpace(characters[i]) { i += 1 }
                if i < characters.count, characters[i] == "\"" || characters[i] == "'" {
                    let quote = characters[i]
                    let from = i + 1
                    i = from
                    while i < characters.count && characters[i] != quote { i += 1 }
                    value = String(characters[from..<i])
                    i += 1
                } else {
                    let from = i
                    while i < characters.count && !isSpace(characters[i]) && characters[i] != ">" { i += 1 }
                    value = String(characters[from..<i])
                    // (A bare value ends before the `/` of a self-closing tag: `<img alt=cat/>`.)
                    if value?.hasSuffix("/") == true, i >= characters.count || characters[i] == ">" { value?.removeLast() }
                }
            }
            if found == wanted { return value.map(decoded) }
        }
        return nil
    }

    /// The text of an `<h1>` that opens an HTML block (`<h1 align="center">Fancy Tool</h1>`, as
    /// READMEs centre their name) and the block after it; nil when the block opens otherwise or
    /// the heading shows no text (a logo alone).
    static func leadingHeading(in html: String) -> (text: String, rest: String)? {
        let start = html.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let open = tagEnd(start), let tag = tag(String(start[...open])), tag.name == "h1", !tag.closing else { return nil }
        var inner = start[start.index(after: open)...]
        var end = inner.endIndex, after = inner.endIndex
        var search = inner
        while let lt = search.firstIndex(of: "<") {
            let candidate = search[lt...]
            if let close = tagEnd(candidate), let found = self.tag(String(candidate[...close])), found.name == "h1", found.closing {
                end = lt
                after = candidate.index(after: close)
                break
            }
            search = search[search.index(after: lt)...]
        }
        let rest = String(inner[after...])
        inner = inner[..<end]
        let words = lines(ofBlock: String(inner)).map { line in
            line.compactMap { piece -> String? in if case .text(let text) = piece { text } else { nil } }.joined()
        }.filter { !$0.isEmpty }.joined(separator: " ")
        let text = words.split(separator: " ").joined(separator: " ")
        return text.isEmpty ? nil : (text, rest)
    }

    /// The text an HTML block shows, as lines of pieces; empty when it shows none (a comment, an
    /// image without `alt`, an empty `<div>`).
    static func lines(ofBlock html: String) -> [[Piece]] {
        var lines: [[Piece]] = [[]]
        var hidden: String?  // inside <script> or <style>
        // Inside <pre>: lines, spaces and empty lines are kept (the lines `preformatted` holds).
        var pre = 0
        var preformatted = Set<Int>()
        func breakLine() { if !(lines.last?.isEmpty ?? true) { lines.append([]) } }
        func addText(_ raw: Substring) {
            guard hidden == nil else { return }
            let text = decoded(String(raw))
            if pre > 0 {
                for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if k > 0 { lines.append([]) }
                    preformatted.insert(lines.count - 1)
                    let shown = line.replacing("\t", with: "    ").replacing("\r", with: "")
                    if !shown.isEmpty { lines[lines.count - 1].append(.text(String(shown))) }
                }
                return
            }
            var collapsed = ""
            var space = false
            for character in text {
                if character == " " || character == "\n" || character == "\t" || character == "\r" {
                    space = true
                    continue
                }
                if space && (!collapsed.isEmpty || !(lines.last?.isEmpty ?? true)) { collapsed.append(" ") }
                space = false
                collapsed.append(character)
            }
            if space && !collapsed.isEmpty { collapsed.append(" ") }
            if !collapsed.isEmpty {
                lines[lines.count - 1].append(.text(collapsed))
            } else if space, let last = lines[lines.count - 1].last, last != .text(" ") {
                // Only spaces between two tags (`<kbd>a</kbd> <kbd>b</kbd>`): the words stay apart.
                if case .text(let text) = last, text.last == " " { return }
                lines[lines.count - 1].append(.text(" "))
            }
        }
        // Open links: their address, and the line and piece where their text starts.
        var links: [(url: String, line: Int, start: Int)] = []
        var rest = Substring(html)
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "<") else {
                addText(rest)
                break
            }
            addText(rest[..<open])
            rest = rest[open...]
            if rest.hasPrefix("<!--") {
                rest = rest.dropFirst(4)
                while !rest.isEmpty && !rest.hasPrefix("-->") { rest = rest.dropFirst() }
                rest = rest.dropFirst(3)
                continue
            }
            guard let close = tagEnd(rest) else {
                addText(rest)
                break
            }
            let written = String(rest[...close])
            rest = rest[rest.index(after: close)...]
            guard let tag = tag(written) else {
                // A declaration or an instruction (`<!DOCTYPE>`, `<?php ?>`) shows nothing; a lone `<` is text.
                if !(written.hasPrefix("<!") || written.hasPrefix("<?")) { addText(Substring(written)) }
                continue
            }
            if tag.name == "script" || tag.name == "style" {
                hidden = tag.closing ? nil : tag.name
                continue
            }
            guard hidden == nil else { continue }
            if tag.name == "a" {
                // A link's address follows its text, as a Markdown link's does.
                if !tag.closing {
                    links.append((tag.href ?? "", lines.count - 1, lines[lines.count - 1].count))
                } else if let link = links.popLast() {
                    let shown = link.line == lines.count - 1 ? Array(lines[link.line][link.start...]) : []
                    if let address = address(link.url, text: shown, spansLines: link.line != lines.count - 1) {
                        lines[lines.count - 1].append(.address(address))
                    }
                }
            } else if let alt = tag.imageName {
                // Images side by side (a row of badges) are words apart.
                switch lines[lines.count - 1].last {
                case .image?: lines[lines.count - 1].append(.text(" "))
                case .text(let text)? where text.last != " ": lines[lines.count - 1].append(.text(" "))
                default: break
                }
                lines[lines.count - 1].append(.image(alt))
            } else if tag.name == "hr" {
                // A rule, as Markdown's `***` draws one (it drew nothing: helper-58).
                if !tag.closing {
                    breakLine()
                    lines[lines.count - 1] = [.rule]
                    lines.append([])
                }
            } else if blockTags.contains(tag.name) {
                breakLine()
                if tag.name == "pre" { pre = max(0, pre + (tag.closing ? -1 : 1)) }
            }
        }
        // Spaces at a line's ends are not shown, nor empty lines, but in <pre>.
        return lines.enumerated().compactMap { index, line in
            if preformatted.contains(index) {
                // (The line break right after <pre> and the one before </pre> are not lines.)
                let opens = !preformatted.contains(index - 1), closes = !preformatted.contains(index + 1)
                return line.isEmpty && (opens || closes) ? nil : line
            }
            var line = line
            if case .text(let first)? = line.first { line[0] = .text(String(first.drop { $0 == " " })) }
            if case .text(let last)? = line.last {
                line[line.count - 1] = .text(String(last.reversed().drop { $0 == " " }.reversed()))
            }
            line.removeAll { $0 == .text("") }
            return line.isEmpty ? nil : line
        }
    }

    /// The address to show after a link's text (`text`, its pieces), or nil: none for an empty one,
    /// an anchor on the page (`#usage`), one the text already says, or a link made of images alone
    /// (a badge, a logo: its address means nothing on a card).
    static func address(_ url: String, text pieces: [Piece], spansLines: Bool = false) -> String? {
        func trimmed(_ text: String) -> String { String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        let url = trimmed(url)
        guard !url.isEmpty, !url.hasPrefix("#") else { return nil }
        var text = ""
        var image = false, words = false
        for piece in pieces {
            switch piece {
            case .text(let t):
                text += t
                if t.contains(where: { !$0.isWhitespace }) { words = true }
            case .image(let alt):
                text += alt
                image = true
            case .address, .rule: break
            }
        }
        if image && !words { return nil }
        let said = trimmed(text)
        if !spansLines && (said == url || "mailto:" + said == url) { return nil }
        return url
    }

    /// The `>` that ends the tag `rest` opens: not one inside a quoted attribute value
    /// (`<img alt="a > b">`). When a quote is never closed, the first `>`.
    static func tagEnd(_ rest: Substring) -> Substring.Index? {
        var quote: Character?
        var afterEquals = false
        for index in rest.indices {
            let character = rest[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == ">" { return index }
            if afterEquals && (character == "\"" || character == "'") {
                quote = character
            } else if character == "=" {
                afterEquals = true
                continue
            } else if character.isWhitespace && afterEquals {
                continue
            }
            afterEquals = false
        }
        return quote == nil ? nil : rest.firstIndex(of: ">")
    }

    /// Named entities READMEs use, beside the numeric ones (`&#169;`, `&#xA9;`).
    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "middot": "·", "bull": "•", "times": "×",
        "laquo": "«", "raquo": "»", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "deg": "°", "euro": "€",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "check": "✓", "ensp": " ", "emsp": " ", "thinsp": " ",
    ]

    /// `text` with its character references decoded (an unknown one is left as written).
    static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            // A reference is `&`, letters, digits or `#x`, then `;`; any other `&` is text.
            let name = rest.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }.prefix(32)
            let semicolon = name.endIndex
            guard !name.isEmpty, semicolon < rest.endIndex, rest[semicolon] == ";" else {
                out += "&"
                rest = rest.dropFirst()
                continue
            }
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            }
            if let scalar, scalar.value != 0 {
                out.unicodeScalars.append(scalar)
            } else if let named = entities[String(name)] {
                out += named
            } else {
                out += rest[...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}
