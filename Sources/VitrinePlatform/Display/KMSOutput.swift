import CDRM
import CPixman
import CVitrineShims
import Dispatch
import Foundation
import Glibc
import Logging

/// What to show on: device, connector and mode (the board file and environment fill it in; `nil` picks).
public struct KMSConfiguration: Sendable {
    /// `/dev/dri/cardN`; `nil`: the first card with a connected connector that supports dumb buffers.
    public var devicePath: String?
    /// A connector name such as `HDMI-A-1`; `nil`: the first connected one.
    public var connectorName: String?
    /// A mode by size (and refresh in Hz, if given); `nil`: the connector's preferred mode.
    public var modeWidth: Int?
    public var modeHeight: Int?
    public var modeRefresh: Double?
    /// Use the legacy API (SetCrtc + PageFlip) even where atomic modesetting exists.
    public var forceLegacy = false
    /// How the panel is mounted: the logical (upright) screen is turned this many degrees clockwise onto the
    /// panel's scanout: 0, 90, 180 or 270.
    public var rotation = 0

    public init(devicePath: String? = nil, connectorName: String? = nil, modeWidth: Int? = nil, modeHeight: Int? = nil,
                modeRefresh: Double? = nil, forceLegacy: Bool = false) {
        self.devicePath = devicePath
        self.connectorName = connectorName
        self.modeWidth = modeWidth
        self.modeHeight = modeHeight
        self.modeRefresh = modeRefresh
        self.forceLegacy = forceLegacy
    }
}

/// Frames on a panel through KMS/DRM: two dumb buffers, the compositor's shadow buffer copied into the back one
/// over the damage only (this frame's plus what that buffer missed while the other was shown), a page flip
/// with an event, the next flip paced to the mode's refresh (virtual GPUs complete flips at once), and the
/// kernel told what changed (`FB_DAMAGE_CLIPS` on atomic commits, `drmModeDirtyFB` on legacy ones).
///
/// Modesetting is atomic (checked first with a TEST_ONLY commit) where the driver has it, legacy otherwise;
/// the choice is logged. The CRTC's previous state is saved before the first modeset and restored by
/// `restore()` (also on deinit), so the console comes back.
@MainActor
public final class KMSOutput: CursorPlaneOutput, OverlayPlaneOutput, FrameStatisticsOutput {
    public let card: DRMCard
    public let connector: ConnectorInfo
    public let mode: DisplayMode
    public let crtc: CRTCID
    /// Whether frames go through atomic commits (else SetCrtc + PageFlip).
    public var usesAtomic: Bool { committer is AtomicCommitter }
    /// The scanout format (`XRGB8888`, `ARGB8888` or `RGB565`).
    public let format: UInt32
    /// Clockwise degrees from the logical screen to the panel (see `KMSConfiguration.rotation`).
    public let rotation: Int
    /// The logical (upright) size the compositor draws: the mode's, turned by the rotation.
    public var pixelWidth: Int { rotation % 180 == 0 ? mode.width : mode.height }
    public var pixelHeight: Int { rotation % 180 == 0 ? mode.height : mode.width }

    /// Page flips completed, and when the last one did (monotonic seconds).
    public private(set) var flipCount = 0
    public private(set) var lastFlipTime: Double?
    /// Frames handed to `present` so far, and how many of them are on screen (their pixels were in the last
    /// completed flip). Input-to-screen latency: note `framesPresented + 1` when an input changes something, and
    /// the change is on screen once `framesOnScreen` reaches it (the flip callback's time minus the input's).
    public private(set) var framesPresented = 0
    public private(set) var framesOnScreen = 0
    /// The frames the flip in flight carries.
    private var framesInFlight = 0
    /// Bytes copied into scanout memory by the last frame.
    public private(set) var bytesCopiedLastFrame = 0
    /// Called after every completed flip (the frame is on screen).
    public var onFlip: (@MainActor (KMSOutput) -> Void)?
    /// More listeners to completed flips (UIKit paces animation frames by them; `onFlip` stays the app's).
    private var flipObservers: [@MainActor () -> Void] = []

