import CarouselCanvas
import CarouselCards
import CarouselMarkdown
import CarouselSearch
import CarouselText
import CarouselWatch

/// Gathers the cards of every path on a command line into one deck, with a message for each thing
/// it could not use. It lists directories, looks at each file's type, size and permissions, and
/// records where the content is and how to read it; it reads a card file only when it must: a
/// Markdown file (to split it into slides), a file whose name does not say it is text (its first
/// 4 KiB), and every file with `--lines`.
struct DeckBuilder {
    var options = LoadOptions()
    private(set) var entries = CardEntries()
    /// Everything to tell the user, in the order met.
    private(set) var problems: [String] = []
    /// The problems that cost a card or a whole path: what an empty deck's error is made of.
    private(set) var losses: [String] = []
    private var notes: [String] = []
    /// Whether `--lines` has made as many cards as it may (`LoadOptions.maximumLineCards`).
    private var linesFull = false
    /// Where the last lines added ended in an `ls -l` listing's `total` line: its entry (see `addLines`).
    private var listingTotal: Int?
    /// What of a stream was left unread (see `Deck.cut`).
    private var cut: String?
    private(set) var name: String?
    private(set) var defaults: DeckDefaults?
    /// The picture files Markdown cards show (see `Deck.pictures`), each once.
    private var pictures: [[UInt8]] = []
    private var picturesSeen: Set<[UInt8]> = []

    init(options: LoadOptions = LoadOptions()) { self.options = options }

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

    /// Names the deck, unless a source before named it.
    mutating func name(_ name: @autoclosure () -> String) {
        if self.name == nil { self.name = name() }
    }

    /// The deck, or the error saying why there is none.
    func deck(defaultName: String) throws(DeckError) -> Deck {
        guard !entries.isEmpty else {
            throw DeckError(problems: (losses.isEmpty ? ["no cards"] : losses) + notes)
        }
        var deck = Deck(name: name ?? defaultName, entries: DeckBuilder.distinguished(entries), problems: problems,
                        skipped: losses.count, defaults: defaults ?? DeckDefaults())
        deck.hasOwnName = name != nil
        deck.cut = cut
        deck.pictures = pictures
        return deck
    }

