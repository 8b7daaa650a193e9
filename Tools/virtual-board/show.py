#!/usr/bin/env python3
"""Boots the virtual board, runs an app on its panel (real KMS/DRM) and saves what the panel shows as a PNG.

usage: show.py APP OUT.png [APP_ARGS...]   (the app is given its first frame, then ended with SIGTERM)
"""
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import images  # noqa: E402


def main():
    app, out, app_args = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3:]
    run = os.path.join(ROOT, ".build", "virtual-board", "run-show")
    script = run + ".sh"
    with open(script, "w") as f:
        f.write(f"""
cd {ROOT}
VITRINE_DISPLAY=kms VITRINE_BOARD=qemu-virt {shlex.quote(app)} {' '.join(map(shlex.quote, app_args))} > $vbwork/app.out 2> $vbwork/app.err &
A=$!
for i in $(seq 1 900); do grep -q "first frame on screen" $vbwork/app.err && break; kill -0 $A 2>/dev/null || break; sleep 0.1; done
grep -q "first frame on screen" $vbwork/app.err || {{ cat $vbwork/app.err; exit 1; }}
sh {ROOT}/Tools/virtual-board/control.sh checkpoint panel
kill -TERM $A; wait $A
""")
    rc = subprocess.run([sys.executable, os.path.join(HERE, "vboard.py"), "--timeout", "240", "--run-dir", run, script],
                        stdout=subprocess.DEVNULL).returncode
    for line in open(os.path.join(run, "app.err"), errors="replace").read().splitlines():
        print(f"  guest: {line}")
    shot = os.path.join(run, "panel.ppm")
    if rc != 0 or not os.path.exists(shot):
        print(f"virtual board: the app did not reach the panel (status {rc}); console: {run}/console.log")
        return 1
    images.write_png(out, images.read_ppm(shot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
