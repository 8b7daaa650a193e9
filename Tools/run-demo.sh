#!/usr/bin/env bash
# The main job: the showcase (a building lobby's control panel: Sources/Showcase) where people can see it.
# - On a machine with a panel (a DRM card): on the panel, until Ctrl-C (run it on a free VT, or under fbrun).
# - Otherwise on the virtual board (QEMU with a real DRM driver; prepared on first use): the app runs on the board's
#   panel and a scripted tour plays through a uinput touchscreen (tap a tile, drag a slider, dark mode, type a
#   Wi-Fi password on the on-screen keyboard, fling the directory, the Arabic screen, an alert); the screens of the
#   tour, an animated PNG of it and the startup figures are saved under out/tour/.
# - Otherwise (QEMU cannot run here), or with a screen size: on a headless screen, out/showcase.png.
# Usage: Tools/run-demo.sh [--vitrine-screen WxH@scale]   (a screen size forces the headless screen)
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh
# Release, the Swift runtime linked in: what a panel runs (the debug build is several times slower to draw). The
# same build as the tests' and Tools/package-app.sh's (.build/static), so after one the other builds nothing.
echo "building the showcase (release, static; a few minutes the first time)"
quiet_build swift build -c release --static-swift-stdlib --scratch-path .build/static
BIN="$PWD/.build/static/release"
mkdir -p out

if [ "$#" -eq 0 ] && ls /dev/dri/card* >/dev/null 2>&1; then
  echo "the showcase on the panel ($(ls /dev/dri/card* | head -1)); Ctrl-C ends it and restores the console"
  exec env VITRINE_DISPLAY=kms "$BIN/showcase"
fi

if [ "$#" -eq 0 ] && bash Tools/virtual-board/prepare.sh >/dev/null 2>&1; then
  echo "the showcase on the virtual board's panel (QEMU, virtio-gpu, real KMS/DRM), with its tour through uinput touches:"
  if python3 Tools/virtual-board/tour.py "$BIN" out/tour; then
    exit 0
  fi
  echo "falling back to the headless screen"
fi

SCREEN=(--vitrine-screen 1280x800@1)
[ "$#" -gt 0 ] && SCREEN=()
echo "the showcase on a headless screen:"
"$BIN/showcase" "${SCREEN[@]}" --vitrine-exit-after-frames 2 --vitrine-screenshot out/showcase.png "$@"
echo "screenshot: $(pwd)/out/showcase.png"
