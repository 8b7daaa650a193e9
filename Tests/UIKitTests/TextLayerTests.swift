// CATextLayer: plain and attributed strings, wrapping, truncation and alignment (golden); fonts given as UIKit fonts,
// names and Core Graphics fonts; fontSize and foregroundColor animating; views whose layer class is one of the layer
// classes, as iOS gradient and label views are written.
import Testing
import Foundation
import VitrineText
@testable import UIKit
@testable import QuartzCore

@MainActor @Suite struct TextLayerTests {
    init() { freshApp() }

    static func text(_ string: Any, at frame: CGRect, _ configure: (CATextLayer) -> Void = { _ in }) -> CATextLayer {
        let t = CATextLayer()
        t.frame = frame
        t.string = string
        t.fontSize = 14
        t.foregroundColor = UIColor.black.cgColor
        configure(t)
        return t
    }

    @Test(arguments: [CGFloat(1), 2]) func plainAndAttributedStringsWrapTruncateAndAlign(scale: CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 150))
        root.backgroundColor = .white
        let sentence = "A layer that draws text, from the top of its bounds"
        let attributed = NSMutableAttributedString(string: "Bold, red and underlined",
                                                   attributes: [.font: UIFont.systemFont(ofSize: 13)])
        attributed.addAttributes([.font: UIFont.boldSystemFont(ofSize: 13)], range: NSRange(location: 0, length: 4))
        attributed.addAttributes([.foregroundColor: UIColor.red], range: NSRange(location: 6, length: 3))
        attributed.addAttributes([.underlineStyle: NSUnderlineStyle.single.rawValue], range: NSRange(location: 14, length: 10))
        let layers = [
            // One line, running past the bounds (cut off there): the default.
            Self.text(sentence, at: CGRect(x: 10, y: 10, width: 140, height: 20)),
            // Truncated at the end, and in the middle.
            Self.text(sentence, at: CGRect(x: 170, y: 10, width: 140, height: 20)) { $0.truncationMode = .end },
            Self.text(sentence, at: CGRect(x: 170, y: 35, width: 140, height: 20)) { $0.truncationMode = .middle },
            // Wrapped and centred, in a named font, blue, bigger; and wrapped with the last line that fits truncated.
            Self.text(sentence, at: CGRect(x: 10, y: 35, width: 140, height: 70)) {
                $0.isWrapped = true; $0.alignmentMode = .center; $0.font = "DejaVu Sans" as CFString
                $0.fontSize = 15; $0.foregroundColor = UIColor.systemBlue.cgColor
            },
            Self.text(sentence, at: CGRect(x: 170, y: 60, width: 140, height: 42)) {
                $0.isWrapped = true; $0.truncationMode = .end
            },
            // An attributed string: its own fonts and colours (black where it names none), right-aligned.
            Self.text(attributed, at: CGRect(x: 10, y: 115, width: 300, height: 20)) { $0.alignmentMode = .right },
        ]
        for layer in layers {
            layer.contentsScale = scale
            root.layer.addSublayer(layer)
        }
        assertGolden(snapshot(root, scale: scale), "text-layers@\(Int(scale))x", allowedPixels: 60)
    }

    @Test func fontsAreTakenFromUIFontsNamesAndCGFontsAtTheLayersSize() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 300, height: 100))
        view.backgroundColor = .white
        func inkWidth(_ font: CFTypeRef?, size: CGFloat) throws -> Int {
            let t = Self.text("MMMM", at: CGRect(x: 0, y: 0, width: 300, height: 100)) { $0.font = font; $0.fontSize = size }
            view.layer.addSublayer(t)
            frames(1.0 / 60)
            defer { t.removeFromSuperlayer(); frames(1.0 / 60) }
            let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
            let row = Int(size * 0.6)
            return ((0..<300).last { pixel(image, $0, row).0 < 128 } ?? 0) - ((0..<300).first { pixel(image, $0, row).0 < 128 } ?? 0)
        }
        let system = try inkWidth(nil, size: 20)
        #expect(system > 40)
        // A UIFont's face, at the layer's fontSize (not the font's own 50).
        #expect(abs(try inkWidth(UIFont.systemFont(ofSize: 50), size: 20) - system) <= 1)
        // Twice the size, about twice as wide.
        #expect(abs(try inkWidth(nil, size: 40) - 2 * system) <= 4)
        // A monospaced face by name differs from the system font.
        let mono = try inkWidth("DejaVu Sans Mono" as NSString, size: 20)
        #expect(abs(mono - system) > 3)
        #expect(try inkWidth("DejaVu Sans Mono" as CFTypeRef, size: 20) == mono)
        // A Core Graphics font made from the font file's bytes.
        let path = try #require(FontCatalog.shared.face(family: "DejaVu Sans Mono")?.path)
        let provider = try #require(CGDataProvider(url: URL(fileURLWithPath: path)))
        let cgFont = try #require(CGFont(provider))
        #expect(try inkWidth(cgFont, size: 20) == mono)
    }

    @Test func fontSizeAndColourAnimateByRedrawing() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let t = Self.text("█", at: view.bounds) { $0.fontSize = 40; $0.foregroundColor = UIColor.red.cgColor }
        view.layer.addSublayer(t)
        frames(1.0 / 60)
        let fade = CABasicAnimation(keyPath: "foregroundColor")
        fade.fromValue = UIColor.red.cgColor
        fade.toValue = UIColor.blue.cgColor
        fade.duration = 1
        t.foregroundColor = UIColor.blue.cgColor
        t.add(fade, forKey: "fade")
        frames(0.5)
        let halfway = pixel(try #require(UIScreen.main.snapshotImage()?.cgImage), 10, 25)
        #expect(abs(halfway.0 - 128) < 16 && abs(halfway.2 - 128) < 16)
        frames(0.6)
        #expect(pixel(try #require(UIScreen.main.snapshotImage()?.cgImage), 10, 25) == (0, 0, 255, 255))
        // Implicitly, once shown: the size grows over a quarter second.
        t.fontSize = 80
        #expect(t.animation(forKey: "fontSize") != nil)
        frames(0.125)
        let size = try #require(t.presentation()?.fontSize)
        #expect(size > 45 && size < 75)
    }

    final class GradientView: UIView {
        override class var layerClass: AnyClass { CAGradientLayer.self }
        var gradient: CAGradientLayer { layer as! CAGradientLayer }
    }

    final class TextLayerLabel: UIView {
        override class var layerClass: AnyClass { CATextLayer.self }
    }

    @Test func viewsWhoseLayerClassIsALayerClassShowItsDrawing() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let g = GradientView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        g.gradient.colors = [UIColor.red.cgColor, UIColor.red.cgColor]
        view.addSubview(g)
        let label = TextLayerLabel(frame: CGRect(x: 0, y: 50, width: 100, height: 50))
        let text = label.layer as! CATextLayer
        text.string = "█"
        text.fontSize = 40
        text.foregroundColor = UIColor.blue.cgColor
        view.addSubview(label)
        frames(1.0 / 60)
        let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        #expect(pixel(image, 50, 25) == (255, 0, 0, 255))
        #expect(pixel(image, 10, 75) == (0, 0, 255, 255))
    }
}
