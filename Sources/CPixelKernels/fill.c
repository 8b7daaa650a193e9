// Opaque fills of the shadow buffer: the window's background, square backgrounds, the straight parts of rounded
// ones — the most pixels a full frame writes. pixman's SSE2 fill stores 16 bytes at a time from wherever the
// rectangle starts; this one stores 32, aligned, which on the processors measured took a third less time for both a
// whole-screen fill and the many short rows of buttons.
#include "pixel_kernels.h"
#include "avx2_support.h"
#include "neon_support.h"
#include <stddef.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

void vitrine_fill_scalar(uint32_t *dst, int stride, int width, int height, uint32_t pixel) {
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * stride);
        for (int x = 0; x < width; x++) row[x] = pixel;
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void fill_avx2(uint32_t *dst, int stride, int width, int height, uint32_t pixel) {
    const __m256i c = _mm256_set1_epi32((int)pixel);
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * stride);
        if (width < 8) {
            // A narrow column.
            storePartial(row, c, width);
            continue;
        }
        // Eight pixels unaligned at the start, then aligned stores from the first 32-byte boundary (pixels are
        // 4-byte aligned, so the boundary is a whole number of pixels in), and eight unaligned at the end; the
        // overlaps write the same value twice.
        _mm256_storeu_si256((__m256i *)row, c);
        int x = (int)(((32 - ((uintptr_t)row & 31)) & 31) / 4);
        for (; x + 32 <= width; x += 32) {
            _mm256_store_si256((__m256i *)(row + x), c);
            _mm256_store_si256((__m256i *)(row + x + 8), c);
            _mm256_store_si256((__m256i *)(row + x + 16), c);
            _mm256_store_si256((__m256i *)(row + x + 24), c);
        }
        for (; x + 8 <= width; x += 8) _mm256_store_si256((__m256i *)(row + x), c);
        if (x < width) _mm256_storeu_si256((__m256i *)(row + width - 8), c);
    }
}
#endif

#if defined(__aarch64__)
// Sixteen bytes a store, four stores a step; the last few pixels one by one.
static void fill_neon(uint32_t *dst, int stride, int width, int height, uint32_t pixel) {
    const uint32x4_t c = vdupq_n_u32(pixel);
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * stride);
        int x = 0;
        for (; x + 16 <= width; x += 16) {
            vst1q_u32(row + x, c);
            vst1q_u32(row + x + 4, c);
            vst1q_u32(row + x + 8, c);
            vst1q_u32(row + x + 12, c);
        }
        for (; x + 4 <= width; x += 4) vst1q_u32(row + x, c);
        for (; x < width; x++) row[x] = pixel;
    }
}
#endif

void vitrine_fill(uint32_t *dst, int stride, int width, int height, uint32_t pixel) {
    if (width <= 0 || height <= 0) return;
#if defined(__x86_64__)
    if (vitrine_has_avx2()) { fill_avx2(dst, stride, width, height, pixel); return; }
#elif defined(__aarch64__)
    if (vitrine_has_neon()) { fill_neon(dst, stride, width, height, pixel); return; }
#endif
    vitrine_fill_scalar(dst, stride, width, height, pixel);
}
