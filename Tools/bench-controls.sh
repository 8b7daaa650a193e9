#!/usr/bin/env bash
# Frame costs of the standard controls beside LVGL's, in one run:
#   bash Tools/bench-controls.sh [LVGL_SNAPSHOT]
# LVGL_SNAPSHOT is a checkout or a bare git directory of lvgl/lvgl (a fetched snapshot; nothing of LVGL is committed
# here); its v9.2.2 sources are built with Tools/bench/lvgl-controls.c, a white screen with a switch and a slider
# rendered by LVGL's software renderer. Without a snapshot, Vitrine's figures are printed alone.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh gcc
LVGL="${1:-${LVGL_SNAPSHOT:-}}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
args=()
if [ -n "$LVGL" ]; then
  if [ -d "$LVGL/src" ]; then
    mkdir -p "$work/lvgl"
    cp -r "$LVGL/src" "$LVGL/lvgl.h" "$LVGL/lv_version.h" "$LVGL/lv_conf_template.h" "$work/lvgl/"
  else
    mkdir -p "$work/lvgl"
    git --git-dir="$LVGL" archive v9.2.2 src lvgl.h lv_version.h lv_conf_template.h | tar -x -C "$work/lvgl"
  fi
  # The configuration: enabled, 32-bit colour, a heap for the widgets, a frame every 16 ms, no examples.
  sed -e 's/^#if 0 .*/#if 1/' -e 's/^#define LV_COLOR_DEPTH .*/#define LV_COLOR_DEPTH 32/' \
      -e 's/^    #define LV_MEM_SIZE .*/    #define LV_MEM_SIZE (1024 * 1024U)/' \
      -e 's/^#define LV_DEF_REFR_PERIOD .*/#define LV_DEF_REFR_PERIOD 16/' \
      -e 's/^#define LV_BUILD_EXAMPLES .*/#define LV_BUILD_EXAMPLES 0/' \
      "$work/lvgl/lv_conf_template.h" > "$work/lv_conf.h"
  echo "bench-controls: building LVGL v9.2.2 (its software renderer) ..." >&2
  find "$work/lvgl/src" -name '*.c' > "$work/sources.txt"
  gcc -O2 -DLV_CONF_INCLUDE_SIMPLE -I"$work" -I"$work/lvgl" -o "$work/lvgl-controls" Tools/bench/lvgl-controls.c \
      $(cat "$work/sources.txt") -lm
  args=(--lvgl-driver "$work/lvgl-controls")
else
  echo "bench-controls: no LVGL snapshot given; printing Vitrine's figures alone" >&2
fi
swift build -c release --product vitrine-bench-controls
.build/release/vitrine-bench-controls "${args[@]}"
