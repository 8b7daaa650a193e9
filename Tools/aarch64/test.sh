#!/usr/bin/env bash
# The test suite built for AArch64 (Debian's Swift 6.2.3 with the toolchain of Tools/aarch64/toolchain.sh) and run
# under qemu-user. By default only the tests whose results can differ by architecture, as CI runs them: the pixel
# kernels (NEON) bit for bit against pixman, the drawing, compositing and control goldens, text shaping and fonts, the
# solver, and the run loop with its XCTest expectations. `--all` runs every test (about 25 minutes under emulation).
# The raster and text libraries are bookworm's (the goldens' versions), beside sid's glibc and Swift runtime.
# Usage: Tools/aarch64/test.sh [--all] [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tools/env.sh
all=0 build=1
for a in "$@"; do
  case "$a" in
    --all) all=1 ;;
    --skip-build) build=0 ;;
    *) echo "usage: Tools/aarch64/test.sh [--all] [--skip-build]" >&2; exit 2 ;;
  esac
done
toolchain=$(bash Tools/aarch64/toolchain.sh)
sysroot="$toolchain/chroot/opt/vitrine-aarch64/sdks/vitrine-aarch64.artifactbundle/vitrine-aarch64/aarch64-unknown-linux-gnu/sysroot"
[ "$build" = 0 ] || quiet_build bash Tools/aarch64/swift.sh build --product VitrinePackageTests
tests=.build/aarch64/aarch64-unknown-linux-gnu/debug/VitrinePackageTests.xctest

# qemu-user finds the loader and libraries in the sysroot (and files the sysroot lacks, such as the fonts, on the
# host); LD_LIBRARY_PATH is the emulated program's, so it names a directory inside the sysroot.
run() {
  QEMU_LD_PREFIX="$sysroot" LD_LIBRARY_PATH=/opt/vitrine-goldens-libs/lib qemu-aarch64-static "$tests" "$@"
}
# One test at a time, as Tools/test.sh runs them natively (the tests share one application).
status=0
if [ "$all" = 1 ]; then
  run --testing-library swift-testing --no-parallel --skip Swift5ClientTests || status=1
  run || status=1 # XCTest
else
  run --testing-library swift-testing --no-parallel \
    --filter 'PixelKernel|CLibrary|SolverTests|BitmapFormat|Golden|DirectPixel|Compositor|Text|Font|EventLoop|MainRunLoop' \
    || status=1
  # (XCTest takes one argument: the classes comma-separated; it ignored the second and third when they were apart.)
  run UIKitTests.MainRunLoopExpectationTests,UIKitTests.AnimationExpectationTests,UIKitTests.MainRunLoopRunUntilTests \
    || status=1
fi
exit $status
