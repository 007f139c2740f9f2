#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where a word may be hyphenated, by the TeX patterns of its language (`HyphenPatterns`, from the
/// dictionaries Debian's `hyphen-*` packages install in /usr/share/hyphen): `ev-ery-where`,
/// `ar-chi-tec-ture`, `Wahr-schein-lich-keits-rech-nung`, where a break at the row's end read
/// `everywh-` / `ere`. The text's language is guessed (`TextLanguage`); where its patterns are not
/// installed, no word is looked up (the wrapper breaks where the row is full).
public enum Hyphenation {
    /// Loads the patterns of `language` (the locale's, else English) now, so that the first word a
    /// text card breaks does not wait for them in a frame; on a worker, for a deck that may hold text.
    public static func prepare(_ language: String? = nil) {
        _ = patterns(for: language ?? TextLanguage.preferred ?? "en")
    }

    /// Where the dictionaries are.
    static let folder = "/usr/share/hyphen"

    /// Each language's patterns, read on first use (nil: none installed).
    private static let loaded = Mutex<[String: HyphenPatterns?]>([:])

    static func patterns(for language: String) -> HyphenPatterns? {
        // (Read under the lock: two threads asking at once read the file once. German's take 0.1 s.)
        loaded.withLock { table in
            if let known = table[language] { return known }
            let read = Self.dictionary(language)
            table[language] = read
            return read
        }
    }

    /// The dictionary of `language`: `hyph_de_DE.dic` or `hyph_de.dic`, else the first of its
    /// countries' (`hyph_pt_BR.dic`); English's American first.
    private static func dictionary(_ language: String) -> HyphenPatterns? {
        let upper = language == "en" ? "US" : language.uppercased()
        var names = ["hyph_\(language)_\(upper).dic", "hyph_\(language).dic"]
        names += Self.names(in: folder).filter { $0.hasPrefix("hyph_\(language)_") && $0.hasSuffix(".dic") }.sorted()
        for name in names {
            if let bytes = Self.contents(of: folder + "/" + name), let patterns = HyphenPatterns(dictionary: bytes) { return patterns }
        }
        return nil
    }

    /// A run shorter than this is not looked up (it fits wherever a longer one breaks).
    static let shortest = 5
    /// Nor one longer than this: no word of a language (a run of letters as long as a file, a
    /// key, is broken where each row is full). German's longest compounds have some 70 letters.
    static let longest = 100

    /// The indices of `word` before which it may break with a hyphen: inside its runs of letters
    /// (a word's punctuation, digits and own hyphens are not looked up), two letters at least
    /// before a break and three after it. `language`: the text's (see `TextLanguage`); nil: each
    /// word's letters tell, else the locale's language, else English.
    static func points(in word: ArraySlice<Glyph>, language: String? = nil) -> Set<Int> {
        var found: Set<Int> = []
        var i = word.startIndex
        while i < word.endIndex {
            guard word[i].character.isLetter else { i += 1; continue }
            var end = i
            while end < word.endIndex, word[end].character.isLetter { end += 1 }
            if (shortest...longest).contains(end - i) {
                for point in points(ofLetters: word[i..<end], language: language) { found.insert(point) }
            }
            i = end
        }
        return found
    }

    private static func points(ofLetters run: ArraySlice<Glyph>, language: String?) -> [Int] {
        var letters: [Unicode.Scalar] = []
        letters.reserveCapacity(run.count)
        for glyph in run {
            // One scalar a letter, as the patterns count them: an accent written apart (NFD, as
            // some files from macOS have them) is left out of the lookup (it was counted as a
            // letter: the breaks came a letter off; review); a letter that is more than a letter
            // and its marks leaves the word unlooked-up.
            let lower = glyph.character.lowercased()
            let scalars = lower.unicodeScalars
            guard let base = scalars.first, base.properties.isAlphabetic,
                  scalars.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) else { return [] }
            letters.append(base)
        }
        // (In English, which writes none of the letters that tell a language, a word with such
        // letters is a word of that language: `Hé-lène's`, a German compound; elsewhere the
        // letters may be the text's own, `é` in Spanish.)
        // (Where that language's patterns are not installed, the text's: `jalapeño` broke nowhere
        // without Spanish's; review.)
        let told = language == nil || language == "en" ? TextLanguage.of(word: run.lazy.map(\.character)) : nil
        let code = language ?? TextLanguage.preferred ?? "en"
        guard let patterns = told.flatMap({ patterns(for: $0) }) ?? patterns(for: code) else { return [] }
        return patterns.breaks(in: letters, left: 2, right: 3).map { run.startIndex + $0 }
    }

    /// The names in a folder (none if it cannot be read).
    private static func names(in folder: String) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        return names
    }

    /// A file's bytes (nil if it cannot be read; none bigger than 16 MB).
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 16 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? bytes : nil }
            bytes += chunk[..<n]
        }
        return nil
    }
}
