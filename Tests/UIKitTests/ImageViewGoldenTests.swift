// UIImageView in every content mode, template images tinted by tintColor, stretchable images
// (seeds: "Content Modes", "Stretchable Views", "Template Images").
import Testing
@testable import UIKit

@MainActor @Suite struct ImageViewGoldenTests {
    init() { freshApp() }

    nonisolated static let scales: [CGFloat] = [1, 2]

    /// A 24x16-point picture with an asymmetric mark, so every placement and flip shows.
    static func picture(scale: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: CGSize(width: 24, height: 16), format: format).image { ctx in
            UIColor.systemTeal.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 24, height: 16))
            UIColor.systemRed.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
            UIColor.white.setFill(); UIBezierPath(ovalIn: CGRect(x: 12, y: 4, width: 10, height: 10)).fill()
        }
    }

    @Test(arguments: scales) func everyContentMode(scale: CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 7 * 44, height: 2 * 44))
        root.backgroundColor = .white
        let image = Self.picture(scale: scale)
        for (i, mode) in UIView.ContentMode.allCases.enumerated() {
            let v = UIImageView(image: image)
            v.frame = CGRect(x: CGFloat(i % 7) * 44 + 2, y: CGFloat(i / 7) * 44 + 2, width: 40, height: 40)
            v.contentMode = mode
            v.backgroundColor = UIColor(white: 0.85, alpha: 1)
            root.addSubview(v)
        }
        assertGolden(snapshot(root, scale: scale), "imageview-content-modes@\(Int(scale))x")
    }

    @Test(arguments: scales) func templateImagesTakeTheTintColour(scale: CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        root.backgroundColor = .white
        let template = Self.picture(scale: scale).withRenderingMode(.alwaysTemplate)
        let tinted = UIImageView(image: template)
        tinted.frame.origin = CGPoint(x: 4, y: 7)
        tinted.tintColor = .systemPurple
        let inherited = UIImageView(image: template) // system blue, from the top of the hierarchy
        inherited.frame.origin = CGPoint(x: 36, y: 7)
        let original = UIImageView(image: Self.picture(scale: scale))
        original.frame.origin = CGPoint(x: 68, y: 7)
        [tinted, inherited, original].forEach(root.addSubview)
        let shot = snapshot(root, scale: scale)
        assertGolden(shot, "imageview-template@\(Int(scale))x")
        // Inside the mark every pixel is the tint, whatever colour the image had there.
        let s = Int(scale)
        #expect(pixel(shot.cgImage!, (4 + 2) * s, (7 + 2) * s) == (175, 82, 222, 255))
        #expect(pixel(shot.cgImage!, (36 + 20) * s, (7 + 2) * s) == (0, 122, 255, 255))
    }

    @Test(arguments: scales) func stretchableImagesKeepTheirCaps(scale: CGFloat) {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let bubble = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30), format: format).image { _ in
            UIColor.systemBlue.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 30), cornerRadius: 12).fill()
            UIColor.white.setFill()
            UIRectFill(CGRect(x: 14, y: 14, width: 2, height: 2))
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 80))
        root.backgroundColor = .white
        let stretched = UIImageView(image: bubble.resizableImage(withCapInsets: UIEdgeInsets(top: 13, left: 13, bottom: 13, right: 13),
                                                                 resizingMode: .stretch))
        stretched.frame = CGRect(x: 5, y: 5, width: 120, height: 50)
        let tiled = UIImageView(image: bubble.resizableImage(withCapInsets: UIEdgeInsets(top: 13, left: 13, bottom: 13, right: 13)))
        tiled.frame = CGRect(x: 130, y: 5, width: 85, height: 70)
        root.addSubview(stretched); root.addSubview(tiled)
        let shot = snapshot(root, scale: scale)
        assertGolden(shot, "imageview-stretch@\(Int(scale))x")
        // The corner keeps its radius: the very corner pixel is background, as in the source.
        #expect(pixel(shot.cgImage!, 5 * Int(scale), 5 * Int(scale)) == (255, 255, 255, 255))
    }
}
