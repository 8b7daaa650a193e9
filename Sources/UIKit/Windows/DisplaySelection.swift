import CoreGraphics
import Foundation
import Logging
import VitrinePlatform

/// Which screen an app gets at launch: the panel (KMS/DRM) when there is one, else a headless screen.
///
/// - `--vitrine-screen WxH@scale`: headless, always.
/// - `VITRINE_DISPLAY=headless`: headless; `VITRINE_DISPLAY=kms`: the panel or a clear failure (exit 69).
/// - Otherwise the panel when a DRM card exists (`/dev/dri/card*`) and works, headless (with a notice) if not.
/// The panel is chosen by the board file (`--vitrine-board` or `VITRINE_BOARD`), with `VITRINE_DRM_DEVICE`
/// overriding its device; `VITRINE_KMS_API=legacy` uses SetCrtc + PageFlip even where atomic modesetting
/// exists. The scale comes from the board, then `VITRINE_SCALE`, then the connector's physical size
/// (`KMSOutput.physicalSizeScale`).
@MainActor
enum DisplaySelection {
    static func screen(for options: LaunchConfiguration, loop: EventLoop) throws -> UIScreen {
        let settings = VitrineSettings.current
        // Made only when it is the answer: its shadow buffer is a whole screen of memory.
        func headless() -> UIScreen { UIScreen(headlessPixelSize: options.screenPixels, scale: options.screenScale) }
        if options.headlessRequested { return headless() }
        let wanted = settings.display
        if wanted == "headless" { return headless() }
        if wanted != "kms" && DRMCard.cardPaths().isEmpty { return headless() }

        var board: BoardDescription?
        if let name = options.boardName ?? settings.board { board = try BoardDescription.find(name) }
        selectedBoard = board
        var configuration = board?.kmsConfiguration ?? KMSConfiguration()
        if let device = settings.drmDevice { configuration.devicePath = device }
        if settings.legacyKMS { configuration.forceLegacy = true }
        let log = VitrineLog.logger("vitrine.kms")
        do {
            let seat = try session(settings.session, loop: loop, log: log)
            selectedSession = seat
            let output = try KMSOutput(configuration: configuration, loop: loop, session: seat, logger: log)
            defer { ScreenRegistry.start(main: output, loop: loop, session: seat, log: log) }
            let scale = board?.scale ?? settings.scale ?? output.physicalSizeScale
            let screen = UIScreen(output: output, scale: CGFloat(scale))
            if let i = board?.safeAreaInsets {
                screen.panelSafeAreaInsets = UIEdgeInsets(top: i[0], left: i[1], bottom: i[2], right: i[3])
            }
            return screen
        } catch {
            if wanted == "kms" { throw error }
            log.notice("no panel (\(error)); using a headless screen")
            return headless()
        }
    }
}

extension DisplaySelection {
    /// The board and seat session the panel was opened with (input uses them too).
    static var selectedBoard: BoardDescription?
    static var selectedSession: SeatSession?

    /// The seat session the display is opened through: `VITRINE_SESSION=seat` insists on libseat (seatd or
    /// logind), `direct` opens devices directly (root, or the `video` group); unset, libseat when a seat manager
    /// is reachable, else direct.
    static func session(_ choice: String?, loop: EventLoop, log: Logger) throws -> SeatSession? {
        switch choice {
        case "direct": return nil
        case "seat": return try SeatSession(loop: loop, logger: log)
        default:
            guard SeatSession.managerAvailable else { return nil }
            do { return try SeatSession(loop: loop, logger: log) } catch {
                log.notice("no seat (\(error)); opening devices directly")
                return nil
            }
        }
    }
}

/// Vitrine's loggers: swift-log, to standard error, at the level `VITRINE_LOG` names (trace, debug, info,
/// notice, warning, error, critical; default info). Hot paths log at debug or trace only.
package enum VitrineLog {
    package static func logger(_ label: String) -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = VitrineSettings.current.logLevel.flatMap(Logger.Level.init(rawValue:)) ?? .info
        return logger
    }
}
