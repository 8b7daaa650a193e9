import CCairo
import CPixman
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

// The compositor's damage: each frame's walk of the changed layer trees, comparing what each layer shows now with
// what it showed last frame (its record), and the rectangles that must be painted again.
extension Compositor {
    /// A class, so a layer that is not on screen pays one pointer for it, and a frame updates it in place
    /// instead of allocating. (Main-actor state read and written for every layer a frame passes: not checked for
    /// overlapping accesses at run time.)
    final class Record {
        @exclusivity(unchecked) var snapshot: Snapshot
        @exclusivity(unchecked) var rect: PixelRect
        @exclusivity(unchecked) var toDevice: CGAffineTransform
        /// The pixels the layer hides completely (an opaque background or content, axis-aligned, not faded; with
        /// rounded corners, the part they do not cut into), if any.
        @exclusivity(unchecked) var occluder: PixelRect?
        /// What the layer handed its sublayers: their opacity and clip (with `toDevice`, their parent transform).
        @exclusivity(unchecked) var childOpacity: Float
        @exclusivity(unchecked) var childClip: CGRect?
        /// The layer's render values as this frame's walk saw them: the painter paints from them, and a layer
        /// revisited only because an ancestor moved (unchanged, not animating, not redrawn) keeps them.
        @exclusivity(unchecked) var values: CALayerRenderValues
        /// The part of `childClip` where a sublayer's pixels are shown whole: inside a rounded mask, a rectangle
        /// clear of its corners (an occluder may only count what is certainly on screen).
        @exclusivity(unchecked) var childOpaqueClip: CGRect?
        /// The superlayer's `childOpaqueClip` as the layer got it (its own clip is `snapshot.clip`).
        @exclusivity(unchecked) var opaqueClip: CGRect?
        /// How the painter puts the layer's own painting straight into the shadow buffer, when it can.
        @exclusivity(unchecked) var directPaint: Painter.DirectPaint?

        /// The compositor (screen) that showed the layer; weak, because a disconnected screen may go away before
        /// its layers do (it is read only for layers taken out of a tree, never per frame).
        weak var owner: Compositor?
        /// The owner's serial number: what the walk compares every frame (loading a weak reference takes the
        /// side-table path, retain and release included).
        let ownerSerial: UInt64

        init(owner: Compositor, values: CALayerRenderValues, snapshot: Snapshot, rect: PixelRect, toDevice: CGAffineTransform,
             occluder: PixelRect?, childOpacity: Float, childClip: CGRect?, childOpaqueClip: CGRect?, opaqueClip: CGRect?,
             directPaint: Painter.DirectPaint?) {
            self.owner = owner
            ownerSerial = owner.serial
            self.values = values
            self.snapshot = snapshot; self.rect = rect; self.toDevice = toDevice; self.occluder = occluder
            self.childOpacity = childOpacity; self.childClip = childClip; self.childOpaqueClip = childOpaqueClip
            self.opaqueClip = opaqueClip; self.directPaint = directPaint
        }

        /// Moves everything recorded in device pixels by `dx`, `dy` whole pixels, with `toDevice` the new transform.
        func move(dx: Int, dy: Int, toDevice: CGAffineTransform) {
            let fx = CGFloat(dx), fy = CGFloat(dy)
            self.toDevice = toDevice
            snapshot.toDevice = toDevice
            snapshot.clip = snapshot.clip?.offsetBy(dx: fx, dy: fy)
            rect.x += dx; rect.y += dy
            if occluder != nil { occluder!.x += dx; occluder!.y += dy }
            childClip = childClip?.offsetBy(dx: fx, dy: fy)
            childOpaqueClip = childOpaqueClip?.offsetBy(dx: fx, dy: fy)
            opaqueClip = opaqueClip?.offsetBy(dx: fx, dy: fy)
            directPaint = directPaint?.offsetBy(dx: dx, dy: dy)
        }
    }


