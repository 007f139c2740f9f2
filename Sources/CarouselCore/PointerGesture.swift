/// Turns mouse presses, moves and releases into carousel actions: a press and release in place is a
/// click; moving with the button held drags the strip with the pointer; letting go while moving
/// flings it (it coasts and snaps to the card nearest to where it would come to rest).
public struct PointerGesture: Sendable {
    /// What a release amounts to.
    public enum Outcome: Sendable, Equatable {
        case click(x: Int, y: Int)
        case action(Action)
    }

    private var pressX = 0, pressY = 0
    private var pressed = false
    private var dragging = false
    private var startPosition = 0.0
    /// Recent (time, position) samples, to measure the speed at release.
    private var samples: [(time: Double, position: Double)] = []

    /// Only the motion of this last stretch of time counts toward the fling's speed.
    public static let velocityWindow = 0.1

    public init() {}

    public var isDragging: Bool { dragging }

    public mutating func press(x: Int, y: Int, time: Double, position: Double) {
        pressed = true
        dragging = false
        pressX = x
        pressY = y
        startPosition = position
        samples.removeAll(keepingCapacity: true)
        samples.append((time, position))
    }

    /// The pointer moved with the button held. `cellsPerCard` is how far a card of scrolling is.
    public mutating func move(x: Int, y: Int, time: Double, cellsPerCard: Double, vertical: Bool) -> Action? {
        guard pressed else { return nil }
        let delta = Double(vertical ? y - pressY : x - pressX)
        if !dragging && delta == 0 { return nil }
        dragging = true
        // Dragging the strip right brings earlier cards in: the position goes down.
        let position = startPosition - delta / max(cellsPerCard, 1)
        samples.append((time, position))
        if samples.count > 32 { samples.removeFirst(samples.count - 32) }
        return .drag(to: position)
    }

    public mutating func release(x: Int, y: Int, time: Double) -> Outcome? {
        guard pressed else { return nil }
        pressed = false
        guard dragging else { return .click(x: x, y: y) }
        dragging = false
        return .action(.release(velocity: velocity(at: time)))
    }

    /// Cards per second over the last stretch of the drag; 0 if the pointer had stopped.
    func velocity(at time: Double) -> Double {
        guard let last = samples.last, time - last.time <= PointerGesture.velocityWindow else { return 0 }
        guard let first = samples.first(where: { last.time - $0.time <= PointerGesture.velocityWindow }),
              last.time > first.time else { return 0 }
        return (last.position - first.position) / (last.time - first.time)
    }
}
