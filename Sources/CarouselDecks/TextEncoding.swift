/// How the bytes of a text file are read, decided once per file from its bytes (as vim's
/// `fileencodings=ucs-bom,utf-8,latin1` decides):
/// - a UTF-16 byte-order mark: UTF-16 of that byte order (Windows Notepad's "Unicode");
/// - otherwise UTF-8, also when a stray byte is not (it shows as U+FFFD), as long as the bytes hold
///   at least one UTF-8 character of several bytes and, where some are not UTF-8, not many control
///   characters that text does not hold (more than one byte in twenty: a program's bytes);
/// - bytes that are not UTF-8 and hold none of its characters of several bytes: Windows-1252, the
///   Latin-1 of Western notes written before UTF-8 (`caf\u{E9}` is "café"), unless they hold
///   control characters that text does not, or bytes of 0x80 and up mostly in runs of three and more, as the two-byte
///   characters of Shift-JIS or GBK are (then they are not read as Latin-1: not text, or, for a file
///   whose name says text, UTF-8 with U+FFFD, as before).
///
/// Everything after reading works on UTF-8: `utf8(_:)` turns a file's bytes into it.
public enum TextEncoding: Equatable, Sendable {
    case utf8
    case utf16(bigEndian: Bool)
    case windows1252

    /// The encoding of `bytes`, or nil when they are not text (a NUL byte outside UTF-16, bytes
    /// not all UTF-8 with many control characters, or a legacy 8-bit text with control
    /// characters). `head`: the bytes are only a file's start, so a UTF-8 character cut by their
    /// end is not an error.
    public static func of(_ bytes: some Collection<UInt8>, head: Bool = false) -> TextEncoding? {
        var tally = Tally()
        tally.add(bytes, head: head)
        return tally.encoding(of: bytes)
    }

    /// What `of` decides by, counted over bytes that may come in pieces (standard input read on):
    /// pieces that end at a line feed count as the bytes they make up.
    struct Tally: Sendable {
        private var count = 0, controls = 0
        /// The first two bytes, for a byte-order mark.
        private var start: [UInt8] = []
        private var nul = false, severalBytes = false, invalid = false

