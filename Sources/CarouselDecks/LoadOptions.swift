/// How the loader reads what it is given (the command line's `--kind`, `--lines`, `--markdown`, `--ansi`).
public struct LoadOptions: Sendable, Equatable {
    /// How card text is read: as text (laid out), as art (a drawing, resampled), or `auto` (see the README).
    public enum Kind: String, Sendable, CaseIterable {
        case auto, text, art
    }

    /// nil: as each manifest says, else `auto`. Given, it wins over the manifest.
    public var kind: Kind?
    /// One card per line of input (standard input or files), titled by the line.
    public var lines: Bool
    /// Standard input is Markdown (files say so by their names).
    public var markdown: Bool
    /// Keep ANSI colours and attributes (SGR) in the text of standard input and text files.
    public var ansi: Bool

    public init(kind: Kind? = nil, lines: Bool = false, markdown: Bool = false, ansi: Bool = false) {
        self.kind = kind
        self.lines = lines
        self.markdown = markdown
        self.ansi = ansi
    }
}
