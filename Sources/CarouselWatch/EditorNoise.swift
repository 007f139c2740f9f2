/// File names that editors and tools write beside a deck's files and that never hold a card:
/// hidden names (`.file.swp`, `.#file`, `.git`), vim's swap files and its write probe (`4913`),
/// backups (`file~`, `file.bak`; patch's and merge tools' `file.orig`, `file.rej`) and Emacs's
/// auto-saves (`#file#`). Events on them are not changes, so saving in vim reloads the deck once,
/// not once per file vim touches on the way; and a deck's folder does not make cards of them
/// (helper-27: `notes.txt~` was a card, kept after it was deleted).
public enum EditorNoise {
    /// The endings of backups and leftovers that are not dot files.
    private static let leftovers: [[UInt8]] = [Array(".bak".utf8), Array(".orig".utf8), Array(".rej".utf8)]

    public static func contains(_ name: [UInt8]) -> Bool {
        guard let first = name.first, let last = name.last else { return true }
        if first == UInt8(ascii: ".") || last == UInt8(ascii: "~") { return true }
        if first == UInt8(ascii: "#"), last == UInt8(ascii: "#"), name.count > 1 { return true }
        if name == Array("4913".utf8) { return true }
        // Backups and leftovers of sed -i.bak, patch and merge tools (helper-29: `a.txt.bak` was a card).
        if leftovers.contains(where: { name.count > $0.count && name.suffix($0.count).elementsEqual($0) }) { return true }
        // Vim's swap files: .swp, then .swo, .swn ... down to .swa when one is taken; .swx is its probe.
        if name.count > 4, name[name.count - 4] == UInt8(ascii: "."),
           name[name.count - 3] == UInt8(ascii: "s"), name[name.count - 2] == UInt8(ascii: "w") {
            let letter = name[name.count - 1]
            return (UInt8(ascii: "a")...UInt8(ascii: "p")).contains(letter) || letter == UInt8(ascii: "x")
        }
        return false
    }
}
