import CarouselCanvas
import CarouselCore
@testable import CarouselRender
import Glibc
import Testing

/// The renderer counts widths itself; ncurses (and the terminal) count with the C library's wcwidth.
/// Where the two disagree, a line drawn on the terminal no longer matches `--render`.
@Suite(.serialized) struct TerminalWidthTests {
    /// wcwidth is hidden from Swift's Glibc module (it needs _XOPEN_SOURCE): look it up at run time.
    static let wcwidth: @convention(c) (wchar_t) -> Int32 = unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "wcwidth"), to: (@convention(c) (wchar_t) -> Int32).self)

    @Test func everyAssignedCharacterHasTheWidthTheCLibraryGivesIt() throws {
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        var mismatches: [String] = []
        for value in UInt32(0xA0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            if category == .unassigned || category == .privateUse || category == .surrogate { continue }
            // Characters the sanitiser never lets through (format characters are removed).
            if category == .format || category == .lineSeparator || category == .paragraphSeparator { continue }
            let theirs = Int(Self.wcwidth(wchar_t(bitPattern: value)))
            if theirs < 0 { continue }
            let ours = TerminalCluster.shown(Character(scalar)).reduce(0) { $0 + CharacterWidth.of($1) }
            if ours != theirs { mismatches.append("U+\(String(value, radix: 16, uppercase: true)) ours \(ours) libc \(theirs)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(40).joined(separator: ", "))")
    }
}

/// The fallback is applied exactly when needed, and what it gives is drawn as it is (no loop).
@Suite struct TerminalClusterTests {
    @Test func theFallbackIsAFixedPointAndNeededExactlyWhenItChangesSomething() {
        let clusters: [Character] = ["a", "é", "e\u{301}", "e\u{301}\u{302}", "e\u{301}\u{302}\u{303}", "中", "─", "🙂",
                                     "🇺🇸", "\u{1F1FA}", "👍🏽", "❤️", "1️⃣", "#\u{20E3}", "ｶ", "ü̈"]
        for c in clusters {
            let shown = Array(TerminalCluster.shown(c))
            #expect(TerminalCluster.needsFallback(c) == (shown != [c]), "\(c.unicodeScalars.map { String($0.value, radix: 16) })")
            for part in shown { #expect(!TerminalCluster.needsFallback(part), "\(part) is drawn as it is") }
        }
        #expect(Array(TerminalCluster.shown("🇺🇸")) == ["U", "S"])
        #expect(Array(TerminalCluster.shown("👍🏽")) == ["👍"])
        #expect(Array(TerminalCluster.shown("❤️")) == ["❤"])
    }
}
