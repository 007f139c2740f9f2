@testable import CarouselCore
import Testing

@Suite struct PointerGestureTests {
    @Test func pressAndReleaseInPlaceIsAClick() {
        var g = PointerGesture()
        g.press(x: 10, y: 5, time: 0, position: 3)
        #expect(g.release(x: 10, y: 5, time: 0.1) == .click(x: 10, y: 5))
    }

    @Test func draggingFollowsThePointerCardByCard() {
        var g = PointerGesture()
        g.press(x: 50, y: 5, time: 0, position: 3)
        // 23 columns to the left is one card forward.
        #expect(g.move(x: 27, y: 5, time: 0.1, cellsPerCard: 23, vertical: false) == .drag(to: 4))
        #expect(g.move(x: 73, y: 9, time: 0.2, cellsPerCard: 23, vertical: false) == .drag(to: 2))
        #expect(g.isDragging)
    }

    @Test func verticalStylesFollowRows() {
        var g = PointerGesture()
        g.press(x: 50, y: 10, time: 0, position: 0)
        #expect(g.move(x: 80, y: 4, time: 0.05, cellsPerCard: 6, vertical: true) == .drag(to: 1))
    }

    @Test func releasingWhileMovingFlingsWithTheRecentSpeed() {
        var g = PointerGesture()
        g.press(x: 50, y: 5, time: 0, position: 0)
        _ = g.move(x: 40, y: 5, time: 0.50, cellsPerCard: 10, vertical: false)   // slow start, too old to count
        _ = g.move(x: 30, y: 5, time: 0.95, cellsPerCard: 10, vertical: false)
        _ = g.move(x: 20, y: 5, time: 1.00, cellsPerCard: 10, vertical: false)
        guard case .action(.release(let velocity)) = g.release(x: 20, y: 5, time: 1.01) else {
            Issue.record("expected a fling")
            return
        }
        #expect(abs(velocity - 20) < 1e-9, "one card in 0.05 s")
    }

    @Test func releasingAfterThePointerStoppedDoesNotFling() {
        var g = PointerGesture()
        g.press(x: 50, y: 5, time: 0, position: 0)
        _ = g.move(x: 30, y: 5, time: 0.1, cellsPerCard: 10, vertical: false)
        #expect(g.release(x: 30, y: 5, time: 0.6) == .action(.release(velocity: 0)))
    }

    @Test func aFlingSnapsToTheCardNearestWhereItWouldCoastTo() {
        var state = CarouselState(count: 30)
        state.send(.drag(to: 2.3))
        state.send(.release(velocity: 8))   // coasts 4 cards: 6.3 -> card 6
        #expect(state.scroll.target == 6)
        #expect(state.scroll.velocity == 8, "the spring starts from the pointer's speed")
        while state.isAnimating { state.send(.tick(1.0 / 60)) }
        #expect(state.position == 6)
        var gentle = CarouselState(count: 30)
        gentle.send(.drag(to: 2.6))
        gentle.send(.release(velocity: 0))
        #expect(gentle.scroll.target == 3)
    }

    @Test func draggingStopsAtTheEndsUnlessLooping() {
        var state = CarouselState(count: 5)
        state.send(.drag(to: -3))
        #expect(state.position > -0.5)
        var looping = CarouselState(count: 5, loop: true)
        looping.send(.drag(to: -3))
        #expect(looping.position == -3 && looping.activeIndex == 2)
    }
}
