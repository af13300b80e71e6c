#!/usr/bin/python3
"""Makes the decoder fuzz corpus: valid seeds of every format the browser reads, mutated.

    /usr/bin/python3 Fuzz/make-corpus.py [--seed N] [--out DIR]

Deterministic for a given --seed (default 12): the same files, byte for byte, every run.
The folder (default /var/tmp/image-browser-fuzz/corpus) is emptied and filled with:

- seeds made here with Pillow (Debian's python3-pil) or written by hand: JPEG (plain,
  progressive, EXIF-rotated), PNG (RGBA, palette, 16-bit, with an ICC profile), GIF (still and animated), BMP (24-bit, 8-bit, RLE), TIFF (LZW, multi-page),
  WebP (lossy, lossless, animated), ICO (several sizes), SVG; HEIC files from
  resources/formats (8-bit 4:2:0 turned, 4:4:4, limited range, grey, 10-bit, alpha);
- for each seed: byte flips, truncations, and corruption of the format's own length
  and size fields (PNG chunks, JPEG segments, GIF blocks, BMP and ICO headers, TIFF
  IFD entries, RIFF chunks, HEIC's HEVC NAL unit lengths), each format's way of declaring a huge picture
  (decompression bombs), and files of one format named as another;
- hostile SVGs: deep nesting, entity expansion ("billion laughs"), recursive <use>,
  external entities and references to /dev/zero and /etc/passwd, huge filters;
- a thumbnail-cache bomb (`cache-bomb-*.png`, which the driver also plants in its
  cache as the file's own thumbnail, stamped to match);
- hostile names (a newline, invalid UTF-8, 255 bytes, a leading dash, control and
  bidi characters, a percent sign) and special files (a FIFO, a socket, links to
  /dev/zero, to nothing and to themselves, a folder named like an image, an empty file).

Prints the number of files made. Nothing is written outside the folder.
"""

import argparse
import io
import os
import random
import shutil
import socket
import struct
import zlib
from pathlib import Path

from PIL import Image, ImageCms, ImageDraw

DEFAULT_OUT = Path("/var/tmp/image-browser-fuzz/corpus")
# HEIC seeds: libheif 1.15 writes them (resources/formats/heic-samples.c); Pillow cannot.
HEIC_SAMPLES = Path(__file__).resolve().parent.parent / "resources" / "formats"


# ---------------------------------------------------------------- seeds


