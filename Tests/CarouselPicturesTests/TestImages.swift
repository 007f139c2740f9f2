import CarouselCanvas
import CarouselTestSupport
import CarouselPictures
import Foundation

/// Pictures made by the tests themselves, byte by byte (encoders only: decoding is gdk-pixbuf's).
enum TestImages {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func bytes(ofFixture name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// A 24-bit uncompressed BMP. `pixel(x, y)` is asked top row first.
    static func bmp(width: Int, height: Int, pixel: (Int, Int) -> RGB) -> [UInt8] {
        bmp(width: width, height: height, declaredWidth: width, declaredHeight: height, pixel: pixel)
    }

    /// A BMP whose header may claim another size than the pixels that follow.
    static func bmp(width: Int, height: Int, declaredWidth: Int, declaredHeight: Int, pixel: (Int, Int) -> RGB) -> [UInt8] {
        let rowSize = (width * 3 + 3) / 4 * 4
        let dataSize = rowSize * height
        var out: [UInt8] = []
        func le32(_ v: Int) { out += withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian, Array.init) }
        func le16(_ v: Int) { out += withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian, Array.init) }
        out += Array("BM".utf8)
        le32(14 + 40 + dataSize); le32(0); le32(14 + 40)
        le32(40); le32(declaredWidth); le32(declaredHeight); le16(1); le16(24); le32(0); le32(dataSize)
        le32(2835); le32(2835); le32(0); le32(0)
        for row in stride(from: height - 1, through: 0, by: -1) {  // bottom-up
            var line: [UInt8] = []
            for x in 0..<width {
                let c = pixel(x, row)
                line += [c.b, c.g, c.r]
            }
            line += [UInt8](repeating: 0, count: rowSize - width * 3)
            out += line
        }
        return out
    }

    /// An 8-bit RGBA PNG (its pixels stored, not compressed). `pixel(x, y)` gives (r, g, b, alpha).
    static func rgbaPNG(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                c ^= UInt32(byte)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc(body))
        }
        var rows: [UInt8] = []
        for y in 0..<height {
            rows.append(0)  // no filter
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                rows += [r, g, b, a]
            }
        }
        // A zlib stream of stored blocks, with its Adler-32.
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65_535, rows.count - start)
            let last: UInt8 = start + n == rows.count ? 1 : 0
            zlib += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += rows[start..<(start + n)]
            start += n
        } while start < rows.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in rows {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += be32(b << 16 | a)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// Seeded translucent noise: every colour and every alpha, fully clear and fully opaque among them.
    static func translucentNoise(width: Int, height: Int, seed: UInt64 = 7) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        return rgbaPNG(width: width, height: height) { _, _ in
            let alpha: UInt8 = switch UInt8.random(in: 0...9, using: &rng) { case 0: 0; case 1: 255; default: .random(in: 0...255, using: &rng) }
            return (.random(in: 0...255, using: &rng), .random(in: 0...255, using: &rng), .random(in: 0...255, using: &rng), alpha)
        }
    }

    static let red = RGB(255, 0, 0)
    static let blue = RGB(0, 0, 255)

    /// Left half red, right half blue.
    static func split(width: Int = 40, height: Int = 40) -> [UInt8] {
        bmp(width: width, height: height) { x, _ in x < width / 2 ? red : blue }
    }

    /// Black at the left to white at the right.
    static func horizontalGradient(width: Int = 160, height: Int = 40) -> [UInt8] {
        bmp(width: width, height: height) { x, _ in
            let v = UInt8(x * 255 / (width - 1))
            return RGB(v, v, v)
        }
    }

    /// Seeded noise: every colour, every edge.
    static func noise(width: Int = 64, height: Int = 64, seed: UInt64 = 42) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        return bmp(width: width, height: height) { _, _ in
            RGB(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
        }
    }

    /// A grey JPEG of any size, made in no time (see `SyntheticImages`).
    static func greyJPEG(width: Int, height: Int) -> [UInt8] { SyntheticImages.greyJPEG(width: width, height: height) }

    /// This process's folder of test files (tests running side by side share it), removed when the
    /// test process exits, so runs leave nothing behind in the temporary directory.
    static let temporaryFolder: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("carousel-pictures-tests-\(getpid())", isDirectory: true)
        atexit {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-pictures-tests-\(getpid())").path
            try? FileManager.default.removeItem(atPath: path)
        }
        return url
    }()

    static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = temporaryFolder
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}

extension RGB {
    var isReddish: Bool { r > 150 && g < 100 && b < 100 }
    var isBluish: Bool { b > 150 && r < 100 && g < 100 }
}

extension PictureCell {
    /// The colours a reader sees in the cell: the background around a space, the foreground of
    /// a full block, both otherwise.
    var visibleColors: [RGB] {
        switch scalar {
        case " ": return [background].compactMap { $0 }
        case "\u{2588}": return [foreground].compactMap { $0 }
        default: return [foreground, background].compactMap { $0 }
        }
    }

    var visibleIndices: [UInt8] {
        switch scalar {
        case " ": return [backgroundIndex].compactMap { $0 }
        case "\u{2588}": return [foregroundIndex].compactMap { $0 }
        default: return [foregroundIndex, backgroundIndex].compactMap { $0 }
        }
    }
}

/// Runs `body` with file descriptor 2 sent to a temporary file, and returns what was written.
func captureStandardError(_ body: () -> Void) throws -> String {
    let path = try TestImages.temporaryFile("stderr-\(UInt64.random(in: 0...UInt64.max)).txt", [])
    fflush(nil)
    let saved = dup(2)
    let fd = open(path, O_WRONLY | O_TRUNC)
    precondition(saved >= 0 && fd >= 0)
    dup2(fd, 2)
    body()
    fflush(nil)
    dup2(saved, 2)
    close(fd)
    close(saved)
    return try String(contentsOfFile: path, encoding: .utf8)
}
