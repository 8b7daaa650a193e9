#!/usr/bin/env python3
"""Writes the ELF vmlinux inside a bzImage whose payload is XZ- or Zstandard-compressed (Debian's vmlinuz: XZ for
Debian 12's 6.1, Zstandard for the backports' 6.12).

QEMU boots an ELF kernel through its PVH entry point, which skips the kernel's own decompressor: under TCG that
saves seconds on every boot. Zstandard goes through the zstd command (Python 3.11 has no module for it); the
bytes after the compressed frame (the kernel's size trailer) make zstd complain, which is expected: what counts
is an ELF image on its output. Usage: extract_vmlinux.py VMLINUZ OUT
"""
import lzma
import subprocess
import sys


def xz_payloads(data):
    magic = b"\xfd7zXZ\x00"
    start = data.find(magic)
    while start >= 0:
        try:
            yield lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:])
        except lzma.LZMAError:
            pass
        start = data.find(magic, start + 1)


def zstd_payloads(data):
    magic = b"\x28\xb5\x2f\xfd"
    start = data.find(magic)
    while start >= 0:
        try:
            yield subprocess.run(["zstd", "-dc"], input=data[start:], capture_output=True).stdout
        except FileNotFoundError:
            print("extract_vmlinux: the zstd command is missing (apt-get install zstd)", file=sys.stderr)
            return
        start = data.find(magic, start + 1)


def main(source: str, target: str) -> int:
    data = open(source, "rb").read()
    for payloads in (xz_payloads, zstd_payloads):
        for payload in payloads(data):
            if payload.startswith(b"\x7fELF"):
                with open(target, "wb") as out:
                    out.write(payload)
                return 0
    print(f"{source}: no XZ- or Zstandard-compressed ELF kernel inside", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
