import CarouselCore
import Testing

@Suite struct KeymapTests {
    let state = CarouselState(count: 10)

    @Test func arrowsAndViKeysMove() {
        #expect(Keymap.action(for: .left, in: state) == .move(-1))
        #expect(Keymap.action(for: .character("h"), in: state) == .move(-1))
        #expect(Keymap.action(for: .right, in: state) == .move(1))
        #expect(Keymap.action(for: .character("l"), in: state) == .move(1))
    }

    @Test func quitKeys() {
        for key in [Key.character("q"), .escape, .controlC] {
            #expect(Keymap.action(for: key, in: state) == .quit)
        }
    }

    @Test func otherKeys() {
        #expect(Keymap.action(for: .tab, in: state) == .toggleMode)
        #expect(Keymap.action(for: .home, in: state) == .first)
        #expect(Keymap.action(for: .end, in: state) == .last)
        #expect(Keymap.action(for: .pageDown, in: state) == .page(1))
        #expect(Keymap.action(for: .character("7"), in: state, at: 2) == .digit(7, at: 2))
        #expect(Keymap.action(for: .character("o"), in: state) == .toggleLoop)
        #expect(Keymap.action(for: .character("?"), in: state) == .toggleHelp)
        #expect(Keymap.action(for: .character("Z"), in: state) == nil)
    }

    @Test func keyNamesForTheCommandLine() {
        #expect(Key(name: "pgdn") == .pageDown)
        #expect(Key(name: "esc") == .escape)
        #expect(Key(name: "Tab") == .tab)
        #expect(Key(name: "x") == .character("x"))
        #expect(Key(name: "bogus") == nil)
    }

    /// `Key.names` is what --help and the unknown-name message list: each must be read back as a
    /// key of its own, and the names the README documents must be among them.
    @Test func theListedKeyNamesAreTheOnesTheParserReads() {
        let keys = Key.names.compactMap { Key(name: $0) }
        #expect(keys.count == Key.names.count, "every listed name is read")
        #expect(Set(keys).count == keys.count, "no two listed names for one key")
        #expect(Key.names.allSatisfy { $0.count > 1 }, "single characters are not listed one by one")
        for documented in ["left", "right", "up", "down", "tab", "home", "end", "pgup", "pgdn", "enter", "esc", "space"] {
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

    /// The named quit keys quit as q does (--render then ignores the keys after them).
    @Test func namedQuitKeysQuit() {
        #expect(Key(name: "esc").flatMap { Keymap.action(for: $0, in: state) } == .quit)
        #expect(Key(name: "ctrl-c").flatMap { Keymap.action(for: $0, in: state) } == .quit)
        #expect(Key(name: "backtab").flatMap { Keymap.action(for: $0, in: state) } == .toggleMode)
    }
}
