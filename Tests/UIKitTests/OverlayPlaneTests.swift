import CoreGraphics
import Foundation
import Testing
@testable @_spi(VitrineInternals) import QuartzCore
@testable import UIKit
import VitrinePlatform

/// Overlay-plane placement: which layers go on the plane, where, when their picture is copied again, and that a layer
/// on the plane is left out of the composited frame. The output here stands for a display with a free overlay plane
/// (a headless frame buffer that records what it is asked to put on the plane); vkms's real plane is tested on the
/// virtual board, through writeback.
@MainActor @Suite struct OverlayPlaneTests {
    /// A headless output with an overlay plane that takes every picture and remembers the calls.
    final class PlaneOutput: OverlayPlaneOutput {
        let frames: HeadlessOutput
        var shows: [(x: Int, y: Int, width: Int, height: Int, changed: Bool)] = []
        var hides = 0
        init(width: Int, height: Int) { frames = HeadlessOutput(pixelWidth: width, pixelHeight: height) }
        var pixelWidth: Int { frames.pixelWidth }
        var pixelHeight: Int { frames.pixelHeight }
        func present(pixels: UnsafeRawPointer, bytesPerRow: Int, damage: [PixelRect]) {
            frames.present(pixels: pixels, bytesPerRow: bytesPerRow, damage: damage)
        }
        func showOverlay(pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int, x: Int, y: Int, changed: Bool) -> Bool {
            shows.append((x, y, width, height, changed))
            return true
        }
        func hideOverlay() { hides += 1 }
    }

    func picture(_ width: Int, _ height: Int, _ colour: UIColor) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { ctx in
            colour.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }.cgImage!
    }

    @Test func aQualifyingLayerGoesOnThePlaneAndLeavesTheFrame() {
        let output = PlaneOutput(width: 320, height: 480)
        let screen = UIScreen(output: output, scale: 2)
        UIApplication.startHeadless(screen: screen)
        CALayer.overlayCandidates.removeAll()
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        let video = UIView(frame: CGRect(x: 10, y: 20, width: 80, height: 60))
        video.layer.contents = picture(160, 120, .red)
        video.layer.prefersOverlayPlane = true
        window.addSubview(video)
        window.makeKeyAndVisible()
        keptWindow = window
        endTurn()
        // On the plane at its device pixels; the frame shows the window's white there (the plane covers it).
        #expect(output.shows.count == 1 && output.shows[0].x == 20 && output.shows[0].y == 40 && output.shows[0].width == 160
                && output.shows[0].height == 120 && output.shows[0].changed)
        #expect(video.layer.isOnOverlayPlane)
        let white = output.frames.frameBuffer[(60 * 320 + 60) * 4]
        #expect(white == 255)
        // A new picture: copied again; the same one: not.
        video.layer.contents = picture(160, 120, .blue)
        endTurn()
        #expect(output.shows.last?.changed == true)
        window.backgroundColor = .gray
        endTurn()
        #expect(output.shows.last?.changed == false)
        // A view over it: composited instead, the plane emptied.
        let badge = UIView(frame: CGRect(x: 70, y: 60, width: 40, height: 40))
        badge.backgroundColor = .green
        window.addSubview(badge)
        endTurn()
        #expect(!video.layer.isOnOverlayPlane && output.hides == 1)
        badge.removeFromSuperview()
        endTurn()
        #expect(video.layer.isOnOverlayPlane)
        // Scaled (its picture not its pixel size) or turned: composited.
        video.frame.size = CGSize(width: 100, height: 60)
        endTurn()
        #expect(!video.layer.isOnOverlayPlane)
        video.frame.size = CGSize(width: 80, height: 60)
        video.transform = CGAffineTransform(rotationAngle: 0.1)
        endTurn()
        #expect(!video.layer.isOnOverlayPlane)
        video.transform = .identity
        endTurn()
        #expect(video.layer.isOnOverlayPlane)
        video.layer.prefersOverlayPlane = false
        endTurn()
        #expect(!video.layer.isOnOverlayPlane && CALayer.overlayCandidates.isEmpty && output.hides == 3)
    }
}
