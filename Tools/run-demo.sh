#!/usr/bin/env bash
# The main job: builds the example app (the seeds' Listing 1-1) and runs it on a headless screen, printing its
# view hierarchy the way UIKit's recursiveDescription does and writing a screenshot to out/hello-views.png.
# Usage: Tools/run-demo.sh [--vitrine-screen WxH@scale]
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh
swift build --product hello-views 2>&1 | tail -n 1
mkdir -p out
echo "hello-views on a headless screen; its view hierarchy after the first frame:"
"$(swift build --show-bin-path)/hello-views" --vitrine-exit-after-frames 1 --vitrine-print-hierarchy \
  --vitrine-screenshot out/hello-views.png "$@"
echo "screenshot: $(pwd)/out/hello-views.png"
