import CarouselTestSupport

/// Deck text that tries to drive the terminal, break the layout or crash the loader. Generated here
/// from bytes (rather than kept as files) so the corpus needs no resources and cannot be "fixed" by an
/// editor or by git's line-ending handling.
enum HostileCorpus {
    static let esc: UInt8 = 0x1B

    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    /// Named card contents.
    static let contents: [(name: String, bytes: [UInt8])] = [
        ("csi-clear-screen", [esc] + text("[2J") + [esc] + text("[H") + text("cleared?")),
        ("csi-colours-and-cursor", [esc] + text("[31;1mred") + [esc] + text("[0m") + [esc] + text("[10;10H") + [esc] + text("[?1049l")),
        ("osc-window-title", [esc] + text("]0;pwned") + [0x07] + text("after")),
        ("osc-hyperlink", [esc] + text("]8;;https://example.invalid") + [esc] + text("\\link") + [esc] + text("]8;;") + [esc, 0x5C]),
        ("osc-clipboard", [esc] + text("]52;c;cm0gLXJmIH4=") + [0x07]),
        ("dcs-sixel", [esc] + text("Pq#0;2;0;0;0#1!6~") + [esc, 0x5C]),
        ("device-status-query", [esc] + text("[6n") + [esc] + text("[21t") + [esc] + text("[>c")),
        ("c1-csi-raw-byte", [0x9B] + text("2J") + [0x9D] + text("0;t") + [0x9C, 0x90] + text("q") + [0x9C]),
        ("c1-csi-encoded", [0xC2, 0x9B] + text("2J") + [0xC2, 0x9D] + text("0;t") + [0xC2, 0x9C] + [0xC2, 0x85]),
        ("nul-and-c0", [0x00, 0x01, 0x07, 0x08, 0x0B, 0x0C, 0x0E, 0x0F, 0x7F] + text("x") + [0x00]),
        ("invalid-utf8", [0xFF, 0xFE, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF8, 0x88, 0x80, 0x80, 0x80, 0xE2, 0x82, 0x41, 0xF4, 0x90, 0x80, 0x80]),
        ("bidi-override", text("safe \u{202E}txt.exe\u{202C} \u{2067}rtl\u{2069} \u{200F}mark")),
        ("zero-width", text("a\u{200B}b\u{200D}c\u{FEFF}d\u{2060}e\u{00AD}f\u{180E}g\u{E0001}h")),
        ("zalgo", text("Z" + String(repeating: "\u{0336}\u{0301}\u{0489}", count: 50) + "\n\u{0301}starts with a mark")),
        ("line-breaks", text("a\r\nb\rc\u{2028}d\u{2029}e\u{85}f\u{0B}g\u{0C}h")),
        ("tabs", text("\t|\t\t|x\t")),
        ("huge-line", [UInt8](repeating: 0x41, count: 200_000) + [esc] + text("[2J")),
        ("many-lines", Array(repeating: text("\u{1B}[2J\n"), count: 5_000).flatMap { $0 }),
        ("binary", binary(count: 65_536, seed: 42)),
        ("noncharacters", [0xEF, 0xBF, 0xBE, 0xEF, 0xBF, 0xBF, 0xEF, 0xB7, 0x90, 0xF4, 0x8F, 0xBF, 0xBF, 0xF3, 0xA0, 0x82, 0x80]),
    ]

    /// File names a deck directory may hold (no `/` or NUL: the file system allows nothing else).
    static let fileNames: [[UInt8]] = [
        text("evil") + [esc] + text("[31m.txt"),
        text("title") + [esc] + text("]0;pwned") + [0x07] + text(".txt"),
        [0x9B] + text("2J.txt"),
        [0xFF, 0xFE] + text("latin1-\u{E9}") + [0xE9] + text(".txt"),
        text("line\nbreak\r.txt"),
        text("\u{202E}txt.exe.txt"),
        text("zw\u{200B}j\u{200D}.txt"),
        text("\u{301}mark-first.txt"),
        [UInt8](repeating: 0x61, count: 250) + text(".txt"),
    ]

    /// Pseudo-random bytes (SplitMix64), the same every run.
    static func binary(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
