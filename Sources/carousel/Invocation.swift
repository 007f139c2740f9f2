import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTerminal
import CarouselText
import CarouselWatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of carousel was asked to do, as plain values, and the run itself. The command line
/// fills it through `CarouselCommand` (swift-argument-parser: parsing, validation, help, man page
/// and completions); a bare `carousel` takes it as it is, its defaults, without the parser, whose
/// type lookups and reflection touch code the built-in deck never needs (see `CarouselCommand.main`).
struct Invocation: Equatable {
    var paths: [String] = []
    var render: String?
    var keys: String?
    var time: Double?
    // Optional so that a deck's own defaults apply unless the command line gives them.
    var style: StyleKind?
    var mode: Mode?
    var loop: Bool?
    var start: Int?
    var kind: LoadOptions.Kind?
    var lines = false
    var read0 = false
    var markdown = false
    var ansi = false
    var ascii = false
    var color: ColorChoice = .auto
    var fps: Double = 60
    var reduceMotion = false
    var pick = false
    var printField: CardChoice.Field?
    var print0 = false
    var selectOne = false
    var openWith: String?
    var watch = false
    var autoplay: Double?

    /// The exit status: 0 when quit (or a card is picked), 1 when no card could be loaded or a pick
    /// ended with nothing chosen, 2 with no terminal to draw on, 130 after Ctrl-C; a run ended by a
    /// signal ends the process by that signal and does not return.
    func run() -> Int32 {
        // A pick with nowhere to print (standard output closed): said at once, not after the
        // card is chosen (helper-37).
        if (pick || printField != nil || print0 || selectOne) && Invocation.closedAtStart.contains(STDOUT_FILENO) {
            Invocation.printError("carousel: standard output is closed: a pick has nowhere to print the chosen card\n")
            return 1
        }
        let environment = Invocation.environment()
        let utf8 = TerminalScreen.setUpLocale()
        // A text whose language its words do not tell is hyphenated in the locale's (German with
        // `LANG=de_DE.UTF-8`), else in English.
        TextLanguage.preferred = TextLanguage.ofLocale(environment)
        var options = AppOptions()
        // Input piped in with no path is the deck where an option says it is meant to be: one
        // about input (`--lines`, `--markdown`, `--ansi`) or a pick for a script (`ls | carousel
        // --lines --pick`, as fzf reads it; helper-15: the built-in deck showed and Enter printed
        // one of its cards with status 0). Otherwise it is read only with `-` (below).
        let paths = self.paths.isEmpty && readsPipedInput && Invocation.standardInputIsPipedIn(evenEmpty: true) ? ["-"] : self.paths
        // Lines asked for, and none piped in nor named: a script that lost its pipe fails, rather
        // than pick from the built-in deck with status 0 (helper-40: `x=$(carousel --lines)`).
        // (Standard input that is a directory or a device is said so: "no lines to read: pipe them
        // in" read as if nothing had been given.)
        let unread = Invocation.standardInputUnread().map { "standard input is \($0), not " } ?? "no "
        if paths.isEmpty && (lines || read0) {
            let example = read0 ? "find . -print0 | carousel --read0" : "ls | carousel --lines"
            Invocation.printError("carousel: \(read0 ? "--read0" : "--lines"): \(unread)lines to read: pipe them in (\(example)) or name a file\n")
            return 1
        }
        // Markdown asked for and none piped in nor named: the same (helper-54: the built-in deck
        // showed, status 0).
        if markdown && paths.isEmpty {
            Invocation.printError("carousel: --markdown: \(unread)Markdown to read: pipe it in (cat talk.txt | carousel --markdown) or name a file\n")
            return 1
        }
        // Only folders named: it would change nothing (review: passed over in silence).
        if markdown && paths.allSatisfy({ path in
            var info = stat()
            return path != "-" && stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }) {
            Invocation.printError("carousel: --markdown reads standard input and files named; a folder's files are Markdown by their names (.md)\n")
            return 64
        }
        options.paths = paths
        options.ascii = ascii
        options.color = color
        options.fps = fps
        options.reduceMotion = reduceMotion || environment["CAROUSEL_REDUCE_MOTION"].map { !$0.isEmpty && $0 != "0" } ?? false
        options.lines = lines || read0
        options.pick = pick || printField != nil || print0 || selectOne
        options.print = printField
        options.openWith = openWith
        options.editor = AppOptions.editor(environment: environment)
        options.autoplay = autoplay

        let deck: Deck
        let loadOptions = LoadOptions(kind: kind, lines: lines || read0, read0: read0, markdown: markdown, ansi: ansi, checkPicture: AppPictures.check)
        // Standard input that goes on (a pipe still open after a moment) shows the cards its
        // lines make so far and is read on while they show, as fzf does (`tail -f log | carousel
        // --lines -`), where the carousel runs in the terminal and does not wait for all of it
        // (`--select-1` must know whether there is one card).
        var stream: StandardInputStream?
        // (Nor where it starts on a card or plays the deck: card N or the last card must be there.)
        let streams = paths == ["-"] && render == nil && !selectOne && start == nil && autoplay == nil && isatty(STDIN_FILENO) == 0
        do {
            // `-` reads cards from standard input (the keys must then come from the terminal);
            // a long read says so on standard error, and what is typed before the cards show is
            // dropped (`ReadingSign.begin`). So it is while files are read (a deck of half a
            // million lines takes seconds: Right and Enter typed meanwhile picked a card no one had
            // seen; helper-109), whatever standard input is.
            let fromFiles = render == nil && !paths.isEmpty && !paths.contains("-")
            let sign = ReadingSign.forStandardError(ascii: ascii || !utf8, interactive: render == nil)
                ?? (fromFiles ? ReadingSign(ascii: ascii || !utf8, shows: false, holdsKeys: true) : nil)
            defer { sign?.end() }
            if fromFiles { sign?.begin() }
            if streams {
                sign?.begin()
                (deck, stream) = try DeckLoader.openStandardInput(options: loadOptions, patience: ReadingSign.delay,
                                                                  progress: sign.map { sign in { sign.update(bytes: $0, lines: $1) } })
            } else {
                deck = try DeckLoader.load(paths: paths, options: loadOptions, standardInput: {
                    sign?.begin()
                    // Typed in: what to type and how to end (it waited in silence; helper-61).
                    if isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 {
                        Invocation.printError(loadOptions.lines ? "carousel: reading a card a line from the terminal; Ctrl-D ends\n"
                                              : "carousel: reading cards from the terminal (a line of --- between two); Ctrl-D ends\n")
                    }
                    return try DeckLoader.readStandardInput(progress: sign.map { sign in { sign.update(bytes: $0, lines: $1) } })
                })
            }
        } catch let error as DeckError {
            Invocation.report(error.problems.count > 1 ? error.problems + ["no card could be loaded"] : [error.description])
            return 1
        } catch {
            Invocation.report(["no card could be loaded"])
            return 1
        }
        Invocation.report(deck.problems)
        // What the command line says wins; then the deck's manifest; then the built-in defaults.
        options.style = style ?? deck.defaults.style.flatMap(StyleKind.init(rawValue:)) ?? .arc
        options.mode = mode ?? deck.defaults.mode.flatMap(Mode.init(rawValue:)) ?? .normal
        options.loop = loop ?? deck.defaults.loop ?? false
        options.start = start ?? deck.defaults.start
        options.skippedCards = deck.skipped
        options.deckName = Invocation.name(of: deck, paths: paths)
        // Lazy: a card's art is read only when it comes near the screen.
        let cards = deck.provider
        let glyphs: Glyphs = (ascii || !utf8) ? .ascii : environment["TERM"]?.hasPrefix("linux") == true ? .console : .unicode

        // Otherwise input piped in is read only with `-` (a run from a script must not wait on a
        // standard input it never meant to give); piped in without it, the status line says how
        // to read it (in `--render` too: the screen is the one the terminal shows).
        if paths.isEmpty && Invocation.standardInputIsPipedIn() {
            options.notice = "to show standard input: " + (glyphs.isASCII ? "..." : "…") + " | carousel -"
        }
        // Input cut short is said where it shows, not only on standard error.
        if options.notice == nil, let cut = deck.cut { options.notice = cut }
        options.readInPart = deck.cut != nil || stream != nil
        options.stillReading = stream != nil
        // Lines piped in to choose from, read as one card (no `---` between them): how to make a
        // card of each line (helper-54: `ls | carousel --select-1` printed the first name, status 0,
        // where fzf would have listed them).
        let oneCardOfLines = options.pick && paths == ["-"] && !options.lines && !markdown && cards.count == 1
            && cards.card(at: 0).lines.count > 1
        let linesHint = "standard input is one card (no --- lines between cards); --lines makes a card of each line"
        if options.notice == nil && oneCardOfLines { options.notice = linesHint }

        // One card to choose from: chosen at once (`--select-1`, as fzf's).
        if selectOne && cards.count == 1 {
            if oneCardOfLines { Invocation.report([linesHint]) }
            let choice = CardChoice.text(of: cards.card(at: 0), index: 0, field: options.print, lines: options.lines)
            return Invocation.writeOut(choice + [end], what: "the chosen card") ? 0 : 1
        }

        if let render, let size = HeadlessRenderer.parseSize(render) {
            let keyList = (try? HeadlessRenderer.parseKeys(keys ?? "").get()) ?? []
            let run = HeadlessRenderer.run(
                deck: cards, options: options, width: size.width, height: size.height,
                keys: keyList, time: time, glyphs: glyphs,
                usesColor: options.wantsColor(environment: environment))
            // Plain text unless a colour depth is named: --render's output is usually a file or a pipe.
            let depth = InteractiveApp.depth(for: options.color) ?? .none
            let lines = depth == .none ? run.canvas.lines() : StyledText.escaped(run.canvas, depth: depth)
            guard Invocation.writeOut(Array((lines.joined(separator: "\n") + "\n").utf8), what: "the screen") else { return 1 }
            Invocation.printError(run.reports.map { $0 + "\n" }.joined())
            // With --pick: then what Enter chooses (or chose), as the interactive program would end.
            // (Ctrl-C among the keys ends it with 130, as in the terminal: it said 0; helper-34.)
            guard options.pick else {
                if case .interrupted = run.outcome { return 130 }
                return 0
            }
            switch run.outcome {
            case .cancelled: return 1
            case .interrupted: return 130
            default:
                guard let choice = run.choice else { return 1 }
                return Invocation.writeOut(choice + [end], what: "the chosen card") ? 0 : 1
            }
        }

        // A deck read from files can be read again (after `e`); standard input cannot.
        let readsAgain = !paths.isEmpty && !paths.contains("-")
        let flag = ChangeFlag()
        // (The threads started below may wake the loop before the terminal is set up.)
        TerminalScreen.prepareWakeUps()
        var watched: WatchedDeck?
        if watch {
            if !readsAgain {
                Invocation.report([paths.isEmpty ? "--watch follows files: the built-in deck has none" : "--watch: standard input cannot be read again; not watching"])
            } else {
                do {
                    watched = try WatchedDeck(paths: paths, pictures: deck.pictures) {
                        flag.raise()
                        TerminalScreen.wakeUp()
                    }
                    Invocation.report(watched?.problems.map { "--watch: " + Sanitizer.line($0) } ?? [])
                } catch {
                    Invocation.report(["--watch: \(Sanitizer.line(error.description))"])
                }
            }
        }
        defer { watched?.stop() }
        var source: DeckSource? = !readsAgain ? nil : DeckSource(load: { [paths, watched] in
            do {
                let deck = try DeckLoader.load(paths: paths, options: loadOptions)
                // (Read again, its Markdown may show other pictures: those are followed now.)
                watched?.follow(pictures: deck.pictures)
                return .success(DeckSource.Read(deck.provider, name: Invocation.name(of: deck, paths: paths), skipped: deck.skipped,
                                                problems: deck.problems))
            } catch let error as DeckError {
                return .failure(DeckSource.Failure("cannot read the deck again: " + (error.problems.first ?? error.description)))
            } catch {
                return .failure(DeckSource.Failure("cannot read the deck again"))
            }
        })
        source?.reported = Set(deck.problems)
        if watched != nil { source?.changed = { flag.take() } }
        if let stream {
            // Each deck the stream makes replaces the one shown; the last says what was cut.
            source = DeckSource(load: { [paths] in
                guard let made = stream.latest() else { return .failure(.nothingNew) }
                let read = made.deck
                return .success(DeckSource.Read(read.provider, name: Invocation.name(of: read, paths: paths), skipped: read.skipped,
                                                // (A failure further on is said at the end too; a cut the deck
                                                // itself made is among its problems.)
                                                problems: made.ended ? read.problems + (made.cut.map { $0 == read.cut ? [] : [$0] } ?? []) : [],
                                                readInPart: !made.ended || made.cut != nil, stillReading: !made.ended, notice: made.cut,
                                                unchanged: made.unchanged))
            }, changed: { flag.take() })
            source?.readAfterCommands = false
            source?.reported = Set(deck.problems)
            stream.start {
                flag.raise()
                TerminalScreen.wakeUp()
            }
        }
        if !paths.isEmpty { InteractiveApp.prepareForText() }
        // Standard input may carry the deck (`carousel -`): then keys come from /dev/tty; standard
        // output may be captured (`x=$(carousel --pick)`): then the screen goes to /dev/tty.
        let app = InteractiveApp(deck: cards, options: options, glyphs: glyphs, source: source)
        let outcome: Outcome
        let choice: [UInt8]?
        do {
            (outcome, choice) = try app.run(environment: environment)
        } catch {
            Invocation.printError("\(error)\n")
            return 2
        }
        switch outcome {
        case .quit: return 0
        case .cancelled: return 1
        case .interrupted: return 130
        case .chosen: return Invocation.writeOut((choice ?? []) + [end], what: "the chosen card") ? 0 : 1
        case .signal(let signal): TerminalScreen.exit(bySignal: signal)
        }
    }
}

