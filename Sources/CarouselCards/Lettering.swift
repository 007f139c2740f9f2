/// Whether characters are mostly words or mostly a picture: the one rule that decides both whether
/// a text file is read as art (`--kind auto`) and whether art is never enlarged (so that letters
/// are not spread apart).
public enum Lettering {
    /// More than half of the visible (non-blank) characters are letters or digits.
    public static func isMostlyLetters(_ characters: some Sequence<Character>) -> Bool {
        var tally = Tally()
        for character in characters { tally.add(character, times: 1) }
        return tally.isMostlyLetters
    }

    /// The same for characters each given with how many times it occurs (an array: what the
    /// renderer has; a generic sequence across modules was looked at through its witnesses,
    /// allocating as it went).
    public static func isMostlyLetters(counted characters: [(Character, Int)]) -> Bool {
        var tally = Tally()
        for (character, count) in characters { tally.add(character, times: count) }
        return tally.isMostlyLetters
    }

    /// A drawing: something visible, not mostly letters (a portrait, a banner, a box diagram).
    /// (Asked of every text file the first time its card is shown: a line of ASCII is counted a
    /// byte at a time, other lines a character at a time.)
    public static func isDrawing(_ lines: [String]) -> Bool {
        var tally = Tally()
        for line in lines {
            if line.utf8.allSatisfy({ $0 < 0x80 }) {
                for byte in line.utf8 { tally.add(ascii: byte, times: 1) }
            } else {
                for character in line { tally.add(character, times: 1) }
            }
        }
        return tally.inked > 0 && !tally.isMostlyLetters
    }

    /// Visible characters and, of them, letters and digits.
    private struct Tally {
        var inked = 0, letters = 0

        var isMostlyLetters: Bool { inked > 0 && letters * 2 > inked }

        /// An ASCII character, as its `Character` would count: whitespace is a tab to a carriage
        /// return and the space; letters and digits are the ASCII ones.
        mutating func add(ascii byte: UInt8, times: Int) {
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return }
            inked += times
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte & 0xDF) { letters += times }
        }

        mutating func add(_ character: Character, times: Int) {
            // (A CR LF is one character, whose ASCII value is the line feed's: whitespace either way.)
            if let byte = character.asciiValue { return add(ascii: byte, times: times) }
            if character.isWhitespace { return }
            inked += times
            // (U+FFFD stands for a letter that could not be decoded: a note in an encoding not
            // read, all �, was taken for a drawing and spread over the card; helper-59.)
            if character.isLetter || character.isNumber || Lettering.isEmoji(character) || character == "\u{FFFD}" { letters += times }
        }
    }

    /// An emoji, drawn as one: a word of a note, not a picture's ink (notes of emoji were taken
    /// for drawings and resampled, `ok 👍` spread over the card as `o  k    👍`, 🇩🇪 read `D`;
    /// with words among them, for code, cut at the card's edge: helper-59). A character shown as an
    /// emoji by default, one asked to be (U+FE0F), a flag's pair of regional indicators.
    /// Coloured squares and circles (🟥 ⬜ 🟢: the pixels of emoji art, a Wordle result) stay ink:
    /// a grid of them is a picture (review).
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value >= 0xA9 else { return false }
        if (0x1F7E0...0x1F7EB).contains(first.value) || (0x2B1B...0x2B1C).contains(first.value) || (0x25AA...0x25FE).contains(first.value)
            || (0x1F534...0x1F535).contains(first.value) || (0x26AA...0x26AB).contains(first.value) { return false }
        return first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
            || (0x1F1E6...0x1F1FF).contains(first.value)
    }
}
