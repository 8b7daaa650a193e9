#!/usr/bin/env python3
"""Runs a command on the virtual board (Board/qemu-virt): a QEMU guest with real kernel DRM and input drivers.

The guest boots Debian's kernel with the host's root file system read-only over 9p (so host-built binaries
run unchanged; with --arch aarch64, an AArch64 guest with the AArch64 test sysroot as its root) and RUN_DIR shared read-write at the same path. It runs GUEST_SCRIPT with /bin/sh and powers
off; the script's exit status is this command's.

Checkpoints, like a capture card on a real board: the guest writes "CKPT <tag> [<device id>]" to the
virtio-serial port named vboard.ctl; the host takes a screendump of what the display (or the display device with
that QEMU id) shows to RUN_DIR/<tag>.ppm and answers "ACK <tag>"; "SERIES <tag> <count> <interval ms>" takes
count captures, <tag>-0.ppm …, at that interval, then answers. "QMP <tag> <json command>" runs a QMP command
(plugging or unplugging a device, as a technician would) and answers "ACK <tag>". Guest scripts use
Tools/virtual-board/control.sh.

Booting straight into an app (--boot): GUEST_SCRIPT is then the command line PID 1 becomes (no shell); with
--systemd it is a unit file, and the guest boots systemd (the host's) starting only that unit. In both,
--steps FILE drives the test from the host like a technician watching the serial console: a JSON list of
{"wait": TEXT, "count": N} (until the console has shown TEXT N times), {"screendump": TAG}, {"key": [QCODE...]}
(typed on the virtio keyboard), {"sleep": SECONDS}; when the last step is done the guest is switched off and the
status is 0 (1 if a step timed out). --append adds to the kernel command line (a quiet boot).

usage: vboard.py [--display virtio|bochs|none] [--timeout SECONDS] [--run-dir DIR] [--boot] [--steps FILE]
                 [--append TEXT] [--kernel 6.1|6.12 | --arch aarch64] GUEST_SCRIPT [-- QEMU_ARGS...]
"""
import argparse
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# "none": the caller passes the display device among the QEMU arguments (e.g. with a mode list of its own).
DISPLAYS = {"virtio": ["-device", "virtio-gpu-pci"], "bochs": ["-device", "bochs-display"], "none": [], "vkms": []}
# What the guest loads for a display that is a kernel module rather than a QEMU device (the 6.12 board's vkms,
# with its overlay plane on; writeback and cursor are on by default).
DISPLAY_MODULES = {"vkms": "vbload=vkms vbloadargs=enable_overlay=1"}


class QMP:
    """A QMP connection: commands in, answers out, events skipped."""

    def __init__(self, path, deadline):
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("QEMU's monitor did not come up")
                time.sleep(0.05)
        self.file = self.sock.makefile("rwb")
        self._answer()
        self.command("qmp_capabilities")

    def _answer(self):
        while True:
            line = self.file.readline()
            if not line:
                raise RuntimeError("QEMU closed its monitor")
            message = json.loads(line)
            if "event" not in message:
                return message

    def command(self, name, **arguments):
        self.file.write(json.dumps({"execute": name, "arguments": arguments}).encode() + b"\n")
        self.file.flush()
        answer = self._answer()
        if "error" in answer:
            raise RuntimeError(f"{name}: {answer['error']}")
        return answer["return"]


def run_steps(steps, monitor, console_path, run_dir):
    """Does the steps whose turn has come (removing them); returns True when none are left."""
    while steps:
        step = steps[0]
        if "wait" in step:
            text = open(console_path, errors="replace").read() if os.path.exists(console_path) else ""
            if text.count(step["wait"]) < step.get("count", 1):
                return False
        elif "screendump" in step:
            try:
                monitor.command("screendump", filename=os.path.join(run_dir, step["screendump"] + ".ppm"))
            except RuntimeError as error:
                print(f"vboard: screendump {step['screendump']}: {error}", flush=True)
        elif "key" in step:
            monitor.command("send-key", keys=[{"type": "qcode", "data": k} for k in step["key"]])
        elif "sleep" in step:
            time.sleep(step["sleep"])
        steps.pop(0)
    return True


