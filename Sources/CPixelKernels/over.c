// The compositor's hottest loops: a translucent colour (a dimming overlay, a glass panel) and a backing store
// (mostly transparent around its text) blended over the shadow buffer. pixman's SSE2 code does them four pixels at
// a time; these do eight with AVX2 where the processor has it, or with NEON on AArch64 (eight pixels as four channel
// planes), with pixman's arithmetic, so frames match pixman's to the bit. A row's last few pixels take the scalar
// code, whose arithmetic is the same.
#include "pixel_kernels.h"
#include "avx2_support.h"
#include "neon_support.h"
#include <stddef.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// x × a / 255 for bytes, rounded as pixman does: t = x·a + 0x80, then (t + t / 256) / 256.
static inline uint32_t mul_un8(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 0x80;
    return (t + (t >> 8)) >> 8;
}

static inline uint32_t over_pixel(uint32_t d, uint32_t s, uint32_t ia) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t v = ((s >> shift) & 0xff) + mul_un8((d >> shift) & 0xff, ia);
        out |= (v > 255 ? 255 : v) << shift; // saturating, as pixman adds
    }
    return out;
}

// A premultiplied pixel `s` over `d`; an opaque one replaces it.
static inline uint32_t over_premultiplied(uint32_t d, uint32_t s) {
    return (s >> 24) == 0xff ? s : over_pixel(d, s, 255 - (s >> 24));
}

// Row `y`'s hole (`holes`: a start and an end per row, in columns `firstColumn` to the left of this window's) as
// columns of the window: [from, to), clamped; from = to = width when there is none.
static inline void hole_in_row(const int32_t *holes, int y, int firstColumn, int width, int *from, int *to) {
    *from = *to = width;
    if (!holes) return;
    int f = holes[2 * y] - firstColumn, t = holes[2 * y + 1] - firstColumn;
    if (f < 0) f = 0;
    if (t > width) t = width;
    if (f < t) { *from = f; *to = t; }
}

void vitrine_over_solid_scalar(uint32_t *dst, int stride, int width, int height, uint32_t src) {
    uint32_t ia = 255 - (src >> 24);
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * stride);
        for (int x = 0; x < width; x++) row[x] = over_pixel(row[x], src, ia);
    }
}

#if defined(__x86_64__)
/// x × a / 255 in each 16-bit lane, rounded as pixman does: (x·a + 0x80) · 257 / 65536 is (t + t / 256) / 256 for
/// every t up to 65535.
__attribute__((target("avx2")))
static inline __m256i mulUN8(__m256i x, __m256i a) {
    return _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(x, a), _mm256_set1_epi16(0x80)), _mm256_set1_epi16(0x0101));
}

/// Eight premultiplied pixels `s` OVER eight pixels `d`: s + d × (255 − alpha(s)) / 255 in every channel.
__attribute__((target("avx2")))
static inline __m256i over8(__m256i d, __m256i s) {
    const __m256i zero = _mm256_setzero_si256(), ones = _mm256_set1_epi16(0xff);
    // Each pixel's alpha word (the fourth of its four 16-bit lanes) copied to all four.
    const __m256i spreadAlpha = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                                 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    // Bytes to 16-bit lanes within each 128-bit half; the pack below undoes it the same way.
    __m256i alo = _mm256_sub_epi16(ones, _mm256_shuffle_epi8(_mm256_unpacklo_epi8(s, zero), spreadAlpha));
    __m256i ahi = _mm256_sub_epi16(ones, _mm256_shuffle_epi8(_mm256_unpackhi_epi8(s, zero), spreadAlpha));
    __m256i lo = mulUN8(_mm256_unpacklo_epi8(d, zero), alo), hi = mulUN8(_mm256_unpackhi_epi8(d, zero), ahi);
    return _mm256_adds_epu8(_mm256_packus_epi16(lo, hi), s);
}

