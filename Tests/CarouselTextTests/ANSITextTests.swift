import CarouselText
import Testing
import CarouselTestSupport
import CarouselCanvas

@Suite struct ANSITextTests {
    let esc = "\u{1B}"

    @Test func lsColorLine() {
        // As `ls --color=always` prints a directory and an executable.
        let spans = ANSIText.spans(from: "\(esc)[0m\(esc)[01;34mSources\(esc)[0m  \(esc)[01;32mrun.sh\(esc)[0m")
        #expect(spans == [
            TextSpan("Sources", style: SpanStyle(bold: true, foreground: .indexed(4))),
            TextSpan("  "),
            TextSpan("run.sh", style: SpanStyle(bold: true, foreground: .indexed(2))),
        ])
    }

    @Test func gitLogLine() {
        // As `git log --color --decorate` prints a commit line.
        let line = "\(esc)[33mcommit 3f2a1b\(esc)[m\(esc)[33m (\(esc)[m\(esc)[1;36mHEAD -> \(esc)[m\(esc)[1;32mmain\(esc)[m\(esc)[33m)\(esc)[m"
        let spans = ANSIText.spans(from: line)
        #expect(spans.plainText == "commit 3f2a1b (HEAD -> main)")
        #expect(spans == [
            TextSpan("commit 3f2a1b (", style: SpanStyle(foreground: .indexed(3))),
            TextSpan("HEAD -> ", style: SpanStyle(bold: true, foreground: .indexed(6))),
            TextSpan("main", style: SpanStyle(bold: true, foreground: .indexed(2))),
            TextSpan(")", style: SpanStyle(foreground: .indexed(3))),
        ])
    }

    @Test func extendedColours() {
        let spans = ANSIText.spans(from: "\(esc)[38;5;208ma\(esc)[48;2;10;20;30mb\(esc)[39;49mc\(esc)[38:2::1:2:3md\(esc)[38:2:4:5:6;48:5:17me\(esc)[95;104mf")
        #expect(spans == [
            TextSpan("a", style: SpanStyle(foreground: .indexed(208))),
            TextSpan("b", style: SpanStyle(foreground: .indexed(208), background: .rgb(10, 20, 30))),
            TextSpan("c"),
            TextSpan("d", style: SpanStyle(foreground: .rgb(1, 2, 3))),
            TextSpan("e", style: SpanStyle(foreground: .rgb(4, 5, 6), background: .indexed(17))),
            TextSpan("f", style: SpanStyle(foreground: .indexed(13), background: .indexed(12))),
        ])
    }

    @Test func attributesAndTheirOffCodes() {
        let spans = ANSIText.spans(from: "\(esc)[1;2;3;4;7;9ma\(esc)[22mb\(esc)[23;24mc\(esc)[27;29md\(esc)[4:3me\(esc)[4:0mf")
        #expect(spans == [
            TextSpan("a", style: SpanStyle(bold: true, italic: true, underline: true, dim: true, reverse: true, strikethrough: true)),
            TextSpan("b", style: SpanStyle(italic: true, underline: true, reverse: true, strikethrough: true)),
            TextSpan("c", style: SpanStyle(reverse: true, strikethrough: true)),
            TextSpan("d"),
            TextSpan("e", style: SpanStyle(underline: true)),
            TextSpan("f"),
        ])
    }

    @Test func invalidColoursAreIgnoredAndTheRestStillApplies() {
        let spans = ANSIText.spans(from: "\(esc)[38;5;300;1mx\(esc)[0;38;2;1;2mY")
        #expect(spans == [TextSpan("x", style: SpanStyle(bold: true)), TextSpan("Y")])
    }

    @Test func hostileSequencesLeaveNothingBehind() {
        let cases: [(String, String)] = [
            ("\(esc)]52;c;SGVsbG8=\u{7}visible", "visible"),  // OSC 52 clipboard write, BEL-terminated
            ("\(esc)]0;title\(esc)\\ok", "ok"),  // OSC with ST
            ("\(esc)]8;;https://x\(esc)\\link\(esc)]8;;\(esc)\\", "link"),  // hyperlink
            ("\(esc)[2J\(esc)[H\(esc)[10;20Hx\(esc)[?1049h\(esc)[3A", "x"),  // clear, cursor moves, alt screen
            ("\(esc)cafter reset", "after reset"),  // RIS
            ("\(esc)(Bcharset\(esc)#8", "charset"),
            ("\u{9B}2Jc1\u{9D}0;t\u{9C}!", "c1!"),  // 8-bit CSI and OSC
            ("\(esc)P1$r0m\(esc)\\dcs", "dcs"),  // DCS
            ("\(esc)_apc\(esc)\\\(esc)^pm\(esc)\\\(esc)Xsos\(esc)\\z", "z"),
            ("a\u{0}b\u{7}c\u{8}d\re\u{7F}f\u{85}g\n", "abcdefg"),  // C0, DEL, C1
            ("tab\there", "tab\there"),
            ("lone \(esc)", "lone "),
            ("\(esc)é", "é"),  // ESC before non-ASCII text: the ESC goes, the text stays
            ("\(esc)[31\u{18}cancelled", "cancelled"),  // CAN aborts the sequence
            ("\(esc)]52;c;unterminated", ""),
            ("\(esc)[>4;2mkeys", "keys"),  // private: not SGR
        ]
        for (input, expected) in cases {
            let spans = ANSIText.spans(from: input)
            #expect(spans.plainText == expected, "input \(input.debugDescription)")
        }
        // The 8-bit CSI is a CSI: its SGR applies.
        #expect(ANSIText.spans(from: "\u{9B}31mred") == [TextSpan("red", style: SpanStyle(foreground: .indexed(1)))])
        // A private-mode "m" changes no style.
        #expect(ANSIText.spans(from: "\(esc)[>4;2mkeys") == [TextSpan("keys")])
    }

    func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09) || (0x7F...0x9F).contains(v)
    }

    /// Random mixes of text, well-formed sequences and stray controls: no control character but
    /// tab gets through, and with no stray controls the text is exactly the text pieces.
    @Test func noControlCharacterSurvives() {
        var generator = SeededGenerator(seed: 0xA451)
        func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &generator) }
        let texts = ["plain", " ", "日本", "e\u{301}", "😀", "a;b[c]m", "\t", "1;31m", "\\", "ok?"]
        for n in 0..<1000 {
            var input = ""
            var expected = ""
            let stray = n % 2 == 0
            for _ in 0..<int(0...12) {
                switch int(0...9) {
                case 0...3:
                    let text = texts[int(0...texts.count - 1)]
                    input += text
                    expected += text
                case 4: input += "\u{1B}[" + (0..<int(0...4)).map { _ in String(int(0...300)) }.joined(separator: ";") + "m"
                case 5: input += "\u{1B}[" + String(int(0...99)) + String(Character(Unicode.Scalar(UInt8(int(0x40...0x7E)))))
                case 6: input += (int(0...1) == 0 ? "\u{1B}]" : "\u{9D}") + "52;c;" + texts[int(0...4)] + (int(0...1) == 0 ? "\u{7}" : "\u{1B}\\")
                case 7: input += "\u{1B}" + String(Character(Unicode.Scalar(UInt8(int(0x60...0x7E)))))
                case 8: input += "\u{9B}" + String(int(0...9)) + "J"
                default:
                    if stray { input += String(Character(Unicode.Scalar(UInt8(int(0...0x1F))))) }
                    if stray && int(0...3) == 0 { input += String(Character(Unicode.Scalar(UInt32(int(0x7F...0x9F)))!)) }
                }
            }
            let spans = ANSIText.spans(from: input)
            for span in spans {
                #expect(!span.text.unicodeScalars.contains(where: isControl), "input \(input.debugDescription)")
                #expect(!span.text.isEmpty)
            }
            if !stray { #expect(spans.plainText == expected, "input \(input.debugDescription)") }
        }
    }

    /// Rows of spaces that show (ANSI art's bars of colour) are not blank lines: not emptied of
    /// their colour, not dropped from a card's top as its leading blank lines are.
    @Test func rowsOfColouredSpacesAreNotBlankLines() {
        let document = TextDocument(ansiText: "\n  \n\(esc)[41m          \(esc)[0m\n\(esc)[7m    \(esc)[0m\nhello").trimmingLeadingBlankLines
        #expect(document.blocks == [
            .paragraph([TextSpan("          ", style: SpanStyle(background: .indexed(1)))]),
            .paragraph([TextSpan("    ", style: SpanStyle(reverse: true))]),
            .paragraph([TextSpan("hello")]),
        ])
    }

    @Test func stylesRunOnAcrossLines() {
        let document = TextDocument(ansiText: "\(esc)[32mgreen\nstill green\(esc)[0m\nplain")
        #expect(document.blocks == [
            .paragraph([TextSpan("green", style: SpanStyle(foreground: .indexed(2)))]),
            .paragraph([TextSpan("still green", style: SpanStyle(foreground: .indexed(2)))]),
            .paragraph([TextSpan("plain")]),
        ])
    }
}
