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
public final class KMSOutput: CursorPlaneOutput, OverlayPlaneOutput {
    public let card: DRMCard
    public let connector: ConnectorInfo
    public let mode: DisplayMode
    public let crtc: CRTCID
    /// Whether frames go through atomic commits (else SetCrtc + PageFlip).
    public private(set) var usesAtomic: Bool
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
    /// The mode's refresh (60 Hz for a mode that does not say).
    public var refreshRate: Double? { mode.refresh > 1 ? mode.refresh : 60 }
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

    private let loop: EventLoop
    private let log: Logger
    private var buffers: [DumbBuffer] = []
    private var back = 0
    private var modeSet = false
    private var flipPending = false
    private var paceTimer: EventLoopTimer?
    private var lastSubmit: Double = -.infinity
    private var source: (pixels: UnsafeRawPointer, bytesPerRow: Int)?
    private var waiting: [PixelRect] = []
    private var fdSource: FileDescriptorSource?
    private var savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    private var atomicProps: AtomicProperties?
    private var modeBlob: UInt32 = 0
    /// The primary plane's `rotation` property and the value that turns the buffers onto the panel, when the
    /// driver turns them (the buffers are then logical-sized and copied upright); `nil`: the copy turns them.
    private var planeRotation: (property: UInt32, value: UInt64)?
    /// How the panel's rotation is done: by the plane (`"plane"`), by the copy (`"copy"`), or not needed (`"none"`).
    public var rotationMethod: String { rotation == 0 ? "none" : planeRotation == nil ? "copy" : "plane" }
    /// The rotation the copy applies (none when the plane turns the picture).
    private var copyRotation: Int { planeRotation == nil ? rotation : 0 }
    /// Writeback captures on request (tests, diagnostics): see `listenForCaptureRequests`.
    private var writeback: WritebackCapture?
    private var captureDirectory: String?
    private var captureRequests: [String] = []
    private var captureSource: FileDescriptorSource?
    /// The pointer image on the CRTC's cursor plane (turned for the panel), and where it is.
    private var cursor: (buffer: DumbBuffer, image: CursorImage)?
    private var cursorShown = false
    private var cursorPanelPosition = (x: 0, y: 0)
    /// Cursor-plane updates so far (moves, shows, hides): none of them is a frame.
    public private(set) var cursorUpdates = 0
    /// A free overlay plane of the CRTC (found at start when atomic; `VITRINE_OVERLAY_PLANES=0` leaves it unused).
    private var overlay: OverlayPlane?
    /// Bytes copied into the overlay plane's buffer for the last frame (0 when its picture did not change).
    public private(set) var overlayBytesCopiedLastFrame = 0
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
        let candidates = configuration.devicePath.map { [$0] } ?? DRMCard.cardPaths()
        guard !candidates.isEmpty else {
            throw DisplayError("no DRM device: /dev/dri has no card (is the DRM driver loaded?)")
        }
        var tried: [String] = []
        var chosen: (DRMCard, ConnectorInfo, DisplayMode)?
        // A card we opened through the seat and cannot use goes back to it (a shared one stays open).
        func giveBack(_ card: DRMCard) { if card !== sharedCard { session?.closeDevice(card.fd) } }
        for path in candidates {
            do {
                let card = try sharedCard.flatMap { $0.path == path ? $0 : nil }
                    ?? session.map { DRMCard(path: path, openedDescriptor: try $0.openDevice(path)) } ?? DRMCard(path: path)
                guard card.supportsDumbBuffers else {
                    tried.append("\(path) (\(card.driverName)): no dumb buffers")
                    giveBack(card)
                    continue
                }
                let connectors = try card.connectors()
                let wanted = connectors.filter { c in c.isConnected && (configuration.connectorName.map { $0 == c.name } ?? true) }
                guard let c = wanted.first else {
                    giveBack(card)
                    let names = connectors.map { "\($0.name)\($0.isConnected ? "" : " (disconnected)")" }.joined(separator: ", ")
                    tried.append("\(path) (\(card.driverName)): no connected connector\(configuration.connectorName.map { " named \($0)" } ?? "") among [\(names)]")
                    continue
                }
                guard let m = Self.pickMode(c.modes, configuration) else {
                    giveBack(card)
                    tried.append("\(path) \(c.name): no mode matches \(configuration.modeWidth ?? 0)x\(configuration.modeHeight ?? 0); has \(c.modes.map(\.description).joined(separator: ", "))")
                    continue
                }
                chosen = (card, c, m)
                break
            } catch {
                tried.append("\(error)")
            }
        }
        guard let (card, connector, mode) = chosen else {
            throw DisplayError("no usable display; tried: " + tried.joined(separator: "; "))
        }
        self.card = card
        ownsCard = card !== sharedCard
        self.connector = connector
        self.mode = mode
        crtc = try card.crtc(for: connector, excluding: usedCRTCs)

