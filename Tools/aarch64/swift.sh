#!/usr/bin/env bash
# Runs Debian's Swift 6.2.3 from the AArch64 toolchain (Tools/aarch64/toolchain.sh, made first if missing) on this
# checkout, for AArch64: `Tools/aarch64/swift.sh build [ARGS...]` is `swift build` with the SDK, pkg-config reading
# the arm64 sysroot's .pc files, and the build in .build/aarch64 (or the --scratch-path given).
# The checkout is seen at the same path inside the chroot, so paths in the build's output are the host's too.
# Environment: VITRINE_AARCH64_SDK: vitrine-aarch64 (the default: sid's glibc, what the tests run on) or
# vitrine-aarch64-device (trixie's glibc, what a device runs; package-app's); VITRINE_AARCH64_SCRATCH (default
# .build/aarch64); VITRINE_AARCH64_MOUNTS: more directories the
# chroot must see at their own paths, colon-separated (an app package outside this checkout, its scratch path).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
toolchain=$(bash "$repo/Tools/aarch64/toolchain.sh")
chroot_dir="$toolchain/chroot"
sdk=${VITRINE_AARCH64_SDK:-vitrine-aarch64}
# (The SDK's own path, not a link to it: the linker prefixes the paths in a linker script such as libm.so with the
# sysroot only when it found the script inside the sysroot's path.)
sysroot=/opt/vitrine-aarch64/sdks/vitrine-aarch64.artifactbundle/$sdk/aarch64-unknown-linux-gnu/sysroot
[ "$#" -gt 0 ] || { echo "usage: Tools/aarch64/swift.sh build|test|package ARGS..." >&2; exit 2; }
command=$1; shift
args=()
case "$command" in
  build|test|run)
    args=(--swift-sdks-path /opt/vitrine-aarch64/sdks --swift-sdk "$sdk")
    [[ " $* " == *" --scratch-path "* ]] || args+=(--scratch-path "${VITRINE_AARCH64_SCRATCH:-$repo/.build/aarch64}")
    ;;
esac
# SwiftPM reads .pc files itself and looks in PKG_CONFIG_PATH first: all three must name the sysroot's, or the
# x86-64 libraries' flags are used.
pc="$sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:$sysroot/usr/share/pkgconfig"
# The Swift packages are found through the host's git URL rewrite to its local package copies (/etc/gitconfig).
export PC="$pc" SYSROOT="$sysroot"
exec unshare --mount --propagation private bash -c '
  set -e
  c=$1 repo=$2; shift 2
  mount --bind /proc "$c/proc"; mount --bind /dev "$c/dev"
  mkdir -p "$c$repo" "$c/opt/swift-packages" "$c/tmp"
  mount --bind "$repo" "$c$repo"
  IFS=: read -ra extra <<< "${VITRINE_AARCH64_MOUNTS:-}"
  for d in "${extra[@]}"; do
    [ -n "$d" ] && [ -d "$d" ] || continue
    mkdir -p "$c$d"; mount --bind "$d" "$c$d"
  done
  [ -d /opt/swift-packages ] && mount --bind /opt/swift-packages "$c/opt/swift-packages"
  [ -f /etc/gitconfig ] && cp /etc/gitconfig "$c/etc/gitconfig"
  cd "$repo"
  exec chroot "$c" env -i HOME=/root PATH=/usr/bin:/bin TERM=dumb \
    PKG_CONFIG_PATH="$PC" PKG_CONFIG_LIBDIR="$PC" PKG_CONFIG_SYSROOT_DIR="$SYSROOT" \
    bash -c "cd \"$repo\" && exec swift \"\$@\"" swift "$@"
' bash "$chroot_dir" "$repo" "$command" "${args[@]}" "$@"
