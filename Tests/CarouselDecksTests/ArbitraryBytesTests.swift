import CarouselTestSupport
@testable import CarouselDecks
import Testing

/// Property: whatever bytes come in (as a card file, standard input, a manifest, a file name), what
/// comes out holds no control character, nothing invisible that changes width, and no line wider than
/// the limit. The inputs are random but seeded, so a failure names a seed that reproduces it.
@Suite struct ArbitraryBytesTests {
    /// Pieces that make trouble more often than uniform random bytes would.
    static let nasty: [[UInt8]] = [
        [0x1B], [0x1B, 0x5B], [0x9B], [0xC2, 0x9B], [0xC2, 0x85], [0x00], [0x07], [0x08], [0x09], [0x0A], [0x0D],
        [0x7F], [0xFF], [0xC0], [0x80], [0xED, 0xA0, 0x80], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6], [0xE2, 0x80, 0x8D],
        [0xE2, 0x80, 0x8B], [0xEF, 0xBB, 0xBF], [0xCC, 0x81], [0xD2, 0x89], [0xF0, 0x9F, 0x98, 0x80], [0xE6, 0xBC, 0xA2],
        [0xEF, 0xBF, 0xBF], [0xF3, 0xA0, 0x80, 0x81], Array("---\n".utf8), Array("# ".utf8), Array("\"".utf8),
        Array("\\u001b".utf8), Array("{\"cards\":[".utf8), Array("{\"art\":\"".utf8), Array("]}".utf8), Array(",".utf8),
    ]

    static func bytes(_ generator: inout SeededGenerator, maximumLength: Int = 400) -> [UInt8] {
        var result: [UInt8] = []
        let length = Int.random(in: 0...maximumLength, using: &generator)
        while result.count < length {
            if Bool.random(using: &generator) {
                result += nasty.randomElement(using: &generator)!
            } else {
                result.append(UInt8.random(in: 0...255, using: &generator))
            }
        }
        return result
    }

    static let seeds: [UInt64] = Array(1...8)

    @Test(arguments: seeds)
    func sanitisedTextIsAlwaysClean(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let input = Self.bytes(&generator)
            for line in Sanitizer.lines(from: input) {
                #expect(offence(in: line) == nil, "seed \(seed), input \(input)")
            }
            let one = Sanitizer.line(bytes: input)
            #expect(offence(in: one) == nil, "seed \(seed), input \(input)")
        }
    }

    @Test(arguments: seeds)
    func cardsFromStandardInputAreAlwaysClean(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let input = Self.bytes(&generator, maximumLength: 2_000)
            guard let deck = try? DeckLoader.load(paths: ["-"], standardInput: { input }) else { continue }
            #expect(offences(in: deck) == [], "seed \(seed), input \(input)")
        }
    }

    @Test(arguments: seeds)
    func manifestsAndTheirMessagesAreAlwaysClean(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            let input = Array("{\"name\": \"".utf8) + Self.bytes(&generator)
            do {
                let manifest = try ManifestReader.read(input, displayName: "deck.json")
                let texts = manifest.problems.map(\.message) + [manifest.name ?? ""]
                    + (manifest.cards ?? []).flatMap { [$0.title ?? "", $0.subtitle ?? ""] + Sanitizer.lines(from: $0.art ?? "") }
                for text in texts { #expect(offence(in: text) == nil, "seed \(seed), input \(input)") }
            } catch {
                #expect(offence(in: error.description) == nil, "seed \(seed), input \(input)")
            }
        }
    }

    @Test(arguments: seeds.prefix(3))
    func fileNamesAndContentsAreAlwaysClean(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let scratch = try Scratch()
        for index in 0..<60 {
            // A file name may hold any byte but `/` and NUL, and at most 255 of them; a leading dot would hide it.
            let name = Array("f".utf8) + Self.bytes(&generator, maximumLength: 60).filter { $0 != 0x2F && $0 != 0x00 } + Array("-\(index).txt".utf8)
            scratch.write(Self.bytes(&generator, maximumLength: 3_000), named: name)
        }
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count == 60)
        #expect(offences(in: deck) == [], "seed \(seed)")
    }
}
