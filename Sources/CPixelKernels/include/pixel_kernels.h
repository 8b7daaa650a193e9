#ifndef VITRINE_PIXEL_KERNELS_H
#define VITRINE_PIXEL_KERNELS_H
#include <stdint.h>

/// Blends the premultiplied ARGB32 colour `src` (native-endian 0xAARRGGBB) over `height` rows of `width` pixels
/// starting at `dst`, rows `stride` bytes apart: every channel becomes src + dst × (255 − alpha(src)) / 255,
/// rounded exactly as pixman rounds its OVER of a solid colour (so the pixels are the same as pixman's), with
/// AVX2 where the processor has it.
void vitrine_over_solid(uint32_t *dst, int stride, int width, int height, uint32_t src);

/// The same blend without SIMD: the reference the vector code is tested against.
void vitrine_over_solid_scalar(uint32_t *dst, int stride, int width, int height, uint32_t src);

#endif
