import CarouselCanvas
import CPictures

extension RGB {
    /// From 0x00RRGGBB, as chafa gives it.
    init(packed: UInt32) {
        self.init(UInt8((packed >> 16) & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8(packed & 0xFF))
    }
}

/// The terminal's colour depth, as the picture's cells should use it.
public enum PictureColorDepth: Int, Sendable, CaseIterable {
    /// No colour (NO_COLOR, a mono terminal): brightness becomes glyph density; every cell uses
    /// the terminal's default colours.
    case none = 0
    /// ANSI colours 0-7.
    case ansi8 = 8
    /// ANSI colours 0-15.
    case ansi16 = 16
    /// xterm's 256 colours; chafa picks from 16-255 (the cube and the greys), whose RGB values
    /// are the same in every terminal, unlike 0-15.
    case xterm256 = 256
    /// 24-bit colour.
    case truecolor = 24
}

/// A size in pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The most pixels chafa can use for a picture drawn in at most `columns` x `rows` cells:
    /// it samples 8 pixels across each cell, and a cell is twice as tall as it is wide. Loading
    /// larger costs time and memory and shows nothing more.
    public static func enough(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: max(1, columns) * 8, height: max(1, rows) * 16)
    }
}

/// One character cell of a picture.
public struct PictureCell: Hashable, Sendable {
    /// Never a control character, never double width; 7-bit when asked for ASCII.
    public var scalar: Unicode.Scalar
    /// `nil`: the terminal's default colour. For indexed depths, the RGB of the palette entry.
    public var foreground: RGB?
    public var background: RGB?
    /// For `.ansi8`, `.ansi16` and `.xterm256`: the palette index chafa chose (what an indexed
    /// terminal should be sent); `nil` otherwise and where the colour is the default.
    public var foregroundIndex: UInt8?
    public var backgroundIndex: UInt8?
    /// `false` for the padding around a picture whose aspect differs from the area's.
    public var isPicture: Bool

    public init(
        scalar: Unicode.Scalar, foreground: RGB?, background: RGB?,
        foregroundIndex: UInt8? = nil, backgroundIndex: UInt8? = nil, isPicture: Bool = true
    ) {
        self.scalar = scalar
        self.foreground = foreground
        self.background = background
        self.foregroundIndex = foregroundIndex
        self.backgroundIndex = backgroundIndex
        self.isPicture = isPicture
    }
}

/// A picture converted to `columns` x `rows` cells, row by row.
public struct PictureCells: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    /// `columns * rows` cells, row-major.
    public let cells: [PictureCell]
    /// Where the picture is; the rest is padding (spaces in default colours).
    public let pictureArea: CellRect

    public subscript(column: Int, row: Int) -> PictureCell {
        cells[row * columns + column]
    }

    /// The glyphs alone, one line per row (for logs and tests).
    public var text: String {
        var out = String.UnicodeScalarView()
        for row in 0..<rows {
            for column in 0..<columns { out.append(self[column, row].scalar) }
            if row < rows - 1 { out.append("\n") }
        }
        return String(out)
    }
}

/// Why a picture could not be loaded.
public struct PictureError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The file cannot be opened or read.
        case unreadable
        /// Not a picture, or a format that is not shown.
        case unsupported
        /// A known format, damaged or truncated.
        case corrupt
        /// Too many pixels to decode.
        case tooLarge
        case outOfMemory
        case invalidArgument
    }

    public let kind: Kind
    /// The file, when loaded from one.
    public let path: String?
    /// One line, without the path.
    public let reason: String

    public init(kind: Kind, path: String?, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// One line for the user: `photo.png: damaged or truncated picture: ...`.
    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}

/// A decoded picture, halved at load (see `level(width:height:for:)`), ready to be drawn as cells at any size.
///
/// Immutable once loaded, so it is safe to share between threads and to convert on a
/// background thread while the main thread draws (every conversion builds its own chafa
/// canvas).
public final class Picture: Sendable {
    // The C image is never written after cp_load returns; cp_render only reads it.
    private nonisolated(unsafe) let image: OpaquePointer

    /// Size as decoded (after halving at load and EXIF orientation).
    public let width: Int
    public let height: Int
    /// How many times the picture was halved (see `level(width:height:for:)`).
    public let level: Int
    /// Size in the file.
    public let originalWidth: Int
    public let originalHeight: Int
    /// "png", "jpeg", "gif", "webp", "bmp" or "tiff".
    public let format: String

