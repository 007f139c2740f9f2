/// A 24-bit colour. The terminal layer maps it down to whatever depth the terminal has.
public struct RGB: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }

    /// Parses `#RRGGBB` (hex digits in either case); nil for anything else. The one reader of hex
    /// colours: manifests' accents and tests use it.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for byte in bytes.dropFirst() {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        self.init(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }

    /// `#RRGGBB`.
    public var hex: String {
        func two(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + two(r) + two(g) + two(b)
    }

    /// Mixes toward `other`: t = 0 gives self, t = 1 gives other.
    public func mixed(with other: RGB, _ t: Double) -> RGB {
        let t = min(max(t, 0), 1)
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(min(max((Double(a) + (Double(b) - Double(a)) * t).rounded(), 0), 255))
        }
        return RGB(m(r, other.r), m(g, other.g), m(b, other.b))
    }

    /// Relative luminance in 0...1 (Rec. 709 weights on the gamma-encoded values; good enough for glyph density).
    public var luminance: Double {
        (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255
    }
}
