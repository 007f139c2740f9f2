import RealModule

/// A damped harmonic oscillator described the way SwiftUI describes springs.
///
/// `response` is the period of the undamped oscillation in seconds (angular frequency
/// `2 * pi / response`) and `dampingFraction` is the damping ratio. It is stepped by elapsed
/// time with the closed-form solution, so the motion is the same at any frame rate.
public struct Spring: Sendable, Hashable {
    public var response: Double
    public var dampingFraction: Double

    public init(response: Double, dampingFraction: Double) {
        precondition(response > 0, "a spring needs a positive response")
        precondition(dampingFraction >= 0, "a spring needs a non-negative damping fraction")
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// SwiftUI's default spring: response 0.5 s, damping fraction 0.825.
    public static let standard = Spring(response: 0.5, dampingFraction: 0.825)
    /// `.smooth`: duration 0.5, bounce 0.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// `.snappy`: duration 0.5, bounce 0.15.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// `.bouncy`: duration 0.5, bounce 0.3.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// SwiftUI's (duration, bounce) form: damping ratio = 1 - bounce (for bounce >= 0).
    public init(duration: Double, bounce: Double) {
        self.init(response: duration, dampingFraction: 1 - clamp(bounce, 0...1))
    }

    public var angularFrequency: Double { 2 * Double.pi / response }

    /// Advances a motion toward `target` by `dt` seconds; returns the new value and velocity.
    /// Exact for any `dt` (no integration error, no instability on long frames).
    public func step(value: Double, velocity: Double, target: Double, dt: Double) -> (value: Double, velocity: Double) {
        guard dt > 0 else { return (value, velocity) }
        let w0 = angularFrequency
        let zeta = dampingFraction
        let x0 = value - target
        let v0 = velocity
        let x: Double
        let v: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let decay = Double.exp(-zeta * w0 * dt)
            let c = Double.cos(wd * dt), s = Double.sin(wd * dt)
            let b = (v0 + zeta * w0 * x0) / wd
            x = decay * (x0 * c + b * s)
            // d/dt of the line above, simplified with b * wd - zeta * w0 * x0 == v0.
            v = decay * (v0 * c - (zeta * w0 * b + wd * x0) * s)
        } else if zeta == 1 {
            let decay = Double.exp(-w0 * dt)
            let b = v0 + w0 * x0
            x = (x0 + b * dt) * decay
            v = (b - w0 * (x0 + b * dt)) * decay
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = Double.exp(r1 * dt), e2 = Double.exp(r2 * dt)
            x = c1 * e1 + c2 * e2
            v = c1 * r1 * e1 + c2 * r2 * e2
        }
        return (target + x, v)
    }

    /// The furthest a motion now `offset` from its target, moving at `velocity`, will ever be from
    /// the target again (a bound on its future swings).
    public func reach(offset x: Double, velocity v: Double) -> Double {
        let w0 = angularFrequency
        let zeta = dampingFraction
        if zeta < 1 {
            // x(t) = e^(-zeta w0 t) (x cos wd t + b sin wd t): never beyond the amplitude sqrt(x^2 + b^2).
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v + zeta * w0 * x) / wd
            return (x * x + b * b).squareRoot()
        } else if zeta == 1 {
            // x(t) = (x + (v + w0 x) t) e^(-w0 t), and t e^(-w0 t) <= 1 / (e w0).
            return abs(x) + abs(v + w0 * x) / (w0 * Double.exp(1))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v - r1 * x) / (r2 - r1)
            return abs(x - c2) + abs(c2)
        }
    }

    /// Where a motion now `offset` from its target, moving at `velocity`, next turns round (its offset
    /// when its velocity next reaches zero). Without oscillation, a bound on how far it still goes.
    public func nextSwing(offset x: Double, velocity v: Double) -> Double {
        let zeta = dampingFraction
        guard zeta < 1 else { return reach(offset: x, velocity: v) }
        let w0 = angularFrequency
        let alpha = zeta * w0
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        // x(t) = A e^(-alpha t) cos(wd t - phi); the velocity is zero where tan(wd t - phi) = -alpha / wd.
        let b = (v + alpha * x) / wd
        let amplitude = (x * x + b * b).squareRoot()
        guard amplitude > 0 else { return 0 }
        let phi = Double.atan2(y: b, x: x)
        var theta = -Double.atan(alpha / wd)
        while theta <= -phi { theta += Double.pi }
        let t = (theta + phi) / wd
        return amplitude * Double.exp(-alpha * t) * Double.cos(theta)
    }
}
