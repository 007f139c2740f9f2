import Foundation
import Testing

/// On CI the man page test must run: a generate-manual tool missing beside the binary (`make test`
/// builds it) is a failure there, not a skip.
@Test func manPageTestCanRunOnCI() throws {
    if ProcessInfo.processInfo.environment["CI"] != nil {
        #expect(Install.ready && Install.manualToolBuilt,
                "make, the package's Makefile and generate-manual beside the built binary are needed (make test builds it)")
    }
}

/// What `make install` puts beside the binary: the man page and the bash, zsh and fish completions.
/// They are made by the Makefile's own `man` and `completions` targets, here for the debug binary
/// the tests built (no release build: `make docs` does that for `make install`), and they must
/// cover what the command line declares (read from `carousel --experimental-dump-help`, so new
/// options are checked as they come).
@Suite(.enabled(if: Install.ready, "needs the built carousel binary, make and the package's Makefile"))
struct InstallTests {
    @Test func everyShellGetsAScriptNamingEveryOption() throws {
        let declared = try Install.declarations()
        try Install.withDirectory { directory in
            try Install.makeCompletions(into: directory)
            let bash = Install.read(directory, "carousel.bash"), zsh = Install.read(directory, "_carousel")
            let fish = Install.read(directory, "carousel.fish")
            #expect(bash.contains("complete -o filenames -F _carousel carousel"))
            #expect(zsh.hasPrefix("#compdef carousel\n"))
            #expect(fish.contains("complete -c 'carousel'"))
            for name in declared.longNames {
                #expect(bash.contains(" \(name)") || bash.contains("(\(name)"), "bash offers \(name)")
                #expect(zsh.contains("'\(name)[") || zsh.contains(",\(name)}"), "zsh offers \(name)")
                #expect(fish.contains("-l '\(name.dropFirst(2))'"), "fish offers \(name)")
            }
            for (name, values) in declared.values {
                #expect(fish.contains("-l '\(name.dropFirst(2))'") && fish.contains("-rfka '\(values.joined(separator: " "))'"),
                        "fish completes the values of \(name)")
            }
        }
    }

    /// The bash script, sourced as bash-completion would, answers Tab the way the parser says.
    @Test func bashCompletesOptionsAndTheirValues() throws {
        let declared = try Install.declarations()
        try Install.withDirectory { directory in
            try Install.makeCompletions(into: directory)
            let script = directory.appendingPathComponent("carousel.bash").path
            let syntax = try Install.run(["bash", "-n", script])
            #expect(syntax.status == 0, "bash -n: \(syntax.output)")

            // Sets what bash sets before calling a completion function (COMP_LINE, COMP_POINT,
            // COMP_WORDS, COMP_CWORD, and the command, current and previous words as arguments)
            // and prints each line and what it completes to.
            let simulation = """
                source "$1" || exit 1
                complete -p carousel || exit 1
                shift
                for line in "$@"; do
                    COMP_LINE="$line"; COMP_POINT=${#COMP_LINE}
                    read -ra COMP_WORDS <<<"$COMP_LINE"
                    [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
                    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                    COMPREPLY=()
                    _carousel carousel "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                    printf '%s|%s\\n' "$line" "${COMPREPLY[*]}"
                done
                """
            let lines = ["carousel --st", "carousel --style r", "carousel --render 80x24 --k", "carousel --"]
                + declared.values.keys.sorted().map { "carousel \($0) " }
            let result = try Install.run(["bash", "--norc", "--noprofile", "-c", simulation, "simulate", script] + lines)
            #expect(result.status == 0, "\(result.output)")
            var replies: [String: [String]] = [:]
            for row in result.output.split(separator: "\n") where row.contains("|") {
                let parts = row.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                replies[String(parts[0])] = parts[1].split(separator: " ").map(String.init)
            }
            #expect(result.output.hasPrefix("complete -o filenames -F _carousel carousel\n"))

            let st = replies["carousel --st"] ?? []
            #expect(st.contains("--style") && st.contains("--start"), "--st<Tab>: \(st)")
            #expect(st.allSatisfy { $0.hasPrefix("--st") }, "--st<Tab>: \(st)")
            for (name, values) in declared.values {
                #expect(replies["carousel \(name) "] == values, "\(name) <Tab> offers its values")
            }
            #expect(replies["carousel --style r"] == ["ring"])
            let k = replies["carousel --render 80x24 --k"] ?? []
            #expect(k.contains("--keys") && k.contains("--kind"), "--k<Tab>: \(k)")
            #expect(Set(replies["carousel --"] ?? []) == Set(declared.longNames), "-- <Tab> offers every option once")
        }
    }

    /// swift-argument-parser 1.8.2 gives the zsh script a `help` subcommand as a second rest argument
    /// beside the PATH arguments', and zsh then completes nothing: the Makefile drops it.
    @Test func theZshScriptHasOneRestArgument() throws {
        try Install.withDirectory { directory in
            try Install.makeCompletions(into: directory)
            let zsh = Install.read(directory, "_carousel")
            let body = zsh.components(separatedBy: "\n_carousel() {").dropFirst().first?.components(separatedBy: "\n}\n").first ?? ""
            #expect(body.contains("_arguments"), "the top-level completion function is there")
            let rest = body.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("'*") || $0.contains("'(-)*") }
            #expect(rest.count == 1, "one rest argument (PATH...): \(rest)")
            #expect(!body.contains("->command"))
        }
    }

    @Test(.enabled(if: Install.which("zsh") != nil, "needs zsh"))
    func zshParsesItsScript() throws {
        try Install.withDirectory { directory in
            try Install.makeCompletions(into: directory)
            let result = try Install.run(["zsh", "-n", directory.appendingPathComponent("_carousel").path])
            #expect(result.status == 0, "zsh -n: \(result.output)")
        }
    }

    @Test(.enabled(if: Install.which("fish") != nil, "needs fish"))
    func fishCompletesOptionsAndTheirValues() throws {
        let declared = try Install.declarations()
        try Install.withDirectory { directory in
            try Install.makeCompletions(into: directory)
            let script = directory.appendingPathComponent("carousel.fish").path
            let syntax = try Install.run(["fish", "--no-config", "-n", script])
            #expect(syntax.status == 0, "fish -n: \(syntax.output)")
            let result = try Install.run(["fish", "--no-config", "-c",
                                       "source $argv[1]; complete -C 'carousel --st'; echo ==; complete -C 'carousel --style '",
                                       script])
            #expect(result.status == 0, "\(result.output)")
            let parts = result.output.components(separatedBy: "==\n")
            let words = parts.map { $0.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") } }
            let st = words.first ?? []
            #expect(st.contains("--style") && st.contains("--start") && st.allSatisfy { $0.hasPrefix("--st") }, "--st<Tab>: \(result.output)")
            #expect(words.last == declared.values["--style"], "--style <Tab>: \(result.output)")
        }
    }

    /// The page generate-manual makes from the parser's dump, through the Makefile's `man` target.
    @Test(.enabled(if: Install.manualToolBuilt, "needs generate-manual beside the binary (make test builds it)"))
    func theManPageDescribesEveryOption() throws {
        let declared = try Install.declarations()
        try Install.withDirectory { directory in
            let made = try Install.make(["man", "CAROUSEL=\(Install.binary)", "GENERATE_MANUAL=\(Install.manualTool)",
                                      "DOCS=\(directory.path)", "MANUAL_DATE=2026-01-02"])
            try #require(made.status == 0, "make man: \(made.output)")
            let page = Install.read(directory, "carousel.1")
            let lines = page.components(separatedBy: "\n")
            #expect(lines.contains(".Dt CAROUSEL 1"))
            #expect(lines.contains(".Dd January 2, 2026"))
            #expect(lines.contains(".Nd \"\(declared.abstract)\""), "the abstract is the NAME line")
            #expect(lines.contains { $0.hasPrefix(".Os carousel ") }, "the version in the footer, not BSD")
            #expect(lines.contains(".Sh DESCRIPTION") && lines.contains(".Sh \"EXIT STATUS\""))
            for name in declared.longNames {
                #expect(lines.contains(".Op Fl -\(name.dropFirst(2))") || lines.contains { $0.hasPrefix(".Op Fl -\(name.dropFirst(2)) Ar ") },
                        "\(name) in the synopsis")
                let flag = "-\(name.dropFirst(2))"
                #expect(lines.contains { $0.hasPrefix(".It Fl ") && ($0.hasSuffix(" \(flag)") || $0.contains(" \(flag) ")) },
                        "\(name) in the list")
            }
            // Each help text is a text line of its own (generate-manual drops non-ASCII characters:
            // such a help text would not be found here).
            for abstract in declared.abstracts {
                #expect(lines.contains(abstract.replacingOccurrences(of: "\\", with: "\\e")), "help on the page: \(abstract)")
            }
            #expect(!page.contains("subcommand"), "carousel has no subcommands")
            #expect(!lines.dropLast().contains(""), "no blank lines (mdoc warns about them)")

            if let groff = Install.which("groff") {
                let rendered = try Install.run([groff, "-mandoc", "-Tutf8", "-ww", "-z", directory.appendingPathComponent("carousel.1").path])
                #expect(rendered.status == 0 && rendered.output.isEmpty, "groff warns: \(rendered.output)")
            }
        }
    }

    /// `make install` puts five files under PREFIX and `make uninstall` removes those five (read from
    /// `make -n install`, which prints the commands without building anything).
    @Test func uninstallRemovesWhatInstallInstalls() throws {
        try Install.withDirectory { directory in
            let destination = directory.appendingPathComponent("root").path
            let plan = try Install.make(["-n", "install", "DESTDIR=\(destination)", "PREFIX=/opt/carousel"])
            try #require(plan.status == 0, "make -n install: \(plan.output)")
            let installed = plan.output.split(separator: "\n")
                .filter { $0.hasPrefix("install -m") || $0.hasPrefix("install -s") }
                .compactMap { $0.split(separator: "\"").last.map(String.init) }
            let prefix = destination + "/opt/carousel/"
            #expect(Set(installed) == Set([
                "bin/carousel", "share/man/man1/carousel.1", "share/bash-completion/completions/carousel",
                "share/zsh/site-functions/_carousel", "share/fish/vendor_completions.d/carousel.fish",
            ].map { prefix + $0 }))

            for path in installed {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
            }
            let removed = try Install.make(["uninstall", "DESTDIR=\(destination)", "PREFIX=/opt/carousel"])
            #expect(removed.status == 0, "make uninstall: \(removed.output)")
            for path in installed { #expect(!FileManager.default.fileExists(atPath: path), "\(path) removed") }
        }
    }
}

