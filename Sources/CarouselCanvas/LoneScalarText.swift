/// Text whose every character is a single scalar that never joins a neighbour into one grapheme
/// cluster: printable ASCII and Latin, punctuation, arrows, box drawing, shapes and symbols. Such
/// text is measured and drawn scalar by scalar from its UTF-8 bytes, without the grapheme breaking
/// that iterating `Character`s costs (the status line, titles, the dots and hints of every frame).
/// Anything else (marks, joiners, selectors, flags, Hangul, scripts with spacing marks) takes the
/// `Character` path, which gives the same result for the text this accepts.
enum LoneScalarText {
    /// Whether `v` is always a character by itself: no grapheme rule joins it to what is before or
    /// after it (it is not a control, an Extend, SpacingMark, Prepend, ZWJ, regional indicator or
    /// Hangul jamo), so a run of such scalars is a run of one-scalar characters.
    @inline(__always)
    static func standsAlone(_ v: UInt32) -> Bool {
        if v < 0x300 { return (v >= 0x20 && v < 0x7F) || (v >= 0xA0 && v != 0xAD) }
        // General punctuation without its zero-width and format characters, super- and subscripts,
        // currency signs; letterlike symbols up to the end of the miscellaneous symbols and arrows
        // (box drawing, block elements, geometric shapes, dingbats). Combining marks for symbols
        // (U+20D0-U+20FF) are left out.
        return (0x2010...0x2027).contains(v) || (0x2030...0x205F).contains(v)
            || (0x2070...0x20CF).contains(v) || (0x2100...0x2BFF).contains(v)
    }

    /// The scalar that starts at `i` in valid UTF-8 (what a `String` holds) and its length in bytes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3)
        }
        return ((b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                    | UInt32(bytes[i + 3] & 0x3F), 4)
    }

    /// Whether every scalar of the UTF-8 `bytes` stands alone.
    static func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                guard b >= 0x20 && b < 0x7F else { return false }
                i += 1
                continue
            }
            let (v, length) = decode(bytes, at: i)
            guard standsAlone(v) else { return false }
            i += length
        }
        return true
    }

    /// The columns `string` takes, or nil when not every character of it is a lone scalar.
    static func columns(_ string: String) -> Int? {
        string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard accepts(bytes) else { return nil }
            var total = 0, i = 0
            while i < bytes.count {
                let (v, length) = decode(bytes, at: i)
                total += CharacterWidth.ofCharacter(scalarValue: v)
                i += length
            }
            return total
        } ?? nil
    }
}
