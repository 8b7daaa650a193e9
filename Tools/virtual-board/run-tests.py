#!/usr/bin/env python3
"""The virtual-board tests: the real KMS/DRM path on real kernel drivers (virtio-gpu and bochs) in a QEMU guest.

For each display driver, the guest runs vboard-probe (Sources/VirtualBoardProbe) through scenarios and the host
captures what the display shows at checkpoints (like a capture card on a real board), then checks:
  - the first frame matches, pixel for pixel, the same app rendered headless on the host;
  - a damage-only update shows up (virtio-gpu needs the kernel told what changed) and copies only the damage;
  - page flips complete and are paced to the mode's refresh (virtual GPUs complete them at once);
  - the portrait-hidpi board (rotation 90, scale 2) shows the upright picture turned onto the panel;
  - SIGTERM ends the app cleanly and the console comes back; a bad board file is refused, naming the field;
  - the idle timer blanks the panel (DPMS) and a uinput tap wakes it without reaching the app;
  - a minimal image boots straight into the packaged, static app (init -> fbrun --restart -> app, no shell, the Swift
    toolchain hidden, a quiet command line), and the app comes back after a SIGSEGV;
  - systemd boots the unit `fbrun --install-unit` wrote, hears READY=1, and restarts the app when its main thread
    hangs (the watchdog).
Prints figures (process start to first flip in the guest, flip rate, bytes per frame, boot to first frame, crash
to the app on screen again).

Where QEMU cannot run (no kernel, no qemu), the tests are skipped with the reason, unless VBOARD_REQUIRED=1
(CI sets it), which makes that a failure. Usage: run-tests.py [--displays virtio,bochs] [--bin DIR] [--only touch|boot|aarch64|reader] [--tour OUT_DIR]
[--aarch64 ARM_BIN_DIR]; the AArch64 board (-M virt, Cortex-A72) runs the panel checks and, with --tour, the
showcase's tour as a UI test (ui_tour.py) with AArch64 builds.
"""
import argparse
import concurrent.futures
import functools
import io
import json
import os
import re
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import images  # noqa: E402

# What every guest script starts with: the probe ($P), the shared folder ($W), the tools ($T), a checkpoint
# ($CK TAG [DEVICE]), and wait_for FILE PATTERN PID [TENTHS] (fails at once when the app has ended; gives up after
# TENTHS tenths of a second, 90 s by default).
GUEST_PRELUDE = r"""
set -u
cd {root}
P={bin}/vboard-probe
W=$vbwork
T={root}/Tools/virtual-board
CK="sh $T/control.sh checkpoint"
# stop PID NAME: SIGTERM, and up to 60 s for the app to end; its status goes to $W/NAME.status. One that does not
# end is described for the host (each thread's state, wait channel and kernel stack in $W/NAME.hang), killed, and
# its status reads "hung": the guest goes on with its other checks rather than wait for ever.
alive() {{ s=$(cat /proc/$1/stat 2>/dev/null) || return 1; case "$s" in *") Z "*) return 1;; esac; return 0; }}
stop() {{ kill -TERM $1; for i in $(seq 1 600); do alive $1 || break; sleep 0.1; done
  if alive $1; then
    for t in /proc/$1/task/*; do echo "== thread $(cat $t/comm) $(grep State $t/status) wchan $(cat $t/wchan)"; cat $t/stack; done > $W/$2.hang 2>&1
    kill -KILL $1; wait $1; echo hung > $W/$2.status
  else wait $1; echo $? > $W/$2.status; fi; }}
wait_for() {{ for i in $(seq 1 ${{4:-900}}); do grep -q "$2" "$1" 2>/dev/null && return 0; kill -0 "$3" 2>/dev/null || {{ echo "the app ended before '$2'"; return 1; }}; sleep 0.1; done; echo "timed out waiting for '$2' in $1"; return 1; }}
# make_corners: /tmp/corners.txt, a recording of one tap at each panel corner (TL, TR, BR, BL), 0.6 s apart.
make_corners() {{
  printf '# vitrine-input 1\n' > /tmp/corners.txt
  t=0
  for xy in "0.0 0.0" "1.0 0.0" "1.0 1.0" "0.0 1.0"; do
    printf '%s down 1 0 %s\n%s frame 1\n%s up 1 0\n%s frame 1\n' $t "$xy" $t $((t + 50000)) $((t + 50000)) >> /tmp/corners.txt
    t=$((t + 600000))
  done
}}
"""

GUEST_MAIN = GUEST_PRELUDE + r"""
cut -d' ' -f1 /proc/uptime > $W/start-uptime
VITRINE_BOARD=qemu-virt $P > $W/a.out 2> $W/a.err &
A=$!
wait_for $W/a.out first-flip-uptime $A && $CK first
grep VmRSS /proc/$A/status > $W/a.rss
kill -USR1 $A; wait_for $W/a.out update-flipped $A && $CK updated
kill -USR2 $A; wait_for $W/a.out "animation:" $A
stop $A a
sleep 0.5; $CK console
VITRINE_KMS_API=legacy VITRINE_BOARD=qemu-virt $P > $W/l.out 2> $W/l.err &
L=$!
wait_for $W/l.out first-flip-uptime $L && $CK legacy-first
kill -USR1 $L; wait_for $W/l.out update-flipped $L && $CK legacy-updated
stop $L l
VITRINE_BOARD=generic-1080p $P > $W/h.out 2> $W/h.err &
H=$!
wait_for $W/h.out first-flip-uptime $H && $CK hd
kill -TERM $H; wait $H
cat /sys/class/tty/tty0/active > $W/vt-before
{bin}/fbrun --board qemu-virt vboard-probe > $W/f.out 2> $W/f.err &
F=$!
wait_for $W/f.out first-flip-uptime $F && $CK fbrun-first
cat /sys/class/tty/tty0/active > $W/vt-during
kill -KILL $(ps -o pid= --ppid $F); wait $F; echo $? > $W/f.status
sleep 0.5; cat /sys/class/tty/tty0/active > $W/vt-after-kill; $CK fbrun-after-kill
{bin}/fbrun --board qemu-virt vboard-probe > $W/g.out 2> $W/g.err &
F=$!
wait_for $W/g.out first-flip-uptime $F
APPVT=$(cat /sys/class/tty/tty0/active | tr -dc 0-9)
busybox chvt 1; sleep 1; cat /sys/class/tty/tty0/active > $W/vt-away; $CK vt-away
n=$(grep -c '^flip' $W/g.out)
busybox chvt $APPVT
for i in $(seq 1 100); do [ "$(grep -c '^flip' $W/g.out)" -gt "$n" ] && break; sleep 0.1; done
sleep 0.3; $CK vt-back
stop $F g
cat /sys/class/tty/tty0/active > $W/vt-after-term
echo '{{"name": "bad", "display": {{"rotation": 45}}}}' > $W/bad.json
VITRINE_BOARD=$W/bad.json $P > $W/c.out 2> $W/c.err; echo $? > $W/c.status
# Without root, through seatd: the probe as 'nobody', who cannot open the card directly; VT switches by seatd.
stat -c %a /dev/dri/card0 > $W/card-mode
seatd -g nogroup -l info > $W/seatd.log 2>&1 &
S=$!
for i in $(seq 1 50); do [ -S /run/seatd.sock ] && break; sleep 0.1; done
busybox su -s /bin/sh nobody -c "cd /tmp; exec env VITRINE_BOARD={root}/Board/qemu-virt/board.json $P" > $W/s.out 2> $W/s.err &
N=$!
wait_for $W/s.out first-flip-uptime $N && $CK seat-first
busybox chvt 2; sleep 1; $CK seat-away
n=$(grep -c '^flip' $W/s.out)
busybox chvt 1
for i in $(seq 1 100); do [ "$(grep -c '^flip' $W/s.out)" -gt "$n" ] && break; sleep 0.1; done
sleep 0.3; $CK seat-back
kill -TERM $N; wait $N
# The seat manager dies under a running app: the display is lost for good; the app says so and exits 69.
busybox su -s /bin/sh nobody -c "cd /tmp; exec env VITRINE_BOARD={root}/Board/qemu-virt/board.json $P" > $W/t.out 2> $W/t.err &
N=$!
wait_for $W/t.out first-flip-uptime $N && kill -KILL $S
for i in $(seq 1 200); do kill -0 $N 2>/dev/null || break; sleep 0.1; done
kill -KILL $N 2>/dev/null; wait $N; echo $? > $W/t.status
exit 0
"""

GUEST_PORTRAIT = GUEST_PRELUDE + r"""
VITRINE_BOARD=portrait-hidpi {bin}/vboard-probe > $W/p.out 2> $W/p.err &
A=$!
wait_for $W/p.out first-flip-uptime $A && sh {root}/Tools/virtual-board/control.sh checkpoint rotated
stop $A p
exit 0
"""

# Touch through real kernel devices: vitrine-input makes a uinput touchscreen in the guest and replays the shipped
# recordings into it; libinput (path backend: the guest has no udevd) reads it in the app, which runs under fbrun.
GUEST_TOUCH = GUEST_PRELUDE + r"""
I={bin}/vitrine-input
R={root}/Recordings
{bin}/fbrun --board qemu-virt vboard-touch > $W/t.out 2> $W/t.err &
F=$!
wait_for $W/t.out first-flip-uptime $F
$I record $W/recorded.txt --duration 12 > $W/rec.log 2>&1 &
REC=$!
wait_for $W/rec.log recording $REC
$I replay --settle 2 $R/tap.txt > $W/r1.log 2>&1
wait_for $W/t.out "tap 1" $F && sleep 0.5 && $CK touch-tap
wait $REC
$I replay --settle 2 $R/pinch.txt > $W/r2.log 2>&1
wait_for $W/t.out "pinch ended" $F && sleep 0.5 && $CK touch-pinch
$I replay --settle 2 --unplug-after 0.4 $R/long-press.txt > $W/r3.log 2>&1
wait_for $W/t.out "touches cancelled" $F
$I replay --settle 2 $R/tap.txt > $W/r4.log 2>&1
wait_for $W/t.out "tap 2" $F && sleep 0.5 && $CK touch-after-unplug
sh $T/control.sh qmp type '{{"execute": "send-key", "arguments": {{"keys": [{{"type": "qcode", "data": "shift"}}, {{"type": "qcode", "data": "v"}}]}}}}'
sh $T/control.sh qmp type2 '{{"execute": "send-key", "arguments": {{"keys": [{{"type": "qcode", "data": "k"}}]}}}}'
wait_for $W/t.out "key k" $F
stop $F t
# The idle timer: after 12 s without input the screen blanks (DPMS: the board has no backlight); a uinput tap wakes
# it and is not delivered (the tap target keeps its colour); the next tap is the app's. (12 s, not less: the next
# tap comes after a capture and a replay's settling, which a loaded emulated guest once stretched past 6 s, so the
# screen blanked again first and the tap woke it instead.)
VITRINE_IDLE_SECONDS=12 {bin}/fbrun --board qemu-virt vboard-touch > $W/i.out 2> $W/i.err &
F=$!
wait_for $W/i.out first-flip-uptime $F
wait_for $W/i.err "screen blanked" $F && sleep 0.5 && $CK idle-blank
$I replay --settle 2 $R/tap.txt > $W/i1.log 2>&1
wait_for $W/i.err "screen woken" $F && sleep 1 && $CK idle-woken
$I replay --settle 2 $R/tap.txt > $W/i2.log 2>&1
wait_for $W/i.out "tap 1" $F
stop $F i
# Standard controls through the same path: a tap flips the switch, a drag moves the slider's thumb, a tap steps.
{bin}/fbrun --board qemu-virt vboard-touch --controls > $W/c.out 2> $W/c.err &
F=$!
wait_for $W/c.out first-flip-uptime $F
$I replay --settle 2 $R/switch-tap.txt > $W/c1.log 2>&1
wait_for $W/c.out "switch" $F
$I replay --settle 2 $R/slider-drag.txt > $W/c2.log 2>&1
wait_for $W/c.out "slider-end" $F
$I replay --settle 2 $R/stepper-tap.txt > $W/c3.log 2>&1
wait_for $W/c.out "stepper" $F && sleep 0.5 && $CK controls
stop $F c
# A fling through a long list (UITableView): the host captures the panel every 150 ms while the replayed fling's
# content glides, then once it has settled. A loaded host can hold the guest's replayer up past the fling's last
# moves (the kernel stamps events as they are written: the lift then comes after a rest, and the table rightly
# does not glide); such a fling is played once more, and the host checks that the first one really went out late.
{bin}/fbrun --board qemu-virt vboard-touch --list > $W/l.out 2> $W/l.err &
F=$!
wait_for $W/l.out first-flip-uptime $F
fling() {{ sh $T/control.sh series fling 24 150 & C=$!; $I replay --settle 1 $R/list-fling.txt > $W/l$1.log 2>&1; wait $C; }}
fling 1
wait_for $W/l.out "list-settled" $F 150 > /dev/null || fling 2
wait_for $W/l.out "list-settled" $F && sleep 0.5 && $CK fling-end
stop $F l
# A one-second slide (UIView.animate) captured at checkpoints while it moves: the host's captures start first (the
# first ones show the square at its start), then the slide.
VITRINE_BOARD=qemu-virt {bin}/vboard-probe --slide > $W/s.out 2> $W/s.err &
S=$!
wait_for $W/s.out slide-ready $S && {{ sh $T/control.sh series slide 14 80 & C=$!; sleep 0.3; kill -USR1 $S; wait $C; }}
wait_for $W/s.out slide-end $S && sleep 0.2 && $CK slide-end
kill -TERM $S; wait $S
# Text input on the on-screen keyboard (forced on: QEMU's keyboard is attached): a tap on the field brings the
# keyboard; the app writes the recording that types on the keys it shows; its replay types "HéLlo" (a capital at
# the start, a long-pressed accent, shift) and return, which resigns the field and takes the keyboard away.
VITRINE_ONSCREEN_KEYBOARD=always {bin}/fbrun --board qemu-virt vboard-touch --text --typing-recording $W/typing.txt > $W/x.out 2> $W/x.err &
F=$!
wait_for $W/x.out first-flip-uptime $F && sleep 0.5 && $CK text-before
$I replay --settle 2 $R/field-tap.txt > $W/x1.log 2>&1
wait_for $W/x.out "typing-recording" $F && sleep 0.5 && $CK text-keyboard
$I replay --settle 1 $W/typing.txt > $W/x2.log 2>&1
wait_for $W/x.out "keyboard-hidden" $F && sleep 0.5 && $CK text-typed
stop $F x
# The same field with QEMU's keyboard (automatic: no on-screen keyboard while one with letters is attached).
{bin}/fbrun --board qemu-virt vboard-touch --text > $W/y.out 2> $W/y.err &
F=$!
wait_for $W/y.out first-flip-uptime $F
$I replay --settle 2 $R/field-tap.txt > $W/y1.log 2>&1
wait_for $W/y.out "editing-began" $F && sleep 1 && $CK text-hardware
sh $T/control.sh qmp ya '{{"execute": "send-key", "arguments": {{"keys": [{{"type": "qcode", "data": "shift"}}, {{"type": "qcode", "data": "a"}}]}}}}'
sh $T/control.sh qmp yb '{{"execute": "send-key", "arguments": {{"keys": [{{"type": "qcode", "data": "b"}}]}}}}'
wait_for $W/y.out "text Ab" $F
sh $T/control.sh qmp yret '{{"execute": "send-key", "arguments": {{"keys": [{{"type": "qcode", "data": "ret"}}]}}}}'
wait_for $W/y.out "editing-ended" $F
stop $F y
# View controllers: a tap pushes Settings onto a navigation controller, a drag from the leading edge pops it, a tap
# pushes it again and another presents an alert, whose OK is tapped (the app writes the recordings; see
# NavigationProbe.swift).
{bin}/fbrun --board qemu-virt vboard-touch --navigation $W/nav > $W/n.out 2> $W/n.err &
F=$!
wait_for $W/n.out nav-ready $F && sleep 0.5 && $CK nav-home
$I replay --settle 1 $W/nav/open.txt > $W/n1.log 2>&1
wait_for $W/n.out "shown 1 Settings" $F && sleep 0.5 && $CK nav-pushed
$I replay --settle 2 $W/nav/back.txt > $W/n2.log 2>&1
wait_for $W/n.out "shown 2 Home" $F && sleep 0.5 && $CK nav-popped
$I replay --settle 1 $W/nav/open.txt > $W/n3.log 2>&1
wait_for $W/n.out "shown 3 Settings" $F && sleep 0.5
$I replay --settle 1 $W/nav/open.txt > $W/n4.log 2>&1
wait_for $W/n.out "alert-shown" $F && sleep 0.5 && $CK nav-alert
$I replay --settle 1 $W/nav/ok.txt > $W/n5.log 2>&1
wait_for $W/n.out "alert OK" $F && sleep 0.5 && $CK nav-after
stop $F n
exit 0
"""

