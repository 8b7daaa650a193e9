import Foundation

/// What a view's autoresizing mask says, as a constraint (UIKit's private `NSAutoresizingMaskLayoutConstraint`), for
/// logs and debugging: the engine keeps masks as constraints of its own, and makes these to show them — in the
/// unsatisfiable-constraints report and in `constraintsAffectingLayout(for:)` — in UIKit's format:
/// `<NSAutoresizingMaskLayoutConstraint:0x… h=--& v=--& UIView:0x….minX == 10   (active)>`.
///
/// `h=` and `v=` spell the mask per axis as UIKit does: leading margin, size, trailing margin, each `-` (fixed) or
/// `&` (flexible); a mask with nothing flexible on an axis reads `--&`.
final class NSAutoresizingMaskLayoutConstraint: NSLayoutConstraint {
    /// The view the mask belongs to (the first item), weakly, for `isActive`.
    private weak var view: UIView?
    private let maskCode: String
    /// `minX`, `width`, `minY` or `height`.
    private let quantity: String
    private let share: CGFloat

    /// `view`'s `quantity` == `share` × its superview's size along the axis + `constant`.
    init(view: UIView, quantity: String, share: CGFloat, constant: CGFloat) {
        self.view = view
        self.quantity = quantity
        self.share = share
        let mask = view.autoresizingMask
        func axis(_ lead: UIView.AutoresizingMask, _ size: UIView.AutoresizingMask, _ trail: UIView.AutoresizingMask) -> String {
            guard mask.contains(lead) || mask.contains(size) || mask.contains(trail) else { return "--&" }
            return [lead, size, trail].map { mask.contains($0) ? "&" : "-" }.joined()
        }
        maskCode = "h=" + axis(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
            + " v=" + axis(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
        let horizontal = quantity == "minX" || quantity == "width"
        let attribute: Attribute = quantity == "minX" ? .left : quantity == "minY" ? .top : horizontal ? .width : .height
        let parent = share != 0 ? view.superview : nil
        super.init(unvalidatedItem: view, attribute: attribute, toItem: parent,
                   attribute: parent == nil ? .notAnAttribute : (horizontal ? .width : .height), multiplier: parent == nil ? 1 : share,
                   constant: constant)
    }

    /// Active while its view is laid out by its mask in an engine; setting it changes nothing (the mask rules: set
    /// `translatesAutoresizingMaskIntoConstraints` instead).
    override var isActive: Bool {
        get { view.map { $0.translatesAutoresizingMaskIntoConstraints && $0.layoutVariables != nil } ?? false }
        set {}
    }

    override func layoutDescription() -> String {
        var text = "<NSAutoresizingMaskLayoutConstraint:\(addressString(of: self)) \(maskCode) \(Self.itemName(firstItem)).\(quantity) == "
        if let parent = secondItem {
            text += (share == 1 ? "" : "\(Self.number(share))*") + "\(Self.itemName(parent)).\(secondAttribute.name)"
            if constant != 0 { text += constant < 0 ? " - \(Self.number(-constant))" : " + \(Self.number(constant))" }
        } else {
            text += Self.number(constant)
        }
        return text + (isActive ? "   (active)>" : "   (inactive)>")
    }
}
