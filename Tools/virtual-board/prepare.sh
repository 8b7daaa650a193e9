#!/usr/bin/env bash
# Prepares the virtual board (Board/qemu-virt) on this machine, idempotently: QEMU and the tools to build an
# initramfs from Debian's packages, Debian's kernel (unpacked, not installed: /boot is left alone), its ELF
# vmlinux (booted through the PVH entry, which skips the slow XZ decompressor under TCG), and an initramfs with
# busybox as PID 1 and the modules for 9p, virtio, the DRM drivers and input.
# Output: $VBOARD_DIR (default .build/virtual-board): vmlinux, initramfs.cpio.gz (links into the cache), kver.
#
# Cache: what this makes is kept outside the clone, in $VITRINE_CACHE (default ~/.cache/vitrine)/virtual-board, so a
# new clone on the same machine reuses it: kernel-KVER/ (the unpacked kernel, its vmlinux, vkms.ko) keyed by the
# kernel's package version, and initramfs-KVER-HASH.cpio.gz keyed also by a hash of what makes it (this script,
# Board/qemu-virt/init, the vkms module). Anything missing is made again, so a new machine works from nothing.
#
# Usage: prepare.sh [6.1|6.12]. 6.1 (the default) is Debian 12's own kernel. 6.12 is bookworm-backports' (the setup
# adds that suite to apt's sources), booted from $VBOARD_DIR/k6.12, with vkms built as an out-of-tree module from
# linux-source-6.12 against the matching headers (Debian builds its kernels without vkms) and put in the
# initramfs beside the others (loaded only when a run asks: vbload=vkms on the kernel command line).
set -euo pipefail
cd "$(dirname "$0")/../.."
KERNEL=${1:-6.1}
OUT=${VBOARD_DIR:-$PWD/.build/virtual-board}
case "$KERNEL" in
  6.1) ;;
  6.12) OUT="$OUT/k6.12" ;;
  *) echo "prepare: kernel 6.1 or 6.12, not '$KERNEL'" >&2; exit 2 ;;
esac
CACHE=${VITRINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vitrine}/virtual-board
mkdir -p "$OUT" "$CACHE"

# QEMU, the initramfs tools, and seatd (the no-root test), beside the build's own packages.
bash Tools/setup.sh qemu-system-x86 busybox-static cpio kmod python3 seatd udev zstd xz-utils

if [ "$KERNEL" = 6.12 ]; then
  # The backports suite through apt's own sources (the setup adds it once), then the kernel's version.
  VITRINE_BACKPORTS=1 bash Tools/setup.sh
  KPKG=$(apt-cache depends linux-image-amd64/bookworm-backports | awk '/Depends: linux-image-6\.12/ { print $2; exit }')
  [ -n "$KPKG" ] || { echo "prepare: bookworm-backports has no linux-image-6.12" >&2; exit 1; }
else
  # The kernel Debian's linux-image-amd64 points at.
  KPKG=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
fi
KVER=${KPKG#linux-image-}
KDIR="$CACHE/kernel-$KVER"
if [ ! -f "$KDIR/kroot/lib/modules/$KVER/modules.dep" ]; then
  echo "virtual board: fetching $KPKG"
  rm -rf "$KDIR/kdeb" "$KDIR/kroot" "$KDIR/vmlinux"
  mkdir -p "$KDIR/kdeb"
  # (apt's sandbox user cannot write to root's cache: download as root, quietly.)
  (cd "$KDIR/kdeb" && apt-get -o APT::Sandbox::User=root download -q "$KPKG" >/dev/null)
  dpkg-deb -x "$KDIR"/kdeb/"${KPKG}"_*.deb "$KDIR/kroot"
  rm -rf "$KDIR/kdeb"
  depmod -b "$KDIR/kroot" "$KVER"
fi
if [ ! -f "$KDIR/vmlinux" ]; then
  python3 Tools/virtual-board/extract_vmlinux.py "$KDIR/kroot/boot/vmlinuz-$KVER" "$KDIR/vmlinux.part"
  mv "$KDIR/vmlinux.part" "$KDIR/vmlinux"
fi

# vkms (6.12 only): its source from linux-source-6.12, built against the headers of the same kernel.
VKMS=""
if [ "$KERNEL" = 6.12 ]; then
  VKMS="$KDIR/vkms/vkms.ko"
  if [ ! -f "$VKMS" ] || ! modinfo -F vermagic "$VKMS" | grep -q "^$KVER "; then
    # The source of the image's own version: bookworm-security serves newer 6.12 sources, whose vkms could use
    # helpers this kernel lacks.
    KVERSION=$(apt-cache show "$KPKG" | awk '/^Version:/ { print $2; exit }')
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    # (Under setup.sh's lock: the AArch64 toolchain's preparation may be installing at the same time.)
    DEBIAN_FRONTEND=noninteractive $SUDO flock "${TMPDIR:-/tmp}/vitrine-apt.lock" apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends --allow-downgrades \
      "linux-headers-$KVER" "linux-source-6.12=$KVERSION" gcc make >/dev/null
    echo "virtual board: building vkms for $KVER"
    rm -rf "$KDIR/vkms"
    mkdir -p "$KDIR/vkms"
    tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$KDIR/vkms" --strip-components=5 --wildcards 'linux-source-6.12/drivers/gpu/drm/vkms/*'
    make -s -C "/usr/src/linux-headers-$KVER" M="$KDIR/vkms" CONFIG_DRM_VKMS=m modules
  fi
fi

# The initramfs: busybox, the modules (with their dependencies, in load order) and Board/qemu-virt/init.
# (snd-aloop: an ALSA loopback card, the screen reader's speech played into one end and recorded at the other.)
MODULES="virtio_pci 9pnet_virtio 9p virtio_gpu bochs uinput evdev virtio_input virtio_console snd-aloop"
# vkms's dependencies are loaded with the others; vkms itself only when asked (it would be another card).
[ -n "$VKMS" ] && MODULES="$MODULES drm_shmem_helper drm_kms_helper"
# Keyed by what makes it: this script (the module list), the init, and the vkms module built above.
HASH=$(cat Tools/virtual-board/prepare.sh Tools/virtual-board/initramfs.sh Board/qemu-virt/init ${VKMS:+"$VKMS"} \
  | sha256sum | cut -c1-16)
INITRAMFS="$CACHE/initramfs-$KVER-$HASH.cpio.gz"
if [ ! -f "$INITRAMFS" ]; then
  echo "virtual board: making the initramfs for $KVER"
  source Tools/virtual-board/initramfs.sh
  # shellcheck disable=SC2086 # the module list is words
  make_initramfs "$INITRAMFS" "$KDIR/kroot" "$KVER" /bin/busybox "$VKMS" $MODULES
  # Older initramfs of this kernel (made from other inputs) are not used again.
  find "$CACHE" -maxdepth 1 -name "initramfs-$KVER-*.cpio.gz" ! -name "$(basename "$INITRAMFS")" -delete
fi
ln -sfn "$KDIR/vmlinux" "$OUT/vmlinux"
ln -sfn "$INITRAMFS" "$OUT/initramfs.cpio.gz"
echo "$KVER" > "$OUT/kver"
echo "virtual board ready: kernel $KVER in $OUT"
