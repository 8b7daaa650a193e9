@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

extension PixelRect {
    /// The smallest pixel rectangle covering `r` (antialiased edges included).
    init(covering r: CGRect) {
        guard !r.isNull, !r.isInfinite else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
        let x1 = Int(r.maxX.rounded(.up)), y1 = Int(r.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// What of `self` lies outside `other`, as up to four rectangles (empty ones where nothing is left): the rows
    /// above and below `other`, then the parts to its left and right beside it.
    func subtracting(_ other: PixelRect) -> (PixelRect, PixelRect, PixelRect, PixelRect) {
        let cut = intersection(other)
        guard !cut.isEmpty else { return (self, PixelRect(x: 0, y: 0, width: 0, height: 0), PixelRect(x: 0, y: 0, width: 0, height: 0),
                                          PixelRect(x: 0, y: 0, width: 0, height: 0)) }
        return (PixelRect(x: x, y: y, width: width, height: cut.y - y),
                PixelRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY),
                PixelRect(x: x, y: cut.y, width: cut.x - x, height: cut.height),
                PixelRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height))
    }

    /// The largest pixel rectangle inside `r`.
    init(inside r: CGRect) {
        let x0 = Int(r.minX.rounded(.up)), y0 = Int(r.minY.rounded(.up))
        self.init(x: x0, y: y0, width: Int(r.maxX.rounded(.down)) - x0, height: Int(r.maxY.rounded(.down)) - y0)
    }
}

/// A frame's damage: rectangles clipped to the screen, overlapping ones merged; when they cover most of the
/// screen, the whole screen (one big copy beats many small ones).
struct DamageRegion {
    let bounds: PixelRect
    private(set) var list: [PixelRect] = []

    init(bounds: PixelRect) { self.bounds = bounds }

    /// A region that keeps its rectangles in `storage` (emptied first; its capacity is what is reused).
    init(bounds: PixelRect, storage: [PixelRect]) {
        self.bounds = bounds
        list = storage
        // (Already empty from `emptied()`: emptying a buffer still shared with the caller would copy it.)
        if !list.isEmpty { list.removeAll(keepingCapacity: true) }
    }

    /// The list's buffer, emptied, for the next frame's region.
    mutating func emptied() -> [PixelRect] {
        list.removeAll(keepingCapacity: true)
        let storage = list
        list = []
        return storage
    }

    mutating func add(_ r: PixelRect) {
        var rect = r.intersection(bounds)
        guard !rect.isEmpty else { return }
        // Already inside one (every add of a frame that moved everything, once the screen is in).
        for other in list where other.contains(rect) { return }
        // Merge with everything it overlaps, until nothing more overlaps, unless the rectangle around both would be
        // mostly pixels neither needs (a slider's long thin track crossing its thumb's square): then only the part
        // outside the other is added, in up to four pieces.
        var merged = true
        while merged {
            merged = false
            for (i, other) in list.enumerated() where other.intersects(rect) {
                let union = rect.union(other)
                let needed = rect.area + other.area - rect.intersection(other).area
                if union.area - needed > Self.toleratedWaste {
                    let pieces = rect.subtracting(other)
                    // (One at a time: an array of them would be allocated every frame.)
                    if !pieces.0.isEmpty { add(pieces.0) }
                    if !pieces.1.isEmpty { add(pieces.1) }
                    if !pieces.2.isEmpty { add(pieces.2) }
                    if !pieces.3.isEmpty { add(pieces.3) }
                    return
                }
                rect = union
                list.remove(at: i)
                merged = true
                break
            }
        }
        list.append(rect)
    }

    /// How many pixels a merge of two overlapping rectangles may add that neither needs: painting them costs less
    /// than another pass over the layer tree for a separate rectangle.
    static let toleratedWaste = 2048

    var rects: [PixelRect] {
        var copy = self
        copy.coalesce()
        return copy.list
    }

    /// When the rectangles cover most of the screen, or are many, replaces them with the one rectangle around
    /// them all (in place).
    mutating func coalesce() {
        var area = 0
        for r in list { area += r.area }
        guard !list.isEmpty, area * 2 > bounds.area || list.count > 32 else { return }
        var all = list[0]
        for r in list { all = all.union(r) }
        list.removeAll(keepingCapacity: true)
        list.append(all)
    }
}
