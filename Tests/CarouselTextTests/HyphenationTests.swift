import Testing
import CarouselCanvas
@testable import CarouselText

/// Hyphenation by each text's language: the patterns read (Liang's algorithm, two levels), the
/// language guessed, and the rows a wrapped text gets from them.
@Suite struct HyphenationTests {
    private func breaks(_ dictionary: String, _ word: String, left: Int = 2, right: Int = 3) -> [Int] {
        let patterns = HyphenPatterns(dictionary: Array(dictionary.utf8))
        return patterns?.breaks(in: Array(word.unicodeScalars), left: left, right: right) ?? [-1]
    }

    /// Where the highest number between two letters is odd, the word may break; after each letter
    /// only the pattern of the longest piece ending there that the patterns' trie holds counts, as
    /// libhyphen reads the files (which carry each pattern's shorter ones within it).
    @Test func patternsBreakWhereTheHighestNumberIsOdd() {
        let patterns = "UTF-8\n% a comment\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nb3c\nab2c\nc1d\n"
        #expect(breaks(patterns, "xbcd", left: 1, right: 1) == [2, 3])
        // `ab2c`, the longest piece ending at `c`, counts alone: no break between b and c.
        #expect(breaks(patterns, "abcd", left: 1, right: 1) == [3])
        // The row's minimums, and the dictionary's where larger.
        #expect(breaks(patterns, "xbcd", left: 1, right: 2) == [2])
        #expect(breaks("UTF-8\nLEFTHYPHENMIN 3\ne3a\n", "heart", left: 1, right: 1) == [])
        // A pattern that changes the letters around its break is left out.
        #expect(breaks("UTF-8\nc1k/k=k,1,2\n", "backen", left: 1, right: 1) == [-1], "no pattern left: no dictionary")
        #expect(breaks("UTF-8\nc1k/k=k,1,2\nn1b\n", "backen", left: 1, right: 1) == [])
        // Not a dictionary: another encoding, or no pattern.
        #expect(HyphenPatterns(dictionary: Array("KOI8-R\na1b\n".utf8)) == nil)
        #expect(HyphenPatterns(dictionary: Array("UTF-8\n% nothing\n".utf8)) == nil)
    }

    /// Debian's German patterns break as libhyphen breaks with them (review: counting every
    /// pattern that matched gave `Zusammena-` / `rbeit`; 0 of 2,872 English, French and German words
    /// compared with libhyphen differed after the change).
    @Test func germanWordsBreakAsLibhyphenBreaksThem() throws {
        let german = try #require(Hyphenation.patterns(for: "de"), "hyphen-de is installed by make")
        func breaks(_ word: String) -> [Int] { german.breaks(in: Array(word.unicodeScalars), left: 2, right: 3) }
        #expect(breaks("zusammenarbeit") == [2, 5, 8, 10])
        #expect(breaks("doktorarbeit") == [3, 6, 8])
        #expect(breaks("wahrscheinlichkeitsrechnung") == [4, 10, 14, 19, 23])
        #expect(breaks("heart") == [])
    }

    /// A Latin-1 dictionary (German's) is read as Latin-1: `ü` is one letter.
    @Test func aLatin1DictionaryIsReadAsLatin1() {
        var bytes = Array("ISO8859-1\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\n".utf8)
        bytes += [0xFC, 0x31, 0x62, 0x0A]  // "ü1b"
        let patterns = HyphenPatterns(dictionary: bytes)
        #expect(patterns?.breaks(in: Array("übel".unicodeScalars), left: 1, right: 1) == [1])
    }

    /// With two levels (`NEXTLEVEL`: German's), the first finds a compound's seams; each part is
    /// broken by the second, no nearer a seam than the compound minimums; a word with no seam is
    /// broken by the second level alone.
    @Test func twoLevelsBreakACompoundAtItsSeamsThenItsParts() {
        let dictionary = """
        UTF-8
        COMPOUNDLEFTHYPHENMIN 2
        COMPOUNDRIGHTHYPHENMIN 3
        s1r
        NEXTLEVEL
        a1b
        e1c
        h1n
        """
        // "haus" + "rechnung": the seam after "haus", then "re-c" ("e1c") is too near the seam
        // (2 letters: allowed), "rech-n" (h1n) allowed; "a1b" not in it.
        #expect(breaks(dictionary, "hausrechnung", left: 2, right: 3) == [4, 6, 8])
        // No seam: the second level alone.
        #expect(breaks(dictionary, "gabel", left: 2, right: 2) == [2])
        // A part's break nearer its seam than the compound minimum is dropped (`re-` after the seam).
        let tight = "UTF-8\nCOMPOUNDLEFTHYPHENMIN 3\nCOMPOUNDRIGHTHYPHENMIN 3\ns1r\nNEXTLEVEL\na1b\ne1c\nh1n\n"
        #expect(breaks(tight, "hausrechnung", left: 2, right: 3) == [4, 8])
    }

