#!/usr/bin/env python3
"""The showcase's tour on the virtual board: boots it, starts the app under fbrun on its panel (real KMS/DRM),
plays Recordings/showcase-tour.txt through a uinput touchscreen (real kernel touch events, read by libinput) while
the host captures the panel four times a second, then writes under OUT_DIR: one PNG per screen of the tour
(NN-NAME.png, the moments the recording's "# shot" lines name), tour.png (an animated PNG of the whole tour at half
size) and figures.txt (time to the first frame and resident memory after the tour, as the app and the guest saw them).

usage: tour.py BIN_DIR OUT_DIR [--compare DIR] [--arch aarch64 --tools DIR]
  BIN_DIR holds showcase, fbrun and vitrine-input (and vitrine-image, unless --tools names where the host's is).
  --arch aarch64: on the AArch64 board (Tools/aarch64/board.sh), BIN_DIR holding AArch64 builds.
  --compare DIR: DIR holds the same screens from the headless tour (ShowcaseTourTests with SHOWCASE_SHOTS=DIR);
  each screen on the board must match its headless twin by the golden rules (vitrine-image): every channel within
  2 levels of 255 but in at most 4,000 pixels (0.4% of the screen: the home screen's live clock, about 92x36 pixels,
  shows another time). The status says whether they all did. (The tour's screens must not depend on the touches' real timing: where a fling
  ends does, so the directory's shot follows a jump on its section index.)
"""
import glob
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import images  # noqa: E402

INTERVAL_MS = 250
# The home screen's clock, stopped (Monday 1 June 2026, 10:30 UTC): the same moment as the headless tour
# (Tests/UIKitTests/ShowcaseTourTests.swift), so their screens match whenever each is made.
SHOWCASE_CLOCK = 1780309800
SETTLE = 1.0  # vitrine-input's --settle: the device exists this long before the first event


def shots(recording):
    """[(seconds, name)] from the recording's "# shot SECONDS NAME" lines."""
    out = []
    for line in open(recording, encoding="utf-8"):
        m = re.match(r"# shot ([0-9.]+) (\S+)", line)
        if m:
            out.append((float(m.group(1)), m.group(2)))
    return out


# The golden rules for a board screen against its headless twin (see the docstring).
TOLERANCE, ALLOWED_PIXELS = 2, 4000


def compare(tool, written, headless_dir, failures_dir, check=None):
    """Each screen of the board's tour against its headless twin; True if all match. Each screen's result goes to
    `check(name, ok, detail)` when given (run-tests.py's checks), else is printed."""
    def report(name, good, detail):
        if check:
            check(f"the tour's {name} screen on the board is the headless one's", good, detail)
        else:
            print(f"{'ok  ' if good else 'FAIL'} {name}: the board's screen is the headless one's ({detail})")
    ok = True
    for path in written:
        name = os.path.basename(path)[3:-4]
        twin = os.path.join(headless_dir, name + ".png")
        if not os.path.exists(twin):
            report(name, False, f"no headless screen {twin}")
            ok = False
            continue
        done = subprocess.run([tool, "compare", path, twin, "--tolerance", str(TOLERANCE), "--allowed-pixels", str(ALLOWED_PIXELS),
                               "--failures", failures_dir, "--name", name], capture_output=True, text=True)
        good = done.returncode == 0
        ok = ok and good
        report(name, good, f"{(done.stdout or done.stderr).strip()}; {ALLOWED_PIXELS} allowed"
               + ("" if good else f"; actual, expected and diff in {failures_dir}"))
    return ok


def main(run_function=None):
    """The command line (the module's usage), for this tour or another with the same options (ui_tour.py's)."""
    args = sys.argv[1:]
    options = {}
    for flag in ("--compare", "--arch", "--tools"):
        if flag in args:
            i = args.index(flag)
            options[flag] = args[i + 1]
            del args[i:i + 2]
    if len(args) != 2:
        print("usage: BIN_DIR OUT_DIR [--compare DIR] [--arch aarch64 --tools DIR]", file=sys.stderr)
        return 2
    headless_dir = options.get("--compare") and os.path.abspath(options["--compare"])
    return (run_function or run)(os.path.abspath(args[0]), os.path.abspath(args[1]), headless_dir,
                                 arch=options.get("--arch", "x86_64"),
                                 tools_dir=options.get("--tools") and os.path.abspath(options["--tools"]))


