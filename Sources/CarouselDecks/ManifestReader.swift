import CarouselCanvas

/// Turns the bytes of a `deck.json` into a `Manifest`. A document that is not JSON, or not an object
/// with a list of cards, is an error naming the line and column; anything else that cannot be used
/// (an unknown key, a value of the wrong kind, a card that is not an object) is a problem, reported
/// with its line, and the rest of the manifest still counts.
struct ManifestReader {
    /// `displayName` starts every message (the manifest's path as the user gave it, sanitised).
    static func read(_ bytes: [UInt8], displayName: String) throws(DeckError) -> Manifest {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw DeckError("\(displayName), line \(error.line), column \(error.column): \(error.message)")
        } catch {
            throw DeckError("\(displayName): \(error)")
        }
        guard case .object(let object) = root else {
            throw DeckError("\(displayName): expected an object ({ \"cards\": [...] }) at the top, found \(root.kindDescription)")
        }
        var reader = ManifestReader(displayName: displayName)
        return try reader.manifest(object)
    }

    private let displayName: String
    private var manifest = Manifest()

    private init(displayName: String) {
        self.displayName = displayName
    }

    private mutating func report(_ line: Int, _ message: String, skipsCard: Bool = false) {
        manifest.problems.append(ManifestProblem(message: "\(displayName), line \(line): \(message)", skipsCard: skipsCard))
    }

    /// The members of `object` by key, reporting unknown and repeated keys (the last of equal keys wins,
    /// as in most JSON readers, but the author is told).
    private mutating func members(of object: JSONObject, known: [String], in place: String) -> [String: JSONMember] {
        var found: [String: JSONMember] = [:]
        for member in object.members {
            if !known.contains(member.key) {
                report(member.line, "unknown key \(Shown.quoted(member.key)) \(place)")
                continue
            }
            if found[member.key] != nil {
                report(member.line, "key \(Shown.quoted(member.key)) appears twice \(place); the last one is used")
            }
            found[member.key] = member
        }
        return found
    }

    private mutating func manifest(_ root: JSONObject) throws(DeckError) -> Manifest {
        let fields = members(of: root, known: ["name", "defaults", "cards"], in: "at the top level")
        if let name = fields["name"] {
            if case .string(let text) = name.value {
                manifest.name = Sanitizer.line(text)
            } else {
                report(name.line, "'name' should be text, found \(name.value.kindDescription)")
            }
        }
        if let defaults = fields["defaults"] {
            if case .object(let object) = defaults.value {
                readDefaults(object)
            } else {
                report(defaults.line, "'defaults' should be an object, found \(defaults.value.kindDescription)")
            }
        }
        if let cards = fields["cards"] {
            guard case .array(let entries) = cards.value else {
                throw DeckError("\(displayName), line \(cards.line): 'cards' should be a list of cards, found \(cards.value.kindDescription)")
            }
            var list: [ManifestCard] = []
            list.reserveCapacity(entries.count)
            for (offset, entry) in entries.enumerated() {
                let line = offset < cards.elementLines.count ? cards.elementLines[offset] : cards.line
                if let card = readCard(entry, number: offset + 1, line: line) { list.append(card) }
            }
            manifest.cards = list
        }
        return manifest
    }

    private mutating func readDefaults(_ object: JSONObject) {
        let fields = members(of: object, known: ["style", "mode", "loop", "start", "kind"], in: "in defaults")
        if let style = fields["style"] {
            manifest.defaults.style = choice(style, of: DeckDefaults.styles)
        }
        if let mode = fields["mode"] {
            manifest.defaults.mode = choice(mode, of: DeckDefaults.modes)
        }
        if let kind = fields["kind"] {
            manifest.defaults.kind = choice(kind, of: DeckDefaults.kinds)
        }
        if let loop = fields["loop"] {
            if case .bool(let value) = loop.value {
                manifest.defaults.loop = value
            } else {
                report(loop.line, "'loop' in defaults should be true or false, found \(loop.value.kindDescription)")
            }
        }
        if let start = fields["start"] {
            if case .number(let value) = start.value, value >= 1, value <= 1e9, value.rounded() == value {
                manifest.defaults.start = Int(value)
            } else {
                report(start.line, "'start' in defaults should be a card number (1 is the first)")
            }
        }
    }

    /// One of `choices`, any case; nil (and a problem) otherwise.
    private mutating func choice(_ member: JSONMember, of choices: [String], place: String = "in defaults") -> String? {
        if case .string(let text) = member.value, choices.contains(text.lowercased()) {
            return text.lowercased()
        }
        let got = if case .string(let text) = member.value { Shown.quoted(text) } else { member.value.kindDescription }
        report(member.line, "'\(member.key)' \(place) should be one of \(choices.joined(separator: ", ")), found \(got)")
        return nil
    }

    private mutating func readCard(_ entry: JSONValue, number: Int, line entryLine: Int) -> ManifestCard? {
        guard case .object(let object) = entry else {
            report(entryLine, "card \(number) should be an object, found \(entry.kindDescription); skipped", skipsCard: true)
            return nil
        }
        let place = "in card \(number)"
        let fields = members(of: object, known: ["file", "title", "subtitle", "accent", "art", "kind"], in: place)
        var card = ManifestCard(number: number, line: object.line)
        if let file = fields["file"] {
            guard case .string(let path) = file.value else {
                report(file.line, "'file' \(place) should be text, found \(file.value.kindDescription); skipped", skipsCard: true)
                return nil
            }
            if let reason = ManifestReader.unusablePath(path) {
                report(file.line, "'file' \(place) \(reason) (found \(Shown.quoted(path))); skipped", skipsCard: true)
                return nil
            }
            card.file = Array(path.utf8)
        }
        if let kind = fields["kind"] { card.kind = choice(kind, of: DeckDefaults.kinds, place: place) }
        card.title = text(fields["title"], place: place)
        card.subtitle = text(fields["subtitle"], place: place)
        if let accent = fields["accent"] {
            if case .string(let hex) = accent.value, let colour = RGB(hex: hex) {
                card.accent = colour
            } else {
                let got = if case .string(let text) = accent.value { Shown.quoted(text) } else { accent.value.kindDescription }
                report(accent.line, "'accent' \(place) should be a colour like #E06C75, found \(got)")
            }
        }
        if let art = fields["art"] {
            if card.file != nil {
                report(art.line, "card \(number) has both 'file' and 'art'; the file is used")
            } else if let lines = ManifestReader.art(art.value) {
                card.art = lines
            } else {
                // A list with something else among its lines names it (helper-43: "found a list").
                var found = "found \(art.value.kindDescription)"
                if case .array(let lines) = art.value,
                   let bad = lines.firstIndex(where: { if case .string = $0 { false } else { true } }) {
                    found = "its line \(bad + 1) is \(lines[bad].kindDescription)"
                }
                report(art.line, "'art' \(place) should be text or a list of lines, \(found); skipped", skipsCard: true)
                return nil
            }
        }
        // A card of nothing would show "(empty)" without a word of why (helper-34).
        if card.file == nil && card.art == nil {
            report(object.line, "card \(number) has no 'file' or 'art'; skipped", skipsCard: true)
            return nil
        }
        return card
    }

    private mutating func text(_ member: JSONMember?, place: String) -> String? {
        guard let member else { return nil }
        guard case .string(let text) = member.value else {
            report(member.line, "'\(member.key)' \(place) should be text, found \(member.value.kindDescription)")
            return nil
        }
        return Sanitizer.line(text)
    }

    /// Inline art: one text with line breaks, or a list of lines.
    private static func art(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text):
            return text
        case .array(let elements):
            var lines: [String] = []
            for element in elements {
                guard case .string(let line) = element else { return nil }
                lines.append(line)
            }
            return lines.joined(separator: "\n")
        default:
            return nil
        }
    }

    /// Why `path` may not name a card file, or nil if it may. A deck someone else wrote may only show
    /// files from its own directory, so an absolute path or `..` is refused (a symlink is still followed:
    /// whoever made it lives on this machine).
    static func unusablePath(_ path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.utf8.contains(0) { return "holds a NUL character" }
        if path.hasPrefix("/") { return "must be a path inside the deck's directory, not an absolute one" }
        if path.split(separator: "/").contains("..") { return "must be a path inside the deck's directory (no '..')" }
        return nil
    }
}
