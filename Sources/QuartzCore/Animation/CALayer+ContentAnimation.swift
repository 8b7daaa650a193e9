import CoreGraphics
import Foundation

// Properties of Core Animation's layer classes that animate by redrawing the layer's content (a gradient layer's
// `colors`, `locations`, `startPoint` and `endPoint`), unlike the properties every layer has, which the compositor
// animates from the render values. Each frame such an animation runs, the layer is redrawn with its values.

/// A layer class with properties of its own that animate (QuartzCore's layer classes).
@MainActor
protocol CALayerContentAnimating: CALayer {
    /// Whether `key` is one of the class's animatable content properties.
    static func isContentKey(_ key: String) -> Bool
    /// The model value of a content property, as animations read it.
    func modelContentValue(forKey key: String) -> AnimationValue?
    /// Sets a content property without actions (presentation copies).
    func setContentValue(_ value: AnimationValue, forKey key: String)
}

extension CALayer {
    /// The value a content property shows now: its running animations applied over the model value at the current
    /// media time (the frame's); `nil` when none animates it.
    func animatedContentValue(forKey key: String) -> AnimationValue? {
        guard !animationEntries.isEmpty, let layer = self as? any CALayerContentAnimating,
              let model = layer.modelContentValue(forKey: key) else { return nil }
        let now = localTime(fromGlobal: CACurrentMediaTime())
        var value: AnimationValue?
        for entry in animationEntries {
            if let v = entry.animation.contentValue(forKey: key, model: value ?? model, at: now) { value = v }
        }
        return value
    }

    /// A number content property as shown now (`model` when no animation moves it).
    func animatedContentNumber(_ key: String, _ model: CGFloat) -> CGFloat {
        if case let .number(v)? = animatedContentValue(forKey: key) { return CGFloat(v) }
        return model
    }

    /// A colour content property as shown now (`model` when no animation moves it).
    func animatedContentColor(_ key: String, _ model: CGColor?) -> CGColor? {
        if case let .color(c)? = animatedContentValue(forKey: key) { return c }
        return model
    }

    /// A content property changed from `old`: the content is drawn again, and the change runs its action.
    func contentPropertyDidChange(_ key: String, from old: Any) {
        setNeedsDisplay()
        propertyDidChange(key, from: old)
    }

    /// Whether one of the layer's animations animates a content property (the layer is redrawn each frame).
    var animatesContent: Bool {
        guard let type = type(of: self) as? any CALayerContentAnimating.Type else { return false }
        return animationEntries.contains { entry in entry.animation.animatedKeys.contains { type.isContentKey($0) } }
    }

    /// Gives a presentation copy the content values on screen now.
    func copyPresentationContent(to copy: CALayer) {
        guard let type = type(of: self) as? any CALayerContentAnimating.Type,
              let target = copy as? any CALayerContentAnimating else { return }
        for entry in animationEntries {
            for key in entry.animation.animatedKeys where type.isContentKey(key) {
                if let v = animatedContentValue(forKey: key) { target.setContentValue(v, forKey: key) }
            }
        }
    }
}

extension CAAnimation {
    /// The key paths this animation (or, for a group, its children) animates.
    var animatedKeys: [String] {
        if let group = self as? CAAnimationGroup { return (group.animations ?? []).flatMap(\.animatedKeys) }
        return (self as? CAPropertyAnimation)?.keyPath.map { [$0] } ?? []
    }
}
