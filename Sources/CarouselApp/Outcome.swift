/// Why the program ends.
public enum Outcome: Sendable, Equatable {
    /// The user quit (q, Esc): exit status 0.
    case quit
    /// `--pick` ended with nothing chosen (Esc, q): exit status 1, nothing printed.
    case cancelled
    /// Ctrl-C: exit status 130 (as fzf, and as a shell reports an interrupt).
    case interrupted
    /// `--pick`: Enter chose this card (its place in the whole deck, from 0).
    case chosen(Int)
    /// A signal asked it to end; the caller ends the process by the same signal.
    case signal(Int32)
}

/// Work the app asks the program loop to do outside the model (the loop does it between frames).
public enum Effect: Sendable, Equatable {
    /// Give the terminal to a command (an editor) until it ends, then take it back.
    case run(ExternalCommand)
    /// Read the deck again from its files (they may have changed).
    case reload
    /// Tell the user something that outlives the screen (on standard error, after it).
    case report(String)
}

/// A command run with the terminal handed over to it: `/bin/sh -c SCRIPT carousel TARGET`, so
/// `$VISUAL` may carry options (`code -w`) and the target (a path) is never re-parsed by the shell.
public struct ExternalCommand: Sendable, Equatable {
    /// The program's arguments, `arguments[0]` being its path. Bytes: a path need not be UTF-8.
    public var arguments: [[UInt8]]
    /// How messages name it (`vim`, `--open-with`).
    public var name: String
    /// The program the script starts, when it is a plain name or path the backend can look for
    /// before running it (an editor: a missing one is said in the status line, not by the shell
    /// on the terminal behind the carousel). Nil: not checked (`--open-with` may start with a
    /// shell builtin).
    public var program: String?

    /// `script` run by the shell with `target` as `$1`: every `{}` in it stands for `"$1"`; with no
    /// `{}`, `"$1"` is added at the end (`vim` opens the file; `less {}`, `open-with 'wc -l {}'`).
    /// `line` (from 1) is where to open the file: `{line}` in the script stands for it (1 when
    /// there is none); an editor known to take `+LINE` before the file is given it (see `takesLine`).
    /// `{file}` stands for `file` (`"$2"`: the file a `grep -n` line names, a file card's path);
    /// with it and no `{}`, the target is not added. Where a placeholder stands inside a
    /// single-quoted script for another shell (`sh -c 'wc -l {}'`), it is that shell's
    /// `"$CAROUSEL_CARD"` / `"$CAROUSEL_FILE"`, exported: a name is never read as code.
    public init(script: String, target: [UInt8], name: String, line: Int? = nil, file: [UInt8]? = nil) {
        var body = script.replacing("{line}", with: String(line ?? 1))
        var extra: [[UInt8]] = []
        var exports: [String] = []
        let namesFile = body.contains("{file}")
        if namesFile {
            let (text, nested) = ExternalCommand.substituting("{file}", with: 2, variable: "CAROUSEL_FILE", in: body)
            body = text
            if nested { exports.append("CAROUSEL_FILE=\"$2\"; export CAROUSEL_FILE; ") }
            extra = [file ?? []]
        }
        if body.contains("{}") {
            let (text, nested) = ExternalCommand.substituting("{}", with: 1, variable: "CAROUSEL_CARD", in: body)
            body = text
            if nested { exports.append("CAROUSEL_CARD=\"$1\"; export CAROUSEL_CARD; ") }
        } else if !namesFile {
            if let line, line > 1, ExternalCommand.takesLine(script) { body += " +\(line)" }
            body += " \"$1\""
        }
        body = exports.joined() + body
        // (The shell's own name as its `$0`, which starts its messages: `carousel: 1: lss: not
        // found` read as the carousel's own failure; helper-103.)
        arguments = [Array("/bin/sh".utf8), Array("-c".utf8), Array(body.utf8), Array("sh".utf8), target] + extra
        self.name = name
    }

