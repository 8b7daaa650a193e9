#!/usr/bin/env bash
# The main job: the example app (the seeds' Listing 1-1) where people can see it.
# - On a machine with a panel (a DRM card): on the panel, until Ctrl-C (run it on a free VT, or under fbrun).
# - Otherwise on the virtual board (QEMU with a real DRM driver; prepared on first use): what the panel shows
#   is saved to out/hello-views-panel.png.
# - Otherwise (QEMU cannot run here) on a headless screen: out/hello-views.png.
# The headless run also prints the view hierarchy, the way UIKit's recursiveDescription does.
# Usage: Tools/run-demo.sh [--vitrine-screen WxH@scale]   (a screen size forces the headless screen)
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh
swift build --product hello-views 2>&1 | tail -n 1
BIN="$(swift build --show-bin-path)/hello-views"
mkdir -p out

if [ "$#" -eq 0 ] && ls /dev/dri/card* >/dev/null 2>&1; then
  echo "hello-views on the panel ($(ls /dev/dri/card* | head -1)); Ctrl-C ends it and restores the console"
  exec env VITRINE_DISPLAY=kms "$BIN"
fi

if [ "$#" -eq 0 ] && bash Tools/virtual-board/prepare.sh >/dev/null 2>&1; then
  echo "hello-views on the virtual board's panel (QEMU, virtio-gpu, real KMS/DRM):"
  if python3 Tools/virtual-board/show.py "$BIN" out/hello-views-panel.png; then
    echo "what the panel shows: $(pwd)/out/hello-views-panel.png"
    exit 0
  fi
  echo "falling back to the headless screen"
fi

echo "hello-views on a headless screen; its view hierarchy after the first frame:"
"$BIN" --vitrine-screen 1280x800@1 --vitrine-exit-after-frames 1 --vitrine-print-hierarchy \
  --vitrine-screenshot out/hello-views.png "$@"
echo "screenshot: $(pwd)/out/hello-views.png"
