/// A strict JSON (RFC 8259) parser that says where the first mistake is, by line and column.
///
/// Written here rather than taken from Foundation because Foundation's decoders only report that data is
/// "not valid JSON" (JSONDecoder) or give a vague character offset in English text (JSONSerialization),
/// silently keep the last of two equal keys, and forget the order of keys; a manifest's author needs
/// all three. The grammar is exactly RFC 8259's, so a trailing comma is an error here (JSONSerialization
/// takes it, but most other JSON tools do not, and a deck should open in all of them); the fuzz target
/// in `Fuzz/` checks that otherwise it accepts the same documents as JSONSerialization. Two leniencies:
/// a leading UTF-8 byte order mark is skipped, and inside text invalid UTF-8 and unpaired surrogate
/// escapes become U+FFFD instead of failing (the sanitiser shows them as such).
struct JSONParser {
    /// Deeper documents are refused: a manifest needs 4 levels, and recursion must stay bounded.
    static let maximumDepth = 64

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return try parser.document()
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    /// The lines the elements of the list parsed last begin on (see `JSONMember.elementLines`).
    private var listLines: [Int] = []
    /// Offset of the first byte of the current line, for columns.
    private var lineStart = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func document() throws -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        if index == bytes.count { throw failure("the file is empty", at: index) }
        let result = try value()
        skipWhitespace()
        if index < bytes.count {
            throw failure("unexpected \(found(at: index)) after the end of the document", at: index)
        }
        return result
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func value() throws -> JSONValue {
        skipWhitespace()
        guard let byte = peek else { throw failure("expected a value, found the end of the file", at: index) }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let hint = isLetter || byte == UInt8(ascii: "'") ? " (text goes in double quotes)" : ""
            throw failure("expected a value, found \(found(at: index))\(hint)", at: index)
        }
    }

    private mutating func enter() throws {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw failure("nested more than \(JSONParser.maximumDepth) levels deep", at: index)
        }
    }

    private mutating func object() throws -> JSONValue {
        let objectLine = line
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members: members, line: objectLine))
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw failure("expected a key in double quotes, found \(found(at: index))", at: index)
            }
            let keyLine = line
            let key = try string()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key, found \(found(at: index))", at: index)
            }
            index += 1
            let member = try value()
            var lines: [Int] = []
            if case .array = member { lines = listLines }
            members.append(JSONMember(key: key, value: member, line: keyLine, elementLines: lines))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(members: members, line: objectLine))
            default:
                throw failure("expected ',' or '}' after a member of the object, found \(found(at: index))", at: index)
            }
        }
    }

    private mutating func array() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        var lines: [Int] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            listLines = []
            return .array(elements)
        }
        while true {
            skipWhitespace()
            lines.append(line)
            elements.append(try value())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                listLines = lines
                return .array(elements)
            default:
                throw failure("expected ',' or ']' after an element of the list, found \(found(at: index))", at: index)
            }
        }
    }

    private mutating func literal(_ word: StaticString, _ result: JSONValue) throws -> JSONValue {
        let start = index
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard peek == byte else { throw failure("expected '\(word)'", at: start) }
            index += 1
        }
        return result
    }

    private mutating func number() throws -> Double {
        let start = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(peek) {
            while isDigit(peek) { index += 1 }
        } else {
            throw failure("expected a digit, found \(found(at: index))", at: index)
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard isDigit(peek) else { throw failure("expected a digit after '.', found \(found(at: index))", at: index) }
            while isDigit(peek) { index += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard isDigit(peek) else { throw failure("expected a digit in the exponent, found \(found(at: index))", at: index) }
            while isDigit(peek) { index += 1 }
        }
        // The grammar above is a subset of what Double parses. A number too large for a Double is refused
        // (as Foundation does) rather than taken as infinity.
        let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) ?? .nan
        guard value.isFinite else { throw failure("number too large", at: start) }
        return value
    }

    private mutating func string() throws -> String {
        let quote = index
        index += 1
        let start = index
        // Most text has no escapes: take it in one piece.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var text = Array(bytes[start..<index])
        while true {
            guard let byte = peek else {
                throw failure("this text has no closing '\"'", at: quote)
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case 0x0A, 0x0D:
                throw failure("line break inside text (write it as \\n, or close the text with '\"')", at: index)
            case 0x00..<0x20:
                throw failure("control character \(found(at: index)) inside text (write it as \\u00XX)", at: index)
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    private mutating func escape(into text: inout [UInt8]) throws {
        let backslash = index
        index += 1
        guard let letter = peek else { throw failure("this text has no closing '\"'", at: backslash) }
        index += 1
        let simple: UInt8? = switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            text.append(simple)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            let escape = (0x21...0x7E).contains(letter)
                ? "'\\\(Character(Unicode.Scalar(letter)))'" : "\\ followed by \(found(at: backslash + 1))"
            throw failure("unknown escape \(escape) (known: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: backslash)
        }
        var code = try hex4(escapeAt: backslash)
        if (0xD800...0xDBFF).contains(code), peek == UInt8(ascii: "\\"),
           index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
            let low = index
            index += 2
            let second = try hex4(escapeAt: low)
            if (0xDC00...0xDFFF).contains(second) {
                code = 0x10000 + ((code - 0xD800) << 10) + (second - 0xDC00)
            } else {
                // Not a pair: the first half stands alone; read the second escape again on its own.
                index = low
            }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        UTF8.encode(scalar) { text.append($0) }
    }

    /// The four hex digits after `\u`.
    private mutating func hex4(escapeAt backslash: Int) throws -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek else { throw failure("\\u needs four hex digits", at: backslash) }
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure("\\u needs four hex digits", at: backslash)
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }

    /// What is at `offset`, for a message; never a raw control character.
    private func found(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        switch byte {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: return "a space"
        case 0x00..<0x20, 0x7F: return "U+00" + hex(byte)
        default:
            var decoder = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 4, bytes.count)]).makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                return "U+" + String(scalar.value, radix: 16, uppercase: true)
            }
            return "byte 0x" + hex(byte) + " (not UTF-8)"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// An error at `offset`, which is on the current line (text cannot span lines, so it always is).
    private func failure(_ message: String, at offset: Int) -> JSONSyntaxError {
        // Columns count characters: every byte that does not continue a UTF-8 sequence starts one.
        var column = 1
        var i = lineStart
        while i < offset && i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