    /// What a layer looks like on screen, apart from its content pixels.
    struct Snapshot: Equatable {
        var toDevice: CGAffineTransform
        var bounds: CGRect
        var opacity: Float
        var clip: CGRect?
        var background: CGColor?
        var cornerRadius: CGFloat
        var maskedCorners: CACornerMask
        var borderWidth: CGFloat
        var borderColor: CGColor?
        var masks: Bool
        var gravity: CALayerContentsGravity
        var contentsCenter: CGRect
        var hasContents: Bool
        /// Which image is shown (a replaced `contents` repaints the layer) and the part of the superlayer's space
        /// the layer paints in (content may spill past unmasked bounds).
        var contentsID: ObjectIdentifier?
        var painted: CGRect
        var contentsRect: CGRect
        var samplesNearest: Bool
        var shadowColor: CGColor?
        var shadowOpacity: Float
        var shadowOffset: CGSize
        var shadowRadius: CGFloat
        var shadowPath: ObjectIdentifier?
        /// A running transition's progress (every step repaints the layer's travel).
        var transitionProgress: CGFloat?

        /// Nothing of the layer's own shows: no visible background, contents, border, shadow or transition, and no
        /// rounded mask over its sublayers (their clip rectangles do not carry the corners).
        var paintsNothing: Bool {
            (background?.alpha ?? 0) == 0 && !hasContents && (borderWidth == 0 || (borderColor?.alpha ?? 0) == 0)
                && shadowColor == nil && transitionProgress == nil && !(masks && cornerRadius > 0)
        }

        /// Only a background colour shows (maybe rounded): no contents, border, shadow or transition.
        var isPlainFill: Bool {
            (background?.alpha ?? 0) > 0 && !hasContents && (borderWidth == 0 || (borderColor?.alpha ?? 0) == 0)
                && shadowColor == nil && transitionProgress == nil
        }
    }

    func walk(_ layer: CALayer, parent: CGAffineTransform, opacity: Float, clip: CGRect?, opaqueClip: CGRect?,
                      force: Bool, damage: inout DamageRegion) {
        let revisit = force || layer.appearanceChanged
        guard revisit || layer.subtreeChanged || layer.redrawnRect != nil else { return }
        // Visited only for something below it: the layer looks as it did, so what it hands its sublayers is what
        // it handed them last frame (no render values, no snapshot).
        // Only the sublayers that changed, or have changes below them, are visited (see `queuedSublayers`); the
        // subtree's extent is recomputed only if one of theirs moved.
        if !revisit, layer.redrawnRect == nil, let record = layer.compositorRecord, record.ownerSerial == serial {
            var extentsChanged = false
            for sub in layer.queuedSublayers where sub.superlayer === layer && !layer.flattensSublayers {
                let before = (sub.subtreeExtent, sub.subtreeLayerCount, sub.subtreeHasOccluder)
                walk(sub, under: record, force: false, damage: &damage)
                if before != (sub.subtreeExtent, sub.subtreeLayerCount, sub.subtreeHasOccluder) { extentsChanged = true }
            }
            layer.clearQueuedSublayers()
            if extentsChanged { updateSubtreeExtent(layer) }
            layer.clearChangeFlags()
            return
        }
        // From here every sublayer is visited (or the subtree forgotten): none stays queued.
        defer { layer.clearQueuedSublayers() }
        if !layer.appearanceChanged, layer.redrawnRect == nil, layer.animationEntries.isEmpty,
           let record = layer.compositorRecord, record.ownerSerial == serial {
            if moveWithAncestor(layer, record, parent: parent, opacity: opacity, clip: clip, opaqueClip: opaqueClip,
                                damage: &damage) { return }
            // Only an ancestor changed: the layer's own values are what they were. (The rest of the walk takes them
            // borrowed: fewer copies of a struct whose every copy retains its colours and images — the call still
            // makes one, reading them out of the record.)
            walk(layer, values: record.values, valuesKept: true, revisit: revisit, parent: parent, opacity: opacity,
                 clip: clip, opaqueClip: opaqueClip, damage: &damage)
        } else {
            walk(layer, values: layer.renderValues(), valuesKept: false, revisit: revisit, parent: parent,
                 opacity: opacity, clip: clip, opaqueClip: opaqueClip, damage: &damage)
        }
    }