/// Finding and running what the tests above need.
enum Install {
    static var binary: String { TmuxSession.binary }

    /// swift-argument-parser's generate-manual tool, built next to carousel by `make test`.
    static var manualTool: String {
        URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("generate-manual").path
    }

    static var manualToolBuilt: Bool { FileManager.default.isExecutableFile(atPath: manualTool) }

    /// The package: the first directory above the binary holding Package.swift and the Makefile.
    static var packageRoot: URL? {
        var directory = URL(fileURLWithPath: binary).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            let manager = FileManager.default
            if manager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
               manager.fileExists(atPath: directory.appendingPathComponent("Makefile").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    static var ready: Bool {
        FileManager.default.isExecutableFile(atPath: binary) && packageRoot != nil && which("make") != nil
    }

    static func which(_ program: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + program }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a command (standard error into the output) and returns its output and exit status.
    @discardableResult
    static func run(_ arguments: [String]) throws -> (output: String, status: Int?) {
        let text = try TmuxSession.run(["bash", "-c", "\"$@\" 2>&1; echo \"exit $?\"", "run"] + arguments)
        guard let last = text.range(of: "exit ", options: .backwards) else { return (text, nil) }
        let status = Int(text[last.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
        return (String(text[..<last.lowerBound]), status)
    }

    /// `make TARGETS VARIABLES` in the package, as a top-level make (not the one running `make test`).
    static func make(_ arguments: [String]) throws -> (output: String, status: Int?) {
        try run(["env", "-u", "MAKEFLAGS", "-u", "MFLAGS", "-u", "MAKELEVEL", "make", "-s", "-C", packageRoot!.path] + arguments)
    }

    /// A fresh directory, removed after `body`.
    static func withDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("carousel-install-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    static func read(_ directory: URL, _ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// What the command line declares, as its own dump says.
    struct Declarations {
        var abstract = ""
        /// Every long name shown in help, with its dashes (`--style`), in declaration order.
        var longNames: [String] = []
        /// Each shown option's and flag's help, and the PATH argument's.
        var abstracts: [String] = []
        /// The values an option's type lists (`--style`: arc, stack, ...).
        var values: [String: [String]] = [:]
    }

    static func declarations() throws -> Declarations {
        let dump = try TmuxSession.carousel(["--experimental-dump-help"])
        try #require(dump.status == 0, "--experimental-dump-help: \(dump.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let command = try #require(json["command"] as? [String: Any])
        var result = Declarations()
        result.abstract = command["abstract"] as? String ?? ""
        for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
            if let abstract = argument["abstract"] as? String, !abstract.isEmpty { result.abstracts.append(abstract) }
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                guard let long = name["name"] as? String else { continue }
                result.longNames.append("--" + long)
                if let values = argument["allValues"] as? [String] { result.values["--" + long] = values }
            }
        }
        // So that an empty or changed dump cannot pass every check below.
        for name in ["--style", "--render", "--lines", "--keys", "--color", "--help"] {
            try #require(result.longNames.contains(name), "the dump declares \(name)")
        }
        try #require(result.values["--style"].map { Set(["arc", "stack", "ring", "lyrics"]).isSubset(of: $0) } == true)
        return result
    }

    /// `make completions` for the test binary into `directory`.
    static func makeCompletions(into directory: URL) throws {
        let made = try make(["completions", "CAROUSEL=\(binary)", "DOCS=\(directory.path)"])
        try #require(made.status == 0, "make completions: \(made.output)")
    }
}
