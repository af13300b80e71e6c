"""Peak memory of the image browser on decompression bombs: small files, huge pictures.

    Benchmarks/app/bombs.sh [--binary=PATH] [--settle=SECONDS]

Makes (once, under /var/tmp/image-browser-bench/bombs/) a folder of files that are
small on disk but declare huge pictures: flat PNGs streamed through zlib (30,000 ×
30,000 is 0.9 gigapixel in under 1 MB), flat JPEGs (Pillow, grey), GIFs whose logical
screen is huge around a 1 × 1 frame, SVGs declaring a huge size, a small progressive
JPEG claiming 15,000 × 15,000 and an animated GIF of 7,000 × 7,000. Launches the app on
the folder in a fresh Xvfb and session bus (as bench_app.py does), then for each file:
resets the peak RSS (`echo 5 > /proc/PID/clear_refs`), waits for the fitted view to
settle, presses 1 (zoom 1:1), waits again, reads `VmHWM` (the peak since the reset)
from /proc/PID/status, and presses Page Down for the next file (Right pans a zoomed image). Prints a Markdown table
of the peak per file, the peak over the whole run and the load average.
"""

import argparse
import struct
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from apps import contenders  # noqa: E402
from probe import Screen  # noqa: E402
from xsession import AppLaunch, XServer  # noqa: E402

DATA = Path("/var/tmp/image-browser-bench/bombs")


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def flat_png(path: Path, width: int, height: int, rgb=(250, 250, 250), alpha=False):
    """A PNG of one colour, streamed row by row so no picture is ever in memory."""
    channels = 4 if alpha else 3
    pixel = bytes(rgb) + (b"\xff" if alpha else b"")
    row = b"\x00" + pixel * width
    compressor = zlib.compressobj(9)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(png_chunk(b"IHDR", struct.pack(
            ">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)))
        pending = b""
        for _ in range(height):
            pending += compressor.compress(row)
            if len(pending) > 1 << 20:
                out.write(png_chunk(b"IDAT", pending))
                pending = b""
        pending += compressor.flush()
        out.write(png_chunk(b"IDAT", pending))
        out.write(png_chunk(b"IEND", b""))
    del channels


def flat_jpeg(path: Path, width: int, height: int, grey=200):
    """A grey JPEG of one colour (Pillow holds width × height bytes while saving)."""
    from PIL import Image
    Image.new("L", (width, height), grey).save(path, quality=90)


def huge_screen_gif(path: Path, width: int, height: int):
    """A GIF whose logical screen is width × height around one 1 × 1 frame."""
    data = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0)
    data += b"\xc8\x50\x50" + b"\x00\x00\x00"  # a two-colour global table
    data += b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0)
    data += b"\x02\x02\x44\x01\x00"  # LZW min code size 2; codes clear, 0, end
    data += b"\x3b"
    path.write_bytes(data)


def progressive_header_jpeg(path: Path, width: int, height: int):
    """A small progressive JPEG whose frame header claims width × height: a progressive
    decoder keeps coefficients for the whole picture, whatever size it outputs."""
    import io
    import struct as packing
    from PIL import Image
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), (90, 140, 200)).save(buffer, "JPEG", progressive=True)
    data = bytearray(buffer.getvalue())
    sof = data.index(b"\xff\xc2")
    data[sof + 5:sof + 9] = packing.pack(">HH", height, width)
    path.write_bytes(bytes(data))


def animated_screen_gif(path: Path, width: int, height: int, frames: int):
    """An animation of 1 × 1 frames on a width × height screen (each composited frame
    is a whole screen of pixels)."""
    frame = (b"\x21\xf9\x04\x00\x0a\x00\x00\x00" + b"\x2c"
             + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x44\x01\x00")
    loop = b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    path.write_bytes(b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0)
                     + b"\xc8\x50\x50\x00\x00\x00" + loop + frame * frames + b"\x3b")


def huge_svg(path: Path, width: int, height: int):
    path.write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
        f'<rect width="100%" height="100%" fill="#8ab"/>'
        f'<circle cx="50%" cy="50%" r="40%" fill="#d84"/></svg>\n')


