# Sourced: make_initramfs, the virtual board's initramfs (for either architecture's guest).
#
# make_initramfs OUT KROOT KVER BUSYBOX EXTRA_KO MODULES...
#   writes OUT (a gzipped cpio): BUSYBOX (a static busybox of the guest's architecture) as /bin/busybox,
#   Board/qemu-virt/init as /init, and MODULES with their dependencies, in load order (modules.order; the init loads
#   them with busybox's insmod), from the unpacked kernel package KROOT of version KVER (depmod'ed). EXTRA_KO, unless
#   empty, goes in as /lib/modules/extra/ (loaded only when the kernel command line asks: vbload=NAME).
make_initramfs() {
  local out=$1 kroot=$2 kver=$3 busybox=$4 extra=$5; shift 5
  local stage m ko rel
  stage=$(mktemp -d)
  mkdir -p "$stage"/{bin,dev,proc,sys,newroot,lib/modules}
  cp "$busybox" "$stage/bin/busybox"
  : > "$stage/modules.order"
  for m in "$@"; do
    modprobe -d "$kroot" -S "$kver" --show-depends "$m" | awk '$1 == "insmod" { print $2 }'
  done | awk '!seen[$0]++' | while read -r ko; do
    rel=${ko#*/lib/modules/$kver/}
    mkdir -p "$stage/lib/modules/$(dirname "$rel")"
    case "$rel" in
      # Newer kernels' modules are compressed; busybox's insmod loads plain ELF only.
      *.ko.xz) xz -dc "$kroot/lib/modules/$kver/$rel" > "$stage/lib/modules/${rel%.xz}"; rel=${rel%.xz} ;;
      *.ko.zst) zstd -q -dc "$kroot/lib/modules/$kver/$rel" > "$stage/lib/modules/${rel%.zst}"; rel=${rel%.zst} ;;
      *) cp "$kroot/lib/modules/$kver/$rel" "$stage/lib/modules/$rel" ;;
    esac
    echo "$rel" >> "$stage/modules.order"
  done
  if [ -n "$extra" ]; then mkdir -p "$stage/lib/modules/extra"; cp "$extra" "$stage/lib/modules/extra/"; fi
  install -m 755 Board/qemu-virt/init "$stage/init"
  (cd "$stage" && find . | cpio -o -H newc --quiet | gzip -1 > "$out.part")
  rm -rf "$stage"
  mv "$out.part" "$out"
}
