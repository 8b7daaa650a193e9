/* The LVGL side of vitrine-bench-controls (Tools/bench-controls.sh builds it against a fetched LVGL v9.2.2; nothing
 * of LVGL is kept here): a white screen with a switch (51x31) and a slider (288 wide), scaled by S, rendered by
 * LVGL's software renderer into memory. Prints per-frame times in ms, one line per kind:
 *   switch <t1> <t2> ...   every frame while the switch's knob animates after a toggle (FLIPS toggles)
 *   slider <t1> <t2> ...   one frame per value change, as a drag makes them (FRAMES changes)
 *   slider-ios <t1> ...    the same with the slider styled as Vitrine draws UISlider (iOS's look): a 28x28 white
 *                          knob with a soft shadow (0.2 black, 2 down, blurred as far as Vitrine's 3-point one
 *                          reaches) instead of the default theme's 16x16 blue knob without one
 * Usage: lvgl-controls W H S FLIPS FRAMES */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "lvgl.h"
#include "lvgl-common.h"


int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: lvgl-controls W H S FLIPS FRAMES\n"); return 2; }
    int w = atoi(argv[1]), h = atoi(argv[2]), s = atoi(argv[3]), flips = atoi(argv[4]), frames = atoi(argv[5]);
    lv_display_t *disp = start_display(w, h);
    lv_obj_t *screen = lv_screen_active();
    lv_obj_set_style_bg_color(screen, lv_color_white(), 0);
    lv_obj_t *sw = lv_switch_create(screen);
    lv_obj_set_size(sw, 51 * s, 31 * s);
    lv_obj_set_pos(sw, 100 * s, 100 * s);
    lv_obj_t *sl = lv_slider_create(screen);
    lv_obj_set_size(sl, 288 * s, 4 * s);
    lv_obj_set_pos(sl, 100 * s, 213 * s);
    lv_slider_set_range(sl, 0, 1000);
    lv_refr_now(disp);
    uint32_t anim = lv_obj_get_style_anim_duration(sw, LV_PART_MAIN);
    int per_flip = (int)(anim / 16) + 2;
    printf("switch");
    for (int f = 0; f < flips; f++) {
        if (lv_obj_has_state(sw, LV_STATE_CHECKED)) lv_obj_remove_state(sw, LV_STATE_CHECKED);
        else lv_obj_add_state(sw, LV_STATE_CHECKED);
        lv_obj_send_event(sw, LV_EVENT_VALUE_CHANGED, NULL);
        for (int i = 0; i < per_flip; i++) {
            now_ms += 16;
            double t = clock_ms();
            lv_timer_handler();
            printf(" %.5f", clock_ms() - t);
        }
        now_ms += 500;
        lv_timer_handler();
    }
    printf("\nslider");
    int v = 0, dv = 7;
    for (int i = 0; i < frames; i++) {
        v += dv;
        if (v > 1000 || v < 0) { dv = -dv; v += 2 * dv; }
        lv_slider_set_value(sl, v, LV_ANIM_OFF);
        now_ms += 16;
        double t = clock_ms();
        lv_timer_handler();
        printf(" %.5f", clock_ms() - t);
    }
    /* The iOS-styled slider in the same place (the default one hidden), driven the same way. */
    lv_obj_add_flag(sl, LV_OBJ_FLAG_HIDDEN);
    lv_obj_t *ios = lv_slider_create(screen);
    lv_obj_set_size(ios, 288 * s, 4 * s);
    lv_obj_set_pos(ios, 100 * s, 213 * s);
    lv_slider_set_range(ios, 0, 1000);
    lv_obj_set_style_bg_color(ios, lv_color_make(0xe5, 0xe5, 0xea), LV_PART_MAIN);
    lv_obj_set_style_bg_color(ios, lv_color_make(0x00, 0x7a, 0xff), LV_PART_INDICATOR);
    lv_obj_set_style_bg_color(ios, lv_color_white(), LV_PART_KNOB);
    lv_obj_set_style_pad_all(ios, 12 * s, LV_PART_KNOB); /* 4 + 2 x 12 = 28 */
    lv_obj_set_style_shadow_color(ios, lv_color_black(), LV_PART_KNOB);
    lv_obj_set_style_shadow_opa(ios, LV_OPA_20, LV_PART_KNOB);
    lv_obj_set_style_shadow_width(ios, 18 * s, LV_PART_KNOB); /* reaches width / 2 + 1 = 10 px past the knob */
    lv_obj_set_style_shadow_offset_y(ios, 2 * s, LV_PART_KNOB);
    lv_refr_now(disp);
    printf("\nslider-ios");
    v = 0, dv = 7;
    for (int i = 0; i < frames; i++) {
        v += dv;
        if (v > 1000 || v < 0) { dv = -dv; v += 2 * dv; }
        lv_slider_set_value(ios, v, LV_ANIM_OFF);
        now_ms += 16;
        double t = clock_ms();
        lv_timer_handler();
        printf(" %.5f", clock_ms() - t);
    }
    printf("\nanim-ms %u\n", anim);
    return 0;
}
