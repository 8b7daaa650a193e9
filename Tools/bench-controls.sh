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
  bash Tools/bench/build-lvgl.sh "$LVGL" Tools/bench/lvgl-controls.c "$work/lvgl-controls" 1024
  args=(--lvgl-driver "$work/lvgl-controls")
else
  echo "bench-controls: no LVGL snapshot given; printing Vitrine's figures alone" >&2
fi
swift build -c release --product vitrine-bench-controls
.build/release/vitrine-bench-controls "${args[@]}"
