#ifndef VITRINE_SHIMS_H
#define VITRINE_SHIMS_H
// Values Swift cannot import from the C headers because they are function-like macros.
// Each getter names the macro it stands for.
#include <stdint.h>

/// DRM_FORMAT_XRGB8888: 32-bit pixels, native-endian 0xXXRRGGBB (the scanout format Vitrine uses).
uint32_t vitrine_drm_format_xrgb8888(void);
/// DRM_FORMAT_ARGB8888: 32-bit pixels, native-endian 0xAARRGGBB, premultiplied for Vitrine's buffers.
uint32_t vitrine_drm_format_argb8888(void);
/// fourcc_code(a, b, c, d): a DRM pixel-format code from its four characters.
uint32_t vitrine_drm_fourcc(char a, char b, char c, char d);

/// ioctl with an integer or a pointer argument (Swift cannot call the variadic ioctl). Retries EINTR.
int vitrine_ioctl_int(int fd, unsigned long request, int argument);
int vitrine_ioctl_pointer(int fd, unsigned long request, void *argument);

/// The virtual-terminal requests fbrun needs (linux/vt.h, linux/kd.h), as values.
enum {
    VITRINE_VT_OPENQRY = 0x5600, VITRINE_VT_GETSTATE = 0x5603, VITRINE_VT_ACTIVATE = 0x5606,
    VITRINE_VT_WAITACTIVE = 0x5607, VITRINE_KDSETMODE = 0x4B3A, VITRINE_KDGETMODE = 0x4B3B,
    VITRINE_KD_TEXT = 0, VITRINE_KD_GRAPHICS = 1, VITRINE_KDGKBMODE = 0x4B44, VITRINE_KDSKBMODE = 0x4B45,
    VITRINE_K_OFF = 4, VITRINE_VT_SETMODE = 0x5602, VITRINE_VT_RELDISP = 0x5605, VITRINE_VT_AUTO = 0,
    VITRINE_VT_PROCESS = 1, VITRINE_VT_ACKACQ = 2
};

/// struct vt_mode: who switches the VT (the kernel, or this process through release/acquire signals).
struct vitrine_vt_mode { char mode, waitv; short relsig, acqsig, frsig; };

/// SIGRTMIN as this C library numbers it (a function-like macro in glibc).
int vitrine_sigrtmin(void);

/// struct vt_stat: the active VT and the mask of VTs in use.
struct vitrine_vt_stat { unsigned short v_active, v_signal, v_state; };

/// Whether the main thread serves the main run loop when an `async` main function's task is running: set
/// up when the program loads (see main_run_loop.c). `false` when the Swift runtime offers no hook, in which
/// case an async `main` parks the main thread in `dispatch_main()` and `RunLoop.main` never turns.
_Bool vitrine_main_thread_runs_main_run_loop(void);

/// A uinput multitouch touchscreen (protocol B: `slots` slots, positions 0...`maximum` on both axes,
/// INPUT_PROP_DIRECT), named `name`: the virtual board's stand-in for a panel's touch controller. Returns the
/// uinput descriptor, or -errno. Destroy it with vitrine_uinput_destroy (or by closing the descriptor).
int vitrine_uinput_create_touchscreen(const char *name, int slots, int maximum);
/// Writes one input event (type, code, value) to a uinput device. Returns 0 or -errno.
int vitrine_uinput_emit(int fd, unsigned short type, unsigned short code, int value);
/// Removes the device from the system (as unplugging it would) and closes the descriptor.
void vitrine_uinput_destroy(int fd);

#endif

/// Fixes glibc's mmap threshold (mallopt M_MMAP_THRESHOLD), which also turns off its dynamic raising; returns
/// mallopt's result (1 on success). <malloc.h> is not in Swift's Glibc module.
int vitrine_set_mmap_threshold(int bytes);

/// Gives the heap's free pages back to the kernel (malloc_trim(0)); returns 1 if any memory was released.
int vitrine_release_free_heap(void);
