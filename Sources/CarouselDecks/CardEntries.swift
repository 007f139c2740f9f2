/// A deck's entries, in pieces of `pieceSize`: every piece full but the last. A deck made again with
/// more entries after them (standard input read on, `StandardInputStream`) shares every full piece
/// with the deck before it, so adding lines to a deck of a million copies at most a piece, where one
/// array copied the whole million (with a retain of each of their strings) for every new line,
/// and the old deck's release freed them all again.
struct CardEntries: RandomAccessCollection, MutableCollection, Sendable {
    static let pieceShift = 12
    static let pieceSize = 1 << pieceShift
    private var pieces: [[CardEntry]] = []
    private(set) var count = 0
    /// Whether an entry was titled after its file (`CardEntry.titledAfter`) at some time: where
    /// none was, `DeckBuilder.distinguished` has nothing to do (and a million lines are not walked
    /// to learn it each time a few more come).
    private(set) var mayHaveTitlesAfterFiles = false
    /// Whether an entry came from a file (`CardEntry.file`) at some time (see `CardProvider.namesFiles`).
    private(set) var mayNameFiles = false

    init() {}

    init(_ entries: some Sequence<CardEntry>) {
        for entry in entries { append(entry) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> CardEntry {
        get { pieces[index >> Self.pieceShift][index & (Self.pieceSize - 1)] }
        set {
            if newValue.titledAfter != nil { mayHaveTitlesAfterFiles = true }
            if newValue.file != nil { mayNameFiles = true }
            pieces[index >> Self.pieceShift][index & (Self.pieceSize - 1)] = newValue
        }
    }

    mutating func append(_ entry: CardEntry) {
        if count & (Self.pieceSize - 1) == 0 {
            var piece: [CardEntry] = []
            piece.reserveCapacity(Self.pieceSize)
            pieces.append(piece)
        }
        pieces[pieces.count - 1].append(entry)
        count += 1
        if entry.titledAfter != nil { mayHaveTitlesAfterFiles = true }
        if entry.file != nil { mayNameFiles = true }
    }

    mutating func removeLast() {
        precondition(count > 0, "no entry to remove")
        pieces[pieces.count - 1].removeLast()
        if pieces[pieces.count - 1].isEmpty { pieces.removeLast() }
        count -= 1
    }

    /// Leaves out the entries from `start` on for which `leaveOut` holds, keeping the others' order.
    mutating func removeAll(from start: Int, where leaveOut: (CardEntry) -> Bool) {
        let kept = self[start...].filter { !leaveOut($0) }
        guard kept.count < count - start else { return }
        while count > start { removeLast() }
        for entry in kept { append(entry) }
    }
}
