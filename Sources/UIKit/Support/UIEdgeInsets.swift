import CoreGraphics

/// Inset distances for the four edges of a rectangle; positive values shrink it.
public struct UIEdgeInsets: Hashable, Sendable, Codable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// No inset.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown where they are negative).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(x: r.minX + insets.left, y: r.minY + insets.top,
                      width: r.width - insets.left - insets.right,
                      height: r.height - insets.top - insets.bottom)
    }
}


extension UIEdgeInsets {
    /// Edge by edge sums (insets stacked: a safe area plus a container's bars).
    static func + (a: UIEdgeInsets, b: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}

/// A horizontal and vertical shift (UIKit's `UIOffset`).
public struct UIOffset: Equatable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public init() { self.init(horizontal: 0, vertical: 0) }
    public static let zero = UIOffset()
}
