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
}
