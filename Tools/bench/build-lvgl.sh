#!/usr/bin/env bash
# Builds one of the LVGL side-by-side drivers (Tools/bench/lvgl-*.c) against LVGL v9.2.2 from a fetched snapshot
# (a checkout or a bare git directory of lvgl/lvgl; nothing of LVGL is committed here), with its software renderer
# and 32-bit colour, a frame every 16 ms, `MEM_KIB` KiB of heap for the widgets and its shadow cache on (shadows up
# to 128 pixels are blurred once, not every frame: Vitrine keeps its shadow masks too).
#   bash Tools/bench/build-lvgl.sh LVGL_SNAPSHOT DRIVER.c OUTPUT MEM_KIB
set -euo pipefail
LVGL="$1" DRIVER="$2" OUT="$3" MEM_KIB="$4"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lvgl"
if [ -d "$LVGL/src" ]; then
  cp -r "$LVGL/src" "$LVGL/lvgl.h" "$LVGL/lv_version.h" "$LVGL/lv_conf_template.h" "$work/lvgl/"
else
  git --git-dir="$LVGL" archive v9.2.2 src lvgl.h lv_version.h lv_conf_template.h | tar -x -C "$work/lvgl"
fi
sed -e 's/^#if 0 .*/#if 1/' -e 's/^#define LV_COLOR_DEPTH .*/#define LV_COLOR_DEPTH 32/' \
    -e "s/^    #define LV_MEM_SIZE .*/    #define LV_MEM_SIZE (${MEM_KIB} * 1024U)/" \
    -e 's/^#define LV_DEF_REFR_PERIOD .*/#define LV_DEF_REFR_PERIOD 16/' \
    -e 's/^#define LV_BUILD_EXAMPLES .*/#define LV_BUILD_EXAMPLES 0/' \
    -e 's/^        #define LV_DRAW_SW_SHADOW_CACHE_SIZE .*/        #define LV_DRAW_SW_SHADOW_CACHE_SIZE 128/' \
    "$work/lvgl/lv_conf_template.h" > "$work/lv_conf.h"
echo "build-lvgl: building LVGL v9.2.2 (its software renderer) with $(basename "$DRIVER") ..." >&2
find "$work/lvgl/src" -name '*.c' > "$work/sources.txt"
gcc -O2 -DLV_CONF_INCLUDE_SIMPLE -I"$work" -I"$work/lvgl" -o "$OUT" "$DRIVER" $(cat "$work/sources.txt") -lm
