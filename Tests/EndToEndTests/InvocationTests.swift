import Testing
@testable import carousel

/// A bare `carousel` runs `Invocation()` without swift-argument-parser (see `CarouselCommand.main`):
/// that is only right while an empty command line parses to exactly those values.
@Suite struct InvocationTests {
    @Test func anEmptyCommandLineParsesToTheBareInvocation() throws {
        #expect(try CarouselCommand.parse([]).invocation == Invocation())
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
