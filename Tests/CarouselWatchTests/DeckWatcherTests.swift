@testable import CarouselWatch
import Glibc
import Synchronization
import Testing

/// Real files in a temporary directory, real inotify: what `carousel --watch` relies on.
@Suite struct DeckWatcherTests {
    let scratch = WatchScratch()
    let calls = CallCounter()

    @Test func modifyingAFileInAWatchedDirectoryCallsBack() async throws {
        scratch.write("one", to: "a.md")
        let watcher = try DeckWatcher(paths: [scratch.path], onChange: calls.record)
        #expect(watcher.problems.isEmpty)
        scratch.write(" two", to: "a.md", appending: true)
        #expect(await calls.wait(for: 1))
    }

    @Test func creatingAndDeletingAFileCallBack() async throws {
        let watcher = try DeckWatcher(paths: [scratch.path + "/"], onChange: calls.record)
        scratch.write("new", to: "b.md")
        #expect(await calls.wait(for: 1))
        #expect(await calls.settle(for: .milliseconds(300)) == 1)
        scratch.delete("b.md")
        #expect(await calls.wait(for: 2))
        watcher.stop()
    }

    @Test func aWatchedFileSurvivesSavesThatRenameOverIt() async throws {
        scratch.write("v1", to: "talk.md")
        let watcher = try DeckWatcher(paths: [scratch.at("talk.md")], onChange: calls.record)
        #expect(watcher.problems.isEmpty)
        // Its neighbours are not the deck.
        scratch.write("x", to: "other.md")
        #expect(await calls.settle() == 0)
        for (save, version) in ["v2", "v3"].enumerated() {
            scratch.write(version, to: "talk.md.new")
            scratch.rename("talk.md.new", to: "talk.md")
            #expect(await calls.wait(for: save + 1))
            #expect(await calls.settle(for: .milliseconds(300)) == save + 1)
        }
        #expect(scratch.read("talk.md") == "v3")
    }

    /// The pictures a talk shows are followed with it (replaced, the slide kept the old one until
    /// the talk was saved); read again and showing another picture, the talk's new picture is
    /// followed and the old one no more.
    @Test func aTalksPicturesAreFollowedAndTheListFollowsTheTalk() async throws {
        scratch.write("# Chart\n\n![Sales](chart.png)\n", to: "talk.md")
        scratch.write("old", to: "chart.png")
        scratch.write("old", to: "map.png")
        let watched = try WatchedDeck(paths: [scratch.at("talk.md")], pictures: [Array(scratch.at("chart.png").utf8)],
                                      onChange: calls.record)
        #expect(watched.problems.isEmpty && watched.isWatching)
        scratch.write("x", to: "map.png")
        #expect(await calls.settle() == 0, "a picture the talk does not show is not the deck")
        scratch.write("new", to: "chart.png.new")
        scratch.rename("chart.png.new", to: "chart.png")
        #expect(await calls.wait(for: 1))
        #expect(await calls.settle(for: .milliseconds(300)) == 1)
        // The talk now shows the map.
        watched.follow(pictures: [Array(scratch.at("map.png").utf8)])
        scratch.write("y", to: "chart.png")
        #expect(await calls.settle() == 1, "the chart is no longer followed")
        scratch.write("z", to: "map.png")
        #expect(await calls.wait(for: 2))
        watched.stop()
    }

    /// A note linked into the deck from elsewhere is followed where it is: edited there (or
    /// through the link, or saved by a rename over it), it calls back; a link made while the deck
    /// is watched too; its neighbours there are not the deck (helper-52: edits were never seen).
    @Test func aFileLinkedIntoTheDeckIsFollowedWhereItIs() async throws {
        scratch.directory("deck")
        scratch.directory("elsewhere")
        scratch.write("v1", to: "elsewhere/shared.md")
        scratch.write("x", to: "elsewhere/later.md")
        #expect(symlink("../elsewhere/shared.md", scratch.at("deck/shared.md")) == 0)
        let watcher = try DeckWatcher(paths: [scratch.at("deck")], onChange: calls.record)
        #expect(watcher.problems.isEmpty)
        scratch.write(" v2", to: "elsewhere/shared.md", appending: true)
        #expect(await calls.wait(for: 1))
        #expect(await calls.settle(for: .milliseconds(300)) == 1)
        scratch.write("v3", to: "elsewhere/shared.md.new")
        scratch.rename("elsewhere/shared.md.new", to: "elsewhere/shared.md")
        #expect(await calls.wait(for: 2))
        #expect(await calls.settle(for: .milliseconds(300)) == 2)
        scratch.write("y", to: "elsewhere/other.md")
        #expect(await calls.settle(for: .milliseconds(300)) == 2, "not the deck")
        #expect(symlink(scratch.at("elsewhere/later.md"), scratch.at("deck/later.md")) == 0)
        #expect(await calls.wait(for: 3))
        #expect(await calls.settle(for: .milliseconds(300)) == 3)
        scratch.write(" more", to: "elsewhere/later.md", appending: true)
        #expect(await calls.wait(for: 4))
        // A link to a note not made yet: followed where it will be (review: never read again).
        #expect(symlink("../elsewhere/soon.md", scratch.at("deck/soon.md")) == 0)
        #expect(await calls.wait(for: 5))
        #expect(await calls.settle(for: .milliseconds(300)) == 5)
        scratch.write("made", to: "elsewhere/soon.md")
        #expect(await calls.wait(for: 6))
        // A file named through a link, too.
        let named = CallCounter()
        let direct = try DeckWatcher(paths: [scratch.at("deck/shared.md")], onChange: named.record)
        scratch.write(" v4", to: "elsewhere/shared.md", appending: true)
        #expect(await named.wait(for: 1))
        watcher.stop()
        direct.stop()
    }

