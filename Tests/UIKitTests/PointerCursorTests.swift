import CoreGraphics
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// The pointer of a mouse, touchpad or tablet: drawn by the compositor where there is no cursor plane (the headless
/// screen here), moved by repainting only where it was and is, hidden by a touch. (The cursor plane itself is
/// tested on the virtual board's vkms.)
@MainActor @Suite struct PointerCursorTests {
    func shade(_ x: Int, _ y: Int) -> Int {
        let image = UIScreen.main.snapshotImage()!.cgImage!
        let p = pixel(image, x, y)
        return p.0 + p.1 + p.2
    }

    @Test func aPointerDeviceShowsTheDrawnPointerAndATouchHidesIt() {
        let app = freshApp()
        let window = shownWindow()
        window.backgroundColor = .white
        endTurn()
        let output = UIScreen.main.headlessOutput!
        #expect(shade(160, 120) == 765)
        app.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 3, name: "tablet", node: "test", capabilities: .pointer)))
        app.input.handle(.pointerAbsolute(time: 1, device: 3, x: 0.5, y: 0.25))
        endTurn()
        // The disc: darker at its hotspot, the pointer's position; the frame repainted only around it.
        #expect(shade(160, 120) < 500 && shade(160, 140) == 765)
        #expect(app.pointerCursor.isVisible && !app.pointerCursor.usesCursorPlane(on: UIScreen.main))
        let disc = Int((PointerCursor.diameter + 2).rounded(.up))
        #expect(output.lastDamage.reduce(0) { $0 + $1.area } <= disc * disc, "\(output.lastDamage)")
        // Moving: where it was and where it is, nothing else.
        app.input.handle(.pointerAbsolute(time: 2, device: 3, x: 0.25, y: 0.5))
        endTurn()
        #expect(shade(160, 120) == 765 && shade(80, 240) < 500)
        #expect(output.lastDamage.reduce(0) { $0 + $1.area } <= 2 * disc * disc, "\(output.lastDamage)")
        // A finger: the pointer goes (its place repainted); the touch is delivered as usual.
        let fingers = Fingers()
        fingers.down(CGPoint(x: 300, y: 400))
        endTurn()
        #expect(shade(80, 240) == 765 && !app.pointerCursor.isVisible)
        fingers.up()
        // It comes back with the next move.
        app.input.handle(.pointerAbsolute(time: 3, device: 3, x: 0.25, y: 0.5))
        endTurn()
        #expect(shade(80, 240) < 500)
    }

    @Test func theDiscIsTurnedWithItsHotspotForTurnedPanels() {
        let image = CursorImage(width: 3, height: 2, hotspotX: 0, hotspotY: 1, pixels: [1, 2, 3, 4, 5, 6])
        // 1 2 3      turned 90° clockwise:  4 1
        // 4 5 6                             5 2
        //                                   6 3
        let turned = image.turned(90)
        #expect(turned.width == 2 && turned.height == 3 && turned.pixels == [4, 1, 5, 2, 6, 3])
        #expect(turned.hotspotX == 0 && turned.hotspotY == 0) // the pixel "4"
        #expect(image.turned(180).pixels == [6, 5, 4, 3, 2, 1] && image.turned(180).hotspotX == 2 && image.turned(180).hotspotY == 0)
        #expect(image.turned(270).pixels == [3, 6, 2, 5, 1, 4] && image.turned(270).hotspotX == 1 && image.turned(270).hotspotY == 2)
        let disc = CursorImage.disc(diameter: 19)
        #expect(disc.width == 21 && disc.hotspotX == 10 && disc.pixels[10 * 21 + 10] >> 24 > 100 && disc.pixels[0] == 0)
    }
}
