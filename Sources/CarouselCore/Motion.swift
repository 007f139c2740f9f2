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
    public mutating func step(_ spring: Spring, dt: Double) {
        guard !(value == target && velocity == 0) else { return }
        (value, velocity) = spring.step(value: value, velocity: velocity, target: target, dt: dt)
        if isAtRest { settle() }
    }

    /// Jumps to the target with no velocity (reduced motion, or the end of a motion).
    public mutating func settle() {
        value = target
        velocity = 0
    }
}
