/// One animated scalar: where it is, how fast it moves, and where it is going.
public struct Motion: Sendable, Hashable {
    public var value: Double
    public var velocity: Double
    public var target: Double

    /// Distance and speed below which a motion counts as settled (absolute values, in the
    /// motion's own units: cards and cards per second for the scroll position).
    public static let restDistance = 0.001
    public static let restVelocity = 0.005

    public init(at value: Double) {
        self.value = value
        velocity = 0
        target = value
    }

    public var isAtRest: Bool {
        abs(value - target) < Motion.restDistance && abs(velocity) < Motion.restVelocity
    }

    /// Steps toward the target; lands exactly on it once at rest, so motion always ends on the target.
    /// With a `resolution` (the smallest change that can be seen, in the motion's units), it is also
    /// at rest once what is left of the motion could never carry it half that far from the target.
    /// It also ends on passing the target when all that is left to come is a wobble of a cell or two
    /// (a spring's last overshoot rounded to the grid), where the eye already sees it ended.
    public mutating func step(_ spring: Spring, dt: Double, resolution: Double = 0) {
        guard !(value == target && velocity == 0) else { return }
        let before = value - target
        (value, velocity) = spring.step(value: value, velocity: velocity, target: target, dt: dt)
        let after = value - target
        if isAtRest { return settle() }
        guard resolution > 0 else { return }
        if spring.reach(offset: after, velocity: velocity) < resolution / 2 { return settle() }
        let crossed = before != 0 && (after == 0 || (before < 0) != (after < 0))
        if crossed && abs(spring.nextSwing(offset: after, velocity: velocity)) < 2 * resolution { settle() }
    }

    /// Jumps to the target with no velocity (reduced motion, or the end of a motion).
    public mutating func settle() {
        value = target
        velocity = 0
    }
}
