import CoreGraphics

extension UIView {
    /// `tintAdjustmentMode`'s values (UIKit's).
    public enum TintAdjustmentMode: Int, Sendable {
        case automatic, normal, dimmed
    }

    /// The tint before dimming (what descendants inherit).
    var undimmedTintColor: UIColor { explicitTintColor ?? superview?.undimmedTintColor ?? UIView.systemTint }

    /// What a tint change is judged by: the tint shown and whether it is dimmed.
    struct TintState: Equatable {
        var color: UIColor
        var dimmed: Bool
    }

    var tintState: TintState { TintState(color: tintColor, dimmed: tintAdjustmentMode == .dimmed) }

    /// After a change that may alter the effective tint (a tint or adjustment mode set here, a move): when it did,
    /// `tintColorDidChange()` runs on this view and on the descendants that inherit it (parents first).
    func tintMayHaveChanged(from before: TintState) {
        let after = tintState
        guard after != before else { return }
        notifyTintChange(color: after.color != before.color, dimming: after.dimmed != before.dimmed)
    }

    private func notifyTintChange(color: Bool, dimming: Bool) {
        tintColorDidChange()
        for subview in subviews where (color && subview.explicitTintColor == nil)
            || (dimming && subview.explicitTintAdjustmentMode == .automatic) {
            // (A subview with a colour of its own still shows its ancestors' dimming: it changes only when that does.)
            subview.notifyTintChange(color: color && subview.explicitTintColor == nil, dimming: dimming && subview.explicitTintAdjustmentMode == .automatic)
        }
    }

    /// The grey a dimmed tint shows: the tint's lightness (Rec. 709 luma), desaturated, at its alpha.
    static func dimmed(_ tint: UIColor) -> UIColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        guard tint.getRed(&r, green: &g, blue: &b, alpha: &a) else { return tint }
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        return UIColor(white: luma, alpha: a)
    }
}
