import CCairo
import Foundation

/// A colour gradient: colours at locations from 0 to 1.
///
/// Porting note: Core Graphics takes the colours as a `CFArray`; Vitrine takes `[CGColor]` (write
/// `CGGradient(colorsSpace: space, colors: [c1, c2], locations: [0, 1])` without `as CFArray`).
public final class CGGradient: @unchecked Sendable {
    let stops: [(location: CGFloat, color: CGColor)]

    /// Colours spread evenly from 0 to 1 when `locations` is `nil`.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty, locations == nil || locations!.count == colors.count else { return nil }
        let locs = locations ?? colors.indices.map { colors.count == 1 ? 0 : CGFloat($0) / CGFloat(colors.count - 1) }
        stops = zip(locs, colors).map { ($0, $1) }
    }

    /// Components are red, green, blue, alpha per colour.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: [CGFloat], locations: [CGFloat]?, count: Int) {
        guard count > 0, components.count >= count * 4 else { return nil }
        let colors = (0..<count).map {
            CGColor(red: components[$0 * 4], green: components[$0 * 4 + 1], blue: components[$0 * 4 + 2], alpha: components[$0 * 4 + 3])
        }
        guard locations == nil || locations!.count >= count else { return nil }
        let locs = locations.map { Array($0.prefix(count)) }
        self.init(colorsSpace: space, colors: colors, locations: locs)
    }
}

extension CGContext {
    /// Fills the clip with a gradient along the line from `start` to `end`.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))!
        paintGradient(pattern, gradient, options) {
            // One-sided extension: clip away the half-plane beyond the end that must stay empty.
            let dx = end.x - start.x, dy = end.y - start.y
            let big: CGFloat = 1e6
            let n = CGPoint(x: -dy, y: dx) // along the gradient's boundary lines
            let len = hypot(dx, dy)
            guard len > 0 else { return }
            let ux = dx / len * big, uy = dy / len * big, nx = n.x / len * big, ny = n.y / len * big
            let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
            // Keep the band [start - (before ? big : 0), end + (after ? big : 0)] along the axis.
            let a = CGPoint(x: start.x - (before ? ux : 0), y: start.y - (before ? uy : 0))
            let b = CGPoint(x: end.x + (after ? ux : 0), y: end.y + (after ? uy : 0))
            move(to: CGPoint(x: a.x + nx, y: a.y + ny)); addLine(to: CGPoint(x: b.x + nx, y: b.y + ny))
            addLine(to: CGPoint(x: b.x - nx, y: b.y - ny)); addLine(to: CGPoint(x: a.x - nx, y: a.y - ny)); closePath()
            cairo_clip(cr)
        }
    }

    /// Fills the clip with a gradient between two circles.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let pattern = cairo_pattern_create_radial(Double(startCenter.x), Double(startCenter.y), Double(startRadius),
                                                  Double(endCenter.x), Double(endCenter.y), Double(endRadius))!
        paintGradient(pattern, gradient, options) {
            let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
            if !after {
                addArc(center: endCenter, radius: endRadius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
                closePath()
                cairo_clip(cr)
            }
            if !before && startRadius > 0 {
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                addRect(CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
                addArc(center: startCenter, radius: startRadius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
                closePath()
                cairo_clip(cr)
            }
        }
    }

    private func paintGradient(_ pattern: OpaquePointer, _ gradient: CGGradient, _ options: CGGradientDrawingOptions,
                               restrict: () -> Void) {
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, Double(stop.location), Double(c.red), Double(c.green),
                                              Double(c.blue), Double(c.alpha * state.alpha))
        }
        let both: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        cairo_pattern_set_extend(pattern, options.isEmpty ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD)
        withTemporaryPath {
            cairo_save(cr)
            if !options.isEmpty && options != both { restrict() }
            cairo_new_path(cr)
            cairo_set_source(cr, pattern)
            drawShadowed { cairo_paint(cr) }
            cairo_restore(cr)
        }
    }
}
