/// The content of a text card: an optional title (a card shows it in its frame) and blocks.
public struct TextDocument: Hashable, Sendable {
    public var title: String?
    public var blocks: [TextBlock]

    public init(title: String? = nil, blocks: [TextBlock]) {
        self.title = title
        self.blocks = blocks
    }
}