__attribute__((target("avx2")))
static void over_solid_avx2(uint32_t *dst, int stride, int width, int height, uint32_t src) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i alpha = _mm256_set1_epi16((short)(255 - (src >> 24)));
    const __m256i solid = _mm256_set1_epi32((int)src);
    #define BLEND_SOLID(d) _mm256_adds_epu8(_mm256_packus_epi16(mulUN8(_mm256_unpacklo_epi8(d, zero), alpha), \
                                                            mulUN8(_mm256_unpackhi_epi8(d, zero), alpha)), solid)
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * stride);
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            __m256i d = _mm256_loadu_si256((const __m256i *)(row + x));
            _mm256_storeu_si256((__m256i *)(row + x), BLEND_SOLID(d));
        }
        if (x < width) {
            // The last few pixels through the same arithmetic, loaded and stored under a lane mask.
            __m256i lanes = tailLanes(width - x);
            __m256i d = _mm256_maskload_epi32((const int *)(row + x), lanes);
            storePartial(row + x, BLEND_SOLID(d), width - x);
        }
    }
    #undef BLEND_SOLID
}
#endif

#if defined(__aarch64__)
static void over_solid_neon(uint32_t *dst, int stride, int width, int height, uint32_t src) {
    const uint8x8x4_t s = vitrine_planes(src);
    const uint32_t ia = 255 - (src >> 24);
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * stride);
        int x = 0;
        for (; x + 8 <= width; x += 8) vst4_u8((uint8_t *)(row + x), vitrine_over8(vld4_u8((const uint8_t *)(row + x)), s));
        for (; x < width; x++) row[x] = over_pixel(row[x], src, ia);
    }
}
#endif

void vitrine_over_solid(uint32_t *dst, int stride, int width, int height, uint32_t src) {
    if (width <= 0 || height <= 0 || src == 0) return; // nothing over: the pixels stay
#if defined(__x86_64__)
    if (vitrine_has_avx2()) { over_solid_avx2(dst, stride, width, height, src); return; }
#elif defined(__aarch64__)
    if (vitrine_has_neon()) { over_solid_neon(dst, stride, width, height, src); return; }
#endif
    vitrine_over_solid_scalar(dst, stride, width, height, src);
}

void vitrine_over_argb_scalar(uint32_t *dst, int dstStride, const uint32_t *src, int srcStride, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * dstStride);
        const uint32_t *s = (const uint32_t *)((const uint8_t *)src + (ptrdiff_t)y * srcStride);
        for (int x = 0; x < width; x++) {
            if (s[x] != 0) d[x] = over_premultiplied(d[x], s[x]);
        }
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void over_argb_avx2(uint32_t *dst, int dstStride, const uint32_t *src, int srcStride, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * dstStride);
        const uint32_t *s = (const uint32_t *)((const uint8_t *)src + (ptrdiff_t)y * srcStride);
        if (y + 2 < height) {
            // A backing store is composited rarely (only when it or what is under it changes), so its rows are
            // usually far from the processor: ask for the row after next while this one is blended.
            const uint8_t *ahead = (const uint8_t *)src + (ptrdiff_t)(y + 2) * srcStride;
            for (int b = 0; b < width * 4; b += 64) _mm_prefetch((const char *)(ahead + b), _MM_HINT_T0);
        }
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            __m256i sp = _mm256_loadu_si256((const __m256i *)(s + x));
            if (_mm256_testz_si256(sp, sp)) continue; // all transparent: nothing over
            __m256i dp = _mm256_loadu_si256((const __m256i *)(d + x));
            _mm256_storeu_si256((__m256i *)(d + x), over8(dp, sp));
        }
        // The last few pixels one by one: at a store's edge they are mostly transparent, skipped at once.
        for (; x < width; x++) {
            if (s[x] != 0) d[x] = over_premultiplied(d[x], s[x]);
        }
    }
}
#endif

