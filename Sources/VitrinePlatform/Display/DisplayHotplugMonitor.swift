import CUdev
import Glibc

/// Tells when displays may have come or gone: DRM uevents (a card added or removed, a connector's status
/// changed — the kernel's HOTPLUG=1 change events), read from the kernel's netlink socket, so it works with or
/// without udevd (an initramfs has none). The handler runs on the main loop; it should rescan connectors.
@MainActor
public final class DisplayHotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    private var source: FileDescriptorSource?

    public init(loop: EventLoop, _ handler: @escaping @MainActor () -> Void) throws {
        guard let udev = udev_new() else { throw DisplayError.call("udev_new", errno: errno) }
        guard let monitor = udev_monitor_new_from_netlink(udev, "kernel") else {
            udev_unref(udev)
            throw DisplayError.call("udev_monitor_new_from_netlink(kernel)", errno: errno)
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        guard udev_monitor_enable_receiving(monitor) == 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw DisplayError.call("udev_monitor_enable_receiving", errno: errno)
        }
        self.udev = udev
        self.monitor = monitor
        source = loop.watchReadable(fd: udev_monitor_get_fd(monitor)) { [weak self] in
            guard let self else { return }
            // Drain every queued event; one rescan covers them all.
            var any = false
            while let device = udev_monitor_receive_device(self.monitor) {
                udev_device_unref(device)
                any = true
            }
            if any { handler() }
        }
    }

    isolated deinit {
        source?.cancel()
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }
}
