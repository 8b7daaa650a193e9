#!/usr/bin/env bash
# The test suite built for AArch64 (Debian's Swift 6.2.3 with the toolchain of Tools/aarch64/toolchain.sh) and run
# under qemu-user. By default only the tests whose results can differ by architecture, as CI runs them: the pixel
# kernels (NEON) bit for bit against pixman, the drawing, compositing and control goldens, text shaping and fonts, the
# solver, and the run loop with its XCTest expectations. `--all` runs every test (about 25 minutes under emulation).
# The raster and text libraries are bookworm's (the goldens' versions), beside sid's glibc and Swift runtime.
# --build-only builds the tests and the AArch64 board's programs (.build/aarch64/aarch64-unknown-linux-gnu/debug).
# Usage: Tools/aarch64/test.sh [--all] [--skip-build | --build-only]
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tools/env.sh
all=0 build=1 run=1
for a in "$@"; do
  case "$a" in
    --all) all=1 ;;
    --skip-build) build=0 ;;
    --build-only) run=0 ;;
    *) echo "usage: Tools/aarch64/test.sh [--all] [--skip-build | --build-only]" >&2; exit 2 ;;
  esac
done
sysroot=$(bash Tools/aarch64/toolchain.sh --sysroot)
# The tests, and the programs the AArch64 virtual board runs (its panel checks: Tools/virtual-board/run-tests.py
# --aarch64), from the same debug build: only their own targets and links come on top.
if [ "$build" = 1 ]; then
  for product in VitrinePackageTests vboard-probe vboard-touch fbrun vitrine-input showcase showcase-ui-tour; do
    quiet_build bash Tools/aarch64/swift.sh build --product "$product"
  done
fi
[ "$run" = 1 ] || exit 0
tests=.build/aarch64/aarch64-unknown-linux-gnu/debug/VitrinePackageTests.xctest

# qemu-user finds the loader and libraries in the sysroot (and files the sysroot lacks, such as the fonts, on the
# host); LD_LIBRARY_PATH is the emulated program's, so it names a directory inside the sysroot.
run() {
  QEMU_LD_PREFIX="$sysroot" LD_LIBRARY_PATH=/opt/vitrine-goldens-libs/lib qemu-aarch64-static "$tests" "$@"
}
# One test at a time in each process, as Tools/test.sh runs them natively (the tests of a process share one
# application); two processes side by side, one per core, each with its own application. Each prints to its own
# log, shown whole when both have ended.
status=0
if [ "$all" = 1 ]; then
  run --testing-library swift-testing --no-parallel --skip 'Swift5ClientTests|LaunchErrorTests' || status=1
  run || status=1 # XCTest
else
  logs=$(mktemp -d)
  trap 'rm -rf "$logs"' EXIT
  # Text drawn straight into the pixels against cairo's (glyphs at every fraction of a pixel: most of the time).
  run --testing-library swift-testing --no-parallel --filter DirectPixel > "$logs/1" 2>&1 &
  first=$!
  # The rest: the pixel kernels against pixman, the drawing, compositing and control goldens, text and fonts, the
  # solver, the run loop, and the run loop's XCTest expectations. (XCTest takes one argument: the classes
  # comma-separated.) Not the launch-error test ("Font" matches it): it starts hello-views as a child process, an
  # AArch64 program the host cannot run (QEMU_LD_PREFIX reaches only the emulated parent); it runs natively.
  (
    run --testing-library swift-testing --no-parallel \
      --filter 'PixelKernel|CLibrary|SolverTests|BitmapFormat|Golden|Compositor|Compositing|Painter|Text|Font|EventLoop|MainRunLoop' \
      --skip 'DirectPixel|LaunchErrorTests' || status=1
    run UIKitTests.MainRunLoopExpectationTests,UIKitTests.AnimationExpectationTests,UIKitTests.MainRunLoopRunUntilTests \
      || status=1
    exit $status
  ) > "$logs/2" 2>&1 || status=1
  wait $first || status=1
  cat "$logs/1" "$logs/2"
fi
exit $status
