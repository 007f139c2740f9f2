/// What a search has found so far: the cards whose search text contains the query, in deck order.
/// The app narrows the strip to `matches`; while `isComplete` is false, more may come.
public struct SearchResult: Sendable, Equatable {
    /// The query as typed.
    public var query: String
    public var isCaseSensitive: Bool
    /// Indices of the matching cards, ascending.
    public var matches: [Int]
    /// False while the scan is still going (a partial result, published every ~50 ms of work).
    public var isComplete: Bool
    /// How many cards the scan has looked at (a narrowing scan looks only at an earlier query's
    /// matches; the empty query, and a result reused from the recent ones, report what they did).
    public var scanned: Int

    public init(query: String, isCaseSensitive: Bool, matches: [Int], isComplete: Bool, scanned: Int) {
        self.query = query
        self.isCaseSensitive = isCaseSensitive
        self.matches = matches
        self.isComplete = isComplete
        self.scanned = scanned
    }
}
