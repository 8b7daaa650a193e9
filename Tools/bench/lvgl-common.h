/* What the LVGL side-by-side drivers share (Tools/bench/lvgl-*.c): a manual tick, a display rendering straight into
 * two screen-sized buffers in memory (LVGL's direct mode, double-buffered: what its own DRM driver sets up) whose
 * flush does nothing, and a millisecond clock for timing frames. With two buffers, LVGL copies what it drew in the
 * last frame into the buffer it draws next (its `refr_sync_areas`): the counterpart of Vitrine's frame copying its
 * damage out of the shadow buffer, which Vitrine's figures include. */
#ifndef VITRINE_LVGL_COMMON_H
#define VITRINE_LVGL_COMMON_H
#include <stdlib.h>
#include <time.h>
#include "lvgl.h"

static uint32_t now_ms = 0;
static uint32_t tick(void) { return now_ms; }
static void flush(lv_display_t *d, const lv_area_t *a, uint8_t *px) { (void)a; (void)px; lv_display_flush_ready(d); }

static double clock_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* LVGL started, with a w x h display drawing directly into memory. */
static lv_display_t *start_display(int w, int h) {
    lv_init();
    lv_tick_set_cb(tick);
    lv_display_t *disp = lv_display_create(w, h);
    uint32_t bytes = (uint32_t)w * h * 4;
    lv_display_set_buffers(disp, calloc(1, bytes), calloc(1, bytes), bytes, LV_DISPLAY_RENDER_MODE_DIRECT);
    lv_display_set_flush_cb(disp, flush);
    return disp;
}
#endif
