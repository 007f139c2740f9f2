/// How a deck asks to be shown, from its manifest's `defaults`. Plain values, already checked
/// (`style` is one of arc, stack, ring, lyrics; `mode` normal or scaled; `start` counts from 1):
/// the command line maps them onto its options, and an option given there wins.
public struct DeckDefaults: Sendable, Equatable {
    public var style: String?
    public var mode: String?
    public var loop: Bool?
    public var start: Int?
    /// How card text is read: "art", "text" or "auto".
    public var kind: String?

    public init(style: String? = nil, mode: String? = nil, loop: Bool? = nil, start: Int? = nil) {
        self.style = style
        self.mode = mode
        self.loop = loop
        self.start = start
    }

    /// The styles and modes a manifest may name.
    public static let styles = ["arc", "stack", "ring", "lyrics"]
    public static let modes = ["normal", "scaled"]
    public static let kinds = ["auto", "text", "art"]
}
