/// One line of the `?` help overlay: how the keys are written (in Unicode and in 7-bit ASCII) and
/// what they do. The rows come from the app's key table, so the overlay cannot drift from the keys.
public struct HelpRow: Sendable, Equatable {
    public var keys: String
    public var asciiKeys: String
    public var text: String

    public init(keys: String, asciiKeys: String, text: String) {
        self.keys = keys
        self.asciiKeys = asciiKeys
        self.text = text
    }
}
