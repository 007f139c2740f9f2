import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender
import CarouselSearch
import CarouselTerminal

/// What the app shows over the carousel: the help, a zoomed card, the search line. (The program
/// redraws when it changes.)
public struct Overlay: Sendable, Equatable {
    /// Whether the keys are shown (the `?` overlay).
    public var helpOpen = false
    /// The first key the help shows (on a screen too short for all of them).
    public var helpFirst = 0
    /// The card open full screen, if any.
    public var zoom: Zoom?
    /// Whether the search line is open (`/`): keys type into it.
    public var searching = false
    /// Whether the query is one kept from before, shown selected: the first character typed
    /// replaces it, as in a browser's find bar; Backspace edits it (`/` opened it again).
    public var queryKept = false
}

/// The app apart from the engine: the carousel's state, the pointer gesture, help, zoom, search,
/// the slideshow, opening a card and ending. It changes only through `update(_:now:)` and the few
/// calls the program loop makes between frames (`timePassed`, `replaceDeck`, `commandEnded`);
/// `render` draws it into a canvas. Work it cannot do itself (running an editor, reading the deck
/// again) it asks for as effects.
public struct AppModel {
    public private(set) var state: CarouselState
    public private(set) var overlay = Overlay()
    /// Whether the keys are shown (the `?` overlay).
    public var helpOpen: Bool { overlay.helpOpen }
    /// The zoomed card, if one is open.
    public var zoom: Zoom? { overlay.zoom }
    /// Changes on every change that is drawn besides the state and the overlay (a search result,
    /// a message, the slideshow, a deck read again).
    public private(set) var revision = 0
    /// How long a zoom takes to grow to the whole screen (none with reduced motion).
    static let zoomDuration = 0.22
    /// Lines the wheel scrolls a zoomed card by.
    static let wheelLines = 3
    private let options: AppOptions
    /// The page and length of the zoomed text, from the last frame (for paging and the end).
    private var zoomShown: ZoomInfo?
    /// Whether the status line has said once that a card's colour codes show as text.
    private var colourCodesSaid = false
    /// The query the scene's highlight marks (nil: none).
    private var highlighted: String?
    /// The size of the screen last drawn (where the help scrolls).
    private var screenSize: (width: Int, height: Int)?
    public var scene: Scene
    private var pointer = PointerGesture()
    /// The whole deck, and the cards of it the strip shows (all, or a search's matches).
    private var deck: any CardProvider
    private var shown: ShownCards
    /// The deck's card the strip rested on when a search left nothing to show.
    private var restingCard = 0
    /// Cards left out: pictures found broken when they were decoded (their header looked right
    /// when the deck was opened).
    private var hidden: Set<Int> = []
    /// The broken pictures the status line names, while it says so (`brokenMessage`).
    private var brokenNamed: [(deckIndex: Int, name: String)] = []
    private var brokenMessage: String?
    /// What is searched for (empty: nothing), and the result the strip shows.
    public private(set) var query = ""
    private var applied: SearchResult?
    /// Keys, clicks and wheel turns that came while the search had not answered, to be handled
    /// when it has (see `handle`).
    private var inputAwaitingSearch: [Input] = []
    /// The time of the input being handled.
    private var clock = 0.0
    /// How long keys wait for a search before they act on the cards it has found so far, in
    /// seconds (q after them then waits no longer either: they are read, then it).
    static let patience = 0.3
    /// When the search for the current query began (on the model's clock).
    private var searchSince = 0.0
    /// Cards are still to come (see `AppOptions.stillReading`).
    private var stillReading = false
    /// Whether keys still wait for the search's complete answer: while it runs, for a moment
    /// (keys typed at once with the query act on its answer); after that they act on the cards it
    /// has found so far, whose list goes on growing under them (over a 50 MB log, n and Right did
    /// nothing for 4 s: helper-76).
    private var keysAwaitSearch: Bool { searchIsAnswering && clock - searchSince < AppModel.patience }
    private enum Input { case key(Key), mouse(MouseEvent) }
    /// The deck's card the strip should rest on while a search narrows it: the active card when the
    /// search line opened or when the user last moved in it.
    private var searchAnchor: Int?
    /// The search behind the search line (made at the first key typed into it; tests may run a
    /// manual one by hand).
    public private(set) var search: CardSearch?
    /// How searches run: on a worker that wakes the loop (the terminal), or at once (`--render`, tests).
    public var searchExecution: CardSearch.Execution = .inline
    /// Wakes the loop when a search done on a worker has a result.
    public var waker: Waker?
    private var slideshow: Slideshow?
    private var effects: [Effect] = []
    /// Said in the status line until the next key.
    private var message: String?
    /// `n` / `N` went round the matches (what the search's note says of it), until the next key.
    private var wentRound: String?
    /// Whether the status line's slideshow note says it is held (see `refreshLabels`).
    private var slideshowHeld = false
    /// The message saying the deck could not be read again (see `sayReloadFailed`).
    private var reloadFailure: String?
    /// The files left out when the deck was last read (the status line's "(1 skipped)").
    private lazy var skippedOnReading = options.skippedCards
    /// The card a reload lost (its file gone for a moment: a save that renames the old file away
    /// first, `git stash`), and the card the strip rested on instead: when the file is back, the
    /// strip goes back to it, unless the reader has moved since (helper-52: after vim's backup
    /// save, or JetBrains' safe write, with a tenth of a second between the steps, the strip stayed
    /// on the next card).
    private var lostCard: (id: String, standIn: String)?

    public init(deck: any CardProvider, options: AppOptions, theme: Theme) {
        self.deck = deck
        self.options = options
        shown = ShownCards(deck: deck)
        state = options.initialState(count: deck.count)
        scene = Scene(theme: theme)
        scene.skippedCards = options.skippedCards
        scene.readInPart = options.readInPart
        stillReading = options.stillReading
        if let name = options.deckName { scene.deckName = name }
        scene.deckSize = deck.count
        scene.help = options.pick ? KeyTable.pickHelpRows : KeyTable.helpRows
        scene.zoomHelp = options.pick ? KeyTable.pickZoomHelpRows() : KeyTable.zoomHelpRows()
        scene.wholeZoomHelp = options.pick ? KeyTable.pickZoomHelpRows(scrolling: false) : KeyTable.zoomHelpRows(scrolling: false)
        if let interval = options.autoplay { slideshow = Slideshow(interval: interval, playing: true, now: 0) }
        refreshHints()
        message = options.notice
        if let start = options.start, start > deck.count, deck.count > 0 {
            // Started on the last card, as asked for a card past it; the status line says why.
            message = "no card \(start): the deck has \(deck.count)"
        }
        refreshLabels()
        sayColourCodes()
        endSlideshowWithNothingToShow(at: 0)
    }

    public var isAnimating: Bool { state.isAnimating || (overlay.zoom.map { $0.growth < 1 } ?? false) }

    /// When the loop must wake though nothing happens: the next slide of a slideshow that plays.
    public var deadline: Double? { slideshow?.deadline }

    /// `isAnimating` and `deadline` together, for the program's loop.
    public var motion: (animating: Bool, deadline: Double?) { (isAnimating, deadline) }

    /// The deck's index of the active card: the one the strip rests on or is heading to (Right then
    /// Enter, typed quickly, choose the card Right went to). Nil when a search left no card to show.
    public var activeDeckIndex: Int? { shown.count > 0 ? shown.deckIndex(state.targetIndex) : nil }

