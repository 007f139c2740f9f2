import CarouselCards
import CarouselPictures
import Foundation
import Testing

/// gdk-pixbuf, libchafa and GLib are not linked: cpictures.c opens them with dlopen the first
/// time a picture needs them. Each test runs in a child process of its own (an exit test), the
/// only way to see a process before its first picture: in this one the other tests have long
/// loaded them.
@Suite struct LibraryLoadingTests {
    /// The picture libraries (and the GLib beneath them) this process has loaded, by soname.
    static func loadedPictureLibraries() -> [String] {
        let names = ["libgdk_pixbuf-2.0.so.0", "libchafa.so.0", "libglib-2.0.so.0", "libgobject-2.0.so.0", "libgio-2.0.so.0"]
        return names.filter { name in
            // RTLD_NOLOAD: a handle only if it is loaded already (then one more reference, given back).
            guard let handle = dlopen(name, RTLD_LAZY | RTLD_NOLOAD) else { return false }
            dlclose(handle)
            return true
        }
    }

    @Test func nothingIsLoadedBeforeTheFirstPictureAndPicturesWorkAfter() async {
        await #expect(processExitsWith: .success) {
            #expect(LibraryLoadingTests.loadedPictureLibraries() == [], "loaded at start")
            // A file that is no picture is told from its first bytes alone.
            #expect(Picture.check(head: Array("# notes\n".utf8), path: nil)?.kind == .unsupported)
            #expect(LibraryLoadingTests.loadedPictureLibraries() == [], "loaded by a check of a non-picture")

            // The first picture loads them, and it decodes and renders as ever.
            let picture = try #require(try? Picture.load(path: TestImages.fixture("split.png"), maxSize: PixelSize(width: 800, height: 800)))
            #expect(picture.width == 40 && picture.height == 40 && picture.format == "png")
            let cells = picture.cells(columns: 20, rows: 10, depth: .truecolor, ascii: false)
            #expect(cells.pictureArea.width > 0)
            let row = cells.pictureArea.y + cells.pictureArea.height / 2
            #expect(cells[cells.pictureArea.x, row].visibleColors.allSatisfy { $0.isReddish })
            #expect(cells[cells.pictureArea.x + cells.pictureArea.width - 1, row].visibleColors.allSatisfy { $0.isBluish })
            #expect(Picture.supportedFormats.contains("png"))
            let loaded = LibraryLoadingTests.loadedPictureLibraries()
            #expect(loaded.contains("libgdk_pixbuf-2.0.so.0") && loaded.contains("libchafa.so.0") && loaded.contains("libglib-2.0.so.0"),
                    "loaded after the first picture: \(loaded)")
        }
    }

    /// As on a machine without gdk-pixbuf: every way in fails as for a missing decoder, in one
    /// line, and nothing crashes.
    @Test func withoutTheLibrariesPicturesFailWithAReason() async {
        await #expect(processExitsWith: .success) {
            setenv("CAROUSEL_PICTURES_TEST_MISSING_LIBRARY", "1", 1)
            let size = PixelSize(width: 800, height: 800)
            func expectCannotLoad(_ error: PictureError?, _ what: String) {
                #expect(error?.kind == .unsupported, "\(what): \(String(describing: error))")
                let reason = error?.reason ?? ""
                #expect(reason.hasPrefix("cannot load the picture libraries: "), "\(what): \(reason)")
                #expect(reason.contains("libcarousel-test-missing.so.0"), "\(what): \(reason)")
                #expect(!reason.contains("\n"))
            }
            expectCannotLoad(#expect(throws: PictureError.self) {
                try Picture.load(path: TestImages.fixture("split.png"), maxSize: size)
            }, "load(path:)")
            expectCannotLoad(#expect(throws: PictureError.self) {
                try Picture.load(bytes: TestImages.split(), maxSize: size)
            }, "load(bytes:)")
            let png = try #require(try? TestImages.bytes(ofFixture: "split.png"))
            expectCannotLoad(Picture.check(head: png.prefix(256), path: nil), "check")
            #expect(Picture.supportedFormats == [])
            // A deck's first look still tells files that are no picture, without the libraries.
            #expect(Picture.check(head: Array("# notes\n".utf8), path: nil)?.reason == "holds text, not a picture")

            // The store shows the reason on the card.
            let path = try #require(try? TestImages.temporaryFile("missing-libraries.bmp", TestImages.split()))
            let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
            let lookup = store.lookup(PictureRequest(file: PictureFile(path: path), columns: 20, rows: 10, blurStep: 0))
            guard case .failed(let message) = lookup else {
                Issue.record("expected a failure, got \(lookup)")
                return
            }
            #expect(message.contains("cannot load the picture libraries"), "\(message)")
            #expect(LibraryLoadingTests.loadedPictureLibraries() == [])
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
    }
}