def run(bin_dir, out_dir, headless_dir=None, check=None, arch="x86_64", tools_dir=None):
    """The tour (see the module's docstring); returns the status: 0 when it ran and, with `headless_dir`, every
    screen matched. `check`: see compare(). `arch` "aarch64": on the AArch64 board, `bin_dir` holding AArch64 builds
    and `tools_dir` the host's vitrine-image."""
    tool = os.path.join(tools_dir or bin_dir, "vitrine-image")
    recording = os.path.join(ROOT, "Recordings", "showcase-tour.txt")
    moments = shots(recording)
    count = int((moments[-1][0] + SETTLE + 1.5) * 1000 / INTERVAL_MS)
    aarch64 = arch == "aarch64"
    run_dir = os.path.join(ROOT, ".build", "virtual-board", "run-tour-aarch64" if aarch64 else "run-tour")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    script = run_dir + ".sh"
    # (The AArch64 guest's root has bookworm's cairo, pixman, FreeType and HarfBuzz beside trixie's: the headless
    # tour's versions, so the screens compare as the x86-64 board's do.)
    libraries = "export LD_LIBRARY_PATH=/opt/vitrine-goldens-libs/lib" if aarch64 else ""
    with open(script, "w") as f:
        f.write(f"""
cd {ROOT}
{libraries}
SHOWCASE_CLOCK={SHOWCASE_CLOCK} VITRINE_ONSCREEN_KEYBOARD=always {bin_dir}/fbrun --board qemu-virt {bin_dir}/showcase > $vbwork/app.out 2> $vbwork/app.err &
F=$!
for i in $(seq 1 1200); do grep -q "first frame on screen" $vbwork/app.err && break; kill -0 $F 2>/dev/null || break; sleep 0.1; done
grep -q "first frame on screen" $vbwork/app.err || {{ cat $vbwork/app.err; exit 1; }}
sleep 1
{bin_dir}/vitrine-input replay --settle {SETTLE} {recording} > $vbwork/replay.log 2>&1 &
R=$!
sh {HERE}/control.sh series tour {count} {INTERVAL_MS}
wait $R
P=$(pidof showcase)
grep VmRSS /proc/$P/status > $vbwork/rss.txt
kill -TERM $F; wait $F; echo $? > $vbwork/status
""")
    timeout = 300 + count * INTERVAL_MS / 1000
    rc = subprocess.run([sys.executable, os.path.join(HERE, "vboard.py"), "--timeout", str(timeout), "--run-dir", run_dir,
                         "--arch", arch, script], stdout=subprocess.DEVNULL).returncode
    err = open(os.path.join(run_dir, "app.err"), errors="replace").read() if os.path.exists(os.path.join(run_dir, "app.err")) else ""
    captures = sorted(glob.glob(os.path.join(run_dir, "tour-*.ppm")), key=lambda p: int(p.rsplit("-", 1)[1][:-4]))
    if rc != 0 or not captures:
        print(f"virtual board: the tour did not run (status {rc}); console: {run_dir}/console.log")
        for line in err.splitlines()[-10:]:
            print(f"  guest: {line}")
        return 1
    times = [float(t) for t in open(os.path.join(run_dir, "tour-times.txt")).read().split()]
    os.makedirs(out_dir, exist_ok=True)
    for old in glob.glob(os.path.join(out_dir, "[0-9][0-9]-*.png")):
        os.remove(old)
    # The replay's clock starts SETTLE seconds after the series did (both begin together in the guest, the replay
    # a little later: it has to start, and under TCG the app falls behind, more after heavy frames). A shot is the
    # last capture before its moment plus 0.6 s (the tour holds each settled screen 1.5 s before the next touch);
    # when comparing, the capture in that moment's window (from 0.3 s before to 3 s after) most like the headless
    # screen: the screen must show on the board while its step lasts, however late the app is.
    written = []
    for n, (at, name) in enumerate(moments):
        target = at + SETTLE + 0.6
        index = max([i for i, t in enumerate(times) if t <= target] or [0])
        twin = os.path.join(headless_dir, name + ".png") if headless_dir else None
        if twin and os.path.exists(twin):
            window = [i for i, t in enumerate(times) if at + SETTLE - 0.3 <= t <= at + SETTLE + 3.0] or [index]
            closest = subprocess.run([tool, "closest", twin] + [captures[i] for i in window] + ["--tolerance", str(TOLERANCE)],
                                     capture_output=True, text=True)
            if closest.returncode == 0:
                index = window[int(closest.stdout.split()[0])]
        path = os.path.join(out_dir, f"{n + 1:02d}-{name}.png")
        images.write_png(path, images.read_ppm(captures[index]))
        written.append(path)
    frames = [(images.half(images.read_ppm(p)), INTERVAL_MS) for p in captures]
    images.write_apng(os.path.join(out_dir, "tour.png"), frames)
    first = re.search(r"first frame on screen, (\d+) ms", err)
    rss = open(os.path.join(run_dir, "rss.txt")).read().split()[1:2] if os.path.exists(os.path.join(run_dir, "rss.txt")) else []
    board = "AArch64 virtual board (QEMU TCG, Cortex-A72" if aarch64 else "virtual board (QEMU TCG"
    figures = [f"{board}, virtio-gpu): first frame {first.group(1) if first else '?'} ms after the process started",
               f"{board.split(' (')[0]}: resident memory after the tour {rss[0] if rss else '?'} KiB"]
    with open(os.path.join(out_dir, "figures.txt"), "w") as f:
        f.write("\n".join(figures) + "\n")
    for p in captures:
        os.remove(p)
    print("\n".join(figures))
    print(f"the tour's screens: {', '.join(os.path.basename(p) for p in written)} in {out_dir}")
    print(f"the tour, animated (APNG, {len(captures)} captures): {os.path.join(out_dir, 'tour.png')}")
    if headless_dir is not None and not compare(tool, written, headless_dir, os.path.join(run_dir, "failures"), check):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