#if defined(__aarch64__)
static void over_argb_neon(uint32_t *dst, int dstStride, const uint32_t *src, int srcStride, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * dstStride);
        const uint32_t *s = (const uint32_t *)((const uint8_t *)src + (ptrdiff_t)y * srcStride);
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            // All eight transparent (around a store's text): nothing over.
            if (vmaxvq_u32(vorrq_u32(vld1q_u32(s + x), vld1q_u32(s + x + 4))) == 0) continue;
            uint8x8x4_t sp = vld4_u8((const uint8_t *)(s + x));
            vst4_u8((uint8_t *)(d + x), vitrine_over8(vld4_u8((const uint8_t *)(d + x)), sp));
        }
        for (; x < width; x++) {
            if (s[x] != 0) d[x] = over_premultiplied(d[x], s[x]);
        }
    }
}
#endif

void vitrine_over_argb(uint32_t *dst, int dstStride, const uint32_t *src, int srcStride, int width, int height) {
    if (width <= 0 || height <= 0) return;
#if defined(__x86_64__)
    if (vitrine_has_avx2()) { over_argb_avx2(dst, dstStride, src, srcStride, width, height); return; }
#elif defined(__aarch64__)
    if (vitrine_has_neon()) { over_argb_neon(dst, dstStride, src, srcStride, width, height); return; }
#endif
    vitrine_over_argb_scalar(dst, dstStride, src, srcStride, width, height);
}

// The colour `src` scaled by coverage `m` (every channel × m / 255, pixman's rounding).
static inline uint32_t scale_pixel(uint32_t src, uint32_t m) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) out |= mul_un8((src >> shift) & 0xff, m) << shift;
    return out;
}

void vitrine_over_solid_masked_scalar(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                      int height, uint32_t src) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * dstStride);
        const uint8_t *m = mask + (ptrdiff_t)y * maskStride;
        for (int x = 0; x < width; x++) {
            if (m[x] == 0) continue;
            d[x] = over_premultiplied(d[x], m[x] == 0xff ? src : scale_pixel(src, m[x]));
        }
    }
}

#if defined(__x86_64__)
// The colour `src` eight times over, its bytes widened to 16 bits: pixels 0-1 and 4-5 in `lo`, 2-3 and 6-7 in `hi`
// (the halves AVX2's unpack instructions make).
__attribute__((target("avx2"), always_inline))
static inline void widen(uint32_t src, __m256i *lo, __m256i *hi) {
    const __m256i solid = _mm256_set1_epi32((int)src), zero = _mm256_setzero_si256();
    *lo = _mm256_unpacklo_epi8(solid, zero);
    *hi = _mm256_unpackhi_epi8(solid, zero);
}

// Up to eight pixels at `d` (those in `lanes`) get the colour (`solid`; `solidLo`/`solidHi`: its bytes widened)
// scaled by their coverage (`coverage`: a byte each, pixel 0 lowest), then over. Two shortcuts give the same bytes:
// an opaque colour (`opaque`) fully covering all eight is the colour itself (the inside of a corner, a glyph's
// stem); over eight transparent pixels (a store's glyphs, drawn on a cleared store) the scaled colour is the result.
__attribute__((target("avx2"), always_inline))
static inline void over_coverage8(uint32_t *d, uint64_t coverage, __m256i lanes, int n, __m256i solid, __m256i solidLo,
                                  __m256i solidHi, int opaque) {
    // (`n`: how many of the eight lanes are in, which `lanes` masks; all eight take plain loads and stores, fewer a
    // masked load and `storePartial`: a masked store is many times slower on some processors — microcoded on Zen.)
    const int full = n == 8;
    if (opaque && coverage == ~(uint64_t)0) {
        if (full) _mm256_storeu_si256((__m256i *)d, solid); else storePartial(d, solid, n);
        return;
    }
    const __m256i zero = _mm256_setzero_si256();
    // Each pixel's coverage in its four bytes (pixels 0-3 from the low 128-bit half, 4-7 from the high one), then in
    // its four 16-bit lanes.
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                            4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    __m256i cov = _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)coverage), spread);
    __m256i scaled = _mm256_packus_epi16(mulUN8(solidLo, _mm256_unpacklo_epi8(cov, zero)),
                                         mulUN8(solidHi, _mm256_unpackhi_epi8(cov, zero)));
    __m256i dp = full ? _mm256_loadu_si256((const __m256i *)d) : _mm256_maskload_epi32((const int *)d, lanes);
    __m256i out = _mm256_testz_si256(dp, dp) ? scaled : over8(dp, scaled);
    if (full) _mm256_storeu_si256((__m256i *)d, out); else storePartial(d, out, n);
}

