// Checks the pixel kernels' vector paths (NEON on AArch64, AVX2 on x86-64) against their scalar references, bit for
// bit, on random pixels: every width from 1 to 67 (the rows' odd tails), starts 0 to 3 pixels past an aligned address
// (unaligned starts), strides with padding, colours of every kind (transparent, opaque, translucent), masks with
// zero and full coverage runs, holes, and padded masks whose bytes past a row are noise. The scalar code is checked
// against pixman itself by the Swift tests (CLibraryTests); together they hold the vector paths to pixman's pixels.
// Built and run by Tools/aarch64/check-pixel-kernels.sh (natively, and for AArch64 under qemu-user).
#include "pixel_kernels.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint32_t next(void) {  // xorshift64*: repeatable on every machine
    state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
    return (uint32_t)((state * 0x2545F4914F6CDD1Dull) >> 32);
}

// A premultiplied pixel: transparent, opaque or translucent, with channels no greater than its alpha.
static uint32_t premultiplied(void) {
    uint32_t kind = next() % 4, a = kind == 0 ? 0 : kind == 1 ? 255 : next() % 256;
    uint32_t r = a ? next() % (a + 1) : 0, g = a ? next() % (a + 1) : 0, b = a ? next() % (a + 1) : 0;
    return a << 24 | r << 16 | g << 8 | b;
}

static uint8_t coverage(void) {
    uint32_t kind = next() % 4;
    return kind == 0 ? 0 : kind == 1 ? 255 : (uint8_t)next();
}

static int failures = 0, cases = 0;

static void check(const char *kernel, int width, int offset, const uint32_t *got, const uint32_t *want, int count) {
    cases++;
    if (memcmp(got, want, (size_t)count * 4) == 0) return;
    for (int i = 0; i < count; i++) {
        if (got[i] != want[i]) {
            if (failures++ < 20)
                fprintf(stderr, "FAIL %s width %d start +%d: pixel %d is %08x, the scalar code's %08x\n", kernel, width,
                        offset, i, got[i], want[i]);
            return;
        }
    }
}

enum { ROWS = 3, PAD = 5, MAXW = 67 };

int main(void) {
    // Rows of MAXW + PAD + 4 pixels; each case starts `offset` pixels in (16-byte aligned buffers).
    static uint32_t base[ROWS * (MAXW + PAD + 4)] __attribute__((aligned(64)));
    static uint32_t got[ROWS * (MAXW + PAD + 4)] __attribute__((aligned(64)));
    static uint32_t want[ROWS * (MAXW + PAD + 4)] __attribute__((aligned(64)));
    static uint32_t src[ROWS * (MAXW + PAD + 4)] __attribute__((aligned(64)));
    static uint8_t mask[ROWS * (MAXW + PAD + 4) + VITRINE_MASK_READ_PADDING];
    const int stride = (MAXW + PAD + 4) * 4, count = ROWS * (MAXW + PAD + 4);
    for (int round = 0; round < 40; round++) {
        for (int width = 1; width <= MAXW; width++) {
            for (int offset = 0; offset < 4; offset++) {
                for (int i = 0; i < count; i++) { base[i] = next(); src[i] = premultiplied(); }
                for (int i = 0; i < (int)sizeof mask; i++) mask[i] = coverage();
                uint32_t colour = premultiplied();
                if (round % 5 == 0) colour |= 0xff000000u;  // opaque colours take the AVX2 path's shortcut
                uint32_t *g = got + offset, *w = want + offset;
                const uint32_t *s = src + offset;
                const uint8_t *m = mask + offset;
                int32_t holes[2 * ROWS];
                for (int y = 0; y < ROWS; y++) {
                    holes[2 * y] = (int32_t)(next() % (unsigned)(width + 2)) - 1;
                    holes[2 * y + 1] = (int32_t)(next() % (unsigned)(width + 2));
                }

                memcpy(got, base, sizeof got); memcpy(want, base, sizeof want);
                vitrine_fill(g, stride, width, ROWS, colour);
                vitrine_fill_scalar(w, stride, width, ROWS, colour);
                check("fill", width, offset, got, want, count);

                memcpy(got, base, sizeof got); memcpy(want, base, sizeof want);
                vitrine_over_solid(g, stride, width, ROWS, colour);
                vitrine_over_solid_scalar(w, stride, width, ROWS, colour);
                check("over_solid", width, offset, got, want, count);

                memcpy(got, base, sizeof got); memcpy(want, base, sizeof want);
                vitrine_over_argb(g, stride, s, stride, width, ROWS);
                vitrine_over_argb_scalar(w, stride, s, stride, width, ROWS);
                check("over_argb", width, offset, got, want, count);

                memcpy(got, base, sizeof got); memcpy(want, base, sizeof want);
                vitrine_over_solid_masked(g, stride, m, MAXW + PAD + 4, width, ROWS, colour);
                vitrine_over_solid_masked_scalar(w, stride, m, MAXW + PAD + 4, width, ROWS, colour);
                check("over_solid_masked", width, offset, got, want, count);

                memcpy(got, base, sizeof got); memcpy(want, base, sizeof want);
                vitrine_over_solid_masked_padded(g, stride, m, MAXW + PAD + 4, width, ROWS, colour);
                vitrine_over_solid_masked_scalar(w, stride, m, MAXW + PAD + 4, width, ROWS, colour);
                check("over_solid_masked_padded", width, offset, got, want, count);

                memcpy(got, base, sizeof got); memcpy(want, base, sizeof want);
                vitrine_over_solid_masked_holes(g, stride, m, MAXW + PAD + 4, width, ROWS, colour, holes, 0);
                for (int y = 0; y < ROWS; y++) {
                    int from = holes[2 * y] < 0 ? 0 : holes[2 * y], to = holes[2 * y + 1] > width ? width : holes[2 * y + 1];
                    if (from >= to) from = to = width;
                    uint32_t *row = w + y * (stride / 4);
                    const uint8_t *mrow = m + y * (MAXW + PAD + 4);
                    vitrine_over_solid_masked_scalar(row, stride, mrow, 0, from, 1, colour);
                    if (to < width) vitrine_over_solid_masked_scalar(row + to, stride, mrow + to, 0, width - to, 1, colour);
                }
                check("over_solid_masked_holes", width, offset, got, want, count);

                memcpy(got, base, sizeof got); memcpy(want, base, sizeof want);
                vitrine_copy_rows(g, stride, s, stride, width, ROWS, (int)(next() & 1));
                for (int y = 0; y < ROWS; y++) memcpy(w + y * (stride / 4), s + y * (stride / 4), (size_t)width * 4);
                check("copy_rows", width, offset, got, want, count);
            }
        }
    }
#if defined(__aarch64__)
    const char *path = "NEON";
#elif defined(__x86_64__)
    const char *path = __builtin_cpu_supports("avx2") ? "AVX2" : "scalar (no AVX2 here)";
#else
    const char *path = "scalar";
#endif
    const char *forced = getenv("VITRINE_PIXEL_KERNELS");
    printf("pixel kernels (%s%s): %d passed, %d failed\n", forced && !strcmp(forced, "scalar") ? "scalar, forced" : path,
           "", cases - failures, failures);
    return failures ? 1 : 0;
}