    /// Adds a listener to completed flips.
    public func addFlipObserver(_ body: @escaping @MainActor () -> Void) { flipObservers.append(body) }
    /// A panel is a display someone looks at.
    public var isPhysical: Bool { true }
    /// The mode's refresh (see `DisplayMode.frameRate`).
    public var refreshRate: Double? { mode.frameRate }
    /// The connector's name.
    public var connectorName: String? { connector.name }
    /// Called once when the display is gone for good (the device removed, the seat manager gone): the app cannot
    /// show anything any more and should end, non-zero, so a supervisor can restart it.
    public var onLost: (@MainActor (String) -> Void)?
    /// Called when the display is released (`false`: the VT was switched away) and acquired again (`true`), so
    /// input can be suspended with it (events on another VT are not the app's) and the app can go to the
    /// background and come back (UIKit's lifecycle).
    private var activityObservers: [@MainActor (Bool) -> Void] = []

    /// Adds a listener to the display being released (`false`) and acquired again (`true`).
    public func addActivityObserver(_ body: @escaping @MainActor (Bool) -> Void) { activityObservers.append(body) }
    private var lost = false

    let loop: EventLoop
    let log: Logger
    var buffers: [DumbBuffer] = []
    var back = 0
    var modeSet = false
    var flipPending = false
    private var paceTimer: EventLoopTimer?
    /// Flips no faster than the mode (set with the mode).
    private var pacer = FlipPacer(interval: 1.0 / 60)
    /// What each of `buffers` has not received yet (buffer age), and a list it lends the frame being submitted.
    private var bufferDamage = BufferDamage(buffers: 0, everything: PixelRect(x: 0, y: 0, width: 0, height: 0))
    private var submitting: [PixelRect] = []
    private var source: (pixels: UnsafeRawPointer, bytesPerRow: Int)?
    private var waiting: [PixelRect] = []
    private var fdSource: FileDescriptorSource?
    private var savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    /// How states reach the kernel: atomic where the driver has it and takes the first modeset (TEST_ONLY), else legacy.
    private(set) var committer: any ScanoutCommitter
    /// The last state committed (what `restore()` undoes).
    private var committed: ScanoutState?
    /// The primary plane's `rotation` property and the value that turns the buffers onto the panel, when the
    /// driver turns them (the buffers are then logical-sized and copied upright); `nil`: the copy turns them.
    var planeRotation: (property: UInt32, value: UInt64)?
    /// How the panel's rotation is done: by the plane (`"plane"`), by the copy (`"copy"`), or not needed (`"none"`).
    public var rotationMethod: String { rotation == 0 ? "none" : planeRotation == nil ? "copy" : "plane" }
    /// The rotation the copy applies (none when the plane turns the picture).
    var copyRotation: Int { planeRotation == nil ? rotation : 0 }
    /// Writeback captures on request (tests, diagnostics; `VITRINE_WRITEBACK_DIR`): see `WritebackCaptures`.
    private var captures: WritebackCaptures?
    /// The pointer image on the CRTC's cursor plane (turned for the panel), and where it is.
    var cursor: (buffer: DumbBuffer, image: CursorImage)?
    var cursorShown = false
    var cursorPanelPosition = (x: 0, y: 0)
    /// Cursor-plane updates so far (moves, shows, hides): none of them is a frame.
    public internal(set) var cursorUpdates = 0
    /// A free overlay plane of the CRTC (found at start when atomic; `VITRINE_OVERLAY_PLANES=0` leaves it unused).
    var overlay: OverlayPlane?
    /// Bytes copied into the overlay plane's buffer for the last frame (0 when its picture did not change).
    public internal(set) var overlayBytesCopiedLastFrame = 0
    /// Whether a picture is on the overlay plane.
    public var isOverlayShown: Bool { overlay?.shown != nil }
    /// While the VT is switched away: no DRM master, no frames (damage waits).
    public private(set) var isReleased = false
    /// While the display is switched off: no frames (damage waits).
    public private(set) var isPoweredDown = false
    /// Switching off: the black frame waits for the flip in flight; DPMS goes off once the black frame is shown.
    private var blackOutWhenFlipped = false
    private var dpmsOffWhenFlipped = false
    private var dpmsIsOff = false
    private var sessionSignals: [DispatchSourceSignal] = []
    /// The seat session the card was opened through, if any.
    private let session: SeatSession?
    /// Whether this output opened the card (else it shares another output's).
    private let ownsCard: Bool

