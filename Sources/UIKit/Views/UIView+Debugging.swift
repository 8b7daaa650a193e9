import CoreGraphics

/// The seeds' "Debugging Views": "You should not set the opaque property to YES if your view has an alpha
/// value of less than 1.0." Views that might be in that state are checked at the next frame (so setting both
/// properties in either order in one turn does not warn), and each view warns at most once.
@MainActor
enum OpacityCheck {
    private struct Weak { weak var view: UIView? }
    private static var pending: [Weak] = []
    /// Warnings printed so far (for tests).
    static var warnings: [String] = []

    static func queue(_ view: UIView) {
        guard !view.warnedOpaqueWithAlpha else { return }
        pending.append(Weak(view: view))
        FrameRequest.note()
    }

    static var hasPending: Bool { !pending.isEmpty }

    static func run() {
        guard !pending.isEmpty else { return }
        for entry in pending {
            guard let v = entry.view, !v.warnedOpaqueWithAlpha, v.isOpaque, v.alpha < 1 else { continue }
            v.warnedOpaqueWithAlpha = true
            let message = "vitrine: \(v.description) is opaque with alpha \(v.alpha); set isOpaque = false for views that are not fully opaque"
            warnings.append(message)
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
        pending.removeAll(keepingCapacity: true)
    }
}
