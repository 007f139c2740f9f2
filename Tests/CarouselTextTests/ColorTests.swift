import CarouselText
import Testing

@Suite struct ColorTests {
    /// Entries of xterm's 256-colour palette, from xterm's 256colres.h.
    @Test func paletteMatchesXterm() {
        #expect(TextColor.indexed(1).rgb == (205, 0, 0))
        #expect(TextColor.indexed(12).rgb == (92, 92, 255))
        #expect(TextColor.indexed(16).rgb == (0, 0, 0))
        #expect(TextColor.indexed(196).rgb == (255, 0, 0))
        #expect(TextColor.indexed(208).rgb == (255, 135, 0))
        #expect(TextColor.indexed(231).rgb == (255, 255, 255))
        #expect(TextColor.indexed(232).rgb == (8, 8, 8))
        #expect(TextColor.indexed(255).rgb == (238, 238, 238))
        #expect(TextColor.rgb(1, 2, 3).rgb == (1, 2, 3))
    }
}
