#!/usr/bin/env python3
"""The app template's UI test on the virtual board, as a user runs it against a device: the packaged app starts
under its fbrun on the board's panel (real KMS/DRM) with its UI-test agent on, and the template's test bundle,
built on the host, runs its UI tests attached to it (VITRINE_UI_TEST_ATTACH), their taps going through a uinput
touchscreen and libinput. (The guest's root is the host's, read-only over 9p, so the host-built test bundle and its
Swift libraries run there as they are.)

usage: template_ui.py PACKAGE_DIR TEST_BUNDLE
  PACKAGE_DIR: Tools/package-app.sh's output for MyPanelApp (bin/MyPanelApp, bin/fbrun, fonts.conf).
  TEST_BUNDLE: the template's MyPanelAppPackageTests.xctest.
Prints the test's output; the status is 0 when the UI tests passed and the app ended cleanly.
"""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-4], file=sys.stderr)
        return 2
    package, bundle = (os.path.abspath(a) for a in sys.argv[1:])
    run_dir = os.path.join(ROOT, ".build", "virtual-board", "run-template-ui")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    script = run_dir + ".sh"
    # (The agent's socket is in the guest's /tmp: the work folder is 9p, which has no sockets.)
    with open(script, "w") as f:
        f.write(f"""
cd {ROOT}
FONTCONFIG_FILE={package}/fonts.conf VITRINE_UI_AGENT=/tmp/ui.sock \\
  {package}/bin/fbrun --board qemu-virt {package}/bin/MyPanelApp > $vbwork/app.out 2> $vbwork/app.err &
F=$!
for i in $(seq 1 600); do grep -q "first frame on screen" $vbwork/app.err && break; kill -0 $F 2>/dev/null || break; sleep 0.1; done
grep -q "first frame on screen" $vbwork/app.err || {{ cat $vbwork/app.err; exit 1; }}
VITRINE_UI_TEST_ATTACH=/tmp/ui.sock {bundle} MyPanelAppUITests.MyPanelAppUITests > $vbwork/test.out 2>&1
echo $? > $vbwork/test-status
kill -TERM $F; wait $F; echo $? > $vbwork/status
""")
    rc = subprocess.run([sys.executable, os.path.join(HERE, "vboard.py"), "--timeout", "300", "--run-dir", run_dir, script],
                        stdout=subprocess.DEVNULL).returncode

    def read(name):
        path = os.path.join(run_dir, name)
        return open(path, errors="replace").read() if os.path.exists(path) else ""
    print(read("test.out"), end="")
    test_status, app_status = read("test-status").strip(), read("status").strip()
    if rc != 0 or test_status != "0" or app_status != "0":
        print(f"template: the UI test on the virtual board failed (guest {rc}, test {test_status or '?'}, app {app_status or '?'});"
              f" console {run_dir}/console.log")
        for line in read("app.err").splitlines()[-5:]:
            print(f"  app: {line}")
        return 1
    print("template: the UI test drove the packaged app on the virtual board (fbrun, uinput, libinput)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