        /// `head`: `bytes` are the last piece and only a file's start (see `of`).
        mutating func add(_ bytes: some Collection<UInt8>, head: Bool = false) {
            if start.count < 2 { start += bytes.prefix(2 - start.count) }
            count += bytes.count
            // ASCII bytes are characters of their own, whatever comes around them: their NUL bytes
            // and control characters are counted in one pass, and only bytes with some of 0x80 and
            // up are decoded (most input is ASCII: decoded, a stream of 600,000 paths spent a third
            // of its reading here).
            var high = false
            for byte in bytes {
                if byte >= 0x80 { high = true } else if isControl(byte) { controls += 1; if byte == 0 { nul = true } }
            }
            guard high else { return }
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var remaining = bytes.count
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    let width = UTF8.width(scalar)
                    remaining -= width
                    if width > 1 { severalBytes = true }
                case .emptyInput:
                    break decoding
                case .error:
                    // An error within the last three bytes of a head may be a character cut in two
                    // (the control characters among those bytes, counted above, are taken off: they
                    // were not counted before the count went by bytes; review).
                    if head && remaining <= 3 {
                        for byte in bytes.suffix(remaining) where isControl(byte) { controls -= 1 }
                        break decoding
                    }
                    invalid = true
                    // The decoder goes on after the bad byte; where exactly does not matter here.
                    remaining = max(remaining - 1, 0)
                }
            }
        }

        /// The encoding of `bytes`, all the bytes counted (looked at again only where they are not
        /// UTF-8).
        func encoding(of bytes: some Collection<UInt8>) -> TextEncoding? {
            if start == [0xFF, 0xFE] { return .utf16(bigEndian: false) }
            if start == [0xFE, 0xFF] { return .utf16(bigEndian: true) }
            if nul { return nil }
            // (Bytes that are not UTF-8 throughout, with many control characters that text does not
            // hold: a program's or a compressed file's bytes with no NUL among them, which hold a few
            // UTF-8 characters by chance, were shown as text (helper-34). Valid UTF-8 keeps them: a
            // data file's fields split by Ctrl-A (helper-37); and a few in a text, a terminal's
            // title sequence ended by a bell, are the sanitiser's to show.)
            if invalid && controls >= 8 && controls * 20 > count { return nil }
            if !invalid || severalBytes { return .utf8 }
            return legacy(bytes) == .text ? .windows1252 : nil
        }
    }

    /// Whether bytes taken for UTF-8 hold more that are not than characters of several bytes that
    /// are (four at least): text in another encoding (Chinese in GBK, whose byte pairs are now and
    /// then UTF-8 by chance), not a UTF-8 text with a stray byte.
    public static func isMostlyNotUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        // (ASCII, most notes and code, at a glance.)
        guard bytes.contains(where: { $0 >= 0x80 }) else { return false }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var invalid = 0, several = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar.value >= 0x80 { several += 1 }
            case .emptyInput: return invalid >= 4 && invalid > several
            case .error: invalid += 1
            }
        }
    }

    /// Whether `byte` is a control character that text does not hold: not a tab, line feed, form
    /// feed, carriage return, escape (colour codes) or backspace (a manual page's overstrikes).
    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1B: false
        default: byte < 0x20 || byte == 0x7F
        }
    }

    /// Why `bytes` are not text (nil when they are): they hold NUL bytes or control characters, or
    /// their characters are in an encoding not read (Shift-JIS, GBK: see above).
    public static func refusal(_ bytes: some Collection<UInt8>, head: Bool = false) -> String? {
        guard of(bytes, head: head) == nil else { return nil }
        if holdsControls(bytes) { return "it holds NUL bytes or control characters" }
        return "its encoding is not UTF-8, UTF-16 or Latin-1; iconv converts it"
    }

    /// Whether `bytes` hold NUL bytes, or control characters that text does not hold (more than
    /// one byte in a hundred): a program's, a compressed file's.
    public static func holdsControls(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.contains(0) || legacy(bytes) == .controls
    }

    /// `bytes` as UTF-8: unchanged when they are UTF-8 (or not text: the caller decides what to
    /// show for those), else decoded from their encoding (characters it lacks become U+FFFD).
    public static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        utf8(bytes, as: of(bytes) ?? .utf8)
    }

    /// `bytes` decoded from `encoding` into UTF-8.
    public static func utf8(_ bytes: some Collection<UInt8>, as encoding: TextEncoding) -> [UInt8] {
        switch encoding {
        case .utf8:
            return Array(bytes)
        case .windows1252:
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8)
            for byte in bytes {
                if byte < 0x80 {
                    out.append(byte)
                } else {
                    let scalar = Unicode.Scalar(windows1252(byte)) ?? "\u{FFFD}"
                    out.append(contentsOf: String(Character(scalar)).utf8)
                }
            }
            return out
        case .utf16(let bigEndian):
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var iterator = bytes.makeIterator()
            while let a = iterator.next() {
                // An odd last byte is half a character: dropped.
                guard let b = iterator.next() else { break }
                units.append(bigEndian ? UInt16(a) << 8 | UInt16(b) : UInt16(b) << 8 | UInt16(a))
            }
            // The byte-order mark is the encoding's, not the text's.
            if units.first == 0xFEFF { units.removeFirst() }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        }
    }

    private enum Legacy { case text, controls, runs }

    /// `.text` for a Western 8-bit text: no NUL and almost no control characters but tab, line and page breaks
    /// and escape (a binary file without NUL bytes is full of them: an eighth of random bytes), and
    /// its bytes of 0x80 and up mostly alone between ASCII letters, as accents are ("café",
    /// "informação"). In Shift-JIS, GBK or EUC text they come in runs (two bytes a character, one
    /// character after another): read as Windows-1252 they would be nonsense, so they are not read so.
    private static func legacy(_ bytes: some Collection<UInt8>) -> Legacy {
        // Accents come alone or two together ("ção", "öß"); runs of three and more are the
        // characters of a two-byte encoding one after another.
        var controls = 0, high = 0, inLongRuns = 0, run = 0
        for byte in bytes {
            if byte >= 0x80 {
                high += 1
                run += 1
                continue
            }
            if run >= 3 { inLongRuns += run }
            run = 0
            if isControl(byte) { controls += 1 }
        }
        if run >= 3 { inLongRuns += run }
        // (Eight at least, as for bytes that are partly UTF-8: one bell in a short Latin-1 text, a
        // terminal's title sequence, refused all of it; helper-109.)
        if controls >= 8 && controls * 100 > bytes.count { return .controls }
        return inLongRuns * 4 <= high ? .text : .runs
    }

    /// The character of a Windows-1252 byte of 0x80 or more (its five unassigned bytes: U+FFFD).
    static func windows1252(_ byte: UInt8) -> UInt32 {
        guard byte >= 0x80 && byte < 0xA0 else { return UInt32(byte) }
        return windows1252High[Int(byte - 0x80)]
    }

    private static let windows1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
