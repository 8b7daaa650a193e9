#!/usr/bin/env python3
"""Writes the shipped touch recordings (Recordings/*.txt, format in Sources/VitrinePlatform/Input/InputRecording.swift).

The gestures are drawn as a finger would make them on a 1280x800 panel, sampled every 10 ms like a touch
controller's frames. Positions are fractions of the panel. Run again after changing a gesture; the tests and the
virtual board replay these files.
"""
import math
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Recordings")
DEV = 1
STEP = 10_000  # µs between frames


class Take:
    def __init__(self, name, description):
        self.name, self.lines, self.t = name, ["# vitrine-input 1", f"# {description}",
                                              f"0 added {DEV} touch 'Vitrine Replay Touch'"], 100_000

    def frame(self, changes):
        for c in changes:
            self.lines.append(f"{self.t} {c}")
        self.lines.append(f"{self.t} frame {DEV}")

    def wait(self, us):
        self.t += us

    def save(self):
        with open(os.path.join(OUT, self.name + ".txt"), "w") as f:
            f.write("\n".join(self.lines) + "\n")


def pos(x, y):
    return f"{x:.6f} {y:.6f}"


def tap(take, x, y, hold=60_000):
    take.frame([f"down {DEV} 0 {pos(x, y)}"])
    take.wait(hold)
    take.frame([f"up {DEV} 0"])


def stroke(take, fingers, steps, lift=True):
    """fingers: slot -> function(t in 0..1) -> (x, y)."""
    take.frame([f"down {DEV} {s} {pos(*f(0))}" for s, f in fingers.items()])
    for i in range(1, steps + 1):
        take.wait(STEP)
        take.frame([f"move {DEV} {s} {pos(*f(i / steps))}" for s, f in fingers.items()])
    if lift:
        take.wait(STEP)
        take.frame([f"up {DEV} {s}" for s in fingers])


os.makedirs(OUT, exist_ok=True)

t = Take("tap", "one finger taps at (0.25, 0.5), a contact 2% of the panel's width across")
t.frame([f"down {DEV} 0 {pos(0.25, 0.5)} 0.020000"])
t.wait(60_000)
t.frame([f"up {DEV} 0"])
t.save()

t = Take("double-tap", "two quick taps at (0.25, 0.5), 150 ms apart")
tap(t, 0.25, 0.5)
t.wait(150_000)
tap(t, 0.252, 0.501)
t.save()

t = Take("long-press", "one finger held 800 ms at (0.5, 0.5), moving 2 px")
t.frame([f"down {DEV} 0 {pos(0.5, 0.5)}"])
for i in range(80):
    t.wait(STEP)
    if i == 40:
        t.frame([f"move {DEV} 0 {pos(0.5015, 0.5)}"])
t.frame([f"up {DEV} 0"])
t.save()

t = Take("pinch", "two fingers around (0.75, 0.5) spread from 0.1 to 0.3 of the width apart (scale 3) in 300 ms")
stroke(t, {0: lambda u: (0.75 - 0.05 - 0.1 * u, 0.5), 1: lambda u: (0.75 + 0.05 + 0.1 * u, 0.5)}, 30)
t.save()

t = Take("rotate", "two fingers 0.2 of the height apart around (0.5, 0.5) turn a quarter turn clockwise in 400 ms")
aspect = 800 / 1280


def around(sign):
    return lambda u: (0.5 + sign * 0.1 * aspect * math.cos(u * math.pi / 2), 0.5 + sign * 0.1 * math.sin(u * math.pi / 2))


stroke(t, {0: around(-1), 1: around(1)}, 40)
t.save()

t = Take("swipe-left", "one finger strokes left from (0.8, 0.5) to (0.4, 0.5) in 150 ms")
stroke(t, {0: lambda u: (0.8 - 0.4 * u, 0.5 + 0.01 * u)}, 15)
t.save()

t = Take("fling", "a fast diagonal fling from (0.2, 0.8) to (0.8, 0.2) in 80 ms, easing in")
stroke(t, {0: lambda u: (0.2 + 0.6 * u * u, 0.8 - 0.6 * u * u)}, 8)
t.save()

print("wrote", sorted(os.listdir(OUT)))
