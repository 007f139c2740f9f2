/// How the loader reads what it is given (the command line's `--kind`, `--lines`, `--markdown`, `--ansi`).
public struct LoadOptions: Sendable, Equatable {
    /// How card text is read: as text (laid out), as art (a drawing, resampled), or `auto` (see the README).
    public enum Kind: String, Sendable, CaseIterable {
        case auto, text, art
    }

    /// nil: as each manifest says, else `auto`. Given, it wins over the manifest.
    public var kind: Kind?
    /// One card per line of input (standard input or files), titled by the line (an `ls -l` line by the name it ends in).
    public var lines: Bool
    /// With `lines`: a NUL byte ends each line, not a newline (`find -print0`).
    public var read0: Bool
    /// Standard input is Markdown (files say so by their names).
    public var markdown: Bool
    /// Keep ANSI colours and attributes (SGR) in the text of standard input and text files.
    public var ansi: Bool
    /// Most cards `lines` makes, from all the input (`DeckLoader.maximumLineCards`).
    public var maximumLineCards = DeckLoader.maximumLineCards
    /// Most bytes of a stream read (`DeckLoader.maximumStandardInputSize`; less in tests).
    public var maximumStreamSize = DeckLoader.maximumStandardInputSize

    /// Checks that a picture file can be shown, from its first bytes (signature, header, a
    /// decoder installed): nil, or why not in a few words. The app gives the pictures module's
    /// check; without one, picture files are taken by their names.
    public var checkPicture: (@Sendable (_ head: [UInt8]) -> String?)?

    public init(kind: Kind? = nil, lines: Bool = false, read0: Bool = false, markdown: Bool = false, ansi: Bool = false,
                checkPicture: (@Sendable (_ head: [UInt8]) -> String?)? = nil) {
        self.kind = kind
        self.lines = lines
        self.read0 = read0
        self.markdown = markdown
        self.ansi = ansi
        self.checkPicture = checkPicture
    }

    /// Equal when they read text the same way (the picture check is not compared).
    public static func == (a: LoadOptions, b: LoadOptions) -> Bool {
        a.kind == b.kind && a.lines == b.lines && a.read0 == b.read0 && a.markdown == b.markdown && a.ansi == b.ansi && a.maximumLineCards == b.maximumLineCards
            && a.maximumStreamSize == b.maximumStreamSize
            && (a.checkPicture == nil) == (b.checkPicture == nil)
    }
}
