import Foundation

/// How much room an axis has, in UIKit's two classes.
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified = 0, compact = 1, regular = 2 }
/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified = 0, light = 1, dark = 2 }
/// The kind of device (UIKit's raw values).
public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6 }
/// Which way the interface reads, as traits carry it.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight = 0, rightToLeft = 1 }

/// The traits of the environment a view is shown in (UIKit's `UITraitCollection`): the screen's scale, size
/// classes from the window's size (horizontally regular on panels wider than 700 points and vertically on those
/// taller than 500, as iPad-sized screens are), the light or dark style (the app's — `VITRINE_APPEARANCE` or the
/// board's `appearance` — unless a view, controller or window overrides it), the pad idiom (a touch panel is
/// closest to one) and the layout direction.
@preconcurrency @MainActor
open class UITraitCollection: NSObject {
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let layoutDirection: UITraitEnvironmentLayoutDirection

    /// The size classes of a window of `size`.
    static func sizeClasses(_ size: CGSize) -> (UIUserInterfaceSizeClass, UIUserInterfaceSizeClass) {
        (size.width > 700 ? .regular : .compact, size.height > 500 ? .regular : .compact)
    }

    init(displayScale: CGFloat, size: CGSize, style: UIUserInterfaceStyle, layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.displayScale = displayScale
        (horizontalSizeClass, verticalSizeClass) = Self.sizeClasses(size)
        userInterfaceStyle = style
        userInterfaceIdiom = .pad
        self.layoutDirection = layoutDirection
    }

    private init(scale: CGFloat = 0, horizontal: UIUserInterfaceSizeClass = .unspecified, vertical: UIUserInterfaceSizeClass = .unspecified,
                 style: UIUserInterfaceStyle = .unspecified, idiom: UIUserInterfaceIdiom = .unspecified,
                 direction: UITraitEnvironmentLayoutDirection = .unspecified) {
        displayScale = scale
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        userInterfaceStyle = style
        userInterfaceIdiom = idiom
        layoutDirection = direction
    }