    /// `script` with each `placeholder` standing for the shell's parameter `number`, quoted as where
    /// it stands asks, so that a name stays one word and is never read as code: `"$1"` outside
    /// quotes, and in place of a quoted placeholder alone (`'{}'`, `"{}"`); `$1` inside double
    /// quotes (`'code -g "{file}:{line}"'` made `""$2":7"`, split at a space: helper-28); inside a
    /// command substitution, `$(...)` or backticks, as outside (its quoting starts afresh:
    /// helper-32); inside a longer single-quoted string, a script for another shell, `"$variable"`
    /// as written there, `$variable` within that script's own double quotes (breaking out of the
    /// quotes let a name run as code there: helper-32), and `nested` says the variable must be
    /// exported. (A script for another shell in double quotes, or `eval`, gets the name as text,
    /// as `sh -c "cat $f"` would; quotes in comments and heredocs are not told apart.)
    static func substituting(_ placeholder: String, with number: Int, variable: String, in script: String) -> (text: String, nested: Bool) {
        var out = ""
        var nested = false
        var quote: Character?
        // Inside single quotes, a script for another shell: whether its own double quotes are open.
        var innerDouble = false
        // The quoting each command substitution or parenthesis opened inside, and what closes it.
        var contexts: [(quote: Character?, closer: Character)] = []
        var i = script.startIndex
        while i < script.endIndex {
            if script[i...].hasPrefix(placeholder) {
                let after = script.index(i, offsetBy: placeholder.count)
                if let q = quote, out.last == q, after < script.endIndex, script[after] == q {
                    // A placeholder quoted alone: the quotes go, it is one word.
                    out.removeLast()
                    out += "\"$\(number)\""
                    quote = nil
                    i = script.index(after: after)
                    continue
                }
                switch quote {
                case "\"": out += "$\(number)"
                case "'":
                    // (Within that shell's own double quotes, as its `"...$VAR..."`: helper-33.)
                    out += innerDouble ? "$\(variable)" : "\"$\(variable)\""
                    nested = true
                default: out += "\"$\(number)\""
                }
                i = after
                continue
            }
            let c = script[i]
            out.append(c)
            i = script.index(after: i)
            if quote == "'" {
                if c == "'" {
                    quote = nil
                    innerDouble = false
                } else if c == "\"", out.dropLast().last != "\\" {
                    innerDouble.toggle()
                }
                continue
            }
            switch c {
            case "\\":
                // An escaped character is no quote.
                if i < script.endIndex {
                    out.append(script[i])
                    i = script.index(after: i)
                }
            case "\"", "'":
                if quote == nil { quote = c } else if quote == c { quote = nil }
            case "(" where quote == nil || out.hasSuffix("$("):
                contexts.append((quote, ")"))
                quote = nil
            case ")" where quote == nil && contexts.last?.closer == ")":
                quote = contexts.removeLast().quote
            case "`":
                if quote == nil, contexts.last?.closer == "`" {
                    quote = contexts.removeLast().quote
                } else {
                    contexts.append((quote, "`"))
                    quote = nil
                }
            default:
                break
            }
        }
        return (out, nested)
    }

    /// The first word of `script` when it names a program plainly (letters, digits, `._+-/`; not
    /// `~/...`, a variable or an assignment, which only the shell can resolve), else nil.
    public static func plainProgram(_ script: String) -> String? {
        guard let word = script.split(whereSeparator: { $0 == " " || $0 == "\t" }).first, !word.hasPrefix("~") else { return nil }
        let plain = word.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._+-/".unicodeScalars.contains($0) }
        return plain ? String(word) : nil
    }

    /// Editors and pagers that open a file at a line given as `+LINE` before it, as vi did first.
    static let lineTakers: Set<String> = [
        "vi", "vim", "nvim", "view", "gvim", "vim.basic", "vim.tiny", "vim.nox", "vim.gtk3", "elvis", "nvi",
        "nano", "rnano", "pico", "emacs", "emacsclient", "mg", "jove", "zile", "micro", "kak", "joe", "jed",
        "ne", "mcedit", "less", "more", "most",
    ]

    /// Whether the command `script` starts with (its first word, any folders dropped) takes `+LINE`.
    static func takesLine(_ script: String) -> Bool {
        guard let word = script.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return false }
        let name = word.split(separator: "/").last.map(String.init) ?? String(word)
        return lineTakers.contains(name)
    }
}
