// What the kernels' NEON paths share: whether to take them. Advanced SIMD is part of every AArch64 processor (ARMv8-A
// makes it mandatory), so the answer is yes unless VITRINE_PIXEL_KERNELS=scalar asks for the scalar code (for
// figures of one beside the other; read once).
#ifndef VITRINE_NEON_SUPPORT_H
#define VITRINE_NEON_SUPPORT_H

#if defined(__aarch64__)
#include <arm_neon.h>
#include "kernel_choice.h"

/// Whether to use the NEON paths.
static inline int vitrine_has_neon(void) { return !vitrine_scalar_forced(); }

/// x × a / 255 in each byte lane, rounded as pixman rounds: with t = x·a, (t + 0x80 + ((t + 0x80) >> 8)) >> 8 — a
/// rounding shift and a rounding narrowing add, as pixman's own NEON code does it. (Never past 16 bits: t is at most
/// 65025.)
static inline uint8x8_t vitrine_mul_un8x8(uint8x8_t x, uint8x8_t a) {
    uint16x8_t t = vmull_u8(x, a);
    return vraddhn_u16(t, vrshrq_n_u16(t, 8));
}

/// Eight premultiplied pixels `s` OVER eight pixels `d`, as channel planes (vld4: blue, green, red, alpha for
/// native-endian ARGB32 words): s + d × (255 − alpha(s)) / 255 in every channel, added with saturation as pixman adds.
static inline uint8x8x4_t vitrine_over8(uint8x8x4_t d, uint8x8x4_t s) {
    const uint8x8_t ia = vmvn_u8(s.val[3]);
    uint8x8x4_t out;
    out.val[0] = vqadd_u8(s.val[0], vitrine_mul_un8x8(d.val[0], ia));
    out.val[1] = vqadd_u8(s.val[1], vitrine_mul_un8x8(d.val[1], ia));
    out.val[2] = vqadd_u8(s.val[2], vitrine_mul_un8x8(d.val[2], ia));
    out.val[3] = vqadd_u8(s.val[3], vitrine_mul_un8x8(d.val[3], ia));
    return out;
}

/// The colour `src` as eight copies of each of its channel planes.
static inline uint8x8x4_t vitrine_planes(uint32_t src) {
    uint8x8x4_t s;
    s.val[0] = vdup_n_u8((uint8_t)src);
    s.val[1] = vdup_n_u8((uint8_t)(src >> 8));
    s.val[2] = vdup_n_u8((uint8_t)(src >> 16));
    s.val[3] = vdup_n_u8((uint8_t)(src >> 24));
    return s;
}
#endif

#endif
