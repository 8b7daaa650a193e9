import CPixelKernels
import Glibc

/// A rectangle of whole pixels on an output (y down, origin top-left).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }
    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }
    @inlinable public var area: Int { isEmpty ? 0 : width * height }

    @inlinable public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, o.x), y0 = Swift.max(y, o.y), x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    @inlinable public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = Swift.min(x, o.x), y0 = Swift.min(y, o.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, o.maxX) - x0, height: Swift.max(maxY, o.maxY) - y0)
    }

    /// (Inlinable, as the rest: the compositor asks these of every layer it passes, every frame.)
    @inlinable public func intersects(_ o: PixelRect) -> Bool {
        Swift.max(x, o.x) < Swift.min(maxX, o.maxX) && Swift.max(y, o.y) < Swift.min(maxY, o.maxY)
    }
    @inlinable public func contains(_ o: PixelRect) -> Bool { o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}

/// How outputs copy a frame's damage out of the shadow buffer.
enum FrameCopy {
    /// Whether to copy `damage` with streaming stores: when it is bigger than a sixth of the last-level cache
    /// (the damage of a big screen's full frame). Through the cache, such a copy reads every destination line
    /// before writing it and pushes out what the next frame paints from. Measured on the reference scene with a
    /// 32 MiB cache: a fifth faster streamed at 2560x1600 and 3840x2160; at 1920x1080 (8 MB) as fast when the
    /// machine is quiet and much faster when other work shares the cache; at 1280x800 (4 MB) a tenth slower.
    static func streams(_ damage: [PixelRect]) -> Bool {
        var bytes = 0
        for r in damage { bytes += r.area * 4 }
        return bytes > ProcessorCache.lastLevelBytes / 6
    }

    /// Copies `r` of the ARGB32 `pixels` (rows `bytesPerRow` apart) to the same place in `destination` (rows
    /// `destinationBytesPerRow` apart), streamed or not (see `streams`).
    static func copy(_ r: PixelRect, from pixels: UnsafeRawPointer, bytesPerRow: Int, to destination: UnsafeMutableRawPointer,
                     destinationBytesPerRow: Int, streaming: Bool) {
        vitrine_copy_rows((destination + r.y * destinationBytesPerRow + r.x * 4).assumingMemoryBound(to: UInt32.self),
                          Int32(destinationBytesPerRow), (pixels + r.y * bytesPerRow + r.x * 4).assumingMemoryBound(to: UInt32.self),
                          Int32(bytesPerRow), Int32(r.width), Int32(r.height), streaming ? 1 : 0)
    }
}

/// Where composited frames go: the panel (KMS/DRM) or memory (headless).
///
/// The compositor renders into its own shadow buffer (premultiplied ARGB32, see CGImage.swift) and hands the
/// output that buffer with the frame's damage; the output copies exactly the damaged rectangles to where it
/// shows them. An output never needs to read back what it shows. (An output in memory lends its frame buffer
/// as the shadow buffer instead: `MemoryBackedOutput`.)
@MainActor
public protocol FrameOutput: AnyObject {
    /// Size in pixels.
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// Shows a frame: copies `damage` from `pixels` (rows of `bytesPerRow` bytes).
    func present(pixels: UnsafeRawPointer, bytesPerRow: Int, damage: [PixelRect])
}

/// An output that can scan a picture out on a hardware overlay plane above its frames (`KMSOutput` where the
/// driver has a free overlay plane): a layer that asks for it is then left out of the composited frame.
@MainActor
public protocol OverlayPlaneOutput: FrameOutput {
    /// Shows a `width` x `height` premultiplied ARGB32 picture (rows `bytesPerRow` apart) on the overlay plane, its
    /// top-left corner at logical pixel (`x`, `y`); `changed` says whether the pixels differ from the last call's
    /// (unchanged pixels are not copied again). Returns whether the plane shows it (from the next frame); `false`
    /// means the caller must composite the picture itself.
    func showOverlay(pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int, x: Int, y: Int, changed: Bool) -> Bool
    /// Takes the picture off the overlay plane (from the next frame).
    func hideOverlay()
}

/// An output whose display can be switched off and on (DPMS on a panel): how the idle timer blanks a screen
/// that has no backlight to turn down. While off, frames wait; the caller repaints everything when it is on.
@MainActor
public protocol PowerControlledOutput: FrameOutput {
    /// Whether the display is switched off.
    var isPoweredDown: Bool { get }
    /// Switches the display off (`false`) or on; returns whether the display did so.
    @discardableResult
    func setDisplayPower(_ on: Bool) -> Bool
}

/// An output whose frame buffer is ordinary memory, not a device's: the compositor composites straight into it
/// instead of into a shadow buffer of its own, and `present` copies nothing. That saves a screenful of memory
/// (4 MB at 1280x800). A panel's dumb buffers are never used so: compositing reads what it blends over, and reads
/// from them are slow.
@MainActor
public protocol MemoryBackedOutput: FrameOutput {
    /// The frame buffer: premultiplied ARGB32, `pixelWidth * 4` bytes a row, for as long as the output lives.
    /// Only its compositor writes to it (and `setDisplayPower(false)`, after which the caller repaints).
    var pixels: UnsafeMutableRawPointer { get }
}
