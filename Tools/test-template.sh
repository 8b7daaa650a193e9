#!/usr/bin/env bash
# Tests the app template (Templates/MyPanelApp) the way its README tells a newcomer to use it: build it against this
# checkout of Vitrine, run its tests, `swift run` it on a headless screen (a screenshot that must show the screen),
# reach fbrun through it, and package it with Tools/package-app.sh (the packaged app must run on its own); where QEMU
# runs, its UI test drives the packaged app on the virtual board.
# VITRINE_SCRATCH (Tools/test.sh sets it to Vitrine's own .build) builds the template there, where Vitrine's modules
# are already built: SwiftPM then compiles the template alone. (VITRINE_STATIC_SCRATCH does the same for the
# packaged, static build.) Without them the template builds in its own .build, as a newcomer's copy does.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
app=Templates/MyPanelApp
scratch=()
[ -n "${VITRINE_SCRATCH:-}" ] && scratch=(--scratch-path "$VITRINE_SCRATCH")
mkdir -p out
quiet_build swift build --package-path "$app" "${scratch[@]}" --build-tests
swift test --package-path "$app" "${scratch[@]}" --skip-build
rm -f out/my-panel-app.png
swift run --package-path "$app" "${scratch[@]}" MyPanelApp --vitrine-screen 800x480@1 --vitrine-exit-after-frames 1 \
  --vitrine-screenshot out/my-panel-app.png
python3 - <<'PY'
import sys
sys.path.insert(0, "Tools/virtual-board")
import images
width, height, pixels = images.read_png("out/my-panel-app.png")
colours = {pixels[i:i + 3] for i in range(0, len(pixels), 3 * 97)}
assert (width, height) == (800, 480), (width, height)
assert len(colours) > 8, f"the template's screenshot is nearly blank ({len(colours)} colours)"
print(f"template: swift run drew its screen (800x480, {len(colours)} colours sampled): out/my-panel-app.png")
PY
swift run --package-path "$app" "${scratch[@]}" fbrun --help | head -n 3
bash Tools/package-app.sh --package-path "$app" MyPanelApp out/package/MyPanelApp
packaged=out/package/MyPanelApp
FONTCONFIG_FILE="$PWD/$packaged/fonts.conf" "$packaged/bin/MyPanelApp" --vitrine-screen 800x480@1 \
  --vitrine-exit-after-frames 1 --vitrine-screenshot out/my-panel-app-packaged.png
cmp -s out/my-panel-app.png out/my-panel-app-packaged.png && echo "template: the packaged app draws the same screen" \
  || { echo "template: the packaged app's screen differs from swift run's (out/my-panel-app*.png)"; exit 1; }
# The template's UI test against the packaged app on the virtual board, attached as to a device's app (with
# VITRINE_TEMPLATE_BOARD=1, which Tools/test.sh sets where QEMU runs).
if [ "${VITRINE_TEMPLATE_BOARD:-0}" = 1 ]; then
  bin=$(swift build --package-path "$app" "${scratch[@]}" --show-bin-path)
  python3 Tools/virtual-board/template_ui.py "$packaged" "$bin/MyPanelAppPackageTests.xctest"
fi