FILES = [
    ("01-png-30000.png", lambda p: flat_png(p, 30000, 30000)),
    ("02-png-14000.png", lambda p: flat_png(p, 14000, 14000)),
    ("03-png-alpha-9000.png", lambda p: flat_png(p, 9000, 9000, alpha=True)),
    ("04-png-7000.png", lambda p: flat_png(p, 7000, 7000)),
    ("05-jpeg-30000.jpg", lambda p: flat_jpeg(p, 30000, 30000)),
    ("06-jpeg-20000.jpg", lambda p: flat_jpeg(p, 20000, 20000)),
    ("07-jpeg-14000.jpg", lambda p: flat_jpeg(p, 14000, 14000)),
    ("08-jpeg-9000.jpg", lambda p: flat_jpeg(p, 9000, 9000)),
    ("09-gif-screen-60000.gif", lambda p: huge_screen_gif(p, 60000, 60000)),
    ("10-gif-screen-14000.gif", lambda p: huge_screen_gif(p, 14000, 14000)),
    ("11-svg-30000.svg", lambda p: huge_svg(p, 30000, 30000)),
    ("12-svg-14000.svg", lambda p: huge_svg(p, 14000, 14000)),
    ("13-jpeg-progressive-15000.jpg", lambda p: progressive_header_jpeg(p, 15000, 15000)),
    ("14-gif-animated-7000.gif", lambda p: animated_screen_gif(p, 7000, 7000, 3)),
]


def make_files():
    DATA.mkdir(parents=True, exist_ok=True)
    for name, make in FILES:
        path = DATA / name
        if not path.exists():
            started = time.monotonic()
            partial = path.with_suffix(".part" + path.suffix)
            make(partial)
            partial.rename(path)
            print(f"made {name} in {time.monotonic() - started:.1f} s", file=sys.stderr)
    return [DATA / name for name, _ in FILES]


def status(pid, field):
    """A `VmXXX:` field of /proc/PID/status in KiB, or None."""
    try:
        with open(f"/proc/{pid}/status") as text:
            for line in text:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def reset_peak(pid):
    with open(f"/proc/{pid}/clear_refs", "w") as refs:
        refs.write("5")


def run(binary, files, settle, log):
    ours = contenders(str(Path(binary).resolve()))[0]
    rows = []
    with XServer() as server, tempfile.TemporaryDirectory() as cache:
        with AppLaunch(ours.command(files[0]), server.display, Path(cache), log) as launch:
            screen = Screen(server.display)
            deadline = time.monotonic() + 20
            window = None
            while window is None and time.monotonic() < deadline:
                window = screen.main_window()
                time.sleep(0.05)
            if window is None:
                raise RuntimeError("no window")
            pid = None
            while pid is None and time.monotonic() < deadline:
                pid = launch.app_pid(ours.executable)
                time.sleep(0.05)
            screen.focus(window)
            time.sleep(settle)
            first = status(pid, "VmHWM")
            one, right = screen.keycode("1"), screen.keycode("Page_Down")
            for index, path in enumerate(files):
                if index > 0:
                    reset_peak(pid)
                    screen.tap(right)
                    time.sleep(settle)
                fitted = status(pid, "VmHWM")
                screen.tap(one)
                time.sleep(settle)
                peak = status(pid, "VmHWM")
                rss = status(pid, "VmRSS")
                title = screen.title(window)
                if index == 0:
                    fitted = first
                rows.append((path.name, fitted, peak, rss, title))
                if peak is None:
                    rows[-1] = (path.name, None, None, None, "the app died")
                    break
            screen.close()
    return rows


def mib(kib):
    return "—" if kib is None else f"{kib / 1024:.0f} MiB"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/image-browser")
    parser.add_argument("--settle", type=float, default=4)
    options = parser.parse_args()
    files = make_files()
    load_start = open("/proc/loadavg").read().split()[:3]
    rows = run(options.binary, files, options.settle, DATA.parent / "bombs-app.log")
    load_end = open("/proc/loadavg").read().split()[:3]
    on_disk = sum(path.stat().st_size for path in files)
    print(f"{len(files)} files, {on_disk / 2**20:.1f} MiB on disk; settle {options.settle} s")
    print(f"load average: {' '.join(load_start)} at the start, {' '.join(load_end)} at the end")
    print("| file | peak RSS, fitted | peak RSS, fitted then 1:1 | RSS after 1:1 | title |")
    print("|---|---:|---:|---:|---|")
    for name, fitted, peak, rss, title in rows:
        print(f"| {name} | {mib(fitted)} | {mib(peak)} | {mib(rss)} | {title} |")
    peaks = [peak for _, _, peak, _, _ in rows if peak is not None]
    if peaks:
        print(f"\nhighest peak: {mib(max(peaks))}")


if __name__ == "__main__":
    main()
