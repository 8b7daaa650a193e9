// What the kernels' AVX2 paths share: whether the processor has AVX2 (asked once per file that includes this; a race
// between threads asking first is harmless: they write the same answer; VITRINE_PIXEL_KERNELS=scalar says no, for
// figures of the scalar code beside the vector code), and lane masks for a row's last pixels.
#ifndef VITRINE_AVX2_SUPPORT_H
#define VITRINE_AVX2_SUPPORT_H

#if defined(__x86_64__)
#include <immintrin.h>
#include "kernel_choice.h"

/// Whether the processor has AVX2 (and the scalar code is not asked for).
static inline int vitrine_has_avx2(void) {
    static int known = -1;
    if (known < 0) known = __builtin_cpu_supports("avx2") && !vitrine_scalar_forced() ? 1 : 0;
    return known;
}

/// A lane mask for the first `n` (fewer than eight) of eight pixels.
__attribute__((target("avx2")))
static inline __m256i tailLanes(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/// Stores the first `n` (fewer than eight) pixels of `v` at `d`. Not a masked store (`vpmaskmovd`): that is
/// microcoded and many times slower on AMD's Zen, and a row's last pixels are stored once per row.
__attribute__((target("avx2"), always_inline))
static inline void storePartial(uint32_t *d, __m256i v, int n) {
    uint32_t lanes[8] __attribute__((aligned(32)));
    _mm256_store_si256((__m256i *)lanes, v);
    for (int k = 0; k < n; k++) d[k] = lanes[k];
}
#endif

#endif
