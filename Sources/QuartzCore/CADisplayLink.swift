import Foundation

/// Calls its action once per frame, in step with the display (Core Animation's `CADisplayLink`): from the
/// panel's page-flip-paced frames, or a 60 Hz paced timer on a headless screen.
///
/// Swift on Linux has no selectors: where iOS writes `CADisplayLink(target: self, selector: #selector(step))`,
/// write `CADisplayLink(target: self, action: MyView.step)` (a method taking the link, or nothing).
@preconcurrency @MainActor
open class CADisplayLink: NSObject {
    /// The time of the last frame (media time, `CACurrentMediaTime()`).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time the next frame is expected on screen: draw for this time.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between frames at the display's rate.
    public private(set) var duration: CFTimeInterval = 1.0 / 60
    /// Whether the link is paused (it keeps its place in the run loop).
    public var isPaused = false {
        didSet { if !isPaused { CADisplayLink.wake?() } }
    }
    /// The rate the action would like, in frames per second; 0: the display's rate.
    public var preferredFramesPerSecond: Int = 0
    /// iOS 15's range form of the same (its `preferred` value is used).
    public var preferredFrameRateRange = CAFrameRateRange.default

    private weak var target: AnyObject?
    private let targetless: Bool
    private let call: @MainActor (AnyObject?, CADisplayLink) -> Void
    private var lastFired: CFTimeInterval?
    private var added = false

    /// A link that calls `action` (taking the link) on `target` (not retained… see below).
    public init<T: AnyObject>(target: T, action: @escaping (T) -> (CADisplayLink) -> Void) {
        self.target = target
        targetless = false
        call = { t, link in (t as? T).map { action($0)(link) } }
        // Core Animation retains the target until `invalidate()`; so does Vitrine.
        retainedTarget = target
    }

    /// A link that calls `action` (taking nothing) on `target`.
    public init<T: AnyObject>(target: T, action: @escaping (T) -> () -> Void) {
        self.target = target
        targetless = false
        call = { t, _ in (t as? T).map { action($0)() } }
        retainedTarget = target
    }

    /// A link that runs `handler`.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        targetless = true
        call = { _, link in handler(link) }
    }

    private var retainedTarget: AnyObject?

    /// Starts calling the action every frame (the run loop and mode are accepted for iOS code; frames come from
    /// the main run loop).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !added else { return }
        added = true
        CADisplayLink.links.append(self)
        CADisplayLink.wake?()
    }

    /// Stops calling the action (as taking the link off its only run loop does); `add(to:forMode:)` starts it again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        CADisplayLink.links.removeAll { $0 === self }
        added = false
    }

    /// Stops calling the action for good and lets go of the target.
    public func invalidate() {
        CADisplayLink.links.removeAll { $0 === self }
        retainedTarget = nil
        added = false
    }

    // MARK: The frame clock (UIKit's application drives it)

    @exclusivity(unchecked) private static var links: [CADisplayLink] = []
    /// Asks for frames (installed by the application: a link was added or unpaused).
    package static var wake: (@MainActor () -> Void)?

    /// Whether any link wants frames.
    package static var isActive: Bool {
        // (A loop, not `contains(where:)`: a main-actor closure handed to the standard library is checked for its
        // actor on every call, and every frame asks.)
        for link in links where !link.isPaused { return true }
        return false
    }

    /// Calls every unpaused link for the frame at `time`, shown at `target` (`interval` between frames).
    package static func fire(time: CFTimeInterval, target: CFTimeInterval, interval: CFTimeInterval) {
        for link in links where !link.isPaused {
            let wanted = link.preferredFramesPerSecond > 0 ? link.preferredFramesPerSecond
                : Int(link.preferredFrameRateRange.preferred ?? 0)
            // A lower preferred rate skips frames: fire when at least its period (less half a frame) has passed.
            if wanted > 0, let last = link.lastFired, time - last < 1.0 / Double(wanted) - interval / 2 { continue }
            link.lastFired = time
            link.timestamp = time
            link.targetTimestamp = target
            link.duration = interval
            link.call(link.target, link)
        }
    }
}

/// A range of frame rates (iOS 15).
public struct CAFrameRateRange: Equatable, Sendable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}
