/// Text from outside (paths, keys, values) as it may appear in a message: sanitised, on one line,
/// and short, so a hostile name can neither drive the terminal nor flood it.
enum Shown {
    /// A path or file name.
    static func path(_ bytes: some Collection<UInt8>) -> String {
        Sanitizer.line(bytes: bytes, limit: 160)
    }

    static func path(_ text: String) -> String {
        Sanitizer.line(text, limit: 160)
    }

    /// A key or a value, in single quotes.
    static func quoted(_ text: String) -> String {
        "'" + Sanitizer.line(text, limit: 60) + "'"
    }
}
