#!/bin/sh
# In the guest: asks the host to run a QMP command (plug or unplug a device, as a technician would) and waits
# until it has. usage: qmp.sh TAG JSON
port=
for p in /sys/class/virtio-ports/*; do
  [ "$(cat "$p/name" 2>/dev/null)" = vboard.ctl ] && port=/dev/$(basename "$p")
done
[ -n "$port" ] || { echo "qmp: no vboard.ctl port" >&2; exit 1; }
exec 3<>"$port"
echo "QMP $1 $2" >&3
read -r answer <&3
[ "$answer" = "ACK $1" ] || { echo "qmp $1: host answered '$answer'" >&2; exit 1; }
