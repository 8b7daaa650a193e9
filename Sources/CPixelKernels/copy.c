// Copying the shadow buffer's damage out to what the display shows. The destination is never read again by the
// processor (a dumb buffer is scanned out by the display; a headless frame buffer is read rarely), so a copy bigger
// than the cache is written with streaming stores: no read of each destination line before it is written, and the
// cache keeps what the next frame paints from. A copy that fits in the cache is faster through it (memcpy).
#include "pixel_kernels.h"
#include <stddef.h>
#include <string.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

void vitrine_copy_rows(uint32_t *dst, int dstStride, const uint32_t *src, int srcStride, int width, int height,
                       int streaming) {
    if (width <= 0 || height <= 0) return;
    size_t bytes = (size_t)width * 4;
#if defined(__x86_64__)
    if (streaming) {
        for (int y = 0; y < height; y++) {
            uint8_t *d = (uint8_t *)dst + (ptrdiff_t)y * dstStride;
            const uint8_t *s = (const uint8_t *)src + (ptrdiff_t)y * srcStride;
            size_t i = 0;
            // Pixel by pixel to the first 16-byte boundary (pixels are 4-byte aligned), streaming 64 bytes at a time
            // from there (SSE2: every x86-64 has it), the last few pixels plainly.
            while (i < bytes && ((uintptr_t)(d + i) & 15) != 0) { memcpy(d + i, s + i, 4); i += 4; }
            for (; i + 64 <= bytes; i += 64) {
                __m128i a = _mm_loadu_si128((const __m128i *)(s + i)), b = _mm_loadu_si128((const __m128i *)(s + i + 16));
                __m128i c = _mm_loadu_si128((const __m128i *)(s + i + 32)), e = _mm_loadu_si128((const __m128i *)(s + i + 48));
                _mm_stream_si128((__m128i *)(d + i), a);
                _mm_stream_si128((__m128i *)(d + i + 16), b);
                _mm_stream_si128((__m128i *)(d + i + 32), c);
                _mm_stream_si128((__m128i *)(d + i + 48), e);
            }
            for (; i + 16 <= bytes; i += 16) _mm_stream_si128((__m128i *)(d + i), _mm_loadu_si128((const __m128i *)(s + i)));
            if (i < bytes) memcpy(d + i, s + i, bytes - i);
        }
        // Streaming stores are weakly ordered: done before anyone (the display, a reader) is told of the frame.
        _mm_sfence();
        return;
    }
#else
    (void)streaming;
#endif
    for (int y = 0; y < height; y++) {
        memcpy((uint8_t *)dst + (ptrdiff_t)y * dstStride, (const uint8_t *)src + (ptrdiff_t)y * srcStride, bytes);
    }
}
