#!/usr/bin/env python3
"""The showcase's tour on the virtual board, driven as a UI test: the app runs under fbrun on its panel with its
UI-test agent on (VITRINE_UI_AGENT, a socket in the guest), and showcase-ui-tour (Sources/ShowcaseUITour, through
VitrineUITesting) walks the same screens as Recordings/showcase-tour.txt by identifiers and labels. The agent's
touches go through a uinput touchscreen of its own, so they reach the app through the kernel and libinput; every
action waits for the app to be idle, so the tour keeps the pace of a slow board (a debug build under emulation),
where the replayed recording (tour.py) runs ahead of the app. At each settled screen the guest asks the host to
capture the panel (control.sh checkpoint), and each capture is compared with the headless tour's screen.

usage: ui_tour.py BIN_DIR OUT_DIR [--compare DIR] [--arch aarch64 --tools DIR]   (as tour.py's)
Writes OUT_DIR/NN-NAME.png for the screens and OUT_DIR/steps.txt, the tour's own report.
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import images  # noqa: E402
import tour  # noqa: E402

SCREENS = ["home", "climate", "settings-dark", "home-dark", "wifi-password", "wifi-connected", "directory",
           "reception-arabic", "security-alert", "end"]


def run(bin_dir, out_dir, headless_dir=None, check=None, arch="x86_64", tools_dir=None):
    """Boots the board, runs the tour; `check(name, ok, detail)` gets each step and each screen. Returns 0 when
    every step passed and every screen matched."""
    def report(name, ok, detail=""):
        if check:
            check(name, ok, detail)
        else:
            print(f"{'ok  ' if ok else 'FAIL'} {name}{' — ' + detail if detail else ''}")
    tool = os.path.join(tools_dir or bin_dir, "vitrine-image")
    aarch64 = arch == "aarch64"
    board = "the AArch64 board" if aarch64 else "the board"
    run_dir = os.path.join(ROOT, ".build", "virtual-board", "run-ui-tour-aarch64" if aarch64 else "run-ui-tour")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    script = run_dir + ".sh"
    libraries = "export LD_LIBRARY_PATH=/opt/vitrine-goldens-libs/lib" if aarch64 else ""
    # (The agent's socket is in the guest's own /tmp: the work folder is shared over 9p, which has no sockets.)
    with open(script, "w") as f:
        f.write(f"""
cd {ROOT}
{libraries}
SHOWCASE_CLOCK={tour.SHOWCASE_CLOCK} VITRINE_ONSCREEN_KEYBOARD=always VITRINE_UI_AGENT=/tmp/ui.sock \\
  {bin_dir}/fbrun --board qemu-virt {bin_dir}/showcase > $vbwork/app.out 2> $vbwork/app.err &
F=$!
for i in $(seq 1 1200); do grep -q "first frame on screen" $vbwork/app.err && break; kill -0 $F 2>/dev/null || break; sleep 0.1; done
grep -q "first frame on screen" $vbwork/app.err || {{ cat $vbwork/app.err; exit 1; }}
{bin_dir}/showcase-ui-tour --attach /tmp/ui.sock --shot "sh {HERE}/control.sh checkpoint" > $vbwork/steps.txt 2>&1
echo $? > $vbwork/tour-status
kill -TERM $F; wait $F; echo $? > $vbwork/status
""")
    rc = subprocess.run([sys.executable, os.path.join(HERE, "vboard.py"), "--timeout", "900", "--run-dir", run_dir,
                         "--arch", arch, script], stdout=subprocess.DEVNULL).returncode
    def read(name):
        path = os.path.join(run_dir, name)
        return open(path, errors="replace").read() if os.path.exists(path) else ""
    steps = read("steps.txt")
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "steps.txt"), "w") as f:
        f.write(steps)
    lines = [m for m in (re.match(r"(ok  |FAIL) (.*)", l) for l in steps.splitlines()) if m]
    if rc != 0 or not lines:
        report(f"the UI tour ran on {board}", False, f"status {rc}; console {run_dir}/console.log; "
               + " | ".join(read("app.err").splitlines()[-3:] + steps.splitlines()[-3:]))
        return 1
    for m in lines:
        report(f"UI tour on {board}: {m.group(2)}", m.group(1) == "ok  ")
    good = all(m.group(1) == "ok  " for m in lines) and read("tour-status").strip() == "0"
    report(f"UI tour on {board}: the app ended cleanly on SIGTERM", read("status").strip() == "0",
           f"status {read('status').strip()}")
    written = []
    for n, name in enumerate(SCREENS):
        capture = os.path.join(run_dir, name + ".ppm")
        if not os.path.exists(capture):
            report(f"UI tour on {board}: the {name} screen was captured", False)
            good = False
            continue
        path = os.path.join(out_dir, f"{n + 1:02d}-{name}.png")
        images.write_png(path, images.read_ppm(capture))
        os.remove(capture)
        written.append(path)
    if headless_dir is not None:
        def compared(name, ok, detail):
            report(name.replace("the tour's", "the UI tour's").replace("on the board", f"on {board}"), ok, detail)
        good = tour.compare(tool, written, headless_dir, os.path.join(run_dir, "failures"), compared) and good
    return 0 if good and read("status").strip() == "0" else 1


if __name__ == "__main__":
    sys.exit(tour.main(run))
