import CCairo
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

/// Backing stores that layers let go of (a view removed, a store replaced by one of another size), kept for a short
/// while for the next layer that needs a store of the same pixel size: when a screen of views gives way to another
/// laid out alike (a list's rows, a page of buttons), the new views' stores need only the old drawing's ink cleared
/// instead of new memory zeroed whole (a label's text covers a fifth of its store or less).
///
/// A store comes back empty, as a new one: its ink (every pixel any drawing touched, tracked by its context) is
/// cleared before it is handed out. Only stores nothing else holds are reused — an image of a store that someone
/// kept (a layer's `contents` read by the app, a transition's picture) keeps its pixels. The pool holds at most
/// `maximumBytes` and lets go of stores not taken within `maximumAge` seconds (checked every frame, and on the
/// application's timer when no frames come). Main actor only (a layer freed off the main thread hands its store over
/// through `giveFromAnyThread`).
@preconcurrency @MainActor
package enum BackingStorePool {
    private struct Entry {
        var surface: OpaquePointer
        var width: Int, height: Int
        /// Store pixels any drawing touched (whole pixels; null: none).
        var ink: CGRect
        var given: Double
        var bytes: Int { width * height * 4 }
    }

    /// The entries, oldest first.
    @exclusivity(unchecked) private static var entries: [Entry] = []
    @exclusivity(unchecked) private static var heldBytes = 0

    /// The most store memory kept (8 MiB unless a screen raised it to its own size: a screenful of labels and
    /// buttons has less store memory than the screen has pixels). 0 keeps nothing.
    package static var maximumBytes = 8 << 20 {
        didSet { trim(now: nil) }
    }
    /// How long a store is kept for reuse, in seconds (0: none is kept).
    package static var maximumAge = 2.0

    /// Stores kept now, and their bytes (tests, tools).
    package static var count: Int { entries.count }
    package static var bytes: Int { heldBytes }
    /// Stores handed out again so far (tests: that reuse happens).
    package private(set) static var reuses = 0

    /// Raises `maximumBytes` to at least `bytes` (a screen asks for its own pixel size).
    static func reserve(_ bytes: Int) {
        if maximumBytes < bytes { maximumBytes = bytes }
    }

    /// `give(_:ink:)` from a layer's `deinit`, which may run on any thread: at once on the main thread, else on the
    /// main queue (the store is the dying layer's alone, so it may cross threads).
    nonisolated static func giveFromAnyThread(_ store: CGContext, ink: CGRect) {
        nonisolated(unsafe) let store = store
        if Thread.isMainThread {
            MainActor.assumeIsolated { give(store, ink: ink) }
        } else {
            DispatchQueue.main.async { give(store, ink: ink) }
        }
    }

    /// Keeps `store`'s pixels for reuse. `ink`: the part of it any drawing touched, in its pixels.
    static func give(_ store: CGContext, ink: CGRect) {
        let surface = store.cairoSurfaceForDirectDrawing
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return }
        let entry = Entry(surface: cairo_surface_reference(surface), width: store.width, height: store.height,
                          ink: ink, given: now())
        entries.append(entry)
        heldBytes += entry.bytes
        trim(now: entry.given)
    }

    /// A store of `width` x `height` pixels, empty, with UIKit's drawing environment at `scale`; `nil` when none
    /// is kept.
    static func take(width: Int, height: Int, scale: CGFloat) -> CGContext? {
        while let i = entries.lastIndex(where: { $0.width == width && $0.height == height }) {
            let entry = entries.remove(at: i)
            heldBytes -= entry.bytes
            // Someone still holds an image of it: its pixels are theirs.
            guard cairo_surface_get_reference_count(entry.surface) == 1 else {
                cairo_surface_destroy(entry.surface)
                continue
            }
            reuses += 1
            return CGContext.uikitBitmap(reusing: entry.surface, clearing: entry.ink, scale: scale)
        }
        return nil
    }

    /// Lets go of stores kept longer than `maximumAge` (the compositor asks once a frame; the application, on a
    /// timer, when no frames come).
    package static func expire() {
        if !entries.isEmpty { trim(now: now()) }
    }

    /// Lets go of every kept store.
    package static func removeAll() {
        for e in entries { cairo_surface_destroy(e.surface) }
        entries.removeAll()
        heldBytes = 0
    }

    /// Seconds on the application's clock (its run loop's: the one its timers and animations keep).
    private static func now() -> Double { CAAnimationEngine.clock() }

    /// Drops the oldest entries past the byte limit, and (`now` given) those older than `maximumAge`.
    private static func trim(now: Double?) {
        var drop = 0
        var bytes = heldBytes
        while drop < entries.count,
              bytes > maximumBytes || now.map({ $0 - entries[drop].given >= maximumAge }) ?? false {
            bytes -= entries[drop].bytes
            cairo_surface_destroy(entries[drop].surface)
            drop += 1
        }
        if drop > 0 { entries.removeFirst(drop) }
        heldBytes = bytes
    }
}
