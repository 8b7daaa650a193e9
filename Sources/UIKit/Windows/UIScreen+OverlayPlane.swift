@_spi(VitrineInternals) import CoreGraphics
import Foundation
@_spi(VitrineInternals) import QuartzCore
import VitrinePlatform

// Overlay planes (Vitrine; no iOS counterpart): a layer that sets `prefersOverlayPlane` — a video or camera picture
// the app replaces at its own rate — is scanned out on the display's overlay plane instead of being composited,
// when it qualifies: its contents an image exactly its size in pixels (no scaling), nothing but translation between
// it and the screen, fully opaque up the chain, no sublayers, corners, border, shadow or mask, no animation, not
// clipped by an ancestor, and nothing drawn over it (the plane lies above the whole frame). Then a new picture
// costs one copy of its pixels into the plane's buffer and no compositing, and the frame around it is untouched.
// Otherwise — or on an output without a free overlay plane — it is composited as any layer; the picture is the same.

extension UIScreen {
    /// Places (or takes off) the overlay-plane layer for the coming frame; before compositing, so that a layer put on
    /// the plane is left out of this very frame.
    func placeOverlay(_ windows: [UIWindow]) {
        guard let output = output as? OverlayPlaneOutput else { return }
        var placed = false
        for reference in CALayer.overlayCandidates {
            guard let layer = reference.layer else { continue }
            var onPlane = false
            if !placed, let (rect, image) = overlayPlacement(of: layer, windows: windows) {
                let contents = ObjectIdentifier(image)
                let changed = contents != overlayContents
                let shown = image.withPremultipliedPixels { pixels, stride in
                    output.showOverlay(pixels: pixels, bytesPerRow: stride, width: rect.width, height: rect.height,
                                       x: rect.x, y: rect.y, changed: changed)
                } ?? false
                if shown { overlayContents = contents; onPlane = true; placed = true }
            }
            if layer.isOnOverlayPlane != onPlane { layer.isOnOverlayPlane = onPlane }
        }
        if !placed, overlayContents != nil {
            overlayContents = nil
            output.hideOverlay()
        }
    }

    /// Where `layer` would go on the plane (device pixels) and its picture, if it qualifies.
    private func overlayPlacement(of layer: CALayer, windows: [UIWindow]) -> (PixelRect, CGImage)? {
        guard let image = layer.contents as? CGImage, layer.sublayers?.isEmpty ?? true, 
              layer.cornerRadius == 0, layer.borderWidth == 0, layer.shadowOpacity == 0, layer.opacity == 1, !layer.isHidden,
              layer.animationKeys() == nil else { return nil }
        // Its window, on this screen, and the way up to it: shown, opaque, unanimated, clipping nothing of it.
        var root = layer
        while let parent = root.superlayer {
            guard !parent.isHidden, parent.opacity == 1, parent.animationKeys() == nil else { return nil }
            root = parent
        }
        guard let index = windows.firstIndex(where: { $0.layer === root && $0.screen === self && !$0.isHidden }) else { return nil }
        let window = windows[index]
        // Only translation between the layer and the screen: a unit square stays a unit square.
        let toScreen = { (p: CGPoint) in layer.convert(p, to: root).applying(window.transformToScreen) }
        let o = toScreen(.zero), ex = toScreen(CGPoint(x: 1, y: 0)), ey = toScreen(CGPoint(x: 0, y: 1))
        guard abs(ex.x - o.x - 1) < 1e-6, abs(ex.y - o.y) < 1e-6, abs(ey.x - o.x) < 1e-6, abs(ey.y - o.y - 1) < 1e-6 else { return nil }
        let points = CGRect(origin: toScreen(layer.bounds.origin), size: layer.bounds.size)
        let pixels = CGRect(x: points.minX * scale, y: points.minY * scale, width: points.width * scale, height: points.height * scale)
        func whole(_ v: CGFloat) -> Bool { abs(v - v.rounded()) < 1e-3 }
        guard whole(pixels.minX), whole(pixels.minY), whole(pixels.width), whole(pixels.height),
              Int(pixels.width.rounded()) == image.width, Int(pixels.height.rounded()) == image.height else { return nil }
        // No ancestor clips it.
        var ancestor = layer.superlayer
        while let a = ancestor {
            if a.masksToBounds {
                let clip = CGRect(origin: toScreenOf(a, root: root, window: window), size: a.bounds.size)
                guard clip.contains(points), a.cornerRadius == 0 || clip.insetBy(dx: a.cornerRadius, dy: a.cornerRadius).contains(points) else { return nil }
            }
            ancestor = a.superlayer
        }
        // Nothing drawn over it: no later layer of its window, no later window, meets it.
        var passed = false
        guard !drawnOver(points, in: root, after: layer, passed: &passed, root: root, window: window) else { return nil }
        for later in windows[(index + 1)...] where later.screen === self && !later.isHidden {
            if later.frame.intersects(points) { return nil }
        }
        let rect = PixelRect(x: Int(pixels.minX.rounded()), y: Int(pixels.minY.rounded()),
                             width: image.width, height: image.height)
        return (rect, image)
    }

    /// The top-left corner of `layer`'s bounds on the screen.
    private func toScreenOf(_ layer: CALayer, root: CALayer, window: UIWindow) -> CGPoint {
        layer.convert(layer.bounds.origin, to: root).applying(window.transformToScreen)
    }

    /// Whether any layer painted after `target` (in `layer`'s subtree, in paint order) shows something over `rect`.
    private func drawnOver(_ rect: CGRect, in layer: CALayer, after target: CALayer, passed: inout Bool,
                           root: CALayer, window: UIWindow) -> Bool {
        if layer === target { passed = true; return false }
        guard !layer.isHidden, layer.opacity > 0 else { return false }
        if passed, layer.contents != nil || layer.backgroundColor != nil || layer.borderWidth > 0 || layer.shadowOpacity > 0 {
            let frame = layer.convert(layer.bounds, to: root).applying(window.transformToScreen)
            if frame.intersects(rect) { return true }
        }
        for sub in layer.sublayers ?? [] where drawnOver(rect, in: sub, after: target, passed: &passed, root: root, window: window) {
            return true
        }
        return false
    }
}
