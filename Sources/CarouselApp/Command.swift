import CarouselCore

/// What a key asks the program to do. Most commands move the carousel (they become engine actions
/// at the moment they arrive); help and quitting belong to the app, not the engine.
public enum Command: Sendable, Hashable {
    case move(Int)
    case first
    case last
    case page(Int)
    /// A digit typed to jump to a card (digits typed quickly form one number).
    case digit(Int)
    case toggleMode
    case nextStyle
    case toggleLoop
    case toggleHelp
    case quit
    /// Open the active card full screen.
    case zoom
    case closeZoom
    /// Scroll a zoomed card's text by lines, by pages, to its top or its end.
    case scroll(Int)
    case scrollPage(Int)
    case scrollTop
    case scrollEnd
}
