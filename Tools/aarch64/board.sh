#!/usr/bin/env bash
# Prepares the AArch64 virtual board, idempotently: `qemu-system-aarch64 -M virt` (Cortex-A72, virtio-gpu-pci) booting
# trixie's arm64 kernel (its `vmlinuz` is a plain arm64 Image, which QEMU boots as it is) with an initramfs of
# busybox-static:arm64, the modules for 9p, virtio, virtio-gpu and input, and Board/qemu-virt/init, as the x86-64
# board's (Tools/virtual-board/prepare.sh). The guest's root, shared read-only over 9p, is the AArch64 toolchain's
# test sysroot (Tools/aarch64/toolchain.sh: glibc, the Swift runtime, trixie's C libraries and bookworm's raster and
# text libraries, so the panel draws what the headless tests draw) with busybox for a shell and the host's fonts.
# Output: $VBOARD_DIR/arm64 (default .build/virtual-board/arm64): Image, initramfs.cpio.gz, root (links into the
# cache), kver. Cache: $VITRINE_CACHE/virtual-board/arm64-* (~/.cache/vitrine), keyed by the kernel's version, the
# toolchain, this script and the fonts. Needs root and an x86-64 host, as the toolchain does. Cold: ~1 min and ~70 MB
# of downloads beside the toolchain's.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${VBOARD_DIR:-$PWD/.build/virtual-board}/arm64
CACHE=${VITRINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vitrine}/virtual-board
MODULES="virtio_pci 9pnet_virtio 9p virtio_gpu uinput evdev virtio_input virtio_console"
log() { echo "aarch64 board: $*" >&2; }
trap 'log "failed (line $LINENO)"' ERR
mkdir -p "$OUT" "$CACHE"
bash Tools/setup.sh qemu-system-arm qemu-user-static busybox-static cpio kmod xz-utils zstd >&2
toolchain=$(bash Tools/aarch64/toolchain.sh)
sysroot=$(bash Tools/aarch64/toolchain.sh --sysroot)
source Tools/aarch64/debian.sh
state="$CACHE/arm64-apt"

# The kernel trixie's linux-image-arm64 points at (looked up afresh only when the cache has none).
if ! compgen -G "$CACHE/arm64-kernel-*/kroot/boot/vmlinuz-*" > /dev/null; then
  meta=$(mktemp -d)
  fetch_arm64 "$state" trixie "$meta" --no-deps linux-image-arm64
  kpkg=$(dpkg-deb -f "$meta"/linux-image-arm64_*.deb Depends | grep -oE 'linux-image-[0-9][^ ,]*' | head -n 1)
  rm -rf "$meta"
  [ -n "$kpkg" ] || { log "trixie's linux-image-arm64 names no kernel"; exit 1; }
  kver=${kpkg#linux-image-}
  kdir="$CACHE/arm64-kernel-$kver"
  log "fetching $kpkg"
  rm -rf "$kdir"
  mkdir -p "$kdir/deb"
  fetch_arm64 "$state" trixie "$kdir/deb" --no-deps "$kpkg"
  dpkg-deb -x "$kdir"/deb/*.deb "$kdir/kroot.part"
  rm -rf "$kdir/deb"
  # (Merged /usr: trixie's modules are under usr/lib/modules, where depmod and modprobe -d look in lib/modules.)
  [ -e "$kdir/kroot.part/lib" ] || ln -s usr/lib "$kdir/kroot.part/lib"
  depmod -b "$kdir/kroot.part" "$kver"
  mv "$kdir/kroot.part" "$kdir/kroot"
fi
kdir=$(compgen -G "$CACHE/arm64-kernel-*/kroot/boot/vmlinuz-*" | head -n 1)
kdir=${kdir%/kroot/boot/*}
kver=${kdir##*/arm64-kernel-}

# busybox-static:arm64: PID 1's shell in the initramfs, and the guest scripts' shell and tools in the root.
busybox="$CACHE/arm64-busybox/busybox"
if [ ! -f "$busybox" ]; then
  log "fetching busybox-static (arm64)"
  tmp=$(mktemp -d)
  fetch_arm64 "$state" trixie "$tmp/deb" --no-deps busybox-static
  dpkg-deb -x "$tmp"/deb/*.deb "$tmp/x"
  mkdir -p "$(dirname "$busybox")"
  cp "$tmp/x/usr/bin/busybox" "$busybox.part"
  rm -rf "$tmp"
  mv "$busybox.part" "$busybox"
fi

hash=$(cat Tools/aarch64/board.sh Tools/virtual-board/initramfs.sh Board/qemu-virt/init | sha256sum | cut -c1-16)
initramfs="$CACHE/arm64-initramfs-$kver-$hash.cpio.gz"
if [ ! -f "$initramfs" ]; then
  log "making the initramfs for $kver"
  source Tools/virtual-board/initramfs.sh
  # shellcheck disable=SC2086 # the module list is words
  make_initramfs "$initramfs" "$kdir/kroot" "$kver" "$busybox" "" $MODULES
  find "$CACHE" -maxdepth 1 -name "arm64-initramfs-*.cpio.gz" ! -name "$(basename "$initramfs")" -delete
fi

# The guest's root: the test sysroot (hard links: no copy), busybox's applets where the sysroot has no such program,
# the mount points the init uses, and the host's fonts and their configuration (the ones the tests are written for;
# the sysroot has none of its own).
fonts=$(find /usr/share/fonts /etc/fonts -printf '%P %s\n' 2>/dev/null | sort | sha256sum | cut -c1-8)
guest_root="$CACHE/arm64-root-$(basename "$toolchain")-$hash-$fonts"
if [ ! -f "$guest_root/.ready" ]; then
  log "making the guest's root file system"
  rm -rf "$guest_root"
  cp -al "$sysroot" "$guest_root"
  cp "$busybox" "$guest_root/usr/bin/busybox"
  # (The applets' names from the host's busybox, of the same line.)
  for applet in $(/bin/busybox --list); do
    [ -e "$guest_root/usr/bin/$applet" ] || [ -e "$guest_root/usr/sbin/$applet" ] || ln -s busybox "$guest_root/usr/bin/$applet"
  done
  mkdir -p "$guest_root"/{proc,sys,dev,tmp,run,var/tmp,newroot} "$guest_root/usr/share"
  cp -a /usr/share/fonts "$guest_root/usr/share/fonts"
  cp -a /etc/fonts "$guest_root/etc/fonts"
  touch "$guest_root/.ready"
  # Roots made from other inputs are not used again.
  find "$CACHE" -maxdepth 1 -name "arm64-root-*" ! -name "$(basename "$guest_root")" -exec rm -rf {} +
fi

ln -sfn "$kdir/kroot/boot/vmlinuz-$kver" "$OUT/Image"
ln -sfn "$initramfs" "$OUT/initramfs.cpio.gz"
ln -sfn "$guest_root" "$OUT/root"
echo "$kver" > "$OUT/kver"
echo "aarch64 virtual board ready: kernel $kver in $OUT"