    /// Handles one event that arrived at `now`. Returns an outcome when the program should end.
    public mutating func update(_ event: TerminalEvent, now: Double) -> Outcome? {
        clock = now
        switch event {
        case .key(let key):
            // Any key, bound or not, waiting for the search or not, clears a message and holds the
            // slideshow (and ends the wait for a lost card: the reader has taken the strip on).
            lostCard = nil
            forgetWhatWasSaid()
            slideshow?.interacted(at: now)
            if let outcome = handle(key, now: now, replayed: false) { return outcome }
        case .mouse(let mouse):
            lostCard = nil
            slideshow?.interacted(at: now)
            // Where `n` went is said until the strip is moved otherwise (it stayed through clicks);
            // a message until a click or the wheel, as until a key (helper-92: a broken picture's
            // stayed through every click, the card's number and title never shown).
            let begins = mouse.kind != .release && mouse.kind != .drag
            if wentRound != nil || (begins && message != nil) {
                wentRound = nil
                if begins { message = nil }
                refreshLabels()
            }
            // A click or the wheel acts on the cards the search shows, as keys do: it waits too.
            if !inputAwaitingSearch.isEmpty || keysAwaitSearch {
                inputAwaitingSearch.append(.mouse(mouse))
            } else if shown.count > 0, !isTooSmall {
                handle(mouse, now: now)
            }
        case .paste(let text):
            if message != nil {
                message = nil
                refreshLabels()
            }
            slideshow?.interacted(at: now)
            if let outcome = paste(text, now: now) { return outcome }
        case .signal(let number):
            return .signal(number)
        case .wake:
            pollSearch()
        case .resize, .suspend, .end:
            break
        }
        // The search has answered: what waited for it, in the order it came.
        while !inputAwaitingSearch.isEmpty, !keysAwaitSearch {
            switch inputAwaitingSearch.removeFirst() {
            case .key(let key):
                if let outcome = handle(key, now: now, replayed: true) { return outcome }
            case .mouse(let mouse):
                if shown.count > 0 { handle(mouse, now: now) }
            }
        }
        // The slideshow's note says so while the help or a search holds it (it said "▶ 1s" over
        // the help, where no slide moves on: helper-55).
        if slideshow?.playing == true, holdsSlideshow != slideshowHeld { refreshLabels() }
        followActiveCard()
        sayColourCodes()
        endSlideshowWithNothingToShow(at: now)
        return nil
    }

    /// Whether what is open holds a playing slideshow back (see `timePassed`).
    private var holdsSlideshow: Bool { overlay.searching || helpOpen }

    /// The first time the active card shows colour codes as text (`␛[32m`: a log made for a
    /// terminal, read without `--ansi`), the status line says how to see the colours (they read
    /// as noise in the card's words, with nothing saying why). Once a run; a card read already.
    private mutating func sayColourCodes() {
        guard !colourCodesSaid, message == nil, !overlay.searching, let index = activeDeckIndex,
              case .text(let document) = deck.card(at: index).content, document.showsColourCodes else { return }
        colourCodesSaid = true
        say("Colour codes show as text: --ansi draws them.")
    }

