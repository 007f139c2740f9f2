@testable import CarouselCore
import Testing

@Suite struct StackStyleTests {
    let viewport = Rect(x: 0, y: 2, width: 100, height: 25)

    func layout(position: Double, emphasis: Double = 0, count: Int = 10, loop: Bool = false) -> Layout {
        var layout = Layout()
        StackStyle().layout(LayoutInput(viewport: viewport, position: position, count: count, loop: loop, emphasis: emphasis), into: &layout)
        return layout
    }

    @Test func cardSizeFollowsTheDemoRule() {
        // max(min(max(W - 100pt, 0.7 W), H), 1) with 1 pt = 1/4 column and H = (rows - 4) x 2.
        #expect(StackStyle.cardSide(for: Rect(x: 0, y: 0, width: 100, height: 25)) == 42)   // H bound
        #expect(StackStyle.cardSide(for: Rect(x: 0, y: 0, width: 60, height: 60)) == 42)    // 0.7 W
        #expect(StackStyle.cardSide(for: Rect(x: 0, y: 0, width: 200, height: 100)) == 175) // W - 100pt
        #expect(StackStyle.cardSide(for: Rect(x: 0, y: 0, width: 3, height: 2)) == 4)
    }

    /// A taller screen never has smaller cards (at 80 columns a card area of 15 rows had 28x14
    /// cards, one of 16 rows 24x12: the air above and below came back all at once).
    @Test func aTallerScreenNeverHasSmallerCards() {
        for width in [40.0, 60, 80, 100, 140] {
            var last = (side: 0.0, height: 0.0)
            for rows in 3...60 {
                let viewport = Rect(x: 0, y: 0, width: width, height: Double(rows))
                let side = StackStyle.cardSide(for: viewport)
                let height = StackStyle.cardHeight(side: side, viewport: viewport)
                #expect(side >= last.side && height >= last.height, "\(width) columns, \(rows) rows: \(side)x\(height) after \(last)")
                last = (side, height)
            }
        }
    }

    @Test(arguments: [(0.0, 1.0), (0.5, 0.85), (-0.5, 0.85), (1.0, 0.7), (-1.0, 0.7), (2.0, 0.7), (-2.0, 0.7)])
    func offCentreCardsAreSquashedWithThePhase(d: Double, factor: Double) {
        #expect(abs(StackStyle.heightFactor(progress: d) - factor) < 1e-12)
    }

    @Test(arguments: [(0.0, 10.0), (0.4, 10.0), (1.0, 9.0), (-1.0, 9.0), (2.0, 8.0), (-2.0, 8.0)])
    func zOrderIsTenMinusTheDistanceToTheActiveCard(d: Double, z: Double) {
        #expect(StackStyle.z(progress: d) == z)
    }

    @Test func cardsOverlapTheirNeighboursByTwentyFourPoints() {
        let l = layout(position: 3)
        let side = l.baseCardSize.width
        let centre = l.placements.first { $0.index == 3 }!
        let right = l.placements.first { $0.index == 4 }!
        #expect(right.frame.midX - centre.frame.midX == side - 6)
        #expect(right.frame.height == centre.frame.height * 0.7)
        #expect(l.placements.last?.index == 3 && l.placements.allSatisfy { $0.look == .layered })
    }

    @Test func scaledModeMakesTheCentreOneAndAHalfTimesItsNeighbours() {
        let l = layout(position: 3, emphasis: 1)
        let centre = l.placements.first { $0.index == 3 }!
        let right = l.placements.first { $0.index == 4 }!
        #expect(abs(centre.scale / right.scale - 1.5) < 1e-12)
        #expect(centre.scale == 1)
    }
}

@Suite struct RingStyleTests {
    let viewport = Rect(x: 0, y: 2, width: 100, height: 25)

    func layout(position: Double, count: Int, loop: Bool = false) -> Layout {
        var layout = Layout()
        RingStyle().layout(LayoutInput(viewport: viewport, position: position, count: count, loop: loop, emphasis: 0), into: &layout)
        return layout
    }

    @Test func cardsAreEquidistantOnTheRingAndTheActiveOneIsInFront() {
        let l = layout(position: 0, count: 8)
        #expect(l.placements.count == 8)
        let front = l.placements.last!
        #expect(front.index == 0 && front.opacity == 1 && front.scale == 1)
        #expect(l.placements.allSatisfy { $0.scale <= front.scale && $0.opacity <= front.opacity })
        // Angles 2 pi i / N from the front: cos/sin of the positions step evenly.
        for p in l.placements {
            let a = RingStyle.angle(progress: p.progress, slots: 8)
            #expect(abs(p.z - RingStyle.nearness(angle: a)) < 1e-12)
        }
        let back = l.placements.first!
        #expect(back.index == 4 && back.frame.midY < front.frame.midY, "the back of the ring is above the front")
        #expect(abs(back.scale - 0.45) < 1e-9 && abs(back.opacity - 0.25) < 1e-9)
    }

