/// A deck that cannot be shown at all: no card could be loaded. `description` is one line for
/// stderr; `problems` lists every reason, one line each, already sanitised.
public struct DeckError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public var problems: [String]

    /// An error with one reason.
    public init(_ description: String) {
        self.description = description
        self.problems = [description]
    }

    /// An error summing up several reasons; the first is the one spelled out.
    public init(problems: [String]) {
        self.problems = problems
        switch problems.count {
        case 0: description = "no card could be loaded"
        case 1: description = problems[0]
        case 2: description = "no card could be loaded: \(problems[0]) (and 1 more problem)"
        default: description = "no card could be loaded: \(problems[0]) (and \(problems.count - 1) more problems)"
        }
    }
}
