import CoreGraphics
import Foundation
import QuartzCore
import VitrinePlatform

/// The pointer a mouse, touchpad or tablet moves, as iPadOS shows it: a translucent disc about 19 points across,
/// shown while the pointer moves and hidden when a finger touches the screen (as touch devices do).
///
/// On a panel whose driver has a cursor plane the disc is put there once and moved by the kernel: a move costs one
/// ioctl and repaints nothing. Elsewhere (no cursor plane, a headless screen) the compositor draws it as a layer
/// above every window, so a move repaints the two small rectangles it left and entered.
@MainActor
final class PointerCursor {
    /// iPadOS's pointer is a disc of about 19 points.
    static let diameter: CGFloat = 19
    private unowned let application: UIApplication
    /// Screens whose output took the image onto its cursor plane, and those that were asked.
    private var hardware: Set<ObjectIdentifier> = []
    private var asked: Set<ObjectIdentifier> = []
    /// The screen the pointer is on.
    private(set) weak var screen: UIScreen?
    /// Whether the pointer shows.
    private(set) var isVisible = false

    init(application: UIApplication) { self.application = application }

    /// Whether the pointer on `screen` is on the hardware cursor plane.
    func usesCursorPlane(on screen: UIScreen) -> Bool { hardware.contains(ObjectIdentifier(screen)) }

    /// The image for `screen`, in its pixels.
    private func image(for screen: UIScreen) -> CursorImage {
        CursorImage.disc(diameter: Int((Self.diameter * screen.scale).rounded()))
    }

    /// The pointer moved to `point` on `screen`: show it there.
    func moved(to point: CGPoint, on screen: UIScreen) {
        if let previous = self.screen, previous !== screen { hide() }
        self.screen = screen
        let id = ObjectIdentifier(screen)
        if !asked.contains(id) {
            if let display = screen.display, display.isPhysical {
                // Asked once the CRTC shows a frame (the legacy cursor calls need an active CRTC); drawn until then.
                if display.flipCount > 0 {
                    asked.insert(id)
                    if let plane = display as? any CursorPlaneOutput, plane.installCursor(image(for: screen)) {
                        hardware.insert(id)
                        setSoftwareLayerHidden(on: screen)
                    }
                }
            } else {
                asked.insert(id)
            }
        }
        isVisible = true
        if hardware.contains(id), let plane = screen.output as? any CursorPlaneOutput {
            plane.moveCursor(toLogicalX: Double(point.x * screen.scale), y: Double(point.y * screen.scale))
            return
        }
        let layer = screen.pointerLayer(image: image(for: screen))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = point
        layer.isHidden = false
        CATransaction.commit()
        application.requestNextFrame()
    }

    /// A finger touched: the pointer goes until the pointer device moves again.
    func hide() {
        guard isVisible, let screen else { return }
        isVisible = false
        if hardware.contains(ObjectIdentifier(screen)), let plane = screen.output as? any CursorPlaneOutput {
            plane.hideCursor()
            return
        }
        setSoftwareLayerHidden(on: screen)
    }

    private func setSoftwareLayerHidden(on screen: UIScreen) {
        guard let layer = screen.softwarePointerLayer, !layer.isHidden else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.isHidden = true
        CATransaction.commit()
        application.requestNextFrame()
    }

    /// Whether the drawn pointer changed since the last frame.
    var needsComposite: Bool {
        guard let screen, let layer = screen.softwarePointerLayer else { return false }
        return screen.compositor.needsComposite(layer)
    }
}

extension UIScreen {
    /// The layer that draws the pointer where no cursor plane does, made on first use.
    func pointerLayer(image: CursorImage) -> CALayer {
        if let layer = softwarePointerLayer { return layer }
        let layer = CALayer()
        let cg = image.pixels.withUnsafeBytes { raw in
            CGImage(argb32Premultiplied: raw, width: image.width, height: image.height, bytesPerRow: image.width * 4, isOpaque: false)
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.contents = cg
        layer.contentsScale = scale
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
        layer.anchorPoint = CGPoint(x: CGFloat(image.hotspotX) / CGFloat(image.width), y: CGFloat(image.hotspotY) / CGFloat(image.height))
        layer.isHidden = true
        CATransaction.commit()
        softwarePointerLayer = layer
        return layer
    }
}
