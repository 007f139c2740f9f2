import CarouselCards
import CarouselPictures
import CarouselRender
import CarouselTerminal

/// How the app shows picture cards: through a picture store converting at the terminal's depth.
public enum AppPictures {
    /// The picture depth for a terminal depth.
    public static func depth(for depth: ColorDepth) -> PictureColorDepth {
        switch depth {
        case .none: .none
        case .eight: .ansi8
        case .sixteen: .ansi16
        case .palette256: .xterm256
        case .truecolor: .truecolor
        }
    }

    /// The depth pictures are converted at off a terminal: the one `--color` names, else 24-bit
    /// when colour is used at all (`--render` and tests).
    public static func depth(asked: ColorDepth?, usesColor: Bool) -> ColorDepth {
        asked ?? (usesColor ? .truecolor : .none)
    }

    /// A store converting for a terminal of `depth` (ASCII symbols with the ASCII look).
    public static func store(depth: ColorDepth, glyphs: Glyphs, execution: PictureStore.Execution, waker: Waker? = nil) -> PictureStore {
        PictureStore(depth: AppPictures.depth(for: depth), ascii: glyphs.isASCII, execution: execution,
                     wake: { waker?() })
    }

    /// What a deck checks of each picture file when it opens (from its first bytes): nil, or
    /// why it cannot be shown.
    public static let check: @Sendable ([UInt8]) -> String? = { head in
        Picture.check(head: head, path: nil)?.reason
    }
}
