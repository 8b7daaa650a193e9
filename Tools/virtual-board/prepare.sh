#!/usr/bin/env bash
# Prepares the virtual board (Board/qemu-virt) on this machine, idempotently: QEMU and the tools to build an
# initramfs from Debian's packages, Debian's kernel (unpacked, not installed: /boot is left alone), its ELF
# vmlinux (booted through the PVH entry, which skips the slow XZ decompressor under TCG), and an initramfs with
# busybox as PID 1 and the modules for 9p, virtio, the DRM drivers and input.
# Output: $VBOARD_DIR (default .build/virtual-board): vmlinux, initramfs.cpio.gz, kver.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${VBOARD_DIR:-$PWD/.build/virtual-board}
mkdir -p "$OUT"

# QEMU, the initramfs tools, and seatd (the no-root test), beside the build's own packages.
bash Tools/setup.sh qemu-system-x86 busybox-static cpio kmod python3 seatd udev

# The kernel Debian's linux-image-amd64 points at, unpacked under $OUT/kroot.
KPKG=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
KVER=${KPKG#linux-image-}
if [ ! -f "$OUT/kroot/lib/modules/$KVER/modules.dep" ]; then
  echo "virtual board: fetching $KPKG"
  rm -rf "$OUT/kdeb" "$OUT/kroot"
  mkdir -p "$OUT/kdeb"
  (cd "$OUT/kdeb" && apt-get download -q "$KPKG" >/dev/null)
  dpkg-deb -x "$OUT"/kdeb/"${KPKG}"_*.deb "$OUT/kroot"
  depmod -b "$OUT/kroot" "$KVER"
fi
if [ ! -f "$OUT/vmlinux" ] || [ "$(cat "$OUT/kver" 2>/dev/null)" != "$KVER" ]; then
  python3 Tools/virtual-board/extract_vmlinux.py "$OUT/kroot/boot/vmlinuz-$KVER" "$OUT/vmlinux"
fi

# The initramfs: busybox, the modules (with their dependencies, in load order) and Board/qemu-virt/init.
MODULES="virtio_pci 9pnet_virtio 9p virtio_gpu bochs uinput evdev virtio_input virtio_console"
if [ ! -f "$OUT/initramfs.cpio.gz" ] || [ Board/qemu-virt/init -nt "$OUT/initramfs.cpio.gz" ] || [ "$(cat "$OUT/kver" 2>/dev/null)" != "$KVER" ]; then
  STAGE="$OUT/initramfs.d"
  rm -rf "$STAGE"
  mkdir -p "$STAGE"/{bin,dev,proc,sys,newroot,lib/modules}
  cp /bin/busybox "$STAGE/bin/busybox"
  : > "$STAGE/modules.order"
  for m in $MODULES; do
    modprobe -d "$OUT/kroot" -S "$KVER" --show-depends "$m" | awk '$1 == "insmod" { print $2 }'
  done | awk '!seen[$0]++' | while read -r ko; do
    rel=${ko#*/lib/modules/$KVER/}
    mkdir -p "$STAGE/lib/modules/$(dirname "$rel")"
    cp "$OUT/kroot/lib/modules/$KVER/$rel" "$STAGE/lib/modules/$rel"
    echo "$rel" >> "$STAGE/modules.order"
  done
  install -m 755 Board/qemu-virt/init "$STAGE/init"
  (cd "$STAGE" && find . | cpio -o -H newc --quiet | gzip -1 > "$OUT/initramfs.cpio.gz")
fi
echo "$KVER" > "$OUT/kver"
echo "virtual board ready: kernel $KVER in $OUT"
