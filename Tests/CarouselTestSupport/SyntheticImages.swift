/// Pictures made byte by byte for tests and benchmarks (encoders only: decoding is gdk-pixbuf's).
public enum SyntheticImages {
    /// A baseline greyscale JPEG of any size whose every 8x8 block is mid grey (128): one
    /// one-symbol Huffman table for DC and one for AC, so each block is two zero bits.
    /// 8000 x 8000 takes 250 KB and no time to make.
    public static func greyJPEG(width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ body: [UInt8]) {
            out += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))  // quantisation table 0: all 1
        segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        let oneCodeOfLengthOne: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0x00]
        segment(0xC4, [0x00] + oneCodeOfLengthOne)  // DC table 0: only "difference 0"
        segment(0xC4, [0x10] + oneCodeOfLengthOne)  // AC table 0: only end-of-block
        segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        let bits = blocks * 2
        out += [UInt8](repeating: 0, count: bits / 8)
        if bits % 8 != 0 { out.append(UInt8(0xFF >> (bits % 8))) }  // pad the last byte with 1 bits
        out += [0xFF, 0xD9]
        return out
    }
}
