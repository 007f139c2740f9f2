/// Loads decks: the built-in one, directories of text cards (notes, Markdown, source files;
/// optionally with a `deck.json` manifest), manifests, card files given one by one, and cards from
/// standard input (`-`).
///
/// Loading reads a card's content only when it must (see `DeckBuilder`); it lists directories and
/// looks at each file's type, size and permissions, so a problem with a file is known, and named,
/// up front, and the content is read when the card is first shown (see `LazyCardProvider`).
public enum DeckLoader {
    public static let manifestName = "deck.json"
    /// Largest manifest read: big enough for 100,000 cards with inline art.
    public static let maximumManifestSize = 64 << 20
    /// Most bytes read from standard input.
    public static let maximumStandardInputSize = 64 << 20
    /// Most cards made of lines (`--lines`), from all the input: more than anyone browses, at 200 to
    /// 400 bytes a card of a short line (185 MB for a million lines of 3 letters, 372 MB of 31);
    /// 64 MiB of short lines (the input's limit) would be 16 million cards, gigabytes.
    public static let maximumLineCards = 1_000_000
    /// Largest card file read.
    public static let maximumCardFileSize = FileSystem.maximumFileSize

    /// The deck built into the program.
    public static func builtin(options: LoadOptions = LoadOptions()) throws -> Deck {
        var builder = DeckBuilder(options: options)
        builder.addDirectory(EmbeddedFolder(), name: "built-in deck")
        return try builder.deck(defaultName: "built-in deck")
    }

    /// Loads and concatenates the decks at `paths` (no path: the built-in deck). A path is a
    /// directory, a `*.json` manifest, a card file, or `-` for cards from `standardInput` (read once,
    /// only if `-` is given; `StandardInputCards` describes the format, which a shell's `<(command)` also
    /// uses). A named pipe (`mkfifo`) is refused without being opened: opening it waits for a writer.
    /// What cannot be used is listed in the deck's `problems`; a deck with no card at all is a `DeckError`.
    public static func load(
        paths: [String], options: LoadOptions = LoadOptions(), standardInput: () throws -> [UInt8] = DeckLoader.readStandardInput
    ) throws -> Deck {
        guard !paths.isEmpty else { return try builtin(options: options) }
        var builder = DeckBuilder(options: options)
        var readStandardInput = false
        for path in paths {
            if path == "-" {
                guard !readStandardInput else {
                    builder.note("standard input: given more than once; its cards are shown once")
                    continue
                }
                readStandardInput = true
                do {
                    builder.addStream(try standardInput(), source: "standard input")
                } catch {
                    builder.skip("standard input: \(reason(error))")
                }
                continue
            }
            add(Array(path.utf8), to: &builder, alone: paths.count == 1)
        }
        return try builder.deck(defaultName: "cards")
    }

    /// `alone`: the one path given (a card file then names the deck).
    private static func add(_ path: [UInt8], to builder: inout DeckBuilder, alone: Bool) {
        let shown = Shown.path(path)
        switch FileSystem.kind(of: path) {
        case .failure(let failure):
            builder.skip("\(shown): \(failure.reason)")
        case .success(.directory):
            builder.addDirectory(DiskFolder(path: path), name: lastComponent(path))
        case .success(.file):
            let (directory, name) = split(path)
            if name.count > 5 && name.suffix(5).elementsEqual(".json".utf8) && isManifest(name, in: DiskFolder(path: directory)) {
                builder.addManifest(in: DiskFolder(path: directory), named: name, folderName: lastComponent(directory))
            } else {
                // A file alone names its deck, as a folder does (`carousel talk.md` said "carousel").
                if alone { builder.name(DeckBuilder.title(fromFileName: name)) }
                builder.addCardFile(in: DiskFolder(path: directory), named: name)
            }
        case .success(.pipe):
            // `carousel <(command)`: read now, like standard input (a pipe can be read only once).
            do {
                builder.addStream(try FileSystem.readPrefix(path, limit: maximumStandardInputSize), source: shown, named: false)
            } catch {
                builder.skip("\(shown): \(error.reason)")
            }
        case .success(.namedPipe):
            builder.skip("\(shown): \(FileFailure.namedPipe.reason)")
        case .success(.other):
            builder.skip("\(shown): \(FileFailure.notAFile.reason)")
        }
    }