    /// Cards titled after their files whose titles are alike (main.c and main.h, both "main"; two
    /// folders' notes.txt) are titled with the file's whole name, then with its folder too, as far
    /// as that tells them apart. Titles given by a manifest or a slide are kept.
    static func distinguished(_ entries: CardEntries) -> CardEntries {
        // (Only cards named after files can be told apart: a million lines piped in spent a
        // third of their second of loading counting titles in a growing dictionary; helper-61.)
        guard entries.mayHaveTitlesAfterFiles, entries.contains(where: { $0.titledAfter != nil }) else { return entries }
        var entries = entries
        // (Up to three folders: `services/api/Makefile` and `services/web/Makefile` are alike in
        // their whole names and told apart by their folders, `api/Makefile`; a name without an
        // extension passed straight to its folder: both stayed `Makefile`, helper-66. Folders
        // only tell apart files of different paths: a file shown twice, or alike with a slide's
        // title, keeps its whole name; review.)
        for components in 1...4 {
            var groups: [String: [Int]] = [:]
            groups.reserveCapacity(entries.count)
            for i in entries.indices { groups[entries[i].title, default: []].append(i) }
            var alike: [Int] = []
            for members in groups.values where members.count > 1 {
                let files = members.filter { entries[$0].titledAfter != nil }
                if components > 1 && Set(files.map { entries[$0].titledAfter! }).count < 2 { continue }
                alike += files
            }
            if alike.isEmpty { break }
            for i in alike {
                let parts = entries[i].titledAfter!.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).suffix(components)
                entries[i].title = Sanitizer.line(bytes: Array(parts.joined(separator: [UInt8(ascii: "/")])))
            }
        }
        return entries
    }

    // MARK: - Sources

    /// A directory: its `deck.json` if it has one, else its text files.
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
        addFiles(names, in: folder)
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
                addFiles(names, in: folder, declared: manifest.defaults.kind)
                return
            }
            do {
                addFiles(try folder.fileNames(), in: folder, declared: manifest.defaults.kind)
            } catch {
                skip("\(folder.displayName): cannot list the directory: \(error.reason)")
            }
            return
        }
        if cards.isEmpty && !manifest.problems.contains(where: \.skipsCard) { skip("\(shown): the manifest lists no cards") }
        let manifestIdentity = folder.identity(of: file)
        // Each directory's larger art sizes, listed once when a card's file is first looked for in it.
        var sizes: [[UInt8]: [[UInt8]: [[UInt8]]]] = [:]
        if let names { sizes[[]] = ArtSizes.sizes(in: names) }
        for card in cards { add(card, in: folder, manifest: manifestIdentity, deckKind: manifest.defaults.kind, sizes: &sizes) }
    }

    /// A manifest's card; `deckKind` is its manifest's `kind` (a manifest speaks for its own cards only).
    /// `sizes` holds the larger art sizes found so far, by directory (see `artSizes(of:in:listed:)`).
    private mutating func add(_ card: ManifestCard, in folder: some DeckFolder, manifest: String, deckKind: String?,
                              sizes: inout [[UInt8]: [[UInt8]: [[UInt8]]]]) {
        let kind = card.kind ?? deckKind
        if let file = card.file {
            let verdict = FileKinds.verdict(forName: file)
            if verdict == .picture {
                if let picture = pictureEntry(file, in: folder, title: card.title) {
                    entries.append(CardEntry(id: picture.id, title: picture.title, subtitle: card.subtitle ?? "", accent: card.accent,
                                             source: picture.source, file: picture.file))
                }
                return
            }
            guard let large = cardFileIsLarge(file, in: folder) else { return }
            if verdict == .binary {
                skip(file, in: folder, .notText(named: file))
                return
            }
            if large { note(DeckBuilder.headShown(folder.displayName(of: file))) }
            let readAs: ContentKind
            switch verdict {
            case .markdown, .code, .delimited: readAs = contentKind(verdict, declared: kind)
            default: readAs = contentKind(.text, declared: kind)
            }
            let variants = usableSizes(readAs.mayBeArt ? artSizes(of: file, in: folder, listed: &sizes) : [], in: folder)
            entries.append(CardEntry(id: folder.identity(of: file), title: card.title ?? DeckBuilder.title(fromFileName: file),
                                     subtitle: card.subtitle ?? "", accent: card.accent, source: .file(folder, file, variants: variants),
                                     kind: readAs, file: folder.path(of: file), titledAfter: card.title == nil ? folder.path(of: file) ?? file : nil))
        } else {
            entries.append(CardEntry(id: "\(manifest)#\(card.number)", title: card.title ?? "Card \(card.number)", subtitle: card.subtitle ?? "",
                                     accent: card.accent, source: card.art.map { .text($0) } ?? .lines([]),
                                     kind: contentKind(.text, declared: kind)))
        }
    }

    /// The larger art sizes of a manifest's `file` (`Mira@2x.txt` for `Mira.txt`) in its directory,
    /// smallest first. `listed` keeps each directory's sizes, so a directory is listed once.
    private func artSizes(of file: [UInt8], in folder: some DeckFolder, listed: inout [[UInt8]: [[UInt8]: [[UInt8]]]]) -> [[UInt8]] {
        let slash = file.lastIndex(of: UInt8(ascii: "/"))
        let directory = slash.map { Array(file[..<$0]) } ?? []
        let name = slash.map { Array(file[($0 + 1)...]) } ?? file
        if listed[directory] == nil {
            listed[directory] = (try? folder.fileNames(in: directory)).map { ArtSizes.sizes(in: $0) } ?? [:]
        }
        return (listed[directory]?[name] ?? []).map { slash == nil ? $0 : directory + [UInt8(ascii: "/")] + $0 }
    }

    /// The sizes among `names` a card can use: a file that cannot be read is named in a note (the
    /// card is still shown, in its other sizes); a directory is no size of anything.
    private mutating func usableSizes(_ names: [[UInt8]], in folder: some DeckFolder) -> [[UInt8]] {
        names.filter { name in
            guard let failure = folder.problem(with: name) else { return true }
            if failure != .isDirectory {
                note("\(folder.displayName(of: name)): \(failure.reason); the card is shown in its other sizes")
            }
            return false
        }
    }

    /// How to read a file the name says is `verdict`, given the kind a manifest declared: the
    /// command line's `--kind` wins, then the card's or the deck's `kind`, then the `auto` rule.
    /// Markdown and source files are text unless art is asked for.
    func contentKind(_ verdict: FileKinds.Verdict, declared: String?) -> ContentKind {
        let asked = options.kind?.rawValue ?? declared ?? LoadOptions.Kind.auto.rawValue
        if asked == LoadOptions.Kind.art.rawValue { return .art }
        switch verdict {
        case .markdown: return .markdown
        case .code: return options.ansi ? .ansi : .code
        case .delimited(let separator) where !options.ansi && asked != LoadOptions.Kind.text.rawValue: return .delimited(separator)
        default:
            if options.ansi { return .ansi }
            return asked == LoadOptions.Kind.text.rawValue ? .text : .auto
        }
    }

    /// The card files among a directory's `names`, in file-name order (`DeckBuilder.precedes`: the
    /// same in every locale): every file that is text. Hidden files, editors' backups and temporary
    /// files (`EditorNoise`) and subdirectories are passed over; a binary file is skipped with a message.
    mutating func addFiles(_ names: [[UInt8]], in folder: some DeckFolder, declared: String? = nil) {
        let manifest = Array(DeckLoader.manifestName.utf8)
        let candidates = DeckBuilder.sorted(names.filter { !EditorNoise.contains($0) && $0 != manifest })
        // `Mira@2x.txt` beside `Mira.txt` is a larger size of its card, not a card (see `ArtSizes`).
        // A name sorts before its sizes, so a directory's sizes are known to be cards in time.
        let sizes = ArtSizes.sizes(in: candidates)
        var folded = Set(sizes.values.joined())
        let before = (entries: entries.count, losses: losses.count)
        let picturesBefore = pictures.count
        var subfolders: [[UInt8]] = []
        for file in candidates {
            if folded.contains(file) { continue }
            if folder.problem(with: file) == .isDirectory {
                folded.subtract(sizes[file] ?? [])
                subfolders.append(file)
                continue
            }
            addFile(file, in: folder, declared: declared, sizes: sizes[file] ?? [])
        }
        leaveOutPicturesShown(since: before.entries, noted: picturesBefore)
        if entries.count == before.entries && losses.count == before.losses {
            // (Files that would be cards named: not `.git`, a swap file, a lock or `.DS_Store`.)
            let hidden = names.filter { name in
                name.first == UInt8(ascii: ".") && name.count > 1 && name[1] != UInt8(ascii: "#")
                    && !EditorNoise.contains(Array(name.dropFirst())) && folder.problem(with: name) == nil
                    && Self.wouldBeCard(name, in: folder)
            }
            // (Editors' backups and temporary files that would be cards named too: a folder of
            // `notes.txt~` alone said only that it held no card files; helper-107.)
            let backups = names.filter { name in
                name.first != UInt8(ascii: ".") && EditorNoise.contains(name) && folder.problem(with: name) == nil
                    && Self.wouldBeCard(name, in: folder)
            }
            skip("\(folder.displayName): no card files (text files or pictures) and no \(DeckLoader.manifestName)"
                 + Self.passedOverNote(subfolders: subfolders, hidden: hidden, backups: backups, in: folder.displayName))
        }
    }

    /// A folder's pictures that its own Markdown shows (a talk beside its chart and photos) are
    /// the talk's, not cards of their own: the deck opened on the talk's pictures before its title
    /// slide, and showed the chart twice (helper-80). Among the entries from `start` on, the
    /// picture cards of a file named among `pictures` from `noted` on are left out.
    private mutating func leaveOutPicturesShown(since start: Int, noted: Int) {
        guard pictures.count > noted else { return }
        let shown = Set(pictures[noted...])
        entries.removeAll(from: start) { entry in
            guard case .content(.image(let picture)) = entry.source else { return false }
            return entry.titledAfter == picture.path && shown.contains(picture.path)
        }
    }

    /// What a folder of no cards says of what it passes over, in one parenthesis: its subfolders,
    /// which are not read (a source tree's top, `carousel src`, said only that it held no card
    /// files: helper-44), and its hidden files that would be cards, named (a folder of dotfiles
    /// said the same): how many, and how to name them.
    static func passedOverNote(subfolders: [[UInt8]], hidden: [[UInt8]], backups: [[UInt8]] = [], in folder: String) -> String {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var parts: [String] = []
        if let first = subfolders.first {
            let name = Shown.path(first)
            parts.append(subfolders.count == 1 ? "its folder \(name) is not read: name it, as `carousel \(shellWord(base + name))`"
                         : "its \(subfolders.count) folders are not read: name them, as `carousel \(shellWord(base))*`")
        }
        if let first = hidden.min(by: DeckBuilder.precedes) {
            let example = "`carousel \(shellWord(base + Shown.path(first)))`"
            parts.append(hidden.count == 1 ? "its hidden file \(Shown.path(first)) is passed over: name it, as \(example)"
                         : "its \(hidden.count) hidden files are passed over: name one, as \(example)")
        }
        if let first = backups.min(by: DeckBuilder.precedes) {
            let example = "`carousel \(shellWord(base + Shown.path(first)))`"
            parts.append(backups.count == 1 ? "its file \(Shown.path(first)) is passed over as an editor's backup or temporary file: name it, as \(example)"
                         : "its \(backups.count) files are passed over as editors' backups or temporary files: name one, as \(example)")
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    /// Whether a file passed over for its name (a hidden one) would be a card if named: text, or a
    /// picture, by its name or else by its first bytes (`.DS_Store` is neither).
    static func wouldBeCard(_ name: [UInt8], in folder: some DeckFolder) -> Bool {
        switch FileKinds.verdict(forName: name) {
        case .binary: return false
        case .unknown:
            guard let head = try? folder.head(name, count: FileKinds.sniffSize) else { return false }
            // (As `addFile` reads it: a picture's signature only in a name without an extension.)
            return TextSniffer.isText(head) || !FileKinds.hasExtension(name) && FileKinds.isPictureSignature(head)
        default: return true
        }
    }

    /// A path as a word for the shell: quoted where it must be (a space, a quote, a `$`).
    static func shellWord(_ path: String) -> String {
        // (A tilde only where no shell reads a home directory in it: not first, nor after `=` or `:`.)
        path.first != "~" && !path.contains("=~") && !path.contains(":~")
            && path.allSatisfy({ $0.isLetter || $0.isNumber || "._/-+@:,=%~".contains($0) }) ? path
            : "'" + path.replacing("'", with: "'\\''") + "'"
    }

    /// One card file named on the command line.
    mutating func addCardFile(in folder: DiskFolder, named file: [UInt8]) {
        addFile(file, in: folder, asMarkdown: options.markdown)
    }

    /// A file as one card (a Markdown file as one card per slide; with `--lines`, one per line),
    /// or a message saying why it is not one. `sizes` are the files of its art's larger sizes.
    /// `asMarkdown`: read as Markdown whatever its name says (a file named with `--markdown`).
    private mutating func addFile(_ file: [UInt8], in folder: some DeckFolder, declared: String? = nil, sizes: [[UInt8]] = [],
                                  asMarkdown: Bool = false) {
        if FileKinds.verdict(forName: file) == .picture && !options.lines {
            if let picture = pictureEntry(file, in: folder, title: nil) { entries.append(picture) }
            return
        }
        guard let large = cardFileIsLarge(file, in: folder) else { return }
        // A file that is not text is never a card, whatever kind is asked for: art is text too.
        var verdict = FileKinds.verdict(forName: file)
        // NUL-separated lines may be in a file of any name (`find -print0 > found.bin`): its bytes say.
        if verdict == .binary && options.lines && options.read0 { verdict = .unknown }
        if verdict == .binary || verdict == .picture {
            skip(file, in: folder, .notText(named: file))
            return
        }
        if verdict == .unknown {
            do {
                let head = try folder.head(file, count: FileKinds.sniffSize)
                guard TextSniffer.isText(options.lines && options.read0 ? DeckBuilder.lineFeeds(forNulBytes: head) : head) else {
                    if !options.lines, !FileKinds.hasExtension(file), FileKinds.isPictureSignature(head) {
                        if let picture = pictureEntry(file, in: folder, title: nil) { entries.append(picture) }
                        return
                    }
                    skip(file, in: folder, .notText(head, head: true))
                    return
                }
            } catch {
                skip("\(folder.displayName(of: file)): \(error.reason)")
                return
            }
            verdict = .text
        }
        // (`carousel --markdown notes.txt`: helper-54 found the option passed over in silence.)
        if asMarkdown && !options.lines { verdict = .markdown }
        // A manifest without `cards` still sets the kind of its folder's files.
        let kind = contentKind(verdict, declared: declared)
        let lineLimit = DeckLoader.maximumStandardInputSize
        if large && !options.lines {
            note(DeckBuilder.headShown(folder.displayName(of: file)))
        } else if large && folder.isLarger(file, than: lineLimit) {
            note("\(folder.displayName(of: file)): more than \(lineLimit >> 20) MiB; the rest was not read")
        }
        let title = DeckBuilder.title(fromFileName: file)
        let id = folder.identity(of: file)
        guard options.lines || kind == .markdown else {
            let variants = kind.mayBeArt ? usableSizes(sizes, in: folder) : []
            entries.append(CardEntry(id: id, title: title, source: .file(folder, file, variants: variants), kind: kind,
                                     file: folder.path(of: file), titledAfter: folder.path(of: file) ?? file))
            return
        }
        // Read now: how many cards the file makes depends on what it holds (every line, with
        // `--lines`, up to what standard input may hold).
        let bytes: [UInt8]
        do {
            bytes = try options.lines ? folder.readHead(file, limit: lineLimit) : folder.read(file)
        } catch {
            skip("\(folder.displayName(of: file)): \(error.reason)")
            return
        }
        guard let encoding = options.lines ? linesEncoding(bytes) : TextEncoding.of(bytes) else {
            skip(file, in: folder, .notText(bytes))
            return
        }
        if options.lines {
            addLines(bytes, encoding: encoding, source: folder.displayName(of: file))
        } else {
            addSlides(Sanitizer.markdown(from: TextEncoding.utf8(bytes, as: encoding)), title: title, source: folder.displayName(of: file), file: folder.path(of: file),
                      picture: { [options] in DeckBuilder.slidePicture($0, beside: file, in: folder, check: options.checkPicture) }) {
                $0 == 1 ? id : "\(id)#\($0)"
            }
        }
    }

    /// Whether a card file is over 1 MiB (it shows its first MiB, up to a line's end, and standard
    /// error says so), looked up with the file's other problems in one call; nil, and the file
    /// skipped with a message, when it cannot be read at all.
    private mutating func cardFileIsLarge(_ file: [UInt8], in folder: some DeckFolder) -> Bool? {
        let limit = FileSystem.maximumFileSize
        let problem = folder.problem(with: file, limit: limit)
        let large = problem == .tooLarge(limit: limit)
        if let problem, !large {
            skip("\(folder.displayName(of: file)): \(problem.reason)")
            return nil
        }
        return large
    }

    /// What standard error says of a card over 1 MiB (`source` names it).
    static func headShown(_ source: String) -> String {
        "\(source): larger than \(FileSystem.maximumFileSize >> 20) MiB; only its first MiB is shown"
    }

    /// A picture file as a card titled by its name (or `title`), when it can be shown: its first
    /// bytes are checked now (signature, header, a decoder installed), its pixels read only when
    /// it comes near the screen. Otherwise a message naming it.
    private mutating func pictureEntry(_ file: [UInt8], in folder: some DeckFolder, title: String?) -> CardEntry? {
        switch DeckBuilder.picturePath(file, in: folder, check: options.checkPicture) {
        case .failure(let reason):
            skip("\(folder.displayName(of: file)): \(reason)")
            return nil
        case .success(let path):
            return CardEntry(id: folder.identity(of: file), title: title ?? DeckBuilder.title(fromFileName: file),
                             source: .content(.image(PictureFile(path: path))), file: path, titledAfter: title == nil ? path : nil)
        }
    }

    /// A picture file's path on disk when a picture card can show it (not too large, on disk, its
    /// first bytes passing `check`: signature, header, a decoder installed), else why not.
    static func picturePath(_ file: [UInt8], in folder: some DeckFolder, check: (@Sendable ([UInt8]) -> String?)?)
        -> Result<[UInt8], PictureRefusal> {
        if let failure = folder.problem(with: file, limit: FileKinds.maximumPictureSize) { return .failure(PictureRefusal(failure.reason)) }
        guard let path = folder.path(of: file) else { return .failure(PictureRefusal("pictures are shown from files on disk only")) }
        if let check {
            let head: [UInt8]
            do {
                head = try folder.head(file, count: FileKinds.pictureHeadSize)
            } catch {
                return .failure(PictureRefusal(error.reason))
            }
            if let reason = check(head) { return .failure(PictureRefusal(Sanitizer.line(reason))) }
        }
        return .success(path)
    }

    /// Why a picture file cannot be a card, as standard error says it.
    struct PictureRefusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private mutating func skip(_ file: [UInt8], in folder: some DeckFolder, _ failure: FileFailure) {
        skip("\(folder.displayName(of: file)): \(failure.reason)")
    }

    /// Markdown split into slides at `---` lines: one card each, titled by its first heading (else
    /// by `title`, numbered when there are several), its identity given by `id` from its number.
    /// `piped`: slides read from a stream, where a slide without a heading is titled by its first line.
    /// `picture`: the file a slide's picture address names, where it can be shown (a slide of one
    /// picture is then a picture card, its caption the card's subtitle; else the text names it).
    /// (A picture named beside the file that cannot be shown is said on standard error, once: the
    /// card only named it, and the talk's author had no way to tell a wrong name; helper-83.)
    private mutating func addSlides(_ text: String, title: String, source: String, file: [UInt8]? = nil, piped: Bool = false,
                                    picture lookup: ((String) -> Result<[UInt8], PictureRefusal>?)? = nil, id: (Int) -> String) {
        var refused: Set<String> = []
        func picture(_ address: String) -> [UInt8]? {
            switch lookup?(address) {
            case .success(let path)?: return path
            case .failure(let refusal)?:
                if refused.insert(address).inserted { note("\(source): picture \(Sanitizer.line(address)) not shown: \(refusal)") }
                return nil
            case nil: return nil
            }
        }
        let slides = Markdown.numberedSlides(from: text)
        if slides.isEmpty {
            skip("\(source): no slides (the Markdown is empty)")
            return
        }
        for (offset, (slide, lines)) in slides.enumerated() {
            let number = offset + 1
            var fallback = slides.count == 1 ? title : "\(title) \(number)"
            // A slide piped in without a heading is titled by its first line, as a card piped in is.
            if piped, let line = slide.plainLines.first(where: { $0.contains { !$0.isWhitespace } }),
               let named = DeckBuilder.title(fromFirstLineOf: Array(line.utf8)) {
                fallback = named
            }
            // (A talk's chart was "[image: Latency per week]" beside the picture itself; helper-65.)
            if let address = slide.picture, let path = picture(address) {
                notePicture(path)
                // Without a heading, titled by the picture's words (`![Latency per week](…)`); with
                // one and no caption, they are its subtitle: said on the status line and found by a
                // search (they were lost).
                let alt = slide.plainLines.first.flatMap(TextFigure.alt(namedIn:)).flatMap { $0.isEmpty ? nil : $0 }
                let named = alt.flatMap { $0 == Markdown.pictureName(address) ? nil : $0 }
                let subtitle = slide.caption ?? (slide.title != nil && named != slide.title ? named : nil)
                entries.append(CardEntry(id: id(number), title: (slide.title ?? named).map { Sanitizer.line($0) } ?? fallback,
                                         subtitle: subtitle.map { Sanitizer.line($0) } ?? "",
                                         source: .content(.image(PictureFile(path: path))), file: file, fileLines: file == nil ? nil : lines))
                continue
            }
            // The pictures among the slide's words, found beside the file, are drawn with them (they
            // were named in the text as `[image: …]`); one that is not found stays named so.
            var slide = slide
            let paths = slide.figures.map { picture($0.address) }
            slide = slide.placed(figuresAt: paths)
            if slide.figure?.path == nil {
                slide.figure = nil
                slide.moreFigures = []
            }
            for figure in slide.figures { if let path = figure.path { notePicture(path) } }
            // (The note where the text was cut, in the last slide, is no line of it; helper-107.)
            if offset == slides.count - 1, case .paragraph(let spans, _)? = slide.blocks.last, Sanitizer.isCutNote(spans.plainText) {
                slide.endNotes = 1
            }
            entries.append(CardEntry(id: id(number), title: slide.title.map { Sanitizer.line($0) } ?? fallback,
                                     source: .content(.text(slide)), kind: .markdown, file: file,
                                     fileLines: file == nil ? nil : lines,
                                     titledAfter: slides.count == 1 && slide.title == nil ? file : nil))
        }
    }

    private mutating func notePicture(_ path: [UInt8]) {
        if picturesSeen.insert(path).inserted { pictures.append(path) }
    }

    /// The bytes of the file an address names: without a fragment or query, %XX as the byte it
    /// stands for; nil when that is nothing, or holds a NUL.
    static func addressBytes(_ address: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        let raw = Array(address.utf8.prefix { $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "?") })
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "%"), i + 2 < raw.count, let byte = UInt8(String(decoding: raw[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                i += 3
            } else {
                bytes.append(raw[i])
                i += 1
            }
        }
        return bytes.isEmpty || bytes.contains(0) ? nil : bytes
    }

    /// The picture file a slide's address (`chart.png`, `img/a%20b.jpg`) names beside the Markdown
    /// file `markdown` in `folder`, when it is one a picture card can show: a file of a picture's
    /// name, not too large, its header checked as a picture card's; else why not (missing, too
    /// large, damaged). A path from the root, from the home folder (`~/talks/map.png`) or a
    /// `file:///` address names that file (helper-92: `/home/ada/talk/t.png` stayed named, with not
    /// a word why). Nil for an address that names no such file: on the web, a path from the root
    /// with no file there (a web site's root), not a picture's name.
    static func slidePicture(_ address: String, beside markdown: [UInt8], in folder: some DeckFolder,
                             check: (@Sendable ([UInt8]) -> String?)?) -> Result<[UInt8], PictureRefusal>? {
        var local: [UInt8]?
        if address.hasPrefix("file:///") {
            local = addressBytes(address.dropFirst("file://".count))
        } else if address.hasPrefix("~/"), let home = FileSystem.home {
            local = addressBytes(address.dropFirst()).map { home + $0 }
        } else if address.hasPrefix("/"), let path = addressBytes(Substring(address)), FileSystem.resolved(path) != nil {
            local = path
        }
        if let local {
            guard !local.isEmpty, !local.contains(0), FileKinds.verdict(forName: local) == .picture else { return nil }
            return picturePath(local, in: DiskFolder(path: []), check: check)
        }
        guard !address.contains(":"), !address.hasPrefix("/"), !address.hasPrefix("~"), let bytes = addressBytes(Substring(address)) else {
            return nil
        }
        let directory = markdown.lastIndex(of: UInt8(ascii: "/")).map { Array(markdown[...$0]) } ?? []
        let name = directory + bytes
        guard FileKinds.verdict(forName: name) == .picture else { return nil }
        let beside = picturePath(name, in: folder, check: check)
        if case .success = beside { return beside }
        // A talk reached through a symbolic link (`~/talks/today.md` -> `~/src/talk/slides.md`):
        // its pictures are beside the file it leads to, where it was written.
        // (Not for a text read from standard input, beside nothing: its folder's parent was looked in.)
        guard !markdown.isEmpty, let linked = folder.path(of: markdown), let target = FileSystem.resolved(linked),
              let targetDirectory = FileSystem.resolved(DeckBuilder.directory(of: target)),
              targetDirectory != FileSystem.resolved(DeckBuilder.directory(of: linked)) else { return beside }
        let there = picturePath(bytes, in: DiskFolder(path: targetDirectory), check: check)
        if case .success = there { return there }
        return beside
    }

    /// The directory a file's path names it in (`.` for a bare name).
    static func directory(of path: [UInt8]) -> [UInt8] {
        let directory = DeckLoader.split(path).directory
        return directory.isEmpty ? Array(".".utf8) : directory
    }

    /// The encoding of input read as lines: with `--read0`, the NUL bytes that end them are no
    /// sign of a binary file.
    private func linesEncoding(_ bytes: [UInt8]) -> TextEncoding? {
        options.read0 ? DeckBuilder.encoding(betweenNulBytes: bytes) : TextEncoding.of(bytes)
    }

    /// The encoding of text whose lines NUL bytes end (`find -print0`'s), if it is text.
    static func encoding(betweenNulBytes bytes: [UInt8]) -> TextEncoding? {
        TextEncoding.of(lineFeeds(forNulBytes: bytes))
    }

    /// Text whose lines NUL bytes end, with line feeds in their place (to be judged as text).
    static func lineFeeds(forNulBytes bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 == 0 ? 0x0A : $0 }
    }

    /// One card per line that is not blank (`--lines`): titled by the line (an `ls -l` line by its name), which is also its
    /// identity (what a picker prints). With `--ansi` the card keeps the line's colours, and a
    /// pick prints the line without its escape sequences.
    /// A line of 8-bit text is shown decoded and picked as it was read (a file name in Latin-1
    /// must come back in its own bytes); UTF-16 is read as UTF-8 first.
    /// At most `options.maximumLineCards` in all; the rest is not read, and standard error says so.
    /// `continuing`: `bytes` are the lines that came after those added last, from the same source
    /// (standard input read on, see `addLinesAfter`).
    private mutating func addLines(_ bytes: [UInt8], encoding: TextEncoding, source: String, continuing: Bool = false) {
        // Past the limit, a file is neither read nor said to have no lines (the limit was said once).
        if linesFull { return }
        var added = 0
        var bytes = encoding == .windows1252 ? bytes : TextEncoding.utf8(bytes, as: encoding)
        // A byte-order mark is no part of the first line (it hid the file it names: helper-32).
        if !continuing && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // The lines are found one after another, not as an array of them first; the entries grow
        // a piece at a time (`CardEntries`), never copied to grow.
        // (With --read0 a NUL byte ends a line, and a newline is a character of one: a file's name.)
        let end: UInt8 = options.read0 ? 0 : 0x0A
        var next = bytes.startIndex
        // The entry of a line `total 4.0K`, as `ls -l` begins a listing, until the next line says
        // whether it is one (the next that comes, for standard input read on).
        var lastTotal = continuing ? listingTotal : nil
        defer { listingTotal = lastTotal }
        while next < bytes.endIndex {
            let stop = bytes[next...].firstIndex(of: end) ?? bytes.endIndex
            let raw = bytes[next..<stop]
            next = stop + 1
            if raw.isEmpty { continue }
            var line = Array(raw)
            if line.last == 0x0D && !options.read0 { line.removeLast() }
            let shown = encoding == .windows1252 ? TextEncoding.utf8(line, as: encoding) : line
            let text = String(decoding: shown, as: UTF8.self)
            let plain = Sanitizer.line(options.ansi ? ANSIText.plain(text) : text, limit: Sanitizer.maximumColumns)
            // (A printable ASCII byte says it at once: asking each character's properties was a
            // tenth of reading a million lines.)
            guard plain.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) || !plain.allSatisfy(\.isWhitespace) else { continue }
            if entries.count >= options.maximumLineCards {
                note("--lines: more than \(options.maximumLineCards) lines; the rest of \(source), and what came after it, was not read")
                // (The cut that shaped the deck, said over a cut of the stream's bytes further on:
                // `yes | carousel --lines` said only 64 MiB were read, of which 2 were; helper-54.)
                cut = "only the first \(options.maximumLineCards) lines were read"
                linesFull = true
                return
            }
            // With --ansi the colours are the card's, not the line's: a pick prints the line
            // without them (as fzf --ansi does), a name a script can use.
            let picked = options.ansi ? Array(ANSIText.plain(text).utf8) : line
            // A line with tabs shows them expanded on its card, as a file's text does (its title
            // has them as one space; helper-15: `a<TAB>b<TAB>c` read "a b c" on the card, columns lost).
            let source: ContentSource = options.ansi ? .ansiLine(shown)
                : raw.contains(0x09) || raw.contains(0x1B) ? .tabbedLine(text) : .line(plain)
            // Titled without the blanks around it (`╰   spaced… ──╯` on the frame; helper-83); the
            // line is picked as it came.
            var title = plain.utf8.first == 0x20 || plain.utf8.last == 0x20
                ? String(plain.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) : plain
            // A line of `ls -l` is titled by the name it ends in (every title read `lrwxrwxrwx 1…`;
            // the card shows the whole line, and a pick prints it).
            if let name = Self.listedName(title) {
                title = name
                // The `total 242296` line `ls -l` begins with is no file: not a card (helper-97
                // saw it open the deck, `1/1070`).
                if let total = lastTotal, total == entries.count - 1 {
                    entries.removeLast()
                    added -= 1
                }
            } else if Self.hasTwoSpaces(title) {
                // Columns aligned with blanks (`ps aux`, `df -h`) one blank apart: every frame read
                // `root…` (helper-91), where `root 1 0.3 0.0…` tells the cards apart.
                title = title.split(separator: " ").joined(separator: " ")
            }
            var entry = CardEntry(id: plain, title: title.isEmpty ? plain : title, source: source, kind: .text)
            if picked.elementsEqual(entry.title.utf8) {
                entry.lineIsTitle = true
            } else if case .tabbedLine(let tabbed) = source, picked.elementsEqual(tabbed.utf8) {
                // (Kept once: the card's source is the line as read.)
            } else {
                entry.line = picked
            }
            entries.append(entry)
            added += 1
            lastTotal = Self.isListingTotal(plain) ? entries.count - 1 : nil
        }
        if added == 0 && !continuing { skip("\(source): no lines") }
    }

    /// The lines of standard input that came after those added (`addStream`) last: `bytes`, whole
    /// lines, in the encoding the whole input has, which is still `encoding`.
    mutating func addLinesAfter(_ bytes: [UInt8], encoding: TextEncoding) {
        addLines(bytes, encoding: encoding, source: "standard input", continuing: true)
    }

    /// Whether `text` has two spaces in a row (read as bytes: `String.contains` was slow enough to
    /// count in a deck of 400,000 lines).
    static func hasTwoSpaces(_ text: String) -> Bool {
        var last: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x20 && last == 0x20 { return true }
            last = byte
        }
        return false
    }

    /// Whether a line is the `total 242296` (`insgesamt 4,0K` in German) `ls -l` starts a listing with.
    static func isListingTotal(_ line: String) -> Bool {
        // (Its bytes looked at, not its characters: splitting every line at its first space was a
        // third of making a deck of 400,000 lines of `find /`.)
        let bytes = line.utf8
        guard let word = ["total ", "insgesamt "].first(where: { bytes.starts(with: $0.utf8) }) else { return false }
        let count = bytes.dropFirst(word.utf8.count)
        guard let first = count.first, (0x30...0x39).contains(first) else { return false }
        return count.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2C || "KMGTPEkB".utf8.contains($0) }
    }

    /// The name a line of `ls -l` ends in, by the line's form alone (the files it lists may be
    /// elsewhere): maybe an inode and a size in blocks (`-i`, `-s`), a file's mode (ten letters,
    /// maybe `.`, `+` or `@` after them), then fields, a date (`Nov 28 12:00`, `Feb 17  2023`,
    /// `2026-11-28 12:00`, `2026-11-28 12:00:00.000 +0100`, `--time-style=iso`'s `11-28 12:00`
    /// and `2023-02-17`, a day first as some locales write it, `28. Nov 12:00`, `11月 28 12:00`)
    /// and the name after it, spaces and a link's `-> target` included. Nil for any other line.
    static func listedName(_ line: String) -> String? {
        let bytes = Array(line.utf8)
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        guard let fieldsStart = ListingLine.fieldsStart(bytes) else { return nil }
        // The fields after the mode, with where each ends.
        var fields: [(text: ArraySlice<UInt8>, end: Int)] = []
        var i = fieldsStart
        while i < bytes.count, fields.count < 12 {
            while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            let start = i
            while i < bytes.count, bytes[i] != 0x20 { i += 1 }
            if i > start { fields.append((bytes[start..<i], i)) }
        }
        func digits(_ f: ArraySlice<UInt8>, _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(f.count) && f.allSatisfy(isDigit)
        }
        func time(_ f: ArraySlice<UInt8>) -> Bool {
            let parts = f.split(separator: 0x3A, omittingEmptySubsequences: false)
            return parts.count >= 2 && digits(parts[0], 1...2) && digits(parts[1], 2...2)
                && (parts.count == 2 || parts[2].first.map(isDigit) == true)
        }
        func timeOrYear(_ index: Int) -> Bool {
            index < fields.count && (time(fields[index].text) || digits(fields[index].text, 4...4))
        }
        func isoDate(_ f: ArraySlice<UInt8>, parts count: Int) -> Bool {
            let parts = f.split(separator: 0x2D, omittingEmptySubsequences: false)
            return parts.count == count && parts.enumerated().allSatisfy { n, part in digits(part, n == 0 && count == 3 ? 4...4 : 2...2) }
        }
        // A month's name or abbreviation (`Nov`, `nov.`, `ноя`, `11月`): letters, and digits only
        // beside letters of another script.
        func month(_ f: ArraySlice<UInt8>) -> Bool {
            f.count >= 3 && f.allSatisfy({ $0 >= 0x80 || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2E || isDigit($0) })
                && (f.contains { $0 >= 0x80 } || !f.contains(where: isDigit))
        }
        // Links and size at least come before the date (owner and group too but with `-g`/`-o`),
        // and at most an author and a device's two numbers more: a date looked for further on
        // would be found in a name (`Jan 12 2023 report.txt`).
        var k = 2
        while k + 1 < fields.count, k <= 8 {
            let f = fields[k].text, g = fields[k + 1].text
            var last: Int?
            if month(f), digits(g, 1...2), timeOrYear(k + 2) {
                last = k + 2
            } else if digits(f.last == 0x2E ? f.dropLast() : f, 1...2), month(g), timeOrYear(k + 2) {
                last = k + 2
            } else if isoDate(f, parts: 3) {
                // (A full-iso time has its zone after it; `iso` gives an older file's day alone.)
                let zone = k + 2 < fields.count ? fields[k + 2].text : []
                last = !time(g) ? k : (zone.first == 0x2B || zone.first == 0x2D) && digits(zone.dropFirst(), 4...4) ? k + 2 : k + 1
            } else if isoDate(f, parts: 2), time(g) {
                last = k + 1
            }
            if let last {
                // (`iso`'s day alone is padded to the width of its `11-28 12:00`: two spaces.)
                let padded = last == k && !time(g) && fields[last].end + 2 < bytes.count && bytes[fields[last].end + 1] == 0x20
                let start = fields[last].end + (padded ? 2 : 1)
                guard start < bytes.count else { return nil }
                let name = String(decoding: bytes[start...], as: UTF8.self)
                return name.allSatisfy({ $0 == " " }) ? nil : name
            }
            k += 1
        }
        return nil
    }

    /// Cards from a stream: standard input, or a pipe named on the command line (`<(command)`), both
    /// read whole when the deck opens (a stream cannot be read again later). `source` names it in messages.
    /// Cards are separated by `---` lines (see `StandardInputCards`); with `--markdown` the stream is
    /// Markdown slides, with `--lines` every line is a card.
    /// `named`: whether `source` names the deck (standard input does; `/dev/fd/63`, the pipe a
    /// shell's `<(command)` gives, does not).
    mutating func addStream(_ bytes: [UInt8], source: String, named: Bool = true) {
        if named { name(source) }
        var bytes = bytes
        let limit = options.maximumStreamSize
        if bytes.count > limit {
            note("\(source): more than \(limit >> 20) MiB; the rest was not read")
            cut = cut ?? "\(source): only the first \(limit >> 20) MiB were read"
            bytes.removeSubrange(limit...)
        }
        // Bytes that are not text are refused, as a file of them is (helper-15: `head -c 2000
        // /bin/ls | carousel -` showed a card of control pictures, where the same bytes in a file
        // were refused).
        guard let encoding = options.lines ? linesEncoding(bytes) : TextEncoding.of(bytes) else {
            // Text between NUL bytes, ended by one, is `find -print0`'s: say how to read it.
            let hint = !options.read0 && bytes.last == 0 && bytes.contains { $0 != 0 } && DeckBuilder.encoding(betweenNulBytes: bytes) != nil
                ? "; lines ended by NUL bytes, as find -print0 writes them, are read with --read0" : ""
            skip("\(source): not text (\(TextEncoding.refusal(bytes) ?? "it is not text")\(hint))")
            return
        }
        if options.lines {
            addLines(bytes, encoding: encoding, source: source)
            return
        }
        bytes = TextEncoding.utf8(bytes, as: encoding)
        // A byte-order mark is no character of the first card (it hid a `# Title`: helper-29).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if options.markdown && options.kind != .art {
            // (Its pictures are looked for in the current folder: `cat talk.md | carousel --markdown`
            // named them all; helper-91.)
            let here = DiskFolder(path: FileSystem.resolved(Array(".".utf8)) ?? [])
            addSlides(Sanitizer.markdown(from: bytes), title: "Card", source: source, piped: true,
                      picture: { [options] in DeckBuilder.slidePicture($0, beside: [], in: here, check: options.checkPicture) }) { "\(source)#\($0)" }
            return
        }
        let pieces = StandardInputCards.split(bytes, keep: FileSystem.maximumFileSize)
        if pieces.isEmpty {
            // (Nothing read, or only blank lines: the way to separate cards is no help there; helper-49.)
            let blank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            skip("\(source): " + (bytes.isEmpty ? "empty: no cards" : blank ? "only blank lines: no cards"
                                  : "no cards (separate cards with a line holding only ---)"))
        }
        for piece in pieces {
            var text = piece.art
            var cut = false
            if text.count > FileSystem.maximumFileSize {
                // A long log piped in shows its first MiB, up to a line's end (it was refused, and
                // the deck of one card was empty); its text ends saying so, and standard error
                // says so after the program.
                FileSystem.keepHead(&text, limit: FileSystem.maximumFileSize)
                note(DeckBuilder.headShown("\(source), card \(piece.number)"))
                cut = true
            }
            entries.append(CardEntry(id: "\(source)#\(piece.number)",
                                     title: piece.title ?? DeckBuilder.title(fromFirstLineOf: text) ?? "Card \(piece.number)",
                                     source: .bytes(text), kind: contentKind(.text, declared: nil),
                                     cutNote: cut ? ContentSource.pipedCutNote : nil))
        }
    }

    /// The title of a card piped in without a `# Title` line: its first line, as a note's first
    /// line names it (helper-22: `carousel -` showed "Card 1", "Card 2", and a pick printed that),
    /// without colour codes, spaces around it or a Markdown heading's `#`s (whole: a pick prints it;
    /// helper-29 had one cut at 60 characters, mid-word). Nil
    /// when that line holds no letter or digit (a drawing's top), for "Card N".
    static func title(fromFirstLineOf text: [UInt8]) -> String? {
        let end = text.firstIndex(of: 0x0A) ?? text.endIndex
        let line = ANSIText.plain(String(decoding: text[..<end], as: UTF8.self))
        guard line.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else { return nil }
        var words = Substring(line).drop { $0.isWhitespace }
        let hashes = words.prefix { $0 == "#" }
        if (1...6).contains(hashes.count), words.dropFirst(hashes.count).first?.isWhitespace == true {
            words = words.dropFirst(hashes.count).drop { $0.isWhitespace }
        }
        while words.last?.isWhitespace == true { words = words.dropLast() }
        return Sanitizer.line(String(words))
    }

    /// File-name order as people read it (helper-18: `TODO` and `Makefile` came before `backup`):
    /// letters whatever their case and their accents (`École` among the e's: helper-69's came
    /// after `zebra`), and numbers by their value (`slide2` before `slide10`, as `ls -v` and file
    /// managers put them); names alike so are in byte order. The same in every locale.
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        precedes((orderKey(a), a), (orderKey(b), b))
    }

    /// `names` in file-name order (`precedes`), each name's key made once.
    static func sorted(_ names: [[UInt8]]) -> [[UInt8]] {
        names.map { (orderKey($0), $0) }.sorted(by: precedes).map(\.1)
    }

    /// A name as it is ordered: its letters without their accents (`École` as `ecole`, `Straße` as
    /// `strasse`), as the search reads them; a name that is not UTF-8 as its bytes.
    static func orderKey(_ name: [UInt8]) -> [UInt8] {
        guard name.contains(where: { $0 >= 0x80 }), let text = String(validating: name, as: UTF8.self) else { return name }
        return Array(SearchQuery.unmarked(text).utf8)
    }

    private static func precedes(_ first: (key: [UInt8], name: [UInt8]), _ second: (key: [UInt8], name: [UInt8])) -> Bool {
        let a = first.key, b = second.key
        func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
        func folded(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                // Two numbers: by value (leading zeros aside; names equal so are in byte order).
                var endA = i, endB = j
                while endA < a.count && isDigit(a[endA]) { endA += 1 }
                while endB < b.count && isDigit(b[endB]) { endB += 1 }
                var startA = i, startB = j
                while startA < endA - 1 && a[startA] == 0x30 { startA += 1 }
                while startB < endB - 1 && b[startB] == 0x30 { startB += 1 }
                let lengthA = endA - startA, lengthB = endB - startB
                if lengthA != lengthB { return lengthA < lengthB }
                if !a[startA..<endA].elementsEqual(b[startB..<endB]) { return a[startA..<endA].lexicographicallyPrecedes(b[startB..<endB]) }
                i = endA
                j = endB
                continue
            }
            let x = folded(a[i]), y = folded(b[j])
            if x != y { return x < y }
            i += 1
            j += 1
        }
        if i < a.count || j < b.count { return j < b.count }
        return first.name.lexicographicallyPrecedes(second.name)
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

