import Foundation

/// Views off screen waiting to be handed out again, by reuse identifier: hidden, but still subviews of their list
/// (coming back costs no insertion into the layer tree).
@MainActor
struct ReuseQueues<View: UIView> {
    private var queues: [String: [View]] = [:]

    /// A view waiting under `identifier`, shown again, if there is one.
    mutating func take(_ identifier: String) -> View? {
        guard var queue = queues[identifier], let view = queue.popLast() else { return nil }
        queues[identifier] = queue
        view.isHidden = false
        return view
    }

    /// Puts `view` away under `identifier`, hidden.
    mutating func put(_ view: View, _ identifier: String) {
        view.isHidden = true
        queues[identifier, default: []].append(view)
    }
}
