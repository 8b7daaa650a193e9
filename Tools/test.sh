#!/usr/bin/env bash
# Runs every test: unit, golden-image and run-loop tests on the headless screen, the Swift 5 client suite, the pixel
# kernels' vector paths (AVX2, and NEON for AArch64 under qemu-user) against their scalar code, the app
# template (Tools/test-template.sh), the API documentation (Tools/docs.sh), then the virtual board (the real KMS/DRM
# path on virtio-gpu, bochs and vkms in QEMU guests, and the showcase's tour; skipped with a message where QEMU cannot
# run, unless VBOARD_REQUIRED=1).
# Environment: RECORD=1 re-records golden images (see "Vitrine's own tests", Sources/UIKit/UIKit.docc/ProjectTests.md); VBOARD=0 skips the virtual board;
# VBOARD_LANES=N runs N guests side by side (default 3, one of them at most measuring time).
# Extra arguments go to `swift test` (and, when given, nothing else runs).
#
# Two builds serve everything: the debug build of the tests (.build), which the template's test shares, and one
# static release build (.build/static), which every program the guests run, the tour and the packaged apps come
# from. Phases that do not wait for each other run side by side (two cores: one builds while the other tests); each
# phase prints its wall time, the run ends with a table of them, and a failed phase prints its own error lines.
# Logs: .build/test-logs/.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
source Tools/phases.sh

# (With the AArch64 cross compiler and qemu-user for the pixel kernels' check below, and what the AArch64 board's
# preparation uses, installed here once rather than by two background phases at the same time.)
phase "setup" bash Tools/setup.sh gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static qemu-system-arm \
  busybox-static cpio kmod xz-utils zstd
# The tests and what they use: the test product, hello-views, which IdleAppTests and the UI-testing tests run, and
# vitrine-ui, which they run beside it (the other executables are built once, in release, below).
debug_build=(quiet_build bash -c "swift build --product VitrinePackageTests && swift build --product hello-views \
  && swift build --product vitrine-ui")
if [ "$#" -gt 0 ]; then
  phase "debug build" "${debug_build[@]}"
  swift test --skip-build --no-parallel "$@"
  exit
fi

board=0
if [ "${VBOARD:-1}" != 0 ]; then
  board=1
  # QEMU, Debian's kernels and the initramfs (cached in ~/.cache/vitrine): mostly downloads, beside the build.
  # A failure here is not the run's: run-tests.py says whether the board is skipped or, in CI, fails.
  phase_start "board preparation" bash -c 'bash Tools/virtual-board/prepare.sh && bash Tools/virtual-board/prepare.sh 6.12 || true'
fi

# The AArch64 toolchain (Debian's Swift in a sid chroot, an arm64 sysroot; cached in ~/.cache/vitrine): mostly
# downloads, beside the build. It needs root (debootstrap, chroot) and an x86-64 host; AARCH64=0 skips it.
aarch64=0
if [ "${AARCH64:-1}" = 0 ]; then
  echo "aarch64: skipped (AARCH64=0)"
elif [ "$(uname -m)" != x86_64 ] || [ "$(id -u)" != 0 ]; then
  echo "aarch64: skipped (the cross toolchain is made as root on x86-64; on an AArch64 machine the suite runs natively)"
else
  aarch64=1
  # (Then the AArch64 virtual board's kernel, initramfs and root, which build on the toolchain's sysroot.)
  prepare="bash Tools/aarch64/toolchain.sh"
  [ "${VBOARD:-1}" = 0 ] || prepare+=" && bash Tools/aarch64/board.sh"
  phase_start "aarch64 toolchain" nice -n 8 bash -c "$prepare"
fi

phase "debug build" "${debug_build[@]}"
# The pixel kernels' vector paths against their scalar code, bit for bit: AVX2 here, NEON for AArch64 under qemu-user.
phase "pixel kernels" bash Tools/aarch64/check-pixel-kernels.sh
# The Swift 5 client's suite has no set-up of any kind, as an app's test bundle: it runs in a process of its own,
# where no other test has made the application first (the others start headless apps on manual clocks).
phase "Swift 5 client tests" swift test --skip-build --filter Swift5ClientTests
# The unit tests (one core: most run on the main actor) beside the static release build (which has the other).
# One test at a time: the tests share one application, and Swift Testing lets other tests run between a suite's
# `init` (which makes a fresh app) and its test, so a parallel run could hand a test another test's screen (once
# seen: a pool test's labels drawn at another suite's scale). Serial costs ~15 s of 170 on an idle machine.
# The showcase's tour test also saves its screens, for the board's tour to be compared with.
rm -rf out/tour-headless
phase_start "unit tests" env SHOWCASE_SHOTS="$PWD/out/tour-headless" swift test --skip-build --no-parallel \
  --skip Swift5ClientTests
phase "static release build" quiet_build swift build -c release --static-swift-stdlib --scratch-path .build/static
phase_wait "unit tests"