        // The primary plane of that CRTC and its best format: XRGB8888, else ARGB8888 (written opaque), else RGB565.
        let crtcIndex = try card.crtcIDs().firstIndex(of: crtc) ?? 0
        let primary = card.planes().first { $0.kind == "Primary" && $0.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0 }
        let xrgb = vitrine_drm_format_xrgb8888(), argb = vitrine_drm_format_argb8888(), rgb565 = vitrine_drm_fourcc(82, 71, 49, 54) // "RG16"
        let formats = primary?.formats ?? [xrgb]
        format = formats.contains(xrgb) ? xrgb : formats.contains(argb) ? argb : formats.contains(rgb565) ? rgb565 : xrgb

        // Atomic when the driver has it and the TEST_ONLY modeset passes; legacy otherwise.
        var atomic = false
        if !configuration.forceLegacy, drmSetClientCap(card.fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0, let plane = primary?.id,
           let props = AtomicProperties(card: card, connector: connector.id, crtc: crtc, plane: plane) {
            atomicProps = props
            atomic = true
        }
        usesAtomic = atomic
        savedCRTC = drmModeGetCrtc(card.fd, crtc.rawValue)

        // A rotated panel: the primary plane turns the picture when the driver offers that rotation (DRM's rotations
        // are counter-clockwise, the board's clockwise), unless VITRINE_PLANE_ROTATION=0 asks for the copy to do it.
        if atomic, rotation != 0, ProcessInfo.processInfo.environment["VITRINE_PLANE_ROTATION"] != "0", let plane = primary?.id,
           let property = card.properties(object: plane.rawValue, type: UInt32(DRM_MODE_OBJECT_PLANE))["rotation"],
           let bit = card.propertyEnums(property.id)["rotate-\((360 - rotation) % 360)"] {
            planeRotation = (property.id, 1 << bit)
        }
        if atomic, ProcessInfo.processInfo.environment["VITRINE_OVERLAY_PLANES"] != "0",
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
            for b in buffers { b.missed = [PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)] }
        }
        try makeBuffers()
        if usesAtomic {
            var raw = mode.raw
            guard drmModeCreatePropertyBlob(card.fd, &raw, MemoryLayout<drmModeModeInfo>.size, &modeBlob) == 0 else {
                throw DisplayError.call("drmModeCreatePropertyBlob(mode)", errno: errno, path: card.path)
            }
            if planeRotation != nil, !testAtomicModeset() {
                // The driver lists the rotation but refuses it with this mode or format: the copy turns the picture.
                log.notice("the plane's rotate-\((360 - rotation) % 360) is refused (TEST_ONLY); rotating in the copy")
                planeRotation = nil
                try makeBuffers()
            }
            if !testAtomicModeset() {
                log.notice("atomic TEST_ONLY modeset refused; using the legacy API")
                usesAtomic = false
                if planeRotation != nil { planeRotation = nil; try makeBuffers() }
            }
        }
        fdSource = loop.watchReadable(fd: card.fd) { [weak self] in self?.readEvents() }
        if let session {
            session.onDisable = { [weak self] in self?.releaseDisplay() }
            session.onEnable = { [weak self] in self?.acquireDisplay() }
            session.onLost = { [weak self] reason in self?.displayLost(reason) }
        } else if ProcessInfo.processInfo.environment[DisplaySignals.environmentKey] == "1" {
            listenForSessionSignals()
        }
        log.info("display \(card.path) (\(card.driverName)), connector \(connector.name), mode \(mode), \(usesAtomic ? "atomic" : "legacy") modesetting, format \(Self.fourccName(format)), pitch \(buffers[0].pitch), rotation \(rotation) (\(rotationMethod))")
        if usesAtomic, let directory = ProcessInfo.processInfo.environment["VITRINE_WRITEBACK_DIR"] {
            listenForCaptureRequests(directory: directory, crtcIndex: crtcIndex)
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
        captureSource?.cancel()
        captureSource = nil
        writeback = nil
        if cursor != nil, !isReleased { drmModeSetCursor(card.fd, crtc.rawValue, 0, 0, 0) }
        cursor = nil
        // The overlay plane off before its buffers go (the console knows nothing of it).
        if let overlay, overlay.shown != nil, !isReleased, let req = drmModeAtomicAlloc() {
            overlay.hide()
            overlay.add(to: req, crtc: crtc.rawValue)
            drmModeAtomicCommit(card.fd, req, 0, nil)
            drmModeAtomicFree(req)
        }
        overlay = nil
        guard let saved = savedCRTC else { return }
        savedCRTC = nil
        if modeSet, planeRotation != nil, let props = atomicProps {
            // The plane's rotation outlives a legacy SetCrtc (the kernel keeps it and would turn the console's
            // framebuffer): put everything back in one atomic commit with the rotation upright.
            if !restoreAtomically(saved.pointee, props: props) {
                log.warning("restoring the CRTC failed: \(String(cString: strerror(errno)))")
            }
        } else if modeSet {
            var connectorID = connector.id.rawValue
            var savedMode = saved.pointee.mode
            let valid = saved.pointee.mode_valid != 0
            let rc = withUnsafeMutablePointer(to: &savedMode) { modePointer in
                drmModeSetCrtc(card.fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y,
                               &connectorID, 1, valid ? modePointer : nil)
            }
            // A card that was removed (an unplugged external display) has nothing to restore.
            if rc != 0 && errno != ENODEV { log.warning("restoring the CRTC failed: \(String(cString: strerror(errno)))") }
        }
        drmModeFreeCrtc(saved)
        if modeBlob != 0 { drmModeDestroyPropertyBlob(card.fd, modeBlob); modeBlob = 0 }
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
        for b in buffers { b.missed = [everything] }
        Self.merge(everything, into: &waiting)
        lastSubmit = -.infinity
    }

    /// Shows a black frame, then switches DPMS off once it is on screen.
    private func blackOut() {
        guard modeSet, !buffers.isEmpty else { return setDPMS(on: false) }
        let target = buffers[back]
        // Writing only: scanout memory is never read.
        memset(target.memory, 0, target.size)
        let everything = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        for b in buffers { b.missed = [everything] }
        dpmsOffWhenFlipped = true
        flip(to: target, clips: [panelRect(everything)])
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
        for r in damage { Self.merge(r, into: &waiting) }
        submitIfReady()
    }

    /// Submits the waiting damage unless a flip is in flight or the previous one was less than a refresh ago.
    private func submitIfReady() {
        guard !waiting.isEmpty || overlay?.pending == true, !flipPending, !isReleased, !isPoweredDown, paceTimer == nil,
              let source else { return }
        let interval = mode.refreshMillihertz > 0 ? 1000.0 / Double(mode.refreshMillihertz) : 1.0 / 60
        let now = loop.clock.now
        // Pace: virtual GPUs (and some panels) complete flips immediately; never flip faster than the mode.
        if now - lastSubmit < interval * 0.95 {
            paceTimer = loop.schedule(after: lastSubmit + interval - now) { [weak self] _ in
                self?.paceTimer = nil
                self?.submitIfReady()
            }
            return
        }
        let damage = waiting
        waiting.removeAll(keepingCapacity: true)
        for b in buffers { for r in damage { Self.merge(r, into: &b.missed) } }
        let target = buffers[back]
        bytesCopiedLastFrame = copy(target.missed, from: source.pixels, bytesPerRow: source.bytesPerRow, into: target)
        let clips = target.missed.map(panelRect)
        target.missed.removeAll(keepingCapacity: true)
        lastSubmit = now
        framesInFlight = framesPresented
        if !modeSet {
            modeset(target)
        } else {
            flip(to: target, clips: clips)
        }
    }

    private func modeset(_ buffer: DumbBuffer) {
        var ok: Bool
        if usesAtomic, let props = atomicProps {
            ok = atomicCommit(buffer, clips: [], flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), modeset: true, props: props)
        } else {
            var connectorID = connector.id.rawValue
            var raw = mode.raw
            ok = drmModeSetCrtc(card.fd, crtc.rawValue, buffer.framebufferID, 0, 0, &connectorID, 1, &raw) == 0
        }
        guard ok else {
            log.error("modeset failed on \(card.path): \(String(cString: strerror(errno))) — is another program the DRM master?")
            return
        }
        modeSet = true
        back = 1 - back
        // A modeset is synchronous: the frame is on screen now.
        flipCompleted()
    }

    private func flip(to buffer: DumbBuffer, clips: [PixelRect]) {
        let cookie = Unmanaged.passUnretained(self).toOpaque()
        var ok: Bool
        if usesAtomic, let props = atomicProps {
            ok = atomicCommit(buffer, clips: clips, flags: UInt32(DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_ATOMIC_NONBLOCK),
                              modeset: false, props: props, cookie: cookie)
        } else {
            var rects = clips.map { drmModeClip(x1: UInt16($0.x), y1: UInt16($0.y), x2: UInt16($0.maxX), y2: UInt16($0.maxY)) }
            let dirty = drmModeDirtyFB(card.fd, buffer.framebufferID, &rects, UInt32(rects.count))
            // -ENOSYS (bochs) and -EOPNOTSUPP mean the driver needs no telling.
            if dirty != 0 && dirty != -ENOSYS && dirty != -EOPNOTSUPP { log.debug("drmModeDirtyFB: \(dirty)") }
            ok = drmModePageFlip(card.fd, crtc.rawValue, buffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), cookie) == 0
        }
        guard ok else {
            let code = errno
            if code == ENODEV || code == ENXIO {
                return displayLost("\(card.path) is gone (page flip: \(String(cString: strerror(code))))")
            }
            log.error("page flip failed: \(String(cString: strerror(code)))")
            // Nothing was queued: the buffer still needs these rectangles next time.
            for r in clips { Self.merge(r, into: &buffer.missed) }
            return
        }
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

    // MARK: The cursor plane

    /// Puts `image` (upright) on the CRTC's cursor plane, hidden until `moveCursor`; `false` when the driver has no
    /// cursor plane or the image does not fit the plane's size (the caller then draws the pointer itself). The
    /// legacy cursor calls are used: drivers with a cursor plane turn them into cursor-plane updates that need no
    /// page flip, so moving the pointer repaints nothing.
    public func installCursor(_ image: CursorImage) -> Bool {
        let upright = image.turned(rotation)
        let w = Int(card.capability(DRM_CAP_CURSOR_WIDTH) ?? 64), h = Int(card.capability(DRM_CAP_CURSOR_HEIGHT) ?? 64)
        guard upright.width <= w, upright.height <= h, !isReleased,
              let buffer = try? DumbBuffer(fd: card.fd, width: w, height: h, format: vitrine_drm_format_argb8888(), bytesPerPixel: 4),
              buffer.pitch == w * 4 else { return false }
        for y in 0..<upright.height {
            let row = buffer.memory.advanced(by: y * buffer.pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<upright.width { row[x] = upright.pixels[y * upright.width + x] }
        }
        // Probe: a driver without a cursor plane refuses (ENXIO, EINVAL); hide it again at once.
        guard drmModeSetCursor2(card.fd, crtc.rawValue, buffer.handle, UInt32(w), UInt32(h),
                                Int32(upright.hotspotX), Int32(upright.hotspotY)) == 0 else {
            log.info("no cursor plane on \(card.driverName) (\(String(cString: strerror(errno)))): the pointer is drawn in the frame")
            return false
        }
        drmModeSetCursor(card.fd, crtc.rawValue, 0, 0, 0)
        cursor = (buffer, upright)
        cursorShown = false
        log.info("pointer on the cursor plane (\(w)x\(h))")
        return true
    }

    /// Moves the pointer's hotspot to logical pixel (`x`, `y`) and shows it.
    public func moveCursor(toLogicalX x: Double, y: Double) {
        guard let cursor, !isReleased, !isPoweredDown else { return }
        let lx = Int(x.rounded(.down)), ly = Int(y.rounded(.down))
        let (pw, ph) = (mode.width, mode.height)
        let (px, py): (Int, Int)
        switch rotation {
        case 90: (px, py) = (pw - 1 - ly, lx)
        case 180: (px, py) = (pw - 1 - lx, ph - 1 - ly)
        case 270: (px, py) = (ly, ph - 1 - lx)
        default: (px, py) = (lx, ly)
        }
        cursorPanelPosition = (px - cursor.image.hotspotX, py - cursor.image.hotspotY)
        if !cursorShown { showCursorPlane() }
        if drmModeMoveCursor(card.fd, crtc.rawValue, Int32(cursorPanelPosition.x), Int32(cursorPanelPosition.y)) == 0 {
            cursorUpdates += 1
        }
    }

    /// Hides the pointer (touch input took over, as touch devices do).
    public func hideCursor() {
        guard cursor != nil, cursorShown else { return }
        cursorShown = false
        if !isReleased, drmModeSetCursor(card.fd, crtc.rawValue, 0, 0, 0) == 0 { cursorUpdates += 1 }
    }

    /// Whether the pointer shows on the cursor plane now.
    public var isCursorShown: Bool { cursorShown }

    private func showCursorPlane() {
        guard let cursor else { return }
        let b = cursor.buffer
        if drmModeSetCursor2(card.fd, crtc.rawValue, b.handle, UInt32(b.width), UInt32(b.height),
                             Int32(cursor.image.hotspotX), Int32(cursor.image.hotspotY)) == 0 {
            cursorShown = true
            cursorUpdates += 1
            drmModeMoveCursor(card.fd, crtc.rawValue, Int32(cursorPanelPosition.x), Int32(cursorPanelPosition.y))
        }
    }

    // MARK: The overlay plane

    public func showOverlay(pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int, x: Int, y: Int, changed: Bool) -> Bool {
        // Not turned: the plane would need turning too (a rotated panel composites the picture instead).
        guard let overlay, usesAtomic, rotation == 0, !isReleased, let props = atomicProps, modeSet,
              width > 0, height > 0, x >= 0, y >= 0, x + width <= mode.width, y + height <= mode.height else { return false }
        let placed = OverlayPlane.Placement(x: x, y: y, width: width, height: height)
        let isNew = overlay.shown != placed
        guard overlay.prepare(placed) else { return false }
        if changed || isNew {
            overlay.write(pixels: pixels, bytesPerRow: bytesPerRow)
            overlayBytesCopiedLastFrame = width * height * 4
        } else {
            overlayBytesCopiedLastFrame = 0
        }
        if isNew {
            // A first placement (or a new size or place): the driver must accept it with the frame as it is.
            overlay.pending = true
            let front = buffers[1 - back]
            guard atomicCommit(front, clips: [], flags: UInt32(DRM_MODE_ATOMIC_TEST_ONLY), modeset: false, props: props) else {
                log.notice("the overlay plane refused a \(width)x\(height) picture at (\(x), \(y)) (TEST_ONLY): composited instead")
                overlay.release()
                return false
            }
            log.info("a \(width)x\(height) picture on overlay plane \(overlay.plane) at (\(x), \(y))")
        }
        if changed || isNew {
            overlay.pending = true
            submitIfReady()
        }
        return true
    }

    public func hideOverlay() {
        guard let overlay, overlay.shown != nil else { return }
        overlay.hide()
        submitIfReady()
    }

    // MARK: Writeback captures

    /// Takes capture requests: `directory/requests` is a FIFO (the test makes it) whose lines name captures; each is
    /// taken at the next quiet moment (no flip in flight) through the CRTC's writeback connector, written to
    /// `directory/NAME.ppm`, and its name appended to `directory/captured`. Without a writeback connector, says so
    /// once and takes none.
    private func listenForCaptureRequests(directory: String, crtcIndex: Int) {
        guard let capture = WritebackCapture(card: card, crtcIndex: crtcIndex, width: mode.width, height: mode.height) else {
            log.notice("VITRINE_WRITEBACK_DIR is set but \(card.driverName) has no writeback connector for this CRTC")
            return
        }
        let fifo = directory + "/requests"
        // Read-write so that the FIFO never reads end-of-file when a writer closes it.
        let fd = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            log.error("writeback captures: cannot open \(fifo): \(String(cString: strerror(errno)))")
            return
        }
        writeback = capture
        captureDirectory = directory
        var pending = ""
        captureSource = loop.watchReadable(fd: fd) { [weak self] in
            var chunk = [UInt8](repeating: 0, count: 512)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return }
            pending += String(decoding: chunk[0..<n], as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                let name = pending[..<newline].trimmingCharacters(in: .whitespaces)
                pending.removeSubrange(...newline)
                if !name.isEmpty { self?.captureRequests.append(name) }
            }
            self?.captureIfQuiet()
        }
        log.info("writeback captures from \(fifo) (connector \(capture.connector))")
    }

    /// Takes the waiting captures if nothing is in flight: a blocking commit of the buffer on screen with the
    /// writeback attached, then the fence, then the file.
    private func captureIfQuiet() {
        guard !captureRequests.isEmpty, let writeback, let directory = captureDirectory, let props = atomicProps,
              modeSet, !flipPending, !isReleased else { return }
        let name = captureRequests.removeFirst()
        let front = buffers[1 - back]
        var fence: Int32 = -1
        // Cloned: the writeback beside the panel's connector. Drivers whose encoders cannot be cloned (vkms in 6.12
        // sets no possible_clones: the kernel's clone check refuses the pair) get the writeback alone on the CRTC
        // for the capture — a modeset away from the panel and one back.
        func commit(alone: Bool, testOnly: Bool) -> Bool {
            guard let req = drmModeAtomicAlloc() else { return false }
            defer { drmModeAtomicFree(req) }
            drmModeAtomicAddProperty(req, props.plane, props.planeFB, UInt64(front.framebufferID))
            var modeset = writeback.add(to: req, crtc: props.crtc, fence: &fence)
            if alone {
                drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, 0)
                modeset = true
            }
            let flags = (modeset ? UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) : 0) | (testOnly ? UInt32(DRM_MODE_ATOMIC_TEST_ONLY) : 0)
            return drmModeAtomicCommit(card.fd, req, flags, nil) == 0
        }
        let alone = !commit(alone: false, testOnly: true)
        let ok = commit(alone: alone, testOnly: false)
        if ok && !alone { writeback.committed() }
        var result = "failed"
        if ok {
            if writeback.wait(fence: fence) {
                do {
                    try writeback.writePPM(to: "\(directory)/\(name).ppm")
                    result = "ok"
                } catch {
                    log.error("writeback capture \(name): \(error)")
                }
            } else {
                log.error("writeback capture \(name): the fence did not signal")
            }
        } else {
            log.error("writeback capture \(name): commit refused: \(String(cString: strerror(errno)))")
        }
        if ok && alone && !reattachPanel(props: props, front: front, writeback: writeback) {
            log.error("writeback capture \(name): the panel's connector could not be routed back: \(String(cString: strerror(errno)))")
        }
        // One line per capture, appended (O_APPEND: whole lines even with a reader polling the file).
        let log = open("\(directory)/captured", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if log >= 0 {
            let line = Array("\(name) \(result)\n".utf8)
            _ = line.withUnsafeBytes { write(log, $0.baseAddress, $0.count) }
            close(log)
        }
        if captureRequests.isEmpty { submitIfReady() } else { captureIfQuiet() }
    }

    /// After a capture with the writeback alone on the CRTC: the panel's connector back, the writeback off.
    private func reattachPanel(props: AtomicProperties, front: DumbBuffer, writeback: WritebackCapture) -> Bool {
        guard let req = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(req) }
        drmModeAtomicAddProperty(req, props.plane, props.planeFB, UInt64(front.framebufferID))
        drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, UInt64(props.crtc))
        let wb = card.properties(object: writeback.connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        if let id = wb["CRTC_ID"]?.id { drmModeAtomicAddProperty(req, writeback.connector, id, 0) }
        return drmModeAtomicCommit(card.fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0
    }

    /// Puts the CRTC back as `saved` describes, the plane upright, in one atomic commit.
    private func restoreAtomically(_ saved: drmModeCrtc, props: AtomicProperties) -> Bool {
        guard let req = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(req) }
        var blob: UInt32 = 0
        var mode = saved.mode
        let shows = saved.buffer_id != 0 && saved.mode_valid != 0
        if shows, drmModeCreatePropertyBlob(card.fd, &mode, MemoryLayout<drmModeModeInfo>.size, &blob) != 0 { return false }
        defer { if blob != 0 { drmModeDestroyPropertyBlob(card.fd, blob) } }
        let (w, h) = shows ? (UInt64(mode.hdisplay), UInt64(mode.vdisplay)) : (0, 0)
        let plane = props.plane
        if let planeRotation { drmModeAtomicAddProperty(req, plane, planeRotation.property, 1) } // rotate-0 is bit 0
        drmModeAtomicAddProperty(req, plane, props.planeFB, UInt64(saved.buffer_id))
        drmModeAtomicAddProperty(req, plane, props.planeCRTC, shows ? UInt64(props.crtc) : 0)
        drmModeAtomicAddProperty(req, plane, props.srcX, UInt64(saved.x) << 16)
        drmModeAtomicAddProperty(req, plane, props.srcY, UInt64(saved.y) << 16)
        drmModeAtomicAddProperty(req, plane, props.srcW, w << 16)
        drmModeAtomicAddProperty(req, plane, props.srcH, h << 16)
        drmModeAtomicAddProperty(req, plane, props.crtcX, 0)
        drmModeAtomicAddProperty(req, plane, props.crtcY, 0)
        drmModeAtomicAddProperty(req, plane, props.crtcW, w)
        drmModeAtomicAddProperty(req, plane, props.crtcH, h)
        drmModeAtomicAddProperty(req, props.crtc, props.crtcMode, UInt64(blob))
        drmModeAtomicAddProperty(req, props.crtc, props.crtcActive, shows ? 1 : 0)
        drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, shows ? UInt64(props.crtc) : 0)
        if let writeback, writeback.attached {
            // The writeback connector goes too (it was routed to the CRTC for captures).
            let wb = card.properties(object: writeback.connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
            if let id = wb["CRTC_ID"]?.id { drmModeAtomicAddProperty(req, writeback.connector, id, 0) }
        }
        return drmModeAtomicCommit(card.fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0
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
        if !captureRequests.isEmpty { return captureIfQuiet() }
        submitIfReady()
    }

    // MARK: Copying

    /// Copies `rects` (logical pixels) of the shadow buffer into `buffer` (panel pixels), turning them by the
    /// panel's rotation; never reads the buffer. Returns the bytes written.
    private func copy(_ rects: [PixelRect], from pixels: UnsafeRawPointer, bytesPerRow: Int, into buffer: DumbBuffer) -> Int {
        var bytes = 0
        let logical = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        let xrgb = vitrine_drm_format_xrgb8888()
        let bytesPerPixel = format == vitrine_drm_format_argb8888() || format == xrgb ? 4 : 2
        let streaming = FrameCopy.streams(rects)
        for rect in rects {
            let r = rect.intersection(logical)
            guard !r.isEmpty else { continue }
            if format == xrgb && copyRotation == 0 {
                FrameCopy.copy(r, from: pixels, bytesPerRow: bytesPerRow, to: buffer.memory, destinationBytesPerRow: buffer.pitch,
                               streaming: streaming)
            } else {
                pixmanCopy(r, from: pixels, bytesPerRow: bytesPerRow, into: buffer)
            }
            bytes += r.area * bytesPerPixel
        }
        return bytes
    }

    /// The general copy: pixman converts the format (ARGB8888 written opaque, RGB565) and turns the rectangle.
    private func pixmanCopy(_ r: PixelRect, from pixels: UnsafeRawPointer, bytesPerRow: Int, into buffer: DumbBuffer) {
        let dstFormat = format == vitrine_drm_format_argb8888() ? PIXMAN_a8r8g8b8
            : format == vitrine_drm_format_xrgb8888() ? PIXMAN_x8r8g8b8 : PIXMAN_r5g6b5
        guard let src = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(pixelWidth), Int32(pixelHeight),
                                                 UnsafeMutablePointer(mutating: pixels.assumingMemoryBound(to: UInt32.self)),
                                                 Int32(bytesPerRow)),
              let dst = pixman_image_create_bits(dstFormat, Int32(buffer.width), Int32(buffer.height),
                                                 buffer.memory.assumingMemoryBound(to: UInt32.self), Int32(buffer.pitch)) else { return }
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        let target = panelRect(r)
        if copyRotation != 0 {
            // pixman maps destination (panel) pixels to source (logical) ones.
            let (pw, ph) = (Double(buffer.width), Double(buffer.height))
            let m: [[Double]]
            switch copyRotation {
            case 90: m = [[0, 1, 0], [-1, 0, pw]]      // x = py, y = PW - px
            case 180: m = [[-1, 0, pw], [0, -1, ph]]   // x = PW - px, y = PH - py
            default: m = [[0, -1, ph], [1, 0, 0]]      // x = PH - py, y = px
            }
            var t = pixman_transform_t()
            pixman_transform_init_identity(&t)
            withUnsafeMutableBytes(of: &t.matrix) { raw in
                let f = raw.bindMemory(to: pixman_fixed_t.self)
                for row in 0..<2 { for col in 0..<3 { f[row * 3 + col] = pixman_fixed_t(m[row][col] * 65536) } }
            }
            pixman_image_set_transform(src, &t)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, Int32(target.x), Int32(target.y), 0, 0,
                                 Int32(target.x), Int32(target.y), Int32(target.width), Int32(target.height))
    }

    /// Where logical rectangle `r` lands in the buffers (the panel's pixels, or the upright picture when the plane
    /// turns it).
    func panelRect(_ r: PixelRect) -> PixelRect {
        let (pw, ph) = (mode.width, mode.height)
        switch copyRotation {
        case 90: return PixelRect(x: pw - r.maxY, y: r.x, width: r.height, height: r.width)
        case 180: return PixelRect(x: pw - r.maxX, y: ph - r.maxY, width: r.width, height: r.height)
        case 270: return PixelRect(x: r.y, y: ph - r.maxX, width: r.height, height: r.width)
        default: return r
        }
    }

    /// Adds `r` to a short list of rectangles, merging it with those it overlaps.
    static func merge(_ r: PixelRect, into list: inout [PixelRect]) {
        guard !r.isEmpty else { return }
        var rect = r
        var i = 0
        while i < list.count {
            if list[i].intersects(rect) { rect = rect.union(list.remove(at: i)); i = 0 } else { i += 1 }
        }
        list.append(rect)
    }

    static func fourccName(_ code: UInt32) -> String {
        String(decoding: [UInt8(code & 0xFF), UInt8((code >> 8) & 0xFF), UInt8((code >> 16) & 0xFF), UInt8(code >> 24)], as: UTF8.self)
    }

    static func pickMode(_ modes: [DisplayMode], _ c: KMSConfiguration) -> DisplayMode? {
        guard let w = c.modeWidth, let h = c.modeHeight else { return modes.first(where: \.isPreferred) ?? modes.first }
        let sized = modes.filter { $0.width == w && $0.height == h }
        guard let refresh = c.modeRefresh else { return sized.first(where: \.isPreferred) ?? sized.first }
        return sized.min { abs($0.refresh - refresh) < abs($1.refresh - refresh) }
    }

    // MARK: Atomic

    private func testAtomicModeset() -> Bool {
        guard let props = atomicProps else { return false }
        return atomicCommit(buffers[0], clips: [], flags: UInt32(DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET),
                            modeset: true, props: props)
    }

    private func atomicCommit(_ buffer: DumbBuffer, clips: [PixelRect], flags: UInt32, modeset: Bool,
                              props: AtomicProperties, cookie: UnsafeMutableRawPointer? = nil) -> Bool {
        guard let req = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(req) }
        let plane = props.plane
        if modeset {
            drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, UInt64(props.crtc))
            drmModeAtomicAddProperty(req, props.crtc, props.crtcMode, UInt64(modeBlob))
            drmModeAtomicAddProperty(req, props.crtc, props.crtcActive, 1)
            drmModeAtomicAddProperty(req, plane, props.planeCRTC, UInt64(props.crtc))
            drmModeAtomicAddProperty(req, plane, props.srcX, 0)
            drmModeAtomicAddProperty(req, plane, props.srcY, 0)
            drmModeAtomicAddProperty(req, plane, props.srcW, UInt64(buffer.width) << 16)
            drmModeAtomicAddProperty(req, plane, props.srcH, UInt64(buffer.height) << 16)
            drmModeAtomicAddProperty(req, plane, props.crtcX, 0)
            drmModeAtomicAddProperty(req, plane, props.crtcY, 0)
            drmModeAtomicAddProperty(req, plane, props.crtcW, UInt64(mode.width))
            drmModeAtomicAddProperty(req, plane, props.crtcH, UInt64(mode.height))
            if let planeRotation { drmModeAtomicAddProperty(req, plane, planeRotation.property, planeRotation.value) }
        }
        drmModeAtomicAddProperty(req, plane, props.planeFB, UInt64(buffer.framebufferID))
        overlay?.add(to: req, crtc: props.crtc, everything: modeset)
        var blob: UInt32 = 0
        if let damageProp = props.damageClips, !clips.isEmpty {
            var rects = clips.map { drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
            if drmModeCreatePropertyBlob(card.fd, &rects, MemoryLayout<drm_mode_rect>.stride * rects.count, &blob) == 0 {
                drmModeAtomicAddProperty(req, plane, damageProp, UInt64(blob))
            }
        }
        defer { if blob != 0 { drmModeDestroyPropertyBlob(card.fd, blob) } }
        let ok = drmModeAtomicCommit(card.fd, req, flags, cookie) == 0
        if ok, flags & UInt32(DRM_MODE_ATOMIC_TEST_ONLY) == 0 { overlay?.committed() }
        return ok
    }
}

