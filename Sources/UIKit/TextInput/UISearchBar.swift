import CoreGraphics
import Foundation

/// What a search bar tells its delegate (UIKit's `UISearchBarDelegate`; every method optional).
@preconcurrency @MainActor
public protocol UISearchBarDelegate: AnyObject {
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    /// The text changed by typing, deleting, pasting or the clear button (not by setting `text`).
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The keyboard's Search key.
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}

/// The text field of a search bar (UIKit's `UISearchTextField`): rounded, on a light fill, a magnifying glass
/// before the text, a clear button while editing, and the keyboard's Search key.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        borderStyle = .none
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 10
        font = .systemFont(ofSize: 17)
        clearButtonMode = .whileEditing
        returnKeyType = .search
        autocapitalizationType = .none
        let glass = UIImageView(image: UIImage(systemName: "magnifyingglass"))
        glass.tintColor = .secondaryLabel
        glass.contentMode = .center
        glass.frame = CGRect(x: 0, y: 0, width: 28, height: 20)
        leftView = glass
        leftViewMode = .always
    }

    open override func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let r = super.leftViewRect(forBounds: bounds)
        return r.offsetBy(dx: effectiveUserInterfaceLayoutDirection == .rightToLeft ? -4 : 4, dy: 0)
    }

    open override func textRect(forBounds bounds: CGRect) -> CGRect {
        var r = super.textRect(forBounds: bounds)
        // A little room after the glass, as UIKit's field leaves.
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { r.size.width -= 6 } else { r.origin.x += 6; r.size.width -= 6 }
        return r
    }
}

/// A search field on a bar, with an optional Cancel button (UIKit's `UISearchBar`): 56 points tall, the field
/// inset 8 points from the sides; its delegate hears editing, every change of the text, the Search key and Cancel.
@preconcurrency @MainActor
open class UISearchBar: UIView, UITextInputTraits {
    /// How the bar is drawn (UIKit's `UISearchBar.Style`).
    public enum Style: UInt, Sendable {
        /// On iOS 13 and later, as `.minimal` in a navigation bar and `.prominent` elsewhere: here, `.prominent`.
        case `default`
        /// The bar's background (the system background) behind the field.
        case prominent
        /// No background: the field alone on what is behind.
        case minimal
    }

    open weak var delegate: (any UISearchBarDelegate)?
    /// The field the text is typed in.
    public let searchTextField = UISearchTextField(frame: .zero)
    private let cancelButton = UIButton(type: .system)
    private let relay = SearchFieldRelay()