    @Test(arguments: [(0.0, 1.0), (0.25, 0.5), (0.5, 0.0)])
    func nearnessAroundTheRing(turn: Double, nearness: Double) {
        let a = -Double.pi / 2 + turn * 2 * Double.pi
        #expect(abs(RingStyle.nearness(angle: a) - nearness) < 1e-12)
    }

    @Test func theRingTurnsSoTheActiveCardComesToTheFront() {
        let l = layout(position: 5, count: 8)
        #expect(l.placements.last?.index == 5)
    }

    @Test(arguments: [1, 2, 3, 12, 13, 100])
    func legibleFromOneToAHundredCards(count: Int) {
        let l = layout(position: 0, count: count, loop: true)
        #expect(l.placements.count <= RingStyle.maximumSlots)
        #expect(Set(l.placements.map(\.index)).count == l.placements.count, "each card at most once")
        #expect(l.placements.last?.index == 0)
        #expect(l.placements.allSatisfy { $0.frame.width >= 4 })
    }
}

@Suite struct LyricsStyleTests {
    let viewport = Rect(x: 0, y: 2, width: 100, height: 25)

    @Test(arguments: [(0.0, 0.0, 1.0, 1.0), (0.5, 5.0, 0.5, 0.95), (-0.5, 5.0, 0.5, 0.95), (1.0, 10.0, 0.0, 0.9), (-1.0, 10.0, 0.0, 0.9)])
    func theDemoFormulas(v: Double, blur: Double, opacity: Double, scale: Double) {
        #expect(LyricsStyle.blur(phase: v) == blur)
        #expect(LyricsStyle.opacity(phase: v) == opacity)
        #expect(abs(LyricsStyle.scale(phase: v) - scale) < 1e-12)
    }

    @Test func everyVisibleLineIsAffectedGradually() {
        var layout = Layout()
        LyricsStyle().layout(LayoutInput(viewport: viewport, position: 10, count: 30, loop: false, emphasis: 0), into: &layout)
        let byDistance = layout.placements.sorted { abs($0.progress) < abs($1.progress) }
        #expect(byDistance.first?.blur == 0 && byDistance.first?.opacity == 1)
        // Not only at the edges: the very next line is already a little blurred and faded.
        let next = byDistance.first { abs($0.progress) == 1 }!
        #expect(next.blur > 0 && next.blur < 10 && next.opacity < 1 && next.opacity > 0)
        // Strictly increasing blur with distance, line by line.
        for (a, b) in zip(byDistance, byDistance.dropFirst()) where abs(b.progress) > abs(a.progress) {
            #expect(b.blur > a.blur && b.opacity < a.opacity)
        }
        // A vertical list: lines stacked down the screen.
        let line9 = layout.placements.first { $0.index == 9 }!, line11 = layout.placements.first { $0.index == 11 }!
        #expect(line9.frame.midY < line11.frame.midY && line9.frame.midX == line11.frame.midX)
    }
}

@Suite struct StyleSwitchTests {
    @Test func switchingStyleBlendsFromTheOldPlacementsToTheNew() {
        var state = CarouselState(count: 10, start: 3)
        let viewport = Rect(x: 0, y: 2, width: 100, height: 25)
        var engine = LayoutEngine()
        engine.update(for: state, viewport: viewport)
        let arcCentre = engine.layout.placements.last!
        state.send(.setStyle(.stack))
        engine.update(for: state, viewport: viewport)
        #expect(engine.layout.placements.last?.frame == arcCentre.frame, "the first frame after the switch is where the old style was")
        state.send(.tick(0.1))
        engine.update(for: state, viewport: viewport)
        let mid = engine.layout.placements.last!
        #expect(mid.index == 3 && mid.frame != arcCentre.frame)
        while state.isAnimating { state.send(.tick(1.0 / 60)) }
        engine.update(for: state, viewport: viewport)
        var stack = Layout()
        StackStyle().layout(LayoutInput(state: state, viewport: viewport), into: &stack)
        #expect(engine.layout.placements == stack.placements)
    }

    @Test func reducedMotionSwitchesAtOnce() {
        var state = CarouselState(count: 10, reduceMotion: true)
        state.send(.nextStyle)
        #expect(state.style == .stack && state.previousStyle == nil && !state.isAnimating)
    }

    @Test func sCyclesThroughEveryStyle() {
        var state = CarouselState(count: 3)
        var seen: [StyleKind] = [state.style]
        for _ in 0..<4 {
            state.send(.nextStyle)
            seen.append(state.style)
        }
        #expect(seen == [.arc, .stack, .ring, .lyrics, .arc])
    }
}
