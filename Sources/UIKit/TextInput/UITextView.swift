import CoreGraphics
import Foundation
@_spi(VitrineInternals) import VitrineText

/// What a text view asks and tells its delegate, besides the scroll view's (UIKit's `UITextViewDelegate`; every
/// method optional).
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}

/// The region a text view lays its text out in (UIKit's `NSTextContainer`, the parts a text view's users set).
@preconcurrency @MainActor
open class NSTextContainer: NSObject {
    /// Space left at each end of every line, inside the text container inset (5 points, as UIKit's).
    open var lineFragmentPadding: CGFloat = 5 { didSet { owner?.textLayoutChanged() } }
    /// At most this many lines (0: no limit).
    open var maximumNumberOfLines = 0 { didSet { owner?.textLayoutChanged() } }
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping { didSet { owner?.textLayoutChanged() } }
    /// Whether the container's width follows the text view's.
    open var widthTracksTextView = true
    open var heightTracksTextView = false
    /// The container's size (its width follows the view unless `widthTracksTextView` is off).
    open var size: CGSize = CGSize(width: 0, height: CGFloat.greatestFiniteMagnitude) { didSet { owner?.textLayoutChanged() } }
    weak var owner: UITextView?
    public override init() { super.init() }
    public init(size: CGSize) {
        self.size = size
        super.init()
    }
}

/// Scrolling, editable, multi-line text (UIKit's `UITextView`): attributed text laid out in lines inside
/// `textContainerInset`, edited with a finger, the system keyboard or a hardware keyboard through `UITextInput` (the
/// same editing as `UITextField`'s, with up and down by lines), scrolled to keep the caret in view, telling its
/// delegate and the notification centre in UIKit's order. `isEditable` false keeps it selectable and copyable.
@preconcurrency @MainActor
open class UITextView: UIScrollView, UITextInput, TextInteractionHost {
    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    let editor = TextEditor()
    private let content = TextViewContent()
    private lazy var interaction: TextInteraction = {
        let i = TextInteraction(host: self)
        i.dragMovesCaret = false
        return i
    }()
    private var cachedLayout: TextLayout?
    private var isEditingSession = false