# The rotated, high-DPI board: a touch at each corner of the panel lands in the logical corner it shows.
GUEST_TOUCH_ROTATED = GUEST_PRELUDE + r"""
make_corners
VITRINE_BOARD=portrait-hidpi {bin}/vboard-touch > $W/q.out 2> $W/q.err &
A=$!
wait_for $W/q.out first-flip-uptime $A
{bin}/vitrine-input replay --settle 2 /tmp/corners.txt > $W/q-replay.log 2>&1
for i in $(seq 1 50); do [ "$(grep -c '^corner' $W/q.out)" -ge 4 ] && break; sleep 0.1; done
# A device with an absurd range (two positions per axis): whatever it reports, the app carries on.
{bin}/vitrine-input replay --settle 2 --maximum 1 /tmp/corners.txt > $W/q-absurd.log 2>&1
sleep 1; kill -0 $A && echo alive > $W/q-alive
kill -TERM $A; wait $A
# The board's calibration matrix (libinput applies it): the touch controller's x axis mirrored.
echo '{{"name": "mirrored", "display": {{"mode": "800x1280", "rotation": 90, "scale": 2}}, "touch": {{"calibration": [-1, 0, 1, 0, 1, 0]}}}}' > /tmp/mirrored.json
VITRINE_BOARD=/tmp/mirrored.json {bin}/vboard-touch > $W/m.out 2> $W/m.err &
M=$!
wait_for $W/m.out first-flip-uptime $M
{bin}/vitrine-input replay --settle 2 /tmp/corners.txt > $W/m-replay.log 2>&1
for i in $(seq 1 50); do [ "$(grep -c '^corner' $W/m.out)" -ge 4 ] && break; sleep 0.1; done
kill -TERM $M; wait $M
# With udevd (a full system): libinput's udev backend, the app as 'nobody' through seatd, devices opened by seatd.
/lib/systemd/systemd-udevd --daemon > $W/udevd.log 2>&1
udevadm trigger --action=add; udevadm settle --timeout=30
seatd -g nogroup -l info > $W/seatd.log 2>&1 &
for i in $(seq 1 50); do [ -S /run/seatd.sock ] && break; sleep 0.1; done
busybox su -s /bin/sh nobody -c "cd /tmp; exec env VITRINE_BOARD={root}/Board/portrait-hidpi/board.json {bin}/vboard-touch" > $W/u.out 2> $W/u.err &
N=$!
wait_for $W/u.out first-flip-uptime $N
{bin}/vitrine-input replay --settle 3 /tmp/corners.txt > $W/u-replay.log 2>&1
for i in $(seq 1 50); do [ "$(grep -c '^corner' $W/u.out)" -ge 4 ] && break; sleep 0.1; done
kill -TERM $N; wait $N
exit 0
"""

# What the board's kernel command line adds for a quiet boot (no kernel messages on the panel: they go to the serial
# console; no blinking cursor; no logo): the board's own cmdline.txt, so what is documented is what is tested.
QUIET_BOOT = open(os.path.join(ROOT, "Board", "qemu-virt", "cmdline.txt")).read().strip()

# A hot-pluggable PCIe port for an external display (a second GPU, bochs), with address windows reserved so a
# device plugged later can be given its BARs. (QEMU 7.2 dies re-adding a display device it removed, so the
# scenario plugs first and unplugs after.)
# QMP's send-key types on the newest keyboard: a virtio one (the q35 PS/2 keyboard gets nothing).
KEYBOARD = ["-device", "virtio-keyboard-pci"]
HOTPLUG_PORT = ["-device", "pcie-root-port,id=rp1,chassis=1,slot=1,pref32-reserve=64M,mem-reserve=16M"]
DISPLAY_DEVICES = {
    "virtio": {"main": ["-device", "virtio-gpu-pci"], "touch": ["-device", "virtio-gpu-pci"] + KEYBOARD, "portrait": ["-device", "virtio-gpu-pci,xres=800,yres=1280"],
               "hotplug": ["-device", "virtio-gpu-pci"] + HOTPLUG_PORT},
    "bochs": {"main": ["-device", "bochs-display"], "touch": ["-device", "bochs-display"] + KEYBOARD, "portrait": ["-device", "bochs-display,xres=800,yres=1280"],
              "hotplug": ["-device", "bochs-display"] + HOTPLUG_PORT},
}

GUEST_HOTPLUG = GUEST_PRELUDE + r"""
VITRINE_BOARD=qemu-virt {bin}/vboard-probe > $W/x.out 2> $W/x.err &
A=$!
wait_for $W/x.out first-flip-uptime $A
sh $T/control.sh qmp plug '{{"execute": "device_add", "arguments": {{"driver": "bochs-display", "id": "ext", "bus": "rp1"}}}}'
wait_for $W/x.out "screen connected" $A && sleep 1 && sh $T/control.sh checkpoint external ext
sh $T/control.sh qmp unplug '{{"execute": "device_del", "arguments": {{"id": "ext"}}}}'
wait_for $W/x.out "screen disconnected" $A
kill -USR1 $A; wait_for $W/x.out update-flipped $A && sh $T/control.sh checkpoint main-after
stop $A x
exit 0
"""


# virtio-gpu and bochs on the 6.12 kernel too (the cheap part: first frame, a damage-only update, SIGTERM).
GUEST_612 = GUEST_PRELUDE + r"""
VITRINE_BOARD=qemu-virt $P > $W/a.out 2> $W/a.err &
A=$!
wait_for $W/a.out first-flip-uptime $A && $CK first
kill -USR1 $A; wait_for $W/a.out update-flipped $A && $CK updated
stop $A a
exit 0
"""


