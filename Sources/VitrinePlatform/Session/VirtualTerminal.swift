import CVitrineShims
import Glibc

/// A virtual terminal taken for a graphical app: switched to, put in graphics mode (no text cursor or console
/// output over the picture) with its keyboard muted (keystrokes do not reach a shell behind the app). `restore()`
/// puts back text mode, the keyboard mode and the VT that was active before — on every way out, as the
/// launcher calls it whatever happened to the app.
///
/// Sendable by hand: the switch answers (`allowRelease`, `acknowledgeAcquire`) come from a signal queue and are
/// single ioctls on the descriptor (the kernel serialises them); `restore()` runs once, after the launcher has
/// cancelled its signal handlers.
public final class VirtualTerminal: @unchecked Sendable {
    public let number: Int
    public let path: String
    private let fd: Int32
    private let previousVT: Int
    private let previousKeyboardMode: Int32
    private var restored = false

    /// Takes VT `number`, or (nil) the active one when this process runs on a VT, else the first free one.
    public init(number requested: Int? = nil) throws {
        let console = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard console >= 0 else { throw DisplayError.call("open(/dev/tty0)", errno: errno, path: "/dev/tty0 (the 'tty' group or root)") }
        defer { close(console) }
        var state = vitrine_vt_stat()
        guard vitrine_ioctl_pointer(console, UInt(VITRINE_VT_GETSTATE), &state) == 0 else {
            throw DisplayError.call("VT_GETSTATE", errno: errno)
        }
        previousVT = Int(state.v_active)
        var chosen = requested ?? 0
        if chosen == 0 {
            var free: Int32 = 0
            guard vitrine_ioctl_pointer(console, UInt(VITRINE_VT_OPENQRY), &free) == 0, free > 0 else {
                throw DisplayError.call("VT_OPENQRY (no free virtual terminal)", errno: errno)
            }
            chosen = Int(free)
        }
        number = chosen
        path = "/dev/tty\(chosen)"
        fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw DisplayError.call("open(\(path))", errno: errno, path: path) }
        var keyboard: Int32 = 0
        _ = vitrine_ioctl_pointer(fd, UInt(VITRINE_KDGKBMODE), &keyboard)
        previousKeyboardMode = keyboard
        if vitrine_ioctl_int(fd, UInt(VITRINE_VT_ACTIVATE), Int32(chosen)) != 0
            || vitrine_ioctl_int(fd, UInt(VITRINE_VT_WAITACTIVE), Int32(chosen)) != 0 {
            let code = errno
            close(fd)
            throw DisplayError.call("switching to VT \(chosen)", errno: code)
        }
        _ = vitrine_ioctl_int(fd, UInt(VITRINE_KDSKBMODE), Int32(VITRINE_K_OFF))
        if vitrine_ioctl_int(fd, UInt(VITRINE_KDSETMODE), Int32(VITRINE_KD_GRAPHICS)) != 0 {
            let code = errno
            restore()
            throw DisplayError.call("KDSETMODE KD_GRAPHICS on \(path)", errno: code)
        }
    }

    /// Lets this process decide when the VT is switched away and back (`VT_PROCESS`): the kernel sends
    /// `releaseSignal` when the user switches away and `acquireSignal` when they come back; answer a release with
    /// `allowRelease()` once the display is let go (the kernel waits), an acquire with `acknowledgeAcquire()`.
    public func takeSwitchControl(releaseSignal: Int32, acquireSignal: Int32) throws {
        var mode = vitrine_vt_mode(mode: CChar(VITRINE_VT_PROCESS), waitv: 0, relsig: Int16(releaseSignal),
                                   acqsig: Int16(acquireSignal), frsig: 0)
        guard vitrine_ioctl_pointer(fd, UInt(VITRINE_VT_SETMODE), &mode) == 0 else {
            throw DisplayError.call("VT_SETMODE VT_PROCESS on \(path)", errno: errno)
        }
        processSwitching = true
    }
    private var processSwitching = false

    /// Lets a requested switch away happen (`VT_RELDISP 1`).
    public func allowRelease() { _ = vitrine_ioctl_int(fd, UInt(VITRINE_VT_RELDISP), 1) }

    /// Acknowledges that the VT is ours again (`VT_RELDISP VT_ACKACQ`).
    public func acknowledgeAcquire() { _ = vitrine_ioctl_int(fd, UInt(VITRINE_VT_RELDISP), Int32(VITRINE_VT_ACKACQ)) }

    /// Whether the VT is in graphics mode now.
    public var isInGraphicsMode: Bool {
        var mode: Int32 = 0
        return vitrine_ioctl_pointer(fd, UInt(VITRINE_KDGETMODE), &mode) == 0 && mode == Int32(VITRINE_KD_GRAPHICS)
    }

    /// Text mode, the keyboard as it was, and the previously active VT. Idempotent.
    public func restore() {
        guard !restored else { return }
        restored = true
        if processSwitching {
            var mode = vitrine_vt_mode(mode: CChar(VITRINE_VT_AUTO), waitv: 0, relsig: 0, acqsig: 0, frsig: 0)
            _ = vitrine_ioctl_pointer(fd, UInt(VITRINE_VT_SETMODE), &mode)
        }
        _ = vitrine_ioctl_int(fd, UInt(VITRINE_KDSETMODE), Int32(VITRINE_KD_TEXT))
        _ = vitrine_ioctl_int(fd, UInt(VITRINE_KDSKBMODE), previousKeyboardMode)
        if previousVT > 0 && previousVT != number {
            _ = vitrine_ioctl_int(fd, UInt(VITRINE_VT_ACTIVATE), Int32(previousVT))
            _ = vitrine_ioctl_int(fd, UInt(VITRINE_VT_WAITACTIVE), Int32(previousVT))
        }
        close(fd)
    }

    deinit { restore() }
}

/// Whether this machine has virtual terminals at all (an initramfs or a serial console may not).
public func virtualTerminalsExist() -> Bool { access("/dev/tty0", F_OK) == 0 }
