import CoreGraphics

// Debug descriptions in UIKit's format:
//   <UIView: 0x55d0c8a0; frame = (10 10; 100 100); autoresize = W+H; tag = 3; backgroundColor = ...>
// and `recursiveDescription`, which indents each level with "   | ".
extension UIView {
    /// The description of this view and, indented below it, of its whole subtree, in the format of UIKit's
    /// debugging method `recursiveDescription` (there reached with `value(forKey:)`).
    public var recursiveDescription: String {
        var lines: [String] = []
        var stack: [(UIView, Int)] = [(self, 0)]
        while let (v, depth) = stack.popLast() {
            lines.append(String(repeating: "   | ", count: depth) + v.description)
            for s in v.subviews.reversed() { stack.append((s, depth + 1)) }
        }
        return lines.joined(separator: "\n")
    }

    func viewDescription() -> String {
        var parts = ["\(typeName(of: self)): \(addressString(of: self))"]
        let f = frame
        parts.append("frame = (\(g(f.minX)) \(g(f.minY)); \(g(f.width)) \(g(f.height)))")
        if !transform.isIdentity {
            let t = transform
            parts.append("transform = [\(g(t.a)), \(g(t.b)), \(g(t.c)), \(g(t.d)), \(g(t.tx)), \(g(t.ty))]")
        }
        if storedBounds.origin != .zero { parts.append("bounds origin = (\(g(storedBounds.minX)) \(g(storedBounds.minY)))") }
        if alpha != 1 { parts.append("alpha = \(g(alpha))") }
        if clipsToBounds { parts.append("clipsToBounds = YES") }
        if isHidden { parts.append("hidden = YES") }
        if !isOpaque { parts.append("opaque = NO") }
        if !autoresizingMask.isEmpty { parts.append("autoresize = \(autoresizingMask.debugName)") }
        if !isUserInteractionEnabled { parts.append("userInteractionEnabled = NO") }
        if tag != 0 { parts.append("tag = \(tag)") }
        if let backgroundColor { parts.append("backgroundColor = \(backgroundColor)") }
        parts.append("layer = <\(typeName(of: layer)): \(addressString(of: layer))>")
        return "<" + parts.joined(separator: "; ") + ">"
    }
}

extension UIView.AutoresizingMask {
    /// UIKit's spelling in descriptions: `LM+W+RM+TM+H+BM`.
    var debugName: String {
        let names: [(Self, String)] = [(.flexibleLeftMargin, "LM"), (.flexibleWidth, "W"), (.flexibleRightMargin, "RM"),
                                       (.flexibleTopMargin, "TM"), (.flexibleHeight, "H"), (.flexibleBottomMargin, "BM")]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}

/// `%g`, as UIKit formats geometry in descriptions.
private func g(_ v: CGFloat) -> String { String(format: "%g", Double(v)) }