    private init(_ image: OpaquePointer) {
        self.image = image
        width = Int(cp_image_width(image))
        height = Int(cp_image_height(image))
        level = Int(cp_image_level(image))
        originalWidth = Int(cp_image_original_width(image))
        originalHeight = Int(cp_image_original_height(image))
        format = String(cString: cp_image_format(image))
    }

    deinit { cp_free(image) }

    /// The formats this machine decodes (WebP needs gdk-pixbuf's WebP loader).
    public static var supportedFormats: [String] {
        String(cString: cp_supported_formats()).split(separator: ",").map(String.init)
    }

    /// Decodes the file at `path` (its first frame) at the level `level(width:height:for:)` gives
    /// for `maxSize`: at least the pixels of its fit there (in either orientation: a level may hold
    /// more than twice the fit across when the picture's shape is far from the area's).
    public static func load(path: String, maxSize: PixelSize) throws(PictureError) -> Picture {
        try make(path: path) { status, buffer, size in
            cp_load(path, Int32(clamping: maxSize.width), Int32(clamping: maxSize.height), status, buffer, size)
        }
    }

    /// The same for a path given as bytes (a file name need not be UTF-8).
    public static func load(pathBytes: [UInt8], maxSize: PixelSize) throws(PictureError) -> Picture {
        let shown = String(decoding: pathBytes, as: UTF8.self)
        guard !pathBytes.contains(0) else {
            throw PictureError(kind: .unreadable, path: shown, reason: "cannot open the file: bad file name")
        }
        let terminated = pathBytes.map { CChar(bitPattern: $0) } + [0]
        return try make(path: shown) { status, buffer, size in
            terminated.withUnsafeBufferPointer { path in
                cp_load(path.baseAddress, Int32(clamping: maxSize.width), Int32(clamping: maxSize.height), status, buffer, size)
            }
        }
    }

    /// Decodes a picture held in memory.
    public static func load(bytes: some Collection<UInt8>, maxSize: PixelSize) throws(PictureError) -> Picture {
        let array = Array(bytes)
        return try make(path: nil) { status, buffer, size in
            array.withUnsafeBytes { raw in
                cp_load_memory(
                    raw.baseAddress, raw.count, Int32(clamping: maxSize.width), Int32(clamping: maxSize.height),
                    status, buffer, size)
            }
        }
    }

    private static func make(
        path: String?,
        _ load: (UnsafeMutablePointer<cp_status>, UnsafeMutablePointer<CChar>, Int) -> OpaquePointer?
    ) throws(PictureError) -> Picture {
        var status = CP_OK
        var message = [CChar](repeating: 0, count: 512)
        let image = message.withUnsafeMutableBufferPointer { buffer in
            load(&status, buffer.baseAddress!, buffer.count)
        }
        if let image { return Picture(image) }
        let kind: PictureError.Kind
        switch status {
        case CP_ERR_OPEN: kind = .unreadable
        case CP_ERR_UNSUPPORTED: kind = .unsupported
        case CP_ERR_TOO_LARGE: kind = .tooLarge
        case CP_ERR_MEMORY: kind = .outOfMemory
        case CP_ERR_ARGUMENT: kind = .invalidArgument
        default: kind = .corrupt
        }
        let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        throw PictureError(kind: kind, path: path, reason: reason.isEmpty ? "cannot load the picture" : reason)
    }

    /// Whether a file beginning with `head` (its first few hundred bytes) is a picture this
    /// machine can decode, from its signature and header alone: nil, or why not. Decodes nothing.
    public static func check(head: some Collection<UInt8>, path: String?) -> PictureError? {
        let bytes = Array(head)
        var status = CP_OK
        var message = [CChar](repeating: 0, count: 256)
        let format = bytes.withUnsafeBytes { raw in
            message.withUnsafeMutableBufferPointer { buffer in
                cp_check(raw.baseAddress, raw.count, &status, buffer.baseAddress!, buffer.count)
            }
        }
        guard format == nil else { return nil }
        let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return PictureError(kind: status == CP_ERR_CORRUPT ? .corrupt : status == CP_ERR_TOO_LARGE ? .tooLarge : .unsupported, path: path,
                            reason: reason.isEmpty ? "not a picture" : reason)
    }

