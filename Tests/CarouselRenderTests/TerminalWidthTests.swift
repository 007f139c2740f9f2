import CarouselCanvas
import CarouselCore
@testable import CarouselRender
import Glibc
import Testing

/// The renderer counts widths itself; ncurses (and the terminal) count with the C library's wcwidth.
/// Where the two disagree, a line drawn on the terminal no longer matches `--render`.
@Suite(.serialized) struct TerminalWidthTests {
    /// wcwidth is hidden from Swift's Glibc module (it needs _XOPEN_SOURCE): look it up at run time.
    static let wcwidth: @convention(c) (wchar_t) -> Int32 = unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "wcwidth"), to: (@convention(c) (wchar_t) -> Int32).self)

    @Test func everyAssignedCharacterHasTheWidthTheCLibraryGivesIt() throws {
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        var mismatches: [String] = []
        for value in UInt32(0xA0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            if category == .unassigned || category == .privateUse || category == .surrogate { continue }
            // Characters the sanitiser never lets through (format characters are removed).
            if category == .format || category == .lineSeparator || category == .paragraphSeparator { continue }
            let theirs = Int(Self.wcwidth(wchar_t(bitPattern: value)))
            if theirs < 0 { continue }
            let ours = TerminalCluster.shown(Character(scalar)).reduce(0) { $0 + CharacterWidth.of($1) }
            if ours != theirs { mismatches.append("U+\(String(value, radix: 16, uppercase: true)) ours \(ours) libc \(theirs)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(40).joined(separator: ", "))")
    }

    /// Scripts whose clusters hold several spacing characters (Devanagari conjuncts and vowel
    /// signs, Thai, Tamil, Bengali): every letter is drawn, a cell each as the terminal lays them
    /// out, so a line takes the columns wcwidth gives its characters (the letters after a
    /// cluster's first were dropped: नमस्ते दुनिया showed as नमस्े दुनय, helper-46).
    @Test func everyLetterOfAJoiningScriptIsDrawnInTheColumnsTheTerminalGivesIt() throws {
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        // (And a drawing glyph before a spacing mark, which the width once counted as one cell
        // where two were drawn: the rest of its row was lost.)
        let lines = ["नमस्ते दुनिया हिन्दी", "क्षत्रिय श्रीमान् द्वार स्त्री। ऋषि कृष्ण", "น้ำ ทำงาน กำลัง ผู้ใหญ่", "தமிழ் বাংলা", "ಕನ್ನಡ ગુજરાતી",
                     "─ि─ि END"]
        for line in lines {
            var drawn = String.UnicodeScalarView()
            var columns = 0
            for c in line {
                for part in TerminalCluster.shown(c) {
                    #expect(!TerminalCluster.needsFallback(part), "\(part) is drawn as it is")
                    drawn.append(contentsOf: part.unicodeScalars)
                }
                columns += CharacterWidth.of(c)
            }
            #expect(String(drawn) == line, "every letter drawn: \(String(drawn))")
            let theirs = line.unicodeScalars.reduce(0) { $0 + Int(Self.wcwidth(wchar_t(bitPattern: $1.value))) }
            #expect(columns == theirs, "\(line): ours \(columns), libc \(theirs)")
        }
        // (Made at run time: the compiler's own grapheme rules are older than the library's and
        // read a conjunct as two characters.)
        func parts(_ cluster: String) -> [String] {
            #expect(cluster.count == 1, "\(cluster) is one character")
            return TerminalCluster.shown(cluster.first!).map { String($0) }
        }
        // A letter with three marks is kept composed, where that keeps them all (helper-96): `a`
        // and three accents is `á` and two; `o`, a horn, an acute and a dot below is `ợ` and the
        // acute; without a composed form, the first two.
        for (cluster, kept) in [("a\u{301}\u{302}\u{303}", ["\u{E1}", "\u{302}", "\u{303}"]), ("o\u{31B}\u{301}\u{323}", ["\u{1EE3}", "\u{301}"]),
                                ("x\u{301}\u{302}\u{303}", ["x", "\u{301}", "\u{302}"])] as [(String, [Unicode.Scalar])] {
            var canvas = Canvas(width: 4, height: 1)
            canvas.text(cluster, x: 0, y: 0)
            #expect(Array(canvas[0, 0].glyph.unicodeScalars) == kept, "\(cluster.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(canvas[1, 0].glyph == " ", "one cell")
        }
        #expect(parts("स्ते") == ["स्", "ते"])
        #expect(parts("हि") == ["ह", "ि"])
        #expect(parts("น้ำ") == ["น้", "ำ"])
        // A flag after a prepended mark (one cluster) is shown as its letters there too.
        #expect(parts("\u{0D4E}\u{1F1FA}\u{1F1F8}") == ["\u{0D4E}", "U", "S"])
        for part in TerminalCluster.shown("\u{0D4E}\u{1F1FA}\u{1F1F8}".first!) { #expect(!TerminalCluster.needsFallback(part)) }
    }
}

/// The fallback is applied exactly when needed, and what it gives is drawn as it is (no loop).
@Suite struct TerminalClusterTests {
    /// The short way (a character's scalar from its UTF-8 bytes) gives exactly what the scalar view
    /// gives, and only for a character of one scalar below U+10000.
    @Test func theScalarReadFromTheBytesIsTheCharactersOnlyScalar() {
        var characters: [Character] = ["\r\n", "e\u{301}", "ñ\u{301}", "👍🏽", "🇺🇸", "❤️", "a\u{20E3}", "\u{7F}", "\0"]
        for value in stride(from: UInt32(0), through: 0x10FFFF, by: 7) {
            if let scalar = Unicode.Scalar(value) { characters.append(Character(scalar)) }
        }
        for c in characters {
            let scalars = Array(c.unicodeScalars)
            let expected = scalars.count == 1 && scalars[0].value < 0x10000 ? scalars[0].value : nil
            #expect(TerminalCluster.bmpScalar(c) == expected, "\(scalars.map { String($0.value, radix: 16) })")
            let cell = Cell(c)
            var parts: [UInt32] = []
            cell.forEachScalar { parts.append($0) }
            // ("\r\n" is one ASCII character to Swift, and a cell keeps it as its newline.)
            #expect(parts == (c.asciiValue.map { [UInt32($0)] } ?? scalars.prefix(3).map(\.value)))
        }
    }

    /// Printable ASCII text takes a short way onto the canvas (a cell per byte); it lands as each
    /// character put one by one does: clipped, off the edges, and blanking the halves of wide
    /// glyphs it writes over.
    @Test func asciiTextLandsAsItsCharactersPutOneByOne() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.text("界中x界", x: 0, y: 0)
        canvas.text("ab", x: 1, y: 0)
        #expect(canvas.lines() == [" ab x界   "])
        for x in [-3, 0, 2, 5, 9] {
            for clip in [nil, CellRect(x: 1, y: 0, width: 6, height: 2), CellRect(x: 3, y: 1, width: 2, height: 1)] {
                var whole = Canvas(width: 10, height: 2)
                whole.text("界中x界", x: 0, y: 0)
                whole.text("界中x界", x: 1, y: 1)
                var single = whole
                let style = CellStyle(foreground: .rgb(RGB(1, 2, 3)), attributes: .bold)
                for y in 0..<2 {
                    let advanced = whole.text("ab c~", x: x, y: y, style: style, clip: clip)
                    var put = 0
                    for c in "ab c~" { put += single.put(c, x: x + put, y: y, style: style, clip: clip) }
                    #expect(advanced == put)
                }
                #expect(whole.cells == single.cells, "text at \(x) clipped to \(String(describing: clip))")
            }
        }
    }

    @Test func theFallbackIsAFixedPointAndNeededExactlyWhenItChangesSomething() {
        let clusters: [Character] = ["a", "é", "e\u{301}", "e\u{301}\u{302}", "e\u{301}\u{302}\u{303}", "中", "─", "🙂",
                                     "🇺🇸", "\u{1F1FA}", "👍🏽", "❤️", "1️⃣", "#\u{20E3}", "ｶ", "ü̈"]
            + ["स्ते", "हि", "น้ำ", "👍🏽\u{301}"].map { $0.first! }
        for c in clusters {
            let shown = Array(TerminalCluster.shown(c))
            #expect(TerminalCluster.needsFallback(c) == (shown != [c]), "\(c.unicodeScalars.map { String($0.value, radix: 16) })")
            for part in shown { #expect(!TerminalCluster.needsFallback(part), "\(part) is drawn as it is") }
        }
        #expect(Array(TerminalCluster.shown("🇺🇸")) == ["U", "S"])
        #expect(Array(TerminalCluster.shown("👍🏽")) == ["👍"])
        #expect(Array(TerminalCluster.shown("❤️")) == ["❤"])
    }
}
