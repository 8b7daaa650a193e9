// Golden-image comparison: an image rendered by a test against a reference PNG in Goldens/.
//
// - Each channel of each pixel may differ by `tolerance` (premultiplied 0...255); `allowedPixels` pixels may
//   differ by more (for antialiasing that shifts between library versions).
// - On failure the actual image and a diff image (differing pixels red over a faded copy of the actual) are
//   written to .build/golden-failures/, and the paths are in the failure message.
// - RECORD=1 in the environment re-records the references instead of comparing.
import Foundation
import ImageComparison
import Testing
@testable import UIKit

enum Golden {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let goldensDir = testsDir.appendingPathComponent("Goldens")
    static let failuresDir = testsDir.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/golden-failures")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD"] == "1" }
}

@MainActor
func assertGolden(_ image: UIImage, _ name: String, tolerance: Int = 3, allowedPixels: Int = 0,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    guard let actual = image.cgImage, let png = image.pngData() else {
        Issue.record("\(name): the image has no bitmap", sourceLocation: sourceLocation)
        return
    }
    let goldenURL = Golden.goldensDir.appendingPathComponent(name + ".png")
    if Golden.recording {
        try? FileManager.default.createDirectory(at: Golden.goldensDir, withIntermediateDirectories: true)
        try? png.write(to: goldenURL)
        return
    }
    guard let data = try? Data(contentsOf: goldenURL) else {
        Issue.record("\(name): no golden image at \(goldenURL.path); run the tests with RECORD=1 to record it",
                     sourceLocation: sourceLocation)
        return
    }
    guard let expected = UIImage(data: data)?.cgImage else {
        Issue.record("\(name): the golden image \(goldenURL.path) does not decode", sourceLocation: sourceLocation)
        return
    }
    var message: String?
    // The rules are ImageComparison's, the same the virtual board's and the tour's checks use (vitrine-image).
    let result = ImageComparison.compare(actual, expected, tolerance: tolerance)
    if !result.sameSize {
        message = "size \(actual.width)x\(actual.height), golden \(expected.width)x\(expected.height)"
    } else if result.differingPixels > allowedPixels {
        message = "\(result.differingPixels) pixels differ by more than \(tolerance) (worst \(result.worstChannel)); "
            + "\(allowedPixels) allowed"
        try? FileManager.default.createDirectory(at: Golden.failuresDir, withIntermediateDirectories: true)
        if let diff = result.diff {
            try? UIImage(cgImage: diff).pngData()?.write(to: Golden.failuresDir.appendingPathComponent(name + ".diff.png"))
        }
    }
    if let message {
        try? FileManager.default.createDirectory(at: Golden.failuresDir, withIntermediateDirectories: true)
        let actualURL = Golden.failuresDir.appendingPathComponent(name + ".actual.png")
        try? png.write(to: actualURL)
        Issue.record("\(name): \(message). Actual: \(actualURL.path); diff: \(Golden.failuresDir.path)/\(name).diff.png",
                     sourceLocation: sourceLocation)
    }
}

/// Renders `draw` into a `size`-point image at `scale` on a white background.
@MainActor
func render(_ size: CGSize, scale: CGFloat, background: UIColor? = .white, _ draw: (CGContext) -> Void) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: size, format: format).image { ctx in
        if let background { background.setFill(); ctx.fill(CGRect(origin: .zero, size: size)) }
        draw(ctx.cgContext)
    }
}

/// A snapshot of a view hierarchy at `scale`. The views' content is drawn at that scale first (as it would be
/// on a screen of that scale): a snapshot shows cached content, as on iOS.
@MainActor
func snapshot(_ view: UIView, scale: CGFloat) -> UIImage {
    func setScale(_ v: UIView) {
        v.contentScaleFactor = scale
        v.subviews.forEach(setScale)
    }
    setScale(view)
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: view.bounds.size, format: format).image { _ in
        view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
    }
}

/// The premultiplied pixel at (x, y) of an image, as (r, g, b, a).
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
    image.withUnsafePixels { p, stride in
        let i = y * stride + x * 4
        return (Int(p[i + 2]), Int(p[i + 1]), Int(p[i]), Int(p[i + 3]))
    }
}
