@testable import CarouselDecks
import Testing

/// Text files are read in the encoding their bytes show: UTF-8, UTF-16 after its byte-order mark,
/// or Windows-1252 (Latin-1) when they are not UTF-8 and hold none of its multi-byte characters;
/// bytes with control characters text does not hold are not text.
@Suite struct TextEncodingTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: TextEncoding.utf8(bytes), as: UTF8.self) }

    @Test func utf8IsReadAsItIs() {
        let bytes = Array("café ☕ naïve\n".utf8)
        #expect(TextEncoding.of(bytes) == .utf8)
        #expect(TextEncoding.utf8(bytes) == bytes)
        #expect(TextEncoding.of(Array("plain ASCII".utf8)) == .utf8)
        #expect(TextEncoding.of([]) == .utf8)
    }

    @Test func latin1NotesAreReadAsWindows1252() {
        let bytes = Array("caf".utf8) + [0xE9] + Array(" au lait, ".utf8) + [0x93] + Array("na".utf8) + [0xEF, 0x76, 0x65, 0x94]
            + Array(" ".utf8) + [0x80, 0x35, 0x20, 0x96, 0x20, 0xFC, 0x62, 0x65, 0x72]
        #expect(TextEncoding.of(bytes) == .windows1252)
        #expect(text(bytes) == "café au lait, \u{201C}naïve\u{201D} €5 \u{2013} über")
        // Its five unassigned bytes have no character.
        #expect(text(Array("a".utf8) + [0x81, 0x8D, 0x8F, 0x90, 0x9D]) == "a" + String(repeating: "\u{FFFD}", count: 5))
        #expect(TextEncoding.windows1252(0xA0) == 0xA0 && TextEncoding.windows1252(0xFF) == 0xFF && TextEncoding.windows1252(0x9F) == 0x178)
    }

    /// A UTF-8 file with one bad byte stays UTF-8: its other characters are right, the byte is U+FFFD.
    @Test func aStrayByteInUTF8ShowsAsAReplacement() {
        let bytes = Array("naïve ".utf8) + [0xE9] + Array(" café".utf8)
        #expect(TextEncoding.of(bytes) == .utf8)
        #expect(text(bytes) == "naïve \u{FFFD} café")
    }

    /// Windows Notepad's "Unicode" (UTF-16 little-endian with its mark) and the big-endian form.
    @Test func utf16WithAByteOrderMarkIsDecoded() {
        let little: [UInt8] = [0xFF, 0xFE] + "café 🎉\r\nline".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(TextEncoding.of(little) == .utf16(bigEndian: false))
        #expect(text(little) == "café 🎉\r\nline")
        let big: [UInt8] = [0xFE, 0xFF] + "über".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + [0x00]
        #expect(TextEncoding.of(big) == .utf16(bigEndian: true))
        #expect(text(big) == "über", "the odd last byte is half a character, dropped")
    }

    /// East Asian legacy encodings are not misread as Latin-1: their bytes come in runs.
    @Test func shiftJISIsNotReadAsLatin1() {
        let konnichiwa: [UInt8] = [0x82, 0xB1, 0x82, 0xF1, 0x82, 0xC9, 0x82, 0xBF, 0x82, 0xCD, 0x0A]
        // (C9 82 happens to be a UTF-8 character: read as UTF-8, the rest shows as U+FFFD, as before.)
        #expect(TextEncoding.of(konnichiwa) == .utf8)
        let nihongo: [UInt8] = [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x0A]  // 日本語
        #expect(TextEncoding.of(nihongo) == nil)
        #expect(TextEncoding.utf8(nihongo) == nihongo, "left for the caller (a .txt shows U+FFFD, as before)")
        // Review finding: refused, it is not said to hold control characters.
        #expect(TextEncoding.refusal(nihongo) == "its encoding is not UTF-8, UTF-16 or Latin-1; iconv converts it")
        #expect(TextEncoding.refusal(Array("plain".utf8)) == nil)
        // Portuguese has accents side by side ("ção"), but most stand alone.
        let portuguese = Array("informa".utf8) + [0xE7, 0xE3] + Array("o e p".utf8) + [0xE1] + Array("gina, ".utf8) + [0xE9] + Array(" at".utf8) + [0xE9, 0x0A]
        #expect(TextEncoding.of(portuguese) == .windows1252)
        // Review finding: short sentences with accents side by side were refused.
        for sentence in ["A configuração da aplicação é simples.\n", "Größe: 12\n", "A informação"] {
            let latin1 = sentence.unicodeScalars.map { UInt8($0.value) }
            #expect(TextEncoding.of(latin1) == .windows1252, "\(sentence)")
        }
        #expect(String(decoding: TextEncoding.utf8(portuguese), as: UTF8.self) == "informação e página, é até\n")
    }

    @Test func bytesWithNULsOrControlCharactersAreNotText() {
        #expect(TextEncoding.of(Array("looks like text".utf8) + [0] + Array("but is not".utf8)) == nil)
        // No NUL, not UTF-8, and full of control characters: a binary file.
        let binary: [UInt8] = (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }.filter { $0 != 0 }
        #expect(!binary.contains(0))
        #expect(TextEncoding.of(binary) == nil)
        #expect(TextEncoding.utf8(binary) == binary, "not text: left as it is, for the caller to refuse")
        #expect(TextEncoding.refusal(binary) == "it holds NUL bytes or control characters")
        #expect(TextEncoding.refusal([0x41, 0, 0x42]) == "it holds NUL bytes or control characters")
        // Tabs, line and page breaks and escapes are text's own.
        #expect(TextEncoding.of(Array("a\tb\r\n\u{0C}\u{1B}[1m".utf8) + [0xE9]) == .windows1252)
        // A program's bytes with their NULs taken out hold a few UTF-8 characters by chance: still
        // not text (helper-34: `head -c 5000 /usr/bin/ls | tr -d '\0'` was a card of `␡ELF␂␁…`).
        var seed: UInt64 = 42
        let program: [UInt8] = [0x7F] + Array("ELF".utf8) + (0..<5_000).compactMap { _ in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let byte = UInt8(truncatingIfNeeded: seed >> 56)
            return byte == 0 ? nil : byte
        }
        #expect(program.contains([0xC3, 0xA9]) || program.indices.contains { program[$0] >= 0xC2 && program[$0] < 0xE0 })
        #expect(TextEncoding.of(program) == nil)
        #expect(TextEncoding.refusal(program) == "it holds NUL bytes or control characters")
        // UTF-8 text with colour codes, a manual page's overstrikes (backspaces) and a few stray
        // controls (a bell) is text.
        let manual = Array("N\u{08}NA\u{08}AM\u{08}ME\u{08}E — \u{1B}[1mls\u{1B}[0m lists a directory's entries, café\n".utf8)
        #expect(TextEncoding.of(manual) == .utf8)
        #expect(TextEncoding.of(Array(String(repeating: "a line of text ☕\n", count: 20).utf8) + [0x01, 0x02, 0x07]) == .utf8)
        #expect(TextEncoding.of(Array("\u{1B}]0;pwned\u{07}after ☕".utf8)) == .utf8)
        // So is Latin-1 with a bell or two (helper-109: `printf 'caf\xe9\n\x07bell\n'` was "not text").
        #expect(TextEncoding.of(Array("caf".utf8) + [0xE9, 0x0A, 0x07] + Array("bell\n".utf8)) == .windows1252)
        #expect(TextEncoding.of(Array("\u{1B}]0;title\u{07}caf".utf8) + [0xE9, 0x0A]) == .windows1252)
        // Valid UTF-8 keeps its controls, however many: a data file's fields split by Ctrl-A
        // (Hive's), refused for a moment (helper-37).
        let fields = Array((0..<50).map { "\($0)\u{01}name\($0)\u{01}café\n" }.joined().utf8)
        #expect(TextEncoding.of(fields) == .utf8)
        #expect(TextEncoding.of(Array((0..<50).map { "\($0)\u{01}name\u{01}x\n" }.joined().utf8)) == .utf8, "ASCII too")
    }

    /// Only the start of a file is read to tell whether it is text: a character cut by its end is
    /// no error there, but an error before the end is.
    @Test func aHeadMayEndInTheMiddleOfACharacter() {
        let cut = Array("plain then ".utf8) + [0xE2, 0x98]  // the first two bytes of ☕
        #expect(TextEncoding.of(cut, head: true) == .utf8)
        #expect(TextEncoding.of(cut + Array(" more".utf8), head: true) == .windows1252, "two bytes that are no character: Latin-1")
        #expect(TextEncoding.of(Array("plain then ".utf8) + [0xE9] + Array(" more".utf8), head: true) == .windows1252)
    }
}
