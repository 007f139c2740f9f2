import CarouselCore
import PropertyBased
import Testing

@Suite struct CarouselStateTests {
    func settle(_ state: inout CarouselState, fps: Double = 60) {
        var frames = 0
        while state.isAnimating && frames < 10_000 {
            state.send(.tick(1 / fps))
            frames += 1
        }
    }

    @Test func eachPressMovesTheTargetOneCardAlsoDuringMotion() {
        var state = CarouselState(count: 10)
        state.send(.move(1))
        state.send(.tick(0.05))
        #expect(state.isAnimating)
        state.send(.move(1))
        state.send(.tick(0.05))
        state.send(.move(1))
        #expect(state.scroll.target == 3)
        settle(&state)
        #expect(state.position == 3 && state.activeIndex == 3)
    }

    @Test func retargetingKeepsTheVelocity() {
        var state = CarouselState(count: 10)
        state.send(.move(1))
        state.send(.tick(0.1))
        let velocity = state.scroll.velocity
        state.send(.move(1))
        #expect(state.scroll.velocity == velocity)
        #expect(velocity > 0)
    }

    @Test func targetsStopAtTheEndsWithoutLoop() {
        var state = CarouselState(count: 4)
        state.send(.move(-1))
        #expect(state.scroll.target == 0)
        state.send(.last)
        state.send(.move(1))
        #expect(state.scroll.target == 3)
        state.send(.first)
        #expect(state.scroll.target == 0)
    }

    /// A leap across a long deck is seen as one of ten cards, so that the spring's overshoot (a
    /// hundredth of the way) stays a tenth of a card: End in a deck of 1,000 went ten cards past
    /// the last, over an empty stage, the count at "8/1000" (helper-76). Near leaps are untouched.
    @Test func aLongLeapOvershootsNoFurtherThanAShortOne() {
        for (start, action, target) in [(0, Action.last, 999.0), (999, .first, 0), (0, .jump(to: 499), 499), (0, .digit(9, at: 0), 8)] {
            var state = CarouselState(count: 1000, start: start)
            state.send(action)
            #expect(abs(state.position - target) <= 10, "\(action)")
            var farthest = 0.0, indices = Set<Int>()
            while state.isAnimating {
                state.send(.tick(1 / 60))
                if (state.position - target) * (target - Double(start)) > 0 { farthest = max(farthest, abs(state.position - target)) }
                indices.insert(state.activeIndex)
            }
            #expect(farthest < 0.15 && state.activeIndex == Int(target), "\(action): \(farthest) past")
            #expect(indices.allSatisfy { abs($0 - Int(target)) <= 10 }, "\(action): \(indices.sorted())")
        }
        // A few cards: the motion as it was.
        var near = CarouselState(count: 11)
        near.send(.last)
        #expect(near.position == 0)
    }

    /// A deck that grows under a moving strip (a search's list of matches) keeps the motion toward
    /// the same card: it is where it was against its target, as fast; otherwise it rests at once.
    @Test func aListThatGrowsKeepsTheMotionTowardTheSameCard() {
        var state = CarouselState(count: 5)
        state.send(.move(1))
        state.send(.tick(0.05))
        let offset = state.position - 1, speed = state.scroll.velocity
        #expect(offset < 0 && speed > 0)
        let grown = state.with(count: 9, active: 1, keepingMotion: true)
        #expect(grown.count == 9 && grown.position - 1 == offset && grown.scroll.velocity == speed && grown.targetIndex == 1)
        let still = state.with(count: 9, active: 1)
        #expect(still.position == 1 && !still.isAnimating)
    }

    @Test func loopModeGoesFromTheFirstCardBackToTheLastByOneStep() {
        var state = CarouselState(count: 5, loop: true)
        state.send(.move(-1))
        #expect(state.scroll.target == -1, "one card back, never a rewind across the deck")
        settle(&state)
        #expect(state.activeIndex == 4)
        #expect(state.progress(of: 0) == 1)
    }

