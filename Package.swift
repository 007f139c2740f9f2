// swift-tools-version: 6.1
import PackageDescription

// Data flows one way: input -> state (CarouselCore) -> placements -> cards drawn into a canvas
// (CarouselRender, CarouselCanvas) -> diff -> terminal (CarouselTerminal over CNCursesShim).
// Cards and their content (CarouselCards: art, text, image) come from decks (CarouselDecks).
// CarouselApp wires them together in one program loop for the terminal, `--render` and tests.
let package = Package(
    name: "carousel",
    products: [
        .executable(name: "carousel", targets: ["carousel"]),
        // Libraries so that the separate Benchmarks/ package can measure the engine and renderer.
        .library(name: "CarouselCore", targets: ["CarouselCore"]),
        .library(name: "CarouselCanvas", targets: ["CarouselCanvas"]),
        .library(name: "CarouselCards", targets: ["CarouselCards"]),
        .library(name: "CarouselText", targets: ["CarouselText"]),
        .library(name: "CarouselRender", targets: ["CarouselRender"]),
        .library(name: "CarouselDecks", targets: ["CarouselDecks"]),
        .library(name: "CarouselPictures", targets: ["CarouselPictures"]),
        .library(name: "CarouselSearch", targets: ["CarouselSearch"]),
        .library(name: "CarouselTerminal", targets: ["CarouselTerminal"]),
        // Pictures made byte by byte, for the benchmarks as for the tests.
        .library(name: "CarouselTestSupport", targets: ["CarouselTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // Pure layout engine: no Foundation, no Glibc.
        .target(name: "CarouselCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // Cells, the canvas, its diff and character widths: no dependencies at all.
        .target(name: "CarouselCanvas"),
        // A card: identity, title, accent, and content of one kind (art, text, image).
        .target(name: "CarouselCards", dependencies: ["CarouselCanvas", "CarouselText"]),
        // Pure renderer: cards drawn for their placements (each content kind to cells), chrome, help.
        .target(name: "CarouselRender", dependencies: ["CarouselCore", "CarouselCanvas", "CarouselCards", "CarouselText"]),
        // The only code that includes curses.h.
        .target(
            name: "CNCursesShim",
            cSettings: [.define("_XOPEN_SOURCE", to: "600"), .define("_DEFAULT_SOURCE")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .target(name: "CarouselTerminal", dependencies: ["CNCursesShim", "CarouselCanvas", "CarouselCore", "CarouselRender"]),
        .target(
            name: "CarouselDecks",
            dependencies: ["CarouselCards", "CarouselCanvas", "CarouselText", "CarouselMarkdown", "CarouselWatch", "CarouselSearch", "CarouselThreads"],
            plugins: [.plugin(name: "EmbedDeck")]
        ),
        // Text cards: a pure model and layout (wrapping, fitting, ANSI colours from input), and
        // Markdown through Debian's libcmark behind a small C shim (only the .c includes cmark.h).
        // Words are hyphenated by the TeX patterns of Debian's hyphen-* packages (read by
        // CarouselText itself: see HyphenPatterns).
        .target(name: "CarouselText"),
        .target(name: "CCMark", linkerSettings: [.linkedLibrary("cmark")]),
        .target(name: "CarouselMarkdown", dependencies: ["CarouselText", "CarouselCanvas", "CCMark"]),
        // Pictures: decoded by gdk-pixbuf (halved while decoding), turned into cells by libchafa,
        // behind a small C shim (only cpictures.c includes glib, gdk-pixbuf and chafa headers).
        // The two system libraries give only their headers (pkg-config's cflags): cpictures.c opens
        // the libraries with dlopen on first use, so that a deck without pictures never loads them.
        // SwiftPM still puts pkg-config's -l flags first on every link line, where no linker flag
        // of a target can precede them; a clang configuration file can (its options come before
        // the command line's): it turns on --as-needed, and the unused libraries are not recorded.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .target(
            name: "CPictures",
            dependencies: ["CChafa", "CGdkPixbuf"],
            linkerSettings: [
                .linkedLibrary("dl"),
                .unsafeFlags(["-Xclang-linker", "--config=\(Context.packageDirectory)/Sources/CGdkPixbuf/link-as-needed.cfg"]),
            ]
        ),
        .target(name: "CarouselPictures", dependencies: ["CarouselCanvas", "CarouselCards", "CPictures", "CarouselThreads"]),
        // Finding cards: a query (smart case) run over a deck's titles, subtitles and text off the
        // frame path, narrowing as the query grows.
        .target(name: "CarouselSearch", dependencies: ["CarouselCards", "CarouselThreads"]),
        // Detached worker threads that leave nothing behind when their work runs out (no pool, no
        // timer: libdispatch's wakes every second).
        .target(name: "CarouselThreads"),
        // Following a deck's files (inotify) to read it again when they change.
        .target(name: "CarouselWatch"),
        .target(name: "CarouselApp", dependencies: ["CarouselCore", "CarouselCanvas", "CarouselCards", "CarouselRender", "CarouselDecks", "CarouselTerminal", "CarouselPictures", "CarouselSearch", "CarouselWatch", "CarouselText", "CarouselThreads"]),
        .executableTarget(
            name: "carousel",
            dependencies: ["CarouselApp", "CarouselWatch", "CarouselText", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            // The release link's function order and its C++ runtime (see the Makefile's RELEASE_FLAGS).
            exclude: ["functions.order", "static-libstdcxx.cfg"]
        ),
        // Build-time tool: turns Assets/deck into Swift source so the built-in deck lives in the binary.
        .executableTarget(name: "embed-deck"),
        .plugin(name: "EmbedDeck", capability: .buildTool(), dependencies: ["embed-deck"]),

        .testTarget(
            name: "CarouselCoreTests",
            dependencies: ["CarouselCore", "CarouselTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "CarouselRenderTests", dependencies: ["CarouselRender", "CarouselCanvas", "CarouselCards", "CarouselCore", "CarouselText", "CarouselDecks", "CarouselTestSupport"]),
        // Helpers shared by the test targets (a seeded random generator).
        .target(name: "CarouselTestSupport", path: "Tests/CarouselTestSupport"),
        .testTarget(name: "CarouselDecksTests", dependencies: ["CarouselDecks", "CarouselCanvas", "CarouselCards", "CarouselText", "CarouselTestSupport"]),
        .testTarget(name: "CarouselTerminalTests", dependencies: ["CarouselTerminal", "CarouselCanvas", "CarouselCards", "CarouselRender", "CarouselCore", "CarouselTestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "CarouselAppTests",
            dependencies: ["CarouselApp", "CarouselCanvas", "CarouselCards", "CarouselDecks", "CarouselRender", "CarouselCore", "CarouselText", "CarouselTestSupport", "CarouselPictures", "CarouselSearch", "CarouselTerminal"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["carousel"]),
        .testTarget(name: "CarouselPicturesTests", dependencies: ["CarouselPictures", "CarouselCanvas", "CarouselCards", "CarouselTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CarouselSearchTests", dependencies: ["CarouselSearch", "CarouselCards", "CarouselText", "CarouselTestSupport", "CarouselThreads"]),
        .testTarget(name: "CarouselWatchTests", dependencies: ["CarouselWatch"]),
        .testTarget(name: "CarouselTextTests", dependencies: ["CarouselText", "CarouselCanvas", "CarouselTestSupport"]),
        .testTarget(name: "CarouselMarkdownTests", dependencies: ["CarouselMarkdown", "CarouselText", "CarouselCanvas", "CarouselTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
