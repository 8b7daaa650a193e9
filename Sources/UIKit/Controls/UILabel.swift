@_spi(VitrineInternals) import CoreGraphics
@_spi(VitrineInternals) import VitrineText

/// A view that shows one or more lines of read-only text.
///
/// Text is centred vertically in the label's bounds, as in UIKit. Labels ignore touches
/// (`isUserInteractionEnabled` is `false`), are not opaque, and redraw when their bounds change.
@preconcurrency @MainActor
open class UILabel: UIView {
    /// Whether the font follows the content size category. A panel's category never changes (there is no
    /// Dynamic Type setting), so this is kept for code that sets it and changes nothing.
    open var adjustsFontForContentSizeCategory = false
    /// The text; setting it replaces `attributedText` with plain text in the label's font and colour.
    // As in UIKit: a label is an accessibility element whose label is its text, with the static-text trait.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { text }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .staticText }

    open var text: String? {
        get { storedAttributedText == nil ? storedText : storedAttributedText?.string }
        set { storedText = newValue; storedAttributedText = nil; contentChanged() }
    }
    @exclusivity(unchecked) private var storedText: String?

    /// Styled text; its attributes win over `font`, `textColor` and `textAlignment` where they are set.
    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? storedText.map { NSAttributedString(string: $0, attributes: attributes) } }
        set { storedAttributedText = newValue; storedText = newValue?.string; contentChanged() }
    }
    @exclusivity(unchecked) private var storedAttributedText: NSAttributedString?

    /// The system font at 17 points by default.
    @exclusivity(unchecked) open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            if appearanceSetting(AppearanceKey.labelFont, \UILabel.font, font) { return }
            if font == nil { font = .systemFont(ofSize: 17) }
            contentChanged()
        }
    }
    /// `.label` (black) by default.
    @exclusivity(unchecked) open var textColor: UIColor! = .label {
        didSet {
            if appearanceSetting(AppearanceKey.labelTextColor, \UILabel.textColor, textColor) { return }
            if textColor == nil { textColor = .label }
            contentChanged()
        }
    }
    @exclusivity(unchecked) open var textAlignment: NSTextAlignment = .natural { didSet { contentChanged() } }
    /// The most lines to use; 0 means as many as needed. 1 by default.
    @exclusivity(unchecked) open var numberOfLines: Int = 1 { didSet { contentChanged() } }
    /// `.byTruncatingTail` by default.
    @exclusivity(unchecked) open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { contentChanged() } }
    /// Shrink the font (down to `minimumScaleFactor`) before truncating text that is too wide.
    @exclusivity(unchecked) open var adjustsFontSizeToFitWidth = false { didSet { contentChanged() } }
    /// The smallest fraction of the font size shrinking may reach; 0 means the font does not shrink.
    @exclusivity(unchecked) open var minimumScaleFactor: CGFloat = 0 { didSet { contentChanged() } }
    /// A hard shadow under the text (none when nil), offset by `shadowOffset` (0 right, 1 up by default, as UIKit's).
    @exclusivity(unchecked) open var shadowColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.labelShadowColor, \UILabel.shadowColor, shadowColor) { return }
            setNeedsDisplay()
        }
    }
    @exclusivity(unchecked) open var shadowOffset = CGSize(width: 0, height: -1) {
        didSet {
            if appearanceSetting(AppearanceKey.labelShadowOffset, \UILabel.shadowOffset, shadowOffset) { return }
            setNeedsDisplay()
        }
    }
    /// The width multi-line intrinsic sizes wrap at (0: the width layout gives the label, as UIKit's automatic
    /// preferred width does).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { contentChanged() } }
    /// The width the intrinsic size of a multi-line label was last worked out for.
    private var wrapWidth: CGFloat = 0
    @exclusivity(unchecked) open var isEnabled = true { didSet { contentChanged() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
    }

    private var attributes: [NSAttributedString.Key: Any] {
        let p = NSMutableParagraphStyle()
        p.alignment = textAlignment
        p.lineBreakMode = lineBreakMode
        let color: UIColor = isEnabled ? textColor : textColor.withAlphaComponent(textColor.cgColor.alpha * 0.5)
        return [.font: font!, .foregroundColor: color, .paragraphStyle: p]
    }

    override func colorAppearanceDidChange() { contentChanged() }

    private func contentChanged() {
        // The layouts are kept to be laid out again (a label whose text changes every frame then allocates nothing),
        // a few at most.
        for layout in layoutCache.values where spareLayouts.count < 4 { spareLayouts.append(layout) }
        layoutCache.removeAll(keepingCapacity: true)
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// Layouts for the sizes asked about since the content last changed (drawing and sizing ask the same
    /// questions again and again).
    struct LayoutKey: Hashable { var width: CGFloat?; var height: CGFloat; var fontScale: CGFloat }
    @exclusivity(unchecked) private(set) var layoutCache: [LayoutKey: TextLayout] = [:]
    /// Layouts from before the content changed, reused by the next layouts made if nothing else holds them.
    @exclusivity(unchecked) private var spareLayouts: [TextLayout] = []
    /// The plain text's styled form from the last layout, whose run list the next one refills.
    @exclusivity(unchecked) private var spareStyledText: StyledText?

    /// The styled text with the label's settings applied where the attributed text leaves them open.
    private func styledText(fontScale: CGFloat = 1) -> (StyledText, TextParagraphStyle)? {
        var text: StyledText, paragraph: TextParagraphStyle
        if let attributed = storedAttributedText {
            guard attributed.length > 0 else { return nil }
            (text, paragraph) = TextStyling.styled(attributed)
            if attributed.attribute(.paragraphStyle, at: 0, effectiveRange: nil) == nil {
                paragraph.alignment = TextAlignment(rawValue: textAlignment.rawValue) ?? .natural
            }
        } else {
            // Plain text: straight to the text engine, no attributed string in between.
            guard let storedText, !storedText.isEmpty else { return nil }
            let color: UIColor = isEnabled ? textColor : textColor.withAlphaComponent(textColor.cgColor.alpha * 0.5)
            let style = TextStyle(font: font.textFont, color: color.cgColor)
            if var reused = spareStyledText {
                spareStyledText = nil // the label lets go first, so the run list is refilled in place
                reused.set(storedText, style: style)
                text = reused
            } else {
                text = StyledText(storedText, style: style)
            }
            paragraph = TextParagraphStyle(alignment: TextAlignment(rawValue: textAlignment.rawValue) ?? .natural)
        }
        // The label's lineBreakMode decides wrapping and truncation, as in UIKit.
        paragraph.lineBreakMode = TextLineBreakMode(rawValue: lineBreakMode.rawValue) ?? .byTruncatingTail
        if fontScale != 1 {
            text.runs = text.runs.map { run in
                var style = run.style
                style.font = TextFont(face: style.font.face, size: style.font.size * fontScale)
                return (run.range, style)
            }
        }
        return (text, paragraph)
    }

    private func layout(width: CGFloat?, height: CGFloat = .infinity, fontScale: CGFloat = 1) -> TextLayout? {
        let key = LayoutKey(width: width, height: height, fontScale: fontScale)
        if let hit = layoutCache[key] { return hit }
        let made = makeLayout(width: width, height: height, fontScale: fontScale)
        if let made {
            if layoutCache.count > 16 { layoutCache.removeAll(keepingCapacity: true) }
            layoutCache[key] = made
        }
        return made
    }

    private func makeLayout(width: CGFloat?, height: CGFloat, fontScale: CGFloat) -> TextLayout? {
        guard let (text, paragraph) = styledText(fontScale: fontScale) else { return nil }
        defer { if storedAttributedText == nil, fontScale == 1 { spareStyledText = text } }
        let wrapWidth = width.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        if height.isFinite, let wrapWidth, numberOfLines != 1 {
            var limited = TextStyling.layout(text, paragraph, fitting: CGSize(width: wrapWidth, height: height))
            if numberOfLines > 0 && limited.lines.count > numberOfLines {
                limited = TextLayout(text, paragraph: paragraph, width: wrapWidth, maximumLines: numberOfLines)
            }
            return limited
        }
        while var spare = spareLayouts.popLast() {
            // Laid out again in place only when no one else holds it (layouts are values to everyone else).
            guard isKnownUniquelyReferenced(&spare) else { continue }
            spare.relayout(text, paragraph: paragraph, width: wrapWidth, maximumLines: numberOfLines)
            return spare
        }
        return TextLayout(text, paragraph: paragraph, width: wrapWidth, maximumLines: numberOfLines)
    }

    /// The rectangle the text would be drawn in within `bounds`, using at most `numberOfLines` lines.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let l = layout(width: bounds.width) else { return CGRect(origin: bounds.origin, size: .zero) }
        let h = Swift.min(l.size.height, bounds.height)
        return CGRect(x: bounds.minX, y: bounds.midY - h / 2, width: Swift.min(l.size.width, bounds.width), height: h)
    }

    /// The size that fits the text: wrapped to `size.width` when several lines are allowed, rounded up to
    /// whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width: CGFloat? = numberOfLines == 1 ? nil : (size.width > 0 ? size.width : nil)
        guard let l = layout(width: width) else { return .zero }
        return CGSize(width: l.size.width.rounded(.up), height: l.size.height.rounded(.up))
    }

    /// The first and last baselines from the view's vertical centre: the text is centred vertically, so its first
    /// baseline is the font's ascent below the text's top.
    override var baselineOffsetsFromCenter: (first: CGFloat, last: CGFloat)? {
        let size = sizeThatFits(CGSize(width: bounds.width > 0 ? bounds.width : .infinity, height: .infinity))
        let first = -size.height / 2 + font.ascender
        let lines = max(1, (size.height / max(font.lineHeight, 1)).rounded())
        return (first, first + (lines - 1) * font.lineHeight)
    }

    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : (wrapWidth > 0 ? wrapWidth : .infinity),
                            height: .infinity))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A multi-line label laid out by constraints wraps at the width it was given: its height for that width is
        // its intrinsic height from now on (one more pass of the engine settles it).
        if numberOfLines != 1, preferredMaxLayoutWidth == 0, !translatesAutoresizingMaskIntoConstraints,
           bounds.width > 0, bounds.width != wrapWidth {
            wrapWidth = bounds.width
            invalidateIntrinsicContentSize()
        }
    }

    /// Draws the text, vertically centred in `rect`.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), var l = layout(width: rect.width, height: rect.height) else { return }
        if adjustsFontSizeToFitWidth && minimumScaleFactor > 0 && minimumScaleFactor < 1 {
            l = fittedLayout(l, in: rect)
        }
        let h = l.size.height
        let y = h <= rect.height ? rect.midY - h / 2 : rect.minY
        if let shadowColor {
            context.saveGState()
            context.setShadow(offset: shadowOffset, blur: 0, color: shadowColor.cgColor)
        }
        l.draw(in: context, at: CGPoint(x: rect.minX, y: y), alignmentWidth: rect.width)
        if shadowColor != nil { context.restoreGState() }
    }

    /// Shrinks the font, no further than `minimumScaleFactor`, until the text fits the width (one line) or the
    /// height (several lines) without truncation.
    private func fittedLayout(_ full: TextLayout, in rect: CGRect) -> TextLayout {
        func fits(_ l: TextLayout) -> Bool { !l.isTruncated && l.size.width <= rect.width + 0.01 && l.size.height <= rect.height + 0.01 }
        if fits(full) { return full }
        var lo = minimumScaleFactor, hi: CGFloat = 1
        guard let smallest = layout(width: rect.width, height: rect.height, fontScale: lo), fits(smallest) else {
            return layout(width: rect.width, height: rect.height, fontScale: lo) ?? full
        }
        var best = smallest
        for _ in 0..<12 {
            let mid = (lo + hi) / 2
            guard let l = layout(width: rect.width, height: rect.height, fontScale: mid) else { break }
            if fits(l) { best = l; lo = mid } else { hi = mid }
        }
        return best
    }

    open override func draw(_ rect: CGRect) { drawText(in: bounds) }
}
