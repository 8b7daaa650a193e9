"""Images for the virtual-board tests: QEMU's PPM screendumps, Vitrine's PNG screenshots, PNG and animated PNG
writing. (Comparisons are vitrine-image's: the golden rules, Sources/ImageComparison.)

Pixels are (width, height, bytes) with 3 bytes (R, G, B) a pixel; alpha, where a PNG has it, is dropped (a
panel shows no alpha).
"""
import struct
import zlib


def read_ppm(path):
    data = open(path, "rb").read()
    # P6\n<width> <height>\n<maxval>\n<bytes>
    fields, offset = [], 0
    while len(fields) < 4:
        while data[offset:offset + 1].isspace():
            offset += 1
        if data[offset:offset + 1] == b"#":
            offset = data.index(b"\n", offset) + 1
            continue
        end = offset
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[offset:end])
        offset = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit P6 PPM")
    width, height = int(fields[1]), int(fields[2])
    offset += 1
    return width, height, data[offset:offset + width * height * 3]


def read_png(path):
    """8-bit RGB or RGBA, non-interlaced PNGs (what Vitrine writes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    offset, chunks, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read here")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    out = bytearray(width * height * 3)
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        for x in range(width):
            out[(y * width + x) * 3:(y * width + x) * 3 + 3] = line[x * channels:x * channels + 3]
        previous = line
    return width, height, bytes(out)


def write_png(path, image):
    width, height, pixels = image
    rows = b"".join(b"\x00" + pixels[y * width * 3:(y + 1) * width * 3] for y in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def half(image):
    """Every other pixel of every other row: a quick half-size copy for animations."""
    width, height, pixels = image
    w, h = width // 2, height // 2
    out = bytearray(w * h * 3)
    for y in range(h):
        row = pixels[2 * y * width * 3:(2 * y * width + 2 * w) * 3]
        dest = memoryview(out)[y * w * 3:(y + 1) * w * 3]
        for c in range(3):
            dest[c::3] = row[c::6]
    return w, h, bytes(out)


def write_apng(path, frames, loops=0):
    """An animated PNG: frames is [(image, milliseconds shown)], all the same size; a frame equal to the one
    before only lengthens it. Viewers without APNG show the first frame."""
    kept = []
    for image, ms in frames:
        if kept and kept[-1][0][2] == image[2]:
            kept[-1][1] += ms
        else:
            kept.append([image, ms])
    width, height = kept[0][0][0], kept[0][0][1]

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    out = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
           chunk(b"acTL", struct.pack(">II", len(kept), loops))]
    sequence = 0
    for index, (image, ms) in enumerate(kept):
        w, h, pixels = image
        # fcTL: sequence, size, offset, delay (ms / 1000), dispose none, blend source.
        out.append(chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, w, h, 0, 0, min(ms, 65535), 1000, 0, 0)))
        sequence += 1
        data = zlib.compress(b"".join(b"\x00" + pixels[y * w * 3:(y + 1) * w * 3] for y in range(h)), 6)
        if index == 0:
            out.append(chunk(b"IDAT", data))
        else:
            out.append(chunk(b"fdAT", struct.pack(">I", sequence) + data))
            sequence += 1
    out.append(chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(b"".join(out))
