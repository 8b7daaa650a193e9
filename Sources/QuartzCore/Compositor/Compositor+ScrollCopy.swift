import CCairo
import CPixman
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

// Scrolling without repainting: a layer whose content only moved (a scroll view's content) has last frame's pixels
// moved within the shadow buffer, and only what the move exposes is painted.
extension Compositor {
    /// Moves last frame's pixels of a scrolled layer's content to where they are now (rows in the order that does
    /// not overwrite what is still to be copied).
    func copyWithinShadow(_ b: Blit) {
        let surface = shadow.cairoSurfaceForDirectDrawing
        cairo_surface_flush(surface)
        let base = shadow.data!, stride = shadow.bytesPerRow
        let r = b.region
        for i in 0..<r.height {
            let y = b.dy > 0 ? r.maxY - 1 - i : r.y + i
            memmove(base + y * stride + r.x * 4, base + (y - b.dy) * stride + (r.x - b.dx) * 4, r.width * 4)
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }

    /// Whether `layer` (walked now, with `v`, `toDevice`, the clip `clip` it is shown in, and last frame's
    /// `record`) only scrolled its content by whole device pixels in a way a copy of last frame's pixels can show:
    /// a layer that masks to its square bounds, painted opaque over all of them (an opaque background, no
    /// contents or border), not faded, with nothing painted after it over it, whose only change is its bounds'
    /// origin. Registers the blit (the pixels inside the layer that stay on screen) and damages what the copy
    /// cannot give: the newly exposed strips and the partly covered pixels at the layer's edges.
    func beginBlitIfScrolled(_ layer: CALayer, _ v: borrowing CALayerRenderValues, toDevice: CGAffineTransform,
                                     opacity: Float, clip: CGRect?, snapshot: Snapshot, rect: PixelRect, record: Record,
                                     damage: inout DamageRegion) -> Bool {
        guard Self.copiesScrolledContent, blit == nil, !insideBlit, !needsFullFrame, v.masksToBounds, v.cornerRadius == 0, opacity * v.opacity >= 1,
              v.transition == nil, v.contents == nil, (v.backgroundColor?.alpha ?? 0) >= 1,
              v.borderWidth == 0 || (v.borderColor?.alpha ?? 0) == 0, toDevice.isRectilinear, layer.redrawnRect == nil else { return false }
        let old = record.snapshot
        guard old.toDevice.a == toDevice.a, old.toDevice.b == toDevice.b, old.toDevice.c == toDevice.c, old.toDevice.d == toDevice.d,
              old.bounds.size == snapshot.bounds.size, old.bounds.origin != snapshot.bounds.origin else { return false }
        // (What it paints, in its own coordinates, moved with its bounds.)
        let shift = CGPoint(x: snapshot.bounds.minX - old.bounds.minX, y: snapshot.bounds.minY - old.bounds.minY)
        var same = old
        same.bounds = snapshot.bounds
        same.toDevice = snapshot.toDevice
        same.painted = old.painted.offsetBy(dx: shift.x, dy: shift.y)
        guard same == snapshot else { return false }
        let fx = toDevice.tx - old.toDevice.tx, fy = toDevice.ty - old.toDevice.ty
        guard fx == fx.rounded(), fy == fy.rounded(), abs(fx) < 1e6, abs(fy) < 1e6 else { return false }
        let deviceBounds = snapshot.bounds.applying(toDevice)
        guard deviceBounds == old.bounds.applying(old.toDevice) else { return false }
        let shown = PixelRect(inside: clip.map { deviceBounds.intersection($0) } ?? deviceBounds).intersection(damage.bounds)
        let dx = Int(fx), dy = Int(fy)
        guard abs(dx) < shown.width, abs(dy) < shown.height else { return false }
        // Nothing painted after the layer may lie over it: its pixels would move with the copy.
        guard !laterRootsExtent.intersects(shown) else { return false }
        var child = layer
        while let parent = child.superlayer {
            var after = false
            for sibling in parent.storedSublayers {
                if sibling === child { after = true; continue }
                if after, sibling.subtreeLayerCount > 0, sibling.subtreeExtent.intersects(shown) { return false }
            }
            child = parent
        }
        let moved = shown.intersection(PixelRect(x: shown.x + dx, y: shown.y + dy, width: shown.width, height: shown.height))
        blit = Blit(region: moved, dx: dx, dy: dy)
        let exposed = shown.subtracting(moved), edges = rect.subtracting(shown)
        blitExposed.removeAll(keepingCapacity: true)
        func expose(_ r: PixelRect) {
            guard !r.isEmpty else { return }
            damage.add(r)
            blitExposed.append(r)
        }
        // (One call each, not a loop over an array literal: a scrolled frame allocates nothing.)
        expose(exposed.0); expose(exposed.1); expose(exposed.2); expose(exposed.3)
        expose(edges.0); expose(edges.1); expose(edges.2); expose(edges.3)
        return true
    }

    /// Under a blit: a layer that moved with the scrolled content exactly (by the blit's shift, nothing else
    /// changed) needs nothing painted; anything else is painted where it was and where it is (and, as all damage,
    /// where the copy put the pixels it had: `addBlitGhosts`).
    func addDamageUnderBlit(oldRect: PixelRect, moved: Bool, newRect: PixelRect, damage: inout DamageRegion) {
        guard !moved else { return }
        damage.add(oldRect)
        damage.add(newRect)
    }


    /// The copy moves every pixel of the blitted region's source, stale ones too: whatever is damaged this frame
    /// (a layer that changed, left, or did not move with the content; damage from before the walk) had pixels the
    /// copy carried to the damaged rectangle moved by the shift — paint there too. (The exposed strips' pixels are
    /// new: nothing was copied from them.)
    func addBlitGhosts(_ b: Blit, damage: inout DamageRegion) {
        var list = ghostScratch
        ghostScratch = []
        list.removeAll(keepingCapacity: true)
        list.append(contentsOf: damage.list)
        for d in list where !blitExposed.contains(where: { $0.contains(d) }) {
            damage.add(PixelRect(x: d.x + b.dx, y: d.y + b.dy, width: d.width, height: d.height).intersection(b.region))
        }
        ghostScratch = list
    }

    /// A damaged rectangle of more bytes than this (a quarter of the last-level cache, which also holds the stores
    /// painted from and the output copied to, and serves the other cores) is painted in bands of `bandBytes`, so
    /// that the layers painted over one another in it (background, buttons, text, glass) find its pixels still in
    /// the cache rather than in memory. Measured on the reference scene with a 32 MiB cache: a fifth less time at
    /// 2560x1600 (16 MB); no gain at 1280x800 or 1920x1080 (4 and 8 MB), where a band's extra pass over the tree
}
