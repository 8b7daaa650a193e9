#!/usr/bin/env bash
# Frame costs of the standard controls (a switch and a slider on a white screen):
#   bash Tools/bench-controls.sh [--lvgl-driver PATH]
# --lvgl-driver runs a peer's driver beside Vitrine in the same run (the figures in the "Figures" article were made with
# LVGL v9.2.2's software renderer, built and configured outside this repository as that section says; no peer's
# code or build recipe is kept here). The driver reads frame counts on its standard input and prints its figures
# as `vitrine-bench-controls --help` describes.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
quiet_build swift build -c release --product vitrine-bench-controls
.build/release/vitrine-bench-controls "$@"
