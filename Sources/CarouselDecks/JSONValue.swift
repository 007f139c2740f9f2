/// A parsed JSON document, as the manifest reader needs it: members keep their order and the line they
/// were written on, so a message can point at them and repeated keys can be noticed.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A word for messages: "text", "a number", ...
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "text"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// A JSON object: its members in the order written, and the line its `{` is on.
struct JSONObject: Sendable, Equatable {
    var members: [JSONMember]
    var line: Int
}

/// One `"key": value` of an object, with the line of the key.
struct JSONMember: Sendable, Equatable {
    var key: String
    var value: JSONValue
    var line: Int
    /// When the value is a list: the line each of its elements begins on (a card that is no
    /// object was reported at the line of `"cards": [`: helper-43).
    var elementLines: [Int] = []
}

/// Where and why a document is not JSON. Line and column count from 1; the column counts characters.
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}