/// A line of `ls -l` (with `--lines`): titled by its name, and `--print path` and `e` find its file.
public enum ListingLine {
    /// The file type letter of a line of `ls -l` (`-`, `d`, `l`...), past an inode and a size in
    /// blocks; nil for any other line.
    public static func fileType(_ line: [UInt8]) -> UInt8? {
        guard let fields = fieldsStart(line) else { return nil }
        return line[fields - (Array(".+@".utf8).contains(line[fields - 1]) ? 11 : 10)]
    }

    /// Where the fields after a file's mode begin (the space after it), when `line` begins as a
    /// line of `ls -l` does: maybe an inode and a size in blocks (`-i`, `-s`: helper-87 saw `ls -li`
    /// titled whole; `-sh`: `4.0K`), then a mode of ten letters, maybe `.`, `+` or `@` after them. Nil otherwise.
    public static func fieldsStart(_ line: [UInt8]) -> Int? {
        // (`ls -s` aligns its sizes right: ` 4 drwxr-xr-x ...`.)
        var mode = 0
        while mode < line.count, line[mode] == 0x20 { mode += 1 }
        for _ in 0..<2 {
            var i = mode
            while i < line.count, line[i] >= 0x30 && line[i] <= 0x39 { i += 1 }
            guard i > mode else { break }
            // `ls -sh` writes sizes as `4.0K`, `12M`, `0` (`--si`: `1.1k`; `4,0K` in German, French).
            if i + 1 < line.count, line[i] == 0x2E || line[i] == 0x2C, line[i + 1] >= 0x30 && line[i + 1] <= 0x39 {
                i += 1
                while i < line.count, line[i] >= 0x30 && line[i] <= 0x39 { i += 1 }
            }
            if i < line.count, Array("KMGTPEZYk".utf8).contains(line[i]) { i += 1 }
            guard i < line.count, line[i] == 0x20 else { break }
            while i < line.count, line[i] == 0x20 { i += 1 }
            mode = i
        }
        guard line.count > mode + 11, Array("-dlcbpsD".utf8).contains(line[mode]),
              line[(mode + 1)..<(mode + 10)].allSatisfy({ Array("rwxsStTl-".utf8).contains($0) }) else { return nil }
        if line[mode + 10] == 0x20 { return mode + 10 }
        return Array(".+@".utf8).contains(line[mode + 10]) && line.count > mode + 12 && line[mode + 11] == 0x20 ? mode + 11 : nil
    }
}
