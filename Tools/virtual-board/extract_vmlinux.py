#!/usr/bin/env python3
"""Writes the ELF vmlinux inside a bzImage whose payload is XZ-compressed (Debian's vmlinuz).

QEMU boots an ELF kernel through its PVH entry point, which skips the kernel's own XZ decompressor: under TCG
that saves seconds on every boot. Usage: extract_vmlinux.py VMLINUZ OUT
"""
import lzma
import sys


def main(source: str, target: str) -> int:
    data = open(source, "rb").read()
    magic = b"\xfd7zXZ\x00"
    start = data.find(magic)
    while start >= 0:
        try:
            payload = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:])
        except lzma.LZMAError:
            payload = b""
        if payload.startswith(b"\x7fELF"):
            with open(target, "wb") as out:
                out.write(payload)
            return 0
        start = data.find(magic, start + 1)
    print(f"{source}: no XZ-compressed ELF kernel inside", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
