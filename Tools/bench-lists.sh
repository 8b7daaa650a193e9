#!/usr/bin/env bash
# Scrolling a long list, then a grid of 2,000 decoded thumbnails:
#   bash Tools/bench-lists.sh [--lvgl-driver PATH] [vitrine-bench-lists options]
# --lvgl-driver runs a peer's driver beside Vitrine in the same run (the figures in the "Figures" article were made with
# LVGL v9.2.2's software renderer, built and configured outside this repository as that section says; no peer's
# code or build recipe is kept here).
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
quiet_build swift build -c release --product vitrine-bench-lists
.build/release/vitrine-bench-lists "$@"
