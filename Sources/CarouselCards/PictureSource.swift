import CarouselCanvas

/// One cell of a picture as converted, with its colours kept as RGB so that it can be faded
/// toward the background as any card is.
public struct PictureInk: Sendable, Hashable {
    public var foreground: RGB?
    public var background: RGB?

    public init(foreground: RGB?, background: RGB?) {
        self.foreground = foreground
        self.background = background
    }
}

/// A picture converted to `width` x `height` character cells (its own aspect kept, centred; the
/// cells around it are not part of it).
public struct PictureTile: Sendable {
    public let width: Int
    public let height: Int
    /// Row-major; colours as the terminal's depth wants them (palette entries at indexed depths).
    public let cells: [Cell]
    /// The same cells' colours as RGB, for fading.
    public let inks: [PictureInk]
    /// Where the picture is inside the tile; the rest is left as the card's background.
    public let area: CellRect

    public init(width: Int, height: Int, cells: [Cell], inks: [PictureInk], area: CellRect) {
        precondition(cells.count == width * height && inks.count == cells.count)
        self.width = width
        self.height = height
        self.cells = cells
        self.inks = inks
        self.area = area
    }
}

/// A picture in cells as the renderer asks for it: a card's file at a size and a blur step.
public struct PictureRequest: Sendable, Hashable {
    public var file: PictureFile
    public var columns: Int
    public var rows: Int
    /// 0 (sharp) to `PictureRequest.blurSteps`.
    public var blurStep: Int

    /// Blur steps a picture is converted at: more would convert the same picture again and again
    /// during a motion for differences that do not show.
    public static let blurSteps = 4

    public init(file: PictureFile, columns: Int, rows: Int, blurStep: Int) {
        self.file = file
        self.columns = columns
        self.rows = rows
        self.blurStep = blurStep
    }
}

/// What the renderer gets when it asks for a picture.
public enum PictureLookup: Sendable {
    /// Converted as asked.
    case ready(PictureTile)
    /// The same picture at another size or blur step, shown while the one asked for is converted.
    case standIn(PictureTile)
    /// Nothing yet (the file is being read): the card shows a placeholder.
    case pending
    /// The file cannot be shown; the reason in one line, naming the file.
    case failed(String)
}

/// Gives the renderer pictures as cells without ever making a frame wait: what is not ready is
/// converted off the frame path, and the program loop is woken when it is.
public protocol PictureSource: AnyObject, Sendable {
    /// A frame begins: what it asks for comes before anything asked earlier that is still waiting.
    func beginFrame()
    /// The picture as asked, or the best there is meanwhile; asks for it to be converted when it
    /// is not ready.
    func lookup(_ request: PictureRequest) -> PictureLookup
    /// Converts ahead of time a picture that is likely to be shown soon (the cards next to the
    /// screen), after everything a frame asked for.
    func prefetch(_ request: PictureRequest)
    /// The files may have changed (the deck was read again): drop everything decoded, converted or
    /// found broken, so each picture is read anew when next shown.
    func forget()
    /// The pictures found broken since the last call (a file cut short after its header, which only
    /// decoding finds out): the app leaves their cards out.
    func takeFailures() -> [PictureFailure]
    /// Why `file` cannot be shown, once decoding has found it broken (nil otherwise); asks for
    /// nothing to be read.
    func failure(of file: PictureFile) -> PictureFailure?
}

extension PictureSource {
    public func failure(of file: PictureFile) -> PictureFailure? { nil }
}

/// A picture that could not be decoded, and why.
public struct PictureFailure: Sendable, Equatable {
    public var file: PictureFile
    /// The file as the user named it.
    public var name: String
    /// Why, in one line without the file's name: what went wrong first, then what the decoder
    /// said (`damaged or truncated picture: Error interpreting JPEG image file (...)`).
    public var reason: String
    public init(file: PictureFile, name: String, reason: String) {
        self.file = file
        self.name = name
        self.reason = reason
    }

    /// The file's own name, without its folders (for a status line, where a path leaves room
    /// for one name: helper-13).
    public var fileName: String {
        guard let slash = name.lastIndex(of: "/"), name.index(after: slash) < name.endIndex else { return name }
        return String(name[name.index(after: slash)...])
    }

    /// The whole line, naming the file (for standard error, where there is room).
    public var description: String { name.isEmpty ? reason : "\(name): \(reason)" }

    /// What went wrong in plain words, without the decoder's own (a status line's worth):
    /// `damaged or truncated picture`, not libjpeg's `Improper call to JPEG library in state 205`.
    public var brief: String {
        guard let colon = reason.firstRange(of: ": ") else { return reason }
        return String(reason[..<colon.lowerBound])
    }
}
