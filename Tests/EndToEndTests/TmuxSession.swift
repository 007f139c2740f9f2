import Foundation
import Testing

/// Drives the real `carousel` binary inside a detached tmux session (a real pseudo-terminal) on a
/// private tmux server, the way a user would: send keys, read the screen, send signals.
final class TmuxSession {
    let directory: URL
    /// The private tmux server's socket, in the session's own directory: removed with it (tmux 3.3
    /// leaves its socket behind when its server is killed; under /tmp/tmux-UID, thousands piled up).
    var socket: String { directory.appendingPathComponent("tmux").path }
    let name = "e2e"

    /// The binary built next to the test runner.
    static var binary: String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("carousel").path
    }

    /// Starts `carousel ARGS` in a `width` x `height` pane. A wrapper shell records the terminal
    /// modes before and after, the exit status, and the program's pid.
    /// With `shell`, the program runs under an interactive shell with job control (for Ctrl-Z).
    /// With `capture`, the program runs inside `$(...)`, as a script picking a card runs it: what it
    /// prints is kept (`chosen`) and its status is the status of that.
    /// `input` is a shell command whose output is piped into the program (`ls | carousel -`).
    /// `keepOnInterrupt`: the wrapper shell ignores SIGINT, as an interactive shell's job control
    /// keeps it out of the program's way (a Ctrl-C typed to a command the program runs would end the
    /// wrapper too, and its record of the exit with it).
    /// `keepOnTerminate`: the same for SIGTERM, which a shell's `kill %1` sends the whole job (the
    /// wrapper, ended by it, would leave the program's process group orphaned, where the terminal
    /// stops no one: not the group a user's job is).
    init(width: Int = 100, height: Int = 30, arguments: String = "", environment: String = "LANG=C.UTF-8", shell: Bool = false,
         capture: Bool = false, input: String? = nil, keepOnInterrupt: Bool = false, keepOnTerminate: Bool = false) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("carousel-e2e-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let d = directory.path
        // The inner shell records its own pid and becomes the program (exec), so signals reach it.
        // Variables that change how the program looks are cleared first (`swift test` itself sets
        // NO_COLOR, and the tmux server hands it on); each test then sets what it wants.
        let program = (input.map { $0 + " | " } ?? "") + "env -u NO_COLOR -u COLORTERM -u LC_ALL -u CAROUSEL_REDUCE_MOTION \(environment) \(TmuxSession.binary) \(arguments)"
        let body = capture
            // (A space after `$(`: an input in brackets would make it `$((`, arithmetic.)
            ? "echo $$ > \(d)/pid; chosen=$( \(program)); rc=$?; printf '%s' \"$chosen\" > \(d)/chosen; exit $rc\n"
            : input == nil ? "echo $$ > \(d)/pid; exec \(program)\n" : "echo $$ > \(d)/pid; \(program)\n"
        try body.write(to: directory.appendingPathComponent("program.sh"), atomically: true, encoding: .utf8)
        let script = (keepOnInterrupt ? "trap '' INT\n" : "") + (keepOnTerminate ? "trap '' TERM\n" : "") + """
            stty -g > \(d)/before
            sh \(d)/program.sh 2> \(d)/stderr
            rc=$?
            stty -g > \(d)/after.tmp && mv \(d)/after.tmp \(d)/after
            echo $rc > \(d)/status.tmp && mv \(d)/status.tmp \(d)/status
            """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        // The tmux server started here must not inherit a pipe we wait on: no output captured.
        let command = shell ? "env PS1='$ ' bash --norc -i" : "sh \(d)/run.sh; sleep 600"
        try TmuxSession.run(["tmux", "-S", socket, "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command], capture: false)
        if shell { try send("sh \(d)/run.sh", "Enter") }
    }

    deinit {
        _ = try? TmuxSession.run(["tmux", "-S", socket, "kill-server"], capture: false)
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try TmuxSession.run(["tmux", "-S", socket] + arguments)
    }

    /// Runs a command and waits for it with waitpid (Foundation's Process can miss the exit of a
    /// tmux client whose server lives on). Output goes through a file, never a pipe a daemon could hold.
    @discardableResult
    /// Runs the binary with `arguments` (standard output redirected by `stdout`, e.g. `>/dev/null`;
    /// standard error goes with it) and returns what it printed and its exit status.
    static func carousel(_ arguments: [String], stdout: String = "") throws -> (output: String, status: Int?) {
        let script = "\"$0\" \"$@\" 2>&1 \(stdout); echo \"exit $?\""
        let text = try run(["LC_ALL=C.UTF-8", "bash", "-c", script, binary] + arguments)
        guard let last = text.range(of: "exit ", options: .backwards) else { return (text, nil) }
        let status = Int(text[last.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
        return (String(text[..<last.lowerBound]), status)
    }

    @discardableResult
    static func run(_ arguments: [String], capture: Bool = true) throws -> String {
        let output = capture ? NSTemporaryDirectory() + "carousel-e2e-out-" + UUID().uuidString : "/dev/null"
        defer { if capture { try? FileManager.default.removeItem(atPath: output) } }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = withChildAttributes { posix_spawn(&pid, "/usr/bin/env", &actions, &$0, argv, environ) }
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard capture else { return "" }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// Spawn attributes for a child started with no signal blocked and every signal at its default
    /// (the test runner's threads block most signals, and a child inherits that mask: a tmux server
    /// started with it cannot even be told to exit), with `flags` besides.
    static func withChildAttributes<Result>(flags: Int32 = 0, _ body: (inout posix_spawnattr_t) -> Result) -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return body(&attributes)
    }

    func screen() throws -> [String] {
        try tmux("capture-pane", "-p", "-t", name).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func send(_ keys: String...) throws { try send(keys: keys) }

    func send(keys: [String]) throws {
        try TmuxSession.run(["tmux", "-S", socket, "send-keys", "-t", name] + keys, capture: false)
    }

    /// Waits until the screen satisfies `condition` (or `timeout` passes) and returns it.
    @discardableResult
    func waitForScreen(timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines = try screen()
        while !condition(lines) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            lines = try screen()
        }
        return lines
    }

    /// Waits for the whole first frame: the control at the top and the status line at the bottom.
    @discardableResult
    func waitForStart(timeout: Double = 10) throws -> [String] {
        try waitForScreen(timeout: timeout) { lines in
            lines.first?.contains("[Normal]") == true && lines.contains { $0.contains("1/20") || $0.contains("2/20") }
        }
    }

    func file(_ name: String) -> String? {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits for the program to end; returns its exit status as the shell saw it.
    func waitForExit(timeout: Double = 10) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = file("status"), !status.isEmpty, file("after") != nil { return Int(status) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    var pid: Int32? { file("pid").flatMap { Int32($0) } }

    /// The program's threads' names, and how many times each has slept and woken (by thread id).
    /// (The program itself, also where it runs in a pipeline under the shell whose pid is kept.)
    func threads() -> (names: [String], switches: [String: Int]) {
        guard let shell = pid else { return ([], [:]) }
        func comm(_ pid: String) -> String {
            ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
        }
        var pid = "\(shell)"
        if comm(pid) != "carousel" {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            guard let found = children.split(separator: " ").map(String.init).first(where: { comm($0) == "carousel" }) else { return ([], [:]) }
            pid = found
        }
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var names: [String] = []
        var switches: [String: Int] = [:]
        for task in tasks {
            let path = "/proc/\(pid)/task/\(task)/"
            names.append(((try? String(contentsOfFile: path + "comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines))
            let status = (try? String(contentsOfFile: path + "status", encoding: .utf8)) ?? ""
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                switches[task, default: 0] += Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        return (names, switches)
    }

    /// The threads that woke between two looks (`threads().switches`), or that began between
    /// them. (One that ended is left out: GLib's helper ends itself after 15 s idle, and may do
    /// so in the window.)
    static func woken(_ before: [String: Int], _ after: [String: Int]) -> [String] {
        after.keys.filter { task in before[task].map { after[task] != $0 } ?? true }.sorted()
    }

    /// What the program printed inside `$(...)` (a session started with `capture`), exactly.
    var chosen: String? { try? String(contentsOf: directory.appendingPathComponent("chosen"), encoding: .utf8) }

    /// The terminal modes after the program ended equal those before it started.
    var modesRestored: Bool {
        guard let before = file("before"), let after = file("after") else { return false }
        return !before.isEmpty && before == after
    }

    /// A deck of three one-line notes (apple, banana, cherry) in a fresh directory; the caller removes it.
    static func notes() throws -> String {
        let directory = NSTemporaryDirectory() + "carousel-notes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in [("apple.txt", "red and round"), ("banana.txt", "long and yellow"), ("cherry.txt", "small, with a stone")] {
            try (text + "\n").write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        return directory
    }

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") && FileManager.default.isExecutableFile(atPath: binary)
    }
}
