import CCairo
import Foundation

/// What a drawing call can touch, for ink tracking: the current path filled or stroked, a rectangle in user
/// space, or (when nothing better is known) everything inside the clip.
enum InkExtent {
    case fill, stroke, clip
    case rect(CGRect)
}

extension CGContext {
    /// Starts recording the device-space bounding box of what drawing calls touch (`inkBounds`), from nothing.
    /// Layers track their backing stores' ink so the compositor damages and composites only what was drawn.
    @_spi(VitrineInternals)
    public func beginInkTracking() {
        inkTracking = true
        inkBounds = nil
    }

    /// Stops recording and returns what was touched since `beginInkTracking()`, in device pixels (`nil`:
    /// nothing). Conservative: every pixel a call could change is inside it.
    @_spi(VitrineInternals)
    public func endInkTracking() -> CGRect? {
        inkTracking = false
        return inkBounds
    }

    /// Adds what a drawing call about to run can touch.
    func recordInk(_ extent: InkExtent) {
        guard inkTracking else { return }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let clip = deviceBox(x1, y1, x2, y2)
        var touched = clip
        // With a shadow the blur and offset reach past the shape: the clip is the honest bound then.
        if state.shadow == nil {
            switch extent {
            case .fill: cairo_fill_extents(cr, &x1, &y1, &x2, &y2); touched = deviceBox(x1, y1, x2, y2)
            case .stroke: cairo_stroke_extents(cr, &x1, &y1, &x2, &y2); touched = deviceBox(x1, y1, x2, y2)
            case let .rect(r): touched = deviceBox(Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
            case .clip: break
            }
            // A pixel of margin for antialiasing and rounding.
            touched = touched.insetBy(dx: -1, dy: -1).intersection(clip)
        }
        recordDeviceInk(touched)
    }

    /// Adds pixels a drawing call touched, known in device space (clipped already; null or empty: nothing).
    func recordDeviceInk(_ touched: CGRect) {
        guard inkTracking, !touched.isNull, !touched.isEmpty else { return }
        inkBounds = inkBounds.map { $0.union(touched) } ?? touched
    }

    /// The device-space bounding box of a user-space box.
    private func deviceBox(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CGRect {
        guard x2 > x1, y2 > y1 else { return .null }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (px, py) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var x = px, y = py
            cairo_user_to_device(cr, &x, &y)
            minX = Swift.min(minX, x); minY = Swift.min(minY, y); maxX = Swift.max(maxX, x); maxY = Swift.max(maxY, y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
