import Glibc

/// An output in memory: a frame buffer tests and tools can read.
///
/// It is a display as UIKit sees a panel: given a refresh rate and the run loop, presented frames reach it at
/// its next refresh on the loop's clock and each is reported to the flip observers (with a `ManualClock`, a test
/// steps through them); `releaseDisplay()`, `acquireDisplay()` and `loseDisplay(_:)` do what a VT switch and an
/// unplugged device do to a panel. Without a refresh rate (the default) a frame is shown as soon as it is
/// presented and no flips are reported.
@MainActor
public final class HeadlessOutput: DisplayOutput, MemoryBackedOutput {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let pixels: UnsafeMutableRawPointer
    /// A copy of the shown pixels, premultiplied ARGB32, `pixelWidth * 4` bytes a row.
    public var frameBuffer: [UInt8] { Array(UnsafeRawBufferPointer(start: pixels, count: byteCount)) }
    /// Frames presented so far, and the damage of the last one.
    @exclusivity(unchecked) public private(set) var presentedFrames = 0
    @exclusivity(unchecked) public private(set) var lastDamage: [PixelRect] = []
    private var byteCount: Int { pixelWidth * pixelHeight * 4 }

    /// A picture in memory, not a display anyone looks at.
    public var isPhysical: Bool { false }
    public let refreshRate: Double?
    /// Upright.
    public var rotation: Int { 0 }
    public var connectorName: String? { nil }
    public private(set) var flipCount = 0
    public var onLost: (@MainActor (String) -> Void)?
    /// While released (a VT switch away) or lost: frames are not shown.
    public private(set) var isReleased = false
    /// Whether `restore()` has been called.
    public private(set) var isRestored = false

    private let loop: EventLoop?
    private var flipTimer: EventLoopTimer?
    /// A frame presented while the previous one waits for its refresh: it is shown at the refresh after.
    private var anotherFlipWanted = false
    private var lost = false
    private var flipObservers: [@MainActor () -> Void] = []
    private var activityObservers: [@MainActor (Bool) -> Void] = []

    /// A `pixelWidth` x `pixelHeight` frame buffer. With `refreshRate` (hertz) and `loop`, frames are shown at
    /// refreshes on the loop's clock and reported as flips.
    public init(pixelWidth: Int, pixelHeight: Int, refreshRate: Double? = nil, loop: EventLoop? = nil) {
        precondition(pixelWidth > 0 && pixelHeight > 0, "HeadlessOutput needs a positive size")
        precondition(refreshRate == nil || (loop != nil && refreshRate! > 0), "a refresh rate needs a positive rate and a loop")
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.refreshRate = refreshRate
        self.loop = loop
        // Zeroed pages from the kernel: untouched rows cost nothing until drawn.
        guard let memory = calloc(pixelWidth * pixelHeight, 4) else { fatalError("no memory for a \(pixelWidth)x\(pixelHeight) frame buffer") }
        pixels = memory
    }

    isolated deinit {
        flipTimer?.invalidate()
        free(pixels)
    }

    /// Whether the display is "off": its frame buffer is black and frames are not shown.
    @exclusivity(unchecked) public private(set) var isPoweredDown = false

    /// Off: the frame buffer goes black, as a panel does. On: frames show again (the caller repaints).
    @discardableResult
    public func setDisplayPower(_ on: Bool) -> Bool {
        isPoweredDown = !on
        if !on { pixels.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount) }
        return true
    }

    public func present(pixels: UnsafeRawPointer, bytesPerRow: Int, damage: [PixelRect]) {
        guard !isPoweredDown, !isReleased else { return }
        // Composited into `self.pixels` already (see MemoryBackedOutput) unless a caller composed elsewhere.
        if pixels != UnsafeRawPointer(self.pixels) {
            let streaming = FrameCopy.streams(damage)
            for r in damage {
                FrameCopy.copy(r, from: pixels, bytesPerRow: bytesPerRow, to: self.pixels, destinationBytesPerRow: pixelWidth * 4,
                               streaming: streaming)
            }
        }
        presentedFrames += 1
        // Copied into a buffer of its own: holding the caller's would make it allocate a new one next frame.
        lastDamage.removeAll(keepingCapacity: true)
        lastDamage.append(contentsOf: damage)
        scheduleFlip()
    }

    // MARK: Flips

    public func addFlipObserver(_ body: @escaping @MainActor () -> Void) { flipObservers.append(body) }

    /// The frame reaches the display at the next refresh; one presented meanwhile goes at the refresh after.
    private func scheduleFlip() {
        guard let refreshRate, let loop else { return }
        if let flipTimer, flipTimer.isValid { anotherFlipWanted = true; return }
        if let flipTimer {
            loop.reschedule(flipTimer, after: 1 / refreshRate)
        } else {
            flipTimer = loop.schedule(after: 1 / refreshRate) { [weak self] _ in self?.flipCompleted() }
        }
    }

    private func flipCompleted() {
        guard !isReleased, !isRestored else { return }
        flipCount += 1
        for observer in flipObservers { observer() }
        if anotherFlipWanted {
            anotherFlipWanted = false
            scheduleFlip()
        }
    }

    // MARK: The display's life

    public func addActivityObserver(_ body: @escaping @MainActor (Bool) -> Void) { activityObservers.append(body) }

    /// What a VT switch away does to a panel: frames stop reaching the display; the observers hear `false`.
    public func releaseDisplay() {
        guard !isReleased, !lost else { return }
        isReleased = true
        flipTimer?.invalidate()
        anotherFlipWanted = false
        for observer in activityObservers { observer(false) }
    }

    /// What switching back does: frames are shown again; the observers hear `true`.
    public func acquireDisplay() {
        guard isReleased, !lost else { return }
        isReleased = false
        for observer in activityObservers { observer(true) }
    }

    /// What an unplugged display does: nothing is shown any more, and `onLost` hears `reason`, once.
    public func loseDisplay(_ reason: String) {
        guard !lost else { return }
        lost = true
        isReleased = true
        flipTimer?.invalidate()
        onLost?(reason)
    }

    public func restore() {
        isRestored = true
        flipTimer?.invalidate()
    }
}
