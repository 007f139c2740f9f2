import CarouselCore
import PropertyBased
import Testing

/// The engine's invariants, for every style, at arbitrary positions, deck sizes and modes.
@Suite struct StylePropertyTests {
    static let viewports = [Rect(x: 0, y: 2, width: 100, height: 25), Rect(x: 0, y: 2, width: 37, height: 9), Rect(x: 0, y: 2, width: 220, height: 60)]

    func layout(_ style: StyleKind, position: Double, count: Int, loop: Bool, emphasis: Double, viewport: Rect) -> Layout {
        var layout = Layout()
        style.engine.layout(LayoutInput(viewport: viewport, position: position, count: count, loop: loop, emphasis: emphasis), into: &layout)
        return layout
    }

    @Test(arguments: StyleKind.allCases)
    func propertiesStayInRangeAndTheActiveCardIsOnTop(style: StyleKind) async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...200), Gen.double(in: 0...1), Gen.bool, Gen.double(in: 0...1), Gen.int(in: 0...2)) { count, fraction, loop, emphasis, v in
            let position = loop ? (fraction - 0.5) * Double(count) * 3 : fraction * Double(count - 1)
            let l = layout(style, position: position, count: count, loop: loop, emphasis: emphasis, viewport: Self.viewports[v])
            for p in l.placements {
                #expect(p.opacity >= 0 && p.opacity <= 1)
                #expect(p.scale > 0)
                #expect(p.blur >= 0)
                #expect(p.index >= 0 && p.index < count)
                #expect(p.frame.width > 0 && p.frame.height > 0)
            }
            let active = Int(position.rounded())
            let activeIndex = ((active % count) + count) % count
            let top = try #require(l.placements.last)
            #expect(top.index == activeIndex, "the active card is drawn last (highest z)")
            #expect(l.placements.dropLast().allSatisfy { $0.z < top.z || abs($0.progress) > abs(top.progress) })
        }
    }

    @Test func stackDepthNeverIncreasesWithDistance() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0...19), Gen.double(in: 0...1)) { position, emphasis in
            let l = layout(.stack, position: position, count: 20, loop: false, emphasis: emphasis, viewport: Self.viewports[0])
            for a in l.placements {
                for b in l.placements where abs(b.progress) > abs(a.progress) {
                    #expect(b.z <= a.z)
                }
            }
        }
    }

    /// Moving the position a hair moves every card a hair: no jumps, also across the loop's wrap.
    @Test(arguments: StyleKind.allCases)
    func placementsAreContinuousInThePosition(style: StyleKind) async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...40), Gen.double(in: -3...3), Gen.bool, Gen.double(in: 0...1)) { count, offset, loop, emphasis in
            // Around the wrap (position near a multiple of the deck size) and elsewhere.
            let position = loop ? Double(count) * offset.rounded() + offset.truncatingRemainder(dividingBy: 1) : abs(offset) / 3 * Double(count - 1)
            let eps = 1e-4
            let a = layout(style, position: position, count: count, loop: loop, emphasis: emphasis, viewport: Self.viewports[0])
            let b = layout(style, position: position + eps, count: count, loop: loop, emphasis: emphasis, viewport: Self.viewports[0])
            // A small deck is a whole ring: a card's progress is taken round it, so at the back it
            // turns from +count/2 to -count/2, which is the same place.
            let wholeRing = style == .ring && count <= RingStyle.maximumSlots
            func same(_ p: CardPlacement, _ q: CardPlacement) -> Bool {
                let apart = abs(q.progress - p.progress)
                return q.index == p.index && (apart < 0.5 || wholeRing && abs(apart - Double(count)) < 0.5)
            }
            for p in a.placements {
                guard let q = b.placements.first(where: { same(p, $0) }) else {
                    // A card may only leave the layout where it cannot be seen.
                    #expect(p.opacity < 0.01 || p.frame.maxX < 1 || p.frame.minX > 99 || p.frame.maxY < 3 || p.frame.minY > 26,
                            "card \(p.index) vanished at \(p.frame)")
                    continue
                }
                let tolerance = 400 * eps
                #expect(abs(p.frame.midX - q.frame.midX) < tolerance && abs(p.frame.midY - q.frame.midY) < tolerance)
                #expect(abs(p.frame.width - q.frame.width) < tolerance && abs(p.frame.height - q.frame.height) < tolerance)
                #expect(abs(p.opacity - q.opacity) < tolerance && abs(p.blur - q.blur) < tolerance && abs(p.scale - q.scale) < tolerance)
            }
        }
    }

    @Test(arguments: StyleKind.allCases)
    func motionEndsOnAnIntegerPosition(style: StyleKind) async {
        await propertyCheck(count: 100, input: Gen.int(in: -2...2).array(of: 1...12), Gen.bool) { presses, loop in
            var state = CarouselState(count: 9, style: style, loop: loop)
            for press in presses {
                state.send(.move(press))
                state.send(.tick(0.04))
            }
            state.send(.nextStyle)
            var frames = 0
            while state.isAnimating && frames < 5000 { state.send(.tick(1.0 / 60)); frames += 1 }
            #expect(state.position == state.position.rounded())
            #expect(!state.isAnimating)
        }
    }
}
