// libFuzzer target for the manifest parser and the sanitiser (see Fuzz/README.md).
// Built together with the CarouselDecks sources listed in Fuzz/sources.txt, which need nothing but
// the standard library; Foundation is here only to compare the JSON parser with JSONSerialization.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeckInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // The sanitiser: whatever the bytes, every line is clean.
    for line in Sanitizer.lines(from: bytes) { check(line, "Sanitizer.lines") }
    check(Sanitizer.line(bytes: bytes), "Sanitizer.line")

    // The manifest reader: never crashes, and every message and shown text is clean.
    do {
        let manifest = try ManifestReader.read(bytes, displayName: "deck.json")
        for problem in manifest.problems { check(problem.message, "a manifest problem") }
        check(manifest.name ?? "", "the deck name")
        for card in manifest.cards ?? [] {
            check(card.title ?? "", "a title")
            check(card.subtitle ?? "", "a subtitle")
            for line in Sanitizer.lines(from: card.art ?? "") { check(line, "inline art") }
        }
    } catch {
        check(error.description, "a manifest error")
    }

    // Cards from standard input.
    for piece in StandardInputCards.split(bytes) { check(piece.title ?? "", "a title from standard input") }

    compareWithFoundation(bytes)
    return 0
}

/// Our parser and JSONSerialization must agree on what is JSON, except where they differ on purpose
/// (see JSONParser): trailing commas (Foundation takes them), invalid UTF-8 and \u escapes of
/// surrogates (we replace them), nesting past our limit; and NUL bytes, from which Foundation guesses
/// UTF-16 or UTF-32.
func compareWithFoundation(_ bytes: [UInt8]) {
    guard String(validating: bytes, as: UTF8.self) != nil, !bytes.contains(0) else { return }
    if bytes.indices.contains(where: { bytes[$0] == 0x5C && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x75 }) { return }
    var ours: JSONSyntaxError?
    do { _ = try JSONParser.parse(bytes) } catch { ours = error as? JSONSyntaxError }
    let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
    if let ours {
        let known = ["expected a key in double quotes, found '}'", "expected a value, found ']'"]
        if known.contains(ours.message) || ours.message.hasPrefix("nested more than") { return }
        if foundation { fatalError("Foundation accepts what we refuse (\(ours.message)): \(bytes)") }
    } else if !foundation {
        fatalError("we accept what Foundation refuses: \(bytes)")
    }
}

/// Stops the run if `text` holds anything the sanitiser must never let through. Written apart
/// from the sanitiser's own tables, so a mistake in them is caught rather than repeated.
func check(_ text: String, _ what: String) {
    var column = 0
    var marks = 0
    for scalar in text.unicodeScalars {
        let v = scalar.value
        var bad = v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || scalar.properties.isNoncharacterCodePoint
        switch scalar.properties.generalCategory {
        case .format, .unassigned, .lineSeparator, .paragraphSeparator, .surrogate:
            bad = true
        case .nonspacingMark, .spacingMark, .enclosingMark:
            marks += 1
            bad = bad || column == 0 || marks > Sanitizer.maximumMarks
        default:
            column += 1
            marks = 0
        }
        if bad { fatalError("\(what) holds U+\(String(v, radix: 16, uppercase: true)): \(text.debugDescription)") }
    }
    if column > Sanitizer.maximumColumns { fatalError("\(what) is \(column) columns wide") }
}
