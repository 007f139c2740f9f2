@testable import CarouselDecks
import Foundation
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error as? JSONSyntaxError
        }
    }

    @Test func valuesMembersAndTheirLines() throws {
        let value = try parse("{\n  \"a\": [1, -2.5e1, true, false, null],\n  \"b\": \"x\\n\\u00e9\\ud83d\\ude00\"\n}")
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.line == 1)
        #expect(object.members.map(\.key) == ["a", "b"])
        #expect(object.members.map(\.line) == [2, 3])
        #expect(object.members[0].value == .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
        #expect(object.members[1].value == .string("x\né😀"))
    }

    @Test func keysKeepTheirOrderAndRepeats() throws {
        guard case .object(let object) = try parse(#"{"z": 1, "a": 2, "z": 3}"#) else { Issue.record("not an object"); return }
        #expect(object.members.map(\.key) == ["z", "a", "z"])
    }

    @Test func aByteOrderMarkIsSkippedAndUnpairedSurrogatesBecomeReplacement() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
        #expect(try parse(#"["\ud800x", "\udc00"]"#) == .array([.string("\u{FFFD}x"), .string("\u{FFFD}")]))
        #expect(try parse(#"["\ud800\u0041"]"#) == .array([.string("\u{FFFD}A")]))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a key in double quotes, found '}'"),
        ("[1, 2,, 3]", 1, 7, "expected a value, found ','"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after a member of the object, found '\"'"),
        ("{\"loop\": yes}", 1, 10, "expected a value, found 'y' (text goes in double quotes)"),
        ("{\"a\": tru}", 1, 7, "expected 'true'"),
        ("{\"é\": \"ü\" \"x\"}", 1, 11, "expected ',' or '}' after a member of the object, found '\"'"),
        ("[\"open", 1, 2, "this text has no closing '\"'"),
        ("[\"a\nb\"]", 1, 4, "line break inside text (write it as \\n, or close the text with '\"')"),
        ("[\"a\u{1B}\"]", 1, 4, "control character U+001B inside text (write it as \\u00XX)"),
        ("[\"\\q\"]", 1, 3, "unknown escape '\\q' (known: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
        ("[01]", 1, 3, "expected ',' or ']' after an element of the list, found '1'"),
        ("[1.]", 1, 4, "expected a digit after '.', found ']'"),
        ("{} {}", 1, 4, "unexpected '{' after the end of the document"),
        ("  \n ", 2, 2, "the file is empty"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key, found '1'"),
        ("[1", 1, 3, "expected ',' or ']' after an element of the list, found the end of the file"),
        ("[1, -0.5e2222222000061711]", 1, 5, "number too large"),
    ])
    func mistakesAreFoundWithLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        let error = syntaxError(text)
        #expect(error == JSONSyntaxError(line: line, column: column, message: message))
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(syntaxError(deep)?.message == "nested more than \(JSONParser.maximumDepth) levels deep")
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(syntaxError(fine) == nil)
    }

    @Test func messagesNeverCarryRawControlsOrInvalidBytes() {
        for bytes: [UInt8] in [[0x1B], [0x9B], [0xFF], [0xC2, 0x9B], Array("[\u{202E}]".utf8), [0x7B, 0x00]] {
            do {
                _ = try JSONParser.parse(bytes)
                Issue.record("accepted \(bytes)")
            } catch let error as JSONSyntaxError {
                #expect(offence(in: error.message) == nil, "\(error.message)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    /// The parser accepts exactly the documents Foundation accepts, except where they differ on purpose:
    /// Foundation takes a trailing comma (`[1,]`), which RFC 8259 and most other JSON tools refuse, and
    /// refuses unpaired surrogate escapes and invalid UTF-8 in text, which become U+FFFD here.
    /// The fuzz target compares the two on random input the same way.
    @Test func trailingCommasAreRefusedThoughFoundationTakesThem() {
        #expect(syntaxError("{\"a\":1,}")?.message == "expected a key in double quotes, found '}'")
        #expect(syntaxError("[1,]")?.message == "expected a value, found ']'")
    }

    @Test(arguments: [
        "{}", "[]", "0", "-0", "1e5", "1E+5", "-1.5e-3", "\"\"", "true", "null", " [ 1 , { \"a\" : [ ] } ] ",
        "01", "1.", ".5", "+1", "-", "1e", "[", "]", "{\"a\"}", "{1:2}", "[\"\t\"]",
        "nul", "True", "[1 2]", "\"a\"\"b\"", "[NaN]", "[Infinity]", "{\"a\":1}}", "'a'", "[\"\\x\"]",
        "[\"\\/\"]", "1 2", "[-]", "1e999", "-1e400", "1e-400", "123456789012345678901234567890", "[- 1]", "[1e+]", "[0x10]", "[1_000]",
    ])
    func agreesWithFoundation(_ text: String) {
        let ours = (try? parse(text)) != nil
        let foundation = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil
        #expect(ours == foundation, "\(text.debugDescription): ours \(ours), Foundation \(foundation)")
    }
}
