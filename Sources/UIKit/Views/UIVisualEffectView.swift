import CoreGraphics
import Foundation

/// An effect a `UIVisualEffectView` shows (UIKit's `UIVisualEffect`).
@preconcurrency @MainActor
open class UIVisualEffect: NSObject {
    public override init() { super.init() }
    /// The colour the effect's view is filled with (nil: none).
    var material: UIColor? { nil }
}

/// A frosted material (UIKit's `UIBlurEffect`).
///
/// Vitrine draws materials as iOS does with Reduce Transparency on (`UIAccessibility.isReduceTransparencyEnabled`):
/// a near-opaque fill of the material's colour, light or dark with the traits, rather than a blur of what is behind.
/// (A live blur would make everything under the view part of every frame's damage.)
@preconcurrency @MainActor
open class UIBlurEffect: UIVisualEffect {
    /// The materials (UIKit's `UIBlurEffect.Style`).
    public enum Style: Int, Sendable {
        case extraLight, light, dark
        case regular = 4, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The material's fill: (white level, alpha) in light and in dark appearance.
    static func fill(_ style: Style) -> (light: (CGFloat, CGFloat), dark: (CGFloat, CGFloat)) {
        switch style {
        case .extraLight: return ((0.98, 0.97), (0.98, 0.97))
        case .light: return ((0.97, 0.96), (0.97, 0.96))
        case .dark: return ((0.11, 0.96), (0.11, 0.96))
        case .regular, .systemMaterial: return ((0.96, 0.96), (0.14, 0.96))
        case .prominent, .systemThickMaterial: return ((0.94, 0.98), (0.16, 0.98))
        case .systemUltraThinMaterial: return ((0.97, 0.90), (0.12, 0.90))
        case .systemThinMaterial: return ((0.97, 0.93), (0.13, 0.93))
        case .systemChromeMaterial: return ((0.98, 0.98), (0.10, 0.98))
        case .systemUltraThinMaterialLight: return ((0.97, 0.90), (0.97, 0.90))
        case .systemThinMaterialLight: return ((0.97, 0.93), (0.97, 0.93))
        case .systemMaterialLight: return ((0.96, 0.96), (0.96, 0.96))
        case .systemThickMaterialLight: return ((0.94, 0.98), (0.94, 0.98))
        case .systemChromeMaterialLight: return ((0.98, 0.98), (0.98, 0.98))
        case .systemUltraThinMaterialDark: return ((0.12, 0.90), (0.12, 0.90))
        case .systemThinMaterialDark: return ((0.13, 0.93), (0.13, 0.93))
        case .systemMaterialDark: return ((0.14, 0.96), (0.14, 0.96))
        case .systemThickMaterialDark: return ((0.16, 0.98), (0.16, 0.98))
        case .systemChromeMaterialDark: return ((0.10, 0.98), (0.10, 0.98))
        }
    }

    override var material: UIColor? {
        let (light, dark) = Self.fill(style)
        return UIColor { traits in
            let (white, alpha) = traits.userInterfaceStyle == .dark ? dark : light
            return UIColor(white: white, alpha: alpha)
        }
    }
}

/// Content that takes on the colours of a material (UIKit's `UIVibrancyEffect`): with reduced transparency, as
/// Vitrine draws materials, the content shows in its own colours over the material.
@preconcurrency @MainActor
open class UIVibrancyEffect: UIVisualEffect {
    public let blurEffect: UIBlurEffect
    public let style: UIVibrancyEffectStyle

    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    public convenience init(blurEffect: UIBlurEffect) { self.init(blurEffect: blurEffect, style: .label) }
}

/// What vibrant content is (UIKit's `UIVibrancyEffectStyle`).
public enum UIVibrancyEffectStyle: Int, Sendable {
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}

/// A view showing a visual effect behind its `contentView` (UIKit's `UIVisualEffectView`): put subviews in
/// `contentView`, as UIKit asks. Setting `effect` inside an animation block fades the material in or out.
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    /// Where the view's content goes (adding subviews to the effect view itself is a mistake in UIKit too).
    public let contentView = UIView()

    /// The effect shown (nil: none; the content alone).
    open var effect: UIVisualEffect? { didSet { applyEffect() } }

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUp()
    }

    public override init(frame: CGRect) {
        effect = nil
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        effect = nil
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        isOpaque = false
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        applyEffect()
    }

    private func applyEffect() {
        backgroundColor = effect?.material
    }
}
