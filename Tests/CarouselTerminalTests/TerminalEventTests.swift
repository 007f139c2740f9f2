import CarouselCore
import CNCursesShim
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

    /// A terminal's string (an OSC reply to a colour query, a DCS or APC one) is dropped whole, to
    /// its BEL or ST, what follows it kept (helper-97: `ESC ]11;rgb:1e1e/1e1e/1e1e ESC \\` moved the
    /// strip and opened a search that took the `q` after it).
    @Test func aTerminalsStringRepliesAreDroppedWhole() {
        for reply in ["\u{1B}]11;rgb:1e1e/1e1e/1e1e\u{1B}\\", "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}", "\u{1B}P1$r0m\u{1B}\\",
                      "\u{1B}_Gi=31;OK\u{1B}\\"] {
            var events = [TerminalEvent.key(.right)] + Self.keys(reply) + [.key(.character("q"))]
            TerminalEvent.dropUnknownSequences(&events)
            #expect(events == [.key(.right), .key(.character("q"))], "\(reply.debugDescription): \(events)")
        }
        // A reply cut by a read: its rest, in the next, is dropped too (helper-100: `/0000/0000`).
        var open = false
        var first = [TerminalEvent.key(.right)] + Self.keys("\u{1B}]11;rg")
        TerminalEvent.dropUnknownSequences(&first, inString: &open)
        #expect(first == [.key(.right)] && open)
        var second = Self.keys("b:0000/0000/0000\u{1B}\\") + [.key(.character("q"))]
        TerminalEvent.dropUnknownSequences(&second, inString: &open)
        #expect(second == [.key(.character("q"))] && !open)
        // Only what looks like a reply begins one (review: Esc then `P` typed quickly swallowed the
        // rest of the read), and only keys go with it.
        var alt = Self.keys("\u{1B}Pab")
        TerminalEvent.dropUnknownSequences(&alt)
        #expect(alt == Self.keys("ab"), "Alt+P is dropped alone, as any Alt+key")
        var click = Self.keys("\u{1B}]11;rgb") + [.resize(width: 80, height: 24)] + Self.keys("q")
        TerminalEvent.dropUnknownSequences(&click)
        #expect(click == [.resize(width: 80, height: 24)] + Self.keys("q"))
        // BEL as the shim decodes it (a byte 7 was dropped before this reached it), and one alone.
        #expect(TerminalEvent.decode(cs_event(kind: Int32(CS_EVENT_CHAR), key: 0, ch: 7, mouse: 0, x: 0, y: 0)) == .key(.character("\u{07}")))
        var bell: [TerminalEvent] = [.key(.character("\u{07}")), .key(.character("a"))]
        TerminalEvent.dropUnknownSequences(&bell)
        #expect(bell == [.key(.character("a"))])
    }

    /// Keys as the shim reads them: each character of `text` a key (ESC the Esc key).
    static func keys(_ text: String) -> [TerminalEvent] {
        text.map { c -> TerminalEvent in
            switch c {
            case "\u{1B}": .key(.escape)
            case "\n": .key(.enter)
            case "\t": .key(.tab)
            default: .key(.character(c))
            }
        }
    }

    /// What comes between the paste brackets is one paste, never keys; what comes around it stays.
    @Test func aBracketedPasteIsTextNotKeys() {
        var events = [TerminalEvent.key(.right)] + Self.keys("\u{1B}[200~git log\t-1\nq\u{1B}[201~") + [.key(.character("q"))]
        var open: [Character]?
        var carry: [TerminalEvent] = []
        TerminalEvent.gatherPastes(&events, open: &open, carry: &carry)
        #expect(events == [.key(.right), .paste("git log\t-1\nq"), .key(.character("q"))])
        #expect(open == nil && carry.isEmpty)
        // Keys with an unknown sequence and no paste are left as they were (for dropUnknownSequences);
        // so is an Esc that ends a read.
        var plain = Self.keys("\u{1B}[1;5Fl\u{1B}")
        TerminalEvent.gatherPastes(&plain, open: &open, carry: &carry)
        #expect(plain == Self.keys("\u{1B}[1;5Fl\u{1B}") && carry.isEmpty)
        // A pasted Ctrl-Z is no suspend.
        var suspend = Self.keys("\u{1B}[200~a") + [.suspend] + Self.keys("b\u{1B}[201~")
        TerminalEvent.gatherPastes(&suspend, open: &open, carry: &carry)
        #expect(suspend == [.paste("ab")])
    }

    /// A paste read over two wake-ups (a long one) is one paste, once its end comes; a wake-up or a
    /// resize that comes in the middle is kept.
    @Test func aPasteOverTwoReadsIsOnePaste() {
        var open: [Character]?
        var carry: [TerminalEvent] = []
        var first = Self.keys("\u{1B}[200~one ") + [.wake]
        TerminalEvent.gatherPastes(&first, open: &open, carry: &carry)
        #expect(first == [.wake] && open == Array("one "))
        var second = Self.keys("two\u{1B}[201~j")
        TerminalEvent.gatherPastes(&second, open: &open, carry: &carry)
        #expect(second == [.paste("one two"), .key(.character("j"))])
        #expect(open == nil)
        // Brackets a read cuts in two (helper-13: the end, split so, never closed the paste; the
        // start, split so, let the paste act as keys).
        for cut in 1...5 {
            let whole = Self.keys("\u{1B}[200~ab\u{1B}[201~q")
            for at in [cut, 8 + cut] {
                var a = Array(whole[..<at]), b = Array(whole[at...])
                var open: [Character]?
                var carry: [TerminalEvent] = []
                TerminalEvent.gatherPastes(&a, open: &open, carry: &carry)
                TerminalEvent.gatherPastes(&b, open: &open, carry: &carry)
                // (Cut right after its Esc, a start is not known for one: that Esc is the Esc key.)
                #expect(a + b == (at == 1 ? whole : [.paste("ab"), .key(.character("q"))]), "cut after \(at): \(a) \(b)")
                #expect(open == nil && carry.isEmpty, "cut after \(at)")
            }
        }
        // One whose end never comes: Ctrl-C typed into it (a read of its own) drops it and still quits.
        var stray = Self.keys("\u{1B}[200~abc")
        TerminalEvent.gatherPastes(&stray, open: &open, carry: &carry)
        #expect(stray.isEmpty && open == ["a", "b", "c"])
        var typed: [TerminalEvent] = [.key(.controlC)]
        TerminalEvent.gatherPastes(&typed, open: &open, carry: &carry)
        #expect(typed == [.key(.controlC)] && open == nil)
        // A Ctrl-C byte that comes with the text of a paste in two pieces is the text's (helper-88:
        // two writes 30 ms apart quit the program).
        var head = Self.keys("\u{1B}[200~ab") + [.key(.controlC)] + Self.keys("cd")
        var tail = Self.keys("ef\u{1B}[201~q")
        TerminalEvent.gatherPastes(&head, open: &open, carry: &carry)
        TerminalEvent.gatherPastes(&tail, open: &open, carry: &carry)
        #expect(head.isEmpty && tail == [.paste("abcdef"), .key(.character("q"))] && open == nil, "\(head) \(tail)")
        // A Ctrl-C byte in a paste whose end comes with it is the text's, not the key (helper-86:
        // a pasted 0x03 quit the program).
        var pasted = Self.keys("\u{1B}[200~ab") + [.key(.controlC)] + Self.keys("cd\u{1B}[201~")
        TerminalEvent.gatherPastes(&pasted, open: &open, carry: &carry)
        #expect(pasted == [.paste("abcd")] && open == nil)
    }

    /// SGR mouse reports (asked for where ncurses reads only X10 ones, which cannot name a column
    /// past 223) become mouse events: the left button's press, release and drag and the wheel,
    /// whatever the modifiers; other buttons and bare motion are left out; what is not a report
    /// stays as it came.
    @Test func sgrMouseReportsAreMouseEvents() {
        var events = Self.keys("\u{1B}[<0;240;5M\u{1B}[<0;240;5m\u{1B}[<32;241;6M\u{1B}[<64;1;1M\u{1B}[<65;2;2M\u{1B}[<16;3;3M")
            + Self.keys("\u{1B}[<2;9;9M\u{1B}[<35;9;9M") + [.key(.right)]
        var carry: [TerminalEvent] = []
        TerminalEvent.gatherMouseReports(&events, carry: &carry)
        #expect(events == [
            .mouse(MouseEvent(kind: .press, x: 239, y: 4)), .mouse(MouseEvent(kind: .release, x: 239, y: 4)),
            .mouse(MouseEvent(kind: .drag, x: 240, y: 5)), .mouse(MouseEvent(kind: .wheelUp, x: 0, y: 0)),
            .mouse(MouseEvent(kind: .wheelDown, x: 1, y: 1)), .mouse(MouseEvent(kind: .press, x: 2, y: 2)), .key(.right),
        ])
        var other = Self.keys("\u{1B}[<1;2x\u{1B}[<") + [.key(.left)]
        let before = other
        TerminalEvent.gatherMouseReports(&other, carry: &carry)
        #expect(other == before, "not reports: left for the next pass")
        #expect(carry.isEmpty)
    }

    /// X10 reports that reach the program as keys (an entry that names no mouse, `TERM=vt220` in
    /// an xterm) are mouse events too, never keys: helper-53's click at column 81 (`q`) quit, one
    /// at column 74 (a space for the button) zoomed. Another button's, or one cut short, is dropped.
    @Test func x10MouseReportsAreMouseEventsNotKeys() {
        // Left press at column 81, row 3; its release (button 3); the wheel down at 1,1; a drag.
        var events = Self.keys("\u{1B}[M q#\u{1B}[M#q#\u{1B}[Ma!!\u{1B}[M@r$") + [.key(.right)]
        var carry: [TerminalEvent] = []
        TerminalEvent.gatherMouseReports(&events, carry: &carry)
        #expect(events == [
            .mouse(MouseEvent(kind: .press, x: 80, y: 2)), .mouse(MouseEvent(kind: .release, x: 80, y: 2)),
            .mouse(MouseEvent(kind: .wheelDown, x: 0, y: 0)), .mouse(MouseEvent(kind: .drag, x: 81, y: 3)), .key(.right),
        ])
        var right = Self.keys("\u{1B}[M\"q#\u{1B}[M q") + [.key(.left)]
        TerminalEvent.gatherMouseReports(&right, carry: &carry)
        #expect(right == [.key(.left)], "the right button's press and a report cut short: no key of theirs")
        // Cut short at once, by a key (review: it trapped, for every terminal), or by the read's
        // end: kept for the next read, which here brings nothing of it.
        for after in [[], [TerminalEvent.key(.up)]] {
            var bare = Self.keys("\u{1B}[M") + after
            TerminalEvent.gatherMouseReports(&bare, carry: &carry)
            #expect(bare == after)
            #expect(carry == (after.isEmpty ? Self.keys("\u{1B}[M") : []))
            var next: [TerminalEvent] = [.key(.down)]
            TerminalEvent.gatherMouseReports(&next, carry: &carry)
            #expect(next == [.key(.down)] && carry.isEmpty)
        }
        // A byte that is no character of one scalar (a far column in a UTF-8 locale): dropped
        // with its report, not read as a key.
        var far = Self.keys("\u{1B}[M ") + [.key(.character("é\u{301}")), .key(.character("#")), .key(.character("q"))]
        TerminalEvent.gatherMouseReports(&far, carry: &carry)
        #expect(far == [.key(.character("q"))])
    }

    /// A report a read cuts in two, wherever (over ssh a read may end anywhere), is one mouse
    /// event once the rest comes: its tail was typed keys, and a wheel turn's `16;5M` jumped to
    /// card 16 (helper-79). Keys before and after it stay keys.
    @Test func aMouseReportCutByTheReadIsReadWhole() {
        let wholes: [(String, MouseEvent)] = [
            ("\u{1B}[<65;16;5M", MouseEvent(kind: .wheelDown, x: 15, y: 4)),
            ("\u{1B}[<0;240;12m", MouseEvent(kind: .release, x: 239, y: 11)),
            ("\u{1B}[M q#", MouseEvent(kind: .press, x: 80, y: 2)),
        ]
        for (text, event) in wholes {
            let whole = [TerminalEvent.key(.left)] + Self.keys(text) + [.key(.character("j"))]
            // (Cut right after its Esc or its `[`, ncurses waits for the rest itself: a known key may follow.)
            for at in 4..<whole.count {
                var a = Array(whole[..<at]), b = Array(whole[at...])
                var carry: [TerminalEvent] = []
                TerminalEvent.gatherMouseReports(&a, carry: &carry)
                TerminalEvent.gatherMouseReports(&b, carry: &carry)
                #expect(a + b == [.key(.left), .mouse(event), .key(.character("j"))], "\(text) cut after \(at): \(a) \(b)")
                #expect(carry.isEmpty)
            }
        }
        // A resize read between the halves (the terminal layer puts it ahead of the keys) comes
        // first, and the report is still one event (its tail was typed; review).
        var carry: [TerminalEvent] = []
        var first = Self.keys("\u{1B}[<65;1")
        TerminalEvent.gatherMouseReports(&first, carry: &carry)
        var second = [TerminalEvent.resize(width: 80, height: 24)] + Self.keys("6;5M")
        TerminalEvent.gatherMouseReports(&second, carry: &carry)
        #expect(first + second == [.resize(width: 80, height: 24), .mouse(MouseEvent(kind: .wheelDown, x: 15, y: 4))], "\(second)")
    }
}
