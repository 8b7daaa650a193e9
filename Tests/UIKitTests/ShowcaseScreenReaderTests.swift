import CoreGraphics
import Foundation
import Testing
@testable import Showcase
@testable import UIKit

/// The showcase with the screen reader on, driven as a blind visitor would drive it: the home screen read in
/// reading order, swipes to the climate tile and a double tap to open it, through the input pipeline.
@MainActor @Suite(.serialized) struct ShowcaseScreenReaderTests {
    @Test func swipesAndADoubleTapReachTheClimateScreen() throws {
        setenv("SHOWCASE_CLOCK", "1780309800", 1)
        defer { unsetenv("SHOWCASE_CLOCK") }
        let app = freshApp(pixels: CGSize(width: 1280, height: 800))
        Building.shared.joinedNetwork = nil
        Building.shared.appearance = .unspecified
        let window = shownWindow()
        let navigation = Showcase.makeRootViewController()
        window.rootViewController = navigation
        let fingers = Fingers(app)
        fingers.wait(1.0)
        let log = UtteranceLog(path: nil)
        app.screenReader = ScreenReader(application: app, speech: log)
        app.screenReader?.start()
        defer { app.screenReader?.stop() }

        // Two fingers up: everything from the top. The tiles come in rows, leading to trailing, with their status.
        fingers.down([0: CGPoint(x: 600, y: 700), 1: CGPoint(x: 660, y: 700)]); fingers.wait(0.05)
        fingers.move([0: CGPoint(x: 600, y: 600), 1: CGPoint(x: 660, y: 600)]); fingers.wait(0.05)
        fingers.up([0, 1]); fingers.wait(0.5)
        let read = log.utterances.map(\.text)
        let tiles = ["Climate", "Settings", "Wi-Fi", "Directory", "الاستقبال", "Security"]
        let order = tiles.compactMap { title in read.firstIndex { $0.hasPrefix(title + ",") } }
        #expect(order.count == tiles.count, "\(read)")
        #expect(order == order.sorted(), "\(read)")

        // From the top, swipe right until the climate tile is spoken, then double tap anywhere.
        app.screenReader?.focus(app.screenReader!.elements[0])
        for _ in 0..<12 where !(log.utterances.last?.text.hasPrefix("Climate") ?? false) {
            fingers.down(CGPoint(x: 400, y: 700)); fingers.wait(0.05)
            fingers.move(CGPoint(x: 520, y: 700)); fingers.wait(0.05)
            fingers.up(); fingers.wait(0.4)
        }
        #expect(log.utterances.last?.text.hasPrefix("Climate, ") == true)
        fingers.down(CGPoint(x: 900, y: 700)); fingers.wait(0.05); fingers.up(); fingers.wait(0.1)
        fingers.down(CGPoint(x: 900, y: 700)); fingers.wait(0.05); fingers.up()
        for _ in 0..<20 { fingers.wait(0.1) } // the push's slide, frame by frame
        #expect(navigation.topViewController is ClimateViewController)
        // The new screen is announced: the reader moved to its title.
        #expect(log.utterances.last?.text == "Climate, heading", "\(log.utterances.suffix(6).map(\.text))")
    }
}
