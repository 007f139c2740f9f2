/// The language a text is written in, as far as its hyphenation needs to know: guessed from its
/// commonest short words (`und`, `der`, `die` are German; `the`, `and`, `of` English), else from the
/// letters of each word (`ß`, `ä` German, `é`, `ç` French, `ñ` Spanish), else the user's locale
/// (`LANG=de_DE.UTF-8`), else English.
public enum TextLanguage {
    /// Languages told apart by their short words, with those words (each a common word of its
    /// language that is rare in the others').
    static let commonWords: [(code: String, words: Set<String>)] = [
        ("en", ["the", "and", "of", "to", "is", "that", "it", "with", "for", "was", "this", "are", "you", "not", "be", "have"]),
        ("de", ["der", "die", "das", "und", "ist", "nicht", "mit", "ein", "eine", "den", "von", "zu", "auf", "sich", "auch", "dem", "wir", "ich", "sie"]),
        ("fr", ["le", "la", "les", "et", "est", "des", "une", "du", "pour", "dans", "qui", "pas", "sur", "avec", "nous", "vous", "au", "il"]),
        ("es", ["el", "los", "las", "y", "es", "del", "por", "con", "una", "para", "como", "pero", "muy", "está", "se", "lo"]),
        ("it", ["il", "gli", "è", "della", "che", "per", "non", "sono", "alla", "delle", "anche", "questo", "nel", "ma"]),
        ("pt", ["os", "não", "uma", "em", "do", "da", "dos", "das", "com", "para", "mais", "você", "é", "ao"]),
        ("nl", ["het", "een", "en", "van", "niet", "dat", "op", "voor", "zijn", "ook", "ik", "je", "maar", "wij"]),
        ("pl", ["się", "nie", "na", "że", "jest", "w", "z", "do", "jak", "ale", "od", "po", "czy", "tak"]),
        ("cs", ["je", "se", "že", "jsou", "není", "ale", "jak", "nebo", "také", "jsem", "byl", "pro", "které"]),
        ("sv", ["och", "att", "det", "är", "som", "på", "för", "med", "inte", "av", "till", "jag", "har", "om"]),
    ]

    /// How many words are read to guess (a long file is told by its beginning), and how many of
    /// them must be common words of one language, at least twice those of any other. (Of 2,000
    /// words, guessing was a fifth of a first search through 1,200 files of /usr/share/doc, every
    /// card's text made to be searched; helper-108. A few hundred tell as well.)
    static let wordsRead = 400
    static let charactersRead = 4_000
    static let wordsNeeded = 3

    /// The language of `text`'s words, when enough of them are common words of one language (at
    /// least twice as many as of any other), or else when enough of them have letters only one
    /// language uses (a list of German nouns: `Größe`, `Straße`); nil when it cannot be told (a
    /// short note, a list of names, code).
    public static func guess(_ text: some Sequence<Character>) -> String? {
        var common = [String: Int]()
        var lettered = [String: Int]()
        var word = ""
        var read = 0
        func count() {
            guard !word.isEmpty else { return }
            read += 1
            let lower = word.lowercased()
            for language in commonWords where language.words.contains(lower) { common[language.code, default: 0] += 1 }
            if let code = of(word: lower) { lettered[code, default: 0] += 1 }
            word = ""
        }
        // (At most `charactersRead` of it: a table of numbers has few words to stop at.)
        var characters = 0
        for character in text {
            characters += 1
            if characters > charactersRead { break }
            if character.isLetter {
                word.append(character)
            } else {
                count()
                if read >= wordsRead { break }
            }
        }
        count()
        return clearWinner(common) ?? clearWinner(lettered)
    }

    /// The language counted most, at least `wordsNeeded` times and twice any other's count.
    private static func clearWinner(_ counts: [String: Int]) -> String? {
        guard let best = counts.max(by: { $0.value < $1.value || $0.value == $1.value && $0.key > $1.key }),
              best.value >= wordsNeeded else { return nil }
        let second = counts.filter { $0.key != best.key }.map(\.value).max() ?? 0
        return best.value >= 2 * second ? best.key : nil
    }

    /// Letters that only some languages use, and the language each points to (a word with `ß` or
    /// `ü` is German, one with `è` or `ç` French).
    static let telling: [Character: String] = {
        var table: [Character: String] = [:]
        for c in "äöüß" { table[c] = "de" }
        for c in "éèêàâçùûôîïëœæ" { table[c] = "fr" }
        for c in "ñ¿¡áíóú" { table[c] = "es" }
        for c in "ãõ" { table[c] = "pt" }
        for c in "łąęśźżćń" { table[c] = "pl" }
        for c in "řěůďťň" { table[c] = "cs" }
        for c in "å" { table[c] = "sv" }
        return table
    }()

    /// The language a word's own letters point to, if any.
    static func of(word: some Sequence<Character>) -> String? {
        for character in word {
            let lower = character.lowercased()
            if lower.count == 1, let code = telling[Character(lower)] { return code }
        }
        return nil
    }

    /// The language of the user's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`: `de_DE.UTF-8` is
    /// German); nil for C, POSIX or none. Set by the program at its start.
    nonisolated(unsafe) public static var preferred: String?

    /// The language a locale's name gives.
    public static func ofLocale(_ environment: [String: String]) -> String? {
        let name = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let code = name.prefix { $0.isLetter }.lowercased()
        return code.count >= 2 && code.count <= 3 && code != "c" ? code : nil
    }
}