    /// Pasted text is something to find, never keys to act on (a pasted shell command zoomed,
    /// looped and opened an editor, letter by letter): its first line that is not blank goes into
    /// the search line, which opens for it (closing the help or the zoom, as `/` does).
    private mutating func paste(_ text: String, now: Double) -> Outcome? {
        let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.replacing("\t", with: " ").trimmingPrefix(while: { $0 == " " }) }
            .first { !$0.allSatisfy { $0 == " " } }
        guard var words = line.map(String.init) else { return nil }
        while words.last == " " { words.removeLast() }
        if helpOpen, let outcome = handle(.escape, now: now, replayed: false) { return outcome }
        // A search kept from before (Enter) is replaced, not added to ("/kernel" and a pasted
        // "node5" looked for "kernelnode5"; helper-14).
        if !overlay.searching, !query.isEmpty { clearSearch() }
        if !overlay.searching, let outcome = handle(.character("/"), now: now, replayed: false) { return outcome }
        guard overlay.searching || !inputAwaitingSearch.isEmpty else { return nil }
        if overlay.searching && inputAwaitingSearch.isEmpty {
            // Typed at once, searched once: one search a character made a paste of 4,000 accented
            // or CJK characters take 5 s, deaf to Ctrl-C (helper-19). (In the search line every
            // character types.)
            if overlay.queryKept { query = "" }
            overlay.queryKept = false
            query += Self.searchable(words)
            runSearch()
            return nil
        }
        for c in words {
            if let outcome = handle(.character(c), now: now, replayed: false) { return outcome }
        }
        return nil
    }

    /// What is typed or pasted into the search line, without the format characters (joiners,
    /// zero-width spaces, direction marks, tags) that a card's text never holds as they are (the
    /// deck's sanitiser removes them, or shows bidi controls as �): a pasted 👨‍👩 found nothing,
    /// and the search line showed its joiner at the query's end (helper-46).
    static func searchable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0xAD && $0.properties.generalCategory == .format }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .format }))
    }

    /// Whether the search for what is typed has yet to give its complete result (it runs on a
    /// worker: a big deck takes a while).
    /// (Public: the loop holds a deck read again until the search has answered; see `Program`.)
    public var searchIsAnswering: Bool {
        guard !query.isEmpty else { return false }
        return applied?.query != query || applied?.isComplete != true
    }

    private mutating func handle(_ key: Key, now: Double, replayed: Bool) -> Outcome? {
        let command = KeyTable.command(for: key, helpOpen: helpOpen, zoomed: overlay.zoom != nil,
                                       searching: overlay.searching, picking: options.pick)
        // A key that acts on the cards the search shows waits for its answer, and every key after
        // it keeps its turn, read in the place the keys before it lead to (`/lorem` Enter Enter,
        // typed at once with `--pick`, chose the card the strip showed before the search answered;
        // `e` opened it). Typing into the search line, closing it, clearing it and quitting do not
        // wait while nothing waits; Ctrl-C never does.
        if command != .interrupt {
            if !replayed && !inputAwaitingSearch.isEmpty {
                inputAwaitingSearch.append(.key(key))
                return nil
            }
            if let command, keysAwaitSearch, command.waitsForSearch {
                if replayed { inputAwaitingSearch.insert(.key(key), at: 0) } else { inputAwaitingSearch.append(.key(key)) }
                return nil
            }
        }
        guard let command else { return nil }
        takeWaitingZoomSteps()
        let outcome = perform(command, key: key, now: now)
        // Acting on the cards found so far: the search's later answers rest on the card it went to.
        if searchIsAnswering, command.waitsForSearch, let index = activeDeckIndex { searchAnchor = index }
        return outcome
    }

    /// Whether the screen is too small to show the cards (it says so: see `Scene.minimumSize`).
    private var isTooSmall: Bool {
        guard let size = screenSize else { return false }
        return size.width < Scene.minimumSize.width || size.height < Scene.minimumSize.height
    }

    private mutating func perform(_ command: Command, key: Key, now: Double) -> Outcome? {
        // On a screen too small to show the cards only leaving and closing act (helper-109: Enter
        // there picked a card no one could see, status 0; the arrows moved a strip no one saw; q and
        // Esc close a zoom, the help or the search line, as they do at any size: review).
        if isTooSmall, ![.quit, .interrupt, .closeZoom, .clearSearch, .keepMatches].contains(command), !(command == .toggleHelp && helpOpen) {
            return nil
        }
        // Nothing to move, zoom or choose while a search shows no card.
        let empty = shown.count == 0
        switch command {
        case .quit:
            // Over a zoomed card, where q closes rather than quits, q closes the help too.
            if helpOpen, overlay.zoom != nil {
                overlay.helpOpen = false
                return nil
            }
            if key == .escape && !query.isEmpty {
                clearSearch()
                return nil
            }
            return options.pick ? .cancelled : .quit
        case .interrupt: return .interrupted
        case .choose:
            if let index = activeDeckIndex { return .chosen(index) }
            // (With no search on, every card was left out: pictures found broken.)
            say(query.isEmpty ? "No card to pick: no picture of the deck could be read."
                : "No card to pick: the search matches none (Esc clears it).")
        case .toggleHelp:
            overlay.helpOpen.toggle()
            overlay.helpFirst = 0
        case .zoom:
            guard !empty else { break }
            overlay.zoom = Zoom(index: state.targetIndex, growth: options.reduceMotion ? 1 : 0, seeksMatch: scene.highlight != nil)
            zoomShown = nil
        case .closeZoom: overlay.zoom = nil
        case .scroll(let n) where helpOpen: scrollHelp(by: n)
        case .scrollPage(let n) where helpOpen:
            guard let help = helpLayout else { break }
            let first = overlay.helpFirst
            overlay.helpFirst = help.clamped(n > 0 ? first + help.entriesShown(from: first) : help.pageBack(from: first))
        case .scrollTop where helpOpen: overlay.helpFirst = 0
        case .scrollEnd where helpOpen: overlay.helpFirst = helpLayout?.lastFirst ?? 0
        case .scroll(let n): scroll(by: n)
        case .scrollPage(let n): scroll(by: n * max(1, zoomPage - 1))
        case .scrollTop: finishGrowth(); jumpZoom(to: 0)
        // The renderer keeps the text's last page in view.
        case .scrollEnd: finishGrowth(); jumpZoom(to: Zoom.end)
        case .turnPage(let n): turnPage(n)
        case .move(let n):
            if !empty {
                state.send(.move(n))
                if overlay.searching { searchAnchor = activeDeckIndex }
            }
        case .first: if !empty { state.send(.first) }
        case .last: if !empty { state.send(.last) }
        case .page(let n): if !empty { state.send(.page(n)) }
        case .digit(let d): if !empty { state.send(.digit(d, at: now)) }
        case .toggleMode: state.send(.toggleMode)
        case .nextStyle: state.send(.nextStyle)
        case .toggleLoop:
            state.send(.toggleLoop)
            say(state.loop ? "loop on: past the last card comes the first" : "loop off: the deck ends at its last card")
        case .find:
            // A search kept from before (Enter) comes back selected: typing starts a new one
            // (helper-15: "/After" and "quote" typed looked for "Afterquote").
            overlay.queryKept = !query.isEmpty && !overlay.searching
            overlay.searching = true
            overlay.zoom = nil
            searchAnchor = activeDeckIndex ?? restingCard
        case .type:
            if case .character(let c) = key {
                // (A joiner typed alone changes nothing, a kept search included.)
                let typed = Self.searchable(String(c))
                guard !typed.isEmpty else { break }
                if overlay.queryKept { query = "" }
                overlay.queryKept = false
                query += typed
                runSearch()
            }
        case .erase:
            overlay.queryKept = false
            if !query.isEmpty {
                query.removeLast()
                runSearch()
            }
        case .eraseWord:
            // The spaces before the last word, then the word, as readline's Ctrl-W.
            overlay.queryKept = false
            guard !query.isEmpty else { break }
            while query.last == " " { query.removeLast() }
            while let last = query.last, last != " " { query.removeLast() }
            runSearch()
        case .eraseLine:
            overlay.queryKept = false
            guard !query.isEmpty else { break }
            query = ""
            runSearch()
        case .keepMatches:
            overlay.searching = false
            overlay.queryKept = false
        case .clearSearch: clearSearch()
        case .nextMatch(let n):
            if query.isEmpty {
                say("Nothing is searched: / finds cards.")
            } else if overlay.zoom != nil, !empty {
                nextMatchInZoom(steps: n)
            } else if !empty {
                // Round the matches, as less and vim go round a file.
                goRoundMatches(by: n)
            }
        case .open: openActiveCard()
        case .togglePlay:
            if slideshow == nil {
                slideshow = Slideshow(interval: Slideshow.defaultInterval, playing: true, now: now)
            } else {
                slideshow?.toggle(at: now)
            }
            // Played again from the last card (where a slideshow without loop ends): from the first;
            // not from a zoomed last card with more of it to show, which is paged through first
            // (helper-95: p at its top went to the first card).
            if slideshow?.playing == true, !state.loop, shown.count > 1, state.targetIndex == state.count - 1, !zoomGoesOn {
                state.send(.first)
            }
            refreshHints()
            refreshLabels()
        }
        return nil
    }

    /// A zoom shows the active card: when Left / Right (or a digit) change it, the zoom shows the
    /// new one, from the top of its text. The card the strip is heading to, not the one nearest
    /// the centre, so that a key typed before the strip gets there scrolls the card it was meant for.
    private mutating func followActiveCard() {
        if let zoom = overlay.zoom, zoom.index != state.targetIndex {
            overlay.zoom = Zoom(index: state.targetIndex, growth: 1, seeksMatch: scene.highlight != nil)
            zoomShown = nil
        }
    }

    /// Lets `dt` seconds of motion pass.
    public mutating func advance(by dt: Double) {
        state.send(.tick(dt))
        if endToSay, !state.isAnimating {
            endToSay = false
            if message == nil { say(Self.lastCardMessage) }
        }
        if let zoom = overlay.zoom, zoom.growth < 1 { overlay.zoom?.growth = min(1, zoom.growth + dt / AppModel.zoomDuration) }
        followActiveCard()
    }

    /// The clock reached `now`: the slideshow moves on when a slide is due (round the deck in loop
    /// mode; otherwise it ends on the last card, paused, as a talk ends: helper-27 found it went
    /// back to the first, the whole deck rewinding). It pauses as the last card comes, not an
    /// interval later (helper-85: `▶ 5s` on the last card promised a slide that never came).
    public mutating func timePassed(_ now: Double) {
        guard slideshow?.takeSlide(at: now) == true, !holdsSlideshow, shown.count > 0 else { return }
        if endSlideshowWithNothingToShow(at: now) { return }
        // Zoomed, a slide taller than the screen is paged through first, as Space pages it
        // (helper-94: a long slide's rest was never shown).
        if let zoom = overlay.zoom, !zoom.seeksMatch, let last = zoomShown, zoom.first + last.page < last.total {
            scroll(by: max(1, zoomPage - 1))
            forgetWhatWasSaid()
            endSlideshowWithNothingToShow(at: now)
            return
        }
        state.send(.move(1))
        // A slide moving on is a step, as a key is: a message said until the next key goes, and
        // the new slide's title shows (helper-16: a broken picture's message stayed through a
        // whole slideshow nobody touched; so did where `n` went).
        forgetWhatWasSaid()
        followActiveCard()
        sayColourCodes()
        endSlideshowWithNothingToShow(at: now)
    }

    /// A playing slideshow with no slide to come pauses at once, and says so: on the last card
    /// without loop, however the strip got there (helper-87: `G` or `--start` to the last card
    /// showed `▶ 5s` for an interval that moved nothing), and on a deck or a search of one card,
    /// loop or not (one card with `--loop` said `▶` for ever; helper-29 saw one play on for ever).
    /// Not while the help or a search holds it: what it shows may still change. True when it ended.
    @discardableResult
    private mutating func endSlideshowWithNothingToShow(at now: Double) -> Bool {
        guard slideshow?.playing == true, !holdsSlideshow, shown.count > 0,
              shown.count == 1 || (!state.loop && state.targetIndex >= state.count - 1), !zoomGoesOn else { return false }
        endSlideshow(at: now, saying: message == nil)
        return true
    }

    /// A step taken (a key, a slide moving on): a message said until then goes, and where `n`
    /// went round.
    private mutating func forgetWhatWasSaid() {
        endToSay = false
        guard message != nil || wentRound != nil else { return }
        message = nil
        wentRound = nil
        refreshLabels()
    }

    /// Whether the zoomed card has more of its text below what it shows (not known until it is
    /// drawn at its full size: taken as so).
    private var zoomGoesOn: Bool {
        guard let zoom = overlay.zoom else { return false }
        guard !zoom.seeksMatch, let last = zoomShown else { return true }
        return zoom.first + last.page < last.total
    }

    /// The slideshow reached the last card (without loop): paused there, and said so unless
    /// the card has something to say itself.
    /// (Said once the strip has come to rest on it: said as the move began, it stood a frame
    /// beside the card before, `5/6 … The last card`; helper-105.)
    private mutating func endSlideshow(at now: Double, saying: Bool = true) {
        slideshow?.toggle(at: now)
        refreshHints()
        endToSay = saying && state.isAnimating
        if saying && !endToSay { say(Self.lastCardMessage) } else { refreshLabels() }
    }

    private static let lastCardMessage = "The last card: p plays the deck again from the first."
    /// The slideshow ended on a card the strip is still moving to: said when it comes to rest.
    private var endToSay = false

    /// Scrolls a zoomed card's text, within it; keys pressed before the first full zoomed frame
    /// (as `--keys` presses them, or a burst of keys) wait for it.
    private mutating func scroll(by lines: Int) {
        guard let (zoom, shownLast) = fullZoom(else: .scroll(lines)) else { return }
        overlay.zoom?.first = max(0, min(max(0, shownLast.total - shownLast.page), zoom.first + lines))
        overlay.zoom?.seeksMatch = false
        overlay.zoom?.match = nil
    }

    /// PgDn / Space (PgUp / b) in a zoomed card: a page on (back) in its text; from the text's last
    /// page (its top), or a card that has no text to page through, the next card zoomed from its
    /// top (the previous one at its last page), as a pager and a slide viewer turn pages; a search
    /// on, at its first (last) match.
    private mutating func turnPage(_ pages: Int) {
        guard let (zoom, shownLast) = fullZoom(else: .page(pages)) else { return }
        let atEdge = pages > 0 ? zoom.first + shownLast.page >= shownLast.total : zoom.first <= 0
        guard atEdge else { return scroll(by: pages * max(1, zoomPage - 1)) }
        // Nothing further that way: said, as a pager says its end (helper-94: Space on the last
        // slide did nothing, and said nothing).
        if !state.loop, pages > 0 ? state.targetIndex >= state.count - 1 : state.targetIndex <= 0 {
            return say(pages > 0 ? "The end of the last card." : "The top of the first card.")
        }
        state.send(.move(pages > 0 ? 1 : -1))
        if overlay.searching { searchAnchor = activeDeckIndex }
        followActiveCard()
        // Back, the card before opens at its last page (at its last match, a search on), as a
        // pager pages back into it (review: Space then b did not come back to where it was).
        if pages < 0, overlay.zoom?.index == state.targetIndex, overlay.zoom?.index != zoom.index {
            if overlay.zoom?.seeksMatch == true { overlay.zoom?.seeksLastMatch = true } else { overlay.zoom?.first = Zoom.end }
        }
    }

    /// The zoom (brought to its full size) and what its last full frame showed, for a key that
    /// scrolls it or goes on from it; nil when no card is zoomed, or when it has not been drawn at
    /// its full size yet (its match not found, the lines of its full width not counted: keys right
    /// after it opened, or Home while it grew): `step` is then taken from that first full frame,
    /// in order with the keys before it. (Bounded: a zoom too small to show a line takes them only
    /// when the screen grows.)
    private mutating func fullZoom(else step: ZoomStep) -> (Zoom, ZoomInfo)? {
        finishGrowth()
        guard let zoom = overlay.zoom else { return nil }
        guard !zoom.seeksMatch, let shown = zoomShown else {
            if zoom.waiting.count < 256 { overlay.zoom?.waiting.append(step) }
            return nil
        }
        return (zoom, shown)
    }

    /// Scrolls, page turns and n / N wait for the zoom's first full frame (how long its text is);
    /// a key after them keeps its turn: they are taken first, from a frame laid out now rather
    /// than at the next one (Enter PgDn Esc typed at once closed the zoom before its PgDn went to
    /// the next card, and the strip came back to the first: helper-78).
    private mutating func takeWaitingZoomSteps() {
        guard overlay.zoom?.waiting.isEmpty == false, let size = screenSize else { return }
        var scratch = Canvas(width: size.width, height: size.height)
        // (An n that goes on to another card leaves the rest to that card's first full frame.)
        for _ in 0..<4 where overlay.zoom?.waiting.isEmpty == false {
            _ = render(into: &scratch)
        }
    }

    /// Home (0) and End (`Zoom.end`) in a zoomed card: the view goes there, whatever was scrolled
    /// or sought before.
    private mutating func jumpZoom(to first: Int) {
        overlay.zoom?.first = first
        overlay.zoom?.seeksMatch = false
        overlay.zoom?.match = nil
        overlay.zoom?.waiting = []
    }

    /// `n` / `N` in a zoomed card, as in less: the view goes to the card's next (previous) line
    /// holding a match; past its last (first), to the next (previous) card that matches, opened
    /// at its first (last) match: round the matches, as on the strip.
    private mutating func nextMatchInZoom(steps: Int) {
        guard let (zoom, _) = fullZoom(else: .match(steps)) else { return }
        if zoom.index < shown.count,
           let (line, top) = scene.zoomedMatch(zoom, card: shown.card(at: zoom.index), steps: steps, page: zoomPage) {
            overlay.zoom?.first = top
            overlay.zoom?.match = zoom.width.map { ZoomAnchor(line: line, width: $0) }
            return
        }
        goRoundMatches(by: steps)
        overlay.zoom = Zoom(index: state.targetIndex, growth: 1, seeksMatch: true, seeksLastMatch: steps < 0)
        zoomShown = nil
    }

    /// To the card `steps` matches on (back), round the matches. Going round past the last (the
    /// first) is noted beside the search until the next key, as vim says "search hit BOTTOM", so
    /// that the first match again is not taken for a new one; the status line keeps the rest.
    private mutating func goRoundMatches(by steps: Int) {
        let target = state.targetIndex + steps
        state.send(.jump(to: state.wrap(target)))
        wentRound = state.count == 1 ? "(the only match)" : target >= state.count ? "(round to the first)"
            : target < 0 ? "(round to the last)" : nil
        refreshLabels()
    }

    /// How the help is laid out on the screen last drawn (nil before the first frame).
    private var helpLayout: HelpLayout? {
        screenSize.map { HelpLayout(overlay.zoom == nil ? scene.help : scene.shownZoomHelp, glyphs: scene.theme.glyphs,
                                    width: $0.width, height: $0.height) }
    }

    /// Scrolls the help by keys (entries), within them.
    private mutating func scrollHelp(by keys: Int) {
        guard let help = helpLayout else { return }
        overlay.helpFirst = help.clamped(overlay.helpFirst + keys)
    }

    /// A key that scrolls a zoom still growing brings it to its full size at once, so that what it
    /// scrolls is the text as the full zoom lays it out (lines counted while it grew, at narrower
    /// widths, are other lines), by the full zoom's page.
    private mutating func finishGrowth() {
        guard let zoom = overlay.zoom, zoom.growth < 1 else { return }
        overlay.zoom?.growth = 1
        overlay.zoom?.width = nil
        zoomShown = nil
    }

    /// Lines the zoomed text shows at once: as the last full-size frame showed them, else as the
    /// screen's size gives them (all rows above the status line, less the frame's two).
    private var zoomPage: Int {
        if let zoomShown { return zoomShown.page }
        return screenSize.map { max(1, ChromeRows(height: $0.height).status - 2) } ?? 2
    }

    /// Draws the whole screen; the viewport follows the canvas's size.
    public mutating func render(into canvas: inout Canvas) -> FrameInfo {
        let viewport = Scene.viewport(width: canvas.width, height: canvas.height)
        if state.viewport != viewport { state.send(.setViewport(viewport)) }
        scene.searchLine = overlay.searching ? SearchLine(query: query, status: searchStatus, selected: overlay.queryKept) : nil
        if screenSize?.width != canvas.width || screenSize?.height != canvas.height {
            // A help scrolled to its end stays there (helper-43: at 30x10 it showed the middle).
            let atEnd = overlay.helpFirst > 0 && helpLayout.map { overlay.helpFirst >= $0.lastFirst } == true
            screenSize = (canvas.width, canvas.height)
            // A new size may hold more of the help: no further down than its last page.
            if overlay.helpFirst > 0, let help = helpLayout { overlay.helpFirst = atEnd ? help.lastFirst : help.clamped(overlay.helpFirst) }
        }
        let info = scene.render(state, deck: shown, helpOpen: helpOpen, helpFirst: overlay.helpFirst, zoom: overlay.zoom, into: &canvas)
        // What the zoom showed keeps the scroll within the text (not while it is too small to show any).
        if let shown = info.zoom, shown.page > 0 {
            // Laid out at another width than the full zoom's last frame (a resize): the reader's
            // place is kept as it was left. (Not from the widths a growing zoom passes through,
            // nor while it seeks its match.)
            var anchor = overlay.zoom?.anchor
            if anchor == nil, let zoom = overlay.zoom, zoom.growth >= 1, !zoom.seeksMatch, let last = zoomShown,
               let width = zoom.width, last.width == width, width != shown.width, zoom.first < Zoom.end / 2 {
                anchor = ZoomAnchor(line: zoom.first, width: width)
            }
            // (A growing zoom's page and length are not the full zoom's: scrolling waits for it.)
            if overlay.zoom?.growth ?? 0 >= 1 {
                let known = zoomShown != nil
                zoomShown = shown
                // Now known whether the last slide shows whole: the slideshow pauses as it comes
                // (see `zoomGoesOn`).
                if !known, slideshow?.playing == true { endSlideshowWithNothingToShow(at: clock) }
            }
            overlay.zoom?.first = shown.first
            overlay.zoom?.anchor = anchor?.width == shown.width ? nil : anchor
            overlay.zoom?.width = shown.width
            // Found at full size: from here on the reader scrolls, from there by what was
            // scrolled before (drawn again so: this frame is the one shown).
            if overlay.zoom?.growth ?? 0 >= 1, overlay.zoom?.seeksMatch == true {
                overlay.zoom?.seeksMatch = false
                overlay.zoom?.seeksLastMatch = false
                overlay.zoom?.match = shown.match.flatMap { line in shown.width.map { ZoomAnchor(line: line, width: $0) } }
            }
            // Scrolls and n / N typed before the zoom's full frame (or its match) said how long
            // the text is: taken now, in order, one at a time (an n that goes on to another card
            // leaves the rest to that card's first full frame).
            if overlay.zoom?.growth ?? 0 >= 1, overlay.zoom?.seeksMatch == false, let waiting = overlay.zoom?.waiting, !waiting.isEmpty {
                overlay.zoom?.waiting = []
                for (i, step) in waiting.enumerated() {
                    guard let zoom = overlay.zoom else { break }
                    if zoom.seeksMatch || zoomShown == nil {
                        overlay.zoom?.waiting = Array(waiting[i...])
                        break
                    }
                    switch step {
                    case .scroll(let lines): scroll(by: lines)
                    case .match(let steps): nextMatchInZoom(steps: steps)
                    case .page(let pages): turnPage(pages)
                    }
                }
                return render(into: &canvas)
            }
        }
        return info
    }

    /// What `--pick` prints for the deck's card `index`: from the deck as it is now (it may have
    /// been read again since the program started).
    public func choiceText(for index: Int) -> [UInt8] {
        CardChoice.text(of: deck.card(at: index), index: index, field: options.print, lines: options.lines)
    }

    // MARK: Effects

    /// The work asked for since the last call, for the program loop to do.
    public mutating func takeEffects() -> [Effect] {
        defer { effects.removeAll() }
        return effects
    }

    /// `e`: the active card's file in the editor, or `--open-with` run on the card.
    private mutating func openActiveCard() {
        guard let index = activeDeckIndex else { return }
        let card = deck.card(at: index)
        // Where the file opens: a zoomed card where the reader is, else its first line holding the
        // search, else the first line of its part of the file (nil: the top).
        let place = CardChoice.place(of: card, lines: options.lines)
        let file = place?.file
        var line: Int?
        if let named = place?.line {
            line = named  // (a line of `grep -n`: the line it found)
        } else if var zoom = overlay.zoom, let top = scene.zoomedSourceLine(zoom, card: card) {
            line = top
            // The match a search brought the view to, rather than the line above it at the top
            // (helper-31: `e` opened two lines above the match the zoom showed).
            // (Counted at the width the match was found at: a resize since changed the zoom's.)
            if !query.isEmpty, let match = zoom.match {
                zoom.first = match.line
                zoom.width = match.width
                line = scene.zoomedSourceLine(zoom, card: card) ?? top
            }
        } else if let file {
            line = CardChoice.line(of: card, in: file, matching: query.isEmpty ? nil : SearchQuery(query))
        }
        if let script = options.openWith {
            let target = CardChoice.text(of: card, index: index, field: options.print, lines: options.lines)
            if script.contains("{file}") && file == nil {
                say(!options.lines ? "No file for {file}: this card came from a pipe, a manifest or the built-in deck."
                    : CardChoice.namesDirectory(card) ? "No file for {file}: the line is a folder ({} is the line)."
                    : "No file for {file}: the line is no file's path (nor grep -n's path:LINE:).")
                return
            }
            // `+LINE` goes only with a file (with --print title, the target is not one); {line} always.
            let opensFile = target == file || script.contains("{line}") || script.contains("{file}")
            effects.append(.run(ExternalCommand(script: script, target: target, name: Self.openWithName(script), line: opensFile ? line : nil,
                                                file: file)))
        } else if case .image(let picture) = card.content, file == nil || file == picture.path {
            // A text editor shows a picture's bytes (vi opened a JPEG as a screenful of noise).
            // (Short enough for an 80-column status line: it was cut before "with a viewer".)
            // (A Markdown slide of one picture opens its talk, at the slide: review.)
            say("Pictures open with --open-with 'xdg-open {}', not in a text editor.")
        } else if let file {
            let name = options.editor.split(separator: " ").first.map(String.init) ?? options.editor
            var command = ExternalCommand(script: options.editor, target: file, name: name, line: line)
            command.program = ExternalCommand.plainProgram(options.editor)
            effects.append(.run(command))
        } else if options.lines && CardChoice.namesDirectory(card) {
            say("No file to open: the line is a folder (--open-with runs a command on it).")
        } else if options.lines {
            say("No file to open: the line is no file's path (nor grep -n's path:LINE:).")
        } else {
            say("No file to open: this card came from a pipe, a manifest or the built-in deck.")
        }
    }

    /// A command run outside has ended: say so if it failed.
    public mutating func commandEnded(_ command: ExternalCommand, status: CommandStatus) {
        switch status {
        case .exited(0): break
        case .exited(127): say("\(command.name): command not found")
        case .exited(let code): say("\(command.name) ended with exit status \(code)")
        case .killed(let signal): say("\(command.name) was ended by signal \(signal)")
        case .failed(let reason): say("cannot run \(command.name): \(reason)")
        }
    }

    /// How messages name an `--open-with` command: its program, where the script is one simple
    /// command (`nonexistent-cmd: command not found`, where "--open-with: command not found" left
    /// the user to guess which; helper-49), else `--open-with` (a script of several commands,
    /// quotes or redirections, where the first word may not be what failed).
    static func openWithName(_ script: String) -> String {
        guard !script.contains(where: { ";|&<>`$()'\"\\".contains($0) }) else { return "--open-with" }
        // (Past the variables set for it: `FOO=1 vim {}` runs vim.)
        let words = script.split(whereSeparator: { $0 == " " || $0 == "\t" }).drop { $0.contains("=") }
        guard let first = words.first, !first.contains("{") else { return "--open-with" }
        return String(first)
    }

    /// The terminal came back to the carousel or changed under it (after a suspend and `fg`, a
    /// command run outside, a stop from outside, a resize): as a key does, this holds the next
    /// slide for a whole interval, so the slide a presenter comes back to is not replaced at once
    /// (the slideshow's clock ran on while it was stopped: helper-45 came back from a demo in the
    /// shell to the next slide).
    public mutating func terminalCameBack(at now: Double) {
        slideshow?.interacted(at: now)
    }

    /// Shows `text` in the status line until the next key.
    public mutating func say(_ text: String) {
        message = text
        refreshLabels()
    }

    /// Says why the deck could not be read again, until the next key or until it is read again.
    public mutating func sayReloadFailed(_ text: String) {
        say(text)
        reloadFailure = text
    }

    /// The deck was read again: show it, resting on the same card (by its identity) if it is still
    /// there, else at the same place; a search in force is run on it again.
    /// `unchanged`: how many of its first cards are the deck's before (it grew at its end): a
    /// search in force looks at the others only, its matches among those kept.
    public mutating func replaceDeck(_ newDeck: any CardProvider, name: String? = nil, skipped: Int? = nil, readInPart: Bool? = nil, stillReading: Bool? = nil,
                                     unchanged: Int = 0) {
        guard newDeck.count > 0 else {
            sayReloadFailed("The deck has no card left; still showing the cards read before.")
            return
        }
        scene.deckName = name ?? Scene.programName
        // The deck read again: what was said when it could not be is no longer true (helper-16:
        // a manifest's error stayed after the manifest was mended, until a key).
        if message != nil && message == reloadFailure {
            message = nil
            refreshLabels()
        }
        reloadFailure = nil
        let activeID = activeDeckIndex.map { deck.cardID(at: $0) }
        let activeCard = activeDeckIndex.map { deck.card(at: $0) }
        let old = activeDeckIndex ?? restingCard
        let shownBefore = shown
        let oldDeck = deck
        let zoomTop = zoomedTop()
        deck = newDeck
        // (Checked at both ends of what is said to be unchanged.)
        let kept = unchanged > 0 && unchanged <= oldDeck.count && unchanged <= newDeck.count
            && newDeck.cardID(at: 0) == oldDeck.cardID(at: 0) && newDeck.cardID(at: unchanged - 1) == oldDeck.cardID(at: unchanged - 1)
            ? unchanged : 0
        let known = applied.flatMap { $0.query == query && $0.isComplete ? $0 : nil }
        let searchBefore = search
        search = nil
        applied = nil
        scene.searchGoesOn = false
        hidden = []
        if let skipped { skippedOnReading = skipped }
        if let readInPart { scene.readInPart = readInPart }
        if let stillReading { self.stillReading = stillReading }
        scene.skippedCards = skippedOnReading
        scene.deckSize = newDeck.count
        scene.forgetCards()
        scene.pictures?.forget()
        changed()
        // (Where it was first: standard input read on adds cards after the others, and a deck of a
        // million lines is not searched for each new one.)
        var found = activeID.flatMap { id in
            old < newDeck.count && newDeck.cardID(at: old) == id ? old : (0..<newDeck.count).first { newDeck.cardID(at: $0) == id }
        }
        // A slide's identity is its place in its file: a slide added, removed or merged above gives
        // it to another. The slide that holds its text then wins (review: by title first, a common
        // one, "Questions?", went to another part's; a slide titled by its number never looked),
        // then one titled as it was, then its place.
        if let at = found, let activeID, let activeCard, AppModel.slideNumber(of: activeID) != nil,
           newDeck.card(at: at).content != activeCard.content {
            found = AppModel.slideHolding(activeCard, as: activeID, near: at, in: newDeck)
                ?? (newDeck.card(at: at).title != activeCard.title ? AppModel.sameSlide(titled: activeCard.title, as: activeID, near: at, in: newDeck) : nil)
                ?? at
        } else if let at = found, let activeID, let activeCard, newDeck.card(at: at).title != activeCard.title {
            found = AppModel.sameSlide(titled: activeCard.title, as: activeID, near: at, in: newDeck) ?? at
        } else if found == nil, let activeID, let activeCard, AppModel.slideNumber(of: activeID) != nil {
            // A slide gone (the `---` above it deleted): the slide of its file that now holds its text.
            found = AppModel.slideHolding(activeCard, as: activeID, near: old, in: newDeck)
        }
        if let lost = lostCard, lost.standIn == activeID,
           let back = (0..<newDeck.count).first(where: { newDeck.cardID(at: $0) == lost.id }) {
            found = back
            lostCard = nil
        }
        if found == nil, let activeID { found = AppModel.renamed(activeID, from: oldDeck, to: newDeck) }
        restingCard = found ?? min(old, newDeck.count - 1)
        if found == nil, let activeID {
            // (A stand-in lost in its turn keeps the wait for the first card.)
            let first = lostCard.flatMap { $0.standIn == activeID ? $0.id : nil } ?? activeID
            lostCard = (id: first, standIn: newDeck.cardID(at: restingCard))
        } else if let lost = lostCard, let found, newDeck.cardID(at: found) != lost.standIn {
            lostCard = nil
        }
        searchAnchor = restingCard
        // (A zoom on the same card stays at the text it showed: see `keepZoomedTop`.)
        defer { if found != nil { keepZoomedTop(zoomTop) } }
        // Where the deck only grew, the search goes on with what it read of the cards before (their
        // text, its complete results): a query, the one in force or the next, reads the new cards only.
        if kept > 0, let searchBefore {
            let waker = self.waker
            search = CardSearch(cards: newDeck, execution: searchExecution, waker: { waker?() }, known: known, carrying: searchBefore,
                                through: kept)
        }
        guard !query.isEmpty else {
            show(nil, resting: restingCard)
            return
        }
        // The search in force runs again on the new deck, beside the frames as always; until it
        // answers, the cards it matched before are shown where they still are. Where the deck only
        // grew, it looks at the new cards only, its matches before kept.
        if kept > 0, let known {
            // (Its count goes on from the matches kept, `+` until the new cards are looked at: it
            // said "searching…" alone at each new deck, between two counts; helper-116.)
            var carried = known
            if (known.matches.last ?? -1) >= kept { carried.matches = known.matches.filter { $0 < kept } }
            carried.isComplete = false
            carried.scanned = kept
            applied = carried
            scene.searchGoesOn = true
            show(carried.matches, resting: restingCard)
            startSearch()
            return
        }
        var place: [String: Int] = [:]
        place.reserveCapacity(newDeck.count)
        for i in 0..<newDeck.count { place[newDeck.cardID(at: i)] = i }
        show((0..<shownBefore.count).compactMap { place[shownBefore.cardID(at: $0)] }.sorted(), resting: restingCard)
        startSearch()
    }

    /// Where a zoomed text was last shown from, as rows of text: the rows from its top on (a page
    /// and more, to tell a place apart from a like one), the row number, the width, and how many
    /// rows the text had. Nil where it is not scrolled down.
    typealias ZoomedTop = (rows: [String], first: Int, width: Int, total: Int)

    private mutating func zoomedTop() -> ZoomedTop? {
        guard let zoom = overlay.zoom, let info = zoomShown, let width = info.width, info.first > 0, zoom.index < shown.count,
              let rows = scene.zoomRows(of: deck.card(at: shown.deckIndex(zoom.index)), index: zoom.index, width: width),
              info.first < rows.count else { return nil }
        return (rows[info.first..<min(rows.count, info.first + max(40, info.page))].map { $0.text }, info.first, width, rows.count)
    }

    /// After the deck was read again, a zoom on the same card shows the text it showed at its
    /// top, where it still is, not the same row number: lines added above it pushed the reader's
    /// place down (helper-52). The place whose rows agree longest with those that were shown wins
    /// (review: three rows alike, a function's end, sent it to a like function above); among
    /// equals, the one the change in length points to, then the nearest. It is set whatever
    /// became of the zoom (the deck shown again rebuilds it at the top, seeking a search's match).
    private mutating func keepZoomedTop(_ top: ZoomedTop?) {
        guard let top, let zoom = overlay.zoom, zoom.index < shown.count,
              let rows = scene.zoomRows(of: deck.card(at: shown.deckIndex(zoom.index)), index: zoom.index, width: top.width) else { return }
        let moved = top.first + rows.count - top.total
        func nearer(_ a: Int, than b: Int) -> Bool {
            abs(a - moved) != abs(b - moved) ? abs(a - moved) < abs(b - moved) : abs(a - top.first) < abs(b - top.first)
        }
        var best: (at: Int, agree: Int)?
        for i in rows.indices where rows[i].text == top.rows[0] {
            var agree = 1
            while agree < top.rows.count, i + agree < rows.count, rows[i + agree].text == top.rows[agree] { agree += 1 }
            guard agree >= min(3, top.rows.count) else { continue }
            if let known = best, known.agree > agree || (known.agree == agree && !nearer(i, than: known.at)) { continue }
            best = (i, agree)
        }
        guard let best else { return }
        overlay.zoom?.first = best.at
        overlay.zoom?.width = top.width
        overlay.zoom?.seeksMatch = false
        overlay.zoom?.seeksLastMatch = false
        overlay.zoom?.match = nil
        overlay.zoom?.waiting = []
        zoomShown = nil
    }

    /// Where the card `id` went when its file was renamed (`mv cherry.md zcherry.md`: the strip
    /// moved to the card that took its place; helper-49): the one card of `new` that `old` did
    /// not have, when `id` is the one card of `old` that `new` does not have and the two hold the
    /// same. Nil otherwise (a card removed and another added, several changed at once).
    static func renamed(_ id: String, from old: any CardProvider, to new: any CardProvider) -> Int? {
        guard let added = added(id, from: old, to: new),
              let was = (0..<old.count).first(where: { old.cardID(at: $0) == id }),
              old.card(at: was).content == new.card(at: added).content else { return nil }
        return added
    }

    /// The one card of `new` that `old` did not have, when `id` is the one of `old` that `new` lacks.
    private static func added(_ id: String, from old: any CardProvider, to new: any CardProvider) -> Int? {
        guard old.count == new.count else { return nil }
        var before = Set<String>()
        before.reserveCapacity(old.count)
        for i in 0..<old.count { before.insert(old.cardID(at: i)) }
        var added: Int?
        for i in 0..<new.count {
            let other = new.cardID(at: i)
            guard !before.contains(other) else {
                before.remove(other)
                continue
            }
            if added != nil { return nil }
            added = i
        }
        return before == [id] ? added : nil
    }

    /// A Markdown file's slides are known by their place in it (`talk.md#5`): a slide added or
    /// removed above the one shown gives its identity to another. The slide of the same file with
    /// the title it had, nearest to its old place, is the one shown (helper-34: after a slide was
    /// inserted above slide 5, the strip showed slide 4); nil when none has it (a slide retitled
    /// keeps its place).
    static func sameSlide(titled title: String, as id: String, near at: Int, in deck: any CardProvider) -> Int? {
        nearestSlide(of: id, near: at, in: deck) { $0.title == title }
    }

    /// The slide of the same file as `card` (`id`) whose text holds every line of `card`'s, in
    /// order (its heading among them, where it is in another slide's text now), nearest to `at`:
    /// the same slide, or the one it merged into (helper-52: the `---` above the slide shown
    /// deleted, the zoom moved to another file).
    static func slideHolding(_ card: Card, as id: String, near at: Int, in deck: any CardProvider) -> Int? {
        let wanted = card.lines.filter { !$0.allSatisfy(\.isWhitespace) }
        guard !wanted.isEmpty else { return nil }
        return nearestSlide(of: id, near: at, in: deck) { other in
            var next = 0
            for line in other.lines where next < wanted.count && line == wanted[next] { next += 1 }
            return next == wanted.count
        }
    }

    /// The card of `deck` from the same file as `id` that `fits`, nearest to `at`.
    private static func nearestSlide(of id: String, near at: Int, in deck: any CardProvider, where fits: (Card) -> Bool) -> Int? {
        let file = AppModel.file(of: id)
        var best: Int?
        for i in 0..<deck.count where AppModel.file(of: deck.cardID(at: i)) == file && (best.map { abs(i - at) < abs($0 - at) } ?? true) {
            if fits(deck.card(at: i)) { best = i }
        }
        return best
    }

    /// A card's file, from its identity: a slide's (`talk.md#5`) without its number.
    static func file(of id: String) -> String {
        guard slideNumber(of: id) != nil, let hash = id.lastIndex(of: "#") else { return id }
        return String(id[..<hash])
    }

    /// A slide's number in its file, from its identity (`talk.md#5`); nil for any other card (a
    /// `#` in a file's name is not one: `c#notes.md`).
    static func slideNumber(of id: String) -> Int? {
        guard let hash = id.lastIndex(of: "#") else { return nil }
        let digits = id[id.index(after: hash)...]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// Leaves out the cards of pictures found broken since the last call (a file cut short after
    /// its header: only decoding finds out), as the deck leaves out a file it cannot read when it
    /// opens: the status line counts them as skipped, says which, and standard error names them
    /// after the program. Returns whether any card was left out.
    public mutating func skipBrokenPictures() -> Bool {
        guard let failures = scene.pictures?.takeFailures(), !failures.isEmpty, shown.count > 0 else { return false }
        // Only cards near the screen are converted: look there.
        let target = state.targetIndex
        let near = Set((-12...12).map { state.wrap(target + $0) })
        var left: [(failure: PictureFailure, deckIndex: Int)] = []
        for failure in failures {
            // A decode that ended after a jump far away: look through a deck of pictures' size.
            let matches = { (place: Int) -> Bool in
                if case .image(let file) = shown.card(at: place).content { return file == failure.file }
                return false
            }
            // A picture drawn among a text's words (see `TextFigure`): its card stays, and says
            // why it has no picture (the whole deck was read looking for a picture card of it).
            let isFigure = { (place: Int) -> Bool in
                if case .text(let document) = shown.card(at: place).content { return document.figures.contains { $0.path == failure.file.path } }
                return false
            }
            if near.contains(where: isFigure) { continue }
            let places = near.contains(where: matches) || shown.count > 5_000 ? Array(near) : Array(0..<shown.count)
            for place in places {
                guard case .image(let file) = shown.card(at: place).content, file == failure.file else { continue }
                if hidden.insert(shown.deckIndex(place)).inserted { left.append((failure, shown.deckIndex(place))) }
            }
        }
        guard !left.isEmpty else { return false }
        scene.skippedCards += left.count
        // (What is left to show: with every picture unreadable, the status said "0 of 1 (2
        // skipped)"; helper-35.)
        scene.deckSize = deck.count - hidden.count
        // Standard error gets the decoder's words; the status line plain ones, and every picture
        // left out while it says so (the worker finds them one by one: the last alone was named).
        left.sort { $0.deckIndex < $1.deckIndex }
        for (failure, _) in left { effects.append(.report("carousel: skipped \(failure.description)")) }
        show(query.isEmpty ? nil : applied?.matches)
        if message == nil || message != brokenMessage { brokenNamed = [] }
        // (In the deck's order, whatever order the workers found them in: helper-92 read them
        // backwards.)
        brokenNamed += left.map { ($0.deckIndex, $0.failure.fileName) }
        brokenNamed.sort { $0.deckIndex < $1.deckIndex }
        say(brokenNamed.count == 1
            ? "skipped \(left[0].failure.fileName): \(left[0].failure.brief)"
            : "skipped \(brokenNamed.count) pictures that could not be read: " + brokenNamed.map(\.name).joined(separator: ", "))
        brokenMessage = message
        return true
    }

    // MARK: Search

    /// The search line's right side: how many cards match, or that the search is still going;
    /// then shorter forms, for a narrow screen.
    private var searchStatus: [String] {
        // (Cards of broken pictures, left out, are not counted: "2 of 9 cards" beside "No card
        // matches" for two left out.)
        let total = deck.count - hidden.count
        let cards = total == 1 ? "card" : "cards"
        guard !query.isEmpty else { return ["\(total)\(scene.readInPart ? "+" : "") \(cards)", "\(total)\(scene.readInPart ? "+" : "")"] }
        let searching = "searching" + theme.glyphs.ellipsis
        guard let applied, applied.query == query else { return [searching] }
        let found = hidden.isEmpty ? applied.matches.count : applied.matches.count { !hidden.contains($0) }
        if !applied.isComplete { return [searching + " \(found)", "\(found)" + theme.glyphs.ellipsis] }
        // Cards, not places in them: "1 of 6" read as the first of six matches.
        // (The input read in part: more cards to come, which may match; helper-114 read "0 of
        // 171652" while find went on.)
        let more = scene.readInPart ? "+" : ""
        return found == 0 ? stillReading ? ["no match yet", "none yet"] : ["no match", "none"]
            : ["\(found) of \(total)\(more) \(cards)", "\(found) of \(total)\(more)", "\(found)/\(total)\(more)"]
    }

    private var theme: Theme { scene.theme }

    /// How many times the search was asked to find a query (one a character typed; one a paste).
    public private(set) var searchesAsked = 0

    private mutating func runSearch() {
        changed()
        refreshLabels()
        guard !query.isEmpty else {
            applied = nil
            scene.searchGoesOn = false
            search?.cancel()
            show(nil, resting: searchAnchor)
            return
        }
        startSearch()
    }

    /// Asks the search (made for the deck at first use) for the current query, and shows its result
    /// at once when it has one (inline).
    private mutating func startSearch() {
        searchesAsked += 1
        searchSince = clock
        if search == nil {
            let waker = self.waker
            search = CardSearch(cards: deck, execution: searchExecution, waker: { waker?() })
        }
        search?.find(query)
        pollSearch()
    }

    /// Shows the newest result of the search for the current query, if it is new: resting on the
    /// card the user was on when the search began (not on whatever a partial result showed).
    private mutating func pollSearch() {
        guard !query.isEmpty, let result = search?.latest, result.query == query, result != applied else { return }
        applied = result
        scene.searchGoesOn = !result.isComplete
        show(result.matches, resting: searchAnchor)
        scene.emptyMessage = Self.emptyMessage(for: query, answered: result.isComplete, more: stillReading, glyphs: theme.glyphs)
        changed()
    }

    private mutating func clearSearch() {
        query = ""
        overlay.searching = false
        overlay.queryKept = false
        applied = nil
        scene.searchGoesOn = false
        search?.cancel()
        show(nil)
        refreshLabels()
        changed()
    }

    /// Shows the deck's cards at `indices` (nil: all), resting on the deck's card `resting` (by
    /// default the active one) if it is among them, else on the next one that is.
    private mutating func show(_ indices: [Int]?, resting: Int? = nil) {
        if let resting { restingCard = resting } else if let index = activeDeckIndex { restingCard = index }
        let headingTo = activeDeckIndex
        var indices = indices
        if !hidden.isEmpty { indices = (indices ?? Array(0..<deck.count)).filter { !hidden.contains($0) } }
        shown = ShownCards(deck: deck, indices: indices)
        scene.deckIndices = query.isEmpty || indices?.count == deck.count ? nil : indices
        guard shown.count > 0 else {
            overlay.zoom = nil
            return
        }
        let place = shown.place(nearest: restingCard)
        // The same cards at the same place (Esc with every card shown): the motion goes on.
        if shown.count == state.count && shown.deckIndex(state.targetIndex) == restingCard { return }
        // Heading for the same card (a search's list grew while the strip moved to a match found
        // so far), the motion goes on.
        state = state.with(count: shown.count, active: place, keepingMotion: headingTo != nil && shown.deckIndex(place) == headingTo)
        if overlay.zoom != nil { overlay.zoom = Zoom(index: place, growth: 1, seeksMatch: scene.highlight != nil) }
    }

    /// The status line's note and the highlight, made again only when what they say changes (a
    /// frame in motion builds no strings).
    /// The status line's keys, on the strip and in a zoom, with the slideshow's as it plays or not.
    private mutating func refreshHints() {
        let ascii = theme.glyphs.isASCII, playing = slideshow?.playing
        let hints = KeyTable.statusHints(ascii: ascii, picking: options.pick, playing: playing)
        scene.hint = hints[0]
        scene.shorterHints = Array(hints.dropFirst())
        scene.zoomHints = KeyTable.statusHints(ascii: ascii, in: .zoom, picking: options.pick, playing: playing)
        scene.wholeZoomHints = KeyTable.statusHints(ascii: ascii, in: .zoom, picking: options.pick, scrolling: false, playing: playing)
        scene.helpHints = KeyTable.statusHints(ascii: ascii, in: .help)
        scene.wholeHelpHints = KeyTable.statusHints(ascii: ascii, in: .help, scrolling: false)
    }

    private mutating func refreshLabels() {
        changed()
        var notes: [String] = []
        if !query.isEmpty {
            notes.append("/" + SearchLine.showingSpaces(query, ascii: theme.glyphs.isASCII) + (wentRound.map { " " + $0 } ?? ""))
        }
        slideshowHeld = holdsSlideshow
        if let slideshow { notes.append(slideshow.label(glyphs: theme.glyphs, held: slideshowHeld)) }
        scene.statusNote = notes.joined(separator: "  ")
        scene.message = message
        // No search, and no card: every card of the deck was a picture found broken (or a deck
        // read again has none). It read as a search that found nothing ("No card matches.", "Esc
        // every card").
        if query.isEmpty {
            scene.emptyMessage = deck.count > 0 ? "No card to show: no picture of the deck could be read." : "No cards."
            scene.emptyHint = "q quit"
        } else {
            // (Esc brings back cards only where some are left to show.)
            scene.emptyHint = deck.count > hidden.count ? "Esc every card" : "q quit"
        }
        // Made again only for another query: where each card opens is found again for a new one.
        if query.isEmpty {
            if highlighted != nil { scene.highlight = nil }
            highlighted = nil
        } else if highlighted != query {
            let matcher = SearchQuery(query)
            scene.highlight = { matcher.matchOffsets(in: $0) }
            // (Case folding may give a character of the text for two of the query, or two for one.)
            scene.highlightReach = 2 * query.count + 1
            highlighted = query
        }
        if !query.isEmpty {
            scene.emptyMessage = Self.emptyMessage(for: query, answered: applied?.query == query && applied?.isComplete == true,
                                                   more: stillReading, glyphs: theme.glyphs)
        }
    }

    /// What the screen says while a search shows no card: that none matches once the search has
    /// answered, that it is searching until then (helper-86: "No card matches" stood for seconds
    /// over a search of a million lines that found its match at the end).
    /// `more`: the deck is read in part, and the cards to come may match (review: the strip said
    /// "No card matches" beside the search line's "no match yet").
    public static func emptyMessage(for query: String, answered: Bool, more: Bool = false, glyphs: Glyphs) -> String {
        let (open, close) = glyphs.isASCII ? ("\"", "\"") : ("\u{201C}", "\u{201D}")
        let quoted = open + glyphs.displayable(query) + close
        return answered ? "No card matches " + quoted + (more ? " yet." : ".") : "Searching for " + quoted + glyphs.ellipsis
    }

    private mutating func changed() { revision &+= 1 }

    // MARK: Pointer

    private mutating func handle(_ mouse: MouseEvent, now: Double) {
        takeWaitingZoomSteps()
        if helpOpen {
            switch mouse.kind {
            case .press: overlay.helpOpen = false
            case .wheelUp: scrollHelp(by: -1)
            case .wheelDown: scrollHelp(by: 1)
            default: break
            }
            return
        }
        if overlay.zoom != nil {
            switch mouse.kind {
            case .wheelUp: scroll(by: -AppModel.wheelLines)
            case .wheelDown: scroll(by: AppModel.wheelLines)
            default: break
            }
            return
        }
        switch mouse.kind {
        case .wheelUp:
            state.send(.move(-1))
        case .wheelDown:
            state.send(.move(1))
        case .press:
            pointer.press(x: mouse.x, y: mouse.y, time: now, position: state.position)
        case .drag:
            let metrics = state.metrics ?? StyleMetrics(cardsPerScreen: 1, cellsPerCard: 1, isVertical: false)
            if let action = pointer.move(x: mouse.x, y: mouse.y, time: now, cellsPerCard: metrics.cellsPerCard, vertical: metrics.isVertical) {
                state.send(action)
            }
        case .release:
            switch pointer.release(x: mouse.x, y: mouse.y, time: now) {
            case .click(let x, let y):
                switch scene.hitTest(x: x, y: y) {
                case .card(_, let slot): state.send(.bringToCentre(slot: slot))
                case .segment(let mode): state.send(.setMode(mode))
                case nil: break
                }
            case .action(let action):
                state.send(action)
            case nil:
                break
            }
        }
    }
}