    @Test func digitsJumpAndQuickDigitsFormOneNumber() {
        var state = CarouselState(count: 20)
        state.send(.digit(3, at: 10))
        #expect(state.targetIndex == 2)
        state.send(.digit(1, at: 20))
        state.send(.digit(2, at: 20.3))
        #expect(state.targetIndex == 11, "1 then 2 quickly is card 12")
        state.send(.digit(5, at: 30))
        state.send(.digit(5, at: 30.1))
        #expect(state.targetIndex == 19, "55 is past the deck: the last card")
        state.send(.digit(0, at: 40))
        #expect(state.targetIndex == 9, "a lone 0 is the tenth card")
        state.send(.digit(6, at: 50))
        state.send(.digit(0, at: 50.1))
        #expect(state.targetIndex == 19, "60 is past the deck: the last card, not the tenth")
        for k in 0..<40 { state.send(.digit(9, at: 60 + Double(k) * 0.1)) }
        #expect(state.targetIndex == 19, "digits typed on and on stay the last card")
        var small = CarouselState(count: 5)
        small.send(.digit(7, at: 0))
        #expect(small.targetIndex == 4, "a lone digit past the deck: the last card (no digit after it comes back)")
        small.send(.digit(2, at: 5))
        small.send(.digit(0, at: 6))
        #expect(small.targetIndex == 4, "a lone 0 (the tenth) of 5 cards: the last")
        small.send(.digit(2, at: 7))
        #expect(small.targetIndex == 1)
        small.send(.digit(1, at: 10))
        small.send(.digit(0, at: 10.1))
        #expect(small.targetIndex == 4, "10 of 5 cards: the last")
    }

    @Test func jumpsInLoopModeTakeTheShortestWayRound() {
        var state = CarouselState(count: 10, loop: true)
        state.send(.jump(to: 9))
        #expect(state.scroll.target == -1)
        state.send(.jump(to: 4))
        #expect(state.scroll.target == 4)
    }

    @Test func pagesMoveAScreenfulOfTheStyleShown() {
        var state = CarouselState(count: 30)
        state.send(.setViewport(Rect(x: 0, y: 2, width: 100, height: 25)))
        let arcPage = ArcStyle().metrics(for: Rect(x: 0, y: 2, width: 100, height: 25), count: 30).cardsPerScreen
        #expect(state.pageSize == arcPage && arcPage > 1)
        state.send(.page(1))
        #expect(state.scroll.target == Double(arcPage))
        state.send(.page(-3))
        #expect(state.scroll.target == 0)
        // The page follows the style now shown (half the ring, not arc cards), computed, not drawn.
        state.send(.setStyle(.ring))
        let ringPage = RingStyle().metrics(for: Rect(x: 0, y: 2, width: 100, height: 25), count: 30).cardsPerScreen
        #expect(state.pageSize == ringPage && ringPage != arcPage)
    }

    @Test func tabAnimatesTheEmphasisAndReducedMotionJumps() {
        var state = CarouselState(count: 5)
        state.send(.toggleMode)
        #expect(state.mode == .scaled && state.emphasis.value == 0 && state.isAnimating)
        settle(&state)
        #expect(state.emphasis.value == 1)

        var reduced = CarouselState(count: 5, reduceMotion: true)
        reduced.send(.toggleMode)
        reduced.send(.move(2))
        #expect(reduced.emphasis.value == 1 && reduced.position == 2 && !reduced.isAnimating)
    }

    @Test func progressWrapsIntoHalfOpenRangeInLoopMode() {
        let state = CarouselState(count: 6, loop: true)
        #expect(state.progress(of: 3) == 3, "exactly opposite lands on +n/2")
        #expect(state.progress(of: 4) == -2)
        #expect(state.progress(of: 5, at: -0.5) == -0.5)
    }

    @Test func anySequenceOfPressesEndsExactlyOnACard() async {
        let presses = Gen.int(in: -3...3).array(of: 1...25)
        let gaps = Gen.double(in: 0...0.3).array(of: 25)
        await propertyCheck(count: 200, input: presses, gaps, Gen.bool) { moves, pauses, loop in
            var state = CarouselState(count: 7, loop: loop)
            for (i, move) in moves.enumerated() {
                state.send(.move(move))
                // Presses arrive at any time, also mid-motion, and frames come at uneven intervals.
                var left = pauses[i]
                while left > 0 {
                    let dt = min(left, 1.0 / 45)
                    state.send(.tick(dt))
                    left -= dt
                }
            }
            settle(&state)
            #expect(state.position == state.position.rounded())
            #expect(state.position == state.scroll.target)
            #expect((0..<7).contains(state.activeIndex))
            #expect(!state.isAnimating)
        }
    }
}
