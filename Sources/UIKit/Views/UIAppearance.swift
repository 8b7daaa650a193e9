import Foundation

/// A type whose instances can contain views that appearance proxies single out (views and view controllers).
public protocol UIAppearanceContainer: AnyObject {}

/// Appearance proxies (UIKit's `UIAppearance`): `UISlider.appearance().minimumTrackTintColor = .systemRed` sets the
/// colour of every slider as it enters a window; `appearance(whenContainedInInstancesOf: [Toolbar.self])` only of
/// those inside a `Toolbar` (the list is outermost first: `[A.self, B.self]` means inside a B that is inside an A).
///
/// As on iOS: a proxy applies to instances of its class and subclasses when they enter a window, not to views
/// already in one; a value set on an instance itself wins over any proxy; a proxy for a subclass, or with a longer
/// list of containers, wins over a more general one; among equals the last set wins. The properties proxies carry
/// are those UIKit marks `UI_APPEARANCE_SELECTOR` on the views Vitrine has (see the "Controls" article).
///
/// A proxy is an instance of the class made through its `init(coder:)` (the one initialiser every view has): a
/// subclass whose `init(coder:)` stops the program cannot have a proxy of its own; its superclasses' proxies still
/// apply to it.
@preconcurrency @MainActor
public protocol UIAppearance: AnyObject {
    static func appearance() -> Self
    static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self
}

extension UIView: UIAppearanceContainer, UIAppearance {
    /// The proxy for every instance of this class (and its subclasses).
    public static func appearance() -> Self {
        appearance(whenContainedInInstancesOf: [])
    }

    /// The proxy for instances inside instances of `containerTypes` (outermost first).
    public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        let key = AppearanceRegistry.Scope(type: ObjectIdentifier(self), containers: containerTypes.map { ObjectIdentifier($0) })
        if let existing = AppearanceRegistry.proxies[key] as? Self { return existing }
        guard let proxy = self.init(coder: AppearanceProxyCoder()) else {
            preconditionFailure("\(self).appearance(): the class's init(coder:) made no instance to be its appearance proxy")
        }
        // Marked only now: what the class's initialisers set is the instance's own, not the proxy's.
        let state = proxy.appearance
        state.scope = key
        state.containers = containerTypes
        AppearanceRegistry.proxies[key] = proxy
        return proxy
    }

    /// The view's appearance bookkeeping, made on first use.
    var appearance: AppearanceState {
        if let appearanceState { return appearanceState }
        let made = AppearanceState()
        appearanceState = made
        return made
    }

    /// Called by a property or method that carries appearance: on a proxy, records `apply` for the proxy's scope
    /// under `key` and returns true (the caller then does nothing else); on an instance, notes that the instance set
    /// `key` itself (a proxy will not override it) unless a proxy is being applied, and returns false.
    ///
    /// (A property's "set here" is a bit of `explicitAppearance`, kept in the view: no allocation when a colour is set;
    /// per-state values, a button's or slider's, go in the bookkeeping object.)
    func appearanceSetting(_ key: Int, state: UInt? = nil, _ apply: @escaping @MainActor (UIView) -> Void) -> Bool {
        let full = AppearanceKey.full(key, state)
        if let scope = appearanceState?.scope {
            AppearanceRegistry.record(scope, containers: appearance.containers, key: full, apply: apply)
            return true
        }
        if !AppearanceRegistry.applying {
            if state == nil { explicitAppearance |= 1 << UInt64(key) } else { appearance.explicit.insert(full) }
        }
        return false
    }

    /// `appearanceSetting` for a property: on a proxy, records setting `path` to `value`. (The closure is made only
    /// for a proxy: an instance's setter, which may run every frame, allocates nothing here.)
    func appearanceSetting<V: UIView, T>(_ key: Int, _ path: ReferenceWritableKeyPath<V, T>, _ value: T) -> Bool {
        if appearanceState?.scope != nil { return appearanceSetting(key) { view in (view as? V)?[keyPath: path] = value } }
        if !AppearanceRegistry.applying { explicitAppearance |= 1 << UInt64(key) }
        return false
    }

    /// `appearanceSetting` for a per-state setter (`setTitleColor(_:for:)`): on a proxy, records calling `method`
    /// with `value` and `state`.
    func appearanceSetting<V: UIView, T>(_ key: Int, _ method: @escaping (V) -> (T, UIControl.State) -> Void, _ value: T,
                                         for state: UIControl.State) -> Bool {
        if appearanceState?.scope != nil {
            return appearanceSetting(key, state: state.rawValue) { view in (view as? V).map { method($0)(value, state) } }
        }
        if !AppearanceRegistry.applying { appearance.explicit.insert(AppearanceKey.full(key, state.rawValue)) }
        return false
    }

    /// Whether this view set the property `full` (a key and maybe a state) itself.
    func setsAppearance(_ full: Int) -> Bool {
        full < 64 ? explicitAppearance & (1 << UInt64(full)) != 0 : appearanceState?.explicit.contains(full) ?? false
    }

    /// Applies the proxies that match this view, once, when it first enters a window.
    func applyAppearanceIfNeeded() {
        guard !AppearanceRegistry.settings.isEmpty, appearanceState?.applied != true, appearanceState?.scope == nil else { return }
        appearance.applied = true
        AppearanceRegistry.apply(to: self)
    }
}

