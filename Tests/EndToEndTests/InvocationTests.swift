import Testing
@testable import carousel

/// A bare `carousel`, or one given paths alone, runs without swift-argument-parser (see
/// `CarouselCommand.main`): that is only right while such a command line parses to exactly the
/// values `pathsOnly` gives.
@Suite struct InvocationTests {
    @Test func anEmptyCommandLineParsesToTheBareInvocation() throws {
        #expect(try CarouselCommand.parse([]).invocation == Invocation())
        #expect(CarouselCommand.pathsOnly([]) == Invocation())
    }

    @Test(arguments: [
        ["notes"], ["notes/", "talk.md", "photos"], ["help"], ["version"], ["a b", "ünïcödé/ノート", "x=y", "+plus", "a-b", "a--b"],
        ["deck.json", "notes/deck.json"], [".", "..", "/"],
    ])
    func pathsAloneParseToWhatTheShortcutGives(arguments: [String]) throws {
        let shortcut = try #require(CarouselCommand.pathsOnly(arguments[...]))
        #expect(try CarouselCommand.parse(arguments).invocation == shortcut)
        #expect(shortcut.paths == arguments)
    }

    @Test(arguments: [["-"], ["--"], ["notes", "--ring"], ["--help"], ["-h"], ["notes", ""], ["--style", "ring", "notes"], ["notes", "-v"]])
    func anythingElseGoesThroughTheParser(arguments: [String]) {
        #expect(CarouselCommand.pathsOnly(arguments[...]) == nil)
    }

    @Test func parsedOptionsReachTheInvocation() throws {
        let parsed = try CarouselCommand.parse(["--style", "Ring", "--mode", "scaled", "--no-loop", "--fps", "30", "--lines", "notes"]).invocation
        var expected = Invocation()
        expected.style = .ring
        expected.mode = .scaled
        expected.loop = false
        expected.fps = 30
        expected.lines = true
        expected.paths = ["notes"]
        #expect(parsed == expected)
        #expect(parsed != Invocation())
    }
}
