import CoreGraphics

extension UIColor {
    /// Makes this the fill and stroke colour of the current context.
    @preconcurrency @MainActor public func set() { setFill(); setStroke() }
    /// Makes this the fill colour of the current context.
    @preconcurrency @MainActor public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the stroke colour of the current context.
    @preconcurrency @MainActor public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }
    private static func dyn(_ light: CGColor, _ dark: CGColor) -> UIColor { UIColor(light: light, dark: dark) }

    // UIKit's system colours, with their light and dark values (iOS's).
    public static let systemRed = dyn(rgb(255, 59, 48), rgb(255, 69, 58))
    public static let systemOrange = dyn(rgb(255, 149, 0), rgb(255, 159, 10))
    public static let systemYellow = dyn(rgb(255, 204, 0), rgb(255, 214, 10))
    public static let systemGreen = dyn(rgb(52, 199, 89), rgb(48, 209, 88))
    public static let systemMint = dyn(rgb(0, 199, 190), rgb(99, 230, 226))
    public static let systemTeal = dyn(rgb(48, 176, 199), rgb(64, 200, 224))
    public static let systemCyan = dyn(rgb(50, 173, 230), rgb(100, 210, 255))
    public static let systemBlue = dyn(rgb(0, 122, 255), rgb(10, 132, 255))
    public static let systemIndigo = dyn(rgb(88, 86, 214), rgb(94, 92, 230))
    public static let systemPurple = dyn(rgb(175, 82, 222), rgb(191, 90, 242))
    public static let systemPink = dyn(rgb(255, 45, 85), rgb(255, 55, 95))
    public static let systemBrown = dyn(rgb(162, 132, 94), rgb(172, 142, 104))
    public static let systemGray = dyn(rgb(142, 142, 147), rgb(142, 142, 147))
    public static let systemGray2 = dyn(rgb(174, 174, 178), rgb(99, 99, 102))
    public static let systemGray3 = dyn(rgb(199, 199, 204), rgb(72, 72, 74))
    public static let systemGray4 = dyn(rgb(209, 209, 214), rgb(58, 58, 60))
    public static let systemGray5 = dyn(rgb(229, 229, 234), rgb(44, 44, 46))
    public static let systemGray6 = dyn(rgb(242, 242, 247), rgb(28, 28, 30))
    public static let label = dyn(rgb(0, 0, 0), rgb(255, 255, 255))
    public static let secondaryLabel = dyn(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))
    public static let tertiaryLabel = dyn(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    public static let quaternaryLabel = dyn(rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16))
    public static let placeholderText = dyn(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    public static let link = dyn(rgb(0, 122, 255), rgb(9, 132, 255))
    public static let separator = dyn(rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6))
    public static let opaqueSeparator = dyn(rgb(198, 198, 200), rgb(56, 56, 58))
    public static let systemBackground = dyn(rgb(255, 255, 255), rgb(0, 0, 0))
    public static let secondarySystemBackground = dyn(rgb(242, 242, 247), rgb(28, 28, 30))
    public static let tertiarySystemBackground = dyn(rgb(255, 255, 255), rgb(44, 44, 46))
    public static let systemGroupedBackground = dyn(rgb(242, 242, 247), rgb(0, 0, 0))
    public static let secondarySystemGroupedBackground = dyn(rgb(255, 255, 255), rgb(28, 28, 30))
    public static let tertiarySystemGroupedBackground = dyn(rgb(242, 242, 247), rgb(44, 44, 46))
    public static let systemFill = dyn(rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))
    public static let secondarySystemFill = dyn(rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32))
    public static let tertiarySystemFill = dyn(rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24))
    public static let quaternarySystemFill = dyn(rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18))
    public static let tintColor = systemBlue
}
