@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

// A layer's display: the display pass down the tree (only into subtrees with invalid content), and Core Animation's
// default content — a backing store drawn through `draw(in:)`, reused from frame to frame, opaque where the layer
// promises to cover its bounds, let go of when the layer turns out to draw nothing. (The overridable members —
// `display()`, `draw(in:)`, `setNeedsDisplay` — and the stored state are in CALayer.swift: a class's overridable
// members must be declared in the class.)
extension CALayer {
    /// Marks the way up from this layer, whose content (or something below it) is invalid: each ancestor flags its
    /// subtree and lists the layer below it in its display queue.
    func queueForDisplay() {
        FrameRequest.note()
        var child = self
        while let parent = child.superlayer {
            // A replicator draws its sublayers' content into its own: it is redrawn after them.
            if parent.flattensSublayers { parent.flattenedSublayersChanged() }
            if !child.isQueuedForDisplay {
                child.isQueuedForDisplay = true
                parent.displayQueue.append(child)
            }
            if parent.subtreeNeedsDisplay { return } // marked from here up already
            parent.subtreeNeedsDisplay = true
            child = parent
        }
    }

    /// The display pass for this subtree: redraws every layer whose content is invalid, parents before
    /// children, skipping hidden subtrees (they are redrawn when shown). Returns how many layers drew.
    @discardableResult
    package func displaySubtreeIfNeeded() -> Int {
        guard needsDisplay() || subtreeNeedsDisplay, !isHidden else { return 0 }
        var drawn = 0
        if needsDisplay() { display(); drawn += 1 }
        subtreeNeedsDisplay = false
        // The queue as it is now; layers marked while it is worked through (a drawing that invalidates another)
        // start a new one, for the next pass.
        var queue = spareDisplayQueue
        swap(&queue, &displayQueue)
        for sub in queue where sub.superlayer === self {
            sub.isQueuedForDisplay = false
            if sub.needsDisplay() || sub.subtreeNeedsDisplay { drawn += sub.displaySubtreeIfNeeded() }
        }
        queue.removeAll(keepingCapacity: true)
        spareDisplayQueue = queue
        return drawn
    }

    /// Redraws the invalid region into the backing store through `draw(in:)` (what `display()` does when the
    /// delegate does not display the layer itself). A layer that draws nothing — no delegate drawing, and a
    /// class whose `draw(in:)` is not overridden — gets no backing store.
    package func displayIntoBackingStore() {
        // The store covers the bounds, or what a class draws past them (a shape layer's path): `area`.
        let area = contentArea
        let dirty = invalidRect ?? area
        guard wantsBackingStore else { dropBackingStore(); return }
        let scale = rasterScale
        backingStoreScale = scale
        let pw = Int((area.width * scale).rounded(.up)), ph = Int((area.height * scale).rounded(.up))
        guard pw > 0, ph > 0 else { dropBackingStore(); return }
        var region = dirty
        var fresh = false
        let opaque = wantsOpaqueBackingStore
        if backingStore == nil || backingStoreFrame.map({ $0.origin != area.origin }) ?? (area.origin != bounds.origin)
            || backingStore!.width != pw || backingStore!.height != ph || opaque != backingStoreIsOpaque {
            backingStore = BackingStorePool.take(width: pw, height: ph, scale: scale)
                ?? CGContext.uikitBitmap(pixelWidth: pw, pixelHeight: ph, scale: scale)
            backingStoreIsOpaque = opaque
            region = area
            fresh = true
        }
        guard let ctx = backingStore else { return }
        backingStoreFrame = area == bounds ? nil : area
        ctx.beginInkTracking()
        ctx.saveGState()
        ctx.translateBy(x: -area.minX, y: -area.minY)
        ctx.clip(to: region)
        // Outside its ink the store is transparent already: only the old ink needs clearing.
        if clearsContextBeforeDrawing, !fresh, !backingStoreInk.isNull {
            ctx.clear(Self.storeRect(backingStoreInk, scale: scale, bounds: area).intersection(region))
        }
        rectBeingDrawn = region
        baseDrawReached = false
        draw(in: ctx)
        rectBeingDrawn = nil
        ctx.restoreGState()
        if opaque {
            // An opaque store has no transparent pixels: what the drawing left transparent is black, as in UIKit's
            // stores without alpha. Black goes *under* the drawing (the same pixels as drawing over black), so the
            // drawing itself still shows whether it drew anything.
            ctx.saveGState()
            ctx.translateBy(x: -area.minX, y: -area.minY)
            ctx.clip(to: region)
            ctx.setBlendMode(.destinationOver)
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            ctx.fill(region)
            ctx.restoreGState()
        }
        // Only a store drawn from empty tells whether this drawing draws (an older one may hold others' ink). Asked
        // while ink is still tracked: only the touched part is looked at.
        if fresh { learnWhetherClassDraws(ctx) }
        let drawnInk = ctx.endInkTracking() ?? .null
        // The store's ink now: the old (unless cleared) and the new. Recorded before the store may be let go of
        // below: the pool clears what this says was drawn before it hands the store to another layer.
        let storeRect = CGRect(x: 0, y: 0, width: pw, height: ph)
        let pixelRegion = CGRect(x: (region.minX - area.minX) * scale, y: (region.minY - area.minY) * scale,
                                 width: region.width * scale, height: region.height * scale).integral.intersection(storeRect)
        let oldInk = fresh ? CGRect.null : backingStoreInk
        let survivingInk = clearsContextBeforeDrawing && pixelRegion.contains(oldInk) ? CGRect.null : oldInk
        backingStoreInk = opaque ? storeRect : survivingInk.union(drawnInk.integral).intersection(storeRect)
        // The layer may only now know that it draws nothing (it learns it on its first draw).
        guard wantsBackingStore else { dropBackingStore(); return }
        // What changed: inside the redrawn region, the old ink (possibly cleared) and the new.
        let changedPixels = pixelRegion.intersection(oldInk.union(backingStoreInk))
        let changed = changedPixels.isNull ? CGRect(origin: region.origin, size: .zero)
            : Self.storeRect(changedPixels, scale: scale, bounds: area)
        // The backing store itself is the content (no copy): redraws show through it, as in Core Animation.
        if sharedContents == nil || contentsImage !== sharedContents {
            sharedContents = ctx.makeSharedImage(isOpaque: opaque)
            contents = sharedContents
            redrawnRect = area
        } else {
            // Same image, new pixels: tell the compositor where to look (see `redrawnRect`). Its ink is part of
            // the layer's render values, so a change of ink alone is seen too.
            queueForCompositor()
            redrawnRect = (redrawnRect.map { $0.union(changed) }) ?? changed
        }
    }

