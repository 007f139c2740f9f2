import CarouselRender

/// `--autoplay` and `p`: the deck moves on by one card at an interval, with the usual motion. It
/// holds back while the user does anything, and for one interval after; the program loop sleeps
/// until `due` (a timer only while playing).
struct Slideshow: Sendable, Equatable {
    /// Seconds between slides.
    var interval: Double
    var playing: Bool
    /// When the next slide comes.
    var due: Double

    /// The interval `p` starts with when `--autoplay` gave none.
    static let defaultInterval = 5.0

    init(interval: Double, playing: Bool, now: Double) {
        self.interval = interval
        self.playing = playing
        due = now + interval
    }

    /// The user did something: the next slide waits a whole interval from now.
    mutating func interacted(at now: Double) {
        due = max(due, now + interval)
    }

    mutating func toggle(at now: Double) {
        playing.toggle()
        due = now + interval
    }

    /// When the loop must wake for the next slide; nil while paused.
    var deadline: Double? { playing ? due : nil }

    /// Whether a slide is due at `now`; if so, the next is scheduled an interval later.
    mutating func takeSlide(at now: Double) -> Bool {
        guard playing, now >= due else { return false }
        due = now + interval
        return true
    }

    /// The status line's word for it, e.g. `▶ 5s` or `⏸ paused`; `⏸ held` while it plays but
    /// waits (`held`: the help or a search is open, where no slide moves on).
    func label(glyphs: Glyphs, held: Bool = false) -> String {
        let seconds = interval == interval.rounded() ? String(Int(interval)) : String(interval)
        let (pause, ascii) = (glyphs.pause, glyphs.isASCII)
        return playing ? held ? pause + " held" : (ascii ? ">" : "▶") + " " + seconds + "s" : pause + " paused"
    }
}
