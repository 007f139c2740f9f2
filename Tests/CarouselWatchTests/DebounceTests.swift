@testable import CarouselWatch
import Glibc
import Testing

/// The debounce's timing on a made-up clock: exact, where the tests on real files must allow
/// for a busy machine.
@Suite struct DebounceTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func nothingPendingMeansNoTimeout() {
        var debounce = Debounce(quiet: .milliseconds(100), longest: .seconds(1))
        #expect(debounce.deadline == nil)
        #expect(debounce.pollTimeout(at: at(0)) == -1)
        #expect([0, 5_000].map { debounce.fire(at: at($0)) } == [false, false])
    }

    @Test func firesOnceAQuietTimeAfterTheLastChange() {
        var debounce = Debounce(quiet: .milliseconds(100), longest: .seconds(1))
        for ms in stride(from: 0, through: 500, by: 50) { debounce.changed(at: at(ms)) }
        #expect(debounce.deadline == at(600))
        #expect(debounce.pollTimeout(at: at(500)) == 100)
        #expect([599, 600, 700].map { debounce.fire(at: at($0)) } == [false, true, false])
        #expect(debounce.pollTimeout(at: at(700)) == -1)
    }

    @Test func aSteadyStreamFiresAtTheLongestWait() {
        var debounce = Debounce(quiet: .milliseconds(100), longest: .seconds(1))
        var fired: [Int] = []
        for ms in stride(from: 0, to: 2_500, by: 50) {
            debounce.changed(at: at(ms))
            if debounce.fire(at: at(ms)) { fired.append(ms) }
        }
        // Each burst starts with the first change after a firing.
        #expect(fired == [1_000, 2_050])
    }

    @Test func theTimeoutIsRoundedUp() {
        var debounce = Debounce(quiet: .milliseconds(100), longest: .seconds(1))
        debounce.changed(at: at(0))
        #expect(debounce.pollTimeout(at: at(0) + .microseconds(99_500)) == 1)
        #expect(debounce.pollTimeout(at: at(0) + .microseconds(1)) == 100)
        #expect(debounce.pollTimeout(at: at(100)) == 0)
        #expect(debounce.pollTimeout(at: at(150)) == 0)
    }
}

@Suite struct EditorNoiseTests {
    @Test(arguments: [".a.md.swp", "a.md.swp", "a.md.swo", "a.md.swa", "a.md.swx", "a.md~", "4913", ".#a.md",
                      "#a.md#", ".hidden", ".", "..", "", "a.md.bak", "a.md.orig", "fix.rej",
                      // JetBrains' safe write, sed -i's file being written, downloads and copies (helper-52)
                      "todo.md___jb_tmp___", "todo.md___jb_old___", "sedAb12Cd", "sed3kQ9xz", "wifi.txt.tmp", "photo.jpg.part",
                      "a.md.crswap"])
    func noise(_ name: String) {
        #expect(EditorNoise.contains(Array(name.utf8)))
    }

    @Test(arguments: ["a.md", "talk.md", "photo.png", "a.swift", "a.sw", "notes.swz", "49130", "#tag", "x#", "bakery.md", "original", "bak",
                      "sedatives", "sed.md", "sedAb12Cd.md", "tmp", "part.md", "temp"])
    func cards(_ name: String) {
        #expect(!EditorNoise.contains(Array(name.utf8)))
    }
}

@Suite struct AbsolutePathTests {
    /// A name in `/` is `/name`, not `//name` (helper-28: a deck folder in `/` was not followed again).
    @Test func aNameInTheRootIsJoinedWithOneSlash() {
        #expect(WatchTable.path(Array("deck".utf8), in: Array("/".utf8)) == Array("/deck".utf8))
        #expect(WatchTable.path(Array("deck".utf8), in: Array("/tmp".utf8)) == Array("/tmp/deck".utf8))
    }

    @Test func relativePathsStartFromTheWorkingDirectory() {
        var cwd = [CChar](repeating: 0, count: Int(PATH_MAX))
        #expect(getcwd(&cwd, cwd.count) != nil)
        let base = cwd.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(DeckWatcher.absolute("notes/") == Array((base + "/notes").utf8))
        #expect(DeckWatcher.absolute("/srv/deck//") == Array("/srv/deck".utf8))
        #expect(DeckWatcher.absolute("/") == Array("/".utf8))
        #expect(DeckWatcher.absolute("") == [])
    }
}
