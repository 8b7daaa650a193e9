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

/// Whether the main thread serves the main run loop when an `async` main function's task is running: set
/// up when the program loads (see main_run_loop.c). `false` when the Swift runtime offers no hook, in which
/// case an async `main` parks the main thread in `dispatch_main()` and `RunLoop.main` never turns.
_Bool vitrine_main_thread_runs_main_run_loop(void);

#endif