# The app template (a package of its own, built into this checkout's builds), the API documentation and the suite
# built for AArch64, beside the virtual board; the board's guests run the static build. Niced below the board's own
# untimed guests (8): the guests wait on clocks and the app, and these fill that idle time without slowing a guest
# (a chain at the guests' niceness once made a timed guest run out of time on a slower machine).
export VITRINE_SCRATCH="$PWD/.build" VITRINE_STATIC_SCRATCH="$PWD/.build/static"
chain=("template" "nice -n 15 env VITRINE_TEMPLATE_BOARD=$board bash Tools/test-template.sh" "docs" "nice -n 15 bash Tools/docs.sh")
if [ "$aarch64" = 1 ]; then
  phase_wait "aarch64 toolchain"
  chain+=("aarch64 build" "nice -n 15 bash Tools/aarch64/test.sh --build-only")
fi
phase_chain_start "${chain[@]}"
if [ "$board" = 1 ]; then
  phase_wait "board preparation"
  phase "virtual board and tour" python3 Tools/virtual-board/run-tests.py --bin "$PWD/.build/static/release" \
    --tour out/tour --tour-compare out/tour-headless
  sed -n '/^virtual board: [0-9]* guests/,$p' "$(_phase_file "virtual board and tour")" | grep -E "^(──|virtual board|  FAIL)" || true
fi
phase_chain_wait
# The AArch64 build's architecture-dependent tests under qemu-user (Tools/aarch64/test.sh), once the board has ended:
# some of them wait on the run loop's clock, which a starved process would miss. Beside them, the AArch64 virtual
# board's panel checks and the showcase's tour as a UI test (guests that measure no time: the UI test waits for the
# app at every step) with the same build's programs, each tour screen compared with the headless tour's.
if [ "$aarch64" = 1 ]; then
  phase_start "aarch64 tests" bash Tools/aarch64/test.sh --skip-build
  if [ "$board" = 1 ]; then
    phase "aarch64 board" python3 Tools/virtual-board/run-tests.py --only aarch64 --bin "$PWD/.build/static/release" \
      --aarch64 "$PWD/.build/aarch64/aarch64-unknown-linux-gnu/debug" --tour out/tour --tour-compare out/tour-headless
    sed -n '/^virtual board: [0-9]* guests/,$p' "$(_phase_file "aarch64 board")" | grep -E "^(──|  FAIL)" || true
  fi
  phase_wait "aarch64 tests"
fi
phase_summary

# What ran, counted from the logs (the closing note of a change says these before and after).
count() { grep -hoE "$2" "$(_phase_file "$1")" 2>/dev/null | tail -n 1 | grep -oE "[0-9]+" | head -n 1 || echo 0; }
swift_tests=$(count "unit tests" "Test run with [0-9]+ tests")
xctests=$(( $(count "Swift 5 client tests" "Executed [0-9]+ tests") + $(count "unit tests" "Executed [0-9]+ tests") ))
# (The template's UI test on the virtual board says one line of its own.)
template_board=$(grep -sc "^template: the UI test drove" "$(_phase_file "template")" || :)
template_tests=$(( $(count "template" "Executed [0-9]+ tests") + ${template_board:-0} ))
board_checks=0; tour_screens=0; ui_tour_screens=0
if [ "$board" = 1 ]; then
  board_checks=$(( $(count "virtual board and tour" "^virtual board: [0-9]+ passed") \
    + $(count "aarch64 board" "^virtual board: [0-9]+ passed") ))
  tour_screens=$(grep -cE "(ok|FAIL) +the tour's .* screen on the board" "$(_phase_file "virtual board and tour")" || true)
  ui_tour_screens=$(grep -cE "(ok|FAIL) +the UI tour's .* screen on the AArch64 board" "$(_phase_file "aarch64 board")" || true)
fi
# (Swift Testing's tests run in two processes, each saying its own count; XCTest's last line has its total.)
aarch64_tests=0
[ "$aarch64" = 0 ] || aarch64_tests=$(( $(grep -hoE "Test run with [0-9]+ tests" "$(_phase_file "aarch64 tests")" \
  | grep -oE "[0-9]+" | paste -sd+) + $(count "aarch64 tests" "Executed [0-9]+ tests") ))
echo "== counted: $aarch64_tests tests of the AArch64 build under qemu-user (Swift Testing and XCTest)"
echo "== counted: $swift_tests Swift tests, $xctests XCTests (the Swift 5 client suite's among them), $template_tests template XCTests," \
     "$board_checks virtual-board checks (the tour's $tour_screens screens and the AArch64 UI tour's $ui_tour_screens compared among them)"
kernel_checks=$(( $(grep -oE "^pixel kernels .*: [0-9]+ passed" "$(_phase_file "pixel kernels")" \
  | grep -oE "[0-9]+ passed" | grep -oE "[0-9]+" | paste -sd+) ))
echo "== counted: pixel-kernel comparisons $kernel_checks (native, NEON under qemu-user, and the scalar code forced)"
echo "checks: $((swift_tests + xctests + template_tests + board_checks + kernel_checks + aarch64_tests)) passed, 0 failed"
