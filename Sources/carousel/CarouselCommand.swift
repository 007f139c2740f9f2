import ArgumentParser
import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselPictures
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
            With no PATH, shows the built-in deck. A PATH is a directory of cards (its notes, Markdown, \
            source code, CSV tables and pictures, with an optional deck.json manifest), a deck.json manifest, card files, \
            or - for cards on standard input (separated by lines holding only ---); with --lines, --read0, --markdown, \
            --ansi, --pick, --print, --print0 or --select-1 and no PATH, input piped in is read as if - were given. Markdown files are \
            split into slides at lines holding only ---.

            \(KeyTable.commandLineSummary)

            The mouse clicks, scrolls and drags.

            Exit status: 0 when quit (or a card is picked), 1 when no card could be loaded or --pick \
            ended with nothing chosen, 2 when there is no terminal to draw on, 64 for a command-line \
            error, 130 after Ctrl-C.
            """,
        version: "carousel 0.1.0"
    )

    @Argument(help: ArgumentHelp("Deck directories, deck.json manifests, card files, or - for standard input.", valueName: "PATH"),
              completion: .file())
    var paths: [String] = Invocation().paths

    // The numeric options take their value even when it starts with `-` (`--time -1`), so that
    // validate() can say what is wrong instead of "Missing value".
    @Option(parsing: .unconditional, help: ArgumentHelp("Print the screen as text at this size instead of running interactively (in colour, as ANSI escape codes, with --color 8, 16, 256 or truecolor).", valueName: "COLSxROWS"))
    var render: String?

    @Option(help: ArgumentHelp("With --render: keys and steps to replay first, e.g. right,right,tab,click:40:12 (names: \(Key.names.joined(separator: ", ")), or any single character; steps: \(ScriptStep.names.joined(separator: ", "))).", valueName: "KEYS"))
    var keys: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --render: print the screen this long after the last step of --keys (virtual clock) instead of after the motion settles.", valueName: "SECONDS"))
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
    var lines = Invocation().lines

    @Flag(help: ArgumentHelp("With --lines (which it implies): a NUL byte ends each line of input, not a newline, for find -print0 (a file's name may hold a newline)."))
    var read0 = Invocation().read0

    @Flag(help: "Standard input, and files named, are Markdown whatever their names (split into slides at --- lines).")
    var markdown = Invocation().markdown

    @Flag(help: "Keep ANSI colours and attributes in card text (as less -R); other escape sequences are removed.")
    var ansi = Invocation().ansi

    @Flag(help: "Draw with 7-bit ASCII only.")
    var ascii = Invocation().ascii

    @Option(help: "Colours: auto (NO_COLOR and the terminal's own), never (or none, off), or a depth forced whatever the terminal's entry says: 8, 16, 256 or truecolor (or 24bit).")
    var color: ColorChoice = Invocation().color

    @Option(parsing: .unconditional, help: "Frames per second while moving.")
    var fps: Double = Invocation().fps

    @Flag(help: "Jump without animation (also CAROUSEL_REDUCE_MOTION=1).")
    var reduceMotion = Invocation().reduceMotion

    @Flag(help: ArgumentHelp("Choose a card: Enter prints it (its file's path, its line with --lines, else its title) and exits 0; Esc or q exits 1, printing nothing; Ctrl-C exits 130. With standard output captured (x=$(carousel --pick)), the carousel draws on /dev/tty."))
    var pick = Invocation().pick

    @Option(name: .customLong("print"), help: ArgumentHelp("With --pick (which it implies): print the chosen card's title, path (empty for a card with no file; with --lines, the file or directory a line names), index (from 1) or json.", valueName: "FIELD"))
    var printField: CardChoice.Field?

    @Flag(help: ArgumentHelp("With --pick (which it implies): end what is printed with a NUL byte, not a newline, for xargs -0 and read -d '' (a file's name may hold a newline)."))
    var print0 = Invocation().print0

    @Flag(name: .customLong("select-1"), help: ArgumentHelp("With --pick (which it implies): when there is one card only, print it at once, without showing the carousel (even with --render; as fzf --select-1)."))
    var selectOne = Invocation().selectOne

    @Option(help: ArgumentHelp("The command e runs on the active card instead of $VISUAL / $EDITOR: {} stands for the card (as --pick prints it), else (and without {file}) it comes last; {file} for its file (with --lines, the one a grep -n line names); {line} for the line of its file to open at; e.g. --open-with 'less {}' or 'vim +{line} {file}'.", valueName: "CMD"))
    var openWith: String?

    @Flag(help: "Read the deck again when its files change (cards added, removed or edited), staying on the same card.")
    var watch = Invocation().watch

    @Option(parsing: .unconditional, help: ArgumentHelp("Play the deck as a slideshow: the next card every SECONDS (round the deck with --loop, else up to the last card, where it pauses), held while you use it and for one interval after; p pauses and resumes.", valueName: "SECONDS"))
    var autoplay: Double?

    func validate() throws {
        if let render, HeadlessRenderer.parseSize(render) == nil {
            let side = HeadlessRenderer.largestSide
            throw ValidationError(HeadlessRenderer.parseAnySize(render) != nil
                ? "--render: 1 to \(side) columns and 1 to \(side) rows (got '\(Sanitizer.line(render))')"
                : "--render takes COLSxROWS, e.g. 100x30 (got '\(Sanitizer.line(render))')")
        }
        if markdown && (lines || read0) {
            throw ValidationError("--markdown and \(read0 ? "--read0" : "--lines") read standard input two ways; give one")
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
            if let form = ScriptStep.form(of: error.name) {
                throw ValidationError("--keys: '\(Sanitizer.line(error.name))' is not a step; it is written \(form)")
            }
            throw ValidationError("unknown key name '\(Sanitizer.line(error.name))' in --keys; known names: \(Key.names.joined(separator: ", ")), any single character, or the steps \(ScriptStep.names.joined(separator: ", "))")
        }
    }

    /// The parsed command line as plain values.
    var invocation: Invocation {
        Invocation(
            paths: paths, render: render, keys: keys, time: time, style: style, mode: mode, loop: loop,
            start: start, kind: kind, lines: lines, read0: read0, markdown: markdown, ansi: ansi, ascii: ascii,
            color: color, fps: fps, reduceMotion: reduceMotion, pick: pick, printField: printField, print0: print0, selectOne: selectOne,
            openWith: openWith, watch: watch, autoplay: autoplay)
    }

    func run() throws {
        let status = invocation.run()
        if status != 0 { throw ExitCode(status) }
    }

    /// `carousel` alone (the built-in deck, every option at its default), or followed by paths alone
    /// (`carousel notes/`, `carousel talk.md`), has nothing for the parser to do: it runs without
    /// swift-argument-parser, whose parse (its reflection and type lookups, and its check for a
    /// completion-script request, which parses the line twice more) cost a start 1.5 to 3 ms and
    /// 0.4 to 0.5 MB of resident memory. Anything else, even `--` or `-`, goes through the parser.
    static func main() {
        PictureStore.keepHeapSmall()
        Invocation.holdClosedDescriptors()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let invocation = pathsOnly(arguments[...]) { invocation.runAndExit() }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            // The help only where it is asked for: swift-argument-parser reads `-dash.txt` as the
            // short options -d -a -s -h ..., and -h printed the help with status 0, which a script
            // took for a card picked (helper-61; `-xyz` was an unknown option).
            if exitCode(for: error) == .success, let word = strayHelp(in: arguments) {
                exit(withError: ValidationError("Unknown option '\(word)' (a file whose name begins with -: ./\(word), or after --)"))
            }
            // The help, the version, a completion script: written with write(2), so that one that
            // cannot be written is said, status 1 (`carousel --help > /dev/full` said nothing,
            // status 0: helper-97).
            if exitCode(for: error) == .success {
                let text = fullMessage(for: error)
                let what = arguments.contains("--version") ? "the version" : "the help"
                let written = text.isEmpty || Invocation.writeOut(Array((text + "\n").utf8), what: what)
                Glibc.exit(written ? 0 : 1)
            }
            exit(withError: error)
        }
    }

    /// The first word of `arguments` (before `--`) that the parser reads as short options holding
    /// `-h` (`-dash.txt`, `-help`), when neither `-h` nor `--help` is written itself.
    static func strayHelp(in arguments: [String]) -> String? {
        let options = arguments.prefix { $0 != "--" }
        guard !options.contains("-h"), !options.contains("--help") else { return nil }
        return options.first { $0.count > 2 && $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.contains("h") }
    }

    /// What the parser makes of `arguments` when each is a path it takes as it is (not empty, not
    /// starting with `-`, which it would read as an option or standard input); nil otherwise.
    static func pathsOnly(_ arguments: ArraySlice<String>) -> Invocation? {
        guard arguments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") }) else { return nil }
        var invocation = Invocation()
        invocation.paths = Array(arguments)
        return invocation
    }
}