/// The property ids an atomic commit needs, looked up once.
struct AtomicProperties {
    let connector: UInt32, crtc: UInt32, plane: UInt32
    let connectorCRTC: UInt32, crtcMode: UInt32, crtcActive: UInt32
    let planeFB: UInt32, planeCRTC: UInt32
    let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32
    /// `FB_DAMAGE_CLIPS`, where the driver has it.
    let damageClips: UInt32?

    @MainActor
    init?(card: DRMCard, connector: ConnectorID, crtc: CRTCID, plane: PlaneID) {
        let c = card.properties(object: connector.rawValue, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        let k = card.properties(object: crtc.rawValue, type: UInt32(DRM_MODE_OBJECT_CRTC))
        let p = card.properties(object: plane.rawValue, type: UInt32(DRM_MODE_OBJECT_PLANE))
        guard let cc = c["CRTC_ID"]?.id, let mode = k["MODE_ID"]?.id, let active = k["ACTIVE"]?.id,
              let fb = p["FB_ID"]?.id, let pc = p["CRTC_ID"]?.id, let sx = p["SRC_X"]?.id, let sy = p["SRC_Y"]?.id,
              let sw = p["SRC_W"]?.id, let sh = p["SRC_H"]?.id, let cx = p["CRTC_X"]?.id, let cy = p["CRTC_Y"]?.id,
              let cw = p["CRTC_W"]?.id, let ch = p["CRTC_H"]?.id else { return nil }
        self.connector = connector.rawValue; self.crtc = crtc.rawValue; self.plane = plane.rawValue
        connectorCRTC = cc; crtcMode = mode; crtcActive = active; planeFB = fb; planeCRTC = pc
        srcX = sx; srcY = sy; srcW = sw; srcH = sh; crtcX = cx; crtcY = cy; crtcW = cw; crtcH = ch
        damageClips = p["FB_DAMAGE_CLIPS"]?.id
    }
}