    /// The search text.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// What the empty field says.
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }
    open var searchBarStyle: Style = .default { didSet { applyStyle() } }
    /// The bar's background colour (nil: the style's).
    open var barTintColor: UIColor? { didSet { applyStyle() } }
    open var isTranslucent = true

    /// Whether the Cancel button shows, at the trailing end.
    open var showsCancelButton = false {
        didSet { if showsCancelButton != oldValue { setNeedsLayout() } }
    }

    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        guard showsCancelButton != self.showsCancelButton else { return }
        self.showsCancelButton = showsCancelButton
        if animated, window != nil {
            UIView.animate(withDuration: 0.25) { self.layoutIfNeeded() }
        }
    }

    // UITextInputTraits, passed to the field.
    open var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType }
        set { searchTextField.autocapitalizationType = newValue }
    }
    open var autocorrectionType: UITextAutocorrectionType {
        get { searchTextField.autocorrectionType }
        set { searchTextField.autocorrectionType = newValue }
    }
    open var spellCheckingType: UITextSpellCheckingType {
        get { searchTextField.spellCheckingType }
        set { searchTextField.spellCheckingType = newValue }
    }
    open var smartQuotesType: UITextSmartQuotesType {
        get { searchTextField.smartQuotesType }
        set { searchTextField.smartQuotesType = newValue }
    }
    open var smartDashesType: UITextSmartDashesType {
        get { searchTextField.smartDashesType }
        set { searchTextField.smartDashesType = newValue }
    }
    open var keyboardType: UIKeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }
    open var keyboardAppearance: UIKeyboardAppearance {
        get { searchTextField.keyboardAppearance }
        set { searchTextField.keyboardAppearance = newValue }
    }
    open var returnKeyType: UIReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }
    open var enablesReturnKeyAutomatically: Bool {
        get { searchTextField.enablesReturnKeyAutomatically }
        set { searchTextField.enablesReturnKeyAutomatically = newValue }
    }
    open var isSecureTextEntry: Bool {
        get { searchTextField.isSecureTextEntry }
        set { searchTextField.isSecureTextEntry = newValue }
    }
    open var textContentType: UITextContentType! {
        get { searchTextField.textContentType }
        set { searchTextField.textContentType = newValue }
    }
    open override var inputAccessoryView: UIView? {
        get { searchTextField.inputAccessoryView }
        set { searchTextField.inputAccessoryView = newValue }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        relay.bar = self
        searchTextField.delegate = relay
        searchTextField.addTarget(relay, action: SearchFieldRelay.changed, for: .editingChanged)
        addSubview(searchTextField)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.addTarget(relay, action: SearchFieldRelay.cancelTapped, for: .touchUpInside)
        cancelButton.isHidden = true
        addSubview(cancelButton)
        applyStyle()
    }

    private func applyStyle() {
        switch searchBarStyle {
        case .default, .prominent: backgroundColor = barTintColor ?? .systemBackground
        case .minimal: backgroundColor = barTintColor
        }
    }

    /// The height UIKit's bar has (56 points); as wide as offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 56) }
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 56) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds, inset: CGFloat = 8, fieldHeight: CGFloat = 36
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var cancelWidth: CGFloat = 0
        cancelButton.isHidden = !showsCancelButton
        if showsCancelButton {
            cancelWidth = cancelButton.sizeThatFits(b.size).width + inset
            let x = rtl ? b.minX + inset : b.maxX - cancelWidth
            cancelButton.frame = CGRect(x: x, y: b.midY - fieldHeight / 2, width: cancelWidth - inset, height: fieldHeight)
        }
        let width = max(0, b.width - 2 * inset - cancelWidth)
        let x = rtl ? b.minX + inset + cancelWidth : b.minX + inset
        searchTextField.frame = CGRect(x: x, y: b.midY - fieldHeight / 2, width: width, height: fieldHeight)
    }

    // The bar takes text through its field.
    open override var canBecomeFirstResponder: Bool { searchTextField.canBecomeFirstResponder }
    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }
    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }
}

/// The search bar's side of its field: the field's delegate and action target, turning the field's messages into
/// the bar delegate's (so the bar's own conformances stay UIKit's).
@MainActor
final class SearchFieldRelay: NSObject, UITextFieldDelegate {
    weak var bar: UISearchBar?

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBarShouldBeginEditing(bar) ?? true
    }
    func textFieldDidBeginEditing(_ textField: UITextField) {
        guard let bar else { return }
        bar.delegate?.searchBarTextDidBeginEditing(bar)
    }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBarShouldEndEditing(bar) ?? true
    }
    func textFieldDidEndEditing(_ textField: UITextField) {
        guard let bar else { return }
        bar.delegate?.searchBarTextDidEndEditing(bar)
    }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBar(bar, shouldChangeTextIn: range, replacementText: string) ?? true
    }
    /// The Search key: the delegate hears it; the keyboard stays (the delegate resigns the bar if it wants).
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        bar.delegate?.searchBarSearchButtonClicked(bar)
        return false
    }

    static func changed(_ relay: SearchFieldRelay) -> (UISearchTextField) -> Void {
        { [weak relay] field in
            guard let bar = relay?.bar else { return }
            bar.delegate?.searchBar(bar, textDidChange: field.text ?? "")
        }
    }

    static func cancelTapped(_ relay: SearchFieldRelay) -> (UIButton) -> Void {
        { [weak relay] _ in
            guard let bar = relay?.bar else { return }
            bar.delegate?.searchBarCancelButtonClicked(bar)
        }
    }
}
