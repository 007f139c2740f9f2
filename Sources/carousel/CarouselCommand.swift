import ArgumentParser
import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTerminal
import CarouselWatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Names in any case: the program itself shows `Scaled`, and `--mode Scaled` should be taken as it reads.
extension StyleKind: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
extension Mode: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
extension LoadOptions.Kind: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
extension CardChoice.Field: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
extension ColorChoice: ExpressibleByArgument {
    // `24bit` is how COLORTERM spells truecolor; `none` and `off` are what people try for never.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "24bit": self = .truecolor
        case "none", "off": self = .never
        case let name: self.init(rawValue: name)
        }
    }
}

@main
struct CarouselCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carousel",
        abstract: "A deck of cards that scrolls and snaps in your terminal.",
        discussion: """
            With no PATH, shows the built-in deck. A PATH is a directory of cards (its text files: notes, \
            Markdown, source code; with an optional deck.json manifest), a deck.json manifest, card files, \
            or - for cards on standard input (separated by lines holding only ---). Markdown files are \
            split into slides at lines holding only ---.

            \(KeyTable.commandLineSummary) The mouse clicks, scrolls and drags.

            Exit status: 0 when quit (or a card is picked), 1 when no card could be loaded or --pick \
            ended with nothing chosen, 2 when there is no terminal to draw on, 64 for a command-line \
            error, 130 after Ctrl-C.
            """,
        version: "carousel 0.1.0"
    )

    @Argument(help: ArgumentHelp("Deck directories, deck.json manifests, card files, or - for standard input.", valueName: "PATH"),
              completion: .file())
    var paths: [String] = []

    // The numeric options take their value even when it starts with `-` (`--time -1`), so that
    // validate() can say what is wrong instead of "Missing value".
    @Option(parsing: .unconditional, help: ArgumentHelp("Print the screen as text at this size instead of running interactively (in colour, as ANSI escape codes, with --color 8, 16, 256 or truecolor).", valueName: "COLSxROWS"))
    var render: String?

    @Option(help: ArgumentHelp("With --render: keys and steps to replay first, e.g. right,right,tab,click:40:12 (names: \(Key.names.joined(separator: ", ")), or any single character; steps: \(ScriptStep.names.joined(separator: ", "))).", valueName: "KEYS"))
    var keys: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --render: print the screen this long after the last key (virtual clock) instead of after the motion settles.", valueName: "SECONDS"))
    var time: Double?

    // Style, mode, loop and start are optional so that a deck's own defaults apply unless given here.
    @Option(help: "Layout style: \(StyleKind.allCases.map(\.rawValue).joined(separator: ", ")) (default: the deck's, or arc).")
    var style: StyleKind?

    @Option(help: "Start in normal or scaled mode (default: the deck's, or normal).")
    var mode: Mode?

    @Flag(inversion: .prefixedNo, help: "Wrap around the deck in both directions (default: the deck's, or off).")
    var loop: Bool?

    @Option(parsing: .unconditional, help: ArgumentHelp("Card to start on (1 is the first).", valueName: "N"))
    var start: Int?

    @Option(help: "How card text is read: text (laid out and wrapped), art (a drawing, scaled to the card) or auto (drawings are art, the rest is text) (default: the deck's, or auto).")
    var kind: LoadOptions.Kind?

    @Flag(help: "One card per line of input (standard input or files), for the output of ls, grep or git branch.")
    var lines = false

    @Flag(help: "Standard input is Markdown (split into slides at --- lines).")
    var markdown = false

    @Flag(help: "Keep ANSI colours and attributes in card text (as less -R); other escape sequences are removed.")
    var ansi = false

    @Flag(help: "Draw with 7-bit ASCII only.")
    var ascii = false

    @Option(help: "Colours: auto, never (or none, off), 8, 16, 256 or truecolor (or 24bit).")
    var color: ColorChoice = .auto

    @Option(parsing: .unconditional, help: "Frames per second while moving.")
    var fps: Double = 60

    @Flag(help: "Jump without animation (also CAROUSEL_REDUCE_MOTION=1).")
    var reduceMotion = false

    @Flag(help: ArgumentHelp("Choose a card: Enter prints it (its file's path, its line with --lines, else its title) and exits 0; Esc or q exits 1, printing nothing; Ctrl-C exits 130. With standard output captured (x=$(carousel --pick)), the carousel draws on /dev/tty."))
    var pick = false

    @Option(name: .customLong("print"), help: ArgumentHelp("With --pick (which it implies): print the chosen card's title, path (empty for a card with no file), index (from 1) or json.", valueName: "FIELD"))
    var printField: CardChoice.Field?

    @Option(help: ArgumentHelp("The command e runs on the active card instead of $VISUAL / $EDITOR: {} stands for the card (as --pick prints it), else it comes last; e.g. --open-with 'less {}'.", valueName: "CMD"))
    var openWith: String?

    @Flag(help: "Read the deck again when its files change (cards added, removed or edited), staying on the same card.")
    var watch = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Play the deck as a slideshow: the next card every SECONDS (round the deck with --loop), held while you use it and for one interval after; p pauses and resumes.", valueName: "SECONDS"))
    var autoplay: Double?

    func validate() throws {
        if let render, HeadlessRenderer.parseSize(render) == nil {
            throw ValidationError("--render takes COLSxROWS, e.g. 100x30 (got '\(Sanitizer.line(render))')")
        }
        if render == nil && (keys != nil || time != nil) {
            throw ValidationError("--keys and --time go with --render")
        }
        if let time, !(time >= 0 && time.isFinite) { throw ValidationError("--time must be zero or more seconds") }
        if !(fps >= 1 && fps <= 240) { throw ValidationError("--fps must be between 1 and 240") }
        if let start, start < 1 { throw ValidationError("--start counts from 1") }
        if let autoplay, !(autoplay >= 0.1 && autoplay <= 86_400) { throw ValidationError("--autoplay takes seconds between 0.1 and 86400") }
        if let openWith, openWith.allSatisfy(\.isWhitespace) { throw ValidationError("--open-with needs a command, e.g. --open-with 'less {}'") }
        if let keys, case .failure(let error) = HeadlessRenderer.parseKeys(keys) {
            throw ValidationError("unknown key name '\(Sanitizer.line(error.name))' in --keys; known names: \(Key.names.joined(separator: ", ")), any single character, or the steps \(ScriptStep.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        let environment = CarouselCommand.environment()
        let utf8 = TerminalScreen.setUpLocale()
        var options = AppOptions()
        options.paths = paths
        options.ascii = ascii
        options.color = color
        options.fps = fps
        options.reduceMotion = reduceMotion || environment["CAROUSEL_REDUCE_MOTION"].map { !$0.isEmpty && $0 != "0" } ?? false
        options.lines = lines
        options.pick = pick || printField != nil
        options.print = printField
        options.openWith = openWith
        options.editor = AppOptions.editor(environment: environment)
        options.autoplay = autoplay

        let deck: Deck
        let loadOptions = LoadOptions(kind: kind, lines: lines, markdown: markdown, ansi: ansi, checkPicture: AppPictures.check)
        do {
            // `-` reads cards from standard input (the keys must then come from the terminal).
            deck = try DeckLoader.load(paths: paths, options: loadOptions)
        } catch let error as DeckError {
            CarouselCommand.report(error.problems.count > 1 ? error.problems + ["no card could be loaded"] : [error.description])
            throw ExitCode(1)
        }
        CarouselCommand.report(deck.problems)
        // What the command line says wins; then the deck's manifest; then the built-in defaults.
        options.style = style ?? deck.defaults.style.flatMap(StyleKind.init(rawValue:)) ?? .arc
        options.mode = mode ?? deck.defaults.mode.flatMap(Mode.init(rawValue:)) ?? .normal
        options.loop = loop ?? deck.defaults.loop ?? false
        options.start = start ?? deck.defaults.start
        options.skippedCards = deck.skipped
        // Lazy: a card's art is read only when it comes near the screen.
        let cards = deck.provider
        let glyphs: Glyphs = (ascii || !utf8) ? .ascii : .unicode

        if let render, let size = HeadlessRenderer.parseSize(render) {
            let keyList = (try? HeadlessRenderer.parseKeys(keys ?? "").get()) ?? []
            let run = HeadlessRenderer.run(
                deck: cards, options: options, width: size.width, height: size.height,
                keys: keyList, time: time, glyphs: glyphs,
                usesColor: options.wantsColor(environment: environment))
            // Plain text unless a colour depth is named: --render's output is usually a file or a pipe.
            let depth = InteractiveApp.depth(for: options.color) ?? .none
            let lines = depth == .none ? run.canvas.lines() : StyledText.escaped(run.canvas, depth: depth)
            try CarouselCommand.writeOut(Array((lines.joined(separator: "\n") + "\n").utf8), what: "the screen")
            CarouselCommand.printError(run.reports.map { $0 + "\n" }.joined())
            // With --pick: then what Enter chooses (or chose), as the interactive program would end.
            guard options.pick else { return }
            switch run.outcome {
            case .cancelled: throw ExitCode(1)
            case .interrupted: throw ExitCode(130)
            default:
                guard let choice = run.choice else { throw ExitCode(1) }
                try CarouselCommand.writeOut(choice + [0x0A], what: "the chosen card")
            }
            return
        }

        // A deck read from files can be read again (after `e`); standard input cannot.
        var source: DeckSource? = paths.isEmpty || paths.contains("-") ? nil : DeckSource(load: { [paths] in
            do {
                return .success(try DeckLoader.load(paths: paths, options: loadOptions).provider)
            } catch let error as DeckError {
                return .failure(DeckSource.Failure("cannot read the deck again: " + (error.problems.first ?? error.description)))
            } catch {
                return .failure(DeckSource.Failure("cannot read the deck again"))
            }
        })
        var watcher: DeckWatcher?
        defer { watcher?.stop() }
        if watch {
            if source == nil {
                CarouselCommand.report([paths.isEmpty ? "--watch follows files: the built-in deck has none" : "--watch: standard input cannot be read again; not watching"])
            } else {
                let flag = ChangeFlag()
                do {
                    watcher = try DeckWatcher(paths: paths) {
                        flag.raise()
                        TerminalScreen.wakeUp()
                    }
                    CarouselCommand.report(watcher?.problems.map { "--watch: " + Sanitizer.line($0) } ?? [])
                    source?.changed = { flag.take() }
                } catch {
                    CarouselCommand.report(["--watch: \(Sanitizer.line(error.description))"])
                }
            }
        }
        // Standard input may carry the deck (`carousel -`): then keys come from /dev/tty; standard
        // output may be captured (`x=$(carousel --pick)`): then the screen goes to /dev/tty.
        let app = InteractiveApp(deck: cards, options: options, glyphs: glyphs, source: source)
        let outcome: Outcome
        let choice: [UInt8]?
        do {
            (outcome, choice) = try app.run(environment: environment)
        } catch {
            CarouselCommand.printError("\(error)\n")
            throw ExitCode(2)
        }
        switch outcome {
        case .quit: return
        case .cancelled: throw ExitCode(1)
        case .interrupted: throw ExitCode(130)
        case .chosen: try CarouselCommand.writeOut((choice ?? []) + [0x0A], what: "the chosen card")
        case .signal(let signal): TerminalScreen.exit(bySignal: signal)
        }
    }
}

extension CarouselCommand {
    /// Writes to standard output with write(2), not print: print's buffer is flushed at exit, where
    /// a failure (a full disk, a closed pipe) is lost and the exit status still says 0.
    static func writeOut(_ bytes: [UInt8], what: String) throws {
        let failure = writeAll(bytes, to: STDOUT_FILENO)
        if failure != 0 {
            printError("carousel: cannot write \(what): \(Sanitizer.line(String(cString: strerror(failure))))\n")
            throw ExitCode(1)
        }
    }

    /// Deck problems on stderr, one line each (already sanitised), at most 20 so a deck of 100,000
    /// broken files does not flood the terminal.
    static func report(_ problems: [String]) {
        let limit = 20
        var text = ""
        for problem in problems.prefix(limit) { text += "carousel: \(problem)\n" }
        if problems.count > limit { text += "carousel: ... and \(problems.count - limit) more\n" }
        CarouselCommand.printError(text)
    }
}

extension CarouselCommand {
    /// Writes to standard error as it is (no buffering to lose if the process dies next).
    static func printError(_ text: String) {
        _ = writeAll(text, to: STDERR_FILENO)
    }

    /// Writes all of `text` to `descriptor`; returns 0, or the errno of the write that failed.
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
        writeAll(Array(text.utf8), to: descriptor)
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        Descriptor.writeAll(bytes, to: descriptor)
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
