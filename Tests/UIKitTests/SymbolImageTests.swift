// UIImage(systemName:): SF Symbols names drawn from the Material Icons font (Debian's
// fonts-material-design-icons-iconfont), configurations, tinting; a golden image of common symbols.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct SymbolImageTests {
    /// How many pixels of `image` are mostly opaque.
    func inked(_ image: UIImage) -> Int {
        let cg = image.cgImage!
        var n = 0
        for y in 0..<cg.height { for x in 0..<cg.width where pixel(cg, x, y).3 > 128 { n += 1 } }
        return n
    }

    @Test func knownNamesDrawTemplatesAndUnknownOnesAreNil() {
        freshApp()
        #expect(symbolGlyphs.count >= 100)
        #expect(UIImage(systemName: "no.such.symbol") == nil)
        let heart = UIImage(systemName: "heart.fill")!
        #expect(heart.isSymbolImage && heart.renderingMode == .alwaysTemplate)
        // 17 points by default; the image is a square a quarter larger.
        #expect(heart.size == CGSize(width: 21, height: 21))
        #expect(inked(heart) > 60, "the glyph is drawn")
        let filled = UIImage(systemName: "circle.fill")!, ring = UIImage(systemName: "circle")!
        let c = filled.cgImage!, r = ring.cgImage!
        #expect(pixel(c, c.width / 2, c.height / 2).3 > 200 && pixel(r, r.width / 2, r.height / 2).3 < 50, "filled, and a ring")
        #expect(UIImage(systemName: "house") != nil && UIImage(systemName: "wifi") != nil && UIImage(systemName: "gear") != nil)
    }

    @Test func configurationsSizeWeighAndColour() {
        freshApp()
        // Sized by a text style, as symbols beside text are.
        let headline = UIImage.SymbolConfiguration(textStyle: .headline)
        #expect(headline.pointSize == UIFont.preferredFont(forTextStyle: .headline).pointSize && headline.pointSize > 0)
        #expect(UIImage.SymbolConfiguration(textStyle: .title1, scale: .large).scale == .large)
        let big = UIImage(systemName: "star.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 34))!
        #expect(abs(big.size.width - (34 * 1.25).rounded()) < 0.01 && big.symbolConfiguration?.pointSize == 34)
        let large = UIImage(systemName: "star.fill", withConfiguration: UIImage.SymbolConfiguration(scale: .large))!
        #expect(abs(large.size.width - (17 * 1.25 * 1.25).rounded()) < 0.01)
        let regular = UIImage(systemName: "plus")!
        let bold = regular.withConfiguration(UIImage.SymbolConfiguration(weight: .bold))
        #expect(bold.isSymbolImage && inked(bold) > inked(regular), "bold is heavier")
        let red = UIImage(systemName: "bell.fill", withConfiguration: UIImage.SymbolConfiguration(hierarchicalColor: .systemRed))!
        #expect(red.renderingMode == .alwaysOriginal)
        let cg = red.cgImage!
        #expect(pixel(cg, cg.width / 2, cg.height / 2) == (255, 59, 48, 255))
        // Configurations combine: the later's specified values win.
        let combined = UIImage.SymbolConfiguration(pointSize: 20, weight: .light).applying(UIImage.SymbolConfiguration(weight: .heavy))
        #expect(combined.pointSize == 20 && combined.weight == .heavy)
        #expect(UIImage().withConfiguration(combined).isSymbolImage == false)
    }

    @Test func aSymbolInAnImageViewTakesTheTint() {
        freshApp()
        let view = UIImageView(image: UIImage(systemName: "circle.fill"))
        view.tintColor = .systemGreen
        let shot = snapshot(view, scale: 1).cgImage!
        #expect(pixel(shot, 10, 10) == (52, 199, 89, 255))
    }

    nonisolated static let scales: [CGFloat] = [1, 2]

    @Test(arguments: scales) func commonSymbols(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 120 * scale), scale: scale)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 120))
        card.backgroundColor = .white
        let names = ["chevron.left", "chevron.right", "xmark", "plus", "minus", "gear", "house", "magnifyingglass",
                     "wifi", "battery.100", "bell", "person", "trash", "pencil", "checkmark", "star", "heart.fill",
                     "play.fill", "pause.fill", "stop.fill", "arrow.clockwise", "info.circle", "exclamationmark.triangle",
                     "lock.fill", "envelope", "calendar", "clock", "mic", "speaker.wave.2", "square.and.arrow.up"]
        for (i, name) in names.enumerated() {
            let view = UIImageView(image: UIImage(systemName: name))
            view.frame.origin = CGPoint(x: 8 + CGFloat(i % 10) * 31, y: 8 + CGFloat(i / 10) * 36)
            if i % 3 == 1 { view.tintColor = .systemOrange }
            card.addSubview(view)
        }
        assertGolden(snapshot(card, scale: scale), "symbols@\(Int(scale))x", allowedPixels: 40)
    }
}
