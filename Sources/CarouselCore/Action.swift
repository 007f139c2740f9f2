/// Everything that can change the carousel's state. Input, time and resizes all arrive as actions.
public enum Action: Sendable, Hashable {
    /// Move the target by this many cards (arrow keys; negative is backward).
    case move(Int)
    case first
    case last
    /// Move by this many screenfuls.
    case page(Int)
    /// A typed digit, with the time it was typed (digits typed in quick succession form one number).
    case digit(Int, at: Double)
    /// Bring this card (0-based) to the centre.
    case jump(to: Int)
    /// Bring the card in this slot of the strip to the centre (a click on it). A slot is the
    /// card's unwrapped place: `position + progress`, so it stays right while the strip moves.
    case bringToCentre(slot: Int)
    /// The pointer holds the strip: the position follows it exactly, no spring.
    case drag(to: Double)
    /// The pointer lets go moving at this many cards per second: coast and snap (a fling).
    case release(velocity: Double)
    case toggleMode
    case setMode(Mode)
    case nextStyle
    case setStyle(StyleKind)
    case toggleLoop
    /// The area the cards are laid out in changed (start, resize).
    case setViewport(Rect)
    /// Time passes: advance every motion by this many seconds.
    case tick(Double)
}
