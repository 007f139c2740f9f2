/// A language's hyphenation patterns, read from one of the dictionaries Debian's `hyphen-*` packages
/// install (`/usr/share/hyphen/hyph_de_DE.dic`: TeX's patterns, as LibreOffice reads them), and
/// Liang's algorithm over them: patterns found in the word (with a dot at each end) put their
/// numbers between the letters they cover; where the highest number is odd, the word may break.
/// As libhyphen reads them, for which these files are made: the patterns are a trie walked along
/// the word, and after each letter only the pattern of the longest piece ending there that the
/// trie holds counts (the files carry each pattern's shorter ones within it). Every pattern that
/// matches counting broke German words where libhyphen does not: `Zusammena-` / `rbeit` (review).
///
/// Read here rather than through libhyphen, whose loader took 3.1 s for German's 78,000 patterns on
/// this machine (a German text was hyphenated by English patterns: `Wahrscheinlichkeit-` / `srechnung`;
/// helper-96). A dictionary of two levels (`NEXTLEVEL`: German's compounds, then syllables) finds the
/// compound's parts with the first and their syllables with the second. Patterns that change the
/// letters around a break (`ck` -> `k-k` in old German spelling) are left out: a card shows the letters
/// as written.
final class HyphenPatterns: @unchecked Sendable {
    /// One level: each pattern's letters, and where its numbers begin in `values` (one number more
    /// than it has letters: before each letter and after the last).
    private struct Level {
        /// The trie's edges: a node and a letter (`node << 21 | scalar`) to the node they lead to;
        /// node 0 is the root.
        var edges: [UInt64: Int32] = [:]
        /// For each node, where the numbers of the pattern ending there begin in `values` (-1: none).
        var ends: [Int32] = [-1]
        var values: [UInt8] = []
        /// The longest pattern's letters: the trie's depth.
        var longest = 0

        func child(_ node: Int32, _ scalar: Unicode.Scalar) -> Int32? { edges[UInt64(node) << 21 | UInt64(scalar.value)] }
    }

    private var levels: [Level] = []
    /// Fewest letters before the first break and after the last, and around a compound's seams.
    private(set) var leftMin = 2, rightMin = 2
    private var compoundLeftMin = 2, compoundRightMin = 2

    /// Reads a dictionary's text: its encoding on the first line (UTF-8 or ISO8859-1), then
    /// settings and patterns, one a line (`%` and `#` begin comments). Nil for another encoding, or
    /// a file without a pattern.
    init?(dictionary bytes: [UInt8]) {
        let firstEnd = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let encoding = String(decoding: bytes[..<firstEnd], as: UTF8.self).filter { !$0.isWhitespace && $0 != "\u{FEFF}" }.uppercased()
        let rest = bytes[min(bytes.count, firstEnd + 1)...]
        // (Read as scalars, a byte at a time for Latin-1: German's 1 MB in some 30 ms.)
        let text: [Unicode.Scalar]
        switch encoding {
        case "UTF-8", "UTF8": text = Array(String(decoding: rest, as: UTF8.self).unicodeScalars)
        case "ISO8859-1", "ISO-8859-1", "ISO8859-15", "ISO-8859-15", "LATIN1": text = rest.map { Unicode.Scalar($0) }
        default: return nil
        }
        var level = Level()
        level.edges.reserveCapacity(text.count / 3)
        var setting: String?  // the setting whose number comes next on its line
        var i = 0
        while i < text.count {
            let c = text[i]
            if c == "\n" { setting = nil; i += 1; continue }
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            // A word: up to the next blank.
            var end = i
            while end < text.count, text[end] != " ", text[end] != "\t", text[end] != "\r", text[end] != "\n" { end += 1 }
            let word = text[i..<end]
            defer { i = end }
            if c == "%" || c == "#" {
                // A comment, to the line's end.
                while end < text.count, text[end] != "\n" { end += 1 }
                continue
            }
            if ("A"..."Z").contains(c) {
                let name = String(String.UnicodeScalarView(word))
                // (The first level's settings are the dictionary's.)
                if name == "NEXTLEVEL" {
                    if level.longest > 0 { levels.append(level) }
                    level = Level()
                } else {
                    setting = name
                }
                continue
            }
            if let name = setting {
                let number = Int(String(String.UnicodeScalarView(word)))
                switch name {
                case "LEFTHYPHENMIN": if let number, levels.isEmpty { leftMin = number }
                case "RIGHTHYPHENMIN": if let number, levels.isEmpty { rightMin = number }
                case "COMPOUNDLEFTHYPHENMIN": if let number, levels.isEmpty { compoundLeftMin = number }
                case "COMPOUNDRIGHTHYPHENMIN": if let number, levels.isEmpty { compoundRightMin = number }
                default: break  // NOHYPHEN's characters
                }
                continue
            }
            Self.add(word, to: &level)
        }
        if level.longest > 0 { levels.append(level) }
        if levels.isEmpty { return nil }
    }

