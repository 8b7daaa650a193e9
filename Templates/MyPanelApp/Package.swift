// swift-tools-version:6.0
// A Vitrine app: copy this folder, rename MyPanelApp, and point the Vitrine dependency at your copy or its URL.
import PackageDescription

let package = Package(
    name: "MyPanelApp",
    dependencies: [
        // Vitrine by path (this template lives inside Vitrine's repository). From elsewhere use its URL:
        //   .package(url: "https://example.com/your-org/vitrine.git", branch: "main")
        .package(name: "Vitrine", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "MyPanelApp", dependencies: [.product(name: "UIKit", package: "Vitrine")]),
        // XCTest in Swift 5 language mode, as most iOS apps' tests are still written. (Swift Testing ships
        // cross-import overlays for Apple's CoreGraphics and UIKit, which Vitrine's modules are named after: a
        // Swift Testing target adds swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])].)
        .testTarget(name: "MyPanelAppTests", dependencies: ["MyPanelApp", .product(name: "UIKit", package: "Vitrine")],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        // UI tests: the app launched and driven through its accessibility tree, with XCUITest's names.
        .testTarget(name: "MyPanelAppUITests", dependencies: [.product(name: "VitrineUITesting", package: "Vitrine")],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
