import CarouselCore
import Foundation

/// Loads decks: the built-in one, directories of `*.txt` cards (optionally with a `deck.json`
/// manifest), manifests, and card files given one by one.
public enum DeckLoader {
    public static let manifestName = "deck.json"

    /// The deck built into the program.
    public static func builtin() throws -> Deck {
        try load(folder: EmbeddedFolder())
    }

    /// Loads and concatenates the decks at `paths`. Files that fail are listed in `problems`;
    /// a deck with no card at all is an error.
    public static func load(paths: [String]) throws -> Deck {
        guard !paths.isEmpty else { return try builtin() }
        var cards: [Card] = []
        var problems: [String] = []
        var name = ""
        for path in paths {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            do {
                if !exists {
                    throw DeckError("\(Sanitizer.line(path)): no such file or directory")
                } else if isDirectory.boolValue {
                    let deck = try load(folder: DiskFolder(path: path), requireCards: false)
                    cards += deck.cards
                    problems += deck.problems
                    if name.isEmpty { name = deck.name }
                } else if path.hasSuffix(".json") {
                    let folder = DiskFolder(path: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
                    let deck = try loadManifest(try DiskFolder.readFile(path), named: (path as NSString).lastPathComponent, in: folder)
                    cards += deck.cards
                    problems += deck.problems
                    if name.isEmpty { name = deck.name }
                } else {
                    let bytes = try DiskFolder.readFile(path)
                    cards.append(card(fileName: (path as NSString).lastPathComponent, bytes: bytes))
                }
            } catch let error as DeckError {
                problems.append(error.description)
            }
        }
        guard !cards.isEmpty else {
            throw DeckError(problems.first.map { "no card could be loaded: \($0)" } ?? "no card could be loaded")
        }
        return Deck(name: name.isEmpty ? "cards" : name, cards: cards, problems: problems)
    }

    /// A card from a text file: title from the file name, art from the text.
    static func card(fileName: String, bytes: [UInt8]) -> Card {
        Card(title: Sanitizer.line(title(fromFileName: fileName)), art: Sanitizer.lines(from: bytes))
    }

    static func title(fromFileName name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func load(folder: DeckFolder, requireCards: Bool = true) throws -> Deck {
        let names = try folder.fileNames()
        if names.contains(manifestName) {
            return try loadManifest(try folder.read(manifestName), named: manifestName, in: folder)
        }
        var cards: [Card] = []
        var problems: [String] = []
        for name in names.filter({ $0.hasSuffix(".txt") && !$0.hasPrefix(".") }).sorted() {
            do {
                cards.append(card(fileName: name, bytes: try folder.read(name)))
            } catch let error as DeckError {
                problems.append(error.description)
            }
        }
        if cards.isEmpty && problems.isEmpty {
            problems.append("\(folder.displayName): no *.txt card files")
        }
        if requireCards && cards.isEmpty {
            throw DeckError(problems.first ?? "\(folder.displayName): no cards")
        }
        return Deck(name: Sanitizer.line((folder.displayName as NSString).lastPathComponent), cards: cards, problems: problems)
    }

    /// Reads a `deck.json` manifest: `{"name": ..., "cards": [{"file", "title", "subtitle", "accent"}]}`.
    static func loadManifest(_ bytes: [UInt8], named manifest: String, in folder: DeckFolder) throws -> Deck {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw DeckError("\(Sanitizer.line(manifest)): not valid JSON")
        }
        guard let root = object as? [String: Any], let entries = root["cards"] as? [Any] else {
            throw DeckError("\(Sanitizer.line(manifest)): expected an object with a \"cards\" list")
        }
        var cards: [Card] = []
        var problems: [String] = []
        for (i, entry) in entries.enumerated() {
            guard let fields = entry as? [String: Any] else {
                problems.append("\(manifest): card \(i + 1) is not an object")
                continue
            }
            let file = fields["file"] as? String
            var art: [String] = []
            if let file {
                do {
                    art = Sanitizer.lines(from: try folder.read(file))
                } catch let error as DeckError {
                    problems.append(error.description)
                    continue
                }
            } else if let inline = fields["art"] as? String {
                art = Sanitizer.lines(from: inline)
            }
            let title = (fields["title"] as? String) ?? file.map { DeckLoader.title(fromFileName: $0) } ?? "Card \(i + 1)"
            var accent: RGB?
            if let hex = fields["accent"] as? String {
                accent = RGB(hex: hex)
                if accent == nil { problems.append("\(manifest): card \(i + 1): accent \(Sanitizer.line(hex)) is not #RRGGBB") }
            }
            cards.append(Card(
                title: Sanitizer.line(title), subtitle: Sanitizer.line(fields["subtitle"] as? String ?? ""),
                art: art, accent: accent))
        }
        if cards.isEmpty {
            throw DeckError(problems.first.map { "\(Sanitizer.line(manifest)): no card could be loaded: \($0)" }
                ?? "\(Sanitizer.line(manifest)): no cards")
        }
        return Deck(name: Sanitizer.line(root["name"] as? String ?? "deck"), cards: cards, problems: problems)
    }
}