    /// Whether a `*.json` file named on the command line is a deck manifest: `deck.json`, or under
    /// another name a JSON object with `cards` or `defaults` (a manifest's own keys). Any other JSON
    /// (a `package.json`, data) is a card, shown as code: read as a manifest, it named its unknown
    /// keys on stderr and showed its folder's files instead. A file too big to be a card is left to
    /// the manifest reader, which says what is wrong with it.
    static func isManifest(_ name: [UInt8], in folder: some DeckFolder) -> Bool {
        if name.elementsEqual(manifestName.utf8) { return true }
        // (As much as a manifest may hold: read up to a card's 1 MiB, an API's description of 3 MB
        // was too large, so taken for a manifest that said its keys were unknown and showed the
        // folder's other files; helper-108. Larger still, it is a card showing its head; a file
        // that cannot be read is a manifest, whose error says why.)
        let bytes: [UInt8]
        do {
            bytes = try folder.read(name, limit: maximumManifestSize)
        } catch {
            return error != .tooLarge(limit: maximumManifestSize)
        }
        guard let parsed = try? JSONParser.parse(bytes) else {
            // Not JSON: a manifest all the same where it names a manifest's keys, so that its
            // error is said with its line and column (helper-43: a talk.json with a comma missing
            // showed as a card of its text, and nothing said why the deck was gone).
            return namesManifestKeys(bytes)
        }
        guard case .object(let root) = parsed else { return false }
        return root.members.contains { $0.key == "cards" || $0.key == "defaults" }
    }

    /// Whether text holds `"cards"` or `"defaults"` followed by a colon: a manifest's keys.
    static func namesManifestKeys(_ bytes: [UInt8]) -> Bool {
        for key in [Array(#""cards""#.utf8), Array(#""defaults""#.utf8)] {
            var from = bytes.startIndex
            while let at = bytes[from...].firstRange(of: key) {
                let rest = bytes[at.upperBound...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
                if rest.first == UInt8(ascii: ":") { return true }
                from = at.upperBound
            }
        }
        return false
    }

    /// Standard input, up to one byte more than `maximumStandardInputSize` (so the loader can tell
    /// it was cut).
    /// `progress` is told the bytes and lines read so far as they come (see `readAll`).
    public static func readStandardInput() throws -> [UInt8] { try readStandardInput(progress: nil) }

    public static func readStandardInput(progress: ((_ bytes: Int, _ lines: Int) -> Void)?) throws -> [UInt8] {
        try FileSystem.readAll(0, limit: maximumStandardInputSize, progress: progress)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let failure as FileFailure: return failure.reason
        case let error as DeckError: return error.description
        default: return Sanitizer.line(String(describing: error))
        }
    }

    /// The directory part (empty when there is none: the path is then shown as the user wrote it)
    /// and the last component of a path to a file.
    static func split(_ path: [UInt8]) -> (directory: [UInt8], name: [UInt8]) {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return ([], path) }
        let directory = slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
        return (directory, Array(path[(slash + 1)...]))
    }

    /// A directory's own name, for a deck without a manifest name (`decks/portraits/` gives "portraits").
    /// A directory's name: its path's last part; for `.`, `..` or a path ending in them, the name
    /// they stand for (`carousel .` in ~/notes: "notes"); `/` for the root.
    /// A relative path is read from the shell's `PWD` where that is the working directory, and
    /// `..` taken away with the name before it, as the shell names them: `carousel .` in a folder
    /// reached through a symbolic link is named after the link, not after where it points
    /// (helper-17).
    static func lastComponent(_ path: [UInt8], workingDirectory: [UInt8]? = FileSystem.shellWorkingDirectory()) -> String {
        var last = path.split(separator: UInt8(ascii: "/")).last.map(Array.init)
        if last == nil || last == Array(".".utf8) || last == Array("..".utf8) {
            let slash = UInt8(ascii: "/")
            let absolute = path.first == slash
            if absolute || workingDirectory?.first == slash {
                // The path (joined to PWD), its `.` and `..` taken away as the shell's `cd` does.
                var parts: [[UInt8]] = []
                for part in (absolute ? path : workingDirectory! + [slash] + path).split(separator: slash).map(Array.init) {
                    if part == Array(".".utf8) { continue }
                    if part == Array("..".utf8) { _ = parts.popLast(); continue }
                    parts.append(part)
                }
                last = parts.last ?? Array("/".utf8)
            } else {
                guard let real = FileSystem.resolved(path.isEmpty ? Array(".".utf8) : path) else { return "cards" }
                last = real.split(separator: slash).last.map(Array.init) ?? Array("/".utf8)
            }
        }
        return Sanitizer.line(bytes: last!)
    }

}