    /// Opens the display `configuration` describes (or the first usable one) and prepares two buffers; the
    /// first `present` sets the mode.
    /// With `session`, cards are opened through the seat manager (no root needed) and its disable/enable are the
    /// VT switches; without, cards are opened directly.
    ///
    /// Another screen on a card already in use (an external display beside the panel) passes that output's
    /// `card` as `sharedCard` (one descriptor per card: only one can be DRM master) and the CRTCs its screens use.
    public init(configuration: KMSConfiguration = KMSConfiguration(), loop: EventLoop, session: SeatSession? = nil,
                sharedCard: DRMCard? = nil, usedCRTCs: Set<CRTCID> = [], logger: Logger = Logger(label: "vitrine.kms")) throws {
        self.loop = loop
        self.session = session
        log = logger
        guard [0, 90, 180, 270].contains(configuration.rotation) else {
            throw DisplayError("rotation must be 0, 90, 180 or 270, got \(configuration.rotation)")
        }
        rotation = configuration.rotation
        let (card, connector, mode) = try Self.chooseDisplay(configuration, session: session, sharedCard: sharedCard)
        self.card = card
        ownsCard = card !== sharedCard
        self.connector = connector
        self.mode = mode
        pacer = FlipPacer(interval: 1 / mode.frameRate)
        crtc = try card.crtc(for: connector, excluding: usedCRTCs)

        // The primary plane of that CRTC and its best format: XRGB8888, else ARGB8888 (written opaque), else RGB565.
        let crtcIndex = try card.crtcIDs().firstIndex(of: crtc) ?? 0
        let primary = card.planes().first { $0.kind == "Primary" && $0.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0 }
        let xrgb = vitrine_drm_format_xrgb8888(), argb = vitrine_drm_format_argb8888(), rgb565 = vitrine_drm_fourcc(82, 71, 49, 54) // "RG16"
        let formats = primary?.formats ?? [xrgb]
        format = formats.contains(xrgb) ? xrgb : formats.contains(argb) ? argb : formats.contains(rgb565) ? rgb565 : xrgb

        // Atomic when the driver has it and the TEST_ONLY modeset passes; legacy otherwise.
        var atomicCommitter: AtomicCommitter?
        if !configuration.forceLegacy, drmSetClientCap(card.fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0, let plane = primary?.id {
            atomicCommitter = try AtomicCommitter(card: card, connector: connector.id, crtc: crtc, plane: plane, mode: mode)
        }
        let atomic = atomicCommitter != nil
        committer = LegacyCommitter(card: card, crtc: crtc, connector: connector.id, mode: mode)
        savedCRTC = drmModeGetCrtc(card.fd, crtc.rawValue)

        // A rotated panel: the primary plane turns the picture when the driver offers that rotation (DRM's rotations
        // are counter-clockwise, the board's clockwise), unless VITRINE_PLANE_ROTATION=0 asks for the copy to do it.
        if atomic, rotation != 0, VitrineSettings.current.planeRotation, let plane = primary?.id,
           let property = card.properties(object: plane.rawValue, type: UInt32(DRM_MODE_OBJECT_PLANE))["rotation"],
           let bit = card.propertyEnums(property.id)["rotate-\((360 - rotation) % 360)"] {
            planeRotation = (property.id, 1 << bit)
        }
        if atomic, VitrineSettings.current.overlayPlanes,
           let plane = card.planes().first(where: { $0.kind == "Overlay" && $0.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0
                                                     && ($0.formats.contains(xrgb) || $0.formats.contains(argb)) }) {
            overlay = OverlayPlane(card: card, plane: plane.id, format: plane.formats.contains(xrgb) ? xrgb : argb)
        }
        let bpp = format == rgb565 ? 2 : 4
        func makeBuffers() throws {
            // Turned by the plane, the buffers hold the upright (logical) picture; else the panel's.
            let (w, h) = planeRotation == nil ? (mode.width, mode.height) : (pixelWidth, pixelHeight)
            buffers = [try DumbBuffer(fd: card.fd, width: w, height: h, format: format, bytesPerPixel: bpp),
                       try DumbBuffer(fd: card.fd, width: w, height: h, format: format, bytesPerPixel: bpp)]
            // What each buffer has not received yet, in logical pixels: everything.
            bufferDamage = BufferDamage(buffers: buffers.count, everything: PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        }
        try makeBuffers()
        if let atomicCommitter {
            if planeRotation != nil, !atomicCommitter.test(scanout(buffers[0], modeset: true)) {
                // The driver lists the rotation but refuses it with this mode or format: the copy turns the picture.
                log.notice("the plane's rotate-\((360 - rotation) % 360) is refused (TEST_ONLY); rotating in the copy")
                planeRotation = nil
                try makeBuffers()
            }
            if atomicCommitter.test(scanout(buffers[0], modeset: true)) {
                committer = atomicCommitter
            } else {
                log.notice("atomic TEST_ONLY modeset refused; using the legacy API")
                overlay = nil
                if planeRotation != nil { planeRotation = nil; try makeBuffers() }
            }
        }
        fdSource = loop.watchReadable(fd: card.fd) { [weak self] in self?.readEvents() }
        if let session {
            session.onDisable = { [weak self] in self?.releaseDisplay() }
            session.onEnable = { [weak self] in self?.acquireDisplay() }
            session.onLost = { [weak self] reason in self?.displayLost(reason) }
        } else if VitrineSettings.current.vtSignals {
            listenForSessionSignals()
        }
        log.info("display \(card.path) (\(card.driverName)), connector \(connector.name), mode \(mode), \(committer.name) modesetting, format \(Self.fourccName(format)), pitch \(buffers[0].pitch), rotation \(rotation) (\(rotationMethod))")
        if usesAtomic, let directory = VitrineSettings.current.writebackDirectory {
            captures = WritebackCaptures(output: self, directory: directory, crtcIndex: crtcIndex)
        }
    }

    isolated deinit { restore() }

    /// The scale the connector's physical size suggests (see `panelScale`), for screens no board describes.
    public var physicalSizeScale: Double {
        panelScale(pixelWidth: mode.width, pixelHeight: mode.height,
                   widthMillimetres: connector.widthMillimetres, heightMillimetres: connector.heightMillimetres)
    }

    // MARK: VT switching

    /// The VT is being switched away: stop showing frames and drop DRM master so another program (the console,
    /// another app) can take the display. Frames made meanwhile wait.
    public func releaseDisplay() {
        guard !isReleased else { return }
        isReleased = true
        paceTimer?.invalidate()
        paceTimer = nil
        // Under a seat manager, the manager takes master away itself.
        if session == nil, drmDropMaster(card.fd) != 0 { log.warning("drmDropMaster: \(String(cString: strerror(errno)))") }
        log.info("display released (VT switched away)")
        for observer in activityObservers { observer(false) }
    }

    /// The VT is ours again: take DRM master back, set the mode again and repaint everything (whatever was shown
    /// meanwhile is gone from scanout).
    public func acquireDisplay() {
        guard isReleased else { return }
        // A seat manager gives master back before enabling the seat; directly, we take it.
        guard drmIsMaster(card.fd) != 0 || drmSetMaster(card.fd) == 0 else {
            log.error("drmSetMaster: \(String(cString: strerror(errno))) — another program holds the display")
            return
        }
        isReleased = false
        flipPending = false
        modeSet = false
        repaintEverything()
        // The console had the CRTC: the pointer goes back where it was.
        if cursorShown { cursorShown = false; showCursorPlane() }
        log.info("display acquired (VT switched back): repainting")
        for observer in activityObservers { observer(true) }
        submitIfReady()
    }

    /// fbrun's release/acquire requests (see `DisplaySignals`), answered on the main thread.
    private func listenForSessionSignals() {
        let parent = getppid()
        sessionSignals = [(DisplaySignals.release, true), (DisplaySignals.acquire, false)].map { number, isRelease in
            handleSignal(number, on: .main) { [weak self] in
                MainActor.assumeIsolated {
                    if isRelease {
                        self?.releaseDisplay()
                        kill(parent, DisplaySignals.released)
                    } else {
                        self?.acquireDisplay()
                    }
                }
            }
        }
    }

    /// Puts the CRTC back as it was before the first modeset (the console's framebuffer) and stops watching the
    /// device. Safe to call more than once.
    public func restore() {
        sessionSignals.forEach { $0.cancel() }
        sessionSignals = []
        fdSource?.cancel()
        fdSource = nil
        paceTimer?.invalidate()
        captures?.stop()
        captures = nil
        if cursor != nil, !isReleased { drmModeSetCursor(card.fd, crtc.rawValue, 0, 0, 0) }
        cursor = nil
        // The overlay plane off before its buffers go (the console knows nothing of it).
        if let overlay, overlay.shown != nil, !isReleased, let atomic = committer as? AtomicCommitter { atomic.turnOff(overlay) }
        overlay = nil
        guard let saved = savedCRTC else { return }
        savedCRTC = nil
        // A card that was removed (an unplugged external display) has nothing to restore.
        if modeSet, !committer.restore(saved.pointee, after: committed), errno != ENODEV {
            log.warning("restoring the CRTC failed: \(String(cString: strerror(errno)))")
        }
        committed = nil
        drmModeFreeCrtc(saved)
        buffers.removeAll()
        if ownsCard { session?.closeDevice(card.fd) }
    }

    // MARK: Power

    /// Switches the display off or on. Off: a black frame first (a display that ignores DPMS, as bochs and some
    /// panels do, goes dark all the same), then the connector's DPMS property (which atomic drivers turn into the
    /// CRTC's ACTIVE state). Frames wait while it is off; switching on repaints everything.
    @discardableResult
    public func setDisplayPower(_ on: Bool) -> Bool {
        guard on == isPoweredDown, !isReleased else { return on == !isPoweredDown }
        if !on {
            isPoweredDown = true
            if flipPending { blackOutWhenFlipped = true } else { blackOut() }
            log.info("display off (a black frame, then DPMS)")
            return true
        }
        isPoweredDown = false
        blackOutWhenFlipped = false
        dpmsOffWhenFlipped = false
        if dpmsIsOff { setDPMS(on: true) }
        log.info("display on")
        // A flip still in flight completes as usual (its event resubmits); repaint everything either way.
        repaintEverything()
        submitIfReady()
        return true
    }

    /// What scanout shows is not known (the VT was away, the display was off): every buffer needs the whole frame,
    /// which is due at once.
    private func repaintEverything() {
        let everything = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        bufferDamage.missEverything(everything)
        BufferDamage.merge(everything, into: &waiting)
        pacer.reset()
    }

    /// Shows a black frame, then switches DPMS off once it is on screen.
    private func blackOut() {
        guard modeSet, !buffers.isEmpty else { return setDPMS(on: false) }
        let target = buffers[back]
        // Writing only: scanout memory is never read.
        memset(target.memory, 0, target.size)
        let everything = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        bufferDamage.missEverything(everything)
        dpmsOffWhenFlipped = true
        flip(to: target, clips: [panelRect(everything)], rects: [])
        if !flipPending { dpmsOffWhenFlipped = false; setDPMS(on: false) }
    }

    private func setDPMS(on: Bool) {
        let props = card.properties(object: connector.id.rawValue, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        guard let dpms = props["DPMS"] else {
            return log.notice("\(connector.name) has no DPMS property: the display shows black instead of switching off")
        }
        // Values from drm_mode.h: DRM_MODE_DPMS_ON 0, DRM_MODE_DPMS_OFF 3.
        guard drmModeConnectorSetProperty(card.fd, connector.id.rawValue, dpms.id, on ? 0 : 3) == 0 else {
            return log.error("DPMS \(on ? "on" : "off") failed on \(connector.name): \(String(cString: strerror(errno)))")
        }
        dpmsIsOff = !on
        log.info("DPMS \(on ? "on" : "off")")
    }

    // MARK: Frames

    public func present(pixels: UnsafeRawPointer, bytesPerRow: Int, damage: [PixelRect]) {
        source = (pixels, bytesPerRow)
        framesPresented += 1
        for r in damage { BufferDamage.merge(r, into: &waiting) }
        submitIfReady()
    }

    /// Submits the waiting damage unless a flip is in flight or the previous one was less than a refresh ago.
    func submitIfReady() {
        guard !waiting.isEmpty || overlay?.pending == true, !flipPending, !isReleased, !isPoweredDown, paceTimer == nil,
              let source else { return }
        let now = loop.clock.now
        if let wait = pacer.wait(at: now) {
            paceTimer = loop.schedule(after: wait) { [weak self] _ in
                self?.paceTimer = nil
                self?.submitIfReady()
            }
            return
        }
        bufferDamage.add(waiting)
        waiting.removeAll(keepingCapacity: true)
        let target = buffers[back]
        bufferDamage.take(back, into: &submitting)
        bytesCopiedLastFrame = copy(submitting, from: source.pixels, bytesPerRow: source.bytesPerRow, into: target)
        pacer.submitted(at: now)
        framesInFlight = framesPresented
        if !modeSet {
            modeset(target)
        } else {
            flip(to: target, clips: submitting.map(panelRect), rects: submitting)
        }
    }

    /// The state that shows `buffer`, whose `damage` (panel pixels) changed: by a modeset or by a flip.
    func scanout(_ buffer: DumbBuffer, modeset: Bool, damage: [PixelRect] = []) -> ScanoutState {
        ScanoutState(buffer: buffer, modeset: modeset, damage: damage, planeRotation: planeRotation, overlay: overlay)
    }

    private func modeset(_ buffer: DumbBuffer) {
        let state = scanout(buffer, modeset: true)
        guard committer.commit(state, cookie: nil) else {
            log.error("modeset failed on \(card.path): \(String(cString: strerror(errno))) — is another program the DRM master?")
            return
        }
        committed = state
        modeSet = true
        back = 1 - back
        // A modeset is synchronous: the frame is on screen now.
        flipCompleted()
    }

    /// Flips to `buffer` (the back buffer), whose `clips` (panel pixels) changed; if the flip cannot be queued, the
    /// buffer still needs `rects` (the same, in logical pixels) next time.
    private func flip(to buffer: DumbBuffer, clips: [PixelRect], rects: [PixelRect]) {
        let state = scanout(buffer, modeset: false, damage: clips)
        guard committer.commit(state, cookie: Unmanaged.passUnretained(self).toOpaque()) else {
            let code = errno
            if code == ENODEV || code == ENXIO {
                return displayLost("\(card.path) is gone (page flip: \(String(cString: strerror(code))))")
            }
            log.error("page flip failed: \(String(cString: strerror(code)))")
            // Nothing was queued: the buffer still needs these rectangles next time.
            bufferDamage.add(rects, to: back)
            return
        }
        committed = state
        flipPending = true
        back = 1 - back
    }

    /// The display is gone for good: stop, and say so once.
    private func displayLost(_ reason: String) {
        guard !lost else { return }
        lost = true
        isReleased = true
        paceTimer?.invalidate()
        paceTimer = nil
        fdSource?.cancel()
        fdSource = nil
        log.error("display lost: \(reason)")
        onLost?(reason)
    }

    private func readEvents() {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, userData in
            guard let userData else { return }
            let output = Unmanaged<KMSOutput>.fromOpaque(userData).takeUnretainedValue()
            MainActor.assumeIsolated { output.flipCompleted() }
        }
        _ = drmHandleEvent(card.fd, &context)
    }

    private func flipCompleted() {
        flipPending = false
        framesOnScreen = framesInFlight
        flipCount += 1
        lastFlipTime = loop.clock.now
        if flipCount == 1 { log.info("\(ProcessFigures.firstFrameMessage())") } else { log.trace("flip \(flipCount)") }
        onFlip?(self)
        for observer in flipObservers { observer() }
        if blackOutWhenFlipped { blackOutWhenFlipped = false; return blackOut() }
        if dpmsOffWhenFlipped { dpmsOffWhenFlipped = false; return setDPMS(on: false) }
        if let captures, captures.hasRequests { return captures.takeIfQuiet() }
        submitIfReady()
    }

    static func fourccName(_ code: UInt32) -> String {
        String(decoding: [UInt8(code & 0xFF), UInt8((code >> 8) & 0xFF), UInt8((code >> 16) & 0xFF), UInt8(code >> 24)], as: UTF8.self)
    }

}
