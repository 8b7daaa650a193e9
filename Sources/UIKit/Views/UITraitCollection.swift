import Foundation

/// How much room an axis has, in UIKit's two classes.
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified = 0, compact = 1, regular = 2 }
/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified = 0, light = 1, dark = 2 }
/// The kind of device (UIKit's raw values).
public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6 }
/// Which way the interface reads, as traits carry it.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight = 0, rightToLeft = 1 }

/// The traits of the environment a view is shown in (UIKit's `UITraitCollection`), read-only here: the screen's
/// scale, size classes from the window's size (regular both ways from 600 points, as iPad-sized screens are), the
/// light style (Vitrine has no dark appearance yet), the pad idiom (a touch panel is closest to one) and the layout
/// direction. Layouts ask for it (`NSCollectionLayoutEnvironment.traitCollection`).
@preconcurrency @MainActor
open class UITraitCollection: NSObject {
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let layoutDirection: UITraitEnvironmentLayoutDirection

    init(displayScale: CGFloat, size: CGSize, layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.displayScale = displayScale
        horizontalSizeClass = size.width >= 600 ? .regular : .compact
        verticalSizeClass = size.height >= 600 ? .regular : .compact
        userInterfaceStyle = .light
        userInterfaceIdiom = .pad
        self.layoutDirection = layoutDirection
    }

    /// A collection with only the display scale given (the rest unspecified), as UIKit's initialiser makes.
    public init(displayScale: CGFloat) {
        self.displayScale = displayScale
        horizontalSizeClass = .unspecified; verticalSizeClass = .unspecified
        userInterfaceStyle = .unspecified; userInterfaceIdiom = .unspecified; layoutDirection = .unspecified
    }

    /// The traits of the main screen's key window (UIKit: of whatever is being drawn or laid out now).
    public static var current: UITraitCollection {
        if let window = UIApplication.shared.keyWindow { return window.traitCollection }
        let screen = UIScreen.main
        return UITraitCollection(displayScale: screen.scale, size: screen.bounds.size, layoutDirection: .leftToRight)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UITraitCollection else { return false }
        return o.displayScale == displayScale && o.horizontalSizeClass == horizontalSizeClass && o.verticalSizeClass == verticalSizeClass
            && o.userInterfaceStyle == userInterfaceStyle && o.userInterfaceIdiom == userInterfaceIdiom && o.layoutDirection == layoutDirection
    }
    open override var hash: Int {
        var h = Hasher()
        h.combine(displayScale); h.combine(horizontalSizeClass); h.combine(verticalSizeClass)
        h.combine(userInterfaceStyle); h.combine(userInterfaceIdiom); h.combine(layoutDirection)
        return h.finalize()
    }
}

extension UIView {
    /// The traits of where the view is shown: its window's screen scale and size (the main screen's when it is in
    /// no window) and its layout direction.
    public var traitCollection: UITraitCollection {
        let screen = window?.screen ?? UIScreen.main
        let size = window?.bounds.size ?? screen.bounds.size
        return UITraitCollection(displayScale: screen.scale, size: size,
                                 layoutDirection: effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
    }
}