    /// `walk` for a sublayer of the layer whose record (from this frame's walk, or kept) is `record`: what it hands
    /// its sublayers.
    func walk(_ sub: CALayer, under record: Record, force: Bool, damage: inout DamageRegion) {
        walk(sub, parent: record.toDevice, opacity: record.childOpacity, clip: record.childClip,
             opaqueClip: record.childOpaqueClip, force: force, damage: &damage)
    }

    /// `walk` for a layer whose own values are unchanged when all that changed above it is a move by whole device
    /// pixels that took its clips along (a container or scrolled content moved, nothing clipping it stayed behind):
    /// everything its record holds in device pixels moves by as many, and so does all of it below, down to layers
    /// that changed themselves (walked as usual). Returns false, having done nothing, when that is not the case.
    ///
    /// (What the full walk would work out again, from the same values, is the same geometry moved: pixel rectangles
    /// move exactly, and the clips compared here are the recorded ones moved.)
    func moveWithAncestor(_ layer: CALayer, _ record: Record, parent: CGAffineTransform, opacity: Float,
                                  clip: CGRect?, opaqueClip: CGRect?, damage: inout DamageRegion) -> Bool {
        let old = record.toDevice
        let toDevice = record.values.toSuperlayer.concatenating(parent)
        guard toDevice.a == old.a, toDevice.b == old.b, toDevice.c == old.c, toDevice.d == old.d,
              record.values.transition == nil, opacity * record.values.opacity == record.snapshot.opacity else { return false }
        let fx = toDevice.tx - old.tx, fy = toDevice.ty - old.ty
        guard fx == fx.rounded(), fy == fy.rounded(), abs(fx) < 1e7, abs(fy) < 1e7 else { return false }
        guard clip == record.snapshot.clip?.offsetBy(dx: fx, dy: fy),
              opaqueClip == record.opaqueClip?.offsetBy(dx: fx, dy: fy) else { return false }
        let dx = Int(fx), dy = Int(fy)
        if insideBlit, let b = blit {
            let oldRect = record.rect
            record.move(dx: dx, dy: dy, toDevice: toDevice)
            addDamageUnderBlit(oldRect: oldRect, moved: dx == b.dx && dy == b.dy, newRect: record.rect, damage: &damage)
        } else if dx != 0 || dy != 0 {
            damage.add(record.rect)
            record.move(dx: dx, dy: dy, toDevice: toDevice)
            damage.add(record.rect)
        }
        for sub in layer.compositedSublayers { walk(sub, under: record, force: true, damage: &damage) }
        updateSubtreeExtent(layer)
        layer.clearChangeFlags()
        return true
    }

