// swift-tools-version:6.0
// Vitrine: UIKit's view and window architecture on Linux KMS/DRM.
// Module map (see ARCHITECTURE.md, "Where things live"):
//   C modules (systemLibrary) -> VitrinePlatform -> CoreGraphics -> UIKit (umbrella: `import UIKit`)
import PackageDescription

/// One `systemLibrary` target per C library: a module map, its pkg-config name and the Debian package.
func cLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

/// Swift Testing ships cross-import overlays for Apple's `CoreGraphics` and `UIKit` modules, which do not exist
/// on Linux; with Vitrine's modules of those names in a test, the compiler looks for the overlays and fails.
/// Test targets turn cross-import overlays off (see the "Testing your app" article, Sources/UIKit/UIKit.docc).
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]

let package = Package(
    name: "Vitrine",
    products: [
        .library(name: "UIKit", targets: ["UIKit"]),
        // UI tests written as XCUITest's, driving an app through its accessibility tree (the app's UI-test agent).
        .library(name: "VitrineUITesting", targets: ["VitrineUITesting"]),
        .executable(name: "showcase", targets: ["ShowcaseApp"]),
        .executable(name: "hello-views", targets: ["HelloViews"]),
        .executable(name: "vboard-probe", targets: ["VirtualBoardProbe"]),
        .executable(name: "fbrun", targets: ["fbrun"]),
        .executable(name: "vitrine-input", targets: ["VitrineInputTool"]),
        .executable(name: "vitrine-ui", targets: ["VitrineUITool"]),
        .executable(name: "showcase-ui-tour", targets: ["ShowcaseUITour"]),
        .executable(name: "vitrine-image", targets: ["VitrineImageTool"]),
        .executable(name: "vboard-touch", targets: ["VirtualBoardTouchProbe"]),
        .executable(name: "vitrine-bench-views", targets: ["BenchViews"]),
        .executable(name: "vitrine-bench-drawing", targets: ["BenchDrawing"]),
        .executable(name: "vitrine-bench-compositor", targets: ["BenchCompositor"]),
        .executable(name: "vitrine-bench-input", targets: ["BenchInput"]),
        .executable(name: "vitrine-bench-animation", targets: ["BenchAnimation"]),
        .executable(name: "vitrine-bench-layout", targets: ["BenchLayout"]),
        .executable(name: "vitrine-bench-controls", targets: ["BenchControls"]),
        .executable(name: "vitrine-bench-lists", targets: ["BenchLists"]),
    ],
    dependencies: [
        // Logging with a level set by VITRINE_LOG (see the "Logging" section of Sources/UIKit/UIKit.docc/PanelAndFbrun.md).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // fbrun's command line.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // API documentation: `swift package generate-documentation` (Tools/docs.sh builds and serves it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Allocation counts in the benchmarks (package-benchmark's malloc interposer, on its own).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // C libraries, as the system provides them.
        cLibrary("CDRM", pkgConfig: "libdrm", apt: ["libdrm-dev"]),
        cLibrary("CInput", pkgConfig: "libinput", apt: ["libinput-dev"]),
        cLibrary("CUdev", pkgConfig: "libudev", apt: ["libudev-dev"]),
        cLibrary("CSeat", pkgConfig: "libseat", apt: ["libseat-dev"]),
        cLibrary("CXKBCommon", pkgConfig: "xkbcommon", apt: ["libxkbcommon-dev"]),  // keyboard layouts
        cLibrary("CCairo", pkgConfig: "cairo-ft", apt: ["libcairo2-dev"]),
        cLibrary("CPixman", pkgConfig: "pixman-1", apt: ["libpixman-1-dev"]),  // compositing, pixel-format conversion
        cLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"]),
        cLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: ["libharfbuzz-dev"]),
        cLibrary("CFontconfig", pkgConfig: "fontconfig", apt: ["libfontconfig-dev"]),
        cLibrary("CFriBidi", pkgConfig: "fribidi", apt: ["libfribidi-dev"]),
        cLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev"]),
        cLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: ["libturbojpeg0-dev"]),
        // What Swift cannot import from those headers: function-like macros, ioctl numbers.
        .target(name: "CVitrineShims", dependencies: ["CDRM"]),
        // Text segmentation (graphemes, words, lines) through ICU's break iterators (libicu-dev).
        .target(name: "CTextBoundaries", linkerSettings: [.linkedLibrary("icuuc")]),

        // Platform: the event loop, clocks and (later) outputs and input seats. The only layer that makes syscalls.
        .target(name: "VitrinePlatform", dependencies: ["CVitrineShims", "CDRM", "CInput", "CUdev", "CSeat", "CXKBCommon", "CPixman", "CPixelKernels",
                                                        .product(name: "Logging", package: "swift-log")]),
        // Core Graphics: geometry extras, paths, colours, images (PNG/JPEG codecs) and CGContext on cairo.
        .target(name: "CoreGraphics", dependencies: ["CCairo", "CFreeType", "CPixman", "CPNG", "CTurboJPEG", "CPixelKernels"]),
        // Text: fonts (fontconfig, FreeType), shaping (HarfBuzz), bidi (FriBidi), segmentation (ICU), line layout,
        // glyph drawing, carets and hit testing.
        .target(name: "VitrineText", dependencies: ["CoreGraphics", "CCairo", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi",
                                                    "CTextBoundaries"]),
        // Core Text's font manager: fonts the app registers (bundled or downloaded), found by UIFont(name:size:).
        .target(name: "CoreText", dependencies: ["CoreGraphics", "VitrineText"]),
        // Auto Layout's engine: an incremental Cassowary linear constraint solver.
        .target(name: "Cassowary"),
        // The Objective-C runtime calls iOS libraries make through `import UIKit`: associated objects,
        // `autoreleasepool` (Swift on Linux has no Objective-C runtime).
        .target(name: "ObjectiveC"),
        // Quartz Core: the layer tree, cached content and (with the compositor) what reaches the screen.
        // Pixel loops the compositor runs more than pixman's own (a translucent colour over the frame), in C.
        .target(name: "CPixelKernels"),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "ObjectiveC", "VitrinePlatform", "VitrineText", "CCairo", "CPixman", "CPixelKernels"]),
        // UIKit: views, windows, screens, the application and its run loop.
        .target(name: "UIKit", dependencies: ["Cassowary", "CoreGraphics", "CoreText", "ObjectiveC", "QuartzCore", "VitrineText", "VitrinePlatform",
                                              .product(name: "Logging", package: "swift-log")]),

        // The launcher: an app on a virtual terminal, supervised, the console restored however it ends.
        .executableTarget(name: "fbrun", dependencies: ["VitrinePlatform",
                                                        .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // An app's UI-test agent from the shell: print the tree, tap, type, wait, screenshot.
        // The showcase's tour as a UI test (through VitrineUITesting), run on the virtual boards.
        .executableTarget(name: "ShowcaseUITour", dependencies: ["VitrineUITesting"]),
        .executableTarget(name: "VitrineUITool", dependencies: ["VitrineUITesting",
                                                                .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Input devices for people and rigs: list, record, replay through uinput.
        .executableTarget(name: "VitrineInputTool", dependencies: ["VitrinePlatform",
                                                                   .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                                                   .product(name: "Logging", package: "swift-log")]),
        // The golden-image rules (per-channel tolerance, pixels allowed to differ, diff images), shared by the
        // golden-image tests and `vitrine-image`, which the virtual board's checks and the showcase tour call.
        .target(name: "ImageComparison", dependencies: ["CoreGraphics"]),
        .executableTarget(name: "VitrineImageTool", dependencies: ["ImageComparison", "CoreGraphics",
                                                                   .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The seeds' Listing 1-1 as an app.
        .executableTarget(name: "HelloViews", dependencies: ["UIKit"]),
        // The showcase (README's main job): its screens in a library the tests drive, its app delegate apart.
        .target(name: "Showcase", dependencies: ["UIKit"]),
        .executableTarget(name: "ShowcaseApp", dependencies: ["Showcase", "UIKit"]),
        // The app the virtual-board tests drive on a real KMS/DRM device (Tools/virtual-board/run-tests.py).
        .executableTarget(name: "VirtualBoardProbe", dependencies: ["UIKit", "VitrinePlatform"]),
        // The app the virtual-board touch tests drive through uinput and real libinput.
        .executableTarget(name: "VirtualBoardTouchProbe", dependencies: ["UIKit"]),
        // Figures (printed, never asserted): shared helpers, the view system, drawing.
        .target(name: "BenchSupport", dependencies: ["VitrinePlatform", "CCairo", "CoreGraphics",
                                                     .product(name: "MallocInterposerSwift", package: "malloc-interposer")]),
        .executableTarget(name: "BenchViews", dependencies: ["UIKit", "BenchSupport"]),
        // Drawing figures: the reference scene through CGContext/UIKit beside raw cairo, and label text.
        .executableTarget(name: "BenchDrawing", dependencies: ["UIKit", "CCairo", "BenchSupport"]),
        // Compositor figures: the reference scene as views and layers, beside cairo and pixman floors.
        .executableTarget(name: "BenchCompositor", dependencies: ["UIKit", "CCairo", "CPixman", "BenchSupport"]),
        // Touch figures: kernel event time to touchesBegan and to the presented frame; events per second.
        .executableTarget(name: "BenchInput", dependencies: ["UIKit", "BenchSupport"]),
        // Animation figures: a full-screen slide's frame cost, missed frames, CPU; many views; idle.
        .executableTarget(name: "BenchAnimation", dependencies: ["UIKit", "BenchSupport"]),
        // Layout figures: the Cassowary solver beside kiwi (C++) on the same systems; Auto Layout grids.
        .executableTarget(name: "BenchLayout", dependencies: ["Cassowary", "UIKit", "BenchSupport"]),
        .executableTarget(name: "BenchControls", dependencies: ["UIKit", "BenchSupport", "VitrinePlatform"]),
        .executableTarget(name: "BenchLists", dependencies: ["UIKit", "BenchSupport", "VitrinePlatform"]),

        .testTarget(name: "CLibraryTests", dependencies: ["CDRM", "CInput", "CUdev", "CVitrineShims", "CPixelKernels", "CPixman"],
                    swiftSettings: testSettings),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"], swiftSettings: testSettings),
        .testTarget(name: "PlatformTests", dependencies: ["VitrinePlatform", .product(name: "Logging", package: "swift-log")], swiftSettings: testSettings),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "VitrinePlatform", "CPixman", "CCairo"], swiftSettings: testSettings),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"], swiftSettings: testSettings),
        .testTarget(name: "ObjectiveCTests", dependencies: ["ObjectiveC"], swiftSettings: testSettings),
        .target(name: "VitrineUITesting", dependencies: ["CoreGraphics"]),
        .testTarget(name: "VitrineUITestingTests", dependencies: ["VitrineUITesting"], swiftSettings: testSettings),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "VitrineText", "Showcase", "ImageComparison"], exclude: ["Fixtures", "Goldens"],
                    swiftSettings: testSettings),
        // iOS code as most libraries and apps are still written: Swift 5 language mode, UIKit called from code the
        // compiler cannot prove to be on the main actor. A library and an XCTest suite with no Vitrine set-up at all
        // (Tools/test.sh runs the suite in a process of its own, as an app's test bundle would be).
        .target(name: "Swift5ViewLibrary", dependencies: ["UIKit"], path: "Tests/Swift5ViewLibrary",
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "Swift5ClientTests", dependencies: ["UIKit", "Swift5ViewLibrary"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
    ],
    swiftLanguageModes: [.v6]
)