extension Invocation {
    /// Runs, then ends the process with the run's exit status.
    func runAndExit() -> Never {
        exit(run())
    }

    /// Writes to standard output with write(2), not print: print's buffer is flushed at exit, where
    /// a failure (a full disk, a closed pipe) is lost and the exit status still says 0. False (after
    /// saying so on standard error) when the write failed.
    static func writeOut(_ bytes: [UInt8], what: String) -> Bool {
        if closedAtStart.contains(STDOUT_FILENO) {
            printError("carousel: cannot write \(what): standard output is closed\n")
            return false
        }
        let failure = Descriptor.writeAll(bytes, to: STDOUT_FILENO)
        if failure != 0 {
            printError("carousel: cannot write \(what): \(Sanitizer.line(String(cString: strerror(failure))))\n")
            return false
        }
        return true
    }

    /// The standard descriptors (0, 1, 2) the program was started without (`carousel --pick >&-`).
    nonisolated(unsafe) static var closedAtStart: Set<Int32> = []

    /// Puts /dev/null where a standard descriptor is closed, before anything opens a file: the
    /// terminal opened to draw on took the free descriptor 1, and the card a pick printed went
    /// to the screen, status 0 (helper-36). A pick then says standard output is closed (status 1).
    static func holdClosedDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", O_RDWR)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
            closedAtStart.insert(fd)
        }
    }

    /// Whether input piped in with no path is read as the deck (see `run`).
    var readsPipedInput: Bool { lines || read0 || markdown || ansi || pick || printField != nil || print0 || selectOne }

    /// The byte that ends what a pick prints: a NUL with --print0, else a newline.
    var end: UInt8 { print0 ? 0 : 0x0A }

    /// Whether standard input is a pipe or a file (`ls | carousel`, `carousel < notes.txt`), not a
    /// terminal nor a device such as /dev/null; with `evenEmpty` (an option says input is meant),
    /// also an empty file or /dev/null (the output of a command that found
    /// nothing, `carousel --lines --pick < found.txt`, or `< /dev/null`: "no lines", status 1, not
    /// the built-in deck and one of its cards picked; helper-17, helper-27).
    static func standardInputIsPipedIn(evenEmpty: Bool = false) -> Bool {
        var info = stat()
        // (Closed at start, it holds /dev/null now: nothing was meant as input.)
        guard !closedAtStart.contains(STDIN_FILENO), isatty(STDIN_FILENO) == 0, fstat(STDIN_FILENO, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFIFO && !evenEmpty {
            // A pipe already closed with nothing in it (`printf '' | carousel`) holds no input:
            // nothing to hint at (helper-61). (One still open may yet bring some.)
            var pipe = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            if poll(&pipe, 1, 0) == 1 && pipe.revents & Int16(POLLIN) == 0 && pipe.revents & Int16(POLLHUP) != 0 { return false }
        }
        return kind == S_IFIFO || kind == S_IFSOCK || (kind == S_IFREG && (evenEmpty || info.st_size > 0))
            || (kind == S_IFCHR && evenEmpty && isNullDevice(info))
    }

    /// What standard input is where it is not read though it is no terminal: "a directory" (`< /etc`)
    /// or "a device" (`< /dev/zero`, which is never read: it never ends); nil otherwise.
    static func standardInputUnread() -> String? {
        var info = stat()
        guard !closedAtStart.contains(STDIN_FILENO), isatty(STDIN_FILENO) == 0, fstat(STDIN_FILENO, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFCHR, S_IFBLK: return isNullDevice(info) ? nil : "a device"
        default: return nil
        }
    }

    /// Whether a device is /dev/null (not /dev/zero nor /dev/urandom, 64 MiB read before a refusal:
    /// helper-28).
    static func isNullDevice(_ device: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_rdev == device.st_rdev
    }

    /// Deck problems on stderr, one line each (already sanitised), at most 20 so a deck of 100,000
    /// broken files does not flood the terminal.
    /// The name the top bar gives the deck: its folder's, its manifest's or its one file's, when it
    /// has one (not the built-in deck or a deck of several paths, which is no one folder's); nil
    /// for the program's own.
    static func name(of deck: Deck, paths: [String]) -> String? {
        paths.count == 1 && deck.hasOwnName ? deck.name : nil
    }

    static func report(_ problems: [String]) {
        let limit = 20
        var text = ""
        for problem in problems.prefix(limit) { text += "carousel: \(problem)\n" }
        if problems.count > limit { text += "carousel: ... and \(problems.count - limit) more\n" }
        printError(text)
    }

    /// Writes to standard error as it is (no buffering to lose if the process dies next).
    static func printError(_ text: String) {
        _ = Descriptor.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// The process environment, from the C library (the binary does without Foundation and its
    /// ICU data, which made it several times larger).
    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
