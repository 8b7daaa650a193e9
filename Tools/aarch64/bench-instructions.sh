#!/usr/bin/env bash
# Instructions per frame of the compositor benchmark built for AArch64 (release), NEON kernels and the scalar code
# forced (VITRINE_PIXEL_KERNELS=scalar), counted under emulation: times under qemu-user mean nothing, instruction
# counts nearly repeat (the plugin counts every thread's: the run loop's own threads move a frame's figure by up to
# ~1,000 instructions, which matters only for the idle frame). The counter is QEMU's own instruction-counting plugin (tests/plugin/insn.c) compiled from
# Debian's QEMU 7.2 source package against Debian's qemu-user 7.2 (the static qemu-user cannot load plugins); both
# come from Debian's archive and the plugin is kept in ~/.cache/vitrine/qemu-plugin. Per frame is
# (count with 2N frames - count with N frames) / N, so start-up and the scene's making cancel out.
# Usage: bash Tools/aarch64/bench-instructions.sh [WxH@S ...]   (default: 1280x800@1 1920x1080@1), then the list's fling
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tools/env.sh
cache="${VITRINE_CACHE:-$HOME/.cache/vitrine}/qemu-plugin"
version=7.2+dfsg
if ! command -v qemu-aarch64 >/dev/null; then
  flock "${TMPDIR:-/tmp}/vitrine-apt.lock" apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends \
    qemu-user libglib2.0-dev >/dev/null
fi
plugin="$cache/libinsn-$version.so"
if [ ! -f "$plugin" ]; then
  mkdir -p "$cache"
  source=$(mktemp -d)
  trap 'rm -rf "$source"' EXIT
  curl -sSfL -o "$source/qemu.tar.xz" "http://deb.debian.org/debian/pool/main/q/qemu/qemu_$version.orig.tar.xz"
  tar -xJf "$source/qemu.tar.xz" -C "$source" --wildcards '*/include/qemu/qemu-plugin.h' '*/tests/plugin/insn.c'
  # shellcheck disable=SC2046 # pkg-config's flags are words
  cc -O2 -shared -fPIC -I "$source"/qemu-*/include/qemu $(pkg-config --cflags glib-2.0) \
    "$source"/qemu-*/tests/plugin/insn.c -o "$plugin.part"
  mv "$plugin.part" "$plugin"
fi
quiet_build bash Tools/aarch64/swift.sh build -c release --product vitrine-bench-compositor
quiet_build bash Tools/aarch64/swift.sh build -c release --product vitrine-bench-lists
bin=.build/aarch64/aarch64-unknown-linux-gnu/release/vitrine-bench-compositor
lists=.build/aarch64/aarch64-unknown-linux-gnu/release/vitrine-bench-lists
sysroot=$(bash Tools/aarch64/toolchain.sh --sysroot)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run_counted() { # [VAR=VALUE...] -- COMMAND...: the instructions the whole run executed
  local vars=()
  while [ "$1" != -- ]; do vars+=("$1"); shift; done; shift
  env "${vars[@]}" QEMU_LD_PREFIX="$sysroot" LD_LIBRARY_PATH=/opt/vitrine-goldens-libs/lib VITRINE_BENCH_NO_PRELOAD=1 \
    qemu-aarch64 -plugin "$plugin,inline=on" -d plugin -D "$log" "$@" >/dev/null
  grep -oE "insns: [0-9]+" "$log" | grep -oE "[0-9]+" | tail -n 1
}
count() { # SPEC KIND FRAMES [VAR=VALUE...]
  local spec=$1 kind=$2 n=$3; shift 3
  run_counted "$@" -- "$bin" --only "$spec:$kind:$n"
}
for spec in ${*:-1280x800@1 1920x1080@1}; do
  for kernels in neon scalar; do
    forced=(); [ "$kernels" = scalar ] && forced=(VITRINE_PIXEL_KERNELS=scalar)
    line="$spec $kernels:"
    for kind in first full label recolour animation idle ring gradient spinner text; do
      n=20; [ "$kind" = first ] && n=4; [ "$kind" = idle ] && n=1000 # (idle: other threads' ~1,000 spread thin)
      one=$(count "$spec" "$kind" "$n" "${forced[@]}")
      two=$(count "$spec" "$kind" $((2 * n)) "${forced[@]}")
      line+=" $kind $(((two - one) / n))"
    done
    echo "$line  (instructions per frame)"
  done
done
# The list's fling (vitrine-bench-lists: a 10,000-row table flicked through the input pipeline, a 60 Hz frame a step):
# frames 31 to 60, the first flick's glide. VITRINE_FLING_OFFSETS=FILE keeps the 60 frames' distances (pixels) for a
# peer's replay.
for scale in 1 2; do
  for kernels in neon scalar; do
    forced=(); [ "$kernels" = scalar ] && forced=(VITRINE_PIXEL_KERNELS=scalar)
    one=$(run_counted "${forced[@]}" -- "$lists" --count-frames 30 --scale "$scale")
    two=$(run_counted "${forced[@]}" -- "$lists" --count-frames 60 --scale "$scale" \
      ${VITRINE_FLING_OFFSETS:+--offsets "$VITRINE_FLING_OFFSETS.$scale"})
    echo "list fling 1280x800@$scale $kernels: $(((two - one) / 30))  (instructions per frame)"
  done
done
