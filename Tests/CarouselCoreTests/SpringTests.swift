import CarouselTestSupport
import CarouselCore
import Testing

@Suite struct SpringTests {
    /// Steps a one-card move at 60 fps and reports when it stays within `band` of the target,
    /// and the largest overshoot past it.
    func run(_ spring: Spring, band: Double = 0.02, dt: Double = 1.0 / 600) -> (settle: Double, overshoot: Double) {
        var value = 0.0, velocity = 0.0
        var t = 0.0, lastOutside = 0.0, overshoot = 0.0
        while t < 3 {
            (value, velocity) = spring.step(value: value, velocity: velocity, target: 1, dt: dt)
            t += dt
            if abs(value - 1) > band { lastOutside = t }
            overshoot = max(overshoot, value - 1)
        }
        return (lastOutside, overshoot)
    }

    @Test func defaultSpringSettlesAOneCardMoveInAboutFourTenthsOfASecond() {
        // The classic estimate 4 / (zeta * omega) is 0.386 s. Measured: the motion stays within 2 %
        // of the target (half a cell on a 23-column slot) after 0.315 s, and within 1 % after 0.459 s
        // (the 1.02 % overshoot crosses the 1 % band once more).
        #expect(abs(4 / (Spring.standard.dampingFraction * Spring.standard.angularFrequency) - 0.386) < 0.001)
        let twoPercent = run(.standard, band: 0.02).settle
        let onePercent = run(.standard, band: 0.01).settle
        #expect(twoPercent > 0.30 && twoPercent < 0.33, "2 % band after \(twoPercent) s")
        #expect(onePercent > 0.44 && onePercent < 0.47, "1 % band after \(onePercent) s")
        // A slower or faster spring would be caught.
        #expect(run(Spring(response: 0.7, dampingFraction: 0.825), band: 0.02).settle > 0.4)
    }

    @Test func defaultSpringOvershootsByAboutOnePercent() {
        // Damping 0.825: overshoot = exp(-pi * zeta / sqrt(1 - zeta^2)) ~ 1.02 %.
        let result = run(.standard)
        #expect(result.overshoot > 0.008 && result.overshoot < 0.013, "overshoot \(result.overshoot)")
    }

    @Test func criticallyDampedAndOverdampedSpringsNeverOvershoot() {
        #expect(run(.smooth).overshoot <= 1e-9)
        #expect(run(Spring(response: 0.5, dampingFraction: 1.4)).overshoot <= 1e-9)
        #expect(run(.bouncy).overshoot > 0.01)
    }

    @Test func steppingIsTheSameAtAnyFrameRate() {
        var a = (value: 0.0, velocity: 0.0), b = (value: 0.0, velocity: 0.0)
        for _ in 0..<60 { a = Spring.standard.step(value: a.value, velocity: a.velocity, target: 5, dt: 1.0 / 60) }
        for _ in 0..<7 { b = Spring.standard.step(value: b.value, velocity: b.velocity, target: 5, dt: 1.0 / 7) }
        #expect(abs(a.value - b.value) < 1e-9)
        #expect(abs(a.velocity - b.velocity) < 1e-9)
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        for spring in [Spring.standard, .smooth, Spring(response: 0.3, dampingFraction: 2)] {
            let h = 1e-6
            let now = spring.step(value: 0, velocity: 3, target: 1, dt: 0.1)
            let later = spring.step(value: 0, velocity: 3, target: 1, dt: 0.1 + h)
            #expect(abs((later.value - now.value) / h - now.velocity) < 1e-3)
        }
    }

    @Test func swiftUIDurationAndBounceForm() {
        #expect(Spring.snappy == Spring(response: 0.5, dampingFraction: 0.85))
        #expect(Spring.bouncy.dampingFraction == 0.7)
        #expect(Spring.standard.angularFrequency == 2 * Double.pi / 0.5)
    }
}

@Suite struct MotionTests {
    @Test func restNeedsBothDistanceAndSpeedSmallInAbsoluteValue() {
        var m = Motion(at: 0)
        m.target = 1
        #expect(!m.isAtRest)
        // Negative distance and velocity must not count as "small".
        m.value = 3; m.velocity = -4
        #expect(!m.isAtRest)
        m.value = 1.0005; m.velocity = -2
        #expect(!m.isAtRest, "close but fast is not rest")
        m.value = 0.9995; m.velocity = -0.001
        #expect(m.isAtRest)
    }

    @Test func aMotionEndsExactlyOnItsTarget() {
        var m = Motion(at: 0)
        m.target = 1
        var steps = 0
        while !(m.value == m.target && m.velocity == 0) && steps < 1000 {
            m.step(.standard, dt: 1.0 / 60)
            steps += 1
        }
        #expect(m.value == 1)
        #expect(steps < 60, "a one-card move takes under a second at 60 fps (took \(steps) frames)")
    }

    /// `reach` bounds every future swing and `nextSwing` is where the motion next turns round, checked
    /// against the motion stepped in tiny steps.
    @Test(arguments: [Spring.standard, .snappy, .bouncy, Spring(response: 0.5, dampingFraction: 1), Spring(response: 0.4, dampingFraction: 1.3)])
    func reachAndNextSwingAgreeWithTheMotionItself(spring: Spring) {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let x = Double.random(in: -2...2, using: &random), v = Double.random(in: -20...20, using: &random)
            var value = x, velocity = v, furthest = abs(x), turn: Double?
            for _ in 0..<40_000 {
                let next = spring.step(value: value, velocity: velocity, target: 0, dt: 0.0001)
                if turn == nil, velocity != 0, (next.velocity < 0) != (velocity < 0) { turn = next.value }
                (value, velocity) = next
                furthest = max(furthest, abs(value))
            }
            #expect(furthest <= spring.reach(offset: x, velocity: v) + 1e-9)
            if spring.dampingFraction < 1, let turn {
                #expect(abs(turn - spring.nextSwing(offset: x, velocity: v)) < 1e-3, "x \(x) v \(v)")
            }
        }
    }
}
