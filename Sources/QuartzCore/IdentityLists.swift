// Lists of layers (and other objects) kept by identity: found without comparing or retaining their elements, and
// held weakly where a list must not keep its layers alive.

extension Array where Element: AnyObject {
    /// The index of `object` itself (identity, not equality), searching from both ends at once: the newest
    /// and oldest elements — the ones views and layers usually remove — are found in O(1). Compares identities
    /// without retaining each element.
    @_spi(VitrineInternals)
    public func indexOfIdentical(_ object: Element) -> Int? {
        let target = ObjectIdentifier(object)
        return withUnsafeBufferPointer { buf -> Int? in
            var lo = 0, hi = buf.count - 1
            while lo <= hi {
                if ObjectIdentifier(buf[hi]) == target { return hi }
                if ObjectIdentifier(buf[lo]) == target { return lo }
                lo += 1; hi -= 1
            }
            return nil
        }
    }
}

/// A weak reference to a layer (lists of layers that must not keep them alive).
@_spi(VitrineInternals) public struct WeakLayerReference {
    public weak var layer: CALayer?
    public init(layer: CALayer?) { self.layer = layer }
}