def picture(size=(48, 32), mode="RGB"):
    """A small picture with edges and gradients, so every codec has work to do."""
    image = Image.new("RGB", size, (30, 60, 90))
    draw = ImageDraw.Draw(image)
    for x in range(0, size[0], 6):
        draw.line([(x, 0), (size[0] - x, size[1])], fill=(x * 5 % 256, 200, 255 - x * 3 % 256))
    draw.ellipse([4, 4, size[0] // 2, size[1] - 4], fill=(240, 120, 20))
    return image.convert(mode)


def encode(image, fmt, **options):
    out = io.BytesIO()
    image.save(out, fmt, **options)
    return out.getvalue()


def exif_rotated_jpeg():
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: turn a quarter
    exif[0x010F] = "Fuzz Camera"
    return encode(picture((40, 24)), "JPEG", quality=80, exif=exif.tobytes())


def with_exif_thumbnail(thumbnail: bytes, orientation=1):
    """A JPEG whose EXIF (APP1) carries `thumbnail` in IFD1, as a camera writes it
    (Pillow writes no IFD1, so the TIFF structure is laid out here)."""
    ifd0 = 8
    ifd1 = ifd0 + 2 + 12 + 4
    data = ifd1 + 2 + 3 * 12 + 4
    tiff = b"II*\x00" + struct.pack("<I", ifd0)
    tiff += struct.pack("<H", 1) + struct.pack("<HHII", 0x0112, 3, 1, orientation)
    tiff += struct.pack("<I", ifd1)
    tiff += struct.pack("<H", 3)
    tiff += struct.pack("<HHII", 0x0103, 3, 1, 6)  # compression: JPEG
    tiff += struct.pack("<HHII", 0x0201, 4, 1, data)
    tiff += struct.pack("<HHII", 0x0202, 4, 1, len(thumbnail))
    tiff += struct.pack("<I", 0) + thumbnail
    segment = b"Exif\x00\x00" + tiff
    main = encode(picture((48, 32)), "JPEG", quality=85)
    return main[:2] + b"\xff\xe1" + struct.pack(">H", len(segment) + 2) + segment + main[2:]


def exif_thumbnail_jpegs():
    """(name, bytes): a camera's letterboxed EXIF thumbnail, and one whose frame header
    claims 65,535 x 65,535 pixels (a bomb inside the metadata)."""
    framed = Image.new("RGB", (40, 30))
    framed.paste(picture((40, 27)), (0, 1))
    thumbnail = encode(framed, "JPEG", quality=80)
    sof = next(o for o, m in jpeg_segments(thumbnail) if m in (0xC0, 0xC2))
    bomb = thumbnail[:sof + 5] + struct.pack(">HH", 65535, 65535) + thumbnail[sof + 9:]
    return [("exif-thumb", with_exif_thumbnail(thumbnail, orientation=6)),
            ("exif-thumb-bomb", with_exif_thumbnail(bomb))]


def icc_png():
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    return encode(picture(), "PNG", icc_profile=profile)


def animated(fmt, **options):
    frames = [picture((32, 24)).rotate(angle) for angle in (0, 90, 180)]
    return encode(frames[0], fmt, save_all=True, append_images=frames[1:], duration=100,
                  loop=0, **options)


SVG_SEED = b"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     width="64" height="48" viewBox="0 0 64 48">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#08f"/>
    <stop offset="1" stop-color="#f80"/></linearGradient></defs>
  <rect width="64" height="48" fill="url(#g)"/>
  <circle cx="32" cy="24" r="16" fill="#fff" opacity="0.5"/>
  <text x="4" y="44" font-size="8">fuzz</text>
</svg>
"""


def seeds():
    """(name, extension, bytes) of every valid seed."""
    base = picture()
    return [
        ("plain", "jpg", encode(base, "JPEG", quality=85)),
        ("progressive", "jpg", encode(base, "JPEG", quality=70, progressive=True)),
        ("exif6", "jpg", exif_rotated_jpeg()),
        *[(name, "jpg", data) for name, data in exif_thumbnail_jpegs()],
        ("rgba", "png", encode(picture(mode="RGBA"), "PNG")),
        ("palette", "png", encode(picture(mode="P"), "PNG")),
        ("gray16", "png", encode(picture().convert("L").convert("I"), "PNG")),
        ("icc", "png", icc_png()),
        ("still", "gif", encode(picture(mode="P"), "GIF")),
        ("animated", "gif", animated("GIF")),
        ("rgb24", "bmp", encode(base, "BMP")),
        ("pal8", "bmp", encode(picture(mode="P"), "BMP")),
        ("lzw", "tif", encode(base, "TIFF", compression="tiff_lzw")),
        ("pages", "tiff", animated("TIFF")),
        ("lossy", "webp", encode(base, "WEBP", quality=60)),
        ("lossless", "webp", encode(base, "WEBP", lossless=True)),
        ("animated", "webp", animated("WEBP")),
        ("sizes", "ico", encode(picture((64, 64), "RGBA"), "ICO", sizes=[(16, 16), (32, 32)])),
        ("vector", "svg", SVG_SEED),
        *[(name, "heic", (HEIC_SAMPLES / f"{name}.heic").read_bytes())
          for name in ("turned", "full-chroma", "limited-range", "grey", "deep", "alpha")],
    ]


# ---------------------------------------------------------------- generic mutations


def flip_bytes(rng, data, count):
    out = bytearray(data)
    for _ in range(count):
        position = rng.randrange(len(out))
        out[position] = rng.choice([0x00, 0xFF, 0x7F, 0x80, rng.randrange(256)])
    return bytes(out)


def flip_bits(rng, data, count):
    out = bytearray(data)
    for _ in range(count):
        position = rng.randrange(len(out))
        out[position] ^= 1 << rng.randrange(8)
    return bytes(out)


def splice(rng, data):
    """A random slice of the file repeated or removed."""
    a, b = sorted(rng.randrange(len(data)) for _ in range(2))
    if rng.random() < 0.5:
        return data[:b] + data[a:b] * rng.randrange(2, 20) + data[b:]
    return data[:a] + data[b:]


# ---------------------------------------------------------------- format-aware corruption


def png_chunks(data):
    """(offset, length, kind) of each chunk of a PNG."""
    chunks, offset = [], 8
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunks.append((offset, length, kind))
        offset += 12 + length
    return chunks


def png_chunk(kind, payload):
    return (struct.pack(">I", len(payload)) + kind + payload
            + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF))


def png_fix_crc(data, offset):
    length, kind = struct.unpack(">I4s", data[offset:offset + 8])
    body = data[offset + 4:offset + 8 + length]
    crc = struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    return data[:offset + 8 + length] + crc + data[offset + 12 + length:]


def png_mutations(rng, data):
    out = []
    chunks = png_chunks(data)
    for offset, length, kind in chunks:
        for bad in (0, length + 1, 0x7FFFFFFF, 0xFFFFFFFF):
            out.append((f"len-{kind.decode('latin-1')}-{bad:x}",
                        data[:offset] + struct.pack(">I", bad) + data[offset + 4:]))
    ihdr = chunks[0][0]
    for width, height in ((65535, 65535), (0x7FFFFFFF, 1), (1, 0x7FFFFFFF), (0, 16),
                          (1_000_000, 1_000_000)):
        changed = data[:ihdr + 8] + struct.pack(">II", width, height) + data[ihdr + 16:]
        out.append((f"ihdr-{width}x{height}", png_fix_crc(changed, ihdr)))
    for field, values in ((16, (3, 16, 32)), (17, (1, 5, 7)), (20, (1, 2))):
        for value in values:  # bit depth, colour type, interlace
            changed = bytearray(data)
            changed[ihdr + 8 + field - 8] = value
            out.append((f"ihdr-byte{field}-{value}", png_fix_crc(bytes(changed), ihdr)))
    # Chunks in the wrong order, twice, or a giant text chunk.
    idat = [c for c in chunks if c[2] == b"IDAT"][0]
    idat_bytes = data[idat[0]:idat[0] + 12 + idat[1]]
    out.append(("idat-twice", data[:idat[0]] + idat_bytes + data[idat[0]:]))
    out.append(("no-iend", data[:chunks[-1][0]]))
    out.append(("ztxt-bomb", data[:idat[0]] + png_chunk(
        b"zTXt", b"Comment\x00\x00" + zlib.compress(b"A" * (8 << 20), 9)) + data[idat[0]:]))
    out.append(("plte-big", data[:idat[0]] + png_chunk(b"PLTE", b"\x01" * 3000) + data[idat[0]:]))
    return out


def flat_png_bomb(width, height, rows=None, level=6):
    """A one-colour PNG declaring width × height (only its first `rows` present when
    given), streamed (small on disk)."""
    row = b"\x00" + b"\x80\x80\x80" * width
    compressor = zlib.compressobj(level)
    present = height if rows is None else rows
    body = b"".join(compressor.compress(row) for _ in range(present)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height,
            8, 2, 0, 0, 0)) + png_chunk(b"IDAT", body) + png_chunk(b"IEND", b""))


def jpeg_segments(data):
    """(offset, marker) of each marker segment before the scan."""
    segments, offset = [], 2
    while offset + 4 <= len(data) and data[offset] == 0xFF:
        marker = data[offset + 1]
        segments.append((offset, marker))
        if marker == 0xDA:
            break
        offset += 2 + struct.unpack(">H", data[offset + 2:offset + 4])[0]
    return segments


def jpeg_mutations(rng, data):
    out = []
    for offset, marker in jpeg_segments(data):
        for bad in (0, 1, 2, 0xFFFF):
            out.append((f"seg{offset}-{marker:02x}-len{bad}",
                        data[:offset + 2] + struct.pack(">H", bad) + data[offset + 4:]))
        if marker in (0xC0, 0xC2):
            # 15,000² fits the budget at 1/8 scale, but a progressive decoder keeps
            # coefficients for the whole picture (675 MB) whatever the output size.
            for height, width in ((65535, 65535), (15000, 15000), (0, 100), (65500, 1)):
                out.append((f"sof-{width}x{height}", data[:offset + 5]
                            + struct.pack(">HH", height, width) + data[offset + 9:]))
            for components in (0, 4, 255):
                out.append((f"sof-components{components}", data[:offset + 9]
                            + bytes([components]) + data[offset + 10:]))
    # The scan repeated many times (a progressive "scan bomb"), and no end marker.
    sos = [o for o, m in jpeg_segments(data) if m == 0xDA]
    if sos:
        scan = data[sos[0]:-2]
        out.append(("scans-x200", data[:sos[0]] + scan * 200 + b"\xff\xd9"))
    out.append(("no-eoi", data[:-2]))
    return out


def gif_mutations(rng, data):
    out = []
    for width, height in ((65535, 65535), (0, 0)):
        out.append((f"screen-{width}x{height}", data[:6] + struct.pack("<HH", width, height)
                    + data[10:]))
    descriptor = data.find(b"\x2c")
    if descriptor > 0:
        for width, height in ((65535, 65535), (0, 0), (1000, 1)):
            out.append((f"frame-{width}x{height}", data[:descriptor + 5]
                        + struct.pack("<HH", width, height) + data[descriptor + 9:]))
        lzw = descriptor + 10
        if data[descriptor + 9] & 0x80:
            lzw += 3 * (2 << (data[descriptor + 9] & 7))
        for code_size in (0, 1, 12, 255):
            out.append((f"lzw-{code_size}", data[:lzw] + bytes([code_size]) + data[lzw + 1:]))
    # A flags byte claiming a colour table with no table after it.
    out.append(("global-table-flag", data[:10] + bytes([data[10] | 0x87]) + data[11:]))
    return out


def huge_screen_gif():
    data = b"GIF89a" + struct.pack("<HHBBB", 60000, 60000, 0x80, 0, 0)
    data += b"\xc8\x50\x50\x00\x00\x00"
    data += b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0)
    data += b"\x02\x02\x44\x01\x00\x3b"
    return data


def many_frames_gif(count):
    frame = (b"\x21\xf9\x04\x00\x01\x00\x00\x00" + b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0)
             + b"\x02\x02\x44\x01\x00")
    return (b"GIF89a" + struct.pack("<HHBBB", 400, 400, 0x80, 0, 0) + b"\xc8\x50\x50\x00\x00\x00"
            + frame * count + b"\x3b")


def animated_screen_gif(width, height, count):
    """An animation of `count` 1 × 1 frames on a width × height screen: a few bytes,
    yet every frame composited is a whole screen of pixels."""
    frame = (b"\x21\xf9\x04\x00\x0a\x00\x00\x00" + b"\x2c"
             + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x44\x01\x00")
    loop = b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    return (b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0)
            + b"\xc8\x50\x50\x00\x00\x00" + loop + frame * count + b"\x3b")


def bmp_mutations(rng, data):
    out = []
    fields = {"offset": (10, "<I"), "header": (14, "<I"), "width": (18, "<i"),
              "height": (22, "<i"), "planes": (26, "<H"), "bpp": (28, "<H"),
              "compression": (30, "<I"), "imagesize": (34, "<I"), "colors": (46, "<I")}
    values = {"offset": (0, 0xFFFFFFF0), "header": (0, 12, 0xFFFF), "width": (100000, -5, 0x7FFFFFFF),
              "height": (-100000, 100000, -0x7FFFFFFF), "planes": (0, 9), "bpp": (0, 3, 64, 0xFFFF),
              "compression": (1, 2, 3, 99), "imagesize": (0xFFFFFFFF,), "colors": (0xFFFFFFFF, 1000)}
    for name, (offset, fmt) in fields.items():
        for value in values[name]:
            out.append((f"{name}-{value}", data[:offset] + struct.pack(fmt, value)
                        + data[offset + struct.calcsize(fmt):]))
    return out


def tiff_mutations(rng, data):
    out = []
    little = data[:2] == b"II"
    e = "<" if little else ">"
    ifd = struct.unpack(e + "I", data[4:8])[0]
    out.append(("ifd-offset-huge", data[:4] + struct.pack(e + "I", 0xFFFFFFF0) + data[8:]))
    out.append(("ifd-offset-self", data[:4] + struct.pack(e + "I", 0) + data[8:]))
    count = struct.unpack(e + "H", data[ifd:ifd + 2])[0]
    out.append(("ifd-count-huge", data[:ifd] + struct.pack(e + "H", 0xFFFF) + data[ifd + 2:]))
    for index in range(count):
        entry = ifd + 2 + 12 * index
        tag, kind, number, value = struct.unpack(e + "HHII", data[entry:entry + 12])
        if tag in (256, 257):  # width, height
            for bad in (0, 0xFFFFFF, 0xFFFFFFFF):
                patched = struct.pack(e + "HHII", tag, 4, 1, bad)
                out.append((f"tag{tag}-{bad:x}", data[:entry] + patched + data[entry + 12:]))
        elif tag in (273, 279, 258, 277, 278, 259):  # strips, bits, samples, rows, compression
            for bad in (0xFFFFFFFF, 0, 7):
                patched = struct.pack(e + "HHII", tag, kind, number, bad)
                out.append((f"tag{tag}-v{bad:x}", data[:entry] + patched + data[entry + 12:]))
            patched = struct.pack(e + "HHII", tag, kind, 0x3FFFFFFF, value)
            out.append((f"tag{tag}-count", data[:entry] + patched + data[entry + 12:]))
    # The next-IFD pointer pointing back at the first IFD: a loop.
    next_pointer = ifd + 2 + 12 * count
    out.append(("ifd-loop", data[:next_pointer] + struct.pack(e + "I", ifd)
                + data[next_pointer + 4:]))
    return out


def riff_mutations(rng, data):
    out = []
    for bad in (0, 4, 0xFFFFFFFF):
        out.append((f"riff-size-{bad:x}", data[:4] + struct.pack("<I", bad) + data[8:]))
    offset = 12
    while offset + 8 <= len(data):
        kind, size = struct.unpack("<4sI", data[offset:offset + 8])
        name = kind.decode("latin-1").strip()
        for bad in (0, size + 1, 0x7FFFFFFF, 0xFFFFFFFF):
            out.append((f"chunk{offset}-{name}-{bad:x}", data[:offset + 4] + struct.pack("<I", bad)
                        + data[offset + 8:]))
        if kind == b"VP8X":  # canvas width - 1, height - 1 (24 bits each)
            out.append(("vp8x-canvas-huge", data[:offset + 12] + b"\xff\xff\xff\xff\xff\xff"
                        + data[offset + 18:]))
        if kind == b"VP8L":  # 14-bit width and height after the signature
            out.append(("vp8l-16384", data[:offset + 9] + b"\xff\xff\xff\x0f"
                        + data[offset + 13:]))
        if kind == b"VP8 ":
            out.append(("vp8-16383", data[:offset + 14] + b"\xff\x3f\xff\x3f"
                        + data[offset + 18:]))
        if kind == b"ANMF":
            out.append((f"anmf{offset}-frame-huge", data[:offset + 14] + b"\xff\xff\xff\xff\xff\xff"
                        + data[offset + 20:]))
        offset += 8 + size + (size & 1)
    return out


def ico_mutations(rng, data):
    out = []
    count = struct.unpack("<H", data[4:6])[0]
    out.append(("count-huge", data[:4] + struct.pack("<H", 0xFFFF) + data[6:]))
    out.append(("count-zero", data[:4] + struct.pack("<H", 0) + data[6:]))
    out.append(("type-cursor", data[:2] + struct.pack("<H", 2) + data[4:]))
    for index in range(count):
        entry = 6 + 16 * index
        for bad in (0, 0xFFFFFFFF, 0x7FFFFFFF):
            out.append((f"entry{index}-size-{bad:x}", data[:entry + 8] + struct.pack("<I", bad)
                        + data[entry + 12:]))
            out.append((f"entry{index}-offset-{bad:x}", data[:entry + 12]
                        + struct.pack("<I", bad) + data[entry + 16:]))
        out.append((f"entry{index}-bpp", data[:entry + 6] + struct.pack("<H", 0xFFFF)
                    + data[entry + 8:]))
    # An icon whose image is a PNG declaring a huge size.
    inner = flat_png_bomb(1, 1)
    ihdr = 8
    inner = png_fix_crc(inner[:ihdr + 8] + struct.pack(">II", 40000, 40000) + inner[ihdr + 16:],
                        ihdr)
    header = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32,
                                                        len(inner), 22)
    out.append(("png-inside-40000", header + inner))
    return out


def svg_mutations(rng, data):
    text = data.decode()
    out = []
    depth = 20000
    out.append(("nested-g", ('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48">'
                             + "<g>" * depth + '<rect width="9" height="9"/>' + "</g>" * depth
                             + "</svg>").encode()))
    laughs = ['<!ENTITY lol0 "lololololol">']
    for level in range(1, 10):
        laughs.append(f'<!ENTITY lol{level} "' + f"&lol{level - 1};" * 10 + '">')
    out.append(("billion-laughs", ('<?xml version="1.0"?>\n<!DOCTYPE svg [' + "".join(laughs)
                                   + ']>\n<svg xmlns="http://www.w3.org/2000/svg" width="64" '
                                   'height="48"><text y="20">&lol9;</text></svg>').encode()))
    out.append(("xxe-passwd", (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><text y="20">&x;'
        '</text></svg>').encode()))
    out.append(("xxe-zero", (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///dev/zero">]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><text y="20">&x;'
        '</text></svg>').encode()))
    out.append(("image-dev-zero", (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="64" height="48"><image width="64" height="48" xlink:href="file:///dev/zero"/>'
        '<image width="9" height="9" xlink:href="/dev/urandom"/></svg>').encode()))
    out.append(("use-recursive", (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="64" height="48"><g id="a"><use xlink:href="#b"/></g>'
        '<g id="b"><use xlink:href="#a"/></g></svg>').encode()))
    uses = "".join(f'<g id="u{n}"><use xlink:href="#u{n - 1}"/><use xlink:href="#u{n - 1}"/></g>'
                   for n in range(1, 30))
    out.append(("use-exponential", (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="64" height="48"><defs><rect id="u0" width="1" height="1"/>' + uses
        + '</defs><use xlink:href="#u29"/></svg>').encode()))
    out.append(("pattern-self", (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><defs>'
        '<pattern id="p" width="1" height="1" patternUnits="userSpaceOnUse">'
        '<rect width="9" height="9" fill="url(#p)"/></pattern></defs>'
        '<rect width="64" height="48" fill="url(#p)"/></svg>').encode()))
    out.append(("blur-huge", (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><filter id="f">'
        '<feGaussianBlur stdDeviation="100000"/></filter>'
        '<rect width="64" height="48" filter="url(#f)"/></svg>').encode()))
    for width, height in (("1e9", "1e9"), ("100000", "100000"), ("-5", "10"), ("0", "0"),
                          ("nan", "inf"), ("30000", "30000")):
        out.append((f"size-{width}x{height}", text.replace('width="64" height="48"',
                    f'width="{width}" height="{height}"').encode()))
    out.append(("viewbox-zero", text.replace('viewBox="0 0 64 48"', 'viewBox="0 0 0 0"')
                .encode()))
    out.append(("unclosed", text.replace("</svg>", "").encode()))
    out.append(("not-utf8", data.replace(b"fuzz", b"\xff\xfe\xc3(")))
    out.append(("svgz-bomb", __import__("gzip").compress(
        b'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><!--'
        + b"A" * (64 << 20) + b"--></svg>", 9)))
    return out


def heic_mutations(rng, data):
    """The first HEVC NAL unit's 4-byte length (it opens the mdat box's payload, where
    libheif writes the picture) made larger than the data, zero, or one short; the
    bitstream's bytes after it flipped."""
    out = []
    at = data.find(b"mdat")
    if at < 0 or at + 8 > len(data):
        return out
    start = at + 4
    (length,) = struct.unpack(">I", data[start:start + 4])
    for label, value in (("nal-huge", 0xFFFFFFFF), ("nal-over", length + 1000),
                         ("nal-zero", 0), ("nal-short", max(0, length - 1))):
        out.append((label, data[:start] + struct.pack(">I", value) + data[start + 4:]))
    body = start + 4
    for index in range(4):
        changed = bytearray(data)
        for _ in range(rng.choice([1, 4, 32])):
            position = rng.randrange(body, len(data))
            changed[position] = rng.randrange(256)
        out.append((f"hevc-bytes{index}", bytes(changed)))
    return out


SPECIFIC = {"png": png_mutations, "jpg": jpeg_mutations, "gif": gif_mutations,
            "bmp": bmp_mutations, "tif": tiff_mutations, "tiff": tiff_mutations,
            "webp": riff_mutations, "ico": ico_mutations, "svg": svg_mutations,
            "heic": heic_mutations}


# ---------------------------------------------------------------- hostile names and special files


def hostile_names(out: Path, jpeg: bytes, png: bytes):
    names = [
        b"new\nline.jpg", b"tab\there.png", b"invalid-\xff\xfe-utf8.jpg", b"latin1-\xe9t\xe9.png",
        b"-rf.jpg", b"--help.png", b"-.png", b"a" * 251 + b".jpg", b"\xc3" * 251 + b".png",
        b"percent%2F%00%zz.jpg", b"quote'\"`$(true).png", b"bidi-\xe2\x80\xaegpj.png",
        b"ctrl-\x01\x1b[31m.jpg", b"UPPER.JPG", b"space .png ", b"dots...png", b"no-extension",
        b"double.png.jpg", b"\xef\xbb\xbfbom.png", b"combining-e\xcc\x81.png", b"emoji-\xf0\x9f\x93\xb7.jpg",
        b"0000000000000000000000000000000000000000001.jpg", b"99999999999999999999999999.png",
        b".hidden.jpg", b"trailing-dot.jpg.", b"empty-ext.",
    ]
    for index, name in enumerate(names):
        data = jpeg if b"jpg" in name.lower() else png
        with open(os.path.join(os.fsencode(out), name), "wb") as file:
            file.write(data)
    return len(names)


def special_files(out: Path):
    made = 0
    os.mkfifo(out / "fifo.png")
    made += 1
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(out / "socket.jpg"))
    listener.close()  # the socket file stays
    made += 1
    for name, target in (("zero.png", "/dev/zero"), ("urandom.jpg", "/dev/urandom"),
                         ("null.gif", "/dev/null"), ("dangling.png", "does-not-exist.png"),
                         ("loop.jpg", "loop.jpg"), ("to-folder.png", "folder.jpg"),
                         ("proc.svg", "/proc/self/mem")):
        os.symlink(target, out / name)
        made += 1
    (out / "folder.jpg").mkdir()
    (out / "empty.png").write_bytes(b"")
    (out / "text.jpg").write_text("this is not an image\n")
    (out / "unreadable.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    os.chmod(out / "unreadable.png", 0)
    return made + 4


# ---------------------------------------------------------------- main


def generate(out: Path, seed: int):
    rng = random.Random(seed)
    if out.exists():
        for child in out.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    out.mkdir(parents=True, exist_ok=True)
    files = {}

    def add(name, data):
        assert name not in files, name
        files[name] = data

    all_seeds = seeds()
    for name, ext, data in all_seeds:
        stem = f"{ext}-{name}"
        add(f"{stem}-seed.{ext}", data)
        for index in range(6):
            add(f"{stem}-flip{index}.{ext}", flip_bytes(rng, data, rng.choice([1, 2, 4, 16])))
        for index in range(4):
            add(f"{stem}-bits{index}.{ext}", flip_bits(rng, data, rng.choice([1, 3, 8])))
        for index in range(3):
            add(f"{stem}-splice{index}.{ext}", splice(rng, data))
        for fraction in (0.05, 0.3, 0.6, 0.95):
            add(f"{stem}-cut{int(fraction * 100)}.{ext}", data[:max(1, int(len(data) * fraction))])
        if ext != "svg" or name == "vector":
            for label, mutated in SPECIFIC[ext](rng, data):
                add(f"{stem}-{label}.{ext}", mutated)
        # The same bytes under another format's name: the content decides.
        other = rng.choice([e for _, e, _ in all_seeds if e != ext])
        add(f"{stem}-named-as.{other}", data)

    # 49 megapixels: just under the decode budget, so it is decoded whole (RSS);
    # 30,000 × 30,000 declared with only its first rows present is refused unread.
    add("bomb-png-7000.png", flat_png_bomb(7000, 7000))
    add("bomb-png-30000-cut.png", flat_png_bomb(30000, 30000, rows=64))
    add("bomb-png-12000x1.png", flat_png_bomb(12000, 1))
    # Also planted in the thumbnail cache by the driver, stamped for itself: 16,000² in
    # under 1 MB (the cache's entry size limit), 768 MB of pixels.
    add("cache-bomb-16000.png", flat_png_bomb(16000, 16000, level=9))
    add("bomb-gif-screen-60000.gif", huge_screen_gif())
    add("bomb-gif-5000-frames.gif", many_frames_gif(5000))
    # 49 megapixels a frame, within the budget: played at 1:1, each frame is 196 MB.
    add("bomb-gif-animated-7000.gif", animated_screen_gif(7000, 7000, 3))
    jpeg = dict(((n, e), d) for n, e, d in all_seeds)[("plain", "jpg")]
    png = dict(((n, e), d) for n, e, d in all_seeds)[("rgba", "png")]
    for name, data in sorted(files.items()):
        (out / name).write_bytes(data)
    count = len(files)
    count += hostile_names(out, jpeg, png)
    count += special_files(out)
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    options = parser.parse_args()
    count = generate(options.out, options.seed)
    print(f"{count} files in {options.out} (seed {options.seed})")


if __name__ == "__main__":
    main()