    /// The rest of `walk` for a layer whose render values are `v` (`valuesKept`: its record's).
    func walk(_ layer: CALayer, values v: borrowing CALayerRenderValues, valuesKept: Bool, revisit: Bool,
                      parent: CGAffineTransform, opacity: Float, clip: CGRect?, opaqueClip: CGRect?,
                      damage: inout DamageRegion) {
        // A layer on an overlay plane is out of the frame, as a hidden one is (the plane shows it).
        if v.isHidden || v.opacity <= 0 || layer.isOnOverlayPlane {
            forgetSubtree(layer, into: &damage)
            layer.clearChangeFlags()
            return
        }
        defer { updateSubtreeExtent(layer) }
        let toDevice = v.toSuperlayer.concatenating(parent)
        let effective = opacity * v.opacity
        let deviceBounds = v.bounds.applying(toDevice)
        let painted = v.paintedRect
        let devicePainted = painted.applying(toDevice)
        var rect = PixelRect(covering: clip.map { devicePainted.intersection($0) } ?? devicePainted)
        if devicePainted.isNull || devicePainted.isEmpty { rect = PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let snapshot = Snapshot(toDevice: toDevice, bounds: v.bounds, opacity: effective, clip: clip,
                                background: v.backgroundColor, cornerRadius: v.cornerRadius, maskedCorners: v.maskedCorners,
                                borderWidth: v.borderWidth, borderColor: v.borderColor, masks: v.masksToBounds,
                                gravity: v.contentsGravity, contentsCenter: v.contentsCenter,
                                hasContents: v.contents != nil, contentsID: v.contents.map(ObjectIdentifier.init),
                                painted: painted, contentsRect: v.contentsRect, samplesNearest: v.samplesNearest,
                                shadowColor: v.shadowOpacity > 0 ? v.shadowColor : nil, shadowOpacity: v.shadowOpacity,
                                shadowOffset: v.shadowOffset, shadowRadius: v.shadowRadius,
                                shadowPath: v.shadowPath.map(ObjectIdentifier.init), transitionProgress: v.transition?.progress)
        var snapshotChanged = true
        // A shadow that is off (faded out, or shown only during a transition) lets go of its mask: up to a
        // screenful of alpha, kept otherwise for the layer's life. (If it comes back, the mask is made again.)
        if snapshot.shadowColor == nil, layer.shadowCache != nil { layer.shadowCache = nil }
        let directPaint = Painter.directPaint(layer, v, toDevice: toDevice)
        var startedBlit = false
        if let old = layer.compositorRecord, insideBlit, let b = blit {
            // Inside a scrolled layer whose content the blit moves.
            var shifted = old.snapshot
            shifted.toDevice.tx += CGFloat(b.dx); shifted.toDevice.ty += CGFloat(b.dy)
            snapshotChanged = old.snapshot != snapshot
            addDamageUnderBlit(oldRect: old.rect, moved: shifted == snapshot && layer.redrawnRect == nil, newRect: rect, damage: &damage)
        } else if let old = layer.compositorRecord, old.snapshot != snapshot,
                  beginBlitIfScrolled(layer, v, toDevice: toDevice, opacity: opacity, clip: clip, snapshot: snapshot, rect: rect,
                                      record: old, damage: &damage) {
            startedBlit = true
        } else if let old = layer.compositorRecord {
            if old.snapshot != snapshot {
                Self.addChangeDamage(from: old.snapshot, old.rect, to: snapshot, rect,
                                     paintedDirectly: old.directPaint != nil && directPaint != nil, into: &damage)
            } else {
                snapshotChanged = false
                if let redrawn = layer.redrawnRect {
                    // A shadow follows the content's shape: redrawn content may move it anywhere in its reach.
                    damage.add(v.hasShadow ? rect : PixelRect(covering: redrawn.applying(toDevice)).intersection(rect))
                }
            }
        } else {
            damage.add(rect)
        }
        var occluder: PixelRect?
        if effective >= 1, toDevice.isRectilinear, v.transition == nil, let covered = Self.covered(v, deviceBounds, toDevice) {
            // Only the pixels entirely inside the layer, and certainly not cut off by a rounded mask above, count.
            let inner = PixelRect(inside: covered)
            let visible = opaqueClip.map { inner.intersection(PixelRect(inside: $0)) } ?? inner
            if !visible.isEmpty { occluder = visible }
        }
        let childClip: CGRect? = v.masksToBounds ? (clip.map { deviceBounds.intersection($0) } ?? deviceBounds) : clip
        var childOpaqueClip = opaqueClip
        if v.masksToBounds {
            let shown = v.cornerRadius > 0 ? Self.squarePart(deviceBounds, radius: v.cornerRadius, toDevice) : deviceBounds
            childOpaqueClip = opaqueClip.map { shown.intersection($0) } ?? shown
        }
        if let record = layer.compositorRecord {
            // (Stored only when they differ: each is a struct of many references, and copying one retains them all.)
            if !valuesKept { record.values = copy v }
            if snapshotChanged { record.snapshot = snapshot }
            record.rect = rect; record.toDevice = toDevice; record.occluder = occluder
            record.childOpacity = effective; record.childClip = childClip; record.childOpaqueClip = childOpaqueClip
            record.opaqueClip = opaqueClip; record.directPaint = directPaint
        } else {
            layer.compositorRecord = Record(owner: self, values: copy v, snapshot: snapshot, rect: rect, toDevice: toDevice, occluder: occluder,
                                            childOpacity: effective, childClip: childClip, childOpaqueClip: childOpaqueClip,
                                            opaqueClip: opaqueClip, directPaint: directPaint)
        }
        layer.clearRedrawnRect()
        if startedBlit { insideBlit = true }
        for sub in layer.compositedSublayers {
            walk(sub, parent: toDevice, opacity: effective, clip: childClip, opaqueClip: childOpaqueClip, force: revisit,
                 damage: &damage)
        }
        if startedBlit { insideBlit = false }
        layer.clearChangeFlags()
    }

    /// Damages what a change of a layer's own appearance (`old` shown in `oldRect`, `new` to be shown in `newRect`)
    /// can alter: both rectangles, or less where most of their pixels cannot change —
    /// - a layer that paints nothing itself (a container, moved or resized: its sublayers damage their own places);
    /// - a plain fill (a background colour, maybe rounded; no contents, border or shadow) painted without cairo
    ///   (`paintedDirectly`, then and now) whose edges moved under the same colour, radius and scale: the pixels a
    ///   moved edge (and its corners) can reach, across the fill — a slider's track growing at one end repaints
    ///   that end, not the track. (Not a fill cairo paints: cairo's coverage of a pixel can differ by a level with
    ///   the clip around it, and the bands would cut the rectangles of what lies under the fill where a full
    ///   repaint does not.)
    static func addChangeDamage(from old: Snapshot, _ oldRect: PixelRect, to new: Snapshot, _ newRect: PixelRect,
                                paintedDirectly: Bool, into damage: inout DamageRegion) {
        if old.paintsNothing && new.paintsNothing { return }
        guard paintedDirectly, let bands = movedEdgeBands(from: old, to: new) else {
            damage.add(oldRect)
            damage.add(newRect)
            return
        }
        let reach = oldRect.union(newRect)
        let banded = (bands.0.intersection(reach).area + bands.1.intersection(reach).area + bands.2.intersection(reach).area
                      + bands.3.intersection(reach).area)
        // (A fill moved far, or by as much as its size, is less as its two places.)
        guard banded < oldRect.area + newRect.area else {
            damage.add(oldRect)
            damage.add(newRect)
            return
        }
        // (Four calls, not a loop over an array: a frame allocates nothing.)
        damage.add(bands.0.intersection(reach)); damage.add(bands.1.intersection(reach))
        damage.add(bands.2.intersection(reach)); damage.add(bands.3.intersection(reach))
    }

    /// For `addChangeDamage`: the bands around the edges of a plain fill that moved (device pixels; empty for an
    /// edge that stayed — left, right, top, bottom), or nil when the
    /// change is not only that — or when an edge comes close enough to the opposite one for a pixel's coverage to
    /// depend on both (a fill narrower than its corners and a few pixels), or the radius is clamped differently.
    static func movedEdgeBands(from old: Snapshot, to new: Snapshot) -> (PixelRect, PixelRect, PixelRect, PixelRect)? {
        guard old.isPlainFill, new.isPlainFill, old.background == new.background, old.cornerRadius == new.cornerRadius,
              old.maskedCorners == new.maskedCorners,
              old.opacity == new.opacity, old.clip == new.clip, old.masks == new.masks,
              old.toDevice.a == new.toDevice.a, old.toDevice.b == new.toDevice.b,
              old.toDevice.c == new.toDevice.c, old.toDevice.d == new.toDevice.d, new.toDevice.isRectilinear else { return nil }
        let o = old.bounds.applying(old.toDevice), n = new.bounds.applying(new.toDevice)
        let t = new.toDevice
        let scale = Swift.max(abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let r = Swift.min(old.cornerRadius * scale, o.width / 2, o.height / 2)
        guard r == Swift.min(new.cornerRadius * scale, n.width / 2, n.height / 2) else { return nil }
        // Beyond this distance from an edge, a pixel's coverage no longer depends on where the edge is (the corner
        // blocks reach r plus the partly covered pixel; the fill's edges are placed to a sixteenth of a pixel).
        let reach = r.rounded(.up) + 2
        let xMoved = o.minX != n.minX || o.maxX != n.maxX, yMoved = o.minY != n.minY || o.maxY != n.maxY
        if xMoved && Swift.min(o.width, n.width) < 2 * reach + 4 { return nil }
        if yMoved && Swift.min(o.height, n.height) < 2 * reach + 4 { return nil }
        let across = (min: Swift.min(o.minY, n.minY) - 2, max: Swift.max(o.maxY, n.maxY) + 2)
        let down = (min: Swift.min(o.minX, n.minX) - 2, max: Swift.max(o.maxX, n.maxX) + 2)
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        func vertical(_ a: CGFloat, _ b: CGFloat) -> PixelRect {
            guard a != b else { return none }
            return PixelRect(covering: CGRect(x: Swift.min(a, b) - reach, y: across.min,
                                              width: abs(a - b) + 2 * reach, height: across.max - across.min))
        }
        func horizontal(_ a: CGFloat, _ b: CGFloat) -> PixelRect {
            guard a != b else { return none }
            return PixelRect(covering: CGRect(x: down.min, y: Swift.min(a, b) - reach,
                                              width: down.max - down.min, height: abs(a - b) + 2 * reach))
        }
        return (vertical(o.minX, n.minX), vertical(o.maxX, n.maxX), horizontal(o.minY, n.minY), horizontal(o.maxY, n.maxY))
    }

    /// The part of `deviceBounds` (the layer's bounds under the rectilinear `toDevice`) that the layer's own
    /// painting hides whatever its opacity flag says: all of it under an opaque background with square corners or
    /// under opaque content filling the bounds (unless rounded corners mask it); the part no corner cuts into under
    /// an opaque background with rounded corners (a button: what is under its middle is never seen). Nil: none.
    static func covered(_ v: CALayerRenderValues, _ deviceBounds: CGRect, _ toDevice: CGAffineTransform) -> CGRect? {
        if let bg = v.backgroundColor, bg.alpha >= 1 {
            return v.cornerRadius > 0 ? squarePart(deviceBounds, radius: v.cornerRadius, toDevice) : deviceBounds
        }
        guard let image = v.contents, image.isOpaque, !(v.masksToBounds && v.cornerRadius > 0),
              v.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) else { return nil }
        return v.placedContents(image).contains(v.bounds) ? deviceBounds : nil
    }

    /// The larger of the two rectangles of `deviceBounds` (rounded by `radius` points, under the rectilinear
    /// `toDevice`) that no corner cuts into: the middle column at full height or the middle band at full width.
    /// (A sublayer under a rounded mask is cut off at the corners: it hides for certain only what lies in here.)
    static func squarePart(_ deviceBounds: CGRect, radius: CGFloat, _ toDevice: CGAffineTransform) -> CGRect {
        let scale = Swift.max(abs(toDevice.a), abs(toDevice.b), abs(toDevice.c), abs(toDevice.d))
        let r = Swift.min(radius * scale, deviceBounds.width / 2, deviceBounds.height / 2)
        let column = deviceBounds.insetBy(dx: r, dy: 0), band = deviceBounds.insetBy(dx: 0, dy: r)
        return column.width * column.height >= band.width * band.height ? column : band
    }

    /// Recomputes a visited layer's subtree extent from its own rectangle and its visible sublayers'.
    func updateSubtreeExtent(_ layer: CALayer) {
        guard let r = layer.compositorRecord else { return }
        var extent = r.rect, count = 1, occludes = r.occluder != nil
        // (A hidden or transparent sublayer has none: the walk forgot it. Its model values are not what counts — a
        // layer fading out to 0 is still on screen — and the painter and `collectOccluders` count the same way.)
        for sub in layer.compositedSublayers where sub.subtreeLayerCount > 0 {
            extent = extent.union(sub.subtreeExtent)
            count += sub.subtreeLayerCount
            occludes = occludes || sub.subtreeHasOccluder
        }
        layer.subtreeExtent = extent
        layer.subtreeLayerCount = count
        layer.subtreeHasOccluder = occludes
    }

    /// Damages where a subtree was and forgets it (removed or hidden).
    func forgetSubtree(_ layer: CALayer, into damage: inout DamageRegion) {
        if let old = layer.compositorRecord { damage.add(old.rect); layer.compositorRecord = nil }
        layer.subtreeLayerCount = 0
        layer.subtreeHasOccluder = false
        for sub in layer.compositedSublayers { forgetSubtree(sub, into: &damage) }
        layer.appearanceChanged = true // shown again later: composited afresh
    }
}
