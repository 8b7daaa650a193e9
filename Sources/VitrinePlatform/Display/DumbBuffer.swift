import CDRM
import Glibc

/// A dumb buffer: CPU-mapped scanout memory with a framebuffer object on it. Owns the buffer, its mapping and
/// its framebuffer id, released in reverse order of acquisition. Written, never read (scanout memory is often
/// uncached; reading it is slow).
final class DumbBuffer {
    let fd: Int32
    let width: Int
    let height: Int
    /// Bytes per row, as the kernel chose it (never assume width x 4).
    let pitch: Int
    let size: Int
    let handle: UInt32
    let framebufferID: UInt32
    let memory: UnsafeMutableRawPointer

    init(fd: Int32, width: Int, height: Int, format: UInt32, bytesPerPixel: Int) throws {
        self.fd = fd
        self.width = width
        self.height = height
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), UInt32(bytesPerPixel * 8), 0, &handle, &pitch, &size) == 0 else {
            throw DisplayError.call("drmModeCreateDumbBuffer(\(width)x\(height))", errno: errno)
        }
        var offset: UInt64 = 0
        guard drmModeMapDumbBuffer(fd, handle, &offset) == 0 else {
            let code = errno
            drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.call("drmModeMapDumbBuffer", errno: code)
        }
        let mapped = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let mapped, mapped != MAP_FAILED else {
            let code = errno
            drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.call("mmap of a dumb buffer", errno: code)
        }
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var fb: UInt32 = 0
        let added = withUnsafePointer(to: &handles.0) { h in
            withUnsafePointer(to: &pitches.0) { p in
                withUnsafePointer(to: &offsets.0) { o in
                    drmModeAddFB2(fd, UInt32(width), UInt32(height), format, h, p, o, &fb, 0)
                }
            }
        }
        guard added == 0 else {
            let code = errno
            munmap(mapped, Int(size))
            drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.call("drmModeAddFB2", errno: code)
        }
        // Start black, not with whatever the kernel had (dumb buffers are zeroed, but be explicit once).
        memset(mapped, 0, Int(size))
        self.handle = handle
        self.pitch = Int(pitch)
        self.size = Int(size)
        self.memory = mapped
        self.framebufferID = fb
    }

    deinit {
        drmModeRmFB(fd, framebufferID)
        munmap(memory, size)
        drmModeDestroyDumbBuffer(fd, handle)
    }
}
