/* The LVGL side of vitrine-bench-lists (Tools/bench-lists.sh builds it against a fetched LVGL v9.2.2; nothing of
 * LVGL is kept here): a full-screen list (lv_list) of ROWS buttons "Row N" — or as many as LVGL's heap holds —
 * rendered by LVGL's software renderer into memory, scrolled by the distances in OFFSETS (pixels, one line per
 * frame, as Vitrine's fling moved its table). Prints:
 *   items N                  how many buttons the list got
 *   frames <t1> <t2> ...     each frame's time in ms
 * Usage: lvgl-list W H S ROWS OFFSETS */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "lvgl.h"
#include "lvgl-common.h"


int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: lvgl-list W H S ROWS OFFSETS\n"); return 2; }
    int w = atoi(argv[1]), h = atoi(argv[2]), rows = atoi(argv[4]);
    (void)argv[3];
    lv_display_t *disp = start_display(w, h);
    lv_obj_t *list = lv_list_create(lv_screen_active());
    lv_obj_set_size(list, w, h);
    char text[32];
    int items = 0;
    for (int i = 0; i < rows; i++) {
        /* Stop a little before the heap is full: LVGL needs room to render. */
        lv_mem_monitor_t mon;
        lv_mem_monitor(&mon);
        if (mon.free_size < 64 * 1024) break;
        snprintf(text, sizeof text, "Row %d", i);
        lv_list_add_button(list, LV_SYMBOL_RIGHT, text);
        items++;
    }
    lv_refr_now(disp);
    printf("items %d\nframes", items);
    FILE *f = fopen(argv[5], "r");
    if (!f) { fprintf(stderr, "lvgl-list: cannot read %s\n", argv[5]); return 1; }
    double dy;
    while (fscanf(f, "%lf", &dy) == 1) {
        lv_obj_scroll_by(list, 0, -(int32_t)dy, LV_ANIM_OFF);
        now_ms += 16;
        double t = clock_ms();
        lv_timer_handler();
        printf(" %.5f", clock_ms() - t);
    }
    printf("\n");
    fclose(f);
    return 0;
}
