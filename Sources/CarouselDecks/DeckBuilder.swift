import CarouselCore

/// Gathers the cards of every path on a command line into one deck, with a message for each thing
/// it could not use. Nothing here reads a card file: it lists directories, looks at each file's
/// type, size and permissions, and records where the art is.
struct DeckBuilder {
    private(set) var entries: [CardEntry] = []
    /// Everything to tell the user, in the order met.
    private(set) var problems: [String] = []
    /// The problems that cost a card or a whole path: what an empty deck's error is made of.
    private(set) var losses: [String] = []
    private var notes: [String] = []
    private(set) var name: String?
    private(set) var defaults: DeckDefaults?

    /// Something was left out.
    mutating func skip(_ message: String) {
        problems.append(message)
        losses.append(message)
    }

    /// Something was odd but nothing was lost (an unknown key, say).
    mutating func note(_ message: String) {
        problems.append(message)
        notes.append(message)
    }

    private mutating func name(_ name: @autoclosure () -> String) {
        if self.name == nil { self.name = name() }
    }

    /// The deck, or the error saying why there is none.
    func deck(defaultName: String) throws(DeckError) -> Deck {
        guard !entries.isEmpty else {
            throw DeckError(problems: (losses.isEmpty ? ["no cards"] : losses) + notes)
        }
        return Deck(name: name ?? defaultName, entries: entries, problems: problems, skipped: losses.count,
                    defaults: defaults ?? DeckDefaults())
    }

    // MARK: - Sources

    /// A directory: its `deck.json` if it has one, else its `*.txt` files.
    mutating func addDirectory(_ folder: some DeckFolder, name folderName: String) {
        let names: [[UInt8]]
        do {
            names = try folder.fileNames()
        } catch {
            skip("\(folder.displayName): cannot list the directory: \(error.reason)")
            return
        }
        let manifest = Array(DeckLoader.manifestName.utf8)
        if names.contains(manifest) {
            if let failure = folder.problem(with: manifest, limit: DeckLoader.maximumManifestSize) {
                // Say so, then do what a directory without a manifest does: its cards are still worth showing.
                let reason = failure == .isDirectory ? "is a directory, not a manifest" : failure.reason
                skip("\(folder.displayName(of: manifest)): \(reason)")
            } else {
                addManifest(in: folder, named: manifest, folderName: folderName, names: names)
                return
            }
        }
        name(folderName)
        addTextFiles(names, in: folder)
    }

    /// A manifest in `folder`; `names` is the folder's listing when already known.
    mutating func addManifest(in folder: some DeckFolder, named file: [UInt8], folderName: String, names: [[UInt8]]? = nil) {
        let shown = folder.displayName(of: file)
        let manifest: Manifest
        do {
            manifest = try ManifestReader.read(try folder.read(file, limit: DeckLoader.maximumManifestSize), displayName: shown)
        } catch let failure as FileFailure {
            skip("\(shown): \(failure.reason)")
            return
        } catch let error as DeckError {
            skip(error.description)
            return
        } catch {
            skip("\(shown): \(Sanitizer.line(String(describing: error)))")
            return
        }
        for problem in manifest.problems {
            if problem.skipsCard { skip(problem.message) } else { note(problem.message) }
        }
        name(manifest.name ?? folderName)
        if defaults == nil { defaults = manifest.defaults }
        guard let cards = manifest.cards else {
            // A manifest without `cards` only names the deck and sets defaults; the cards are the folder's.
            if let names {
                addTextFiles(names, in: folder)
                return
            }
            do {
                addTextFiles(try folder.fileNames(), in: folder)
            } catch {
                skip("\(folder.displayName): cannot list the directory: \(error.reason)")
            }
            return
        }
        if cards.isEmpty && !manifest.problems.contains(where: \.skipsCard) { skip("\(shown): the manifest lists no cards") }
        entries.reserveCapacity(entries.count + cards.count)
        let manifestIdentity = folder.identity(of: file)
        for card in cards { add(card, in: folder, manifest: manifestIdentity) }
    }

    private mutating func add(_ card: ManifestCard, in folder: some DeckFolder, manifest: String) {
        let accent = card.accent.map { RGB($0.red, $0.green, $0.blue) }
        if let file = card.file {
            if let failure = folder.problem(with: file) {
                skip("\(folder.displayName(of: file)): \(failure.reason)")
                return
            }
            entries.append(CardEntry(id: folder.identity(of: file), title: card.title ?? DeckBuilder.title(fromFileName: file),
                                     subtitle: card.subtitle ?? "", accent: accent, art: .file(folder, file)))
        } else {
            entries.append(CardEntry(id: "\(manifest)#\(card.number)", title: card.title ?? "Card \(card.number)", subtitle: card.subtitle ?? "",
                                     accent: accent, art: card.art.map { .text($0) } ?? .lines([])))
        }
    }

    /// The `*.txt` files among `names`, in file-name order (byte order: the same in every locale).
    mutating func addTextFiles(_ names: [[UInt8]], in folder: some DeckFolder) {
        let suffix = Array(".txt".utf8)
        let cards = names
            .filter { $0.count > suffix.count && $0.suffix(suffix.count).elementsEqual(suffix) && $0.first != UInt8(ascii: ".") }
            .sorted { $0.lexicographicallyPrecedes($1) }
        if cards.isEmpty {
            skip("\(folder.displayName): no card files (*.txt) and no \(DeckLoader.manifestName)")
            return
        }
        entries.reserveCapacity(entries.count + cards.count)
        for file in cards {
            if let failure = folder.problem(with: file) {
                skip("\(folder.displayName(of: file)): \(failure.reason)")
                continue
            }
            entries.append(CardEntry(id: folder.identity(of: file), title: DeckBuilder.title(fromFileName: file), art: .file(folder, file)))
        }
    }

    /// One card file named on the command line.
    mutating func addCardFile(in folder: DiskFolder, named file: [UInt8]) {
        if let failure = folder.problem(with: file) {
            skip("\(folder.displayName(of: file)): \(failure.reason)")
            return
        }
        entries.append(CardEntry(id: folder.identity(of: file), title: DeckBuilder.title(fromFileName: file), art: .file(folder, file)))
    }

    /// Cards from a stream: standard input, or a pipe named on the command line (`<(command)`), both
    /// read whole when the deck opens (a stream cannot be read again later). `source` names it in messages.
    mutating func addStream(_ bytes: [UInt8], source: String) {
        name(source)
        var bytes = bytes
        if bytes.count > DeckLoader.maximumStandardInputSize {
            note("\(source): more than \(DeckLoader.maximumStandardInputSize >> 20) MiB; the rest was not read")
            bytes.removeSubrange(DeckLoader.maximumStandardInputSize...)
        }
        let pieces = StandardInputCards.split(bytes)
        if pieces.isEmpty { skip("\(source): no cards (separate cards with a line holding only ---)") }
        for piece in pieces {
            if piece.art.count > FileSystem.maximumFileSize {
                skip("\(source), card \(piece.number): \(FileFailure.tooLarge(limit: FileSystem.maximumFileSize).reason)")
                continue
            }
            entries.append(CardEntry(id: "\(source)#\(piece.number)", title: piece.title ?? "Card \(piece.number)", art: .bytes(piece.art)))
        }
    }

    /// A card's title from its file name: the last path component without its extension.
    static func title(fromFileName name: [UInt8]) -> String {
        var base = name.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? name
        if let dot = base.lastIndex(of: UInt8(ascii: ".")), dot != base.startIndex {
            base.removeSubrange(dot...)
        }
        return Sanitizer.line(bytes: base)
    }
}
