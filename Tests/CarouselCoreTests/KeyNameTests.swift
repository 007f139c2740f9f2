import CarouselCore
import Testing

/// The names `--keys` reads (what each key does is the app's key table: KeyTableTests).
@Suite struct KeyNameTests {
    @Test func keyNamesForTheCommandLine() {
        #expect(Key(name: "pgdn") == .pageDown)
        #expect(Key(name: "esc") == .escape)
        #expect(Key(name: "Tab") == .tab)
        #expect(Key(name: "x") == .character("x"))
        #expect(Key(name: "bogus") == nil)
        // Backspace, which the search line reads, can be replayed (it could not).
        #expect(Key(name: "backspace") == .backspace && Key(name: "bs") == .backspace)
    }

    /// `Key.names` is what --help and the unknown-name message list: each must be read back as a
    /// key of its own, and the names the README documents must be among them.
    @Test func theListedKeyNamesAreTheOnesTheParserReads() {
        let keys = Key.names.compactMap { Key(name: $0) }
        #expect(keys.count == Key.names.count, "every listed name is read")
        #expect(Set(keys).count == keys.count, "no two listed names for one key")
        #expect(Key.names.allSatisfy { $0.count > 1 }, "single characters are not listed one by one")
        for documented in ["left", "right", "up", "down", "tab", "home", "end", "pgup", "pgdn", "enter", "esc", "space", "backspace"] {
            #expect(Key.names.contains(documented))
        }
        // Other spellings are read as the key of a listed name.
        for (alias, name) in [("pageup", "pgup"), ("pagedown", "pgdn"), ("shift-tab", "backtab"), ("return", "enter"), ("escape", "esc")] {
            #expect(Key(name: alias) != nil && Key(name: alias) == Key(name: name))
            #expect(!Key.names.contains(alias))
        }
        #expect(Key(name: "G") == .character("G"), "a single character keeps its case")
        #expect(Key(name: "space") == .character(" ") && Key(name: "comma") == .character(","))
    }
}
