#!/usr/bin/env python3
"""Startup and memory of the showcase on this machine's headless screen (release build), printed as figures:
- time from the process's start to its first frame, as the app logs it (/proc's start time, to a clock tick) and
  as seen from here (spawn to the log line), median and range of RUNS launches;
- resident memory after the whole tour (Recordings/showcase-tour.txt replayed through the input path in real time).
The virtual board's figures come from Tools/virtual-board/tour.py (out/tour/figures.txt).

usage: bench-startup.py BIN_DIR [RUNS]
"""
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def first_frame(app):
    start = time.monotonic()
    p = subprocess.Popen([app, "--vitrine-screen", "1280x800@1", "--vitrine-exit-after-frames", "1"],
                         stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    logged = seen = None
    for line in p.stderr:
        m = re.search(r"first frame on screen, (\d+) ms", line)
        if m:
            seen = (time.monotonic() - start) * 1000
            logged = int(m.group(1))
    p.wait()
    return logged, seen


def main():
    bin_dir = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    app = os.path.join(bin_dir, "showcase")
    first_frame(app)  # the page cache warm, as on a device that has booted
    results = [first_frame(app) for _ in range(runs)]
    logged = [r[0] for r in results if r[0] is not None]
    seen = [r[1] for r in results if r[1] is not None]
    print(f"showcase, 1280x800@1 headless, {runs} launches: first frame {statistics.median(logged):.0f} ms after the "
          f"process started (app's figure, {min(logged)}-{max(logged)}); {statistics.median(seen):.0f} ms from spawn "
          f"to the log line ({min(seen):.0f}-{max(seen):.0f})")

    recording = os.path.join(ROOT, "Recordings", "showcase-tour.txt")
    length = max(float(m.group(1)) for m in re.finditer(r"# shot ([0-9.]+)", open(recording).read()))
    env = dict(os.environ, VITRINE_INPUT_REPLAY=recording)
    p = subprocess.Popen([app, "--vitrine-screen", "1280x800@1"], env=env,
                         stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    time.sleep(length + 3)
    status = open(f"/proc/{p.pid}/status").read()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    peak = int(re.search(r"VmHWM:\s+(\d+)", status).group(1))
    p.terminate()
    p.wait()
    print(f"showcase, 1280x800@1 headless: resident memory after the tour ({length:.0f} s) {rss / 1024:.1f} MiB "
          f"(peak {peak / 1024:.1f} MiB)")


if __name__ == "__main__":
    main()