    /// `a1b2c` as the letters `abc` and the numbers 0, 1, 2, 0.
    private static func add(_ pattern: ArraySlice<Unicode.Scalar>, to level: inout Level) {
        // (A pattern that changes letters, `c1k/k=k,1,2`, is left out; see above.)
        guard !pattern.contains("/") else { return }
        var numbers: [UInt8] = [0]
        var node: Int32 = 0
        var letters = 0
        for scalar in pattern {
            if ("0"..."9").contains(scalar) {
                numbers[numbers.count - 1] = UInt8(scalar.value - 0x30)
                continue
            }
            numbers.append(0)
            letters += 1
            let key = UInt64(node) << 21 | UInt64(scalar.value)
            if let next = level.edges[key] {
                node = next
            } else {
                let next = Int32(level.ends.count)
                level.ends.append(-1)
                level.edges[key] = next
                node = next
            }
        }
        guard letters > 0 else { return }
        level.ends[Int(node)] = Int32(level.values.count)
        level.values += numbers
        level.longest = max(level.longest, letters)
    }

    /// Where a lowercase word may break: the number of its letters before each allowed break, at
    /// least `left` letters from its start and `right` from its end (more where the dictionary asks).
    func breaks(in word: [Unicode.Scalar], left: Int, right: Int) -> [Int] {
        let left = max(left, leftMin), right = max(right, rightMin)
        guard word.count >= left + right, !levels.isEmpty else { return [] }
        let found = breaks(in: word[...], level: 0, atStart: true, atEnd: true)
        return (left...(word.count - right)).filter { found[$0] }
    }

    /// Whether the word may break after each number of its letters (`count + 1` flags). With a
    /// level after this one, the breaks this level finds are a compound's seams: each part is
    /// looked at again on its own (its seams may now show), and a part without a seam is broken
    /// by the next level, no nearer a seam than the compound's minimums (as libhyphen does).
    private func breaks(in word: ArraySlice<Unicode.Scalar>, level index: Int, atStart: Bool, atEnd: Bool) -> [Bool] {
        var found = Self.liang(word, levels[index])
        guard index + 1 < levels.count else { return found }
        let seams = found.indices.filter { found[$0] && $0 > 0 && $0 < word.count }
        guard !seams.isEmpty else {
            found = breaks(in: word, level: index + 1, atStart: atStart, atEnd: atEnd)
            if !atStart { for k in found.indices where k < compoundLeftMin { found[k] = false } }
            if !atEnd { for k in found.indices where k > word.count - compoundRightMin { found[k] = false } }
            return found
        }
        var start = 0
        for end in seams + [word.count] {
            let part = word[(word.startIndex + start)..<(word.startIndex + end)]
            let inner = breaks(in: part, level: index, atStart: atStart && start == 0, atEnd: atEnd && end == word.count)
            for k in 1..<max(1, part.count) { found[start + k] = inner[k] }
            start = end
        }
        return found
    }

    /// Liang's pass of one level over `word`: whether it may break after each number of its
    /// letters (never before the first nor after the last).
    private static func liang(_ word: ArraySlice<Unicode.Scalar>, _ level: Level) -> [Bool] {
        let dotted: [Unicode.Scalar] = ["."] + word + ["."]
        let n = dotted.count
        // How far the trie follows the text from each letter.
        var reach = [Int](repeating: 0, count: n)
        for i in 0..<n {
            var node: Int32 = 0
            var end = i
            while end < n, end - i < level.longest, let next = level.child(node, dotted[end]) {
                node = next
                end += 1
            }
            reach[i] = end
        }
        var values = [UInt8](repeating: 0, count: n + 1)
        for end in 1...n {
            // The longest piece ending here that the trie holds (where a walk of it stands), and
            // the pattern that ends there, if one does.
            guard let start = (max(0, end - level.longest)..<end).first(where: { reach[$0] >= end }) else { continue }
            var node: Int32 = 0
            for k in start..<end { node = level.child(node, dotted[k]) ?? 0 }
            let at = level.ends[Int(node)]
            guard at >= 0 else { continue }
            for k in 0...(end - start) { values[start + k] = max(values[start + k], level.values[Int(at) + k]) }
        }
        // A break after `n` letters of the word sits before dotted[n + 1].
        return (0...word.count).map { $0 > 0 && $0 < word.count && values[$0 + 1] & 1 == 1 }
    }
}
