@_spi(VitrineInternals) import CoreGraphics
import Foundation
import ObjectiveC
import VitrinePlatform

/// The values the compositor shows for a layer: `CALayer.renderValues()` gives the model values with the
/// layer's animations applied at the current media time (the presentation values).
package struct CALayerRenderValues {
    package var bounds: CGRect
    package var position: CGPoint
    package var anchorPoint: CGPoint
    package var transform: CGAffineTransform
    package var opacity: Float
    package var isHidden: Bool
    package var masksToBounds: Bool
    package var backgroundColor: CGColor?
    package var cornerRadius: CGFloat
    /// The corners `cornerRadius` applies to.
    package var maskedCorners: CACornerMask = .all
    package var borderWidth: CGFloat
    package var borderColor: CGColor?
    package var isOpaque: Bool
    package var contents: CGImage?
    package var contentsScale: CGFloat
    package var contentsGravity: CALayerContentsGravity
    package var contentsCenter: CGRect
    package var contentsRect: CGRect
    /// Whether content is sampled from the nearest pixel (`.nearest` filters) rather than bilinearly.
    package var samplesNearest = false
    package var shadowColor: CGColor?
    package var shadowOpacity: Float
    package var shadowOffset: CGSize
    package var shadowRadius: CGFloat
    package var shadowPath: CGPath?
    /// A running `CATransition`'s state, if any.
    package var transition: TransitionState?
    /// When the contents are the layer's backing store: the part its drawing touched, in image pixels (the rest
    /// is transparent). `nil`: anywhere.
    package var contentsInk: CGRect?
    /// Where the layer's own backing store sits when its drawing reaches past its bounds (a shape layer's path):
    /// the store covers this rectangle, one to one. `nil`: the contents are placed by `contentsGravity`.
    package var contentsFrame: CGRect?

    /// Where the content image lands in the layer: its store's frame, or where the gravity places it in the bounds.
    @inline(__always)
    func placedContents(_ image: CGImage) -> CGRect {
        contentsFrame ?? contentsGravity.rect(forContentOfSize: contentPointSize(of: image), in: bounds)
    }

    /// What the layer paints of itself, in its own coordinates: its bounds and, unless it masks to them, where
    /// its content lands (an aspect-filled or centred image may spill past the bounds). A layer that paints only
    /// its backing store (no background or border) paints only the store's inked part.
    @inline(__always)
    package var ownPaintedRect: CGRect {
        guard let image = contents else { return bounds }
        let placed = placedContents(image)
        if let inked = inkedRect(of: image, placed: placed), (backgroundColor?.alpha ?? 0) == 0,
           borderWidth <= 0 || (borderColor?.alpha ?? 0) == 0 {
            let shown = masksToBounds ? inked.intersection(bounds) : inked
            return shown.isNull ? CGRect(origin: bounds.origin, size: .zero) : shown
        }
        return masksToBounds ? bounds : bounds.union(placed)
    }

    /// Where the inked part of `image` lands in the layer, when known and the whole image is shown.
    private func inkedRect(of image: CGImage, placed: CGRect) -> CGRect? {
        guard let ink = contentsInk, contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1),
              image.width > 0, image.height > 0 else { return nil }
        if ink.isNull { return .null }
        let sx = placed.width / CGFloat(image.width), sy = placed.height / CGFloat(image.height)
        return CGRect(x: placed.minX + ink.minX * sx, y: placed.minY + ink.minY * sy, width: ink.width * sx, height: ink.height * sy)
    }

    /// What the layer can paint, in its own coordinates: `ownPaintedRect`, its shadow's reach, and during a
    /// transition the path its old and new pictures travel.
    @inline(__always)
    package var paintedRect: CGRect {
        var r = ownPaintedRect
        if let shadow = shadowReach { r = r.union(shadow) }
        if let t = transition, t.travel != .zero {
            r = r.union(r.offsetBy(dx: t.travel.dx, dy: t.travel.dy)).union(r.offsetBy(dx: -t.travel.dx, dy: -t.travel.dy))
        }
        return r
    }

    /// Whether the layer shows a shadow.
    package var hasShadow: Bool { shadowOpacity > 0 && (shadowColor?.alpha ?? 0) > 0 && !isHidden }

    /// The part of the layer's space the shadow can darken (its shape, offset, grown by the blur's reach).
    @inline(__always)
    var shadowReach: CGRect? {
        guard hasShadow else { return nil }
        let shape = shadowPath?.boundingBox ?? ownPaintedRect
        guard !shape.isNull, !shape.isEmpty else { return nil }
        let reach = 3 * Swift.max(0, shadowRadius) + 2
        return shape.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height).insetBy(dx: -reach, dy: -reach)
    }

    /// The size in points the content image occupies before gravity places it: the `contentsRect` part of the
    /// image at `contentsScale`.
    func contentPointSize(of image: CGImage) -> CGSize {
        let s = contentsScale > 0 ? contentsScale : 1
        return CGSize(width: CGFloat(image.width) * contentsRect.width / s, height: CGFloat(image.height) * contentsRect.height / s)
    }

    /// The map from the layer's coordinates to its superlayer's.
    @inline(__always)
    package var toSuperlayer: CGAffineTransform {
        CALayer.superlayerTransform(bounds: bounds, position: position, anchorPoint: anchorPoint, transform: transform)
    }
}

extension CALayer {
    /// What the compositor shows for this layer now (the presentation values; see `CALayerRenderValues`).
    @preconcurrency @MainActor
    package func renderValues() -> CALayerRenderValues { animatedValues(modelRenderValues()) }

    /// The model values, without animations.
    func modelRenderValues() -> CALayerRenderValues {
        var v = CALayerRenderValues(bounds: bounds, position: position, anchorPoint: anchorPoint, transform: affineTransform(),
                            opacity: opacity, isHidden: isHidden, masksToBounds: masksToBounds,
                            backgroundColor: backgroundColor, cornerRadius: cornerRadius, borderWidth: borderWidth,
                            borderColor: borderColor, isOpaque: isOpaque, contents: contentsImage,
                            contentsScale: contentsImage != nil && contentsImage === sharedContents ? backingStoreScale : contentsScale,
                            contentsGravity: contentsGravity, contentsCenter: contentsCenter,
                            contentsRect: contentsRect, shadowColor: shadowColor, shadowOpacity: shadowOpacity,
                            shadowOffset: shadowOffset, shadowRadius: shadowRadius, shadowPath: shadowPath, transition: nil)
        v.contentsInk = contentsInk
        if contentsImage != nil, contentsImage === sharedContents { v.contentsFrame = backingStoreFrame }
        if !paintsItself {
            // Only the sublayers show (CATransformLayer): nothing of the layer's own, nor what flattening would do.
            v.backgroundColor = nil; v.borderWidth = 0; v.contents = nil; v.shadowOpacity = 0; v.masksToBounds = false
            v.isOpaque = false
        }
        v.maskedCorners = maskedCorners
        v.samplesNearest = magnificationFilter == .nearest && minificationFilter == .nearest
            || (magnificationFilter == .nearest || minificationFilter == .nearest) && nearestSamplingApplies()
        return v
    }
}

extension CALayer {
    /// With one filter `.nearest`: whether it is the one that applies — content drawn larger than its pixels
    /// (at the layer's content scale, before transforms) magnifies, smaller minifies.
    private func nearestSamplingApplies() -> Bool {
        guard let image = contentsImage, image.width > 0 else { return false }
        let enlarged = bounds.width * contentsScale > CGFloat(image.width) * contentsRect.width
        return enlarged ? magnificationFilter == .nearest : minificationFilter == .nearest
    }
}