    /// The level a picture of `width` x `height` pixels (its original size) is converted from
    /// for drawing within `maxSize`: the most times it can be halved, each side rounded up, and
    /// still hold the pixels of its fit there (in either orientation). A picture at a given size
    /// in cells is always drawn from the same pixels, whatever sizes came before it.
    public static func level(width: Int, height: Int, for maxSize: PixelSize) -> Int {
        Int(cp_level(Int32(clamping: width), Int32(clamping: height), Int32(clamping: maxSize.width), Int32(clamping: maxSize.height)))
    }

    /// The picture at `level`, made by halving this one when that gives the very pixels a load
    /// at that level gives (`nil` when it does not, or memory runs out).
    public func halved(toLevel level: Int) -> Picture? {
        guard canHalve(toLevel: level), let smaller = cp_halved(image, Int32(clamping: level - self.level)) else { return nil }
        return Picture(smaller)
    }

    /// Whether halving this picture gives the very pixels a load at `level` gives (a smaller
    /// level, past those the format's decoder makes itself).
    public func canHalve(toLevel level: Int) -> Bool { cp_can_halve_to(image, Int32(clamping: level)) != 0 }

    /// Bytes of pixels held.
    public var byteCount: Int { width * height * 4 }

    /// A smaller copy (fitting `maxSize`, aspect kept): drawn as large as this one, it looks out
    /// of focus. Nil when memory runs out.
    public func scaled(toFit maxSize: PixelSize) -> Picture? {
        guard let copy = cp_scaled(image, Int32(clamping: maxSize.width), Int32(clamping: maxSize.height)) else { return nil }
        return Picture(copy)
    }

    /// Where the picture goes inside `columns` x `rows` cells (as large as fits, aspect kept,
    /// a cell taken as twice as tall as wide, centred).
    public func fit(columns: Int, rows: Int) -> CellRect {
        let r = cp_fit(image, Int32(clamping: columns), Int32(clamping: rows))
        return CellRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
    }

    /// The picture as `columns` x `rows` character cells, drawn by chafa at `depth`: block and
    /// border symbols, or 7-bit ASCII with `ascii`. With `.none`, `lightBackground` says the
    /// terminal draws dark glyphs on a light background (dense glyphs then mean dark).
    /// Safe to call from any thread; takes a few milliseconds (see NOTES.md).
    /// A picture with fewer pixels than the cells is enlarged pixel by pixel, sharp, unless
    /// `smooth` (a picture shrunk to be blurred).
    public func cells(
        columns: Int, rows: Int, depth: PictureColorDepth, ascii: Bool, lightBackground: Bool = false, smooth: Bool = false
    ) -> PictureCells {
        let columns = max(0, columns), rows = max(0, rows)
        guard columns > 0, rows > 0 else {
            return PictureCells(columns: columns, rows: rows, cells: [], pictureArea: CellRect(x: 0, y: 0, width: 0, height: 0))
        }
        var raw = [cp_cell](repeating: cp_cell(), count: columns * rows)
        var used = cp_rect()
        let flags = UInt32(ascii ? CP_RENDER_ASCII : 0) | UInt32(lightBackground ? CP_RENDER_LIGHT_BACKGROUND : 0)
            | UInt32(smooth ? CP_RENDER_SMOOTH : 0)
        let result = raw.withUnsafeMutableBufferPointer { buffer in
            cp_render(image, Int32(columns), Int32(rows), Int32(depth.rawValue), flags, buffer.baseAddress, &used)
        }
        precondition(result == 0, "cp_render refused \(columns)x\(rows) at depth \(depth)")
        let fgDefault = UInt8(CP_CELL_FG_DEFAULT), bgDefault = UInt8(CP_CELL_BG_DEFAULT)
        let inPicture = UInt8(CP_CELL_PICTURE)
        let cells = raw.map { c -> PictureCell in
            PictureCell(
                scalar: Unicode.Scalar(c.codepoint) ?? " ",
                foreground: c.flags & fgDefault != 0 ? nil : RGB(packed: c.fg_rgb),
                background: c.flags & bgDefault != 0 ? nil : RGB(packed: c.bg_rgb),
                foregroundIndex: c.fg_index >= 0 ? UInt8(c.fg_index) : nil,
                backgroundIndex: c.bg_index >= 0 ? UInt8(c.bg_index) : nil,
                isPicture: c.flags & inPicture != 0)
        }
        return PictureCells(
            columns: columns, rows: rows, cells: cells,
            pictureArea: CellRect(x: Int(used.x), y: Int(used.y), width: Int(used.width), height: Int(used.height)))
    }
}
