// The input layer below UIKit: the recording format, panel rotation mapping, keyboard layouts, libinput.
import Testing
import Foundation
@testable import VitrinePlatform

@Suite struct InputRecordingTests {
    @Test func textRoundTrips() throws {
        let events: [InputEvent] = [
            .deviceAdded(time: 0, InputDeviceInfo(id: 1, name: "Panel Touch (v2)", node: "replay", capabilities: [.touch, .keyboard])),
            .touchDown(time: 1000, device: 1, slot: 0, x: 0.25, y: 0.5, major: nil),
            .touchFrame(time: 1000, device: 1),
            .touchMotion(time: 17000, device: 1, slot: 0, x: 0.26, y: 0.5, major: 0.01),
            .touchUp(time: 30000, device: 1, slot: 0),
            .touchCancel(time: 30001, device: 1, slot: 3),
            .pointerMotion(time: 5, device: 2, dx: 3.5, dy: -1),
            .pointerAbsolute(time: 6, device: 2, x: 0.5, y: 0.75),
            .pointerButton(time: 7, device: 2, button: 272, pressed: true),
            .key(time: 8, device: 3, code: 30, pressed: false),
            .deviceRemoved(time: 9, device: 1),
        ]
        let text = InputRecording(events: events).text
        #expect(text.hasPrefix("# vitrine-input 1\n"))
        #expect(try InputRecording.parse(text).events == events)
    }

    @Test func badLinesSayWhereAndWhy() {
        func problem(_ text: String) -> String? {
            do { _ = try InputRecording.parse(text, file: "r.txt"); return nil } catch { return "\(error)" }
        }
        #expect(problem("0 down 1 0 0.5 0.5\n") == "r.txt:1: a recording starts with '# vitrine-input 1'")
        #expect(problem("") == "r.txt:1: empty: a recording starts with '# vitrine-input 1'")
        #expect(problem("# vitrine-input 1\nx down 1 0 0 0") == "r.txt:2: the time must be whole microseconds, got 'x'")
        #expect(problem("# vitrine-input 1\n5 jump 1") == "r.txt:2: unknown event 'jump' (down, move, up, cancel, frame, pmove, pabs, button, key, added, removed)")
        #expect(problem("# vitrine-input 1\n5 down 1 0 nan 0")?.contains("x must be a number") == true)
        #expect(problem("# vitrine-input 1\n5 up 1") == "r.txt:2: up takes 2 fields, got 1")
        #expect(problem("# vitrine-input 1\n5 key 1 30 sideways") == "r.txt:2: key: expected down or up")
        #expect(problem("# vitrine-input 1\n5 added 1 touch 'unterminated") == "r.txt:2: unterminated name")
    }

    @Test func theShippedRecordingsParse() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Recordings").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(names).isSuperset(of: ["tap.txt", "double-tap.txt", "long-press.txt", "pinch.txt", "rotate.txt", "swipe-left.txt", "fling.txt"]))
        for name in names {
            let recording = try InputRecording.load(path: dir.appendingPathComponent(name).path)
            #expect(!recording.events.isEmpty, "\(name)")
            // Every touch that goes down comes up, and every change is closed by a frame.
            var down = Set<Int>()
            var open = false
            for e in recording.events {
                switch e {
                case let .touchDown(_, _, s, _, _, _): down.insert(s); open = true
                case .touchMotion: open = true
                case let .touchUp(_, _, s): down.remove(s); open = true
                case .touchFrame: open = false
                default: break
                }
            }
            #expect(down.isEmpty && !open, "\(name)")
        }
    }
}

@Suite struct PanelMappingTests {
    @Test func cornersFollowTheRotationTheDisplayUses() {
        // The panel's top-left corner shows, for each mounting, this logical corner (KMSOutput's copy).
        #expect(logicalPosition(panelX: 0, panelY: 0, rotation: 0) == (0, 0))
        #expect(logicalPosition(panelX: 0, panelY: 0, rotation: 90) == (0, 1))
        #expect(logicalPosition(panelX: 0, panelY: 0, rotation: 180) == (1, 1))
        #expect(logicalPosition(panelX: 0, panelY: 0, rotation: 270) == (1, 0))
        #expect(logicalPosition(panelX: 1, panelY: 0, rotation: 90) == (0, 0))
        #expect(logicalPosition(panelX: 0.25, panelY: 0.75, rotation: 90) == (0.75, 0.75))
    }

    @Test func outOfRangeAndNaNAreClamped() {
        #expect(logicalPosition(panelX: -3, panelY: 7, rotation: 0) == (0, 1))
        #expect(logicalPosition(panelX: .nan, panelY: .infinity, rotation: 0) == (0, 1))
    }
}

@MainActor @Suite struct KeyboardLayoutTests {
    @Test func usLayoutWithShiftAndCapsLock() throws {
        let kb = try KeyboardLayout(layout: "us")
        #expect(kb.handle(code: 30, pressed: true).characters == "a")   // KEY_A
        _ = kb.handle(code: 30, pressed: false)
        _ = kb.handle(code: 42, pressed: true)                            // KEY_LEFTSHIFT
        let shifted = kb.handle(code: 30, pressed: true)
        #expect(shifted.characters == "A" && shifted.charactersIgnoringModifiers == "a" && shifted.modifiers.contains(.shift))
        _ = kb.handle(code: 30, pressed: false)
        _ = kb.handle(code: 42, pressed: false)
        #expect(kb.handle(code: 2, pressed: true).characters == "1")      // KEY_1
        _ = kb.handle(code: 2, pressed: false)
        _ = kb.handle(code: 58, pressed: true); _ = kb.handle(code: 58, pressed: false) // Caps Lock
        #expect(kb.modifiers.contains(.capsLock))
        #expect(kb.handle(code: 16, pressed: true).characters == "Q")
        #expect(kb.handle(code: 103, pressed: true).characters == "")    // KEY_UP types nothing
    }

