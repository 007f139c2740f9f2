/// Whether characters are mostly words or mostly a picture: the one rule that decides both whether
/// a text file is read as art (`--kind auto`) and whether art is never enlarged (so that letters
/// are not spread apart).
public enum Lettering {
    /// More than half of the visible (non-blank) characters are letters or digits.
    public static func isMostlyLetters(_ characters: some Sequence<Character>) -> Bool {
        isMostlyLetters(counted: characters.lazy.map { ($0, 1) })
    }

    /// The same for characters each given with how many times it occurs.
    public static func isMostlyLetters(counted characters: some Sequence<(Character, Int)>) -> Bool {
        var inked = 0, letters = 0
        for (character, count) in characters where !character.isWhitespace {
            inked += count
            if character.isLetter || character.isNumber { letters += count }
        }
        return inked > 0 && letters * 2 > inked
    }

    /// The same for an array (what the renderer has: a generic call across modules looked at each
    /// pair through the sequence's witnesses, allocating as it went).
    public static func isMostlyLetters(counted characters: [(Character, Int)]) -> Bool {
        var inked = 0, letters = 0
        for (character, count) in characters {
            if let byte = character.asciiValue {
                // (As `isDrawing` counts ASCII.)
                if byte == 0x20 || (0x09...0x0D).contains(byte) { continue }
                inked += count
                if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte & 0xDF) { letters += count }
                continue
            }
            if character.isWhitespace { continue }
            inked += count
            if character.isLetter || character.isNumber { letters += count }
        }
        return inked > 0 && letters * 2 > inked
    }

    /// A drawing: something visible, not mostly letters (a portrait, a banner, a box diagram).
    /// (Asked of every text file the first time its card is shown. A line of ASCII is counted a
    /// byte at a time, as its characters would count: whitespace is a tab to a carriage return
    /// and the space, letters and digits are the ASCII ones; other lines a character at a time.)
    public static func isDrawing(_ lines: [String]) -> Bool {
        var inked = 0, letters = 0
        for line in lines {
            if line.utf8.allSatisfy({ $0 < 0x80 }) {
                for byte in line.utf8 where !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
                    inked += 1
                    if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte & 0xDF) { letters += 1 }
                }
            } else {
                for character in line where !character.isWhitespace {
                    inked += 1
                    if character.isLetter || character.isNumber { letters += 1 }
                }
            }
        }
        return inked > 0 && !(letters * 2 > inked)
    }
}