    /// A text's language is told by its commonest words; a short note or a list of names is not.
    @Test func aTextsLanguageIsGuessedFromItsCommonWords() {
        #expect(TextLanguage.guess("Die Versicherung ist nicht teuer, und der Vertrag läuft mit dem Jahr aus.") == "de")
        #expect(TextLanguage.guess("The contract is not expensive, and it runs out with the year.") == "en")
        #expect(TextLanguage.guess("Le contrat est cher et la réunion est dans une heure pour les amis.") == "fr")
        #expect(TextLanguage.guess("El contrato es caro y la reunión es para los amigos del barrio.") == "es")
        #expect(TextLanguage.guess("Shopping: milk, bread, eggs") == nil)
        // Without common words, by words whose letters only one language uses.
        #expect(TextLanguage.guess("Einkauf: Käse, Brötchen, Äpfel, Müsli, Brot") == "de")
        #expect(TextLanguage.guess("Einkauf: Käse, Brötchen") == nil, "two words tell too little")
        #expect(TextLanguage.guess("Käse Brötchen Äpfel café crème brûlée déjà") == nil, "no clear winner")
        #expect(TextLanguage.guess("") == nil)
        // A document's prose and tables are read, not its code.
        let document = TextDocument(blocks: [
            .code([[TextSpan("the and of to is that it with for was this")]]),
            .paragraph([TextSpan("Wir sind nicht da, und die Tür ist zu.")]),
        ])
        #expect(document.language == "de")
        // A part of it (a card opened at a match, a text cut short) is in the language of the whole
        // (review: a part was guessed again, alone, and fell back to English).
        let long = TextDocument(blocks: [
            .paragraph([TextSpan("Wir sind nicht da, und die Tür ist zu, und der Hund ist auch nicht da.")]),
            .blank(),
            .paragraph([TextSpan("Wahrscheinlichkeitsrechnung")]),
        ])
        #expect(long.language == "de")
        #expect(long.dropping(lines: 2).document.language == "de")
        #expect(TextDocument(blocks: [.paragraph([TextSpan("Wahrscheinlichkeitsrechnung")])]).language == nil)
        // Guessed when first asked for, from the blocks the document was made with: blocks added
        // after (a note at its end) do not change it, a language given does, and documents are
        // alike by their language whether it was guessed or given.
        // (A document not yet asked, as a card's text is when a note is added to its end.)
        var noted = TextDocument(blocks: long.blocks)
        noted.blocks += [.blank(), .paragraph([TextSpan(String(repeating: "the text goes on, and the rest of it is not shown here. ", count: 8))])]
        #expect(TextDocument(blocks: noted.blocks).language == "en", "made with them, it would be English")
        #expect(noted.language == "de")
        // A language to fall back on (a slide's talk's) where its own words tell none.
        var slide = TextDocument(blocks: [.paragraph([TextSpan("Wahrscheinlichkeitsrechnung")])])
        slide.language(elseIn: "de")
        #expect(slide.language == "de")
        var told = TextDocument(blocks: long.blocks)
        told.language(elseIn: "fr")
        #expect(told.language == "de", "its own words tell")
        var given = long
        given.language = "fr"
        #expect(given.language == "fr" && long.language == "de")
        var alike = TextDocument(blocks: long.blocks)
        #expect(alike == long)
        alike.language = "de"
        #expect(alike == long && alike.hashValue == long.hashValue)
        alike.language = nil
        #expect(alike != long)
        #expect(TextLanguage.guess(String(repeating: "1 2 3 4 5 6 7 8 9 ", count: 3_000) + "der die das und ist nicht") == nil,
                "a long table of numbers is read only so far")
    }

    /// Without enough common words, a word's own letters tell its language (`ß`, `ü`: German;
    /// `é`: French), then the locale's.
    @Test func aWordsLettersOrTheLocaleTellWhenTheTextDoesNot() {
        #expect(TextLanguage.of(word: "Größenänderung") == "de")
        #expect(TextLanguage.of(word: "déclaration") == "fr")
        #expect(TextLanguage.of(word: "mañana") == "es")
        #expect(TextLanguage.of(word: "Versicherung") == nil)
        #expect(TextLanguage.ofLocale(["LANG": "de_DE.UTF-8"]) == "de")
        #expect(TextLanguage.ofLocale(["LANG": "de_DE.UTF-8", "LC_ALL": "fr_CA.UTF-8"]) == "fr")
        #expect(TextLanguage.ofLocale(["LANG": "C.UTF-8"]) == nil)
        #expect(TextLanguage.ofLocale(["LANG": "POSIX"]) == nil)
        #expect(TextLanguage.ofLocale([:]) == nil)
    }

    /// A German text's long words break between its syllables, by German patterns (helper-96 read
    /// `Wahrscheinlichkeit-` / `srechnung` and `Besprech-` / `ung`: English patterns), a French text's
    /// by French ones even where a word has no accent.
    @Test func aTextBreaksItsWordsByItsLanguagesPatterns() {
        func rows(_ text: String, width: Int, language: String? = nil) -> [String] {
            var document = TextDocument(plainText: text)
            if let language { document.language = language }
            return TextLayout.lines(for: document, width: width, cellWidth: CharacterWidth.of).map(\.text)
        }
        let german = "Die Wahrscheinlichkeitsrechnung ist nicht schwer, und die Besprechung mit dem Team auch nicht."
        #expect(rows(german, width: 16).prefix(3) == ["Die", "Wahrscheinlich-", "keitsrechnung"], "\(rows(german, width: 16))")
        #expect(rows(german, width: 20).prefix(3) == ["Die", "Wahrscheinlichkeits-", "rechnung ist nicht"], "\(rows(german, width: 20))")
        // (English patterns, as every text had: `Wahrscheinlichkeit-` / `srechnung`.)
        #expect(rows("Die Wahrscheinlichkeitsrechnung", width: 20, language: "en") != rows("Die Wahrscheinlichkeitsrechnung", width: 20, language: "de"))
        // A word of 67 letters is a German word too.
        let long = "Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung"
        #expect(rows("Die " + long + " ist nicht kurz.", width: 24).contains("nehmigungszuständig-"), "\(rows("Die " + long + " ist nicht kurz.", width: 24))")
        // A paragraph that tells its own language is in it, in a text of another (helper-100).
        let mixed = TextDocument(blocks: [
            .paragraph([TextSpan("This is the note of the week, and it is for you and the team, with the plan that was set.")]),
            .blank(),
            .paragraph([TextSpan("Die Wahrscheinlichkeitsrechnung ist nicht schwer, und die Besprechung auch nicht.")]),
        ])
        #expect(mixed.language == "en")
        let mixedRows = TextLayout.lines(for: mixed, width: 20, cellWidth: CharacterWidth.of).map(\.text)
        #expect(mixedRows.contains("Wahrscheinlichkeits-") && mixedRows.contains("rechnung ist nicht"), "\(mixedRows)")
        let meeting = rows("Wir haben eine Besprechung und die ist nicht lang.", width: 9)
        #expect(meeting.prefix(4) == ["Wir haben", "eine", "Bespre-", "chung und"], "\(meeting)")
        // French, a word without accents: `Bien-ve-nue`, not English's `Bienv-` / `enue`.
        let french = rows("Bienvenue chez nous, et la maison est pour vous et les amis.", width: 7)
        #expect(french.first == "Bienve-" || french.first == "Bien-", "\(french)")
    }

    /// No hyphen inside what is not a word of a language: a rule of marks breaks where the row is
    /// full, a name in camel case (and base64) between its words, with no mark (helper-108:
    /// `===============-`, `checkPubli-` / `cSuffix`, `AwwJQUNDVlJBSVoxM-`).
    @Test func marksAndNamesInCamelCaseTakeNoHyphen() {
        func rows(_ text: String, width: Int) -> [String] {
            TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
        }
        #expect(rows("Restricted Shell\n=========================", width: 16) == ["Restricted Shell", "================", "========="])
        #expect(rows("######################################", width: 20) == ["####################", "##################"])
        #expect(rows("call checkPublicSuffix('x') here", width: 14) == ["call", "checkPublic", "Suffix('x')", "here"])
        let base64 = rows("MIIH0zCCBbugAwIBAgIIXsO3pkN/pOAwDQYJKoZIhvcNAQEFBQAwQjESMBAGA1UEAwwJQUNDVlJBSVoxMRAwDgYDVQQLDAdQS0lB", width: 24)
        #expect(!base64.contains { $0.hasSuffix("-") }, "\(base64)")
        #expect(base64.first == "MIIH0zCCBbugAwIBAgIIXsO3", "a row filled, as code is: \(base64)")
        // A word of a language still takes its hyphen.
        #expect(rows("extraordinarily", width: 10).first?.hasSuffix("-") == true, "\(rows("extraordinarily", width: 10))")
    }
}