    @Test func theBoardsLayoutDecidesWhatAKeyTypes() throws {
        let de = try KeyboardLayout(layout: "de")
        #expect(de.handle(code: 21, pressed: true).characters == "z")     // the key labelled Y on a US keyboard
        let fr = try KeyboardLayout(layout: "fr")
        #expect(fr.handle(code: 16, pressed: true).characters == "a")     // AZERTY
    }

    /// Presses and releases `code`, returning what the press typed.
    private func tap(_ kb: KeyboardLayout, _ code: UInt32) -> String {
        let s = kb.handle(code: code, pressed: true).characters
        _ = kb.handle(code: code, pressed: false)
        return s
    }

    @Test func deadKeysAndComposeSequencesTypeTheirResult() throws {
        // us(intl): the apostrophe key is a dead acute, the grave key a dead grave.
        let intl = try KeyboardLayout(layout: "us", variant: "intl")
        #expect(tap(intl, 40) == "" && intl.isComposing)                  // KEY_APOSTROPHE: dead_acute
        #expect(tap(intl, 18) == "é" && !intl.isComposing)                // KEY_E
        // Shift inside a sequence does not break it: dead acute, Shift+E is É.
        #expect(tap(intl, 40) == "")
        _ = intl.handle(code: 42, pressed: true)
        #expect(tap(intl, 18) == "É")
        _ = intl.handle(code: 42, pressed: false)
        // A dead key then space types the accent itself.
        #expect(tap(intl, 40) == "" && tap(intl, 57) == "'")
        // de: the key right of ß is a dead acute; then a key with no composition is swallowed with the sequence.
        let de = try KeyboardLayout(layout: "de")
        #expect(tap(de, 13) == "" && tap(de, 18) == "é")                  // KEY_EQUAL then KEY_E
        #expect(tap(de, 13) == "" && tap(de, 2) == "" && !de.isComposing) // dead acute, 1: cancelled
        #expect(tap(de, 30) == "a")                                       // and typing goes on
        // The Compose key (options compose:ralt): Compose, o, c is ©.
        let compose = try KeyboardLayout(layout: "us", options: "compose:ralt")
        #expect(tap(compose, 100) == "" && tap(compose, 24) == "" && tap(compose, 46) == "©") // KEY_RIGHTALT, O, C
    }

    @Test func theComposeLocaleFollowsSetlocalesOrder() {
        #expect(KeyboardLayout.composeLocale([:]) == "C.UTF-8")
        #expect(KeyboardLayout.composeLocale(["LANG": "C"]) == "C.UTF-8")
        #expect(KeyboardLayout.composeLocale(["LANG": "de_DE.UTF-8", "LC_CTYPE": "fr_FR.UTF-8"]) == "fr_FR.UTF-8")
        #expect(KeyboardLayout.composeLocale(["LANG": "de_DE.UTF-8", "LC_ALL": ""]) == "de_DE.UTF-8")
    }

    @Test func anUnknownLayoutIsAClearError() {
        #expect(throws: (any Error).self) { try KeyboardLayout(layout: "no-such-layout-xx") }
    }
}

@MainActor @Suite struct InputSeatTests {
    @Test func thePathBackendStartsWithNoDevicesAndSaysWhy() throws {
        // This machine has no /dev/input: the seat starts (devices may come later) with nothing in it.
        var configuration = InputSeat.Configuration()
        configuration.forcePathBackend = true
        configuration.devicePaths = ["/dev/null"]
        var events: [InputEvent] = []
        let seat = try InputSeat(configuration: configuration, loop: EventLoop(clock: ManualClock()), session: nil,
                                 logger: .init(label: "test")) { events.append($0) }
        #expect(seat.backend == .path)
        #expect(seat.devices.isEmpty && events.isEmpty)
    }

    @Test func evdevClassificationMatchesUdevsInputId() {
        var touch = EvdevCapabilities()
        touch.absolutes = [0x00, 0x01, 0x35, 0x36, 0x2f, 0x39]
        touch.keys = [0x14a]
        touch.properties = [0x01]
        #expect(touch.udevProperties == ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
        var mouse = EvdevCapabilities()
        mouse.relatives = [0, 1]
        mouse.keys = [0x110, 0x111]
        #expect(mouse.udevProperties == ["ID_INPUT=1", "ID_INPUT_MOUSE=1"])
        var pad = EvdevCapabilities()
        pad.absolutes = [0, 1]
        pad.keys = [0x145, 0x14a, 0x110]
        #expect(pad.udevProperties == ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"])
        var keyboard = EvdevCapabilities()
        keyboard.keys = Set(1...88)
        #expect(keyboard.udevProperties == ["ID_INPUT=1", "ID_INPUT_KEYBOARD=1", "ID_INPUT_KEY=1"])
    }
}
