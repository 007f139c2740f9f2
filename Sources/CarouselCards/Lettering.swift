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

    /// A drawing: something visible, not mostly letters (a portrait, a banner, a box diagram).
    public static func isDrawing(_ lines: [String]) -> Bool {
        lines.contains { $0.contains { !$0.isWhitespace } } && !isMostlyLetters(lines.lazy.flatMap { $0 })
    }
}