/// A view's appearance bookkeeping: for a proxy its scope, for an instance the properties it set itself.
@MainActor
final class AppearanceState {
    var scope: AppearanceRegistry.Scope?
    var containers: [any UIAppearanceContainer.Type] = []
    var explicit: Set<Int> = []
    var applied = false
}

/// The properties proxies carry (UIKit's `UI_APPEARANCE_SELECTOR`s on the views Vitrine has), numbered below 64;
/// per-state ones are keyed with the state too.
enum AppearanceKey {
    static let backgroundColor = 0, tintColor = 1
    static let labelFont = 2, labelTextColor = 3, labelShadowColor = 4, labelShadowOffset = 5
    static let buttonTitleColor = 6, buttonTitleShadowColor = 7, buttonImage = 8, buttonBackgroundImage = 9
    static let buttonContentEdgeInsets = 10
    static let switchOnTint = 11, switchThumbTint = 12
    static let sliderMinimumTrack = 13, sliderMaximumTrack = 14, sliderThumbTint = 15, sliderThumbImage = 16
    static let sliderMinimumImage = 17, sliderMaximumImage = 18
    static let stepperBackgroundImage = 19, stepperIncrementImage = 20, stepperDecrementImage = 21
    static let segmentedSelectedTint = 22, segmentedTitleAttributes = 23
    static let progressTint = 24, progressTrackTint = 25, progressImage = 26, progressTrackImage = 27
    static let activityColor = 28
    static let pageIndicatorTint = 29, pageCurrentIndicatorTint = 30
    static let barTint = 31, barTitleAttributes = 32, barStandardAppearance = 33, barScrollEdgeAppearance = 34
    static let barCompactAppearance = 35, tabUnselectedTint = 36

    /// A key alone (below 64), or with a state (64 and up).
    static func full(_ key: Int, _ state: UInt?) -> Int {
        guard let state else { return key }
        return (key + 1) << 32 | Int(truncatingIfNeeded: state & 0xFFFF_FFFF)
    }
}

extension UIViewController: UIAppearanceContainer {}

/// The coder a proxy is made with (the views' `init(coder:)` reads nothing from it).
final class AppearanceProxyCoder: NSCoder {}

/// Every proxy and what has been set on them.
@MainActor
enum AppearanceRegistry {
    struct Scope: Hashable {
        let type: ObjectIdentifier
        let containers: [ObjectIdentifier]
    }

    struct Setting {
        let scope: Scope
        let containers: [any UIAppearanceContainer.Type]
        let classType: AnyClass
        let key: Int
        let order: Int
        let apply: @MainActor (UIView) -> Void
    }

    static var proxies: [Scope: UIView] = [:]
    static var settings: [Setting] = []
    private static var counter = 0
    /// While a proxy's values are being applied (they are not the instance's own).
    static var applying = false

    /// Forgets every proxy (tests: each starts with none).
    static func reset() {
        proxies = [:]
        settings = []
    }

    static func record(_ scope: Scope, containers: [any UIAppearanceContainer.Type], key: Int,
                       apply: @escaping @MainActor (UIView) -> Void) {
        guard let proxy = proxies[scope] else { return }
        counter += 1
        // A later value for the same property of the same proxy replaces the earlier one.
        settings.removeAll { $0.scope == scope && $0.key == key }
        settings.append(Setting(scope: scope, containers: containers, classType: type(of: proxy), key: key, order: counter,
                                apply: apply))
    }

    /// The depth of `type` below UIView (how specific a proxy's class is).
    private static func depth(_ type: AnyClass) -> Int {
        var d = 0
        var t: AnyClass? = type
        while let c = t, c != UIView.self { d += 1; t = _getSuperclass(c) }
        return d
    }

    /// Whether `view` sits inside instances of `containers`, outermost first (each found further out than the next).
    private static func isContained(_ view: UIView, in containers: [any UIAppearanceContainer.Type]) -> Bool {
        guard !containers.isEmpty else { return true }
        var remaining = containers[...]
        var responder: UIResponder? = view.next
        while let r = responder, let innermost = remaining.last {
            if type(of: r) == innermost || isKind(r, of: innermost) { remaining = remaining.dropLast() }
            if remaining.isEmpty { return true }
            responder = r.next
        }
        return remaining.isEmpty
    }

    private static func isKind(_ object: AnyObject, of type: any UIAppearanceContainer.Type) -> Bool {
        var t: AnyClass? = Swift.type(of: object)
        while let c = t {
            if ObjectIdentifier(c) == ObjectIdentifier(type) { return true }
            t = _getSuperclass(c)
        }
        return false
    }

    static func apply(to view: UIView) {
        let matching = settings.filter { setting in
            isKind(view, of: setting.classType as! any UIAppearanceContainer.Type) && !view.setsAppearance(setting.key)
                && isContained(view, in: setting.containers)
        }
        // General first, specific last (the last applied wins): by class depth, then by containers, then by order.
        let ordered = matching.sorted { a, b in
            let da = depth(a.classType), db = depth(b.classType)
            if da != db { return da < db }
            if a.containers.count != b.containers.count { return a.containers.count < b.containers.count }
            return a.order < b.order
        }
        guard !ordered.isEmpty else { return }
        applying = true
        defer { applying = false }
        for setting in ordered { setting.apply(view) }
    }
}