    /// The delegate, as a text view delegate (`delegate` when it is one).
    weak var textViewDelegate: (any UITextViewDelegate)?
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet { textViewDelegate = delegate as? (any UITextViewDelegate) }
    }

    // MARK: Content and looks

    open var text: String! {
        get { editor.string }
        set { setStoredText(NSAttributedString(string: newValue ?? "", attributes: defaultAttributes)) }
    }
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(attributedString: editor.storage) }
        set { setStoredText(newValue ?? NSAttributedString(string: "")) }
    }
    /// Whether the font follows the content size category. A panel's category never changes (there is no
    /// Dynamic Type setting), so this is kept for code that sets it and changes nothing.
    open var adjustsFontForContentSizeCategory = false
    /// The font of plain text (UIKit's default: 12 points).
    open var font: UIFont? = .systemFont(ofSize: 12) { didSet { applyDefaultAttributes() } }
    open var textColor: UIColor? = .label { didSet { applyDefaultAttributes() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { applyDefaultAttributes() } }
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get { editor.typingAttributes }
        set { editor.typingAttributes = newValue }
    }
    open var isEditable = true { didSet { if !isEditable, isFirstResponder { resignFirstResponder() } } }
    open var isSelectable = true
    open var allowsEditingTextAttributes = false
    open var clearsOnInsertion = false
    /// Space around the text container (8 points above and below, as UIKit's).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textLayoutChanged() } }
    public let textContainer = NSTextContainer()
    /// Kept for apps that set them; Vitrine finds no links or numbers in text.
    open var dataDetectorTypes: UIDataDetectorTypes = []
    open var linkTextAttributes: [NSAttributedString.Key: Any] = [:]

    /// The selection, in UTF-16 offsets.
    open var selectedRange: NSRange {
        get { editor.selectedRange }
        set { setSelection(newValue) }
    }

    // MARK: Text input traits

    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardType: UIKeyboardType = .default { didSet { if isFirstResponder { reloadInputViews() } } }
    open var keyboardAppearance: UIKeyboardAppearance = .default { didSet { if isFirstResponder { reloadInputViews() } } }
    open var returnKeyType: UIReturnKeyType = .default { didSet { if isFirstResponder { reloadInputViews() } } }
    open var enablesReturnKeyAutomatically = false
    open var isSecureTextEntry = false
    open var textContentType: UITextContentType!

    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    private var storedInputView: UIView?
    open override var inputAccessoryView: UIView? {
        get { storedAccessoryView }
        set { storedAccessoryView = newValue }
    }
    private var storedAccessoryView: UIView?

    // MARK: Making one

    public override init(frame: CGRect) {
        super.init(frame: frame)
        textViewInit()
    }
    /// A text view whose container is `textContainer` (its padding and line limits).
    public convenience init(frame: CGRect, textContainer: NSTextContainer?) {
        self.init(frame: frame)
        if let c = textContainer {
            self.textContainer.lineFragmentPadding = c.lineFragmentPadding
            self.textContainer.maximumNumberOfLines = c.maximumNumberOfLines
            self.textContainer.lineBreakMode = c.lineBreakMode
        }
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        textViewInit()
    }

    private func textViewInit() {
        textContainer.owner = self
        backgroundColor = .systemBackground
        alwaysBounceVertical = false
        content.textView = self
        content.isUserInteractionEnabled = false
        content.isOpaque = false
        addSubview(content)
        applyDefaultAttributes()
    }

    private var defaultAttributes: [NSAttributedString.Key: Any] {
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = textAlignment
        return [.font: font ?? .systemFont(ofSize: 12), .foregroundColor: textColor ?? .label, .paragraphStyle: paragraph]
    }

    private func setStoredText(_ attributed: NSAttributedString) {
        editor.setText(attributed)
        if attributed.length > 0, editor.storage.attribute(NSAttributedString.Key.font, at: 0, effectiveRange: nil) == nil {
            editor.storage.addAttributes(defaultAttributes, range: NSRange(location: 0, length: editor.length))
        }
        textLayoutChanged()
    }

    private func applyDefaultAttributes() {
        let attrs = defaultAttributes
        editor.storage.addAttributes(attrs, range: NSRange(location: 0, length: editor.length))
        editor.typingAttributes = attrs
        textLayoutChanged()
    }

    /// The text, its size or its container changed: lay out again.
    func textLayoutChanged() {
        cachedLayout = nil
        setNeedsLayout()
        content.setNeedsDisplay()
        interaction.update()
    }

    // MARK: Layout

    /// Where the text's lines start in the content (inside the inset and the container's padding).
    var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top)
    }

    /// The width lines wrap at.
    private var lineWidth: CGFloat {
        let fromView = bounds.width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding
        let fromContainer = textContainer.widthTracksTextView || textContainer.size.width <= 0 ? fromView
            : textContainer.size.width - 2 * textContainer.lineFragmentPadding
        return max(1, fromContainer)
    }

    func layout() -> TextLayout {
        if let cachedLayout, lastLayoutWidth == lineWidth { return cachedLayout }
        var (text, paragraph) = TextStyling.styled(editor.length > 0 ? editor.storage : NSAttributedString(string: " ", attributes: defaultAttributes))
        paragraph.lineBreakMode = textContainer.lineBreakMode.textLineBreakMode
        let layout = TextLayout(text, paragraph: paragraph, width: lineWidth, maximumLines: textContainer.maximumNumberOfLines)
        cachedLayout = layout
        lastLayoutWidth = lineWidth
        return layout
    }
    private var lastLayoutWidth: CGFloat = -1

    /// One line's height in the current font (the caret's in empty text).
    private var emptyLineHeight: CGFloat { (font ?? .systemFont(ofSize: 12)).lineHeight }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let l = layout()
        // A final newline begins an empty line, where the caret then stands.
        let trailing = editor.string.last?.isNewline == true ? (l.lines.last?.height ?? emptyLineHeight) : 0
        let height = textContainerInset.top + max(l.size.height, emptyLineHeight) + trailing + textContainerInset.bottom
        let size = CGSize(width: bounds.width, height: height.rounded(.up))
        if contentSize != size { contentSize = size }
        let frame = CGRect(origin: .zero, size: CGSize(width: bounds.width, height: max(size.height, bounds.height)))
        if content.frame != frame { content.frame = frame; content.setNeedsDisplay() }
        interaction.update()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width < .greatestFiniteMagnitude ? size.width : bounds.width
        let w = width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding
        let (text, paragraph) = TextStyling.styled(editor.length > 0 ? editor.storage : NSAttributedString(string: " ", attributes: defaultAttributes))
        let l = TextLayout(text, paragraph: paragraph, width: max(1, w), maximumLines: textContainer.maximumNumberOfLines)
        return CGSize(width: width, height: (textContainerInset.top + l.size.height + textContainerInset.bottom).rounded(.up))
    }

    /// A text view that does not scroll sizes itself to its text, as UIKit's does under Auto Layout.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return CGSize(width: UIView.noIntrinsicMetric, height: sizeThatFits(bounds.size).height)
    }

    /// Draws the text (the content view calls it with its own coordinates).
    func drawText() {
        guard editor.length > 0, let ctx = UIGraphicsGetCurrentContext() else { return }
        let l = layout()
        l.draw(in: ctx, at: textOrigin, alignmentWidth: lineWidth)
        if let marked = editor.markedRange, marked.length > 0 {
            UIColor.label.withAlphaComponent(0.5).setFill()
            for r in selectionRects(range: marked) { UIRectFill(CGRect(x: r.minX, y: r.maxY - 2, width: r.width, height: 1)) }
        }
    }

    // MARK: Geometry (content coordinates: the text view's own, scrolled)

    private func scalar(_ offset: Int) -> Int { editor.string.scalarOffset(utf16: offset) }

    func caretRect(offset: Int) -> CGRect {
        let o = textOrigin
        let scale = window?.screen.scale ?? UIScreen.main.scale
        guard editor.length > 0 else {
            let x = alignedEmptyX()
            return CGRect(x: ((o.x + x - 1) * scale).rounded() / scale, y: o.y, width: 2, height: emptyLineHeight)
        }
        let l = layout()
        let s = scalar(offset)
        let line = l.lineIndex(forScalar: s)
        guard l.lines.indices.contains(line) else { return CGRect(x: o.x, y: o.y, width: 2, height: emptyLineHeight) }
        var x = l.caretX(forScalar: s, line: line, alignmentWidth: lineWidth)
        var top = l.lines[line].top, height = l.lines[line].height
        // After a final newline: the caret is on the empty line below.
        if offset == editor.length, editor.string.last?.isNewline == true {
            top += height
            x = alignedEmptyX()
        } else {
            height = l.lines[line].height
        }
        return CGRect(x: ((o.x + x - 1) * scale).rounded() / scale, y: o.y + top, width: 2, height: height)
    }

    private func alignedEmptyX() -> CGFloat {
        switch textAlignment {
        case .center: return lineWidth / 2
        case .right: return lineWidth
        case .natural: return effectiveUserInterfaceLayoutDirection == .rightToLeft ? lineWidth : 0
        default: return 0
        }
    }

    func selectionRects(range: NSRange) -> [CGRect] {
        guard range.length > 0, editor.length > 0 else { return [] }
        let l = layout(), o = textOrigin
        let start = scalar(range.location), end = scalar(range.location + range.length)
        var rects: [CGRect] = []
        for (i, line) in l.lines.enumerated() {
            let r = line.range
            guard r.upperBound >= start, r.lowerBound <= end, !(r.upperBound == start && i + 1 < l.lines.count) else { continue }
            let a = max(start, r.lowerBound), b = min(end, r.upperBound)
            let xa = l.caretX(forScalar: a, line: i, alignmentWidth: lineWidth)
            // A selection that goes on past the line reaches the line's end.
            let xb = end > r.upperBound ? lineWidth : l.caretX(forScalar: b, line: i, alignmentWidth: lineWidth)
            rects.append(CGRect(x: o.x + min(xa, xb), y: o.y + line.top, width: max(2, abs(xb - xa)), height: line.height))
            if end <= r.upperBound { break }
        }
        return rects
    }

    func offset(closestTo point: CGPoint) -> Int {
        guard editor.length > 0 else { return 0 }
        let o = textOrigin
        let l = layout()
        // Below the last line of text ending in a newline: the empty line after it.
        if let last = l.lines.last, point.y - o.y > last.top + last.height, editor.string.last?.isNewline == true { return editor.length }
        let s = l.scalarIndex(closestTo: CGPoint(x: point.x - o.x, y: point.y - o.y), alignmentWidth: lineWidth)
        return editor.string.utf16Offset(scalar: s)
    }

    func offset(verticallyFrom offset: Int, up: Bool, x: CGFloat) -> Int? {
        let caret = caretRect(offset: offset)
        let y = up ? caret.minY - 1 : caret.maxY + 1
        let l = layout()
        if up, y < textOrigin.y { return 0 }
        if !up, y > textOrigin.y + l.size.height + (editor.string.last?.isNewline == true ? emptyLineHeight : 0) { return editor.length }
        return self.offset(closestTo: CGPoint(x: x, y: y))
    }

    /// Scrolls the least that shows `range`'s end (the caret).
    open func scrollRangeToVisible(_ range: NSRange) {
        layoutIfNeeded()
        let caret = caretRect(offset: range.location + range.length)
        scrollRectToVisible(caret.insetBy(dx: 0, dy: -textContainerInset.bottom), animated: false)
    }

    // MARK: Editing session

    var isEditingText: Bool { isEditingSession }
    var allowsCopying: Bool { !isSecureTextEntry }
    var allowsChanges: Bool { isEditable }
    var decorationContainer: UIView { self }
    var textLayerView: UIView? { content }

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if isEditable, textViewDelegate?.textViewShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        guard isEditable else { interaction.update(); return true }
        isEditingSession = true
        editor.typingAttributes = defaultAttributes
        interaction.update()
        interaction.restartBlink()
        UIApplication.shared.textInput.clientTextChanged()
        textViewDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    open override var canResignFirstResponder: Bool { !isEditingSession || (textViewDelegate?.textViewShouldEndEditing(self) ?? true) }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard super.resignFirstResponder() else { return false }
        endEditingSession()
        return true
    }

    private func endEditingSession() {
        editor.unmark()
        let wasEditing = isEditingSession
        isEditingSession = false
        interaction.endEditing()
        content.setNeedsDisplay()
        guard wasEditing else { return }
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil, isFirstResponder {
            UIResponder.currentFirstResponder = nil
            endEditingSession()
        }
    }

    // MARK: Edits

    @discardableResult
    func replaceByUser(_ range: NSRange, with string: String, checkDelegate: Bool) -> Bool {
        var range = editor.clamp(range)
        if clearsOnInsertion, !string.isEmpty { range = NSRange(location: 0, length: editor.length); clearsOnInsertion = false }
        if checkDelegate, textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: string) == false { return false }
        interaction.registerUndo(replacing: range, with: string)
        inputDelegate?.textWillChange(self)
        editor.replace(range, with: string)
        inputDelegate?.textDidChange(self)
        afterChange()
        return true
    }

    private func afterChange() {
        textLayoutChanged()
        layoutIfNeeded()
        scrollRangeToVisible(editor.selectedRange)
        interaction.restartBlink()
        UIApplication.shared.textInput.clientTextChanged()
        textViewDelegate?.textViewDidChangeSelection(self)
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func documentRestored() { afterChange() }

    func setSelection(_ range: NSRange) {
        let r = editor.clamp(range)
        guard r != editor.selectedRange else { return }
        inputDelegate?.selectionWillChange(self)
        editor.selectedRange = r
        inputDelegate?.selectionDidChange(self)
        interaction.selectionMovedByUser()
        interaction.update()
        if isEditingSession { scrollRangeToVisible(r) }
        interaction.restartBlink()
        textViewDelegate?.textViewDidChangeSelection(self)
    }

    /// Return types a newline in a text view.
    func returnKeyPressed() { insertText("\n") }

    // MARK: UIKeyInput

    open var hasText: Bool { editor.length > 0 }

    open func insertText(_ text: String) {
        guard isEditable else { return }
        if let marked = editor.markedRange {
            editor.unmark()
            replaceByUser(marked, with: text, checkDelegate: true)
            return
        }
        replaceByUser(editor.selectedRange, with: text, checkDelegate: true)
    }

    open func deleteBackward() {
        guard isEditable else { return }
        if let marked = editor.markedRange {
            editor.unmark()
            replaceByUser(marked, with: "", checkDelegate: true)
            return
        }
        guard let r = editor.rangeToDeleteBackward() else { return }
        replaceByUser(r, with: "", checkDelegate: true)
    }

    // MARK: UITextInput

    open var selectedTextRange: UITextRange? {
        get { isFirstResponder ? IndexedRange(editor.selectedRange) : nil }
        set { if let r = newValue as? IndexedRange { setSelection(r.range) } }
    }
    open var markedTextRange: UITextRange? { editor.markedRange.map { IndexedRange($0) } }
    open var markedTextStyle: [NSAttributedString.Key: Any]?

    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        inputDelegate?.textWillChange(self)
        editor.setMarkedText(markedText, selectedRange: selectedRange)
        inputDelegate?.textDidChange(self)
        afterChange()
    }

    open func unmarkText() {
        editor.unmark()
        textLayoutChanged()
    }

    open func text(in range: UITextRange) -> String? { editor.text(in: range) }

    open func replace(_ range: UITextRange, withText text: String) {
        guard let r = range as? IndexedRange else { return }
        replaceByUser(r.range, with: text, checkDelegate: false)
    }

    open var beginningOfDocument: UITextPosition { IndexedPosition(0) }
    open var endOfDocument: UITextPosition { IndexedPosition(editor.length) }

    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        editor.textRange(from: fromPosition, to: toPosition)
    }

    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? { editor.position(from: position, offset: offset) }

    open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        guard let p = position as? IndexedPosition else { return nil }
        var o = p.offset
        for _ in 0..<abs(offset) {
            switch direction {
            case .left, .right:
                let forward = (direction == .right) != (effectiveUserInterfaceLayoutDirection == .rightToLeft)
                o = editor.grapheme(from: o, forward: offset >= 0 ? forward : !forward)
            case .up, .down:
                let up = (direction == .up) == (offset >= 0)
                o = self.offset(verticallyFrom: o, up: up, x: caretRect(offset: o).midX) ?? o
            }
        }
        return IndexedPosition(o)
    }

    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult { TextEditor.compare(position, other) }

    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { TextEditor.offset(from: from, to: toPosition) }

    open weak var inputDelegate: (any UITextInputDelegate)?
    open private(set) lazy var tokenizer: any UITextInputTokenizer = UITextInputStringTokenizer(textInput: self)

    open func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        TextEditor.position(within: range, farthestIn: direction)
    }

    open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        editor.characterRange(byExtending: position, in: direction)
    }

    open func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection {
        effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }
    open func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {}

    open func caretRect(for position: UITextPosition) -> CGRect { caretRect(offset: (position as? IndexedPosition)?.offset ?? 0) }

    open func firstRect(for range: UITextRange) -> CGRect {
        guard let r = range as? IndexedRange else { return .null }
        return selectionRects(range: r.range).first ?? caretRect(offset: r.range.location)
    }

    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        guard let r = range as? IndexedRange else { return [] }
        let rects = selectionRects(range: r.range)
        return rects.enumerated().map { IndexedSelectionRect($1, containsStart: $0 == 0, containsEnd: $0 == rects.count - 1) }
    }

    open func closestPosition(to point: CGPoint) -> UITextPosition? { IndexedPosition(offset(closestTo: point)) }

    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        TextEditor.position(closestPosition(to: point), within: range)
    }

    open func characterRange(at point: CGPoint) -> UITextRange? {
        let o = offset(closestTo: point)
        let start = o >= editor.length ? editor.grapheme(from: o, forward: false) : o
        return IndexedRange(start, editor.grapheme(from: start, forward: true))
    }

    // MARK: Touches (the scroll view's pan takes drags; a long press moves the caret)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isSelectable || isEditable, let t = touches.first { interaction.touchBegan(at: t.location(in: self)) }
        super.touchesBegan(touches, with: event)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let t = touches.first { interaction.touchMoved(to: t.location(in: self)) }
        super.touchesMoved(touches, with: event)
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isSelectable || isEditable, let t = touches.first {
            let p = t.location(in: self)
            interaction.touchEnded(at: p, tapCount: t.tapCount, inside: bounds.contains(p)) { becomeFirstResponder() }
        }
        super.touchesEnded(touches, with: event)
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        interaction.touchCancelled()
        super.touchesCancelled(touches, with: event)
    }

    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        if isFirstResponder, let v = interaction.handleContaining(point, in: self) { return v }
        return super.hitTest(point, with: event)
    }

    // MARK: Standard edit actions

    open func cut(_ sender: Any?) { interaction.perform(.cut) }
    open func copy(_ sender: Any?) { interaction.perform(.copy) }
    open func paste(_ sender: Any?) { interaction.perform(.paste) }
    open func select(_ sender: Any?) { interaction.perform(.select) }
    open func selectAll(_ sender: Any?) { interaction.perform(.selectAll) }
    open func delete(_ sender: Any?) { interaction.perform(.delete) }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var unhandled = Set<UIPress>()
        for press in presses {
            guard let key = press.key, handleHardwareKey(key) else { unhandled.insert(press); continue }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    func handleHardwareKey(_ key: UIKey) -> Bool {
        guard isFirstResponder else { return false }
        // Tab types a tab character in a text view, as UIKit's (Shift-Tab goes on to the previous input).
        if key.keyCode == .keyboardTab, key.modifierFlags.intersection([.shift, .control, .alternate, .command]).isEmpty, isEditable {
            insertText("\t")
            return true
        }
        return interaction.handleKey(key)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    /// The text, as VoiceOver reads a text view.
    override var defaultAccessibilityValue: String? {
        guard let text = text as String?, !text.isEmpty else { return nil }
        return text
    }
}

/// Kinds of data a text view could find and link (kept; Vitrine detects none).
public struct UIDataDetectorTypes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    public static let all = UIDataDetectorTypes(rawValue: UInt.max)
}

/// The view a text view draws its text in (the whole content; cairo clips to what is damaged).
@MainActor
final class TextViewContent: UIView {
    weak var textView: UITextView?
    override func draw(_ rect: CGRect) { textView?.drawText() }
}