// One row's run of `width` pixels.
__attribute__((target("avx2"), always_inline))
static inline void over_solid_masked_run_avx2(uint32_t *d, const uint8_t *m, int width, __m256i solid, __m256i solidLo,
                                              __m256i solidHi, int opaque) {
    for (int x = 0; x < width; x += 8) {
        // The last few pixels are loaded and stored under a lane mask (their missing coverage is 0).
        int n = width - x < 8 ? width - x : 8;
        uint64_t coverage = 0;
        if (n == 8) __builtin_memcpy(&coverage, m + x, 8);
        else for (int k = 0; k < n; k++) coverage |= (uint64_t)m[x + k] << (8 * k);
        if (coverage == 0) continue; // outside the shape: nothing over
        if (n == 8) over_coverage8(d + x, coverage, _mm256_set1_epi32(-1), 8, solid, solidLo, solidHi, opaque);
        else over_coverage8(d + x, coverage, tailLanes(n), n, solid, solidLo, solidHi, opaque);
    }
}

__attribute__((target("avx2")))
static void over_solid_masked_avx2(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                   int height, uint32_t src, const int32_t *holes, int firstColumn) {
    __m256i solidLo, solidHi;
    widen(src, &solidLo, &solidHi);
    const __m256i solid = _mm256_set1_epi32((int)src);
    const int opaque = (src >> 24) == 0xff;
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * dstStride);
        const uint8_t *m = mask + (ptrdiff_t)y * maskStride;
        int from, to;
        hole_in_row(holes, y, firstColumn, width, &from, &to);
        over_solid_masked_run_avx2(d, m, from, solid, solidLo, solidHi, opaque);
        if (to < width) over_solid_masked_run_avx2(d + to, m + to, width - to, solid, solidLo, solidHi, opaque);
    }
}

// The mask's rows may be read eight bytes at a time up to seven bytes past their end: a row's last few pixels take
// one load and a mask of bytes (worked out once) instead of a byte loop. Glyph images are narrow: most of their rows
// are a few pixels.
__attribute__((target("avx2")))
static void over_solid_masked_padded_avx2(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                          int height, uint32_t src) {
    __m256i solidLo, solidHi;
    widen(src, &solidLo, &solidHi);
    const __m256i solid = _mm256_set1_epi32((int)src);
    const int opaque = (src >> 24) == 0xff;
    const int whole = width & ~7, tail = width & 7;
    const __m256i tailMask = tail ? tailLanes(tail) : _mm256_setzero_si256();
    const uint64_t tailBytes = tail ? (((uint64_t)1 << (8 * tail)) - 1) : 0;
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * dstStride);
        const uint8_t *m = mask + (ptrdiff_t)y * maskStride;
        uint64_t coverage;
        for (int x = 0; x < whole; x += 8) {
            __builtin_memcpy(&coverage, m + x, 8);
            if (coverage) over_coverage8(d + x, coverage, _mm256_set1_epi32(-1), 8, solid, solidLo, solidHi, opaque);
        }
        if (tail) {
            __builtin_memcpy(&coverage, m + whole, 8);
            coverage &= tailBytes; // what lies past the row is not this row's
            if (coverage) over_coverage8(d + whole, coverage, tailMask, tail, solid, solidLo, solidHi, opaque);
        }
    }
}
#endif

