#!/usr/bin/env python3
"""Writes the PNG fixtures the image-decoding tests read (Tests/UIKitTests/Fixtures/).

Every image is 16x12 with the same content, so a test can compute each pixel:
  red = x * 16, green = y * 20, blue = 128; alpha (where the format has it) = 255 - x * 8.
The files cover what the decoder must handle: 8-bit RGBA, palette with tRNS, 16-bit RGB, grey + alpha and
Adam7 interlacing. Run it again only to change the fixtures: python3 Tools/make-test-images.py
"""
import os
import struct
import zlib

W, H = 16, 12
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "UIKitTests", "Fixtures")


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(color_type, depth, rows, extra=b"", interlace=0):
    ihdr = struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, interlace)
    raw = b"".join(b"\x00" + r for r in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def pixel(x, y):
    return x * 16, y * 20, 128, 255 - x * 8


def rgba_rows():
    return [bytes(v for x in range(W) for v in pixel(x, y)) for y in range(H)]


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    write("rgba8.png", png(6, 8, rgba_rows()))

    # Palette: one entry per pixel (192 entries), alpha through tRNS.
    palette, trns, rows = b"", b"", []
    for y in range(H):
        row = b""
        for x in range(W):
            r, g, b, a = pixel(x, y)
            palette += bytes((r, g, b))
            trns += bytes((a,))
            row += bytes((y * W + x,))
        rows.append(row)
    write("palette.png", png(3, 8, rows, chunk(b"PLTE", palette) + chunk(b"tRNS", trns)))

    # 16-bit RGB: each 8-bit value v stored as v * 257 (so it converts back exactly).
    rows16 = [b"".join(struct.pack(">HHH", *(c * 257 for c in pixel(x, y)[:3])) for x in range(W)) for y in range(H)]
    write("rgb16.png", png(2, 16, rows16))

    # Grey + alpha: grey = red channel.
    write("gray-alpha.png", png(4, 8, [bytes(v for x in range(W) for v in (pixel(x, y)[0], pixel(x, y)[3])) for y in range(H)]))

    # Adam7-interlaced RGB: seven passes, each a small image of its own rows.
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw = b""
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, W, dx))
        if not xs:
            continue
        for y in range(y0, H, dy):
            raw += b"\x00" + bytes(v for x in xs for v in pixel(x, y)[:3])
    ihdr = struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 1)
    write("interlaced.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


main()
