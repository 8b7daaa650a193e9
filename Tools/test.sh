#!/usr/bin/env bash
# Runs every test: unit, golden-image and run-loop tests on the headless screen, the app template
# (Tools/test-template.sh), the API documentation (Tools/docs.sh), then the virtual-board tests
# (the real KMS/DRM path on virtio-gpu and bochs in a QEMU guest; skipped with a message where QEMU cannot run,
# unless VBOARD_REQUIRED=1).
# Environment: RECORD=1 re-records golden images (see README, "Tests"); VBOARD=0 skips the virtual board.
# Extra arguments go to `swift test` (and, when given, the virtual board is not run).
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh
swift build --build-tests
if [ "$#" -eq 0 ]; then
  # The Swift 5 client's suite has no set-up of any kind, as an app's test bundle: it runs in a process of its own,
  # where no other test has made the application first (the others start headless apps on manual clocks).
  swift test --skip-build --filter Swift5ClientTests
  # The showcase's tour test also saves its screens, for the board's tour to be compared with (below).
  SHOWCASE_SHOTS="$PWD/out/tour-headless" swift test --skip-build --skip Swift5ClientTests
else
  swift test --skip-build "$@"
fi
if [ "$#" -eq 0 ]; then
  # The app template, as a newcomer uses it: a package of its own that depends on this checkout.
  bash Tools/test-template.sh
  # The API documentation builds, with its articles.
  bash Tools/docs.sh
fi
if [ "$#" -eq 0 ] && [ "${VBOARD:-1}" != 0 ]; then
  python3 Tools/virtual-board/run-tests.py
  # The README's main job on the board: the showcase's tour through uinput, in release as run-demo.sh runs it,
  # each screen checked against the headless tour's.
  if bash Tools/virtual-board/prepare.sh >/dev/null 2>&1; then
    for product in showcase fbrun vitrine-input; do swift build -c release --product "$product" 2>&1 | tail -n 1; done
    python3 Tools/virtual-board/tour.py "$(swift build -c release --show-bin-path)" out/tour --compare out/tour-headless
  fi
fi
