import CoreGraphics
import Foundation
import VitrinePlatform

/// Input events (from libinput, a recording, a test) into UIKit events: touch contacts are collected per device
/// until the device's frame and delivered as one `UIEvent`; a mouse or touchpad acts as one finger while its
/// primary button is down; keys become `UIPress`es through the keyboard layout and go to the first responder.
///
/// Coordinates: a device's normalised position → (its calibration, applied by libinput) → the panel rotation
/// the display uses → points on the device's screen (the board's `touch.screen`, else the main screen).
@preconcurrency @MainActor
package final class InputRouter {
    private unowned let application: UIApplication
    /// The screen a device's touches land on; the main screen unless set (the board's `touch.screen`).
    package var screenForDevice: (InputDeviceInfo?) -> UIScreen = { _ in UIScreen.main }
    /// How the panel behind a screen is mounted (clockwise degrees); the KMS output's rotation by default.
    package var panelRotation: (UIScreen) -> Int = { $0.display?.rotation ?? 0 }
    /// The keyboard layout keys go through; `nil` until a keyboard appears (then the board's layout, or "us").
    package var keyboardLayout: KeyboardLayout?
    /// The layout a keyboard gets when it appears (from the board).
    package var keyboardLayoutName = "us"
    /// Called with every event before it is handled (`VITRINE_INPUT_RECORD` records through this).
    private var observers: [(InputEvent) -> Void] = []

    /// Adds a closure that sees every input event before it is handled.
    package func addObserver(_ body: @escaping (InputEvent) -> Void) { observers.append(body) }
    /// Devices present (from their added events).
    package private(set) var devices: [Int: InputDeviceInfo] = [:]

    private var pending: [Int: [TouchDelivery.Contact]] = [:]
    private var pointerLocation: CGPoint?
    private var pointerDown = false
    private var presses: [UInt32: UIPress] = [:]
    private let pressesEvent = UIPressesEvent()
    /// Key commands, the first responder's presses, key repeat.
    private lazy var keyDispatch = KeyDispatch(application: application)
    private var layoutFailed = false
    /// The pointer's pseudo-slot: beyond any seat slot libinput hands out.
    static let pointerSlot = Int.max

    init(application: UIApplication) { self.application = application }

    /// Handles one event (Vitrine: synthetic devices and tests feed events here).
    package func handle(_ event: InputEvent) {
        for observer in observers { observer(event) }
        // Input on blank screens wakes them and is not delivered.
        if application.idleTimer.filter(event) { return }
        let seconds = TimeInterval(event.time) / 1_000_000
        switch event {
        case let .touchDown(_, device, slot, x, y, major):
            // A finger on the screen: the pointer goes, as on touch devices.
            application.pointerCursor.hide()
            queue(device, slot, .began, x, y, major, seconds)
        case let .touchMotion(_, device, slot, x, y, major):
            queue(device, slot, .moved, x, y, major, seconds)
        case let .touchUp(_, device, slot):
            queue(device, slot, .ended, nil, nil, nil, seconds)
        case let .touchCancel(_, device, slot):
            queue(device, slot, .cancelled, nil, nil, nil, seconds)
        case let .touchFrame(_, device):
            guard let contacts = pending.removeValue(forKey: device) else { return }
            application.touchDelivery.deliver(contacts, time: seconds)
        case let .pointerMotion(_, device, dx, dy):
            let screen = screenForDevice(devices[device])
            let start = pointerLocation ?? CGPoint(x: screen.bounds.midX, y: screen.bounds.midY)
            let p = CGPoint(x: min(max(start.x + CGFloat(dx) / screen.scale, 0), screen.bounds.maxX - 0.001),
                            y: min(max(start.y + CGFloat(dy) / screen.scale, 0), screen.bounds.maxY - 0.001))
            movePointer(to: p, device: device, screen: screen, time: seconds)
        case let .pointerAbsolute(_, device, x, y):
            let screen = screenForDevice(devices[device])
            movePointer(to: point(x, y, on: screen), device: device, screen: screen, time: seconds)
        case let .pointerButton(_, device, button, pressed):
            guard button == 0x110 else { return } // BTN_LEFT: the finger; other buttons are not touches
            let screen = screenForDevice(devices[device])
            let p = pointerLocation ?? CGPoint(x: screen.bounds.midX, y: screen.bounds.midY)
            pointerLocation = p
            guard pressed != pointerDown else { return }
            pointerDown = pressed
            application.touchDelivery.deliver([TouchDelivery.Contact(key: TouchKey(device: 0, slot: Self.pointerSlot),
                                                                     phase: pressed ? .began : .ended, location: p, screen: screen,
                                                                     type: .indirectPointer)], time: seconds)
        case let .key(_, _, code, pressed):
            key(code, pressed: pressed, time: seconds)
        case let .deviceAdded(_, info):
            devices[info.id] = info
            if info.capabilities.contains(.keyboard) { loadKeyboardLayoutIfNeeded() }
            updateHardwareKeyboard()
        case let .deviceRemoved(_, device):
            devices[device] = nil
            updateHardwareKeyboard()
            pending[device] = nil
            // A touch on a device that went away is cancelled (libinput may already have ended it).
            application.touchDelivery.cancelTouches(device: device, time: seconds)
        }
    }

    /// Tells text input whether a keyboard with letters is attached (the on-screen keyboard stays away then).
    private func updateHardwareKeyboard() {
        application.textInput.hardwareKeyboardAttached = devices.values.contains { $0.capabilities.contains(.textKeys) }
    }

    /// Cancels every touch and press in progress (the VT was switched away, input suspended).
    package func cancelAll() {
        let now = TimeInterval(MonotonicClock.microsecondsNow) / 1_000_000
        pending.removeAll()
        if pointerDown { pointerDown = false }
        application.touchDelivery.cancelTouches(device: nil, time: now)
        let cancelled = Set(presses.values)
        presses.removeAll()
        keyDispatch.stopRepeating()
        guard !cancelled.isEmpty else { return }
        for p in cancelled { p.phase = .cancelled }
        pressesEvent.allPresses = cancelled
        pressesEvent.changedPresses = Array(cancelled)
        for p in cancelled { p.responder?.pressesCancelled([p], with: pressesEvent) }
    }

    /// A position normalised to the panel, in points on `screen`.
    func point(_ x: Double, _ y: Double, on screen: UIScreen) -> CGPoint {
        let rotation = panelRotation(screen)
        let (lx, ly) = logicalPosition(panelX: x, panelY: y, rotation: rotation)
        // Just inside the far edges, so a touch at 1.0 still hits the last row of points.
        return CGPoint(x: min(CGFloat(lx) * screen.bounds.width, screen.bounds.width - 0.001),
                       y: min(CGFloat(ly) * screen.bounds.height, screen.bounds.height - 0.001))
    }

    private func queue(_ device: Int, _ slot: Int, _ phase: UITouch.Phase, _ x: Double?, _ y: Double?, _ major: Double?,
                       _ time: TimeInterval) {
        let screen = screenForDevice(devices[device])
        let key = TouchKey(device: device, slot: slot)
        var location = CGPoint.zero
        if let x, let y { location = point(x, y, on: screen) }
        else if let known = pending[device]?.last(where: { $0.key == key }) { location = known.location }
        var radius: CGFloat?
        if let major, major.isFinite, major > 0 { radius = CGFloat(min(major, 1)) * screen.bounds.width / 2 }
        var list = pending[device] ?? []
        // Several changes of one contact in a frame: the last position wins, a began stays a began.
        if let i = list.firstIndex(where: { $0.key == key }), list[i].phase != .ended, list[i].phase != .cancelled {
            if phase == .moved {
                if x != nil { list[i].location = location }
                if radius != nil { list[i].majorRadius = radius }
            } else if list[i].phase == .began && (phase == .ended || phase == .cancelled) {
                // Down and up in one frame: deliver the began now so the touch exists, then its end.
                application.touchDelivery.deliver([list.remove(at: i)], time: time)
                list.append(TouchDelivery.Contact(key: key, phase: phase, location: location, screen: screen))
            } else {
                list[i].phase = phase
            }
        } else {
            if phase == .ended || phase == .cancelled, x == nil {
                location = application.touchDelivery.touchesInProgress.first { $0.key == key }?.screenLocation ?? location
            }
            list.append(TouchDelivery.Contact(key: key, phase: phase, location: location, screen: screen, majorRadius: radius))
        }
        pending[device] = list
    }

    private func movePointer(to p: CGPoint, device: Int, screen: UIScreen, time: TimeInterval) {
        pointerLocation = p
        application.pointerCursor.moved(to: p, on: screen)
        guard pointerDown else { return }
        application.touchDelivery.deliver([TouchDelivery.Contact(key: TouchKey(device: 0, slot: Self.pointerSlot), phase: .moved,
                                                                 location: p, screen: screen, type: .indirectPointer)], time: time)
    }

    // MARK: Keys

    private func key(_ code: UInt32, pressed: Bool, time: TimeInterval) {
        loadKeyboardLayoutIfNeeded()
        let meaning = keyboardLayout?.handle(code: code, pressed: pressed)
        let uiKey = UIKey(characters: meaning?.characters ?? "", charactersIgnoringModifiers: meaning?.charactersIgnoringModifiers ?? "",
                          modifierFlags: Self.flags(meaning?.modifiers ?? []), keyCode: .fromEvdev(code))
        for held in presses.values { held.phase = .stationary }
        let press: UIPress
        if pressed {
            guard presses[code] == nil else { return } // a repeat: presses begin once
            press = UIPress()
            press.phase = .began
            presses[code] = press
        } else {
            guard let existing = presses.removeValue(forKey: code) else { return }
            press = existing
            press.phase = .ended
        }
        press.timestamp = time
        press.key = uiKey
        pressesEvent.timestamp = time
        pressesEvent.allPresses = Set(presses.values).union([press])
        pressesEvent.changedPresses = [press]
        application.sendEvent(pressesEvent)
    }

    /// Compiles the layout the first time a keyboard needs it. A failure is said once: keys still arrive, with
    /// their HID codes but no text.
    private func loadKeyboardLayoutIfNeeded() {
        guard keyboardLayout == nil, !layoutFailed else { return }
        do { keyboardLayout = try KeyboardLayout(layout: keyboardLayoutName) } catch {
            layoutFailed = true
            VitrineLog.logger("vitrine.input").error("keyboard: \(error)")
        }
    }

    /// UIWindow.sendEvent for presses: key commands, then the first responder (else the window); see KeyDispatch.
    func deliverPresses(_ event: UIPressesEvent, in window: UIWindow) {
        keyDispatch.deliver(event, in: window)
    }

    static func flags(_ m: KeyboardLayout.Modifiers) -> UIKeyModifierFlags {
        var f: UIKeyModifierFlags = []
        if m.contains(.capsLock) { f.insert(.alphaShift) }
        if m.contains(.shift) { f.insert(.shift) }
        if m.contains(.control) { f.insert(.control) }
        if m.contains(.alternate) { f.insert(.alternate) }
        if m.contains(.command) { f.insert(.command) }
        return f
    }

    // MARK: Replay

    /// Plays `recording` into the app from now on the application's run loop, keeping the recorded gaps (times
    /// are shifted to now). Returns the recording's length in seconds.
    @discardableResult
    package func replay(_ recording: InputRecording) -> Double {
        guard let first = recording.events.first?.time else { return 0 }
        let base = UInt64(max(0, application.runLoop.clock.now) * 1_000_000)
        let last = recording.events.last!.time
        var batches: [(offset: UInt64, events: [InputEvent])] = []
        for e in recording.events {
            let offset = e.time >= first ? e.time - first : 0
            if let i = batches.indices.last, batches[i].offset == offset { batches[i].events.append(e.at(base + offset)) }
            else { batches.append((offset, [e.at(base + offset)])) }
        }
        for batch in batches {
            application.runLoop.schedule(after: Double(batch.offset) / 1_000_000) { [weak self] _ in
                for e in batch.events { self?.handle(e) }
            }
        }
        return Double(last - first) / 1_000_000
    }
}
