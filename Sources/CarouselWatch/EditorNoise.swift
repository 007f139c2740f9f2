/// File names that editors and tools write beside a deck's files and that never hold a card:
/// hidden names (`.file.swp`, `.#file`, `.git`), vim's swap files and its write probe (`4913`),
/// backups (`file~`, `file.bak`; patch's and merge tools' `file.orig`, `file.rej`) and Emacs's
/// auto-saves (`#file#`). Events on them are not changes, so saving in vim reloads the deck once,
/// not once per file vim touches on the way; and a deck's folder does not make cards of them
/// (helper-27: `notes.txt~` was a card, kept after it was deleted).
public enum EditorNoise {
    /// The endings of backups, leftovers and files being written that are not dot files: JetBrains'
    /// safe write (`file___jb_tmp___`, `file___jb_old___`), downloads and copies in progress
    /// (`.part`, `.crswap`), temporary files (`.tmp`) (helper-52: each was a card while it lasted,
    /// and the strip followed `todo.md___jb_old___` away from the note being saved).
    private static let leftovers: [[UInt8]] = [".bak", ".orig", ".rej", "___jb_tmp___", "___jb_old___", ".part", ".crswap", ".tmp"]
        .map { Array($0.utf8) }

    public static func contains(_ name: [UInt8]) -> Bool {
        guard let first = name.first, let last = name.last else { return true }
        if first == UInt8(ascii: ".") || last == UInt8(ascii: "~") { return true }
        if first == UInt8(ascii: "#"), last == UInt8(ascii: "#"), name.count > 1 { return true }
        if name == Array("4913".utf8) { return true }
        if isSedTemporary(name) { return true }
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

    /// `sed -i`'s file being written: `sed` and six random letters and digits (mkstemp's
    /// `sedXXXXXX`); all six lower-case letters is taken for a word (`sedatives`).
    static func isSedTemporary(_ name: [UInt8]) -> Bool {
        guard name.count == 9, name.starts(with: Array("sed".utf8)) else { return false }
        let random = name.dropFirst(3)
        func isLower(_ c: UInt8) -> Bool { c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") }
        func isUpper(_ c: UInt8) -> Bool { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") }
        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        return random.allSatisfy { isLower($0) || isUpper($0) || isDigit($0) } && !random.allSatisfy(isLower)
    }
}