# vkms on the 6.12 kernel: the kernel's own composition read back through its writeback connector. The app takes
# each capture itself (VITRINE_WRITEBACK_DIR: it holds DRM master, so only it can commit) when a name is written to
# its request FIFO; the FIFO lives in the guest's /tmp (9p has no FIFOs) and the captures are copied to $W.
GUEST_VKMS = GUEST_PRELUDE + r"""
mkdir -p /tmp/wb && mkfifo /tmp/wb/requests
cap() {{ timeout 10 sh -c "echo $1 > /tmp/wb/requests" || {{ echo "capture $1: nobody reads the requests"; return 1; }}
        for i in $(seq 1 100); do grep -q "^$1 " /tmp/wb/captured 2>/dev/null && break; sleep 0.1; done
        cp /tmp/wb/$1.ppm $W/ 2>/dev/null; }}
export VITRINE_WRITEBACK_DIR=/tmp/wb
cat /sys/module/vkms/parameters/enable_writeback > $W/vkms-writeback 2>&1
VITRINE_BOARD=qemu-virt $P > $W/a.out 2> $W/a.err &
A=$!
wait_for $W/a.out first-flip-uptime $A && cap first
kill -USR1 $A; wait_for $W/a.out update-flipped $A && cap updated
kill -USR2 $A; wait_for $W/a.out "animation:" $A
stop $A a
# A panel mounted turned, in the two ways KMSOutput can turn the picture: the plane's rotation property (the
# default where the driver has it) and the copy (VITRINE_PLANE_ROTATION=0).
for r in 90 180 270; do
  echo '{{"name": "vkms-turned", "display": {{"connector": "Virtual-1", "mode": "1280x800", "rotation": '$r', "scale": 2}}}}' > $W/turned-$r.json
  VITRINE_BOARD=$W/turned-$r.json $P > $W/r$r.out 2> $W/r$r.err &
  R=$!
  wait_for $W/r$r.out first-flip-uptime $R && cap plane-$r
  kill -USR1 $R; wait_for $W/r$r.out update-flipped $R && cap plane-$r-updated
  stop $R r$r
  VITRINE_PLANE_ROTATION=0 VITRINE_BOARD=$W/turned-$r.json $P > $W/c$r.out 2> $W/c$r.err &
  R=$!
  wait_for $W/c$r.out first-flip-uptime $R && cap copy-$r
  stop $R c$r
done
# Touch on a panel the plane turns: a tap at each panel corner lands in the logical corner it shows, as with the copy.
make_corners
VITRINE_BOARD=$W/turned-90.json {bin}/vboard-touch > $W/q.out 2> $W/q.err &
Q=$!
wait_for $W/q.out first-flip-uptime $Q
{bin}/vitrine-input replay --settle 2 /tmp/corners.txt > $W/q-replay.log 2>&1
for i in $(seq 1 50); do [ "$(grep -c '^corner' $W/q.out)" -ge 4 ] && break; sleep 0.1; done
kill -TERM $Q; wait $Q
# The pointer: QEMU's virtio tablet (absolute) moves it to the middle of the top half; the cursor plane shows it
# with no frame drawn; a finger (a uinput tap) hides it; then its cost per event (SIGHUP: 1,000 moves).
VITRINE_BOARD=qemu-virt $P > $W/m.out 2> $W/m.err &
M=$!
wait_for $W/m.out first-flip-uptime $M && sleep 1
grep -c '^flip' $W/m.out > $W/m.flips-before
sh $T/control.sh qmp move '{{"execute": "input-send-event", "arguments": {{"events": [{{"type": "abs", "data": {{"axis": "x", "value": 16384}}}}, {{"type": "abs", "data": {{"axis": "y", "value": 8192}}}}]}}}}'
sleep 1; cap pointer
grep -c '^flip' $W/m.out > $W/m.flips-after
{bin}/vitrine-input replay --settle 1 {root}/Recordings/tap.txt > $W/m.tap.log 2>&1
sleep 1; cap pointer-hidden
kill -HUP $M; wait_for $W/m.out cursor-bench $M
stop $M m
# Figures: flips per second and CPU per frame, for a small change (a square moving) and a full one (the window
# recoloured every frame), upright, turned by the plane and turned by the copy.
echo '{{"name": "vkms-90", "display": {{"connector": "Virtual-1", "mode": "1280x800", "rotation": 90, "scale": 1}}}}' > $W/b90.json
for run in "small qemu-virt 1" "full qemu-virt 1" "small-plane90 $W/b90.json 1" "full-plane90 $W/b90.json 1" "small-copy90 $W/b90.json 0" "full-copy90 $W/b90.json 0"; do
  set -- $run
  case $1 in full*) FULL=1 ;; *) FULL=0 ;; esac
  VBOARD_FULL_CHANGE=$FULL VITRINE_PLANE_ROTATION=$3 VITRINE_BOARD=$2 $P > $W/f-$1.out 2> $W/f-$1.err &
  F=$!
  wait_for $W/f-$1.out first-flip-uptime $F && kill -USR2 $F && wait_for $W/f-$1.out "animation:" $F
  kill -TERM $F; wait $F
done
# Robustness (IGT-style). The app's buffers go while a flip is in flight: SIGTERM at once after starting an
# animation; then the display must still work for the next app.
VITRINE_BOARD=qemu-virt $P > $W/k1.out 2> $W/k1.err &
K=$!
wait_for $W/k1.out first-flip-uptime $K && kill -USR2 $K && sleep 0.05 && stop $K k1
# Many mode changes in a row: twelve launches through three modes, each to its first frame and out; the last one
# (1920x1080) captured.
for round in 1 2 3 4; do for m in 1024x768 1280x800 1920x1080; do
  echo '{{"name": "vkms-mode", "display": {{"connector": "Virtual-1", "mode": "'$m'", "rotation": 0, "scale": 1}}}}' > $W/mode.json
  VITRINE_BOARD=$W/mode.json $P > $W/k2.out 2> $W/k2.err &
  K=$!
  if wait_for $W/k2.out first-flip-uptime $K; then echo "$m ok" >> $W/modes.log; else echo "$m failed" >> $W/modes.log; fi
  [ "$round$m" = "41920x1080" ] && cap modes-last # (not $i: wait_for's loop uses it)
  kill -TERM $K; wait $K; echo "$m status $?" >> $W/modes.log
done; done
# Flips while switching VTs: an animation under fbrun, the VT switched away and back in the middle of it.
{bin}/fbrun --board qemu-virt vboard-probe > $W/k3.out 2> $W/k3.err &
F=$!
wait_for $W/k3.out first-flip-uptime $F
APPVT=$(cat /sys/class/tty/tty0/active | tr -dc 0-9)
kill -USR2 $(ps -o pid= --ppid $F); sleep 0.3
busybox chvt 1; sleep 1; busybox chvt $APPVT
wait_for $W/k3.out "animation:" $F
stop $F k3
# Memory warnings: the probe in a cgroup of its own, and a hog in the same group pushing past its memory.high, so
# the kernel throttles the group and its tasks stall for memory (PSI, on with psi=1): the app's trigger on the
# group's memory.pressure fires.
mkdir -p /sys/fs/cgroup; grep -q " /sys/fs/cgroup cgroup2 " /proc/mounts || mount -t cgroup2 none /sys/fs/cgroup
echo +memory > /sys/fs/cgroup/cgroup.subtree_control; mkdir -p /sys/fs/cgroup/kiosk
sh -c 'echo $$ > /sys/fs/cgroup/kiosk/cgroup.procs; VITRINE_BOARD=qemu-virt exec '"$P" > $W/mw.out 2> $W/mw.err &
MW=$!
wait_for $W/mw.out first-flip-uptime $MW
echo $(( $(cat /sys/fs/cgroup/kiosk/memory.current) + 16777216 )) > /sys/fs/cgroup/kiosk/memory.high
sh -c 'echo $$ > /sys/fs/cgroup/kiosk/cgroup.procs; exec timeout 30 python3 -c "b = b\"x\" * (128 << 20)"' > $W/hog.log 2>&1 &
wait_for $W/mw.out "memory warning" $MW
cat /sys/fs/cgroup/kiosk/memory.pressure > $W/mw.pressure 2>&1
stop $MW mw
# The overlay plane: a "video" layer that asks for it, its picture changed once (captured: on the plane) and then on
# every animation frame (figures); the same with overlay planes off (composited).
for ov in 1 0; do
  VITRINE_OVERLAY_PLANES=$ov VITRINE_BOARD=qemu-virt $P --video > $W/v$ov.out 2> $W/v$ov.err &
  V=$!
  wait_for $W/v$ov.out first-flip-uptime $V
  kill -USR1 $V; wait_for $W/v$ov.out update-flipped $V && cap video-$ov
  kill -USR2 $V; wait_for $W/v$ov.out "animation:" $V
  stop $V v$ov
done
# The soak: {soak} flips of a moving square, resident memory watched.
VBOARD_SOAK_FLIPS={soak} VITRINE_BOARD=qemu-virt $P > $W/soak.out 2> $W/soak.err &
S=$!
for i in $(seq 1 {soak_wait}); do grep -q "^soak:" $W/soak.out && break; kill -0 $S 2>/dev/null || break; sleep 1; done
stop $S soak
cp /tmp/wb/captured $W/captured 2>/dev/null
exit 0
"""


