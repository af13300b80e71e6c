"""Animation playback: frame rate and memory of a 200-frame GIF and WebP in the image browser.

    Benchmarks/app/animation.sh [--binary=PATH] [--seconds=N]

Makes (once, under /var/tmp/image-browser-bench/animation/) a GIF of 200 frames of
480 x 360 at 4/100 s each (25 frames per second, looping) with ImageMagick, the same
frames as an animated WebP (lossy, quality 80, 40 ms each, with Pillow), and a PNG of
its first frame. Launches the app on each in a fresh Xvfb (as bench_app.py does),
lets it settle, then samples the viewer region every few milliseconds for N seconds
(default 8) and counts how often it changes: the frame rate painted. VmRSS of the app
is read from /proc/PID/status at the end of each run; an animation's minus the PNG's
is the memory the animation adds.
"""

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from apps import contenders  # noqa: E402
from probe import Screen, digest  # noqa: E402
from xsession import AppLaunch, XServer, rss_kib  # noqa: E402

DATA = Path("/var/tmp/image-browser-bench/animation")
FRAMES = 200
DELAY_CS = 4  # 25 frames per second
SIZE = (480, 360)


def make_webp(gif):
    """The GIF's frames as an animated WebP (Debian's Pillow writes it with libwebpmux)."""
    webp = DATA / "webp" / "anim-200.webp"
    if webp.exists():
        return webp
    from PIL import Image, ImageSequence
    webp.parent.mkdir(parents=True, exist_ok=True)
    with Image.open(gif) as source:
        frames = [frame.convert("RGB") for frame in ImageSequence.Iterator(source)]
    frames[0].save(webp, save_all=True, append_images=frames[1:], duration=DELAY_CS * 10,
                   loop=0, quality=80, method=4)
    return webp


def make_files():
    """The GIF and its first frame as a PNG, each alone in a folder."""
    gif = DATA / "gif" / "anim-200.gif"
    still = DATA / "still" / "frame-0.png"
    if gif.exists() and still.exists():
        return gif, still
    gif.parent.mkdir(parents=True, exist_ok=True)
    still.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        base = Path(work) / "base.png"
        subprocess.run(["convert", "-seed", "7", "-size", f"{SIZE[0]}x{SIZE[1]}",
                        "plasma:fractal", str(base)], check=True)
        frames = []
        for index in range(FRAMES):
            frame = Path(work) / f"frame-{index:03}.gif"
            subprocess.run(["convert", str(base), "-roll", f"+{index * 7}+{index * 3}",
                            str(frame)], check=True)
            frames.append(str(frame))
        subprocess.run(["convert", "-delay", str(DELAY_CS), "-loop", "0", *frames,
                        str(gif)], check=True)
        subprocess.run(["convert", frames[0], str(still)], check=True)
    return gif, still


def measure(app, path, seconds, log):
    """(frames painted per second, VmRSS in KiB at the end) for `app` showing `path`."""
    with XServer() as server, tempfile.TemporaryDirectory() as cache:
        with AppLaunch(app.command(path), server.display, Path(cache), log) as launch:
            time.sleep(1)
            screen = Screen(server.display)
            deadline = time.monotonic() + 20
            window = None
            while window is None and time.monotonic() < deadline:
                window = screen.main_window()
                time.sleep(0.05)
            if window is None:
                raise RuntimeError(f"no window for {path}")
            time.sleep(3)  # decoded and painted
            region = app.viewer_region(screen.frame(window))
            changes = 0
            last = digest(screen.grab(region))
            start = time.monotonic()
            while time.monotonic() - start < seconds:
                current = digest(screen.grab(region))
                if current != last:
                    changes += 1
                    last = current
                time.sleep(0.004)
            elapsed = time.monotonic() - start
            pid = launch.app_pid(app.executable)
            rss = rss_kib(pid) if pid else None
            screen.close()
            return changes / elapsed, rss


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/image-browser")
    parser.add_argument("--seconds", type=float, default=8)
    options = parser.parse_args()
    gif, still = make_files()
    webp = make_webp(gif)
    ours = contenders(str(Path(options.binary).resolve()))[0]
    log = DATA / "app.log"
    start_load = open("/proc/loadavg").read().split()[:3]
    still_fps, still_rss = measure(ours, still, options.seconds, log)
    gif_fps, gif_rss = measure(ours, gif, options.seconds, log)
    webp_fps, webp_rss = measure(ours, webp, options.seconds, log)
    load = open("/proc/loadavg").read().split()[:3]
    print(f"GIF: {gif} ({gif.stat().st_size / 2**20:.1f} MiB, {FRAMES} frames of "
          f"{SIZE[0]} x {SIZE[1]}, {100 / DELAY_CS:.0f} fps)")
    print(f"WebP: {webp} ({webp.stat().st_size / 2**20:.1f} MiB, the same frames)")
    print(f"load average: {' '.join(start_load)} at the start, {' '.join(load)} at the end")
    print("| measure | first frame as PNG | animated GIF | animated WebP |")
    print("|---|---:|---:|---:|")
    print(f"| viewer changes per second | {still_fps:.1f} | {gif_fps:.1f} | {webp_fps:.1f} |")
    if still_rss and gif_rss and webp_rss:
        print(f"| RSS | {still_rss / 1024:.0f} MiB | {gif_rss / 1024:.0f} MiB "
              f"| {webp_rss / 1024:.0f} MiB |")
        print(f"| RSS added by the animation | | {(gif_rss - still_rss) / 1024:.0f} MiB "
              f"| {(webp_rss - still_rss) / 1024:.0f} MiB |")


if __name__ == "__main__":
    main()
