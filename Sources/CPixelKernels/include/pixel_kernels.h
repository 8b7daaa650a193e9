#ifndef VITRINE_PIXEL_KERNELS_H
#define VITRINE_PIXEL_KERNELS_H
#include <stdint.h>

/// Copies `height` rows of `width` pixels from `src` (rows `srcStride` bytes apart) to `dst` (rows `dstStride` apart).
/// `streaming` (x86-64): with non-temporal stores that bypass the cache (for copies bigger than it, to memory the
/// processor will not read back: the display's buffer); otherwise memcpy row by row.
void vitrine_copy_rows(uint32_t *dst, int dstStride, const uint32_t *src, int srcStride, int width, int height,
                       int streaming);

/// Sets `height` rows of `width` pixels starting at `dst` (rows `stride` bytes apart, pixels 4-byte aligned) to
/// `pixel`: pixman's SRC fill of a solid colour, with aligned AVX2 stores where the processor has it.
void vitrine_fill(uint32_t *dst, int stride, int width, int height, uint32_t pixel);

/// The same fill without SIMD: the reference the vector code is tested against.
void vitrine_fill_scalar(uint32_t *dst, int stride, int width, int height, uint32_t pixel);

/// Blends the premultiplied ARGB32 colour `src` (native-endian 0xAARRGGBB) over `height` rows of `width` pixels
/// starting at `dst`, rows `stride` bytes apart: every channel becomes src + dst × (255 − alpha(src)) / 255,
/// rounded exactly as pixman rounds its OVER of a solid colour (so the pixels are the same as pixman's), with
/// AVX2 where the processor has it.
void vitrine_over_solid(uint32_t *dst, int stride, int width, int height, uint32_t src);

/// The same blend without SIMD: the reference the vector code is tested against.
void vitrine_over_solid_scalar(uint32_t *dst, int stride, int width, int height, uint32_t src);

/// Blends `height` rows of `width` premultiplied ARGB32 pixels from `src` (rows `srcStride` bytes apart) over
/// `dst` (rows `dstStride` apart): every channel becomes src + dst × (255 − alpha(src)) / 255, rounded as pixman's
/// OVER rounds (the same pixels as pixman's), eight pixels at a time with AVX2 where the processor has it; runs of
/// transparent source pixels (a backing store around its text) are skipped.
void vitrine_over_argb(uint32_t *dst, int dstStride, const uint32_t *src, int srcStride, int width, int height);

/// The same blend without SIMD: the reference the vector code is tested against.
void vitrine_over_argb_scalar(uint32_t *dst, int dstStride, const uint32_t *src, int srcStride, int width, int height);

/// Blends the premultiplied ARGB32 colour `src` through the 8-bit coverage `mask` (rows `maskStride` bytes apart)
/// over `dst`: the colour scaled by each coverage, then OVER, rounded as pixman's OVER of a solid colour through an
/// a8 mask (the same pixels as pixman's); eight pixels at a time with AVX2 where the processor has it.
void vitrine_over_solid_masked(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width, int height,
                               uint32_t src);

/// `vitrine_over_solid_masked` leaving out, in each row `y`, the columns from `holes[2y]` to `holes[2y + 1]` (less
/// `firstColumn`: the holes are given in the columns of a wider mask this window starts `firstColumn` into; an empty
/// or reversed pair leaves nothing out). For a shadow whose middle lies under its layer's opaque fill: those pixels
/// are painted over anyway, and the rows' ends are blended as two runs instead of one.
void vitrine_over_solid_masked_holes(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                     int height, uint32_t src, const int32_t *holes, int firstColumn);

/// How many readable bytes a mask for `vitrine_over_solid_masked_padded` needs after its last row.
#define VITRINE_MASK_READ_PADDING 8

/// `vitrine_over_solid_masked` for a mask whose rows may be read up to seven bytes past their end (what is there is
/// ignored; `VITRINE_MASK_READ_PADDING` bytes after the last row): a row's last few pixels take one load. For narrow
/// masks (glyph images), whose rows are mostly tail.
void vitrine_over_solid_masked_padded(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                      int height, uint32_t src);

/// The same blend without SIMD: the reference the vector code is tested against.
void vitrine_over_solid_masked_scalar(uint32_t *dst, int dstStride, const uint8_t *mask, int maskStride, int width,
                                      int height, uint32_t src);

/// Adds `height` rows of `width` 8-bit coverages from `src` (rows `srcStride` bytes apart) into `dst` (rows
/// `dstStride` apart), saturating at 255: pixman's ADD of one a8 image to another (how cairo gathers overlapping
/// glyphs into one mask before blending them).
void vitrine_add_a8(uint8_t *dst, int dstStride, const uint8_t *src, int srcStride, int width, int height);

#endif