# How long a guest's kernel may take to start the init (see main), in seconds of the host's clock
# (VBOARD_BOOT_SECONDS: a tiny one makes the first boot of every guest count as hung, to try the second).
BOOT_SECONDS = float(os.environ.get("VBOARD_BOOT_SECONDS", "120"))
# A running guest whose work folder has not changed for STALL_SECONDS has stopped making progress: seen on the vkms
# guest under TCG, where after an app's exit nothing in the guest ran again (not even the shell that would have
# recorded the app's threads) while QEMU kept its processors busy; the cause is not known. Every guest writes its
# progress there at least once a minute or two, so such a guest is switched off and run again from the start, once.
STALL_SECONDS = float(os.environ.get("VBOARD_STALL_SECONDS", "300"))


def newest_change(folder):
    """The latest modification time of anything in `folder` (0 when it is empty), and its name."""
    latest, name = 0.0, ""
    for base, _, files in os.walk(folder):
        for f in files:
            try:
                t = os.stat(os.path.join(base, f)).st_mtime
            except OSError:
                continue
            if t > latest:
                latest, name = t, f
    return latest, name


def answer(line, control, monitor, run_dir):
    """Carries out one request from the guest's control port (see the module's docstring) and answers it."""
    if line.startswith(b"CKPT "):
        words = line[5:].decode().split()
        tag, device = words[0], (words[1] if len(words) > 1 else None)
        arguments = {"filename": os.path.join(run_dir, f"{tag}.ppm")}
        if device:
            arguments["device"] = device
        try:
            monitor.command("screendump", **arguments)
        except RuntimeError as error:
            print(f"vboard: screendump {tag}: {error}", flush=True)
        control.sendall(f"ACK {tag}\n".encode())
    elif line.startswith(b"SERIES "):
        # A run of captures at a fixed interval, taken by the host alone (a guest round trip per capture is too slow
        # under TCG to see an animation move). Captures keep to the schedule (start + i * interval) whatever a
        # screendump costs; when each was taken, in seconds from the first, goes to <tag>-times.txt.
        tag, count, interval = line[7:].decode().split()[:3]
        start, times = time.monotonic(), []
        for i in range(int(count)):
            delay = start + i * int(interval) / 1000 - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            times.append(time.monotonic() - start)
            try:
                monitor.command("screendump", filename=os.path.join(run_dir, f"{tag}-{i}.ppm"))
            except RuntimeError as error:
                print(f"vboard: screendump {tag}-{i}: {error}", flush=True)
        with open(os.path.join(run_dir, f"{tag}-times.txt"), "w") as f:
            f.write("".join(f"{t:.3f}\n" for t in times))
        control.sendall(f"ACK {tag}\n".encode())
    elif line.startswith(b"QMP "):
        tag, _, text = line[4:].decode().partition(" ")
        request = json.loads(text)
        try:
            monitor.command(request["execute"], **request.get("arguments", {}))
        except RuntimeError as error:
            print(f"vboard: QMP {tag}: {error}", flush=True)
        control.sendall(f"ACK {tag}\n".encode())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--display", choices=sorted(DISPLAYS), default="virtio")
    parser.add_argument("--timeout", type=float, default=240)
    parser.add_argument("--run-dir", default=os.path.join(ROOT, ".build", "virtual-board", "run"))
    parser.add_argument("--boot", action="store_true", help="boot straight into the command in GUEST_SCRIPT")
    parser.add_argument("--systemd", action="store_true",
                        help="boot systemd, starting only the unit file GUEST_SCRIPT (steps as with --boot)")
    parser.add_argument("--steps", default=None, help="with --boot: what the host does, in order (JSON)")
    parser.add_argument("--append", default="", help="more kernel command line")
    parser.add_argument("--kernel", choices=["6.1", "6.12"], default=None,
                        help="the guest kernel (prepare.sh KERNEL makes it); default 6.1, 6.12 for vkms")
    parser.add_argument("--arch", choices=["x86_64", "aarch64"], default="x86_64",
                        help="aarch64: the AArch64 board (Tools/aarch64/board.sh makes it): -M virt, trixie's arm64 "
                             "kernel, the AArch64 test sysroot as the guest's root")
    parser.add_argument("script")
    parser.add_argument("qemu_args", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    extra = args.qemu_args[1:] if args.qemu_args[:1] == ["--"] else args.qemu_args

    board = os.environ.get("VBOARD_DIR", os.path.join(ROOT, ".build", "virtual-board"))
    if args.arch == "aarch64":
        board, prepare = os.path.join(board, "arm64"), "Tools/aarch64/board.sh"
        kernel, guest_root = os.path.join(board, "Image"), os.path.realpath(os.path.join(board, "root"))
        qemu = ["qemu-system-aarch64", "-machine", "virt", "-cpu", "cortex-a72"]
        kernel_args = "console=ttyAMA0"
    else:
        kernel_choice = args.kernel or ("6.12" if args.display == "vkms" else "6.1")
        if kernel_choice == "6.12":
            board = os.path.join(board, "k6.12")
        prepare = "Tools/virtual-board/prepare.sh"
        # (The host's root is the guest's: host-built binaries run unchanged.)
        kernel, guest_root = os.path.join(board, "vmlinux"), "/"
        qemu = ["qemu-system-x86_64", "-machine", "q35", "-cpu", "max"]
        # no_timer_check: under TCG on a loaded host the kernel's check that the IO-APIC timer ticks can miss and
        # panic ("IO-APIC + timer doesn't work!", seen once in CI); the check is for broken chipsets, not QEMU's.
        kernel_args = "console=ttyS0 no_timer_check"
    if args.display in DISPLAY_MODULES:
        args.append = (DISPLAY_MODULES[args.display] + " " + args.append).strip()
    initrd = os.path.join(board, "initramfs.cpio.gz")
    for needed in (kernel, initrd, guest_root):
        if not os.path.exists(needed):
            sys.exit(f"vboard: {needed} is missing; run {prepare}")
    if shutil.which(qemu[0]) is None:
        sys.exit(f"vboard: {qemu[0]} is missing; run {prepare}")
    if guest_root != "/":
        # The init mounts the project at its own path: the mount point must exist in the read-only root.
        os.makedirs(guest_root + ROOT, exist_ok=True)

    run_dir = os.path.abspath(args.run_dir)
    # Clean before boot, never while the guest runs (9p would then fail the guest's later creates).
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    # The guest sees the host's files, but not its /tmp (a tmpfs there): run a copy from the shared folder.
    args.boot = args.boot or args.systemd
    # A unit keeps its name (systemd knows it by it).
    script = os.path.join(run_dir, os.path.basename(args.script) if args.systemd else "guest.sh")
    shutil.copy(args.script, script)
    sockets = os.path.join("/tmp", f"vboard-{os.getpid()}")
    os.makedirs(sockets, exist_ok=True)
    qmp_path, ctl_path = os.path.join(sockets, "qmp"), os.path.join(sockets, "ctl")

    # The control port's socket is ours: listen before QEMU starts so the guest never opens an unconnected port.
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(ctl_path)
    listener.listen(1)

    command = qemu + [
        "-accel", "tcg,thread=multi", "-smp", "2", "-m", "1536", "-nodefaults", "-no-reboot", "-display", "none",
        "-kernel", kernel, "-initrd", initrd,
        "-append", f"{kernel_args} panic=-1 loglevel=4 vbproject={ROOT} vbwork={run_dir} "
                   + (f"vbsystemd={script} "
                      if args.systemd else f"vbboot={script} " if args.boot else f"vbrun={script} ") + args.append,
        "-serial", f"file:{run_dir}/console.log",
        "-virtfs", f"local,path={guest_root},mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap",
        "-virtfs", f"local,path={ROOT},mount_tag=project,security_model=none,readonly=on,multidevs=remap",
        "-virtfs", f"local,path={run_dir},mount_tag=work,security_model=none,multidevs=remap",
        "-qmp", f"unix:{qmp_path},server=on,wait=off",
        "-device", "virtio-serial-pci,id=vser",
        "-chardev", f"socket,id=ctl,path={ctl_path}",
        "-device", "virtserialport,bus=vser.0,chardev=ctl,name=vboard.ctl",
    ] + DISPLAYS[args.display] + extra
    all_steps = json.load(open(args.steps)) if args.steps else []
    console_path = os.path.join(run_dir, "console.log")
    started = time.time()
    # A guest that runs out of time fails every check after the point it reached, and the callers' timeouts are set
    # from an idle machine here; CI machines can be up to three times slower, and a loaded one slower still. So the
    # deadline allows VBOARD_TIMEOUT_SCALE (2.5) times what was asked: a hung guest still ends, only later.
    args.timeout *= float(os.environ.get("VBOARD_TIMEOUT_SCALE", "2.5"))
    deadline = started + args.timeout
    status = 1
    steps_done = False
    # Under TCG on a loaded host the guest's kernel has hung before reaching the init (seen once in CI: a soft
    # lockup in its crypto self-tests, the guest stuck for good). A guest whose init has not said VBOARD-INIT
    # BOOT_SECONDS after QEMU started is switched off and booted again, once; it normally says it within 10 s.
    for attempt in (1, 2):
        steps = list(all_steps)
        qemu = subprocess.Popen(command)
        booted, boot_deadline, next_look, hung = False, time.time() + BOOT_SECONDS, 0.0, False
        stalled, last_change, next_stall_look = False, time.time(), 0.0
        try:
            listener.settimeout(30)
            control, _ = listener.accept()
            monitor = QMP(qmp_path, deadline)
            pending = b""
            while qemu.poll() is None:
                now = time.time()
                if now > deadline:
                    where = f" waiting at step {steps[0]}" if steps else ""
                    print(f"vboard: timed out after {args.timeout:.0f} s{where}; killing QEMU (pid {qemu.pid})", flush=True)
                    qemu.kill()
                    break
                if not booted and now >= next_look:
                    next_look = now + 1
                    booted = os.path.exists(console_path) and "VBOARD-INIT" in open(console_path, errors="replace").read()
                    if not booted and now > boot_deadline and attempt == 1:
                        print(f"vboard: the guest's init had not started {BOOT_SECONDS:.0f} s after QEMU did (console: "
                              f"{open(console_path, errors='replace').read()[-200:].strip()!r}); booting it again", flush=True)
                        hung = True
                        qemu.kill()
                        break
                if booted and not args.boot and attempt == 1 and now >= next_stall_look:
                    next_stall_look = now + 5
                    changed, name = newest_change(run_dir)
                    last_change = max(last_change, changed)
                    if now - last_change > STALL_SECONDS:
                        print(f"vboard: nothing in the guest's work folder changed for {STALL_SECONDS:.0f} s (the last "
                              f"file written: {name}); switching it off and running it again", flush=True)
                        stalled = True
                        qemu.kill()
                        break
                if args.boot:
                    steps_done = run_steps(steps, monitor, console_path, run_dir)
                    if steps_done:
                        monitor.command("quit")
                        break
                ready, _, _ = select.select([control], [], [], 0.05)
                if not ready:
                    continue
                data = control.recv(4096)
                if not data:
                    time.sleep(0.05)
                    continue
                pending += data
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    answer(line, control, monitor, run_dir)
            qemu.wait(timeout=30)
            control.close()
            if not hung and not stalled and attempt == 1 and panicked_before_init(console_path):
                # Under TCG with two vCPUs the guest's kernel has oopsed while still booting (seen once in CI: "Oops:
                # int3" in an interrupt at 2 s, Linux 6.12, before any of our code ran). A panic before the init
                # speaks is the emulator's or the kernel's, not the app's: boot once more. A panic after it fails.
                print("vboard: the guest's kernel panicked before its init started; booting it again", flush=True)
                stalled = True
            if hung:
                continue
            if stalled:
                # From the start, in a clean folder (the checks read only the second run's files).
                shutil.rmtree(run_dir, ignore_errors=True)
                os.makedirs(run_dir)
                shutil.copy(args.script, script)
                continue
            exit_file = os.path.join(run_dir, "exit-code")
            if args.boot:
                status = 0 if steps_done else 1
            elif os.path.exists(exit_file):
                status = int(open(exit_file).read().strip() or "1")
            else:
                print("vboard: the guest did not report an exit status; console:", flush=True)
                print(open(console_path, errors="replace").read()[-4000:], flush=True)
            break
        finally:
            if qemu.poll() is None:
                qemu.kill()
                qemu.wait()
    shutil.rmtree(sockets, ignore_errors=True)
    print(f"vboard: guest exited {status} after {time.time() - started:.1f} s ({args.display})", flush=True)
    return status


def panicked_before_init(console_path):
    """Whether the guest's console shows a kernel panic and no sign that the init had started before it."""
    try:
        text = open(console_path, errors="replace").read()
    except OSError:
        return False
    panic = text.find("Kernel panic")
    if panic < 0:
        return False
    init = text.find("VBOARD-INIT")
    return init < 0 or init > panic


if __name__ == "__main__":
    sys.exit(main())
