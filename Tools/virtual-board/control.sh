#!/bin/sh
# In the guest: talks to the host over the control port (the virtio-serial port named vboard.ctl, found through
# sysfs: there is no udevd to make /dev/virtio-ports/ links), and waits for the host's answer.
#   control.sh checkpoint TAG [QEMU_DISPLAY_DEVICE_ID]   capture what the display shows now
#   control.sh qmp TAG JSON                             run a QMP command (plug or unplug a device)
#   control.sh series TAG COUNT INTERVAL_MS              COUNT captures at that interval (TAG-0 …), by the host
port=
for p in /sys/class/virtio-ports/*; do
  [ "$(cat "$p/name" 2>/dev/null)" = vboard.ctl ] && port=/dev/$(basename "$p")
done
[ -n "$port" ] || { echo "control: no vboard.ctl port" >&2; exit 1; }
case "$1" in
  checkpoint) kind=CKPT ;;
  qmp) kind=QMP ;;
  series) kind=SERIES ;;
  *) echo "control: checkpoint, series or qmp, not '$1'" >&2; exit 2 ;;
esac
tag=$2
shift
exec 3<>"$port"
echo "$kind $*" >&3
read -r answer <&3
[ "$answer" = "ACK $tag" ] || { echo "control $kind $tag: host answered '$answer'" >&2; exit 1; }
