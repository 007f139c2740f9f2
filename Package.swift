// swift-tools-version: 6.1
import PackageDescription

// Data flows one way: input -> state (CarouselCore) -> placements -> canvas (CarouselRender)
// -> diff -> terminal (CarouselTerminal over CNCursesShim). CarouselApp wires them together
// for both the interactive loop and the headless `--render` path.
let package = Package(
    name: "carousel",
    products: [
        .executable(name: "carousel", targets: ["carousel"]),
        // Libraries so that the separate Benchmarks/ package can measure the engine and renderer.
        .library(name: "CarouselCore", targets: ["CarouselCore"]),
        .library(name: "CarouselRender", targets: ["CarouselRender"]),
        .library(name: "CarouselDecks", targets: ["CarouselDecks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // Pure layout engine: no Foundation, no Glibc.
        .target(name: "CarouselCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // Pure renderer: cells, canvas, effects, compositor, chrome, diff.
        .target(name: "CarouselRender", dependencies: ["CarouselCore"]),
        // The only code that includes curses.h.
        .target(
            name: "CNCursesShim",
            cSettings: [.define("_XOPEN_SOURCE", to: "600"), .define("_DEFAULT_SOURCE")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .target(name: "CarouselTerminal", dependencies: ["CNCursesShim", "CarouselRender"]),
        .target(
            name: "CarouselDecks",
            dependencies: ["CarouselCore"],
            plugins: [.plugin(name: "EmbedDeck")]
        ),
        // Text cards: a pure model and layout (wrapping, fitting, ANSI colours from input), and
        // Markdown through Debian's libcmark behind a small C shim (only the .c includes cmark.h).
        .target(name: "CarouselText"),
        .target(name: "CCMark", linkerSettings: [.linkedLibrary("cmark")]),
        .target(name: "CarouselMarkdown", dependencies: ["CarouselText", "CCMark"]),
        // Pictures: decoded by gdk-pixbuf (scaled while decoding), turned into cells by libchafa,
        // behind a small C shim (only cpictures.c includes glib, gdk-pixbuf and chafa headers).
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .target(name: "CPictures", dependencies: ["CChafa", "CGdkPixbuf"]),
        .target(name: "CarouselPictures", dependencies: ["CPictures"]),
        .target(name: "CarouselApp", dependencies: ["CarouselCore", "CarouselRender", "CarouselDecks", "CarouselTerminal"]),
        .executableTarget(
            name: "carousel",
            dependencies: ["CarouselApp", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Build-time tool: turns Assets/deck into Swift source so the built-in deck lives in the binary.
        .executableTarget(name: "embed-deck"),
        .plugin(name: "EmbedDeck", capability: .buildTool(), dependencies: ["embed-deck"]),

        .testTarget(
            name: "CarouselCoreTests",
            dependencies: ["CarouselCore", "CarouselTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "CarouselRenderTests", dependencies: ["CarouselRender", "CarouselCore"]),
        // Helpers shared by the test targets (a seeded random generator).
        .target(name: "CarouselTestSupport", path: "Tests/CarouselTestSupport"),
        .testTarget(name: "CarouselDecksTests", dependencies: ["CarouselDecks", "CarouselTestSupport"]),
        .testTarget(name: "CarouselTerminalTests", dependencies: ["CarouselTerminal", "CarouselRender", "CarouselCore"], exclude: ["Goldens"]),
        .testTarget(
            name: "CarouselAppTests",
            dependencies: ["CarouselApp", "CarouselDecks", "CarouselRender", "CarouselCore", "CarouselTestSupport"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["carousel"]),
        .testTarget(name: "CarouselPicturesTests", dependencies: ["CarouselPictures", "CarouselTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CarouselTextTests", dependencies: ["CarouselText", "CarouselRender", "CarouselTestSupport"]),
        .testTarget(name: "CarouselMarkdownTests", dependencies: ["CarouselMarkdown", "CarouselText", "CarouselRender", "CarouselTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
