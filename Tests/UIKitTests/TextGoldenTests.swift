// Golden images for text: Latin with kerning and ligatures, combining marks, Arabic and Hebrew (right to left,
// mixed with Latin), Devanagari, CJK, emoji fallback; labels' alignment, wrapping and truncation; the attributes
// labels draw beside the glyphs (underlines, strikethroughs, backgrounds, baseline offsets).
import Testing
@testable import UIKit

@MainActor @Suite struct TextGoldenTests {
    init() { freshApp() }

    nonisolated static let scales: [CGFloat] = [1, 2]

    static let samples: [(String, String)] = [
        ("latin", "AVATAR Wave office fi ffl — “quotes”"),
        ("marks", "e\u{301} a\u{308} n\u{303} Å ǹ q\u{323}\u{307}"),
        ("arabic", "مرحبا بالعالم 123"),
        ("mixed", "Hello שלום world עולם!"),
        ("devanagari", "नमस्ते दुनिया क्षत्रिय"),
        ("cjk", "你好，世界。日本語のテキスト"),
        ("emoji", "Emoji 😀👍🏽 ok"),
    ]

    @Test(arguments: scales) func scriptsShapeAndFallBack(scale: CGFloat) {
        let font = UIFont.systemFont(ofSize: 18)
        let image = render(CGSize(width: 320, height: CGFloat(Self.samples.count) * 30 + 10), scale: scale) { _ in
            for (i, sample) in Self.samples.enumerated() {
                sample.1.draw(at: CGPoint(x: 8, y: 6 + CGFloat(i) * 30), withAttributes: [.font: font, .foregroundColor: UIColor.black])
            }
        }
        assertGolden(image, "text-scripts@\(Int(scale))x", allowedPixels: 40)
    }

    @Test(arguments: scales) func attributedTextWeightsColoursAndKerning(scale: CGFloat) {
        let text = NSMutableAttributedString(string: "Bold red, light blue, kern 4 and mono",
                                             attributes: [.font: UIFont.systemFont(ofSize: 16)])
        text.addAttributes([.font: UIFont.boldSystemFont(ofSize: 16), .foregroundColor: UIColor.red], range: NSRange(location: 0, length: 8))
        text.addAttributes([.font: UIFont.systemFont(ofSize: 16, weight: .light), .foregroundColor: UIColor.blue],
                           range: NSRange(location: 10, length: 10))
        text.addAttribute(.kern, value: 4.0, range: NSRange(location: 22, length: 6))
        text.addAttribute(.font, value: UIFont.monospacedSystemFont(ofSize: 16, weight: .regular), range: NSRange(location: 33, length: 4))
        let image = render(CGSize(width: 360, height: 60), scale: scale) { _ in
            text.draw(at: CGPoint(x: 6, y: 6))
            let p = NSMutableParagraphStyle()
            p.alignment = .right
            "right aligned in a rect".draw(in: CGRect(x: 6, y: 30, width: 348, height: 24),
                                           withAttributes: [.font: UIFont.italicSystemFont(ofSize: 14), .paragraphStyle: p])
        }
        assertGolden(image, "text-attributed@\(Int(scale))x", allowedPixels: 40)
    }

    static func label(_ text: String, lines: Int = 1, mode: NSLineBreakMode = .byTruncatingTail,
                      alignment: NSTextAlignment = .natural, width: CGFloat = 150, height: CGFloat = 24) -> UILabel {
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: height))
        l.text = text
        l.numberOfLines = lines
        l.lineBreakMode = mode
        l.textAlignment = alignment
        l.font = .systemFont(ofSize: 15)
        l.backgroundColor = UIColor(white: 0.93, alpha: 1)
        return l
    }

    @Test(arguments: scales) func labelsAlignWrapAndTruncate(scale: CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 330, height: 250))
        root.backgroundColor = .white
        let long = "The quick brown fox jumps over the lazy dog"
        let labels: [UILabel] = [
            Self.label("Left", alignment: .left), Self.label("Center", alignment: .center), Self.label("Right", alignment: .right),
            Self.label(long, mode: .byTruncatingTail), Self.label(long, mode: .byTruncatingHead),
            Self.label(long, mode: .byTruncatingMiddle), Self.label(long, mode: .byClipping),
            Self.label(long, lines: 2, height: 44), Self.label(long, lines: 0, mode: .byWordWrapping, height: 64),
            Self.label("مرحبا بالعالم", alignment: .natural),
        ]
        let shrink = Self.label(long)
        shrink.adjustsFontSizeToFitWidth = true
        shrink.minimumScaleFactor = 0.5
        var y: CGFloat = 4, x: CGFloat = 4
        for (i, l) in (labels + [shrink]).enumerated() {
            if i == 7 { x = 170; y = 4 }
            l.frame.origin = CGPoint(x: x, y: y)
            root.addSubview(l)
            y += l.frame.height + 4
        }
        assertGolden(snapshot(root, scale: scale), "labels@\(Int(scale))x", allowedPixels: 40)
    }

    /// UIKit's decoration attributes in labels: each line of the golden is one of them, in a run among plain text.
    @Test(arguments: scales) func labelsDrawUnderlinesStrikethroughsBackgroundsAndOffsets(scale: CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 236))
        root.backgroundColor = .white
        func line(_ attributes: [NSAttributedString.Key: Any], _ words: String = "decorated words") -> NSAttributedString {
            let text = NSMutableAttributedString(string: "Plain \(words) end", attributes: [.font: UIFont.systemFont(ofSize: 15)])
            text.addAttributes(attributes, range: NSRange(location: 6, length: words.utf16.count))
            return text
        }
        let texts: [NSAttributedString] = [
            line([.underlineStyle: NSUnderlineStyle.single.rawValue]),
            line([.underlineStyle: NSUnderlineStyle.thick.rawValue, .underlineColor: UIColor.red]),
            line([.underlineStyle: NSUnderlineStyle.double.rawValue]),
            line([.underlineStyle: NSUnderlineStyle([.single, .patternDash]).rawValue]),
            line([.underlineStyle: NSUnderlineStyle([.single, .byWord]).rawValue]),
            line([.strikethroughStyle: NSUnderlineStyle.single.rawValue, .strikethroughColor: UIColor.blue]),
            line([.backgroundColor: UIColor.yellow]),
            line([.baselineOffset: 5], "raised"),
            line([.baselineOffset: -3, .underlineStyle: 1, .foregroundColor: UIColor.systemGreen], "lowered"),
        ]
        for (i, text) in texts.enumerated() {
            let label = UILabel(frame: CGRect(x: 6, y: 6 + CGFloat(i) * 25, width: 288, height: 22))
            label.attributedText = text
            root.addSubview(label)
        }
        assertGolden(snapshot(root, scale: scale), "text-decorations@\(Int(scale))x", allowedPixels: 40)
    }
}
