#!/usr/bin/env bash
# Scrolling a long list, Vitrine beside LVGL, in one run:
#   bash Tools/bench-lists.sh [LVGL_SNAPSHOT] [-- vitrine-bench-lists options]
# LVGL_SNAPSHOT is a checkout or a bare git directory of lvgl/lvgl (a fetched snapshot; nothing of LVGL is committed
# here); its v9.2.2 sources are built with Tools/bench/lvgl-list.c, a full-screen list of buttons. Without a
# snapshot, Vitrine's figures are printed alone. A grid of 2,000 decoded thumbnails follows (Vitrine alone).
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh gcc
LVGL="${1:-${LVGL_SNAPSHOT:-}}"
shift || true
[ "${1:-}" = "--" ] && shift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
args=()
if [ -n "$LVGL" ]; then
  # 256 MiB of heap: room for ten thousand buttons with their labels.
  bash Tools/bench/build-lvgl.sh "$LVGL" Tools/bench/lvgl-list.c "$work/lvgl-list" 262144
  args=(--lvgl-driver "$work/lvgl-list")
else
  echo "bench-lists: no LVGL snapshot given; printing Vitrine's figures alone" >&2
fi
swift build -c release --product vitrine-bench-lists
.build/release/vitrine-bench-lists "${args[@]}" "$@"