    /// An empty collection (every trait unspecified).
    public override convenience init() { self.init(scale: 0) }
    /// A collection with only the display scale given (the rest unspecified), as UIKit's initialisers make.
    public convenience init(displayScale: CGFloat) { self.init(scale: displayScale) }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle) }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(horizontal: horizontalSizeClass) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(vertical: verticalSizeClass) }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) { self.init(idiom: userInterfaceIdiom) }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init(direction: layoutDirection) }

    /// The traits of `traitCollections` combined, later ones' specified traits winning.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var scale: CGFloat = 0, h = UIUserInterfaceSizeClass.unspecified, v = UIUserInterfaceSizeClass.unspecified
        var style = UIUserInterfaceStyle.unspecified, idiom = UIUserInterfaceIdiom.unspecified, dir = UITraitEnvironmentLayoutDirection.unspecified
        for t in traitCollections {
            if t.displayScale != 0 { scale = t.displayScale }
            if t.horizontalSizeClass != .unspecified { h = t.horizontalSizeClass }
            if t.verticalSizeClass != .unspecified { v = t.verticalSizeClass }
            if t.userInterfaceStyle != .unspecified { style = t.userInterfaceStyle }
            if t.userInterfaceIdiom != .unspecified { idiom = t.userInterfaceIdiom }
            if t.layoutDirection != .unspecified { dir = t.layoutDirection }
        }
        self.init(scale: scale, horizontal: h, vertical: v, style: style, idiom: idiom, direction: dir)
    }

    /// Whether every trait `trait` specifies has the same value here.
    open func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let t = trait else { return true }
        return (t.displayScale == 0 || t.displayScale == displayScale)
            && (t.horizontalSizeClass == .unspecified || t.horizontalSizeClass == horizontalSizeClass)
            && (t.verticalSizeClass == .unspecified || t.verticalSizeClass == verticalSizeClass)
            && (t.userInterfaceStyle == .unspecified || t.userInterfaceStyle == userInterfaceStyle)
            && (t.userInterfaceIdiom == .unspecified || t.userInterfaceIdiom == userInterfaceIdiom)
            && (t.layoutDirection == .unspecified || t.layoutDirection == layoutDirection)
    }

    /// Whether a colour resolved with `other` could look different than with these traits (the style differs).
    open func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
    }

    // MARK: The current traits

    private static var currentStack: [UITraitCollection] = []
    /// The view whose `draw(_:)` is running (its traits are `current` then, made only if asked for); unowned: it is
    /// set only while that view draws (a weak reference would give every view that draws a side table).
    static unowned(unsafe) var drawingView: UIView?

    /// The traits of what is being drawn or laid out now (a view's, while its `draw(_:)` or `layoutSubviews()`
    /// runs), else the key window's; dynamic colours resolve with these.
    public static var current: UITraitCollection {
        get {
            if let top = currentStack.last { return top }
            if let view = drawingView { return view.traitCollection }
            if let window = UIApplication.shared.keyWindow { return window.traitCollection }
            let screen = UIScreen.main
            return UITraitCollection(displayScale: screen.scale, size: screen.bounds.size, style: UIApplication.shared.userInterfaceStyle,
                                     layoutDirection: .leftToRight)
        }
        set {
            if currentStack.isEmpty { currentStack.append(newValue) } else { currentStack[currentStack.count - 1] = newValue }
            UIColor.resolvesDark = newValue.userInterfaceStyle == .dark
        }
    }

    /// Runs `actions` with these traits as `current`.
    open func performAsCurrent(_ actions: () throws -> Void) rethrows {
        UITraitCollection.push(self)
        defer { UITraitCollection.pop() }
        try actions()
    }

    static func push(_ traits: UITraitCollection) {
        currentStack.append(traits)
        UIColor.resolvesDark = traits.userInterfaceStyle == .dark
    }
    static func pop() {
        currentStack.removeLast()
        UIColor.resolvesDark = (currentStack.last?.userInterfaceStyle ?? UIApplication.shared.userInterfaceStyle) == .dark
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

/// The traits `registerForTraitChanges` can name (UIKit's `UITraitDefinition` types).
@preconcurrency @MainActor
public protocol UITraitDefinition {}
public enum UITraitUserInterfaceStyle: UITraitDefinition {}
public enum UITraitHorizontalSizeClass: UITraitDefinition {}
public enum UITraitVerticalSizeClass: UITraitDefinition {}
public enum UITraitDisplayScale: UITraitDefinition {}
public enum UITraitLayoutDirection: UITraitDefinition {}

/// A registration made by `registerForTraitChanges` (UIKit's `UITraitChangeRegistration`); pass it to
/// `unregisterForTraitChanges` to end it.
public struct UITraitChangeRegistration: Hashable, Sendable {
    let id: Int
}

/// Something with traits (UIKit's `UITraitEnvironment`).
@preconcurrency @MainActor
public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

/// A view's or controller's trait-change handlers.
@MainActor
final class TraitRegistrations {
    var handlers: [(id: Int, traits: [UITraitDefinition.Type], call: (UITraitCollection) -> Void)] = []
    static var nextID = 0
    func add(_ traits: [UITraitDefinition.Type], _ call: @escaping (UITraitCollection) -> Void) -> UITraitChangeRegistration {
        Self.nextID += 1
        handlers.append((Self.nextID, traits, call))
        return UITraitChangeRegistration(id: Self.nextID)
    }
    func remove(_ r: UITraitChangeRegistration) { handlers.removeAll { $0.id == r.id } }

    /// Runs the handlers that asked for a trait that differs between `previous` and `now`.
    func run(previous: UITraitCollection, now: UITraitCollection) {
        for h in handlers where h.traits.contains(where: { Self.differs($0, previous, now) }) { h.call(previous) }
    }
    static func differs(_ trait: UITraitDefinition.Type, _ a: UITraitCollection, _ b: UITraitCollection) -> Bool {
        switch trait {
        case is UITraitUserInterfaceStyle.Type: return a.userInterfaceStyle != b.userInterfaceStyle
        case is UITraitHorizontalSizeClass.Type: return a.horizontalSizeClass != b.horizontalSizeClass
        case is UITraitVerticalSizeClass.Type: return a.verticalSizeClass != b.verticalSizeClass
        case is UITraitDisplayScale.Type: return a.displayScale != b.displayScale
        case is UITraitLayoutDirection.Type: return a.layoutDirection != b.layoutDirection
        default: return !a.isEqual(b)
        }
    }
}

extension UIView: UITraitEnvironment {
    // (The overridable `traitCollection` and `overrideUserInterfaceStyle` are declared in UIView.swift.)
    var baseTraitCollection: UITraitCollection {
        let screen = window?.screen ?? UIScreen.main
        let size = window?.bounds.size ?? screen.bounds.size
        return UITraitCollection(displayScale: screen.scale, size: size, style: effectiveUserInterfaceStyle,
                                 layoutDirection: effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
    }

    /// The style the view resolves colours with: the nearest override up the hierarchy, else the app's.
    var effectiveUserInterfaceStyle: UIUserInterfaceStyle {
        var v: UIView? = self
        while let view = v {
            if view.overrideStyle != .unspecified { return view.overrideStyle }
            if let c = view.viewDelegate, c.overrideUserInterfaceStyle != .unspecified { return c.overrideUserInterfaceStyle }
            v = view.superview
        }
        return UIApplication.shared.userInterfaceStyle
    }

    func baseSetOverrideUserInterfaceStyle(_ newValue: UIUserInterfaceStyle) {
        guard newValue != overrideStyle else { return }
        let before = traitCollection
        overrideStyle = newValue
        traitsChanged(from: before)
    }

    /// Handlers run when the named traits change (UIKit's iOS 17 registration); the handler gets the view and
    /// the previous traits.
    @discardableResult
    public func registerForTraitChanges<Self_: UIView>(_ traits: [UITraitDefinition.Type],
                                                       handler: @escaping (Self_, UITraitCollection) -> Void) -> UITraitChangeRegistration {
        traitRegistrations.add(traits) { [weak self] previous in
            if let me = self as? Self_ { handler(me, previous) }
        }
    }

    /// Handlers run on `target` when the named traits change.
    @discardableResult
    public func registerForTraitChanges<Target: AnyObject>(_ traits: [UITraitDefinition.Type], target: Target,
                                                           action: @escaping (Target) -> () -> Void) -> UITraitChangeRegistration {
        traitRegistrations.add(traits) { [weak target] _ in if let target { action(target)() } }
    }

    public func unregisterForTraitChanges(_ registration: UITraitChangeRegistration) { traitRegistrations.remove(registration) }

    /// The subtree's traits changed from `previous` (a style override, the app's style): colours resolve again,
    /// content that depends on them redraws, and the views and their controllers hear it.
    func traitsChanged(from previous: UITraitCollection) {
        let now = traitCollection
        guard !now.isEqual(previous) else { return }
        propagateTraitChange(from: previous, to: now, isRoot: true)
    }

    /// A view that moved to where another style applies (into a window or under a view that overrides it): its
    /// colours resolve again and it hears the change, as in UIKit, where a view's traits follow its hierarchy.
    func styleMayHaveChanged(from before: UIUserInterfaceStyle) {
        let now = traitCollection
        guard now.userInterfaceStyle != before else { return }
        let screen = window?.screen ?? UIScreen.main
        let previous = UITraitCollection(displayScale: now.displayScale, size: window?.bounds.size ?? screen.bounds.size,
                                         style: before, layoutDirection: now.layoutDirection)
        propagateTraitChange(from: previous, to: now, isRoot: true)
    }

    /// The change goes down the subtree, parents first, except into subtrees that force their own style.
    private func propagateTraitChange(from previous: UITraitCollection, to now: UITraitCollection, isRoot: Bool) {
        if !isRoot, overrideStyle != .unspecified || (viewDelegate?.overrideUserInterfaceStyle ?? .unspecified) != .unspecified { return }
        traitCollectionChanged(from: previous, to: now)
        for subview in subviews { subview.propagateTraitChange(from: previous, to: now, isRoot: false) }
    }

    func traitCollectionChanged(from previous: UITraitCollection, to now: UITraitCollection) {
        if previous.hasDifferentColorAppearance(comparedTo: now) {
            if let bg = backgroundColor { layer.backgroundColor = bg.cgColor(for: self) }
            colorAppearanceDidChange()
            if drawsOwnContent { setNeedsDisplay() }
            tintColorDidChange()
            setNeedsLayout()
        }
        now.performAsCurrent {
            traitCollectionDidChange(previous)
            viewDelegate?.traitCollectionDidChange(previous)
            storedTraitRegistrations?.run(previous: previous, now: now)
            viewDelegate?.storedTraitRegistrations?.run(previous: previous, now: now)
        }
    }
}

extension UIApplication {
    /// Changes the app's style (Vitrine: the board's or `VITRINE_APPEARANCE`'s, or a settings screen's): every
    /// window's views and controllers that do not override it see their traits change.
    public func setUserInterfaceStyle(_ style: UIUserInterfaceStyle) {
        guard style != userInterfaceStyle else { return }
        let before = windows.map { ($0, $0.traitCollection) }
        userInterfaceStyle = style
        UIColor.resolvesDark = style == .dark
        for (window, traits) in before { window.traitsChanged(from: traits) }
    }
}

extension UIColor {
    /// Whether colours resolve to their dark values now (kept with `UITraitCollection.current`'s style, so that a
    /// system colour's `cgColor` costs no trait lookup).
    nonisolated(unsafe) static var resolvesDark = false
}