#if defined(__aarch64__)
// One row's run of `width` pixels: eight coverages a load, the colour's planes scaled by them, then over; runs of
// zero coverage (outside the shape) skipped; the last few pixels through the scalar code.
static inline void over_solid_masked_run_neon(uint32_t *d, const uint8_t *m, int width, uint8x8x4_t s, uint32_t src) {
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        const uint8x8_t cov = vld1_u8(m + x);
        if (vget_lane_u64(vreinterpret_u64_u8(cov), 0) == 0) continue;
        uint8x8x4_t scaled;
        scaled.val[0] = vitrine_mul_un8x8(s.val[0], cov);
        scaled.val[1] = vitrine_mul_un8x8(s.val[1], cov);
        scaled.val[2] = vitrine_mul_un8x8(s.val[2], cov);
        scaled.val[3] = vitrine_mul_un8x8(s.val[3], cov);
        vst4_u8((uint8_t *)(d + x), vitrine_over8(vld4_u8((const uint8_t *)(d + x)), scaled));
    }
    if (x < width) vitrine_over_solid_masked_scalar(d + x, 0, m + x, 0, width - x, 1, src);
}

static void over_solid_masked_neon(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                   int height, uint32_t src, const int32_t *holes, int firstColumn) {
    const uint8x8x4_t s = vitrine_planes(src);
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * dstStride);
        const uint8_t *m = mask + (ptrdiff_t)y * maskStride;
        int from, to;
        hole_in_row(holes, y, firstColumn, width, &from, &to);
        over_solid_masked_run_neon(d, m, from, s, src);
        if (to < width) over_solid_masked_run_neon(d + to, m + to, width - to, s, src);
    }
}
#endif

void vitrine_over_solid_masked_padded(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                      int height, uint32_t src) {
    if (width <= 0 || height <= 0 || src == 0) return;
#if defined(__x86_64__)
    if (vitrine_has_avx2()) { over_solid_masked_padded_avx2(dst, dstStride, mask, maskStride, width, height, src); return; }
#elif defined(__aarch64__)
    // (The NEON path reads no byte past a row: the padding is not needed.)
    if (vitrine_has_neon()) { over_solid_masked_neon(dst, dstStride, mask, maskStride, width, height, src, NULL, 0); return; }
#endif
    vitrine_over_solid_masked_scalar(dst, dstStride, mask, maskStride, width, height, src);
}

void vitrine_over_solid_masked(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width, int height,
                               uint32_t src) {
    if (width <= 0 || height <= 0 || src == 0) return;
#if defined(__x86_64__)
    if (vitrine_has_avx2()) { over_solid_masked_avx2(dst, dstStride, mask, maskStride, width, height, src, NULL, 0); return; }
#elif defined(__aarch64__)
    if (vitrine_has_neon()) { over_solid_masked_neon(dst, dstStride, mask, maskStride, width, height, src, NULL, 0); return; }
#endif
    vitrine_over_solid_masked_scalar(dst, dstStride, mask, maskStride, width, height, src);
}

void vitrine_over_solid_masked_holes(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                     int height, uint32_t src, const int32_t *holes, int firstColumn) {
    if (width <= 0 || height <= 0 || src == 0) return;
#if defined(__x86_64__)
    if (vitrine_has_avx2()) {
        over_solid_masked_avx2(dst, dstStride, mask, maskStride, width, height, src, holes, firstColumn);
        return;
    }
#elif defined(__aarch64__)
    if (vitrine_has_neon()) {
        over_solid_masked_neon(dst, dstStride, mask, maskStride, width, height, src, holes, firstColumn);
        return;
    }
#endif
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (ptrdiff_t)y * dstStride);
        const uint8_t *m = mask + (ptrdiff_t)y * maskStride;
        int from, to;
        hole_in_row(holes, y, firstColumn, width, &from, &to);
        vitrine_over_solid_masked_scalar(d, dstStride, m, maskStride, from, 1, src);
        if (to < width) vitrine_over_solid_masked_scalar(d + to, dstStride, m + to, maskStride, width - to, 1, src);
    }
}

void vitrine_add_a8(uint8_t *dst, int dstStride, const uint8_t *src, int srcStride, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * dstStride;
        const uint8_t *s = src + (ptrdiff_t)y * srcStride;
        for (int x = 0; x < width; x++) {
            unsigned v = (unsigned)d[x] + s[x];
            d[x] = (uint8_t)(v > 255 ? 255 : v); // saturating, as pixman's ADD
        }
    }
}
