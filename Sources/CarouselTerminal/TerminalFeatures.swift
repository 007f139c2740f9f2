import CarouselCanvas

/// What a terminal can do beyond moving the cursor (ECMA-48 `CSI row;col H`) and writing
/// characters, as its terminfo entry says: read once at start. The frame writer uses a shortcut
/// only when the terminal declares it.
public struct TerminalFeatures: Sendable, Equatable {
    /// How many colours it shows.
    public var depth: ColorDepth
    /// The attributes it shows (terminfo `bold`, `dim`, `sitm`, `smul`, `rev`, and the extended `smxx` for strikethrough); others are left out.
    public var attributes: Attributes
    /// Erasing fills with the current background colour (`bce`); otherwise with the default one.
    public var erasesWithBackground: Bool
    /// `CSI n b` repeats the last character n times (`rep`).
    public var repeatsCharacters: Bool
    /// ... but only an ASCII character is repeated (see `reached(throughMultiplexer:maybe:)`).
    public var repeatsOnlyASCII = false
    /// `CSI n X` blanks n cells without moving the cursor (`ech`).
    public var erasesCharacters: Bool
    /// `CSI K` blanks to the end of the row (`el`).
    public var erasesToEndOfLine: Bool
    /// `CSI n P` and `CSI n @` shift the rest of the row left or right (`dch`, `ich`).
    public var shiftsCharacters: Bool
    /// The bottom-right cell can be written without scrolling the screen: the terminal does not
    /// wrap at the margin (no `am`), or it waits for the next character before it does (`xenl`).
    public var writesBottomRight: Bool
    /// A line feed moves the cursor one row down in its column: the terminal's `cud1` is one, and
    /// the tty driver sends it as it is (no ONLCR turning it into a carriage return too). One byte
    /// instead of `CSI B`'s three.
    public var lineFeedMovesDown: Bool

    public init(depth: ColorDepth, attributes: Attributes = [.bold, .dim, .italic, .underline, .reverse, .strikethrough],
                erasesWithBackground: Bool = false, repeatsCharacters: Bool = false, erasesCharacters: Bool = false,
                erasesToEndOfLine: Bool = true, shiftsCharacters: Bool = true, writesBottomRight: Bool = true,
                lineFeedMovesDown: Bool = false) {
        self.depth = depth
        self.attributes = attributes
        self.erasesWithBackground = erasesWithBackground
        self.repeatsCharacters = repeatsCharacters
        self.erasesCharacters = erasesCharacters
        self.erasesToEndOfLine = erasesToEndOfLine
        self.shiftsCharacters = shiftsCharacters
        self.writesBottomRight = writesBottomRight
        self.lineFeedMovesDown = lineFeedMovesDown
    }

    /// What a terminal declares, less what a multiplexer under it may not do. Inside tmux or
    /// screen run with an outer terminal's `TERM` (`xterm-256color`, a common setting), the entry
    /// promises `rep`, which tmux 3.3 ignores after a character that is not ASCII: `X─\e[5bY`
    /// shows `X─Y`, and every repeated border would leave the cards garbled. Repeats are written
    /// out there. Where the program may be reached through one without knowing it (over ssh,
    /// where `TMUX` is not passed on; under sudo, which clears it), only ASCII is repeated, as
    /// tmux does repeat it (helper-53: borders collapsed after `env -u TMUX`).
    public func reached(throughMultiplexer multiplexer: Bool, maybe: Bool) -> TerminalFeatures {
        var features = self
        if multiplexer { features.repeatsCharacters = false }
        if maybe { features.repeatsOnlyASCII = true }
        return features
    }

    /// Whether the environment says a multiplexer is between the program and the terminal
    /// (tmux's `TMUX` and `TERM_PROGRAM`, screen's `STY`); and whether it says one may be, unseen:
    /// a session over ssh, or run by sudo.
    public static func multiplexer(in environment: [String: String]) -> (known: Bool, maybe: Bool) {
        let known = environment["TMUX"] != nil || environment["STY"] != nil || environment["TERM_PROGRAM"] == "tmux"
        let maybe = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY", "SUDO_USER"].contains { environment[$0] != nil }
        return (known, maybe)
    }

    /// What Debian's `xterm-256color` entry declares (the benchmarks' terminal), on a tty that
    /// sends a line feed as it is (as the carousel leaves it).
    public static func xterm(depth: ColorDepth = .palette256) -> TerminalFeatures {
        TerminalFeatures(depth: depth, erasesWithBackground: true, repeatsCharacters: true, erasesCharacters: true,
                         lineFeedMovesDown: true)
    }

    /// What Debian's `tmux-256color` entry declares: no `bce`, `rep` or `ech`.
    public static func tmux(depth: ColorDepth = .palette256) -> TerminalFeatures {
        TerminalFeatures(depth: depth, lineFeedMovesDown: true)
    }
}
