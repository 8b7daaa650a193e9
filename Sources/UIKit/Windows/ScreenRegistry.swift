import CoreGraphics
import Foundation
import Logging
import VitrinePlatform

extension UIScreen {
    /// Every connected screen: the main screen first, then external displays (seeds: "Displaying Content on an
    /// External Display").
    public static var screens: [UIScreen] { [main] + ScreenRegistry.externals }

    /// Posted (object: the screen) when a display is connected and its screen is ready for windows.
    nonisolated public static let didConnectNotification = Notification.Name("UIScreenDidConnectNotification")
    /// Posted (object: the screen) when a display is disconnected; its windows are no longer shown.
    nonisolated public static let didDisconnectNotification = Notification.Name("UIScreenDidDisconnectNotification")
}

/// External displays' screens: a `UIScreen` for each output `ExternalDisplays` (VitrinePlatform) finds beside the
/// panel, at launch and as displays come and go.
@MainActor
enum ScreenRegistry {
    static var externals: [UIScreen] = []
    private static var displays: ExternalDisplays?

    /// Starts looking after external displays for an app whose main screen is `main`.
    static func start(main: KMSOutput, loop: EventLoop, session: SeatSession?, log: Logger) {
        displays = ExternalDisplays(main: main, loop: loop, session: session, logger: log, connected: { output, scale in
            let screen = UIScreen(output: output, scale: CGFloat(scale))
            externals.append(screen)
            NotificationCenter.default.post(name: UIScreen.didConnectNotification, object: screen)
        }, disconnected: { output, _ in
            guard let i = externals.firstIndex(where: { $0.output === output }) else { return }
            let screen = externals.remove(at: i)
            screen.isConnected = false
            NotificationCenter.default.post(name: UIScreen.didDisconnectNotification, object: screen)
        })
    }
}
