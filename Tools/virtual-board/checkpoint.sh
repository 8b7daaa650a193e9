#!/bin/sh
# In the guest: asks the host to capture the display now, and waits until it has.
# usage: checkpoint.sh TAG [QEMU_DISPLAY_DEVICE_ID]
# The control port is the virtio-serial port named vboard.ctl (found through sysfs: there is no udevd to make
# /dev/virtio-ports/ links).
port=
for p in /sys/class/virtio-ports/*; do
  [ "$(cat "$p/name" 2>/dev/null)" = vboard.ctl ] && port=/dev/$(basename "$p")
done
[ -n "$port" ] || { echo "checkpoint: no vboard.ctl port" >&2; exit 1; }
exec 3<>"$port"
echo "CKPT $*" >&3
read -r answer <&3
[ "$answer" = "ACK $1" ] || { echo "checkpoint $1: host answered '$answer'" >&2; exit 1; }