    @Test func swapBackupAndHiddenFilesDoNotCallBack() async throws {
        scratch.write("deck", to: "a.md")
        scratch.directory(".git")
        scratch.write("ref", to: ".git/HEAD")
        let watcher = try DeckWatcher(paths: [scratch.path], onChange: calls.record)
        for name in [".a.md.swp", ".a.md.swx", "a.md.swp", "a.md~", "4913", ".#a.md", "#a.md#", ".hidden"] {
            scratch.write("noise", to: name)
            scratch.delete(name)
        }
        scratch.write("ref2", to: ".git/HEAD")
        scratch.directory(".cache")
        scratch.write("x", to: ".cache/x")
        // Reading the deck (as a reload does) is not a change either, or it would reload forever.
        _ = scratch.read("a.md")
        #expect(await calls.settle() == 0)
        scratch.write("deck, edited", to: "a.md")
        #expect(await calls.wait(for: 1))
        watcher.stop()
    }

    /// What vim does to save `a.md` (backupcopy=no, writebackup): probe, back up by renaming,
    /// write anew, drop the backup, while its swap file is written. One reload. The quiet time is
    /// longer than the default so that a busy machine pausing this test between two steps cannot
    /// split the save in two.
    @Test func aVimSaveCallsBackOnce() async throws {
        scratch.write("v1", to: "a.md")
        let watcher = try DeckWatcher(paths: [scratch.path], quiet: .milliseconds(300), onChange: calls.record)
        scratch.write("swap", to: ".a.md.swp")
        scratch.write("", to: "4913")
        scratch.delete("4913")
        scratch.rename("a.md", to: "a.md~")
        scratch.write("v2", to: "a.md")
        scratch.delete("a.md~")
        scratch.write("swap2", to: ".a.md.swp")
        #expect(await calls.wait(for: 1))
        #expect(await calls.settle(for: .milliseconds(700)) == 1)
        watcher.stop()
    }

    /// Twenty writes in a row give one callback. The quiet time is 300 ms rather than 100 so
    /// that a loaded machine descheduling the writer cannot split the burst.
    @Test func aBurstOfWritesCallsBackOnce() async throws {
        let watcher = try DeckWatcher(paths: [scratch.path], quiet: .milliseconds(300), onChange: calls.record)
        for i in 0..<20 { scratch.write("line \(i)\n", to: "file\(i % 5).md", appending: true) }
        #expect(await calls.wait(for: 1))
        #expect(await calls.settle(for: .milliseconds(700)) == 1)
        watcher.stop()
    }

    /// Without the longest wait, a file appended to more often than the quiet time would never
    /// be told of while the appends go on.
    /// (Synchronous, with usleep: on a loaded machine a task's sleep can wait for a free thread
    /// of the shared pool for longer than the quiet time, and the stream would not be steady.)
    @Test func aSteadyStreamStillCallsBackNowAndThen() throws {
        scratch.write("", to: "log.md")
        let watcher = try DeckWatcher(paths: [scratch.at("log.md")], quiet: .milliseconds(300),
                                      longest: .milliseconds(400), onChange: calls.record)
        let end = ContinuousClock.now + .milliseconds(1500)
        while ContinuousClock.now < end {
            scratch.write("more\n", to: "log.md", appending: true)
            usleep(20_000)
        }
        // Without the longest wait, a steady stream gives one call, 300 ms after it ends.
        let limit = ContinuousClock.now + .seconds(3)
        while calls.count < 2 && ContinuousClock.now < limit { usleep(10_000) }
        #expect(calls.count >= 2)
        watcher.stop()
    }

