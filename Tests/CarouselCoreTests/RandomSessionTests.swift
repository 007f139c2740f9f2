import CarouselCore
import PropertyBased
import Testing

/// Any sequence of key actions and time steps, in any style and mode, with the loop switched on and off
/// mid-motion, keeps the state and every style's layout valid (no trap, no card outside the deck).
@Suite struct RandomSessionTests {
    /// What keys do to the engine (the app's key table maps keys to these).
    static let keys: [Action] = [
        .move(-1), .move(1), .first, .last, .page(-1), .page(1), .toggleMode, .nextStyle, .toggleLoop,
        .digit(1, at: 0), .digit(7, at: 0), .digit(0, at: 0), .jump(to: 5), .bringToCentre(slot: 3), .release(velocity: 9),
    ]
    static let viewports = [Rect(x: 0, y: 2, width: 100, height: 25), Rect(x: 0, y: 2, width: 20, height: 5), Rect(x: 0, y: 2, width: 200, height: 55)]

    @Test func anySequenceOfKeysAndTicksKeepsEveryPlacementValid() async {
        let step = Gen.int(in: 0..<(RandomSessionTests.keys.count + 3))
        await propertyCheck(
            count: 400,
            input: Gen.int(in: 1...25), Gen.int(in: 0...3), Gen.bool, Gen.bool, step.array(of: 1...60), Gen.int(in: 0...2)
        ) { count, styleNumber, loop, scaled, steps, v in
            let style = StyleKind.allCases[styleNumber]
            var state = CarouselState(count: count, mode: scaled ? .scaled : .normal, style: style, loop: loop)
            var engine = LayoutEngine()
            let viewport = Self.viewports[v]
            var time = 0.0
            for s in steps {
                if s < Self.keys.count {
                    state.send(Self.keys[s])
                } else {
                    // A frame, a long frame, or a pause.
                    let dt = [1.0 / 60, 0.1, 0.7][s - Self.keys.count]
                    state.send(.tick(dt))
                    time += dt
                }
                engine.update(for: state, viewport: viewport)
                for p in engine.layout.placements {
                    #expect(p.index >= 0 && p.index < count, "card index \(p.index) in a deck of \(count)")
                    #expect(p.frame.minX.isFinite && p.frame.minY.isFinite && p.frame.width.isFinite && p.frame.height.isFinite)
                    #expect(p.opacity >= 0 && p.opacity <= 1 && p.scale >= 0 && p.blur >= 0)
                }
                #expect(state.activeIndex >= 0 && state.activeIndex < count)
            }
        }
    }
}
