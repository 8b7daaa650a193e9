#!/usr/bin/env python3
"""In the guest: records what is played into an ALSA loopback (snd-aloop) while a test runs, so the screen reader's
speech is heard through ALSA itself, not only read from its WAV file. Python's ctypes over the host's libasound
(the guest's root is the host's), 16-bit mono at espeak-ng's 22,050 Hz.

usage: alsa_capture.py DEVICE OUT.raw STOPFILE   records DEVICE until STOPFILE exists (at most 10 minutes)
"""
import ctypes
import os
import sys
import time

CAPTURE, S16_LE, RW_INTERLEAVED = 1, 2, 3


def main():
    device, out, stopfile = sys.argv[1:4]
    asound = ctypes.CDLL("libasound.so.2")
    asound.snd_pcm_readi.restype = ctypes.c_long
    asound.snd_pcm_readi.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ulong]
    asound.snd_pcm_recover.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
    asound.snd_pcm_prepare.argtypes = [ctypes.c_void_p]
    pcm = ctypes.c_void_p()
    if asound.snd_pcm_open(ctypes.byref(pcm), device.encode(), CAPTURE, 0) != 0:
        print(f"alsa_capture: cannot open {device}", file=sys.stderr)
        return 1
    # Resampling allowed; 100 ms of latency, as the reader's output asks: snd-aloop fails the capture end (EIO on
    # every read) when its buffer differs from the playing end's.
    if asound.snd_pcm_set_params(pcm, S16_LE, RW_INTERLEAVED, 1, 22050, 1, 100000) != 0:
        print(f"alsa_capture: {device} refused 16-bit mono at 22,050 Hz", file=sys.stderr)
        return 1
    frames = 2205
    buffer = ctypes.create_string_buffer(frames * 2)
    deadline = time.monotonic() + 600
    with open(out, "wb") as f:
        while not os.path.exists(stopfile) and time.monotonic() < deadline:
            n = asound.snd_pcm_readi(pcm, buffer, frames)
            if n < 0:
                # An overrun is recovered; anything else (the playing end not running yet) starts the stream over.
                if asound.snd_pcm_recover(pcm, int(n), 1) < 0:
                    asound.snd_pcm_prepare(pcm)
                    time.sleep(0.05)
                continue
            f.write(buffer.raw[:n * 2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
