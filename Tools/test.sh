#!/usr/bin/env bash
# Runs every test: unit and golden-image tests on the headless screen.
# Environment: RECORD=1 re-records golden images (see README, "Tests").
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh
swift build --build-tests
swift test --skip-build "$@"
