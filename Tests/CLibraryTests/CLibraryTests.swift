// The C library modules compile, link and work: one real call into each library.
import CDRM
import CInput
import CUdev
import CVitrineShims
import Glibc
import Testing

@Suite struct CLibraryTests {
    @Test func libdrmNamesTheScanoutFormat() throws {
        let xrgb = vitrine_drm_format_xrgb8888()
        // fourcc_code packs the four characters little-end first.
        #expect(xrgb == vitrine_drm_fourcc(CChar(UInt8(ascii: "X")), CChar(UInt8(ascii: "R")),
                                           CChar(UInt8(ascii: "2")), CChar(UInt8(ascii: "4"))))
        #expect(xrgb == 0x3432_5258)
        let name = try #require(drmGetFormatName(xrgb))
        defer { free(name) }
        #expect(String(cString: name) == "XR24")
        let argb = try #require(drmGetFormatName(vitrine_drm_format_argb8888()))
        defer { free(argb) }
        #expect(String(cString: argb) == "AR24")
    }

    @Test func libinputCreatesAndFreesAPathContext() throws {
        var interface = libinput_interface(
            open_restricted: { path, flags, _ in
                let fd = open(path!, flags)
                return fd < 0 ? -errno : fd
            },
            close_restricted: { fd, _ in close(fd) })
        let context = try #require(libinput_path_create_context(&interface, nil))
        // A path context starts with no devices; adding a path that is not an input device fails cleanly.
        #expect(libinput_path_add_device(context, "/dev/null") == nil)
        #expect(libinput_get_fd(context) >= 0)
        #expect(libinput_unref(context) == nil) // the last reference: the context is freed
    }

    @Test func libudevCreatesAContextAndEnumerates() throws {
        let udev = try #require(udev_new())
        let enumerate = try #require(udev_enumerate_new(udev))
        #expect(udev_enumerate_add_match_subsystem(enumerate, "drm") == 0)
        #expect(udev_enumerate_scan_devices(enumerate) >= 0) // zero devices here is fine: no /dev/dri on builders
        #expect(udev_enumerate_unref(enumerate) == nil)
        #expect(udev_unref(udev) == nil)
    }
}
