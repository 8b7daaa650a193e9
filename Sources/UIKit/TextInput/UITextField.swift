import CoreGraphics
import Foundation
import VitrinePlatform
@_spi(VitrineInternals) import VitrineText

/// What a text field asks and tells its delegate (UIKit's `UITextFieldDelegate`; every method optional).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: NSObjectProtocol {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// By default calls `textFieldDidEndEditing(_:)`, as UIKit does when a delegate implements only that one.
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { textFieldDidEndEditing(textField) }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// A single line of editable text (UIKit's `UITextField`): text or attributed text with a placeholder, border
/// styles, a clear button, views at its sides, secure entry, and editing with a finger, the system keyboard or a
/// hardware keyboard through `UITextInput`, telling its delegate, its targets and the notification centre in UIKit's
/// order.
@preconcurrency @MainActor
open class UITextField: UIControl, UITextInput, TextInteractionHost {
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    public enum ViewMode: Int, Sendable { case never, whileEditing, unlessEditing, always }
    public enum DidEndEditingReason: Int, Sendable { case committed, cancelled }

    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    let editor = TextEditor()
    private let content = FieldTextView()
    private lazy var interaction = TextInteraction(host: self)
    private var revealTimer: EventLoopTimer?
    /// The grapheme of secure text shown as typed, for a moment (UTF-16 range).
    private var revealed: NSRange?
    /// How far the text is scrolled sideways to keep the caret in view.
    private var scrollX: CGFloat = 0
    private var cachedLayout: TextLayout?
    private var clearButton: UIButton?

    // MARK: Content

