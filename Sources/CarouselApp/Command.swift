import CarouselCore

/// What a key asks the program to do. Most commands move the carousel (they become engine actions
/// at the moment they arrive); help, search, opening, playing and ending belong to the app.
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
    /// End normally (exit status 0; with `--pick`, nothing chosen: 1).
    case quit
    /// Ctrl-C: end at once (exit status 130, as fzf and a shell's interrupt).
    case interrupt
    /// `--pick`: print the active card and end (exit status 0).
    case choose
    /// Open the active card full screen.
    case zoom
    case closeZoom
    /// Scroll a zoomed card's text by lines, by pages, to its top or its end.
    case scroll(Int)
    case scrollPage(Int)
    case scrollTop
    case scrollEnd
    /// A page on (back) in a zoomed card's text, or from its last (first) page the next
    /// (previous) card: a pager's Space and a presenter's clicker.
    case turnPage(Int)
    /// Open the search line at the bottom.
    case find
    /// While the search line is open: type the key's character, delete the last one (the last
    /// word, the whole query), keep the matches and close the line, or clear the search.
    case type
    case erase
    case eraseWord
    case eraseLine
    case keepMatches
    case clearSearch
    /// The next / previous match (wrapping round, as in less and vim).
    case nextMatch(Int)
    /// Open the active card's file in `$VISUAL` / `$EDITOR`, or run `--open-with` on it.
    case open
    /// Pause or resume the slideshow.
    case togglePlay
}

extension Command {
    /// Whether the command acts on the cards a search shows, and so waits for the search to
    /// answer (see `AppModel.handle`): moving, choosing, opening and scrolling a card.
    var waitsForSearch: Bool {
        switch self {
        case .move, .first, .last, .page, .digit, .choose, .zoom, .scroll, .scrollPage, .scrollTop, .scrollEnd, .turnPage, .nextMatch, .open:
            true
        case .toggleMode, .nextStyle, .toggleLoop, .toggleHelp, .quit, .interrupt, .closeZoom, .find, .type, .erase, .eraseWord, .eraseLine, .keepMatches,
             .clearSearch, .togglePlay:
            false
        }
    }
}
