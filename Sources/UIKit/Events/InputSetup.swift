import Foundation
import Logging
import VitrinePlatform

/// The panel's input devices for an app started by `UIApplicationMain`: libinput on the same seat session as the
/// display, configured from the board, feeding `UIApplication.input`, suspended while the VT is switched away.
///
/// Environment: `VITRINE_INPUT=none` starts no input; `VITRINE_INPUT_RECORD=PATH` writes every input event to a
/// recording (`InputRecording`'s format) as it arrives; `VITRINE_INPUT_REPLAY=PATH` plays a recording into the
/// app once it has launched (a synthetic device, beside any real ones).
@MainActor
enum InputSetup {
    static func start(_ application: UIApplication, board: BoardDescription?, session: SeatSession?, devices: Bool) {
        let settings = VitrineSettings.current
        let log = VitrineLog.logger("vitrine.input")
        let router = application.input
        router.keyboardLayoutName = board?.keyboardLayout ?? "us"
        // The on-screen keyboard: `VITRINE_ONSCREEN_KEYBOARD` (automatic, always, never), else the board's.
        let onScreen = settings.onScreenKeyboard ?? board?.onScreenKeyboard ?? "automatic"
        if let mode = OnScreenKeyboardMode(rawValue: onScreen) {
            application.textInput.mode = mode
        } else {
            log.error("VITRINE_ONSCREEN_KEYBOARD must be automatic, always or never, got '\(onScreen)'; using automatic")
        }
        application.textInput.languageCodes = board?.keyboardLanguages ?? []
        if board?.keyboardLayout != nil {
            do {
                router.keyboardLayout = try KeyboardLayout(layout: board?.keyboardLayout ?? "us", variant: board?.keyboardVariant,
                                                           options: board?.keyboardOptions)
            } catch {
                log.error("keyboard: \(error); keys will use the 'us' layout")
            }
        }
        if let connector = board?.touchScreen {
            router.screenForDevice = { _ in
                UIScreen.screens.first { $0.display?.connectorName == connector } ?? UIScreen.main
            }
        }
        if let path = settings.inputRecording {
            if let recorder = InputRecorder(path: path, log: log) {
                router.addObserver { recorder.write($0) }
                application.inputRecorder = recorder
            }
        }
        if devices && settings.inputDevices {
            var configuration = InputSeat.Configuration()
            configuration.devicePaths = board?.inputPaths ?? []
            configuration.touchDevice = board?.touchDevice
            configuration.calibration = board?.touchCalibration
            if settings.inputPathBackend { configuration.forcePathBackend = true }
            do {
                let seat = try InputSeat(configuration: configuration, loop: application.runLoop, session: session, logger: log) {
                    [weak router] event in router?.handle(event)
                }
                application.inputSeat = seat
                UIScreen.main.display?.addActivityObserver { [weak seat, weak router] active in
                    if active {
                        seat?.resume()
                    } else {
                        router?.cancelAll()
                        seat?.suspend()
                    }
                }
            } catch {
                log.error("no input devices: \(error)")
            }
        }
        if let path = settings.inputReplay {
            do {
                // Several recordings (PATH:PATH...) play one after another, half a second apart.
                let recording = InputRecording.concatenating(try path.split(separator: ":").map { try InputRecording.load(path: String($0)) },
                                                             gap: 0.5)
                application.runLoop.perform { [weak application] in
                    let seconds = application?.input.replay(recording) ?? 0
                    log.info("replaying \(path): \(recording.events.count) events over \(String(format: "%.2f", seconds)) s")
                }
            } catch {
                log.error("VITRINE_INPUT_REPLAY: \(error)")
            }
        }
    }
}

/// Writes input events to a recording file as they arrive (line-buffered: a crash loses at most one line).
@MainActor
final class InputRecorder {
    private let handle: FileHandle

    init?(path: String, log: Logger) {
        guard FileManager.default.createFile(atPath: path, contents: Data((InputRecording.header + "\n").utf8)),
              let handle = FileHandle(forWritingAtPath: path) else {
            log.error("VITRINE_INPUT_RECORD: cannot write \(path)")
            return nil
        }
        handle.seekToEndOfFile()
        self.handle = handle
        log.info("recording input to \(path)")
    }

    func write(_ event: InputEvent) {
        handle.write(Data((InputRecording.line(for: event) + "\n").utf8))
    }
}