    @Test func subdirectoriesAreFollowedIncludingNewOnesButNotTooDeep() async throws {
        scratch.directory("a")
        scratch.directory("a/b")
        scratch.directory("a/b/c")
        scratch.directory("a/b/c/d")
        let watcher = try DeckWatcher(paths: [scratch.path], onChange: calls.record)
        // Four levels down is beyond the limit.
        scratch.write("deep", to: "a/b/c/d/x.md")
        #expect(await calls.settle() == 0)
        scratch.write("three down", to: "a/b/c/x.md")
        #expect(await calls.wait(for: 1))
        #expect(await calls.settle(for: .milliseconds(300)) == 1)

        scratch.directory("new")
        #expect(await calls.wait(for: 2))
        #expect(await calls.settle(for: .milliseconds(300)) == 2)
        scratch.write("card", to: "new/card.md")
        #expect(await calls.wait(for: 3))
        watcher.stop()
    }

    @Test func aDirectoryMovedOutOfTheDeckIsNoLongerFollowed() async throws {
        let elsewhere = WatchScratch()
        scratch.directory("deck")
        scratch.directory("deck/sub")
        let watcher = try DeckWatcher(paths: [scratch.at("deck")], onChange: calls.record)
        #expect(Glibc.rename(scratch.at("deck/sub"), elsewhere.at("sub")) == 0)
        #expect(await calls.wait(for: 1))
        #expect(await calls.settle(for: .milliseconds(300)) == 1)
        elsewhere.write("not the deck", to: "sub/x.md")
        #expect(await calls.settle() == 1)
        watcher.stop()
    }

    /// A deck folder removed and made again (a checkout, a generated folder) is followed again
    /// (helper-27: `--watch` never read it again).
    @Test func aFolderRemovedAndMadeAgainIsFollowedAgain() async throws {
        scratch.directory("deck")
        scratch.write("one", to: "deck/a.md")
        let watcher = try DeckWatcher(paths: [scratch.at("deck")], onChange: calls.record)
        scratch.delete("deck/a.md")
        #expect(rmdir(scratch.at("deck")) == 0)
        #expect(await calls.wait(for: 1))
        let gone = await calls.settle(for: .milliseconds(300))
        scratch.directory("deck")
        #expect(await calls.wait(for: gone + 1), "made again")
        let made = await calls.settle(for: .milliseconds(300))
        scratch.write("two", to: "deck/b.md")
        #expect(await calls.wait(for: made + 1), "a file in it")
        // Its neighbours are not the deck.
        let before = await calls.settle(for: .milliseconds(300))
        scratch.write("x", to: "other.md")
        #expect(await calls.settle() == before)
        watcher.stop()
    }

    @Test func noCallbackAfterStop() async throws {
        // A long quiet time, so that the second write is surely still pending at stop().
        let watcher = try DeckWatcher(paths: [scratch.path], quiet: .milliseconds(500), onChange: calls.record)
        scratch.write("1", to: "a.md")
        #expect(await calls.wait(for: 1))
        // A change pending when stop() is called is not told either.
        scratch.write("2", to: "a.md")
        watcher.stop()
        let atStop = calls.count
        scratch.write("3", to: "a.md")
        #expect(await calls.settle() == atStop)
        #expect(atStop == 1)
        watcher.stop()
    }

    @Test func theCallbackMayStopItsWatcher() async throws {
        let held = Mutex<DeckWatcher?>(nil)
        let count = calls.record
        let watcher = try DeckWatcher(paths: [scratch.path]) {
            count()
            held.withLock { $0?.stop() }
        }
        held.withLock { $0 = watcher }
        scratch.write("1", to: "a.md")
        #expect(await calls.wait(for: 1))
        #expect(await calls.settle(for: .milliseconds(300)) == 1)
        scratch.write("2", to: "a.md")
        #expect(await calls.settle() == 1)
        held.withLock { $0 = nil }
    }

    @Test func missingPathsAreReportedAndStandardInputIsSkipped() async throws {
        let watcher = try DeckWatcher(paths: ["-", scratch.at("missing.md"), scratch.path], onChange: calls.record)
        #expect(watcher.problems == ["\(scratch.at("missing.md")): cannot be watched: No such file or directory"])
        #expect(watcher.isWatching)
        scratch.write("still watched", to: "a.md")
        #expect(await calls.wait(for: 1))

        let nothing = try DeckWatcher(paths: ["-", scratch.at("gone/"), ""], onChange: calls.record)
        #expect(nothing.problems.count == 2)
        #expect(!nothing.isWatching)
        nothing.stop()
    }
}