    /// The text (an empty string, never nil, when there is none).
    open var text: String? {
        get { editor.string }
        set { setStoredText(NSAttributedString(string: newValue ?? "", attributes: defaultTextAttributes)) }
    }
    /// The text with its attributes.
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(attributedString: editor.storage) }
        set { setStoredText(newValue ?? NSAttributedString(string: "")) }
    }
    open var placeholder: String? {
        get { attributedPlaceholder?.string }
        set { attributedPlaceholder = newValue.map { NSAttributedString(string: $0) } }
    }
    /// Drawn in the placeholder grey unless its attributes say otherwise.
    open var attributedPlaceholder: NSAttributedString? { didSet { textChangedVisibly() } }
    /// Whether the font follows the content size category. A panel's category never changes (there is no
    /// Dynamic Type setting), so this is kept for code that sets it and changes nothing.
    open var adjustsFontForContentSizeCategory = false
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { applyDefaultAttributes() } }
    open var textColor: UIColor? = .label { didSet { applyDefaultAttributes() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { textChangedVisibly() } }
    /// The attributes plain text is drawn with (the font and colour).
    open var defaultTextAttributes: [NSAttributedString.Key: Any] {
        get { [.font: font ?? .systemFont(ofSize: 17), .foregroundColor: textColor ?? .label] }
        set {
            if let f = newValue[.font] as? UIFont { font = f }
            if let c = newValue[.foregroundColor] as? UIColor { textColor = c }
        }
    }
    /// The attributes text typed now takes (nil outside editing).
    open var typingAttributes: [NSAttributedString.Key: Any]? {
        get { isEditing ? editor.typingAttributes : nil }
        set { if isEditing, let v = newValue { editor.typingAttributes = v } }
    }
    open var allowsEditingTextAttributes = false

    // MARK: Looks

    open var borderStyle: BorderStyle = .none { didSet { applyBorderStyle() } }
    open var background: UIImage?
    open var disabledBackground: UIImage?
    /// When the clear button (a grey circled cross) shows: never by default.
    open var clearButtonMode: ViewMode = .never { didSet { setNeedsLayout() } }
    open var leftView: UIView? { didSet { oldValue?.removeFromSuperview(); if let v = leftView { addSubview(v) }; setNeedsLayout() } }
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    open var rightView: UIView? { didSet { oldValue?.removeFromSuperview(); if let v = rightView { addSubview(v) }; setNeedsLayout() } }
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// Shrinks the font (down to `minimumFontSize`) so that the text fits the width.
    open var adjustsFontSizeToFitWidth = false { didSet { textChangedVisibly() } }
    open var minimumFontSize: CGFloat = 0 { didSet { textChangedVisibly() } }
    /// Clears the text when editing begins.
    open var clearsOnBeginEditing = false
    /// Whether typing replaces the text (set while editing secure text, as iOS does).
    open var clearsOnInsertion = false

    // MARK: Editing state

    open weak var delegate: (any UITextFieldDelegate)?
    /// Whether the field is being edited (is the first responder).
    open private(set) var isEditing = false
    /// Replaces the system keyboard while the field is first responder.
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    private var storedInputView: UIView?
    /// Shown above the keyboard while the field is first responder.
    open override var inputAccessoryView: UIView? {
        get { storedAccessoryView }
        set { storedAccessoryView = newValue }
    }
    private var storedAccessoryView: UIView?

    // MARK: Text input traits (stored: a field's keyboard follows them)

    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var smartQuotesType: UITextSmartQuotesType = .default
    open var smartDashesType: UITextSmartDashesType = .default
    open var keyboardType: UIKeyboardType = .default { didSet { if isFirstResponder { reloadInputViews() } } }
    open var keyboardAppearance: UIKeyboardAppearance = .default { didSet { if isFirstResponder { reloadInputViews() } } }
    open var returnKeyType: UIReturnKeyType = .default { didSet { if isFirstResponder { reloadInputViews() } } }
    open var enablesReturnKeyAutomatically = false
    /// Shows dots for the text (the last character typed, for a moment), and leaves it out of copying.
    open var isSecureTextEntry = false { didSet { textChangedVisibly() } }
    open var textContentType: UITextContentType!

    // MARK: Making one

    public override init(frame: CGRect) {
        super.init(frame: frame)
        fieldInit()
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        fieldInit()
    }

    private func fieldInit() {
        content.field = self
        content.isUserInteractionEnabled = false
        content.isOpaque = false
        content.contentMode = .redraw
        addSubview(content)
        applyDefaultAttributes()
    }

    // MARK: Text storage

    private func setStoredText(_ attributed: NSAttributedString) {
        editor.setText(attributed)
        // Plain text set from code takes the field's attributes.
        if attributed.length > 0, editor.storage.attribute(NSAttributedString.Key.font, at: 0, effectiveRange: nil) == nil {
            editor.storage.addAttributes(defaultTextAttributes, range: NSRange(location: 0, length: editor.length))
        }
        textChangedVisibly()
    }

    private func applyDefaultAttributes() {
        let attrs = defaultTextAttributes
        editor.storage.addAttributes(attrs, range: NSRange(location: 0, length: editor.length))
        editor.typingAttributes = attrs
        textChangedVisibly()
    }

    /// The text's colours resolve again in the new style.
    override func colorAppearanceDidChange() { textChangedVisibly() }

    /// The layout, placement and caret follow the text.
    private func textChangedVisibly() {
        cachedLayout = nil
        content.setNeedsDisplay()
        setNeedsLayout()
        updateCaretAndSelection()
        invalidateIntrinsicContentSize()
    }

    // MARK: Geometry overrides (UIKit's)

    private var sideInset: CGFloat {
        switch borderStyle {
        case .none: return 0
        case .line, .bezel: return 2
        case .roundedRect: return 7
        }
    }

    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Where the text is drawn when not editing: inside the border, between the side views.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var r = bounds.insetBy(dx: sideInset, dy: 0)
        if showsView(leftViewMode), leftView != nil { let l = leftViewRect(forBounds: bounds); r.size.width -= l.maxX - r.minX; r.origin.x = l.maxX }
        if showsView(rightViewMode), rightView != nil { r.size.width = max(0, rightViewRect(forBounds: bounds).minX - r.minX) }
        else if showsClearButton { r.size.width = max(0, clearButtonRect(forBounds: bounds).minX - r.minX) }
        return r
    }
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    /// The clear button at the trailing side, 19 points across in a 28-point box, as iOS's.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let size: CGFloat = 28
        let trailing = (showsView(rightViewMode) && rightView != nil) ? rightViewRect(forBounds: bounds).minX : bounds.maxX - max(0, sideInset - 5)
        return CGRect(x: trailing - size, y: bounds.midY - size / 2, width: size, height: size).integral
    }
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let v = leftView else { return .zero }
        let s = v.bounds.size
        return CGRect(x: bounds.minX, y: (bounds.midY - s.height / 2).rounded(), width: s.width, height: s.height)
    }
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let v = rightView else { return .zero }
        let s = v.bounds.size
        return CGRect(x: bounds.maxX - s.width, y: (bounds.midY - s.height / 2).rounded(), width: s.width, height: s.height)
    }

    /// Draws the text in `rect` (subclasses may draw it otherwise; the field's content view calls this).
    open func drawText(in rect: CGRect) {
        guard let layout = displayLayout(), let ctx = UIGraphicsGetCurrentContext() else { return }
        let origin = CGPoint(x: rect.minX - scrollX, y: rect.midY - layout.size.height / 2)
        layout.draw(in: ctx, at: origin, alignmentWidth: alignmentWidth(rect.width, layout))
        // Composition shows underlined.
        if let marked = editor.markedRange, marked.length > 0 {
            let a = caretX(marked.location, layout, rect.width), b = caretX(marked.location + marked.length, layout, rect.width)
            UIColor.label.withAlphaComponent(0.5).setFill()
            UIRectFill(CGRect(x: rect.minX - scrollX + min(a, b), y: origin.y + layout.firstBaseline + 2, width: abs(b - a), height: 1))
        }
    }

    /// Draws the placeholder in `rect` (when there is no text).
    open func drawPlaceholder(in rect: CGRect) {
        guard let p = attributedPlaceholder, p.length > 0 else { return }
        let styled = NSMutableAttributedString(attributedString: p)
        let whole = NSRange(location: 0, length: styled.length)
        styled.enumerateAttributes(in: whole) { attrs, range, _ in
            if attrs[.font] == nil { styled.addAttribute(.font, value: font ?? .systemFont(ofSize: 17), range: range) }
            if attrs[.foregroundColor] == nil { styled.addAttribute(.foregroundColor, value: UIColor.placeholderText, range: range) }
        }
        let (text, paragraph) = TextStyling.styled(styled)
        var par = paragraph
        par.alignment = textAlignment.textAlignment
        let layout = TextLayout(text, paragraph: par, width: rect.width, maximumLines: 1)
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        layout.draw(in: ctx, at: CGPoint(x: rect.minX, y: rect.midY - layout.size.height / 2), alignmentWidth: rect.width)
    }

    // MARK: Layout

    private var showsClearButton: Bool {
        guard clearButtonMode != .never, editor.length > 0 else { return false }
        return showsView(clearButtonMode)
    }

    private func showsView(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        leftView?.isHidden = !showsView(leftViewMode)
        rightView?.isHidden = !showsView(rightViewMode)
        if let v = leftView, !v.isHidden { v.frame = leftViewRect(forBounds: b) }
        if let v = rightView, !v.isHidden { v.frame = rightViewRect(forBounds: b) }
        if showsClearButton {
            let button = clearButton ?? makeClearButton()
            button.isHidden = false
            button.frame = clearButtonRect(forBounds: b)
        } else {
            clearButton?.isHidden = true
        }
        let rect = isEditing ? editingRect(forBounds: b) : (editor.length == 0 ? placeholderRect(forBounds: b) : textRect(forBounds: b))
        if content.frame != rect { content.frame = rect; content.setNeedsDisplay() }
        updateCaretAndSelection()
    }

    private func makeClearButton() -> UIButton {
        let button = UIButton(type: .custom)
        button.setImage(UIImage(systemName: "xmark.circle.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 15)), for: .normal)
        button.tintColor = .tertiaryLabel
        button.addAction(UIAction { [weak self] _ in self?.clearButtonTapped() }, for: .touchUpInside)
        addSubview(button)
        clearButton = button
        return button
    }

    private func clearButtonTapped() {
        if delegate?.textFieldShouldClear(self) == false { return }
        if !isEditing { _ = becomeFirstResponder() }
        guard editor.length > 0 else { return }
        replaceByUser(NSRange(location: 0, length: editor.length), with: "", checkDelegate: false)
    }

    private func applyBorderStyle() {
        switch borderStyle {
        case .none:
            layer.borderWidth = 0; layer.cornerRadius = 0
        case .line:
            layer.borderWidth = 1; layer.borderColor = UIColor.black.cgColor; layer.cornerRadius = 0
        case .bezel:
            layer.borderWidth = 1; layer.borderColor = UIColor.systemGray.cgColor; layer.cornerRadius = 0
        case .roundedRect:
            layer.borderWidth = 1 / (window?.screen.scale ?? UIScreen.main.scale)
            layer.borderColor = UIColor.systemGray4.cgColor
            layer.cornerRadius = 5
            if backgroundColor == nil { backgroundColor = .systemBackground }
        }
        setNeedsLayout()
    }

    open override var intrinsicContentSize: CGSize {
        let f = font ?? .systemFont(ofSize: 17)
        let textWidth = displayLayout()?.size.width ?? 0
        let placeholderWidth = attributedPlaceholder.map { ($0.string as NSString).size(withAttributes: [.font: f]).width } ?? 0
        let height = (f.lineHeight + (borderStyle == .roundedRect ? 14 : borderStyle == .none ? 0 : 4)).rounded(.up)
        return CGSize(width: (max(textWidth, placeholderWidth) + 2 * sideInset).rounded(.up), height: height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: The displayed text and its geometry

    /// What is drawn: the text, or a dot per character of secure text (one shown as typed, for a moment).
    var displayString: String {
        guard isSecureTextEntry else { return editor.string }
        var out = ""
        for seg in editor.segments(.grapheme) {
            if let r = revealed, r.location == seg.range.lowerBound {
                out += (editor.string as NSString).substring(with: NSRange(location: seg.range.lowerBound, length: seg.range.count))
            } else {
                out += "\u{2022}"
            }
        }
        return out
    }

    /// UTF-16 offset in the text -> scalar offset in the displayed string.
    private func displayScalar(_ offset: Int) -> Int {
        guard isSecureTextEntry else { return editor.string.scalarOffset(utf16: offset) }
        let shown = displayString
        let graphemes = editor.segments(.grapheme)
        let k = graphemes.firstIndex { $0.range.lowerBound >= offset } ?? graphemes.count
        // Each grapheme is one dot (one scalar), or its own scalars while revealed.
        let prefix = shown.prefix(k)
        return prefix.unicodeScalars.count
    }

    /// Scalar offset in the displayed string -> UTF-16 offset in the text.
    private func textOffset(displayScalar s: Int) -> Int {
        guard isSecureTextEntry else { return editor.string.utf16Offset(scalar: s) }
        let shown = displayString
        var scalars = 0, k = 0
        for ch in shown {
            if scalars >= s { break }
            scalars += ch.unicodeScalars.count
            k += 1
        }
        let graphemes = editor.segments(.grapheme)
        return k < graphemes.count ? graphemes[k].range.lowerBound : editor.length
    }

    func displayLayout() -> TextLayout? {
        if let cachedLayout { return cachedLayout }
        guard editor.length > 0 else { return nil }
        let attributed: NSAttributedString
        if isSecureTextEntry {
            attributed = NSAttributedString(string: displayString, attributes: defaultTextAttributes)
        } else {
            attributed = editor.storage
        }
        // Colours resolve for the field's own traits (a layout made for the caret, outside drawing, would
        // otherwise take the app's: black text in a dark window).
        var styled: (StyledText, TextParagraphStyle)?
        traitCollection.performAsCurrent { styled = TextStyling.styled(attributed) }
        guard var (text, paragraph) = styled else { return nil }
        paragraph.alignment = textAlignment.textAlignment
        paragraph.lineBreakMode = .byClipping
        var layout = TextLayout(text, paragraph: paragraph)
        if adjustsFontSizeToFitWidth, !isEditing, content.bounds.width > 0, layout.size.width > content.bounds.width {
            // Smaller, down to the minimum size, until it fits.
            let f = font ?? .systemFont(ofSize: 17)
            let size = max(minimumFontSize > 0 ? minimumFontSize : f.pointSize / 2, f.pointSize * content.bounds.width / layout.size.width)
            let smaller = NSMutableAttributedString(attributedString: attributed)
            smaller.addAttribute(.font, value: f.withSize(size.rounded(.down)), range: NSRange(location: 0, length: smaller.length))
            (text, _) = TextStyling.styled(smaller)
            layout = TextLayout(text, paragraph: paragraph)
        }
        cachedLayout = layout
        return layout
    }

    /// The width the line is aligned in: the content's when the text fits, none when it scrolls.
    private func alignmentWidth(_ width: CGFloat, _ layout: TextLayout) -> CGFloat {
        layout.size.width <= width ? width : layout.size.width
    }

    private func caretX(_ offset: Int, _ layout: TextLayout, _ width: CGFloat) -> CGFloat {
        layout.caretX(forScalar: displayScalar(offset), line: 0, alignmentWidth: alignmentWidth(width, layout))
    }

    /// The caret's x in the content view (before scrolling) for `offset`, the empty text's by alignment.
    private func contentCaretX(_ offset: Int) -> CGFloat {
        let width = content.bounds.width
        guard let layout = displayLayout() else {
            switch textAlignment.textAlignment {
            case .center: return width / 2
            case .right: return width
            case .natural: return effectiveUserInterfaceLayoutDirection == .rightToLeft ? width : 0
            default: return 0
            }
        }
        return caretX(offset, layout, width)
    }

    private var lineHeight: CGFloat { (font ?? .systemFont(ofSize: 17)).lineHeight }

    /// Keeps the caret inside the content view by scrolling the text sideways.
    private func scrollToCaret() {
        let width = content.bounds.width
        guard let layout = displayLayout(), layout.size.width > width else {
            if scrollX != 0 { scrollX = 0; content.setNeedsDisplay() }
            return
        }
        let x = contentCaretX(editor.selectedRange.location + editor.selectedRange.length)
        var s = scrollX
        if x - s > width - 2 { s = x - width + 2 }
        if x - s < 0 { s = x }
        s = min(max(0, s), layout.size.width - width + 2)
        if s != scrollX { scrollX = s; content.setNeedsDisplay() }
    }

    private func updateCaretAndSelection() {
        if isEditing { scrollToCaret() } else if scrollX != 0 { scrollX = 0; content.setNeedsDisplay() }
        interaction.update()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateCaretAndSelection()
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if delegate?.textFieldShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing, editor.length > 0 { editor.setText(NSAttributedString(string: "")); textChangedVisibly() }
        editor.typingAttributes = defaultTextAttributes
        if isSecureTextEntry { clearsOnInsertion = true }
        editor.selectedRange = NSRange(location: editor.length, length: 0)
        cachedLayout = nil
        setNeedsLayout()
        layoutIfNeeded()
        interaction.restartBlink()
        // The keyboard came up before the session began: its shift and return key follow the session's text.
        UIApplication.shared.textInput.clientTextChanged()
        sendActions(for: .editingDidBegin)
        delegate?.textFieldDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    open override var canResignFirstResponder: Bool { delegate?.textFieldShouldEndEditing(self) ?? true }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard super.resignFirstResponder() else { return false }
        endEditing(reason: .committed)
        return true
    }

    /// Ends the editing session (the field gave up first responder, or left its window).
    private func endEditing(reason: DidEndEditingReason) {
        guard isEditing else { return }
        editor.unmark()
        isEditing = false
        clearsOnInsertion = false
        interaction.endEditing()
        revealTimer?.invalidate(); revealTimer = nil
        revealed = nil
        cachedLayout = nil
        content.setNeedsDisplay()
        setNeedsLayout()
        updateCaretAndSelection()
        sendActions(for: .editingDidEnd)
        delegate?.textFieldDidEndEditing(self, reason: reason)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        // Taken out of its window while editing: the session ends (the delegate cannot keep it).
        if window == nil, isFirstResponder {
            UIResponder.currentFirstResponder = nil
            endEditing(reason: .committed)
        }
    }

    // MARK: Edits from the user

    /// Replaces `range` as typing does: asks the delegate, then changes the text and tells everyone.
    @discardableResult
    func replaceByUser(_ range: NSRange, with string: String, checkDelegate: Bool = true) -> Bool {
        var range = editor.clamp(range)
        if clearsOnInsertion, !string.isEmpty || range.length > 0 {
            range = NSRange(location: 0, length: editor.length)
        }
        if checkDelegate, delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) == false { return false }
        clearsOnInsertion = false
        interaction.registerUndo(replacing: range, with: string)
        inputDelegate?.textWillChange(self)
        editor.replace(range, with: string)
        inputDelegate?.textDidChange(self)
        // Secure text shows the character just typed for a moment.
        if isSecureTextEntry, (string as NSString).length > 0, !string.contains("\n") {
            let end = editor.selectedRange.location
            let start = editor.boundary(before: end, .grapheme)
            revealed = NSRange(location: start, length: end - start)
            revealTimer?.invalidate()
            revealTimer = UIApplication.shared.runLoop.schedule(after: 1.5) { [weak self] _ in
                guard let self else { return }
                self.revealed = nil
                self.textChangedVisibly()
            }
        } else {
            revealed = nil
        }
        textChangedVisibly()
        interaction.restartBlink()
        didChangeText()
        return true
    }

    private func didChangeText() {
        UIApplication.shared.textInput.clientTextChanged()
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        delegate?.textFieldDidChangeSelection(self)
    }

    func documentRestored() {
        textChangedVisibly()
        didChangeText()
    }

    /// Moves the selection (a caret when empty), telling the input delegate and the field's delegate.
    func setSelection(_ range: NSRange) {
        let r = editor.clamp(range)
        guard r != editor.selectedRange else { return }
        inputDelegate?.selectionWillChange(self)
        editor.selectedRange = r
        inputDelegate?.selectionDidChange(self)
        interaction.selectionMovedByUser()
        updateCaretAndSelection()
        interaction.restartBlink()
        delegate?.textFieldDidChangeSelection(self)
    }

    // MARK: UIKeyInput

    open var hasText: Bool { editor.length > 0 }

    open func insertText(_ text: String) {
        if text == "\n" {
            returnKeyPressed()
            return
        }
        // A field holds one line: pasted newlines become spaces.
        let line = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        if editor.markedRange != nil {
            let target = editor.markedRange!
            editor.unmark()
            replaceByUser(target, with: line)
            return
        }
        replaceByUser(editor.selectedRange, with: line)
    }

    open func deleteBackward() {
        if let marked = editor.markedRange {
            editor.unmark()
            replaceByUser(marked, with: "")
            return
        }
        guard let r = editor.rangeToDeleteBackward() else { return }
        replaceByUser(r, with: "")
    }

    /// Return: the delegate's `textFieldShouldReturn`, and the `editingDidEndOnExit` targets (which end editing).
    func returnKeyPressed() {
        editor.unmark()
        let allowed = delegate?.textFieldShouldReturn(self) ?? true
        guard allowed else { return }
        let exits = allControlEvents.contains(.editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit)
        if exits { resignFirstResponder() }
    }

    // MARK: UITextInput

    open var selectedTextRange: UITextRange? {
        get { isEditing ? IndexedRange(editor.selectedRange) : nil }
        set { if let r = newValue as? IndexedRange { setSelection(r.range) } }
    }
    open var markedTextRange: UITextRange? { editor.markedRange.map { IndexedRange($0) } }
    open var markedTextStyle: [NSAttributedString.Key: Any]?

    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        inputDelegate?.textWillChange(self)
        editor.setMarkedText(markedText, selectedRange: selectedRange)
        inputDelegate?.textDidChange(self)
        textChangedVisibly()
        didChangeText()
    }

    open func unmarkText() {
        editor.unmark()
        textChangedVisibly()
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
        switch direction {
        case .left, .right:
            // By graphemes, in visual order for a left-to-right line.
            let forward = (direction == .right) != (effectiveUserInterfaceLayoutDirection == .rightToLeft)
            for _ in 0..<abs(offset) { o = editor.grapheme(from: o, forward: offset >= 0 ? forward : !forward) }
        case .up: o = 0 // one line: up goes to the start
        case .down: o = editor.length
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

    /// The caret for `position`: 2 points wide, the font's line tall, in the field's coordinates.
    open func caretRect(for position: UITextPosition) -> CGRect {
        let offset = (position as? IndexedPosition)?.offset ?? 0
        let x = content.frame.minX + contentCaretX(offset) - scrollX
        let h = lineHeight
        let scale = window?.screen.scale ?? UIScreen.main.scale
        let left = ((x - 1) * scale).rounded() / scale
        return CGRect(x: left, y: (content.frame.midY - h / 2), width: 2, height: h)
    }

    open func firstRect(for range: UITextRange) -> CGRect {
        guard let r = range as? IndexedRange else { return .null }
        let a = caretRect(for: r.start), b = caretRect(for: r.end)
        return CGRect(x: min(a.midX, b.midX), y: a.minY, width: abs(b.midX - a.midX), height: a.height)
    }

    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        guard let r = range as? IndexedRange, r.range.length > 0 else { return [] }
        return [IndexedSelectionRect(firstRect(for: r), containsStart: true, containsEnd: true)]
    }

    open func closestPosition(to point: CGPoint) -> UITextPosition? {
        guard let layout = displayLayout() else { return IndexedPosition(0) }
        let p = CGPoint(x: point.x - content.frame.minX + scrollX, y: layout.size.height / 2)
        let s = layout.scalarIndex(closestTo: p, alignmentWidth: alignmentWidth(content.bounds.width, layout))
        return IndexedPosition(textOffset(displayScalar: s))
    }

    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        TextEditor.position(closestPosition(to: point), within: range)
    }

    open func characterRange(at point: CGPoint) -> UITextRange? {
        guard let p = closestPosition(to: point) as? IndexedPosition else { return nil }
        let start = p.offset >= editor.length ? editor.grapheme(from: p.offset, forward: false) : p.offset
        return IndexedRange(start, editor.grapheme(from: start, forward: true))
    }

    // MARK: Touches: tap to edit and place the caret, double tap for a word, drag to move the caret

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        interaction.touchBegan(at: touch.location(in: self))
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        interaction.touchMoved(to: touch.location(in: self))
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch else { return }
        let p = touch.location(in: self)
        interaction.touchEnded(at: p, tapCount: touch.tapCount, inside: bounds.contains(p)) { becomeFirstResponder() }
    }

    /// The selection's handles and the edit menu reach outside the field's bounds and still take their touches.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        if isEditing, let v = interaction.handleContaining(point, in: self) { return v }
        return super.hitTest(point, with: event)
    }

    // MARK: Standard edit actions (the edit menu's, and the hardware keyboard's shortcuts)

    open func cut(_ sender: Any?) { interaction.perform(.cut) }
    open func copy(_ sender: Any?) { interaction.perform(.copy) }
    open func paste(_ sender: Any?) { interaction.perform(.paste) }
    open func select(_ sender: Any?) { interaction.perform(.select) }
    open func selectAll(_ sender: Any?) { interaction.perform(.selectAll) }
    open func delete(_ sender: Any?) { interaction.perform(.delete) }

    // MARK: Hardware keys

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var unhandled = Set<UIPress>()
        for press in presses {
            guard let key = press.key, handleHardwareKey(key) else { unhandled.insert(press); continue }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    func handleHardwareKey(_ key: UIKey) -> Bool { isEditing && interaction.handleKey(key) }

    // MARK: TextInteractionHost

    var isEditingText: Bool { isEditing }
    var allowsCopying: Bool { !isSecureTextEntry }
    var allowsChanges: Bool { true }
    var decorationContainer: UIView { self }
    var textLayerView: UIView? { content }
    func caretRect(offset: Int) -> CGRect { caretRect(for: IndexedPosition(offset)) }
    func selectionRects(range: NSRange) -> [CGRect] { selectionRects(for: IndexedRange(range)).map(\.rect) }
    func offset(closestTo point: CGPoint) -> Int { (closestPosition(to: point) as? IndexedPosition)?.offset ?? 0 }
    func offset(verticallyFrom offset: Int, up: Bool, x: CGFloat) -> Int? { nil } // one line: to the start or end

    // MARK: Accessibility

    override var defaultIsAccessibilityElement: Bool { true }
    /// The placeholder names an unlabelled field, as VoiceOver reads it.
    override var defaultAccessibilityLabel: String? { placeholder }
    /// The text; a secure field's as many bullets as it has characters.
    override var defaultAccessibilityValue: String? {
        guard let text, !text.isEmpty else { return nil }
        return isSecureTextEntry ? String(repeating: "•", count: text.count) : text
    }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .none : .notEnabled }
}

/// The view a text field draws its text or placeholder in (the field's `drawText(in:)`/`drawPlaceholder(in:)`).
@MainActor
final class FieldTextView: UIView {
    weak var field: UITextField?
    override func draw(_ rect: CGRect) {
        guard let field else { return }
        if field.editor.length == 0 { field.drawPlaceholder(in: bounds) } else { field.drawText(in: bounds) }
    }
}