class Results:
    def __init__(self):
        self.failed, self.passed = [], 0

    def check(self, name, ok, detail=""):
        print(f"  {'ok  ' if ok else 'FAIL'} {name}" + (f" — {detail}" if detail else ""), flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed.append(name)


def read(path, default=""):
    try:
        return open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return default


# The AArch64 board's panel checks (its binaries are AArch64 builds; bookworm's raster and text libraries, as the
# host's, so what the panel shows is what the headless renders show): a frame, SIGTERM and the console, then a tap and
# a pinch through uinput and libinput under fbrun, and the console after fbrun.
GUEST_AARCH64 = GUEST_PRELUDE + r"""
export LD_LIBRARY_PATH=/opt/vitrine-goldens-libs/lib
R={root}/Recordings
{{ uname -m; grep -m 1 Features /proc/cpuinfo; }} > $W/cpu.txt
VITRINE_BOARD=qemu-virt $P > $W/a.out 2> $W/a.err &
A=$!
wait_for $W/a.out first-flip-uptime $A && $CK first
stop $A a
sleep 0.5; $CK console
{bin}/fbrun --board qemu-virt vboard-touch > $W/t.out 2> $W/t.err &
F=$!
wait_for $W/t.out first-flip-uptime $F
{bin}/vitrine-input replay --settle 2 $R/tap.txt > $W/r1.log 2>&1
wait_for $W/t.out "tap 1" $F && sleep 0.5 && $CK touch-tap
{bin}/vitrine-input replay --settle 2 $R/pinch.txt > $W/r2.log 2>&1
wait_for $W/t.out "pinch ended" $F && sleep 0.5 && $CK touch-pinch
stop $F t
sleep 0.5; $CK touch-console
"""


def boot(display, kind, script_text, run_dir, timeout=300, kernel="6.1", arch="x86_64"):
    """Boots the guest (Linux `kernel`, or the AArch64 board's with `arch` "aarch64") with `display`'s device for
    `kind` ("main" or "portrait") and runs `script_text`."""
    script = run_dir + ".sh"
    with open(script, "w") as f:
        f.write(script_text)
    kernel_choice = ["--arch", "aarch64"] if arch == "aarch64" else ["--kernel", kernel]
    return run_guest(["--display", "none", "--timeout", str(timeout)] + kernel_choice + ["--run-dir", run_dir, script, "--"]
                     + DISPLAY_DEVICES[display][kind])


# Guests that measure no time run at a lower priority (nice): beside a guest that does, they take only the CPU it
# leaves, so its replayed gestures and scheduled captures keep their timing while the others still make progress.
UNTIMED_NICENESS = 8
_lane = threading.local()


def run_guest(arguments):
    """Runs vboard.py with `arguments`; its output goes to this job's block (guests run side by side). Returns its
    status."""
    nice = [] if getattr(_lane, "timed", True) else ["nice", "-n", str(UNTIMED_NICENESS)]
    done = subprocess.run(nice + [sys.executable, os.path.join(HERE, "vboard.py")] + arguments, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")
    if done.stdout:
        print(done.stdout, end="", flush=True)
    # An app that did not end on SIGTERM (the guest's `stop`): what its threads were waiting for.
    run_dir = arguments[arguments.index("--run-dir") + 1] if "--run-dir" in arguments else None
    for name in sorted(os.listdir(run_dir)) if run_dir and os.path.isdir(run_dir) else []:
        if name.endswith(".hang"):
            print(f"vboard: {name[:-5]} did not end within 60 s of SIGTERM; its threads:\n{read(os.path.join(run_dir, name))}",
                  flush=True)
    return done.returncode


def expected_image(bin_dir, out, screen, *args):
    """Renders vboard-probe headless on the host at `screen` into the PNG `out` (what the panel must show); returns
    its path."""
    subprocess.run([os.path.join(bin_dir, "vboard-probe"), "--vitrine-screen", screen, "--vitrine-exit-after-frames", "1",
                    "--vitrine-screenshot", out] + list(args), check=True, stdout=subprocess.DEVNULL)
    return out


# The golden-image comparison (Sources/ImageComparison), as the tests' goldens use it: `vitrine-image` from the
# build under test. Set by main().
IMAGE_TOOL = None


def image_tool(*args):
    """Runs vitrine-image; returns (status, its line of output)."""
    done = subprocess.run([IMAGE_TOOL] + [str(a) for a in args], capture_output=True, text=True)
    return done.returncode, (done.stdout.strip() or done.stderr.strip())


def shows_other_than(results, name, actual_path, app_frame_path):
    """Checks that a capture shows something else than the app (the console): most pixels differ from its frame."""
    if not os.path.exists(actual_path):
        return results.check(name, False, f"no capture at {actual_path}")
    status, line = image_tool("compare", actual_path, app_frame_path, "--expect-different")
    results.check(name, status == 0, line)


def compare(results, name, actual_path, expected_path, failures_dir, turn=0, tolerance=0, upside_down=False):
    """The capture at `actual_path` (turned back by `turn` degrees, upside down first if asked) against the PNG at
    `expected_path`, by the golden rules with `tolerance` and no pixel allowed to differ beyond it; on a failure the
    actual, expected and diff images go to `failures_dir`."""
    if not os.path.exists(actual_path):
        return results.check(name, False, f"no capture at {actual_path}")
    status, line = image_tool("compare", actual_path, expected_path, "--tolerance", tolerance, "--turn", turn,
                              *(["--flip-rows"] if upside_down else []), "--failures", failures_dir,
                              "--name", name.replace(" ", "-").replace("/", "-"))
    results.check(name, status == 0, line + (f"; actual, expected and diff in {failures_dir}" if status == 1 else ""))


# The touch scenario's screens: each the recordings replayed up to its checkpoint (touch-NAME.png).
TOUCH_SCREENS = {"tap": ("tap",), "pinch": ("tap", "pinch"), "after-unplug": ("tap", "pinch", "long-press", "tap")}


@functools.lru_cache(maxsize=None)
def touch_expected(bin_dir, expected_dir, screen):
    """The touch probe rendered headless on the host with TOUCH_SCREENS[screen] replayed in-process: what the panel
    must show (once a run: every display's touch job compares with the same screens). Returns the PNG's path."""
    recordings = TOUCH_SCREENS[screen]
    out = os.path.join(expected_dir, f"touch-{screen}.png")
    env = dict(os.environ, VITRINE_INPUT_REPLAY=":".join(os.path.join(ROOT, "Recordings", r + ".txt") for r in recordings))
    subprocess.run([os.path.join(bin_dir, "vboard-touch"), "--vitrine-screen", "1280x800@1", "--exit-after", "4",
                    "--vitrine-screenshot", out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return out


@functools.lru_cache(maxsize=None)
def controls_expected(bin_dir, out):
    """vboard-touch --controls rendered headless on the host with the three control recordings replayed."""
    recordings = ["switch-tap", "slider-drag", "stepper-tap"]
    env = dict(os.environ, VITRINE_INPUT_REPLAY=":".join(os.path.join(ROOT, "Recordings", r + ".txt") for r in recordings))
    subprocess.run([os.path.join(bin_dir, "vboard-touch"), "--controls", "--vitrine-screen", "1280x800@1", "--exit-after", "4",
                    "--vitrine-screenshot", out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return out


@functools.lru_cache(maxsize=None)
def plain_expected(bin_dir, out):
    """The touch probe's first frame, rendered headless on the host with no input (once: several checks use it)."""
    subprocess.run([os.path.join(bin_dir, "vboard-touch"), "--vitrine-screen", "1280x800@1", "--exit-after", "1",
                    "--vitrine-screenshot", out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return out


def uptimes(console, marker):
    """Every "MARKER S" or "MARKER uptime=S" value in the console log, in order."""
    values = []
    for line in console.splitlines():
        at = line.find(marker)
        if at < 0:
            continue
        word = line[at + len(marker):].strip().split(" ")[0].replace("uptime=", "")
        try:
            values.append(float(word))
        except ValueError:
            pass
    return values


def boot_checks(results, display, bin_dir, package, work, failures_dir, expected_dir):
    """Boots a minimal image straight into the packaged (static) app: init -> fbrun --restart -> app, no shell, the
    Swift toolchain hidden, a quiet kernel command line; the host watches the serial console, captures the panel,
    and crashes the app with a key it maps to SIGSEGV."""
    run = os.path.join(work, f"run-{display}-boot")
    command = os.path.join(work, f"boot-{display}.cmd")
    with open(command, "w") as f:
        f.write(f"/usr/bin/env FONTCONFIG_FILE={package}/fonts.conf {package}/bin/fbrun --restart --vt 1 "
                f"--board {ROOT}/Board/qemu-virt/board.json {package}/bin/vboard-touch --crash-key x\n")
    steps = os.path.join(work, f"boot-{display}.steps.json")
    with open(steps, "w") as f:
        json.dump([{"wait": "VBOARD-EXEC"}, {"screendump": "before-app"},
                   {"wait": "first-flip-uptime"}, {"sleep": 0.5}, {"screendump": "boot-first"},
                   {"key": ["x"]}, {"wait": "crash-uptime"}, {"wait": "first-flip-uptime", "count": 2}, {"sleep": 0.5},
                   {"screendump": "after-crash"}], f)
    rc = run_guest(["--display", "none", "--timeout", "240", "--run-dir", run, "--boot", "--steps", steps,
                    "--append", QUIET_BOOT + " vbhide=/opt/swift", command, "--"] + DISPLAY_DEVICES[display]["touch"])
    console = read(os.path.join(run, "console.log"))
    results.check(f"{display}: the image boots straight into the app (init -> fbrun --restart -> app, no shell)", rc == 0,
                  f"status {rc}; console in {run}/console.log")
    results.check(f"{display}: the static app runs with the Swift toolchain hidden (/opt/swift empty)",
                  "/opt/swift hidden" in console and "first-flip-uptime" in console)
    # The board's command line has psi=1, so the app can hear of memory pressure (its memory warnings).
    watching = next((l.strip() for l in console.splitlines() if "memory warnings" in l), "no memory-warning line")
    results.check(f"{display}: booted with the board's psi=1, the app watches memory pressure",
                  "memory warnings: watching" in watching, watching[-160:])
    before = os.path.join(run, "before-app.ppm")
    if os.path.exists(before):
        _, _, px = images.read_ppm(before)
        lit = sum(1 for v in px if v > 16)
        results.check(f"{display}: a quiet boot shows nothing before the app (no text, cursor or logo)", lit == 0,
                      f"{lit} lit channel values just before the app started")
    else:
        results.check(f"{display}: a quiet boot shows nothing before the app (no text, cursor or logo)", False, "no capture")
    plain = plain_expected(bin_dir, os.path.join(expected_dir, "touch-plain.png"))
    compare(results, f"{display} boot: the app's first frame", os.path.join(run, "boot-first.ppm"), plain, failures_dir)
    compare(results, f"{display} boot: the app is back after SIGSEGV (fbrun --restart)", os.path.join(run, "after-crash.ppm"),
            plain, failures_dir)
    init, execs, flips, crashes = (uptimes(console, m) for m in ("VBOARD-INIT", "VBOARD-EXEC", "first-flip-uptime", "crash-uptime"))
    if init and execs and flips:
        print(f"  figure: {display}: boot to first frame {flips[0]:.2f} s (guest clock, TCG ~20x slower than a board): "
              f"kernel {init[0]:.2f} s, initramfs {execs[0] - init[0]:.2f} s, app start to first flip {flips[0] - execs[0]:.2f} s",
              flush=True)
    if crashes and len(flips) >= 2:
        print(f"  figure: {display}: crash (SIGSEGV) to the app on screen again {flips[1] - crashes[0]:.2f} s "
              f"(fbrun's first back-off 0.5 s included; TCG)", flush=True)


def systemd_checks(results, display, bin_dir, package, work, failures_dir, expected_dir):
    """Boots systemd with the unit `fbrun --install-unit` wrote for the packaged app: systemd starts it, hears READY=1,
    and when the app's main thread hangs (a key the app maps to an endless sleep) the watchdog kills the service and
    systemd starts it again."""
    units = os.path.join(work, f"units-{display}")
    subprocess.run(["rm", "-rf", units])
    installed = subprocess.run([os.path.join(package, "bin", "fbrun"), "--install-unit", "--unit-dir", units,
                                "--board", os.path.join(ROOT, "Board", "qemu-virt", "board.json"),
                                os.path.join(package, "bin", "vboard-touch"), "--hang-key", "h"], capture_output=True, text=True)
    unit = os.path.join(units, "vitrine-vboard-touch.service")
    results.check(f"{display}: fbrun --install-unit writes the unit", installed.returncode == 0 and os.path.exists(unit),
                  (installed.stdout + installed.stderr).strip().splitlines()[-1] if (installed.stdout + installed.stderr).strip() else "")
    if not os.path.exists(unit):
        return
    run = os.path.join(work, f"run-{display}-systemd")
    steps = os.path.join(work, f"systemd-{display}.steps.json")
    with open(steps, "w") as f:
        json.dump([{"wait": "first-flip-uptime"}, {"sleep": 0.5}, {"screendump": "systemd-first"}, {"key": ["h"]},
                   {"wait": "hang-uptime"}, {"wait": "first-flip-uptime", "count": 2}, {"sleep": 0.5},
                   {"screendump": "after-hang"}], f)
    rc = run_guest(["--display", "none", "--timeout", "300", "--run-dir", run, "--systemd", "--steps", steps,
                    "--append", QUIET_BOOT + " vbhide=/opt/swift", unit, "--"] + DISPLAY_DEVICES[display]["touch"])
    console = read(os.path.join(run, "console.log"))
    results.check(f"{display}: systemd starts the unit at boot and hears READY=1 after the first frame",
                  rc == 0 and "Started vitrine-vboard-touch.service" in console and "told systemd the app is ready" in console,
                  f"status {rc}; console in {run}/console.log")
    plain = plain_expected(bin_dir, os.path.join(expected_dir, "touch-plain.png"))
    compare(results, f"{display} systemd: the app's first frame", os.path.join(run, "systemd-first.ppm"), plain, failures_dir)
    results.check(f"{display}: a hung main thread is killed by systemd's watchdog", "Watchdog timeout" in console,
                  next((l.strip() for l in console.splitlines() if "Watchdog timeout" in l), "no watchdog timeout in the console"))
    compare(results, f"{display} systemd: the app is back after the watchdog restarted the service",
            os.path.join(run, "after-hang.ppm"), plain, failures_dir)
    hangs, flips = uptimes(console, "hang-uptime"), uptimes(console, "first-flip-uptime")
    if hangs and len(flips) >= 2:
        print(f"  figure: {display}: main thread hung to the app on screen again {flips[1] - hangs[0]:.2f} s "
              f"(WatchdogSec=10, RestartSec=2; TCG)", flush=True)


def touch_checks(results, display, bin_dir, work, failures_dir, expected_dir):
    run = os.path.join(work, f"run-{display}-touch")
    boot(display, "touch", GUEST_TOUCH.format(root=ROOT, bin=bin_dir), run, timeout=420)
    out, err = read(os.path.join(run, "t.out")), read(os.path.join(run, "t.err"))
    backend = next((l for l in err.splitlines() if "input:" in l), "no input log")
    results.check(f"{display}: a uinput touchscreen plugged in while the app runs is picked up (no udevd: path backend)",
                  "input device added Vitrine Replay Touch" in out, backend.split("vitrine.input: ")[-1][:120])
    results.check(f"{display}: a tap through uinput and libinput reaches the tap recognizer", "tap 1" in out)
    results.check(f"{display}: the contact's size becomes majorRadius (ABS_MT_TOUCH_MAJOR, 2% of 1280 points across)",
                  "touches began 1 radius 12.8" in out, next((l for l in out.splitlines() if "radius" in l), "no touch"))
    compare(results, f"{display} touch: the tap changed the view's colour", os.path.join(run, "touch-tap.ppm"),
            touch_expected(bin_dir, expected_dir, "tap"), failures_dir)
    results.check(f"{display}: a two-finger pinch scales the view", "pinch ended scale 3.0" in out,
                  next((l for l in out.splitlines() if l.startswith("pinch")), "no pinch"))
    compare(results, f"{display} touch: the pinched view on the panel", os.path.join(run, "touch-pinch.ppm"),
            touch_expected(bin_dir, expected_dir, "pinch"), failures_dir)
    results.check(f"{display}: unplugging the device mid-touch cancels the touch", "touches cancelled 1" in out)
    results.check(f"{display}: the app keeps running and takes the next device's taps", "tap 2" in out)
    compare(results, f"{display} touch: after the unplug", os.path.join(run, "touch-after-unplug.ppm"),
            touch_expected(bin_dir, expected_dir, "after-unplug"),
            failures_dir)
    results.check(f"{display}: a keyboard types through xkbcommon into the first responder", "key V" in out and "key k" in out,
                  ", ".join(l for l in out.splitlines() if l.startswith("key ")) or "no keys")
    results.check(f"{display}: SIGTERM under fbrun ends the touch app cleanly", read(os.path.join(run, "t.status")).strip() == "0",
                  f"status {read(os.path.join(run, 't.status')).strip()}")
    recorded = read(os.path.join(run, "recorded.txt"))
    kinds = [l.split()[1] for l in recorded.splitlines()[1:] if len(l.split()) > 1]
    results.check(f"{display}: vitrine-input records a real device's touches", recorded.startswith("# vitrine-input 1")
                  and "down" in kinds and "up" in kinds and "frame" in kinds, f"{len(kinds)} events recorded")
    idle_err, idle_out = read(os.path.join(run, "i.err")), read(os.path.join(run, "i.out"))
    blank = os.path.join(run, "idle-blank.ppm")
    if os.path.exists(blank):
        w, h, px = images.read_ppm(blank)
        # A panel whose output is off is dark; QEMU says so in a line of text in the middle ("Display output is not
        # active."), which is the only thing allowed to be lit.
        lit = sum(1 for i, v in enumerate(px) if v > 16 and not (h // 2 - 40 <= i // 3 // w < h // 2 + 20))
        results.check(f"{display}: the idle timer switches the panel off (DPMS) after the board's idle time",
                      "DPMS off" in idle_err and lit == 0,
                      f"{lit} lit channel values outside QEMU's 'output not active' line")
    else:
        results.check(f"{display}: the idle timer blanks the panel (DPMS off) after the board's idle time", False, "no capture")
    compare(results, f"{display} idle: a tap wakes the panel and is not delivered (the tap target is unchanged)",
            os.path.join(run, "idle-woken.ppm"), plain_expected(bin_dir, os.path.join(expected_dir, "touch-plain.png")), failures_dir)
    controls_out = read(os.path.join(run, "c.out"))
    lines = [l for l in controls_out.splitlines() if l.split(" ")[0] in ("switch", "slider", "slider-end", "stepper")]
    results.check(f"{display}: a tap through uinput flips a UISwitch", "switch on" in lines, ", ".join(lines) or "no control events")
    end = next((float(l.split()[1]) for l in lines if l.startswith("slider-end")), None)
    results.check(f"{display}: a drag through uinput moves a UISlider's thumb (to 0.5 of the range)",
                  end is not None and abs(end - 0.5) <= 0.05 and any(l.startswith("slider ") for l in lines),
                  f"slider-end {end}")
    results.check(f"{display}: a tap through uinput steps a UIStepper", "stepper 1" in lines
                  and read(os.path.join(run, "c.status")).strip() == "0", f"status {read(os.path.join(run, 'c.status')).strip()}")
    compare(results, f"{display} controls: the panel after the three gestures", os.path.join(run, "controls.ppm"),
            controls_expected(bin_dir, os.path.join(expected_dir, "controls.png")), failures_dir,
            # (The slider's thumb may stop a fraction of a point from where the headless replay leaves it: the
            # guest's moves arrive on its own timing. Its antialiased edge and shadow then differ by a level or two.)
            tolerance=4)
    results.check(f"{display}: after waking, the next tap is the app's", "tap 1" in idle_out and idle_out.count("tap ") == 1
                  and read(os.path.join(run, "i.status")).strip() == "0",
                  ", ".join(l for l in idle_out.splitlines() if l.startswith("tap")) or "no tap")
    # The fling: the row under the panel's row 400, read from its colour marker (red: index mod 256, green: index div
    # 256), in each capture: it advances while the content glides, then stays where the app says it settled.
    # (A panel row that straddles two rows (the content rests at a fractional offset) or the cell's last, partly
    # covered one shows no marker colour; the nearest panel row that does is read instead, and its y returned with
    # the row: a panel row wholly inside content row k satisfies (floor(offset) + y) // 44 == k.)
    def marker_near_400(name):
        path = os.path.join(run, name + ".ppm")
        if not os.path.exists(path):
            return None, None
        w, h, px = images.read_ppm(path)
        for y in (400, 401, 402, 403, 399, 398):
            r, g, b = px[(y * w + 3) * 3:(y * w + 3) * 3 + 3]
            if abs(b - 128) <= 2:
                return r + 256 * g, y
        return None, None
    def row_at_400(name):
        row, y = marker_near_400(name)
        return row if y == 400 else None
    fling = [row_at_400(f"fling-{i}") for i in range(24)]
    settled_row, settled_y = marker_near_400("fling-end")
    list_out = read(os.path.join(run, "l.out"))
    settled = next((int(l.split()[1]) for l in list_out.splitlines() if l.startswith("list-settled")), None)
    rows = [x for x in fling if x is not None]
    # (Captures before the fling show row 9; then the rows climb as the content glides, more slowly as it slows
    # down, never back; the settled row is at least the last one captured.)
    climbing = [x for i, x in enumerate(rows) if i == 0 or x != rows[i - 1]]
    # (A second fling is fair only when the first went out late: 40 ms leaves a 96 ms fling's lift after a rest.)
    def lateness(log):
        m = re.search(r"went out (\d+) ms late", read(os.path.join(run, log)))
        return int(m.group(1)) if m else None
    replayed = os.path.exists(os.path.join(run, "l2.log"))
    fair = not replayed or (lateness("l1.log") or 0) >= 40
    results.check(f"{display}: a uinput fling through a UITableView glides (rows strictly advancing) and settles",
                  settled is not None and settled_row is not None and settled_row == (settled + settled_y) // 44 and len(climbing) >= 4
                  and climbing == sorted(climbing) and len(set(climbing)) == len(climbing)
                  and settled_row is not None and rows and settled_row >= rows[-1] and fair
                  and "list-dragging" in list_out and read(os.path.join(run, "l.status")).strip() == "0",
                  f"row under y=400 every 150 ms: {fling}, then {settled_row}; app: offset {settled}"
                  + (f"; played twice, the first went out {lateness('l1.log')} ms late" if replayed else ""))
    # The slide: the magenta square's left edge on row 350 in each capture.
    def square_x(name):
        path = os.path.join(run, name + ".ppm")
        if not os.path.exists(path):
            return None
        w, h, px = images.read_ppm(path)
        row = 350 * w * 3
        for x in range(w):
            r, g, b = px[row + x * 3:row + x * 3 + 3]
            if r > 200 and g < 60 and b > 200:
                return x
        return None
    series = [square_x(f"slide-{i}") for i in range(14)]
    end = square_x("slide-end")
    seen = [x for x in series if x is not None]
    mids = sorted(set(x for x in seen if 100 < x < 1000))
    slide_out = read(os.path.join(run, "s.out"))
    results.check(f"{display}: a one-second UIView.animate slide shows intermediate positions on the panel",
                  len(mids) >= 3 and seen == sorted(seen) and end == 1000 and "slide-end true" in slide_out,
                  f"square at x = {series} every 80 ms, then {end} (start 100, end 1000); "
                  + next((l for l in slide_out.splitlines() if l.startswith("slide-end")), "no end"))

    # Text input: the keyboard's background (grey) or the app's (white) just above the keyboard's first row.
    def keyboard_band(name):
        path = os.path.join(run, name + ".ppm")
        if not os.path.exists(path):
            return None
        w, h, px = images.read_ppm(path)
        i = (531 * w + 640) * 3
        return tuple(px[i:i + 3])
    text_out, hw_out = read(os.path.join(run, "x.out")), read(os.path.join(run, "y.out"))
    before, shown, after = keyboard_band("text-before"), keyboard_band("text-keyboard"), keyboard_band("text-typed")
    def grey(c): return c is not None and all(195 <= v <= 225 for v in c)
    def white(c): return c is not None and all(v >= 250 for v in c)
    results.check(f"{display}: a uinput tap on a UITextField begins editing and the on-screen keyboard slides in (272 points at y 528)",
                  "editing-began" in text_out and "keyboard-shown 528 272" in text_out and white(before) and grey(shown),
                  f"at (640, 531): before {before}, with the keyboard {shown}; "
                  + next((l for l in text_out.splitlines() if l.startswith("keyboard-shown") or l.startswith("typing-recording")), "no keyboard"))
    typed = [l for l in text_out.splitlines() if l.startswith("text ")]
    results.check(f"{display}: keys tapped through uinput type into the field: an automatic capital, a long-pressed accent, shift",
                  "text HéLlo" in typed and typed[:2] == ["text H", "text Hé"], ", ".join(typed) or "nothing typed")
    results.check(f"{display}: return resigns the field and the keyboard slides out",
                  "returned HéLlo" in text_out and "editing-ended" in text_out and "keyboard-hidden" in text_out and white(after)
                  and read(os.path.join(run, "x.status")).strip() == "0",
                  f"at (640, 531) after: {after}; status {read(os.path.join(run, 'x.status')).strip()}")
    hw_band = keyboard_band("text-hardware")
    results.check(f"{display}: with QEMU's keyboard attached no on-screen keyboard shows and its keys type into the field",
                  "text Ab" in hw_out and "returned Ab" in hw_out and "keyboard-shown" not in hw_out and white(hw_band)
                  and read(os.path.join(run, "y.status")).strip() == "0",
                  ", ".join(l for l in hw_out.splitlines() if l.split(" ")[0] in ("text", "returned", "keyboard-shown")) or "nothing typed")

    # Typing latency in the guest (TCG-emulated, so far slower than a real board): kernel time of the key's input
    # event to the completed flip that shows the change, as the app measures it. Figures, not a timed check: the
    # check is that every change was measured.
    def latencies(out):
        return sorted(int(l.split()[1]) / 1000 for l in out.splitlines() if l.startswith("latency-us "))
    def figures(ms):
        return f"{len(ms)} changes, p50 {ms[len(ms) // 2]:.1f} ms, max {ms[-1]:.1f} ms" if ms else "none measured"
    on_screen, hardware = latencies(text_out), latencies(hw_out)
    print(f"  {display}: typing latency (input event to flip), on-screen keys through uinput: {figures(on_screen)}; "
          f"QEMU's keyboard: {figures(hardware)}")
    results.check(f"{display}: every keystroke's time to the screen is measured (input event to completed flip)",
                  len(on_screen) == len(typed) and len(hardware) == len([l for l in hw_out.splitlines() if l.startswith("text ")])
                  and len(on_screen) > 0 and len(hardware) > 0,
                  f"on-screen keys: {figures(on_screen)} for {len(typed)} changes; QEMU's keyboard: {figures(hardware)}")

    # View controllers through uinput: the page's colour at (640, 600) after each step (blue: Home, orange:
    # Settings), the alert's card at the middle of the screen with the page dimmed around it.
    def colour_at(name, x, y):
        path = os.path.join(run, name + ".ppm")
        if not os.path.exists(path):
            return None
        w, h, px = images.read_ppm(path)
        i = (y * w + x) * 3
        return tuple(px[i:i + 3])
    def blue(c): return c is not None and c[2] > 200 and c[0] < 60
    def orange(c): return c is not None and c[0] > 230 and 110 < c[1] < 180 and c[2] < 60
    nav_out = read(os.path.join(run, "n.out"))
    home, pushed, popped = colour_at("nav-home", 640, 600), colour_at("nav-pushed", 640, 600), colour_at("nav-popped", 640, 600)
    results.check(f"{display}: a uinput tap pushes a view controller onto a UINavigationController",
                  blue(home) and "shown 1 Settings" in nav_out and orange(pushed), f"at (640, 600): {home} then {pushed}")
    results.check(f"{display}: a uinput drag from the leading edge pops it (the interactive pop)",
                  "shown 2 Home" in nav_out and blue(popped), f"at (640, 600): {popped}; " + ", ".join(
                      l for l in nav_out.splitlines() if l.startswith("shown")))
    card, dimmed, after = colour_at("nav-alert", 530, 441), colour_at("nav-alert", 640, 700), colour_at("nav-after", 640, 700)
    results.check(f"{display}: an alert presented and dismissed by a uinput tap on its action, the page dimmed behind it",
                  "alert-shown" in nav_out and "alert OK" in nav_out and card is not None and min(card) > 235
                  and orange(after) and dimmed is not None and dimmed[0] < after[0] - 20
                  and read(os.path.join(run, "n.status")).strip() == "0",
                  f"card {card}, page behind {dimmed}, after {after}; status {read(os.path.join(run, 'n.status')).strip()}")


def touch_rotated_checks(results, display, bin_dir, work):
    """Touch on the portrait-hidpi board (the panel mounted turned, scale 2): each panel corner lands where it shows."""
    run = os.path.join(work, f"run-{display}-touch-rotated")
    boot(display, "portrait", GUEST_TOUCH_ROTATED.format(root=ROOT, bin=bin_dir), run)
    # (The first four: the absurd device that follows may hit corners too.)
    corners = [l.split()[1] for l in read(os.path.join(run, "q.out")).splitlines() if l.startswith("corner ")][:4]
    # The panel is mounted turned 90° clockwise: its top-left corner shows the logical bottom-left, and so on.
    results.check(f"{display}: on the rotated scale-2 board each panel corner lands in its logical corner view",
                  corners == ["bottomLeft", "topLeft", "topRight", "bottomRight"], f"panel corners TL, TR, BR, BL hit {corners}")
    mirrored = [l.split()[1] for l in read(os.path.join(run, "m.out")).splitlines() if l.startswith("corner ")]
    results.check(f"{display}: the board's calibration matrix applies before the rotation (x mirrored)",
                  mirrored == ["topLeft", "bottomLeft", "bottomRight", "topRight"], f"panel corners TL, TR, BR, BL hit {mirrored}")
    results.check(f"{display}: a touchscreen with an absurd range does not stop the app", read(os.path.join(run, "q-alive")).strip() == "alive")
    err = read(os.path.join(run, "u.err"))
    corners = [l.split()[1] for l in read(os.path.join(run, "u.out")).splitlines() if l.startswith("corner ")]
    results.check(f"{display}: with udevd, libinput's udev backend, devices opened through seatd (app run as nobody)",
                  "udev backend" in err and "session: libseat" in err and corners == ["bottomLeft", "topLeft", "topRight", "bottomRight"],
                  f"corners {corners}; " + next((l.split("] ")[-1] for l in err.splitlines() if "input:" in l), "no input log"))


def vkms_checks(results, bin_dir, work, failures_dir, expected_dir, first, updated):
    """The display path on vkms (Linux 6.12, the module built from linux-source-6.12), checked on the kernel's own
    output through writeback: the first frame and a damage-only update pixel-exact, flips paced, and a turned panel
    both through the plane's rotation property and through the copy."""
    run = os.path.join(work, "run-vkms")
    script = run + ".sh"
    with open(script, "w") as f:
        # The soak's length: VBOARD_SOAK_FLIPS (100000 for the figure, about half an hour), 3000 by default.
        soak = int(os.environ.get("VBOARD_SOAK_FLIPS", "3000"))
        f.write(GUEST_VKMS.format(root=ROOT, bin=bin_dir, soak=soak, soak_wait=soak // 20 + 60))
    # psi=1: Debian's kernels build pressure stall information but leave it off (the memory-warning check).
    rc = run_guest(["--display", "vkms", "--timeout", str(600 + soak // 20), "--run-dir", run, "--append", "psi=1", script,
                    "--", "-device", "virtio-tablet-pci"])
    results.check("vkms: guest ran (Linux 6.12, vkms.ko built here)", rc == 0, f"status {rc}; console in {run}/console.log")
    err = read(os.path.join(run, "a.err"))
    results.check("vkms: the app drives vkms with atomic modesetting", "(vkms)" in err and "atomic modesetting" in err,
                  next((l.split("] ", 1)[-1] for l in err.splitlines() if "display /dev/dri" in l), "no display line"))
    compare(results, "vkms first frame (writeback)", os.path.join(run, "first.ppm"), first, failures_dir)
    compare(results, "vkms damage-only update (writeback)", os.path.join(run, "updated.ppm"), updated, failures_dir)
    out = read(os.path.join(run, "a.out"))
    animation = next((l for l in out.splitlines() if l.startswith("animation:")), "")
    if animation:
        frames, seconds, hz = int(animation.split()[1]), float(animation.split()[4]), float(animation.split()[7])
        results.check("vkms: flips paced to the mode", frames / seconds <= hz * 1.1,
                      f"{frames / seconds:.1f} flips/s for a {hz:.2f} Hz mode (vkms's vblank timer)")
    else:
        results.check("vkms: flips paced to the mode", False, "no animation report")
    flips = [l.split() for l in out.splitlines() if l.startswith("flip ")]
    steady = [int(f[3]) for f in flips[-10:]] if len(flips) > 12 else []
    results.check("vkms: small changes copy only their damage", bool(steady) and max(steady) <= 64 * 64 * 4,
                  f"{max(steady) if steady else '?'} bytes per animation frame")
    results.check("vkms: SIGTERM ends the app cleanly", read(os.path.join(run, "a.status")).strip() == "0",
                  f"status {read(os.path.join(run, 'a.status')).strip()}")
    for r in (90, 180, 270):
        # The upright picture: portrait for a quarter turn of the 1280x800 mode, landscape for a half turn.
        screen = "1280x800@2" if r == 180 else "800x1280@2"
        turned = expected_image(bin_dir, os.path.join(expected_dir, f"vkms-turned-{r}.png"), screen)
        turned_updated = expected_image(bin_dir, os.path.join(expected_dir, f"vkms-turned-{r}-updated.png"), screen, "--updated")
        plane_err = read(os.path.join(run, f"r{r}.err"))
        results.check(f"vkms: rotation {r} uses the plane's rotation property", f"rotation {r} (plane)" in plane_err,
                      next((l.split("] ", 1)[-1] for l in plane_err.splitlines() if "display /dev/dri" in l), "no display line"))
        # vkms 6.12's writeback stores each composed row at the plane's *source* row (blend() in vkms_composer.c
        # passes y_pos, not y, to vkms_writeback_row): where the plane reads its rows bottom up — DRM's rotate-90
        # (a 270° panel) and reflect-y (rotate-180, which vkms simplifies to both reflections) — the captured rows
        # come out in reverse order though the scanned-out picture is right. Those captures are put back in order.
        reversed_rows = r in (180, 270)
        note = " (writeback rows put back in order: vkms 6.12)" if reversed_rows else ""
        compare(results, f"vkms rotation {r} by the plane (writeback){note}", os.path.join(run, f"plane-{r}.ppm"), turned,
                failures_dir, turn=r, upside_down=reversed_rows)
        compare(results, f"vkms rotation {r} by the plane, damage-only update (writeback){note}",
                os.path.join(run, f"plane-{r}-updated.ppm"), turned_updated, failures_dir, turn=r, upside_down=reversed_rows)
        copy_err = read(os.path.join(run, f"c{r}.err"))
        results.check(f"vkms: rotation {r} in the copy when asked (VITRINE_PLANE_ROTATION=0)", f"rotation {r} (copy)" in copy_err)
        compare(results, f"vkms rotation {r} by the copy (writeback)", os.path.join(run, f"copy-{r}.ppm"), turned,
                failures_dir, turn=r)
        results.check(f"vkms: rotation {r}: both runs end cleanly (the CRTC restored upright)",
                      read(os.path.join(run, f"r{r}.status")).strip() == "0" and read(os.path.join(run, f"c{r}.status")).strip() == "0"
                      and "restoring the CRTC failed" not in plane_err + copy_err)
    corners = [l.split()[1] for l in read(os.path.join(run, "q.out")).splitlines() if l.startswith("corner ")][:4]
    results.check("vkms: touch on a panel turned by the plane: each panel corner lands in the logical corner it shows",
                  "rotation 90 (plane)" in read(os.path.join(run, "q.err")) and corners == ["bottomLeft", "topLeft", "topRight", "bottomRight"],
                  f"panel corners TL, TR, BR, BL hit {corners}")
    # The pointer on the cursor plane: at the tablet's position (0.5, 0.25 of the panel: pixel (640, 200)), darker
    # than the page; no frame drawn for it; gone after a touch.
    pointer_err = read(os.path.join(run, "m.err"))
    results.check("vkms: the pointer goes on the cursor plane", "pointer on the cursor plane" in pointer_err,
                  next((l.split("] ", 1)[-1] for l in pointer_err.splitlines() if "cursor plane" in l), "no cursor-plane line"))

    def shade(name, x, y):
        path = os.path.join(run, f"{name}.ppm")
        if not os.path.exists(path):
            return None
        w, h, data = images.read_ppm(path)
        i = (y * w + x) * 3
        return sum(data[i:i + 3])
    page = shade("pointer", 640, 260)
    shown = shade("pointer", 640, 200)
    results.check("vkms: a tablet move shows the pointer where it points (writeback)",
                  shown is not None and page is not None and shown < page - 150, f"at (640, 200) {shown}, the page {page}")
    before, after = read(os.path.join(run, "m.flips-before")).strip(), read(os.path.join(run, "m.flips-after")).strip()
    results.check("vkms: moving the pointer draws no frame (the kernel moves the plane)", before != "" and before == after,
                  f"flips {before} before the move, {after} after")
    hidden = shade("pointer-hidden", 640, 200)
    results.check("vkms: a touch hides the pointer (writeback)", hidden is not None and page is not None and abs(hidden - page) <= 3,
                  f"at (640, 200) {hidden} after the tap, the page {page}")
    bench = next((l for l in read(os.path.join(run, "m.out")).splitlines() if l.startswith("cursor-bench")), "")
    results.check("vkms: 1,000 pointer moves update the cursor plane and draw no frame",
                  "cursor plane" in bench and bench.rstrip().endswith(" 0 flips"), bench or "no report")
    if bench:
        print(f"  figure: vkms pointer cost (TCG guest): {bench.split(': ', 1)[1]}", flush=True)

    for name, what in (("small", "small change"), ("full", "full change"), ("small-plane90", "small change, turned by the plane"),
                       ("full-plane90", "full change, turned by the plane"), ("small-copy90", "small change, turned in the copy"),
                       ("full-copy90", "full change, turned in the copy")):
        line = next((l for l in read(os.path.join(run, f"f-{name}.out")).splitlines() if l.startswith("animation:")), "")
        results.check(f"vkms figures: {what}", bool(line), line or "no animation report")
        if line:
            frames, seconds = int(line.split()[1]), float(line.split()[4])
            print(f"  figure: vkms {what}: {frames / seconds:.1f} flips/s, {line.split(', ', 2)[2]}", flush=True)
    results.check("vkms: SIGTERM with a flip in flight ends cleanly (the buffers go after the flip)",
                  read(os.path.join(run, "k1.status")).strip() == "0", f"status {read(os.path.join(run, 'k1.status')).strip()}")
    modes = read(os.path.join(run, "modes.log")).splitlines()
    results.check("vkms: twelve launches through three modes each reach their first frame and end cleanly",
                  len(modes) == 24 and all(l.endswith(" ok") or l.endswith(" status 0") for l in modes),
                  f"{sum(l.endswith(' ok') for l in modes)} first frames, {sum(l.endswith(' status 0') for l in modes)} clean exits")
    compare(results, "vkms after the mode changes: 1920x1080 (writeback)", os.path.join(run, "modes-last.ppm"),
            os.path.join(expected_dir, "hd.png"), failures_dir)
    k3 = read(os.path.join(run, "k3.out"))
    results.check("vkms: an animation survives a VT switch in the middle (fbrun), and ends cleanly",
                  "animation:" in k3 and read(os.path.join(run, "k3.status")).strip() == "0",
                  f"status {read(os.path.join(run, 'k3.status')).strip()}, " + next((l for l in k3.splitlines() if l.startswith("animation:")), "no animation report"))
    lifecycle = [l.split(": ", 1)[1] for l in k3.splitlines() if l.startswith("lifecycle: ")]
    expected_lifecycle = ["didBecomeActive",                                                    # launched
                          "willResignActive", "didEnterBackground", "didEnterBackgroundNotification",  # VT away
                          "willEnterForeground", "didBecomeActive",                            # VT back
                          "willResignActive", "didEnterBackground", "didEnterBackgroundNotification",  # SIGTERM
                          "willTerminate, state background"]
    results.check("vkms: the VT switched away and back sends the app to the background and back; SIGTERM ends it through the background",
                  lifecycle == expected_lifecycle, " → ".join(lifecycle) or "no lifecycle lines")
    mw_err = read(os.path.join(run, "mw.err"))
    results.check("vkms: an app in a cgroup pushed past its memory.high hears a memory warning (PSI on the group's memory.pressure)",
                  "memory warning" in read(os.path.join(run, "mw.out")) and "watching /sys/fs/cgroup/kiosk/memory.pressure" in mw_err
                  and read(os.path.join(run, "mw.status")).strip() == "0",
                  next((l.split("] ", 1)[-1] for l in mw_err.splitlines() if "memory warning (" in l), "no warning logged")
                  + "; " + " ".join(read(os.path.join(run, "mw.pressure")).split()[:5]))
    video = expected_image(bin_dir, os.path.join(expected_dir, "video.png"), "1280x800@1", "--video", "--video-second")
    plane_err = read(os.path.join(run, "v1.err"))
    results.check("vkms: a layer that asks for it goes on the overlay plane", "on overlay plane" in plane_err,
                  next((l.split("] ", 1)[-1] for l in plane_err.splitlines() if "overlay plane" in l), "no overlay line"))
    compare(results, "vkms video layer on the overlay plane (writeback)", os.path.join(run, "video-1.ppm"), video, failures_dir)
    compare(results, "vkms video layer composited, overlay planes off (writeback)", os.path.join(run, "video-0.ppm"), video, failures_dir)
    for ov, what in (("1", "on the overlay plane"), ("0", "composited")):
        line = next((l for l in read(os.path.join(run, f"v{ov}.out")).splitlines() if l.startswith("animation:")), "")
        results.check(f"vkms figures: a 320x240 video changing every frame, {what}", bool(line) and read(os.path.join(run, f"v{ov}.status")).strip() == "0",
                      line or "no animation report")
        if line:
            frames, seconds = int(line.split()[1]), float(line.split()[4])
            print(f"  figure: vkms video {what}: {frames / seconds:.1f} flips/s, {line.split(', ', 2)[2]}", flush=True)
    soak = next((l for l in read(os.path.join(run, "soak.out")).splitlines() if l.startswith("soak:")), "")
    found = re.search(r"after 100 flips (\d+), at the end (\d+), at most (\d+)", soak)
    start, end, most = (int(v) for v in found.groups()) if found else (None, None, None)
    results.check("vkms soak: resident memory flat over the flips (grows by under 1 MiB after warming up)",
                  start is not None and most - start < 1024, soak or "no soak report")



def main_checks(results, display, bin_dir, work, failures_dir, exp):
    """The display path on `display` (Linux 6.1): first frame, damage, pacing, SIGTERM and the console, a 1080p
    board, the legacy API, fbrun and VT switches, a bad board file, seatd without root, a lost seat."""
    first, updated, hd = exp["first"], exp["updated"], exp["hd"]
    run = os.path.join(work, f"run-{display}")
    rc = boot(display, "main", GUEST_MAIN.format(root=ROOT, bin=bin_dir), run)
    results.check(f"{display}: guest ran", rc == 0, f"status {rc}; console in {run}/console.log")
    out = read(os.path.join(run, "a.out"))
    err = read(os.path.join(run, "a.err"))
    path = "atomic" if "atomic modesetting" in err else "legacy" if "legacy modesetting" in err else "?"
    compare(results, f"{display} first frame", os.path.join(run, "first.ppm"), first, failures_dir)
    compare(results, f"{display} damage-only update", os.path.join(run, "updated.ppm"), updated, failures_dir)
    # Steady state (both buffers drawn once): a small change copies its damage plus what the back buffer
    # missed, not the frame. The animation moves a 40x40 square by 2 pixels a frame.
    flips = [l.split() for l in out.splitlines() if l.startswith("flip ")]
    steady = [int(f[3]) for f in flips[-10:]] if len(flips) > 12 else []
    results.check(f"{display}: small changes copy only their damage", bool(steady) and max(steady) <= 64 * 64 * 4,
                  f"{max(steady) if steady else '?'} bytes per animation frame into the back buffer (full frame {1280 * 800 * 4})")
    animation = next((l for l in out.splitlines() if l.startswith("animation:")), "")
    if animation:
        frames, seconds, hz = int(animation.split()[1]), float(animation.split()[4]), float(animation.split()[7])
        rate = frames / seconds
        results.check(f"{display}: flips paced to the mode", rate <= hz * 1.1, f"{rate:.1f} flips/s for a {hz:.2f} Hz mode")
    else:
        results.check(f"{display}: flips paced to the mode", False, "no animation report")
    results.check(f"{display}: SIGTERM ends the app cleanly", read(os.path.join(run, "a.status")).strip() == "0",
                  f"status {read(os.path.join(run, 'a.status')).strip()}")
    shows_other_than(results, f"{display}: the console is back after the app", os.path.join(run, "console.ppm"), first)
    compare(results, f"{display} generic-1080p board (mode 1920x1080@60 chosen)", os.path.join(run, "hd.ppm"), hd, failures_dir)
    legacy_err = read(os.path.join(run, "l.err"))
    results.check(f"{display}: the legacy API is used when asked", "legacy modesetting" in legacy_err,
                  legacy_err.strip().splitlines()[0] if legacy_err.strip() else "no log")
    compare(results, f"{display} legacy first frame", os.path.join(run, "legacy-first.ppm"), first, failures_dir)
    compare(results, f"{display} legacy damage-only update (DirtyFB)", os.path.join(run, "legacy-updated.ppm"), updated,
            failures_dir)
    vt = {k: read(os.path.join(run, f"vt-{k}")).strip() for k in ("before", "during", "after-kill", "after-term")}
    compare(results, f"{display} fbrun first frame", os.path.join(run, "fbrun-first.ppm"), first, failures_dir)
    results.check(f"{display}: fbrun runs the app on its own VT", vt["during"] not in ("", vt["before"]),
                  f"{vt['before']} before, {vt['during']} while running")
    results.check(f"{display}: SIGKILL of the app under fbrun: status 137, previous VT back",
                  read(os.path.join(run, "f.status")).strip() == "137" and vt["after-kill"] == vt["before"],
                  f"status {read(os.path.join(run, 'f.status')).strip()}, {vt['after-kill']} active")
    shows_other_than(results, f"{display}: the console shows after the app was killed",
                     os.path.join(run, "fbrun-after-kill.ppm"), first)
    shows_other_than(results, f"{display}: switching VT away shows the console", os.path.join(run, "vt-away.ppm"), first)
    compare(results, f"{display} switching back repaints the app", os.path.join(run, "vt-back.ppm"), first, failures_dir)
    results.check(f"{display}: SIGTERM to fbrun ends the app cleanly, previous VT back",
                  read(os.path.join(run, "g.status")).strip() == "0" and vt["after-term"] == vt["before"],
                  f"status {read(os.path.join(run, 'g.status')).strip()}, {vt['after-term']} active")
    bad_err = read(os.path.join(run, "c.err"))
    results.check(f"{display}: a bad board file is refused, naming the field",
                  read(os.path.join(run, "c.status")).strip() not in ("", "0") and "display.rotation" in bad_err,
                  bad_err.strip().splitlines()[-1] if bad_err.strip() else "no message")
    seat_err = read(os.path.join(run, "s.err"))
    results.check(f"{display}: without root, through seatd (libseat)", "session: libseat" in seat_err,
                  f"card mode {read(os.path.join(run, 'card-mode')).strip()}, app run as nobody")
    compare(results, f"{display} seat first frame", os.path.join(run, "seat-first.ppm"), first, failures_dir)
    shows_other_than(results, f"{display}: seatd switching VT away shows the console", os.path.join(run, "seat-away.ppm"), first)
    compare(results, f"{display} seatd switching back repaints the app", os.path.join(run, "seat-back.ppm"), first,
            failures_dir)
    lost_err = read(os.path.join(run, "t.err"))
    results.check(f"{display}: a display lost for good ends the app with status 69 and the reason",
                  read(os.path.join(run, "t.status")).strip() == "69" and "the display is lost" in lost_err,
                  (lost_err.strip().splitlines() or ["no message"])[-1])
    start = read(os.path.join(run, "start-uptime")).strip()
    flip = next((l.split()[1] for l in out.splitlines() if l.startswith("first-flip-uptime")), None)
    if start and flip:
        print(f"  figure: {display}, {path} modesetting: process start to first flip {float(flip) - float(start):.2f} s "
              f"(guest under TCG, ~20x slower than the host)", flush=True)
    rss = read(os.path.join(run, "a.rss")).split()
    if len(rss) >= 2:
        print(f"  figure: {display}: vboard-probe resident after its first frame, two 1280x800 dumb buffers mapped: "
              f"{int(rss[1]) / 1024:.1f} MiB", flush=True)


def portrait_checks(results, display, bin_dir, work, failures_dir, exp):
    """The portrait-hidpi board (a panel mounted turned 90 degrees, scale 2) shows the upright picture turned."""
    run = os.path.join(work, f"run-{display}-portrait")
    boot(display, "portrait", GUEST_PORTRAIT.format(root=ROOT, bin=bin_dir), run)
    compare(results, f"{display} portrait-hidpi board (rotation 90, scale 2)", os.path.join(run, "rotated.ppm"), exp["rotated"],
            failures_dir, turn=90)


def hotplug_checks(results, display, bin_dir, work, failures_dir, exp):
    """An external display plugged in while the app runs becomes a UIScreen, and goes again."""
    updated = exp["updated"]
    run = os.path.join(work, f"run-{display}-hotplug")
    boot(display, "hotplug", GUEST_HOTPLUG.format(root=ROOT, bin=bin_dir), run)
    out = read(os.path.join(run, "x.out"))
    results.check(f"{display}: an external display plugged in becomes a UIScreen", "screen connected 1280x800 (2 screens)" in out,
                  next((l for l in out.splitlines() if l.startswith("screen connected")), "no connection reported"))
    shot = os.path.join(run, "external.ppm")
    if os.path.exists(shot):
        w, h, px = images.read_ppm(shot)
        centre = px[(h // 2 * w + w // 2) * 3:(h // 2 * w + w // 2) * 3 + 3]
        results.check(f"{display}: the app's window shows on the external display", centre[0] > 200 and 90 < centre[1] < 170 and centre[2] < 40,
                      f"centre pixel {tuple(centre)} (orange expected)")
    else:
        results.check(f"{display}: the app's window shows on the external display", False, "no capture")
    results.check(f"{display}: unplugged, it is disconnected without a restart", "screen disconnected (1 screens)" in out
                  and read(os.path.join(run, "x.status")).strip() == "0", f"status {read(os.path.join(run, 'x.status')).strip()}")
    compare(results, f"{display} the panel goes on after the external display left", os.path.join(run, "main-after.ppm"),
            updated, failures_dir)


# The showcase read aloud: the screen reader on from launch under fbrun, driven through uinput by
# Recordings/screen-reader.txt (two fingers up read the home screen, five swipes left reach Climate, a double tap
# opens it); the reader writes what it says (a JSON line each) and the speech's audio (espeak-ng) to the work folder.
# The board file turns the reader on and names its voice and audio device: an ALSA loopback (snd-aloop, loaded by
# the initramfs), whose other end alsa_capture.py records, so the speech is heard through ALSA too.
GUEST_READER = GUEST_PRELUDE + r"""
cat > /tmp/reader-board.json <<'BOARD'
{{ "name": "qemu-virt-reader", "display": {{ "connector": "Virtual-1", "mode": "1280x800", "rotation": 0, "scale": 1 }},
  "accessibility": {{ "screenReader": true, "voice": "f3", "audioDevice": "plughw:Loopback,0,0" }} }}
BOARD
python3 $T/alsa_capture.py plughw:Loopback,1,0 $W/heard.raw /tmp/stop-capture 2> $W/capture.err &
C=$!
sleep 1
SHOWCASE_CLOCK=1780309800 VITRINE_SCREEN_READER_LOG=$W/said.jsonl VITRINE_SCREEN_READER_WAV=$W/said.wav \
  {bin}/fbrun --board /tmp/reader-board.json {bin}/showcase > $W/s.out 2> $W/s.err &
F=$!
wait_for $W/s.err "first frame on screen" $F 1200 && sleep 2
{bin}/vitrine-input replay --settle 2 {root}/Recordings/screen-reader.txt > $W/r.log 2>&1
wait_for $W/said.jsonl '"Climate, heading"' $F 300
sleep 1
stop $F s
touch /tmp/stop-capture; wait $C
"""


def reader_checks(results, display, bin_dir, work):
    """The showcase with the screen reader on, driven by swipes and a double tap through a uinput touchscreen."""
    run = os.path.join(work, f"run-{display}-reader")
    boot(display, "main", GUEST_READER.format(root=ROOT, bin=bin_dir), run)
    said = []
    for line in read(os.path.join(run, "said.jsonl")).splitlines():
        try:
            said.append(json.loads(line)["text"])
        except (ValueError, KeyError, TypeError):
            pass
    tiles = ["Climate", "Settings", "Wi-Fi", "Directory", "الاستقبال", "Security"]
    order = [next((i for i, t in enumerate(said) if t.startswith(tile + ",")), -1) for tile in tiles]
    results.check(f"{display}: two fingers up read the home screen's tiles in reading order",
                  -1 not in order and order == sorted(order), f"{len(said)} utterances; tiles at {order}")
    climate = [i for i, t in enumerate(said) if t.startswith("Climate,") and i > max(order)]
    results.check(f"{display}: five swipes left went back to the climate tile", bool(climate),
                  said[max(order) + 1:max(order) + 7] if -1 not in order else "the tiles were not read")
    results.check(f"{display}: a double tap opened the climate screen, announced", "Climate, heading" in said[-3:],
                  f"last said: {said[-3:]}")
    wav = open(os.path.join(run, "said.wav"), "rb").read() if os.path.exists(os.path.join(run, "said.wav")) else b""
    samples = [int.from_bytes(wav[i:i + 2], "little", signed=True) for i in range(44, len(wav) - 1, 2)]
    loud = sum(1 for v in samples if abs(v) > 1000)
    results.check(f"{display}: the speech's WAV is not silent", wav[:4] == b"RIFF" and len(samples) > 22050 and loud > 2205,
                  f"{len(samples) / 22050:.1f} s of audio, {loud} samples above 1000")
    heard = open(os.path.join(run, "heard.raw"), "rb").read() if os.path.exists(os.path.join(run, "heard.raw")) else b""
    samples = [int.from_bytes(heard[i:i + 2], "little", signed=True) for i in range(0, len(heard) - 1, 2)]
    loud = sum(1 for v in samples if abs(v) > 1000)
    results.check(f"{display}: the speech was played on the board's audio device (ALSA, snd-aloop)",
                  len(samples) > 22050 and loud > 2205,
                  f"{len(samples) / 22050:.1f} s recorded at the loopback's other end, {loud} samples above 1000; "
                  + (read(os.path.join(run, "capture.err")).strip()[-200:] or "the capture ran"))
    results.check(f"{display}: the app with the reader on ends cleanly on SIGTERM",
                  read(os.path.join(run, "s.status")).strip() == "0", f"status {read(os.path.join(run, 's.status')).strip()}")


def aarch64_checks(results, arm_bin, bin_dir, work, failures_dir, expected_dir, exp):
    """The AArch64 board (Tools/aarch64/board.sh: -M virt, Cortex-A72, trixie's arm64 kernel, virtio-gpu) running the
    AArch64 builds in `arm_bin` (GUEST_AARCH64); `bin_dir` holds the host's, which rendered the expected screens."""
    run = os.path.join(work, "run-aarch64")
    rc = boot("virtio", "touch", GUEST_AARCH64.format(root=ROOT, bin=arm_bin), run, timeout=300, arch="aarch64")
    cpu = " ".join(read(os.path.join(run, "cpu.txt")).split()[:1])
    results.check("aarch64: guest ran (QEMU -M virt, Cortex-A72, Debian's arm64 kernel)", rc == 0 and cpu == "aarch64",
                  f"status {rc}, machine {cpu or '?'}; console in {run}/console.log")
    err = read(os.path.join(run, "a.err"))
    results.check("aarch64: the app drives virtio-gpu with atomic modesetting", "atomic modesetting" in err,
                  next((l.split("] ")[-1] for l in err.splitlines() if "display /dev/dri" in l), "no display line")[:160])
    compare(results, "aarch64 first frame", os.path.join(run, "first.ppm"), exp["first"], failures_dir)
    results.check("aarch64: SIGTERM ends the app cleanly", read(os.path.join(run, "a.status")).strip() == "0",
                  f"status {read(os.path.join(run, 'a.status')).strip()}")
    shows_other_than(results, "aarch64: the console is back after the app", os.path.join(run, "console.ppm"), exp["first"])
    out = read(os.path.join(run, "t.out"))
    results.check("aarch64: a tap through uinput and libinput reaches the tap recognizer (under fbrun)", "tap 1" in out)
    compare(results, "aarch64 touch: the tap changed the view's colour", os.path.join(run, "touch-tap.ppm"),
            touch_expected(bin_dir, expected_dir, "tap"), failures_dir)
    results.check("aarch64: a two-finger pinch scales the view", "pinch ended scale 3.0" in out,
                  next((l for l in out.splitlines() if l.startswith("pinch")), "no pinch"))
    compare(results, "aarch64 touch: the pinched view on the panel", os.path.join(run, "touch-pinch.ppm"),
            touch_expected(bin_dir, expected_dir, "pinch"), failures_dir)
    results.check("aarch64: SIGTERM under fbrun ends the touch app cleanly", read(os.path.join(run, "t.status")).strip() == "0",
                  f"status {read(os.path.join(run, 't.status')).strip()}")
    shows_other_than(results, "aarch64: the console is back after fbrun", os.path.join(run, "touch-console.ppm"),
                     touch_expected(bin_dir, expected_dir, "pinch"))


def linux612_checks(results, display, bin_dir, work, failures_dir, exp):
    """virtio-gpu and bochs on the 6.12 kernel too (the cheap part: first frame, a damage-only update, SIGTERM)."""
    run = os.path.join(work, f"run-{display}-6.12")
    rc = boot(display, "main", GUEST_612.format(root=ROOT, bin=bin_dir), run, kernel="6.12")
    results.check(f"{display} on Linux 6.12: guest ran", rc == 0, f"status {rc}; console in {run}/console.log")
    compare(results, f"{display} on Linux 6.12 first frame", os.path.join(run, "first.ppm"), exp["first"], failures_dir)
    compare(results, f"{display} on Linux 6.12 damage-only update", os.path.join(run, "updated.ppm"), exp["updated"], failures_dir)
    results.check(f"{display} on Linux 6.12: SIGTERM ends the app cleanly", read(os.path.join(run, "a.status")).strip() == "0")


class Job:
    """One guest (or the tour) and its checks: `run(results)` boots and checks; what it prints is kept and shown in
    one block when it ends, so guests can run side by side. `group`: what its checks are counted under (a driver, or
    the 6.12 kernel). `estimate`: about how many seconds it takes beside others (runs of 2026-11-28), for the order.
    `timed`: it measures time (gestures replayed with their real timing, captures on a schedule), so it never runs
    beside another timed job."""

    def __init__(self, name, group, estimate, run, timed=False):
        self.name, self.group, self.estimate, self.run, self.timed = name, group, estimate, run, timed
        self.results, self.output, self.seconds = Results(), io.StringIO(), 0.0


class _JobOutput(io.TextIOBase):
    """sys.stdout while jobs run: each job thread's prints go to its own buffer, the rest to the real stdout."""

    def __init__(self, real):
        self.real, self.local = real, threading.local()

    def write(self, text):
        target = getattr(self.local, "buffer", None) or self.real
        return target.write(text)

    def flush(self):
        self.real.flush()


def run_jobs(jobs, lanes):
    """Runs `jobs` on `lanes` threads, in list order, a timed job never beside another; prints each job's block as it
    ends. (Three lanes on two cores: QEMU's TCG guests spend much of their time waiting for the app or the clock, and
    the untimed ones run niced beside the timed one: see run_guest.)"""
    output = _JobOutput(sys.stdout)
    sys.stdout = output
    lock = threading.Condition()
    pending, timed_running = list(jobs), [0]

    def take():
        with lock:
            while True:
                if not pending:
                    return None
                for job in pending:
                    if not job.timed or timed_running[0] == 0:
                        pending.remove(job)
                        timed_running[0] += job.timed
                        return job
                lock.wait()

    def lane():
        while (job := take()) is not None:
            output.local.buffer = job.output
            _lane.timed = job.timed
            started = time.monotonic()
            try:
                job.run(job.results)
            except Exception as error:  # a check's own bug: the job fails, the others go on
                job.results.check(f"{job.name}: the checks ran", False, f"{type(error).__name__}: {error}")
            job.seconds = time.monotonic() - started
            output.local.buffer = None
            with lock:
                timed_running[0] -= job.timed
                output.real.write(f"── {job.name}: {job.results.passed} passed, {len(job.results.failed)} failed "
                                  f"({job.seconds:.0f} s)\n" + job.output.getvalue())
                output.real.flush()
                lock.notify_all()

    threads = [threading.Thread(target=lane) for _ in range(lanes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    sys.stdout = output.real


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--displays", default="virtio,bochs,vkms")
    parser.add_argument("--bin", default=None, help="the build to test (default: the static release build Tools/test.sh makes)")
    parser.add_argument("--only", choices=["touch", "boot", "aarch64", "reader"], default=None,
                        help="run only these scenarios (aarch64: only the AArch64 board's, with --aarch64; reader: the "
                             "screen reader's)")
    parser.add_argument("--lanes", type=int, default=int(os.environ.get("VBOARD_LANES", "3")),
                        help="guests run side by side (default 3, or VBOARD_LANES); at most one of them measures time")
    parser.add_argument("--tour", metavar="OUT_DIR", default=None,
                        help="also run the showcase's tour (tour.py) as one of the jobs, writing OUT_DIR")
    parser.add_argument("--tour-compare", metavar="DIR", default=None, help="the headless tour's screens (tour.py --compare)")
    parser.add_argument("--aarch64", metavar="ARM_BIN_DIR", default=None,
                        help="also run the AArch64 board (Tools/aarch64/board.sh) with the AArch64 builds in ARM_BIN_DIR: "
                             "its panel checks, and the tour with --tour (written to OUT_DIR-aarch64)")
    args = parser.parse_args()
    required = os.environ.get("VBOARD_REQUIRED") == "1"
    bin_dir = args.bin or os.path.join(ROOT, ".build", "static", "release")
    if not os.path.exists(os.path.join(bin_dir, "vboard-probe")):
        print(f"virtual board: {bin_dir}/vboard-probe is missing; build first "
              "(swift build -c release --static-swift-stdlib --scratch-path .build/static)")
        return 1
    global IMAGE_TOOL
    IMAGE_TOOL = os.path.join(bin_dir, "vitrine-image")
    prepared = subprocess.run(["bash", os.path.join(HERE, "prepare.sh")], capture_output=True, text=True)
    displays = [] if args.only == "aarch64" else args.displays.split(",")
    if prepared.returncode == 0 and "vkms" in displays:
        # vkms needs the 6.12 kernel from bookworm-backports and the module built from its source.
        prepared = subprocess.run(["bash", os.path.join(HERE, "prepare.sh"), "6.12"], capture_output=True, text=True)
    if prepared.returncode != 0:
        reason = (prepared.stderr or prepared.stdout).strip().splitlines()[-1:] or ["unknown"]
        print(f"virtual board: SKIPPED — cannot prepare QEMU and the kernel here: {reason[0]}")
        return 1 if required else 0

    if args.aarch64:
        arm = subprocess.run(["bash", os.path.join(ROOT, "Tools", "aarch64", "board.sh")], capture_output=True, text=True)
        if arm.returncode != 0:
            reason = (arm.stderr or arm.stdout).strip().splitlines()[-1:] or ["unknown"]
            print(f"virtual board: the AArch64 board is SKIPPED — cannot prepare it here: {reason[0]}")
            if required:
                return 1
            args.aarch64 = None

    work = os.path.join(ROOT, ".build", "virtual-board")
    failures_dir = os.path.join(work, "failures")
    expected_dir = os.path.join(work, "expected")
    os.makedirs(expected_dir, exist_ok=True)
    # What the panel must show, rendered headless on the host before any guest starts (jobs share them).
    renders = {"first": ("first.png", "1280x800@1"), "updated": ("updated.png", "1280x800@1", "--updated"),
               "rotated": ("rotated.png", "1280x800@2"), "hd": ("hd.png", "1920x1080@1")}
    exp = {key: expected_image(bin_dir, os.path.join(expected_dir, r[0]), *r[1:]) for key, r in renders.items()}
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        # (These replay recordings on the real clock: side by side they take the time of one.)
        for screen in TOUCH_SCREENS:
            pool.submit(touch_expected, bin_dir, expected_dir, screen)
        pool.submit(controls_expected, bin_dir, os.path.join(expected_dir, "controls.png"))
        pool.submit(plain_expected, bin_dir, os.path.join(expected_dir, "touch-plain.png"))
    # The booted image runs the app as a device would: packaged (static, stripped, its fonts beside it).
    package = os.path.join(work, "package")
    results = Results()
    packaged = None
    if args.only in (None, "boot"):
        packaged = subprocess.run(["bash", os.path.join(ROOT, "Tools", "package-app.sh"), "vboard-touch", package],
                                  capture_output=True, text=True)
        if packaged.returncode != 0:
            print(packaged.stdout[-2000:] + packaged.stderr[-2000:], flush=True)
        results.check("the app packages as a self-contained executable (Tools/package-app.sh)", packaged.returncode == 0,
                      " ".join(read(os.path.join(package, "MANIFEST.txt")).splitlines()[3:4]).strip())

    jobs = []

    def job(name, group, estimate, checks, *arguments, timed=False):
        jobs.append(Job(name, group, estimate, lambda r: checks(r, *arguments), timed))

    for display in displays:
        if display == "vkms":
            if args.only is None:
                job("vkms (Linux 6.12)", "Linux 6.12", 300, vkms_checks, bin_dir, work, failures_dir, expected_dir,
                    exp["first"], exp["updated"])
                for other in ("virtio", "bochs"):
                    job(f"{other} (Linux 6.12)", "Linux 6.12", 20, linux612_checks, other, bin_dir, work, failures_dir, exp)
            continue
        if args.only in (None, "touch"):
            job(f"{display} touch", display, 200, touch_checks, display, bin_dir, work, failures_dir, expected_dir,
                timed=True)
            job(f"{display} touch on the turned board", display, 60, touch_rotated_checks, display, bin_dir, work)
        if args.only in (None, "boot") and packaged and packaged.returncode == 0:
            job(f"{display} boot", display, 20, boot_checks, display, bin_dir, package, work, failures_dir, expected_dir)
            # The unit and the watchdog do not depend on the display driver: one display is enough.
            if display == displays[0]:
                job(f"{display} systemd", display, 60, systemd_checks, display, bin_dir, package, work, failures_dir,
                    expected_dir, timed=True)
        if args.only is None:
            job(f"{display} main", display, 60, main_checks, display, bin_dir, work, failures_dir, exp)
            job(f"{display} portrait", display, 20, portrait_checks, display, bin_dir, work, failures_dir, exp)
            job(f"{display} hotplug", display, 20, hotplug_checks, display, bin_dir, work, failures_dir, exp)
        # (The screen reader's checks do not depend on the display driver: one display is enough.)
        if args.only in (None, "reader") and display == displays[0]:
            job(f"{display} screen reader", display, 60, reader_checks, display, bin_dir, work)
    import tour  # noqa: E402 (beside this file)
    if args.tour and args.only != "aarch64":

        def tour_checks(r):
            status = tour.run(bin_dir, os.path.abspath(args.tour), args.tour_compare and os.path.abspath(args.tour_compare),
                              check=r.check)
            # (Each screen is a check; a tour that did not get as far as its screens fails here.)
            if status != 0 and not r.failed:
                r.check("the showcase's tour ran on the board (fbrun, uinput, captures)", False, f"status {status}")
        job("the showcase's tour", "the tour", 90, tour_checks, timed=True)
    if args.aarch64:
        arm_bin = os.path.abspath(args.aarch64)
        job("aarch64 panel", "aarch64", 120, aarch64_checks, arm_bin, bin_dir, work, failures_dir, expected_dir, exp)
        if args.tour:
            # The tour there is the UI test's (ui_tour.py): a debug build under emulation falls behind a replayed
            # recording, while the UI test waits for the app at every step. Each screen is compared as on x86.
            import ui_tour  # noqa: E402 (beside this file)

            def aarch64_tour_checks(r):
                status = ui_tour.run(arm_bin, os.path.abspath(args.tour) + "-aarch64",
                                     args.tour_compare and os.path.abspath(args.tour_compare), check=r.check,
                                     arch="aarch64", tools_dir=bin_dir)
                if status != 0 and not r.failed:
                    r.check("the showcase's UI tour on the AArch64 board", False, f"status {status}")
            job("the showcase's UI tour on AArch64", "aarch64", 300, aarch64_tour_checks, timed=True)
    # The longest first, so the lanes end together.
    jobs.sort(key=lambda j: -j.estimate)
    print(f"virtual board: {len(jobs)} guests, {args.lanes} side by side", flush=True)
    started = time.monotonic()
    run_jobs(jobs, max(1, args.lanes))
    for job in jobs:
        results.passed += job.results.passed
        results.failed += job.results.failed
    print("virtual board, each guest's time: " + ", ".join(f"{j.name} {j.seconds:.0f} s" for j in jobs)
          + f"; {time.monotonic() - started:.0f} s in all", flush=True)
    for group in dict.fromkeys(j.group for j in jobs):
        counted = sum(j.results.passed + len(j.results.failed) for j in jobs if j.group == group)
        print(f"virtual board checks, {group}: {counted}", flush=True)
    print(f"virtual board: {results.passed} passed, {len(results.failed)} failed" +
          (f": {', '.join(results.failed)}" if results.failed else ""), flush=True)
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
