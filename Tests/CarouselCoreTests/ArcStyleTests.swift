@testable import CarouselCore
import Testing

@Suite struct ArcStyleTests {
    let viewport = Rect(x: 0, y: 2, width: 100, height: 25)

    @Test(arguments: [
        // d, emphasis curve, offset in Normal (pt), offset in Scaled (pt), scale Normal, scale Scaled
        (0.0, 1.0, 0.0, 15.0, 1.0, 1.5),
        (0.5, 0.5, 15.0, 22.5, 1.0, 1.25),
        (-0.5, 0.5, 15.0, 22.5, 1.0, 1.25),
        (1.0, 0.0, 30.0, 30.0, 1.0, 1.0),
        (-1.0, 0.0, 30.0, 30.0, 1.0, 1.0),
        (2.0, 0.0, 60.0, 60.0, 1.0, 1.0),
        (-2.0, 0.0, 60.0, 60.0, 1.0, 1.0),
    ])
    func curvesMatchTheDemo(d: Double, curve: Double, normalOffset: Double, scaledOffset: Double, normalScale: Double, scaledScale: Double) {
        #expect(ArcStyle.emphasisScale(progress: d) == curve)
        #expect(ArcStyle.offsetY(progress: d, emphasis: 0) == normalOffset)
        #expect(ArcStyle.offsetY(progress: d, emphasis: 1) == scaledOffset)
        #expect(ArcStyle.drawnScale(progress: d, emphasis: 0) == normalScale)
        #expect(ArcStyle.drawnScale(progress: d, emphasis: 1) == scaledScale)
    }

    func placements(position: Double, emphasis: Double, count: Int = 15, loop: Bool = false) -> Layout {
        var layout = Layout()
        ArcStyle().layout(LayoutInput(viewport: viewport, position: position, count: count, loop: loop, emphasis: emphasis), into: &layout)
        return layout
    }

    @Test(arguments: [0.0, 1.0])
    func placementsFollowTheCurvesInCells(emphasis: Double) {
        let layout = placements(position: 5, emphasis: emphasis)
        let base = layout.baseCardSize
        let point = base.height / 200
        let centre = layout.placements.first { $0.index == 5 }!
        for p in layout.placements {
            let d = Double(p.index) - 5
            #expect(p.progress == d)
            #expect(abs(p.frame.midX - (50 + d * (base.width + 2))) < 1e-9)
            let expectedDrop = ArcStyle.offsetY(progress: d, emphasis: emphasis) - ArcStyle.offsetY(progress: 0, emphasis: emphasis)
            #expect(abs((p.frame.midY - centre.frame.midY) - expectedDrop * point) < 1e-9)
            #expect(abs(p.frame.width - base.width * ArcStyle.drawnScale(progress: d, emphasis: emphasis)) < 1e-9)
            #expect(p.opacity == 1 && p.blur == 0)
            #expect(p.z == -abs(d))
        }
        // Painter's order: the centre card last (on top).
        #expect(layout.placements.last?.index == 5)
    }

    @Test func scaledModeDrawsTheCentreCardAtOneAndAHalfWithACircleBehind() {
        let normal = placements(position: 3, emphasis: 0)
        let scaled = placements(position: 3, emphasis: 1)
        #expect(normal.backdrop == nil)
        let circle = try! #require(scaled.backdrop)
        #expect(circle.radiusX == 2 * circle.radiusY, "cells are twice as tall as wide")
        let centre = scaled.placements.last!
        #expect(centre.index == 3 && centre.scale == 1.5)
        #expect(abs(circle.center.x - centre.frame.midX) < 1e-9)
        #expect(scaled.placements.filter { $0.index != 3 }.allSatisfy { $0.scale == 1 })
    }

    @Test func onlyCardsThatCanBeOnScreenArePlaced() {
        let small = placements(position: 7, emphasis: 1, count: 15)
        let huge = placements(position: 500_000, emphasis: 1, count: 1_000_000)
        #expect(small.placements.count == huge.placements.count)
        #expect(huge.placements.allSatisfy { abs($0.index - 500_000) <= 3 })
        for p in huge.placements {
            // Every placed card could reach into the viewport (at up to 1.5x).
            let reach = huge.baseCardSize.width * 0.75
            #expect(p.frame.midX + reach > viewport.minX && p.frame.midX - reach < viewport.maxX)
        }
    }

    @Test func theEndsOfTheDeckPlaceNothingBeyondThem() {
        let layout = placements(position: 0, emphasis: 0)
        #expect(layout.placements.allSatisfy { $0.index >= 0 && $0.index < 15 })
        #expect(layout.placements.map(\.index).sorted() == [0, 1, 2])
    }

    @Test func loopModeWrapsAroundTheEnds() {
        let layout = placements(position: 0, emphasis: 0, count: 15, loop: true)
        #expect(layout.placements.map(\.index).sorted() == [0, 1, 2, 13, 14])
        #expect(layout.placements.first { $0.index == 14 }?.progress == -1)
    }

    @Test func aLoopedDeckShorterThanTheScreenRepeatsLikeTheDemosCopies() {
        // Two cards, five slots on screen: the deck repeats end to end, so no card has to jump
        // from one side of the screen to the other as the position moves.
        let tiny = placements(position: 0.5, emphasis: 0, count: 2, loop: true)
        #expect(tiny.placements.map(\.progress).sorted() == [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5])
        #expect(tiny.placements.map(\.index).sorted() == [0, 0, 0, 1, 1, 1])
    }

    /// On a tall narrow screen the card is not held to a third of the width (ring: a quarter) when
    /// that is narrower than a comfortable reading width and the screen's height allows a wider
    /// card; the 1.5x card of Scaled mode still fits. Wide and short screens keep the old rule.
    @Test func aTallNarrowScreenGivesTheCardAComfortableWidth() {
        for (w, h) in [(30, 40), (40, 30), (36, 60), (50, 60)] {
            let size = ArcStyle.baseCardSize(for: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
            #expect(size.width >= 18, "\(w)x\(h): \(size)")  // were 9, 12, 11 and 15
            #expect(size.width * 1.5 <= Double(w) && size.height * 1.5 <= Double(h))
        }
        for (w, h) in [(100, 30), (80, 24), (200, 60), (40, 12)] {
            let size = ArcStyle.baseCardSize(for: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
            #expect(size.width <= max(Double(w) / 3.2, Layout.legibleWidth).rounded(.down), "\(w)x\(h): \(size)")
        }
        for (w, h) in [(30, 40), (40, 30), (36, 60), (50, 60)] {
            let size = RingStyle.baseCardSize(for: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
            #expect(size.width >= 15, "ring \(w)x\(h): \(size)")  // were 7, 10, 9 and 13
        }
    }

    @Test func baseCardSizeIsWholeCellsAndFitsTheScaledCard() {
        for (w, h) in [(100, 25), (80, 19), (200, 55), (20, 5), (300, 20)] {
            let size = ArcStyle.baseCardSize(for: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
            #expect(size.width == size.width.rounded() && size.height == size.height.rounded())
            #expect(size.width >= 4 && size.height >= 3)
            if h >= 10 { #expect(size.height * 1.5 <= Double(h)) }
        }
    }
}
