/// Finding a needle of bytes in a haystack of bytes: a search's inner loop. UTF-8 is
/// self-synchronising, so a byte match of valid UTF-8 in valid UTF-8 is a match of whole scalars;
/// searching bytes spares the deck-wide scan String's Character machinery.
enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `haystack` that starts at or after `start`
    /// (offsets count from the haystack's start). An empty needle is found at `start`.
    static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                           from start: Int = 0) -> Int? {
        let length = needle.count
        guard length > 0 else { return start <= haystack.count ? start : nil }
        let last = haystack.count - length
        guard start <= last, let hay = haystack.baseAddress, let pin = needle.baseAddress else { return nil }
        // Sixteen starting positions at a time, each kept only if the needle's first byte and its
        // last byte are where they should be (one byte alone, as `n` in English text, is
        // everywhere; two bytes apart rarely are). Survivors are compared whole.
        let head = SIMD16<UInt8>(repeating: pin[0]), tail = SIMD16<UInt8>(repeating: pin[length - 1])
        let raw = UnsafeRawPointer(hay)
        var i = start
        while i + 15 <= last {
            let first = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let final = raw.loadUnaligned(fromByteOffset: i + length - 1, as: SIMD16<UInt8>.self)
            let hits = (first .== head) .& (final .== tail)
            if any(hits) {
                var lanes = bits(hits)
                while lanes != 0 {
                    let at = i + lanes.trailingZeroBitCount
                    if same(pin, hay + at, length) { return at }
                    lanes &= lanes - 1
                }
            }
            i += 16
        }
        while i <= last {
            if hay[i] == pin[0], same(pin, hay + i, length) { return i }
            i += 1
        }
        return nil
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: needle, in: haystack) != nil
    }

    /// Whether `needle` occurs in `haystack` (arrays; for the few comparisons between queries).
    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { n in haystack.withUnsafeBufferPointer { h in contains(n, in: h) } }
    }

    /// The lanes of `mask` that are true, as the low 16 bits of a number (lane 0 the lowest).
    @inline(__always)
    private static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
        let weights = SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        let set = SIMD16<UInt8>.zero.replacing(with: weights, where: mask)
        return UInt32(set.lowHalf.wrappedSum()) | UInt32(set.highHalf.wrappedSum()) << 8
    }

    /// Whether the `length` bytes at `a` and at `b` are the same.
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var k = 0
        while k < length, a[k] == b[k] { k += 1 }
        return k == length
    }
}
