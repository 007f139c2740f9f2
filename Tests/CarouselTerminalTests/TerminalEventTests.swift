import CarouselCore
@testable import CarouselTerminal
import Testing

@Suite struct TerminalEventTests {
    @Test func aLoneEscapeIsTheEscapeKey() {
        var events: [TerminalEvent] = [.key(.escape)]
        TerminalEvent.dropUnknownSequences(&events)
        #expect(events == [.key(.escape)])
    }

    @Test func unknownSequencesAndAltKeysAreDropped() {
        var csi: [TerminalEvent] = [.key(.right), .key(.escape), .key(.character("[")), .key(.character("1")), .key(.character(";")),
                                    .key(.character("5")), .key(.character("F")), .key(.character("l"))]
        TerminalEvent.dropUnknownSequences(&csi)
        #expect(csi == [.key(.right), .key(.character("l"))], "an unknown CSI sequence (Ctrl-End) vanishes; what follows stays")
        var ss3: [TerminalEvent] = [.key(.escape), .key(.character("O")), .key(.character("P")), .key(.tab)]
        TerminalEvent.dropUnknownSequences(&ss3)
        #expect(ss3 == [.key(.tab)])
        var alt: [TerminalEvent] = [.key(.escape), .key(.character("q"))]
        TerminalEvent.dropUnknownSequences(&alt)
        #expect(alt.isEmpty, "Alt+q neither quits nor types q")
    }
}