    /// A rectangle of a store's pixels (drawn at `scale` for a layer of `bounds`) in the layer's coordinates.
    static func storeRect(_ pixels: CGRect, scale: CGFloat, bounds: CGRect) -> CGRect {
        CGRect(x: pixels.minX / scale + bounds.minX, y: pixels.minY / scale + bounds.minY,
               width: pixels.width / scale, height: pixels.height / scale)
    }

    /// The inked part of the content image, in its pixels, when `contents` is the layer's own backing store (`nil`:
    /// the image is the app's, inked anywhere).
    var contentsInk: CGRect? {
        guard let image = contentsImage, image === sharedContents else { return nil }
        return backingStoreInk
    }

    /// Lets go of the backing stores of this layer and its sublayers, each to be drawn again when next displayed:
    /// what a memory warning does to a hidden window's layers (a hidden window is not displayed until shown).
    @_spi(VitrineInternals) public func discardBackingStores() {
        if backingStore != nil, dropBackingStore() { setNeedsDisplay() }
        for sublayer in storedSublayers { sublayer.discardBackingStores() }
    }

    /// Lets go of the backing store of a layer that does not draw. Content set by the app (`layer.contents =
    /// image` on a view without `draw(_:)`, as iOS apps do) stays; only the store's own image goes.
    /// Returns whether the store's own image was shown (and is now gone).
    @discardableResult
    func dropBackingStore() -> Bool {
        let drawn = sharedContents != nil && contentsImage === sharedContents
        backingStore = nil
        // The shared image is the store's pixels: holding it would keep the store's memory.
        sharedContents = nil
        if drawn { contents = nil }
        return drawn
    }

    /// Whether the backing store is opaque: the layer promises to cover its bounds (`isOpaque`, every view's
    /// default) and has no background of its own to show through. What its drawing leaves transparent is black
    /// (as on iOS, whose opaque stores have no alpha) and is copied to the screen instead of blended, and the
    /// layer hides what is below it. A layer with a background keeps a transparent store over that background.
    var wantsOpaqueBackingStore: Bool {
        isOpaque && (backgroundColor?.alpha ?? 0) == 0 && !drawsContentOfItsOwn && !flattensSublayers
    }
    /// A change of `isOpaque` or of the background can change which kind of store the layer needs.
    func opaqueStoreMayHaveChanged() {
        if backingStore != nil, wantsOpaqueBackingStore != backingStoreIsOpaque { setNeedsDisplay() }
    }

    /// Whether the layer keeps a backing store: its host (a view) says whether it draws; otherwise a layer
    /// with a delegate does (the delegate may draw in `draw(_:in:)`), and a layer without one does when its
    /// class overrides `draw(in:)` (learnt on its first display).
    var wantsBackingStore: Bool {
        // The layer classes' stores hold their own drawing (a replicator's, its sublayers' instances), whatever
        // their view draws.
        if drawsContentOfItsOwn || flattensSublayers && !storedSublayers.isEmpty { return true }
        if let host { return host.layerWantsBackingStore(self) }
        if delegate != nil { return true }
        return CALayer.classDraws[ObjectIdentifier(type(of: self))] ?? true
    }

    func learnWhetherClassDraws(_ ctx: CGContext) {
        guard delegate == nil else { return }
        let key = ObjectIdentifier(type(of: self))
        if CALayer.classDraws[key] == nil { CALayer.classDraws[key] = !baseDrawReached || ctx.hasInk }
    }
}

extension CALayer {
    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func baseRender(in ctx: CGContext) {
        ctx.withCairo { cr in Painter.render(self, cr) }
    }
}
