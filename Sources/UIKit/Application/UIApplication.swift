import CoreGraphics
import QuartzCore
import VitrinePlatform

/// The app: its windows, its delegate and the main run loop.
///
/// There is one application per process, `UIApplication.shared`. It owns the main `EventLoop`; at the end of
/// every turn of that loop it runs the layout pass over its windows (the frame's first step; display, composite
/// and present follow with the rendering work).
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The app's one instance.
    public static var shared: UIApplication {
        if let app = sharedApplication { return app }
        let app = UIApplication()
        sharedApplication = app
        return app
    }
    static var sharedApplication: UIApplication?

    /// The app's delegate. The application keeps it alive.
    open var delegate: (any UIApplicationDelegate)?

    /// The main run loop (Vitrine: UIKit keeps it behind `RunLoop.main`).
    public let runLoop: EventLoop

    /// The key window: the visible window that receives non-touch events.
    public internal(set) weak var keyWindow: UIWindow?

    /// Where the app is in its lifecycle (see UIApplication+Lifecycle.swift): `.active` from the end of launch (an
    /// application made without `UIApplicationMain`, as in tests, is active from the start).
    public internal(set) var applicationState: State = .active

    /// Background tasks begun and not ended (see UIApplication+Lifecycle.swift), and how many were begun.
    var openBackgroundTasks: Set<UIBackgroundTaskIdentifier> = []
    var backgroundTaskCount = 0

    /// The window scenes made so far, one per screen (see UIApplication+Scenes.swift).
    var scenes: [UIWindowScene] = []

    /// When the last memory warning was sent (run loop clock), and what watches for the next.
    var lastMemoryWarning: Double?
    var memoryPressureMonitor: MemoryPressureMonitor?

    /// Frames produced so far: turns of the run loop that had layout (later also drawing) to do.
    @exclusivity(unchecked) public private(set) var frameCount = 0

    private struct WindowEntry { weak var window: UIWindow? }
    @exclusivity(unchecked) private var windowEntries: [WindowEntry] = []
    private var nextOrderStamp = 0
    @exclusivity(unchecked) private var frameObservers: [@MainActor (UIApplication) -> Void] = []
    @exclusivity(unchecked) private var afterFrameActions: [@MainActor () -> Void] = []

    /// Creates the application with a run loop on the system's monotonic clock.
    public required override convenience init() {
        self.init(runLoop: EventLoop())
    }

    /// Creates the application on `runLoop` (Vitrine: a manual clock here gives deterministic tests).
    public init(runLoop: EventLoop) {
        self.runLoop = runLoop
        userInterfaceStyle = Self.styleFromEnvironment()
        super.init()
        UIColor.resolvesDark = userInterfaceStyle == .dark
        // (Through a box held as a constant: a `[weak self]` capture is a variable, and the closure checks its access
        // dynamically on every turn.)
        let frames = WeakApplication(self)
        runLoop.addEndOfTurnObserver { frames.application?.runFrameIfNeeded() }
        // Animations and display links run on this application's clock (a manual one in tests).
        CAAnimationEngine.clock = { [weak self] in self?.runLoop.clock.now ?? 0 }
        CADisplayLink.wake = { [weak self] in self?.requestNextFrame() }
        // `CATransaction.flush()` / an outermost `commit()` runs the frame now (the newest application's).
        CATransaction.setCommitHandler { [weak self] in self?.runFrameIfNeeded() }
    }

    /// A weak way to an application that its holder keeps as a constant.
    private final class WeakApplication {
        @exclusivity(unchecked) weak var application: UIApplication?
        init(_ application: UIApplication) { self.application = application }
    }

    /// Makes a new shared application on a headless `screen`, driven by `clock` (Vitrine: for tests and tools
    /// that need a fresh, deterministic app; windows of the previous one are no longer listed).
    @discardableResult
    public static func startHeadless(screen: UIScreen, clock: any LoopClock = ManualClock()) -> UIApplication {
        UIScreen.main = screen
        let app = UIApplication(runLoop: EventLoop(clock: clock))
        sharedApplication = app
        return app
    }

    /// The app's windows, back to front: by `windowLevel`, then by the order they were shown.
    open var windows: [UIWindow] {
        windowEntries.compactMap(\.window).sorted(by: Self.backToFront)
    }

    /// Window order: by level, then by when each was made visible.
    private static func backToFront(_ a: UIWindow, _ b: UIWindow) -> Bool {
        a.windowLevel != b.windowLevel ? a.windowLevel < b.windowLevel : a.orderStamp < b.orderStamp
    }

    // MARK: Events

    /// Touch delivery and gesture arbitration for this application.
    lazy var touchDelivery = TouchDelivery(application: self)
    /// Blanks the screens after the board's idle time (see `isIdleTimerDisabled`).
    lazy var idleTimer = IdleTimer(application: self)
    /// Input devices to events (touch frames, the pointer as a finger, keys through the layout).
    package lazy var input = InputRouter(application: self)
    /// The pointer a mouse or touchpad moves (on the cursor plane, or drawn).
    lazy var pointerCursor = PointerCursor(application: self)
    /// Text input: the first responder's keyboard (or input view) and the keyboard notifications.
    lazy var textInput = TextInputSystem(application: self)
    /// The screen reader, once turned on (see `startScreenReader()`).
    var screenReader: ScreenReader?
    /// Three fingers held for three seconds toggle the screen reader.
    lazy var accessibilityShortcut = AccessibilityShortcut(application: self)
    /// The UI-test agent, when `VITRINE_UI_AGENT` asks for one.
    var uiAgent: AccessibilityAgent?
    private var ignoringDepth = 0
    /// The panel's input devices (libinput), when the app runs on a panel.
    var inputSeat: InputSeat?
    var inputRecorder: InputRecorder?
    /// Why the main screen's display was lost for good, once it was (see `followDisplayLoss`).
    var displayLostReason: String?

    /// Dispatches an event to its windows: touches to the windows they began in, presses to the key window.
    /// Override to observe every event; call `super`.
    open func sendEvent(_ event: UIEvent) {
        if event.type == .presses {
            (keyWindow ?? windows.last(where: { !$0.isHidden }))?.sendEvent(event)
            return
        }
        var targets: [UIWindow] = []
        for touch in event.touchesInProgress where touch.phase != .stationary {
            if let w = touch.window, !targets.contains(where: { $0 === w }) { targets.append(w) }
        }
        for window in targets { window.sendEvent(event) }
    }

    /// Stops delivering touches that begin from now on until the matching `endIgnoringInteractionEvents()`
    /// (calls nest). Touches already in progress finish normally. (Deprecated in iOS 13, still honoured.)
    open func beginIgnoringInteractionEvents() { ignoringDepth += 1 }

    /// Ends one `beginIgnoringInteractionEvents()`.
    open func endIgnoringInteractionEvents() { ignoringDepth = max(0, ignoringDepth - 1) }

    /// Whether the app is ignoring touches.
    open var isIgnoringInteractionEvents: Bool { ignoringDepth > 0 }

    /// The app's light or dark style, which views and controllers inherit unless they override it: `light`, or
    /// `VITRINE_APPEARANCE` (light or dark), or the board's `appearance`; `setUserInterfaceStyle(_:)` changes it.
    public internal(set) var userInterfaceStyle: UIUserInterfaceStyle

    static func styleFromEnvironment() -> UIUserInterfaceStyle {
        switch VitrineSettings.current.appearance?.lowercased() {
        case "dark": return .dark
        case nil, "", "light": return .light
        case let other?:
            VitrineLog.logger("vitrine.uikit").error("VITRINE_APPEARANCE must be light or dark, got '\(other)'; using light")
            return .light
        }
    }

    /// The delegate, after the application in the responder chain.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// The end of the chain for presses: a Tab (Shift-Tab) that no responder took moves the keyboard to the next
    /// (previous) text input of the press's window, as iPadOS does with a hardware keyboard.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var rest = presses
        for press in presses {
            guard let key = press.key, key.keyCode == .keyboardTab, let window = press.window,
                  key.modifierFlags.intersection([.command, .control, .alternate]).isEmpty else { continue }
            rest.remove(press)
            let current = UIResponder.currentFirstResponder
            if let next = KeyDispatch.nextTextInput(after: current, in: window, backwards: key.modifierFlags.contains(.shift)) {
                next.becomeFirstResponder()
            }
        }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    /// Runs `body` once, after the next frame is drawn (or the next turn that draws nothing): what UIKit does
    /// when a transition's frame has been committed, such as `viewDidAppear`.
    func afterNextFrame(_ body: @escaping @MainActor () -> Void) {
        afterFrameActions.append(body)
        requestNextFrame()
    }

    func runAfterFrameActions() {
        guard !afterFrameActions.isEmpty else { return }
        let actions = afterFrameActions
        afterFrameActions = []
        for action in actions { action() }
    }

    /// Runs `body` after every frame (Vitrine: for tools and tests that wait for frames).
    public func addFrameObserver(_ body: @escaping @MainActor (UIApplication) -> Void) {
        frameObservers.append(body)
    }

    // MARK: Settings, scenes and background tasks (UIFontMetrics.swift, UIView+AutoLayout.swift, IdleTimer.swift,
    // UIApplication+Scenes.swift, UIApplication+Lifecycle.swift), open as UIKit's are

    /// The reader's preferred text size: `.large` (a panel has no Dynamic Type setting).
    open var preferredContentSizeCategory: UIContentSizeCategory { basePreferredContentSizeCategory }
    /// The direction the app's language reads in (from the locale: right to left for Arabic, Hebrew, Persian, Urdu…).
    /// `VITRINE_LAYOUT_DIRECTION=rtl` (or `ltr`) overrides it. Read once: layout asks for it per constraint.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { baseUserInterfaceLayoutDirection }
    /// Whether the idle timer is off. When it is on (`false`, the default) and the board sets an idle time
    /// (`power.idleSeconds`, or `VITRINE_IDLE_SECONDS`), the screens blank after that long without input; the
    /// next touch, click or key wakes them and is not delivered (a tap on a dark panel presses nothing).
    /// Vitrine: setting it to `true` while the screens are blank wakes them.
    open var isIdleTimerDisabled: Bool {
        get { baseIsIdleTimerDisabled }
        set { baseIsIdleTimerDisabled = newValue }
    }
    /// The scenes: one window scene per connected screen.
    open var connectedScenes: Set<UIScene> { baseConnectedScenes }
    /// The sessions of the connected scenes.
    open var openSessions: Set<UISceneSession> { baseOpenSessions }
    /// A panel app has one scene on its screen.
    open var supportsMultipleScenes: Bool { baseSupportsMultipleScenes }
    /// Marks the start of work that should go on in the background. A panel app in the background is not
    /// suspended, so the time is unlimited and `handler` is never called; end the task with `endBackgroundTask(_:)`
    /// all the same, as on iOS.
    open func beginBackgroundTask(withName taskName: String? = nil, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil)
        -> UIBackgroundTaskIdentifier {
        baseBeginBackgroundTask(withName: taskName, expirationHandler: handler)
    }
    /// Marks the end of a task `beginBackgroundTask` started (an unknown or `.invalid` one is ignored).
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) { baseEndBackgroundTask(identifier) }
    /// The time left to run in the background: unlimited on a panel (an app is never suspended).
    open var backgroundTimeRemaining: TimeInterval { baseBackgroundTimeRemaining }

    // MARK: Windows

    func register(_ window: UIWindow) {
        windowEntries.removeAll { $0.window == nil }
        windowEntries.append(WindowEntry(window: window))
        FrameRequest.note() // laid out, displayed and composited in full next frame
        nextOrderStamp += 1
        window.orderStamp = nextOrderStamp
    }

    func orderFront(_ window: UIWindow) {
        nextOrderStamp += 1
        window.orderStamp = nextOrderStamp
    }

    func windowOrderDidChange() {}

    /// The time between frames: the panel's refresh, or 60 Hz headless.
    var frameInterval: Double {
        if let refresh = UIScreen.main.display?.refreshRate { return 1 / refresh }
        return 1.0 / 60
    }

    /// The timer that brings the next frame while something animates, and the time that frame is due.
    private var nextFrameTimer: EventLoopTimer?
    /// The frame timer, made once and rescheduled for every frame (no allocation per frame of an animation).
    private var frameTimer: EventLoopTimer?
    @exclusivity(unchecked) private var frameSlot: Double?
    /// The slot of the last animation frame (the grid the next one is placed on); `nil` when frames stopped.
    @exclusivity(unchecked) private var lastFrameSlot: Double?
    /// Animation frames that came too late for their refresh (Vitrine: for benchmarks and tools).
    public private(set) var missedFrameCount = 0
    private lazy var frameLog = VitrineLog.logger("vitrine.frames")

    /// Makes sure a frame comes at the next refresh (animations, display links).
    func requestNextFrame() {
        paceByFlips()
        if let timer = nextFrameTimer, timer.isValid { return }
        // On a grid of refreshes from the last frame's slot: the time a frame takes does not stretch the period.
        let now = runLoop.clock.now
        var slot = (lastFrameSlot ?? now) + frameInterval
        if slot < now {
            // The last frame started late or took longer than its refresh: the slots it ran over are missed.
            let skipped = Int((now - slot) / frameInterval) + 1
            missedFrameCount += skipped
            frameLog.debug("\(skipped) frame(s) missed: the last frame ran \(String(format: "%.1f", (now - slot) * 1000)) ms past the next refresh")
            slot += Double(skipped) * frameInterval
        }
        frameSlot = slot
        if let frameTimer, !frameTimer.isValid {
            runLoop.reschedule(frameTimer, after: slot - now)
        } else {
            frameTimer = runLoop.schedule(after: slot - now) { [weak self] _ in self?.nextFrameTimer = nil }
        }
        nextFrameTimer = frameTimer
    }

    /// On a panel, a completed flip is the display link's tick: a wanted frame is made at once instead of waiting
    /// for its timer (which stays as the fallback while no flips come, e.g. with the VT switched away).
    private func paceByFlips() {
        guard !flipsPaceFrames, let display = UIScreen.main.display, display.refreshRate != nil else { return }
        flipsPaceFrames = true
        display.addFlipObserver { [weak self] in
            guard let self, let timer = self.nextFrameTimer, timer.isValid else { return }
            timer.invalidate()
            self.nextFrameTimer = nil
            self.runLoop.perform {} // a turn now: its end runs the frame
        }
    }
    private var flipsPaceFrames = false

    /// Screens a window left since the last frame: composited next frame even if no window is on them now.
    @exclusivity(unchecked) private var vacatedScreens: [UIScreen] = []
    /// A frame's windows and screens: buffers reused from frame to frame.
    @exclusivity(unchecked) private var frameWindows: [UIWindow] = [], frameScreens: [UIScreen] = []

    /// A window moved from `screen` to another (its compositor has let go of the window's layers).
    func windowLeft(_ screen: UIScreen) {
        if !vacatedScreens.contains(where: { $0 === screen }) { vacatedScreens.append(screen) }
        FrameRequest.note()
    }

    // MARK: Frames

    /// One frame: the layout pass (every window's pending `layoutSubviews()` calls, parents before children;
    /// layout that invalidates layout runs again, up to a bound only a layout loop reaches), then the display
    /// pass (`draw(_:)` for views whose content is invalid, once each, clipped to what was invalidated).
    func runFrameIfNeeded() {
        // An idle turn — nothing noted since the last frame (see FrameRequest), nothing animating, no frame placed on
        // the refresh grid — has nothing to do; it stops here, at a few loads, as a run loop with nothing new should.
        if FrameRequest.count == lastFrameRequest, frameSlot == nil, afterFrameActions.isEmpty,
           !CAAnimationEngine.hasAnimatedLayers, !CADisplayLink.isActive {
            lastFrameSlot = nil // frames stopped (as the full pass records below)
            #if DEBUG
            checkIdleFrameHasNoWork()
            #endif
            return
        }
        lastFrameRequest = FrameRequest.count
        // Animations and display links first: the frame shows the state at its time.
        let frameTime = runLoop.clock.now
        let interval = frameInterval
        // Animations sample this frame's time, so a late frame jumps ahead rather than slowing them down. How late
        // it was is counted once, when the next frame is placed on the grid (`requestNextFrame`).
        lastFrameSlot = frameSlot
        frameSlot = nil
        let animating = CAAnimationEngine.tick(at: frameTime)
        defer {
            CATransaction.commitImplicit()
            CAAnimationEngine.endFrame()
            runAfterFrameActions()
            if animating || CAAnimationEngine.isAnimating || CADisplayLink.isActive { requestNextFrame() }
        }
        if CADisplayLink.isActive {
            CADisplayLink.fire(time: frameTime, target: frameTime + interval, interval: interval)
        }
        OpacityCheck.run()
        var didWork = false
        for _ in 0..<8 {
            var pending = false
            for i in windowEntries.indices {
                guard let window = windowEntries[i].window, window.needsLayoutFlag || window.subtreeNeedsLayout else { continue }
                window.layoutSubtreeIfNeeded()
                pending = true
            }
            guard pending else { break }
            didWork = true
        }
        // Layers taken out of the trees that nothing holds any more go before the display pass: their stores are
        // reused by the views put in their place.
        if !CALayer.detached.isEmpty { Compositor.releaseUnheldDetachedLayers() }
        for i in windowEntries.indices {
            guard let window = windowEntries[i].window, !window.isHidden else { continue }
            if window.layer.displaySubtreeIfNeeded() > 0 { didWork = true }
        }
        // Composite: every window of the screen, back to front; damage only. An idle turn stops here, before
        // sorting windows.
        // (A loop, not `contains`: a main-actor closure handed to the standard library is checked for its actor on
        // every call.)
        var changed = !vacatedScreens.isEmpty || pointerCursor.needsComposite
        for i in windowEntries.indices where !changed {
            guard let w = windowEntries[i].window else { continue }
            changed = w.screen.compositor.needsComposite(w.layer)
        }
        guard changed || didWork else { return }
        // The windows back to front and their screens, in buffers kept from frame to frame (no allocation).
        var ordered = frameWindows, screens = frameScreens
        frameWindows = []; frameScreens = []
        defer {
            ordered.removeAll(keepingCapacity: true); screens.removeAll(keepingCapacity: true)
            frameWindows = ordered; frameScreens = screens
        }
        for entry in windowEntries { if let w = entry.window { ordered.append(w) } }
        ordered.sort(by: Self.backToFront)
        for w in ordered where !screens.contains(where: { $0 === w.screen }) { screens.append(w.screen) }
        // A screen a window just left repaints where it was, even with no windows left on it.
        for s in vacatedScreens where !screens.contains(where: { $0 === s }) { screens.append(s) }
        vacatedScreens.removeAll(keepingCapacity: true)
        for screen in screens where screen.isConnected && !screen.composite(ordered).isEmpty { didWork = true }
        guard didWork else { return }
        frameCount += 1
        for observer in frameObservers { observer(self) }
        scheduleStorePoolExpiry()
    }

    /// The change count (`FrameRequest.count`) the last frame started from.
    @exclusivity(unchecked) private var lastFrameRequest: UInt = .max

    #if DEBUG
    /// Debug builds: an idle turn skipped the frame, so the full look must find nothing to do — a change that did not
    /// note itself (`FrameRequest.note()`) would otherwise never reach the screen.
    private func checkIdleFrameHasNoWork() {
        var work: [String] = []
        if OpacityCheck.hasPending { work.append("an opacity check") }
        if !CALayer.detached.isEmpty { work.append("detached layers") }
        if !vacatedScreens.isEmpty { work.append("a vacated screen") }
        if !CATransaction.implicitTransactionIsEmpty { work.append("implicit transaction settings") }
        if pointerCursor.needsComposite { work.append("the pointer") }
        for entry in windowEntries {
            guard let w = entry.window else { continue }
            if w.needsLayoutFlag || w.subtreeNeedsLayout { work.append("layout in \(w)") }
            if !w.isHidden, w.layer.needsDisplay() || w.layer.subtreeNeedsDisplay { work.append("display in \(w)") }
            if w.screen.compositor.needsComposite(w.layer) { work.append("compositing of \(w)") }
        }
        assert(work.isEmpty, "vitrine: frame work without a frame request (FrameRequest.note() missing): \(work)")
    }
    #endif

    /// The timer that lets go of kept backing stores once they are too old to be reused, when no frame comes to do
    /// it (an app idle after a change of screen holds no stores for long).
    private var storePoolTimer: EventLoopTimer?

    private func scheduleStorePoolExpiry() {
        guard BackingStorePool.count > 0, storePoolTimer?.isValid != true else { return }
        storePoolTimer = runLoop.schedule(after: BackingStorePool.maximumAge + 0.1) { [weak self] _ in
            self?.storePoolTimer = nil
            BackingStorePool.expire()
            // Quiet after a change of screen, the last kept store gone: what the old screen freed goes back too.
            if BackingStorePool.count == 0 { ProcessFigures.releaseFreeHeap() }
            self?.scheduleStorePoolExpiry()
        }
    }
}
