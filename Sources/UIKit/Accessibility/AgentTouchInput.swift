import CoreGraphics
import Foundation
import VitrinePlatform

/// Where the UI-test agent's touches go in. When the app reads a real seat (libinput) and `/dev/uinput` can be
/// written, the agent makes a touchscreen of its own there, so a test's tap travels the kernel, evdev, libinput and
/// the input router exactly as a finger's does; otherwise (a headless screen, no uinput, or a board whose
/// calibration matrix applies to every touch device and would bend the agent's too) the events go straight into
/// the input router as a device of its own.
@MainActor
final class AgentTouchInput {
    /// The uinput device's name (also how the agent recognises it when libinput adds it).
    static let deviceName = "Vitrine UI agent touch"
    /// The router-side device id when the events bypass uinput (no input device has it).
    static let routerDevice = 9_990

    private unowned let application: UIApplication
    private var uinput: UInputTouchscreen?
    /// The id the seat gave the uinput device, once libinput has added it.
    private var seatDevice: Int?
    private var routerDeviceAdded = false
    /// Lifts the router has seen from the agent's device (the uinput path completes when they arrive).
    private var liftsSeen = 0
    private var liftsSent = 0

    init(application: UIApplication) {
        self.application = application
        guard application.inputSeat != nil else { return }
        if let board = DisplaySelection.selectedBoard, board.touchCalibration != nil, board.touchDevice == nil {
            AccessibilityAgent.log.info("UI agent: the board calibrates every touch device; touches go to the input router")
            return
        }
        do {
            uinput = try UInputTouchscreen(name: Self.deviceName, slots: 2)
        } catch {
            AccessibilityAgent.log.info("UI agent: \(error); touches go to the input router")
            return
        }
        application.input.addObserver { [weak self] event in
            MainActor.assumeIsolated { self?.observe(event) }
        }
        AccessibilityAgent.log.info("UI agent: touches through a uinput touchscreen (\(Self.deviceName))")
    }

    private func observe(_ event: InputEvent) {
        switch event {
        case let .deviceAdded(_, info) where info.name == Self.deviceName:
            seatDevice = info.id
        case let .deviceRemoved(_, id) where id == seatDevice:
            seatDevice = nil
        case let .touchUp(_, device, _) where device == seatDevice:
            liftsSeen += 1
        default:
            break
        }
    }

    /// Runs `body` once the path is ready: at once for the router, when libinput has added the uinput device
    /// (at most 3 s after the agent started; after that the router is used).
    func whenReady(_ body: @escaping @MainActor () -> Void) {
        guard uinput != nil, seatDevice == nil else { return body() }
        let deadline = application.runLoop.clock.now + 3
        func poll() {
            if seatDevice != nil { return body() }
            if application.runLoop.clock.now > deadline {
                AccessibilityAgent.log.warning("UI agent: libinput never added \(Self.deviceName); touches go to the input router")
                uinput = nil
                return body()
            }
            application.runLoop.schedule(after: 0.02) { _ in poll() }
        }
        poll()
    }

    /// A finger down at `point` (screen points; `slot` for more than one finger).
    func down(_ point: CGPoint, slot: Int = 0) {
        let p = position(point)
        send(.touchDown(time: now, device: device, slot: slot, x: p.x, y: p.y, major: nil))
    }
    /// The finger at `slot` moved to `point`.
    func move(_ point: CGPoint, slot: Int = 0) {
        let p = position(point)
        send(.touchMotion(time: now, device: device, slot: slot, x: p.x, y: p.y, major: nil))
    }
    /// The finger at `slot` lifted.
    func up(slot: Int = 0) {
        liftsSent += 1
        send(.touchUp(time: now, device: device, slot: slot))
    }

    /// Ends a touch sequence: `completion` once the router has seen every lift sent (the uinput path is
    /// asynchronous: the kernel and libinput hand the events back on a later turn), at most a second later.
    func settle(_ completion: @escaping @MainActor () -> Void) {
        guard uinput != nil else { return completion() }
        let deadline = application.runLoop.clock.now + 1
        func poll() {
            if liftsSeen >= liftsSent || application.runLoop.clock.now > deadline { return completion() }
            application.runLoop.schedule(after: 0.01) { _ in poll() }
        }
        poll()
    }

    private var device: Int { uinput != nil ? 0 : Self.routerDevice }

    /// A point of the screen as the device's position: screen points → the upright screen's fractions → the panel's
    /// on the uinput path (the router turns them back).
    private func position(_ point: CGPoint) -> (x: Double, y: Double) {
        let screen = UIScreen.main
        let lx = Double(min(max(point.x / screen.bounds.width, 0), 0.9999))
        let ly = Double(min(max(point.y / screen.bounds.height, 0), 0.9999))
        guard uinput != nil else { return (lx, ly) }
        return Self.panelPosition(logicalX: lx, logicalY: ly, rotation: application.input.panelRotation(screen))
    }

    private func send(_ event: InputEvent) {
        if let uinput {
            do {
                try uinput.send(event)
                try uinput.send(.touchFrame(time: now, device: 0))
            } catch {
                AccessibilityAgent.log.error("UI agent: \(error); touches go to the input router")
                self.uinput = nil
                liftsSent = liftsSeen
            }
            return
        }
        let input = application.input
        if !routerDeviceAdded {
            routerDeviceAdded = true
            input.handle(.deviceAdded(time: now, InputDeviceInfo(id: Self.routerDevice, name: "Vitrine UI agent", node: "agent",
                                                                  capabilities: .touch)))
        }
        input.handle(event)
        input.handle(.touchFrame(time: now, device: Self.routerDevice))
    }

    /// The inverse of `logicalPosition(panelX:panelY:rotation:)`: where on the panel as it scans out a point of
    /// the upright screen lies.
    static func panelPosition(logicalX x: Double, logicalY y: Double, rotation: Int) -> (x: Double, y: Double) {
        switch rotation {
        case 90: return (1 - y, x)
        case 180: return (1 - x, 1 - y)
        case 270: return (y, 1 - x)
        default: return (x, y)
        }
    }

    private var now: UInt64 { UInt64((application.runLoop.clock.now * 1_000_000).rounded()) }
}
