#!/usr/bin/env bash
# Checks the pixel kernels' vector paths bit for bit against their scalar references (pixel-kernels-check.c beside
# this script): natively (AVX2 on x86-64, NEON on an AArch64 machine), then, on x86-64, for AArch64 — NEON —
# cross-compiled with Debian's gcc-aarch64-linux-gnu and run under qemu-user (qemu-aarch64-static). Each run prints
# "N passed, N failed" and the status says whether all passed.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tools/env.sh
out=.build/pixel-kernels-check
mkdir -p "$out"
sources=(Tools/aarch64/pixel-kernels-check.c Sources/CPixelKernels/*.c)
flags=(-O2 -std=c11 -Wall -Wextra -Werror -ISources/CPixelKernels/include)
gcc "${flags[@]}" -o "$out/native" "${sources[@]}"
"$out/native"
if [ "$(uname -m)" = x86_64 ]; then
  bash Tools/setup.sh gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static
  # Static, so qemu-user needs no AArch64 libraries beside it.
  aarch64-linux-gnu-gcc "${flags[@]}" -static -o "$out/aarch64" "${sources[@]}"
  qemu-aarch64-static "$out/aarch64"
  VITRINE_PIXEL_KERNELS=scalar qemu-aarch64-static "$out/aarch64"
fi
