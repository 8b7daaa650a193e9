// The one face a display shows UIKit: frames in (FrameOutput's size and present with damage), and the display's
// own events out — frames shown at its refreshes, the display taken away and given back (a VT switch), lost for
// good, switched off and on, and put back as it was when the app ends. The panel (KMSOutput) and the headless
// output both have it, so what UIKit does with those events (pacing animation frames by flips, going to the
// background and back, ending with status 69) runs, and is tested, without a DRM device. (The model: weston's and
// wlroots' output interface, which a headless backend implements in a page.)

/// A display UIKit drives: the panel (`KMSOutput`) or memory (`HeadlessOutput`).
@MainActor
public protocol DisplayOutput: PowerControlledOutput {
    /// Whether this is a display someone looks at (a panel or monitor), so the board's input devices and power
    /// settings belong to it; `false` for a picture in memory.
    var isPhysical: Bool { get }
    /// The refresh rate in hertz (positive) when frames reach the display at its refreshes and each one shown is reported to
    /// the flip observers; `nil` when a presented frame is shown at once and no flips are reported (UIKit then paces
    /// animation frames by a 60 Hz timer alone).
    var refreshRate: Double? { get }
    /// How the display is mounted, in degrees clockwise (0, 90, 180 or 270): touches on it turn the other way.
    var rotation: Int { get }
    /// The connector the display is on (`HDMI-A-1`, `DSI-1`), when it has one: boards name touchscreens' displays so.
    var connectorName: String? { get }
    /// Flips completed so far: frames that reached the display.
    var flipCount: Int { get }
    /// Adds a listener to completed flips (a frame is on the display).
    func addFlipObserver(_ body: @escaping @MainActor () -> Void)
    /// Adds a listener to the display being released (`false`: the VT was switched away; frames wait) and acquired
    /// again (`true`: everything is shown again).
    func addActivityObserver(_ body: @escaping @MainActor (Bool) -> Void)
    /// Called once when the display is gone for good (the device removed, the seat manager gone), with the reason.
    var onLost: (@MainActor (String) -> Void)? { get set }
    /// Puts the display back as it was before the app (the console's picture) and stops using it. Safe to call
    /// more than once.
    func restore()
}

/// A display with a hardware cursor plane: the pointer moves without a frame.
@MainActor
public protocol CursorPlaneOutput: DisplayOutput {
    /// Puts `image` on the cursor plane (hidden until moved); returns whether the display took it.
    func installCursor(_ image: CursorImage) -> Bool
    /// Moves the cursor's hot spot to (`x`, `y`) in logical pixels and shows it.
    func moveCursor(toLogicalX x: Double, y: Double)
    /// Hides the cursor.
    func hideCursor()
}

/// An output that counts what its frames cost and how far they got: what the virtual board's probes and the
/// benchmarks report (`KMSOutput` keeps these figures). Input-to-screen latency: note `framesPresented + 1` when an
/// input changes something; the change is on screen once `framesOnScreen` reaches it.
@MainActor
public protocol FrameStatisticsOutput: DisplayOutput {
    /// Frames handed to `present` so far.
    var framesPresented: Int { get }
    /// How many of them are on screen (their pixels were in the last completed flip).
    var framesOnScreen: Int { get }
    /// Bytes copied into scanout memory by the last frame.
    var bytesCopiedLastFrame: Int { get }
    /// Bytes copied into the overlay plane's buffer for the last frame (0 when its picture did not change).
    var overlayBytesCopiedLastFrame: Int { get }
    /// Whether a picture is on the overlay plane.
    var isOverlayShown: Bool { get }
    /// Cursor-plane updates so far (moves, shows, hides): none of them is a frame.
    var cursorUpdates: Int { get }
    /// Whether the cursor plane shows the pointer now.
    var isCursorShown: Bool { get }
}
