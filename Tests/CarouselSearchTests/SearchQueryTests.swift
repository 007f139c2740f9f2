@testable import CarouselSearch
import CarouselTestSupport
import Testing

/// Smart case, folding beyond ASCII, and the match offsets the app highlights.
@Suite struct SearchQueryTests {
    /// The symbols a screen is full of (frames, shadows, dots, "…") are searched as they are,
    /// without the String made for other characters: each is one that folding and composition
    /// leave alone, and a row of them with a match among them is marked where it was.
    @Test func frameSymbolsAreSearchedAsTheyAre() {
        let symbols = (0x2000...0x27FF).compactMap(Unicode.Scalar.init).map(Character.init).filter { SearchQuery.plainSymbol($0) != nil }
        #expect(symbols.count == 258)
        for c in symbols {
            #expect(SearchQuery.searchForm(String(c), folded: true) == String(c) && SearchQuery.searchForm(String(c), folded: false) == String(c),
                    "U+\(String(c.unicodeScalars.first!.value, radix: 16))")
        }
        #expect(SearchQuery.plainSymbol("a") == nil && SearchQuery.plainSymbol("Ω") == nil && SearchQuery.plainSymbol("\u{2126}") == nil)
        let row = Array("╭──╮│ Box… ░░ box•│")
        #expect(SearchQuery("box").matchOffsets(in: row) == [6..<9, 14..<17])
        #expect(SearchQuery("…").matchOffsets(in: row) == [9..<10])
        #expect(SearchQuery("│ b").matchOffsets(in: row) == [4..<7])
    }

    @Test func smartCaseIsInsensitiveUntilACapitalIsTyped() {
        let lower = SearchQuery("needle")
        #expect(!lower.isCaseSensitive)
        #expect(lower.matches("a NEEDLE in a haystack"))
        #expect(lower.matches("Needle"))

        let capital = SearchQuery("Needle")
        #expect(capital.isCaseSensitive)
        #expect(capital.matches("a Needle"))
        #expect(!capital.matches("a needle"))
        #expect(!capital.matches("a NEEDLE"))

        #expect(!SearchQuery("12:30 -rw").isCaseSensitive)
        #expect(SearchQuery("needle", caseSensitive: true).matches("needle"))
        #expect(!SearchQuery("needle", caseSensitive: true).matches("NEEDLE"))
    }

    @Test func foldsAccentedCapitals() {
        #expect(SearchQuery("école").matches("L'ÉCOLE DES FEMMES"))
        #expect(SearchQuery("über").matches("ÜBER ALLES"))
        #expect(SearchQuery("straße").matches("Hauptstraße 5"))
        // A capital with an accent makes the query case-sensitive, as an ASCII capital does.
        #expect(SearchQuery("École").isCaseSensitive)
        #expect(SearchQuery("École").matches("L'École"))
        #expect(!SearchQuery("École").matches("l'école"))
        #expect(!SearchQuery("Über").matches("ÜBER"))
    }

    /// An accented letter is found however it is written: one precomposed character, or the letter
    /// and a combining accent (as some editors, file names on macOS and copied text have it).
    @Test func accentsMatchWrittenEitherWay() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(SearchQuery(composed).matches("un \(decomposed) noir"))
        #expect(SearchQuery(decomposed).matches("un \(composed) noir"))
        #expect(SearchQuery("CAF\u{C9}").matches("CAFE\u{301}"), "case-sensitive too")
        #expect(!SearchQuery("CAF\u{C9}").matches("cafe\u{301}"))
        #expect(SearchQuery(composed).matchOffsets(in: Array("un \(decomposed) noir")) == [3..<7])
        #expect(SearchQuery(decomposed).matchOffsets(in: Array("un \(composed) noir")) == [3..<7])
        #expect(!SearchQuery("cafE").matches("un \(decomposed)"), "with a capital, an accented letter is not its base letter")
        #expect(!SearchQuery("CAFE").matches("CAF\u{C9}"))
    }

    /// A plain query in lower case ignores accents as it ignores case (helper-18: `helene` did
    /// not find Hélène, `strasse` Straße, `creme` crème); one with an accent or a capital matches
    /// them as typed. The marks found cover the accented letters whole.
    @Test func aPlainQueryIgnoresAccents() {
        #expect(SearchQuery("cafe").matches("un caf\u{E9}") && SearchQuery("cafe").matches("un cafe\u{301}"))
        #expect(SearchQuery("helene").matches("Chez H\u{E9}l\u{E8}ne"))
        #expect(SearchQuery("strasse").matches("Stra\u{DF}e 5") && SearchQuery("strasse").matches("STRA\u{1E9E}E"))
        #expect(SearchQuery("creme brulee").matches("Cr\u{E8}me br\u{FB}l\u{E9}e"))
        #expect(SearchQuery("lodz").matches("\u{141}\u{F3}d\u{17A}") && SearchQuery("oeuvre").matches("\u{153}uvre"))
        #expect(SearchQuery("viet").matches("Vi\u{1EC7}t Nam"), "Vietnamese letters with two marks")
        #expect(SearchQuery("ae").matches("\u{C6}sop") && SearchQuery("o").matches("\u{F8}l"))
        #expect(!SearchQuery("h\u{E9}l\u{E8}ne").matches("Helene"), "an accent typed must be there")
        #expect(!SearchQuery("Helene").matches("H\u{E9}l\u{E8}ne"), "a capital typed keeps accents too")
        #expect(!SearchQuery("tokyo").matches("\u{6771}\u{4EAC}") && SearchQuery("\u{6771}").matches("\u{6771}\u{4EAC}"))
        #expect(SearchQuery("helene").matchOffsets(in: Array("H\u{E9}l\u{E8}ne!")) == [0..<6])
        #expect(SearchQuery("cafe").matchOffsets(in: Array("un cafe\u{301}!")) == [3..<7])
        #expect(SearchQuery("strasse").matchOffsets(in: Array("Stra\u{DF}e")) == [0..<6], "ß is two letters, one character")
        #expect(SearchQuery("ss").matchOffsets(in: Array("Stra\u{DF}e")) == [4..<5])
    }

    /// `ß` typed finds the `SS` it is written as in capitals, and `ss` (helper-96: `/straße` found
    /// only `STRAẞE`); full-width letters and digits (as a Japanese or Chinese input method types
    /// them) find their ASCII forms and the other way round (`/１２３` did not find `123`).
    @Test func sharpSAndFullWidthFormsFindTheirOtherSpellings() {
        #expect(SearchQuery("stra\u{DF}e").matches("HAUPTSTRASSE 5") && SearchQuery("stra\u{DF}e").matches("Strasse"))
        #expect(SearchQuery("stra\u{DF}e").matches("GRO\u{1E9E}E STRA\u{1E9E}E") && SearchQuery("gro\u{DF}e").matches("GROSSE FREUDE"))
        #expect(SearchQuery("stra\u{DF}e").matchOffsets(in: Array("in der HAUPTSTRASSE")) == [12..<19])
        #expect(SearchQuery("stra\u{DF}e").matchOffsets(in: Array("Stra\u{DF}e!")) == [0..<6])
        #expect(SearchQuery("123").matches("\u{4EF7}\u{683C}\u{FF1A}\u{FF11}\u{FF12}\u{FF13}\u{5143}"))
        #expect(SearchQuery("\u{FF11}\u{FF12}\u{FF13}").matches("price 123"))
        #expect(SearchQuery("\u{FF4C}\u{FF49}\u{FF4E}\u{FF55}\u{FF58}").matches("Linux"), "ｌｉｎｕｘ, any case")
        #expect(SearchQuery("\u{FF35}\u{FF34}\u{FF26}").matches("UTF-8") && !SearchQuery("\u{FF35}\u{FF34}\u{FF26}").matches("utf-8"), "ＵＴＦ keeps its case")
        #expect(SearchQuery("123").matchOffsets(in: Array("\u{FF1A}\u{FF11}\u{FF12}\u{FF13}")) == [1..<4])
        #expect(SearchQuery("linux").matchOffsets(in: Array("\u{FF2C}\u{FF49}\u{FF4E}\u{FF55}\u{FF58}!")) == [0..<5])
    }

    /// Vietnamese typed without its marks finds the horned letters (ư, ơ) too; Pinyin's tones
    /// and Romanian's commas fold as well. Greek, Cyrillic, Hebrew and Arabic typed without their
    /// accents or points find the words written with them (helper-59: `nguoi`, `еще`, `καλημερα`
    /// and an unpointed Hebrew word found nothing); written with one, as typed. Where a script's
    /// marks are its letters' own (Thai, Devanagari), a query still matches them as typed.
    @Test func aQueryWithoutMarksIgnoresThemInOtherScriptsToo() {
        #expect(SearchQuery("nguoi").matches("Ng\u{1B0}\u{1EDD}i Vi\u{1EC7}t") && SearchQuery("nguoi").matches("ng\u{1B0}\u{1A1}i"))
        #expect(SearchQuery("duong").matches("\u{111}\u{1B0}\u{1EDD}ng") && SearchQuery("u").matchOffsets(in: Array("\u{1B0}")) == [0..<1])
        #expect(SearchQuery("lu").matches("l\u{1DC}") && SearchQuery("bucuresti").matches("Bucure\u{219}ti"))
        #expect(SearchQuery("\u{435}\u{449}\u{435}").matches("\u{435}\u{449}\u{451}"), "еще finds ещё")
        #expect(SearchQuery("\u{3BA}\u{3B1}\u{3BB}\u{3B7}\u{3BC}\u{3B5}\u{3C1}\u{3B1}").matches("\u{39A}\u{3B1}\u{3BB}\u{3B7}\u{3BC}\u{3AD}\u{3C1}\u{3B1}"),
                "καλημερα finds Καλημέρα")
        let pointed = "\u{5D4}\u{5B7}\u{5E9}\u{5C1}\u{5B8}\u{5BC}\u{5DE}\u{5B7}\u{5D9}\u{5B4}\u{5DD}"
        #expect(SearchQuery("\u{5D4}\u{5E9}\u{5DE}\u{5D9}\u{5DD}").matches("\u{5D1}\u{5BC}" + pointed))
        #expect(SearchQuery("\u{5D4}\u{5E9}\u{5DE}\u{5D9}\u{5DD}").matchOffsets(in: Array(pointed)) == [0..<5])
        #expect(SearchQuery("\u{643}\u{62A}\u{628}").matches("\u{643}\u{64E}\u{62A}\u{64E}\u{628}\u{64E}"), "Arabic without its vowels")
        // A letter written decomposed is the letter (review: `новый` missed `и` and a breve, and
        // `новыи` found it).
        let decomposed = "\u{43D}\u{43E}\u{432}\u{44B}\u{438}\u{306} \u{433}\u{43E}\u{434}"
        #expect(SearchQuery("\u{43D}\u{43E}\u{432}\u{44B}\u{439}").matches(decomposed))
        #expect(!SearchQuery("\u{43D}\u{43E}\u{432}\u{44B}\u{438} ").matches(decomposed))
        #expect(SearchQuery("\u{43D}\u{43E}\u{432}\u{44B}\u{439}").matchOffsets(in: Array(decomposed)) == [0..<5])
        // With an accent typed, as typed.
        #expect(!SearchQuery("\u{435}\u{449}\u{451}").matches("\u{435}\u{449}\u{435}") && SearchQuery("\u{435}\u{449}\u{451}").matches("\u{435}\u{449}\u{451}"))
        #expect(!SearchQuery("\u{3AD}").matches("\u{3B5}"))
        // Thai and Devanagari marks are letters' own: not left out.
        #expect(!SearchQuery("\u{E01}\u{E19}").matches("\u{E01}\u{E34}\u{E19}") && !SearchQuery("\u{915}\u{932}").matches("\u{915}\u{941}\u{932}"))
    }

    @Test func nothingIsTrimmedAndTheEmptyQueryMatchesAll() {
        #expect(SearchQuery("").matches(""))
        #expect(SearchQuery("").matches("anything"))
        #expect(SearchQuery(" x").matches("a x"))
        #expect(!SearchQuery(" x").matches("x"))
        #expect(!SearchQuery("x ").matches("x"))
    }

    @Test func overlappingOccurrencesAreTakenLeftToRight() {
        #expect(SearchQuery("aa").matchOffsets(in: Array("aaa")) == [0..<2])
        #expect(SearchQuery("aa").matchOffsets(in: Array("aaaa")) == [0..<2, 2..<4])
        #expect(SearchQuery("aba").matchOffsets(in: Array("ababa")) == [0..<3])
        #expect(SearchQuery("x").matchOffsets(in: Array("axbxx")) == [1..<2, 3..<4, 4..<5])
        #expect(SearchQuery("").matchOffsets(in: Array("abc")).isEmpty)
        #expect(SearchQuery("abc").matchOffsets(in: []).isEmpty)
        #expect(SearchQuery("abcd").matchOffsets(in: Array("abc")).isEmpty)
    }

    @Test func offsetsFollowTheCaseMode() {
        let row = Array("AbaBab")
        #expect(SearchQuery("ab").matchOffsets(in: row) == [0..<2, 2..<4, 4..<6])
        #expect(SearchQuery("Ab").matchOffsets(in: row) == [0..<2])
        #expect(SearchQuery("aB").matchOffsets(in: row) == [2..<4])
        #expect(SearchQuery("école").matchOffsets(in: Array("L'ÉCOLE")) == [2..<7])
        #expect(SearchQuery("École").matchOffsets(in: Array("L'ÉCOLE")).isEmpty)
    }

    @Test func offsetsCountCharactersNotBytes() {
        // Emoji and wide characters are one Character each, whatever their bytes or columns.
        #expect(SearchQuery("🎉b日").matchOffsets(in: Array("a🎉b日本")) == [1..<4])
        #expect(SearchQuery("本").matchOffsets(in: Array("日本日本")) == [1..<2, 3..<4])
        // Part of a cluster highlights all of it: a family emoji, a dotted İ (its lowercase is an i
        // and a combining dot, with no composed form). An é is one letter however it is written:
        // "e" finds it, written either way, whole (a plain query ignores accents); "é" finds no e.
        let family = Array("x👨‍👩‍👧y")
        #expect(family.count == 3)
        #expect(SearchQuery("👩").matchOffsets(in: family) == [1..<2])
        #expect(SearchQuery("e").matchOffsets(in: Array("cafe\u{301}!")) == [3..<4])
        #expect(SearchQuery("e").matchOffsets(in: Array("caf\u{E9}!")) == [3..<4])
        #expect(SearchQuery("\u{E9}").matchOffsets(in: Array("cafe!")).isEmpty)
        #expect(SearchQuery("i").matchOffsets(in: Array("aİb")) == [1..<2])
        // Two matches inside one character cover it once.
        #expect(SearchQuery("👨").matchOffsets(in: Array("👨‍👨‍👦")) == [0..<1])
    }

    @Test func rangesAreTheOffsetsAsStringIndices() {
        let text = "Ça va, ça va"
        let ranges = SearchQuery("ça").ranges(in: text)
        #expect(ranges.map { String(text[$0]) } == ["Ça", "ça"])
        #expect(SearchQuery("zz").ranges(in: text).isEmpty)
    }

    @Test func matchesAgreesWithStringContains() {
        // Long texts over few letters: the eight-at-a-time scan, its tail, and near misses.
        var rng = SeededGenerator(seed: 11)
        // "é" written both ways: String.contains compares characters by canonical equivalence.
        let alphabet = Array("aabbcAéÉ ") + ["e\u{301}", "E\u{301}"]
        for _ in 0..<2_000 {
            let text = String((0..<rng.below(200)).map { _ in alphabet[rng.below(alphabet.count)] })
            let query = String((0..<1 + rng.below(6)).map { _ in alphabet[rng.below(alphabet.count)] })
            let expected = query.contains { $0.isUppercase } ? text.contains(query) : text.lowercased().contains(query.lowercased())
            #expect(SearchQuery(query).matches(text) == expected, "\(query) in \(text)")
        }
    }

    @Test func matchesAgreesWithTheOffsets() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("abAB é É\u{301}ü🎉")
        for _ in 0..<500 {
            let text = String((0..<rng.below(12)).map { _ in alphabet[rng.below(alphabet.count)] })
            let query = String((0..<1 + rng.below(3)).map { _ in alphabet[rng.below(alphabet.count)] })
            let q = SearchQuery(query)
            #expect(q.matches(text) == !q.matchOffsets(in: Array(text)).isEmpty, "\(query) in \(text)")
        }
    }
}
