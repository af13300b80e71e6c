#!/usr/bin/python3
"""Decoder helpers against in-process decoding: hanging decoder, first image, held paging.

    Benchmarks/app/decoders.sh [--runs N] [--binary PATH] [--count N] [--modes helpers,in-process]

For each mode (`helpers`: the app as shipped, decoding in `image-browser-decoder`
processes; `in-process`: the same binary with IMAGE_BROWSER_DECODER=in-process), in
alternation, each run in a fresh Xvfb, session bus and empty thumbnail cache:

1. **Paging past a hanging decoder**: a folder of JPEGs with a slow SVG as the fourth
   file (blur and dilate filters: seconds in librsvg even at the viewer's size). After
   the first image settles, Right four times, PAUSE apart: to the third photo (whose
   neighbour preload starts on the SVG), onto the SVG, past it. The figure is the time
   from the last press to the viewer showing the fifth file for good (target: 100 ms):
   the first of the samples, taken for WATCH seconds, that show what the viewer shows
   at the end. In-process, the viewer's one decode queue waits for librsvg. In-process, the viewer's one decode queue waits for librsvg.
2. **First image and held paging** (measure.py, as bench_app.py does): the launch on a
   folder of COUNT camera-size JPEGs (6000 x 4000, 24 MP) to the first image painted,
   then 100 presses of Right at 20 per second and the time from the last press to the
   final image on screen.

Prints a Markdown table of medians with the load average; the JSON of every run goes
to /tmp/image-browser-decoders-<time>.json.
"""

import argparse
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True

import measure  # noqa: E402
import photos  # noqa: E402
import probe  # noqa: E402
from apps import contenders  # noqa: E402
from probe import Screen  # noqa: E402
from xsession import AppLaunch, XServer  # noqa: E402

REPO = HERE.parent.parent
DATA = Path("/var/tmp/image-browser-bench")
CAMERA = (6000, 4000)
RECIPE = "camera-v1 6000x4000 q85"
WATCH = 30.0  # seconds watched after paging past the slow SVG
PAUSE = 0.2  # seconds between the key presses of the hang run


def camera_folder(count: int) -> Path:
    """COUNT distinct 24 MP JPEGs (photos.py's pictures, enlarged), made once."""
    from PIL import ImageDraw

    folder = DATA / f"camera-{count}"
    marker = folder / ".complete"
    if marker.is_file() and marker.read_text() == RECIPE:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    photos._init_worker()
    started = time.monotonic()
    bases = [base.resize(CAMERA) for base in photos._bases[:4]]
    for index in range(count):
        picture = bases[index % len(bases)].copy()
        draw = ImageDraw.Draw(picture)
        draw.rectangle((1400, 900, 4600, 3100), fill=photos._panel_colour(index))
        draw.text((3000, 2000), f"{index + 1:05d}", font=photos._font, anchor="mm",
                  fill=(255, 255, 255))
        picture.save(folder / photos.photo_name(index), "JPEG", quality=85)
    marker.write_text(RECIPE)
    print(f"  made {folder} in {time.monotonic() - started:.0f} s", flush=True)
    return folder


def slow_svg(path: Path, filtered_rects: int = 8):
    """An SVG that librsvg takes seconds to render at any size (blur, dilate, blur)."""
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">',
        '<defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%">'
        '<feGaussianBlur stdDeviation="120"/><feMorphology operator="dilate" radius="40"/>'
        '<feGaussianBlur stdDeviation="80"/></filter></defs>',
    ]
    for index in range(filtered_rects):
        parts.append(f'<rect x="{index * 61}" y="{index * 37}" width="1800" height="1400" '
                     f'fill="#40{index * 80:02x}c0" filter="url(#b)" opacity="0.5"/>')
    parts.append("</svg>")
    path.write_text("\n".join(parts))


def hang_folder(pictures: Path, name: str) -> Path:
    """photo-00001.jpg … photo-00003.jpg, photo-00004.svg (slow), photo-00005.jpg and
    photo-00006.jpg, the JPEGs linked from `pictures`."""
    folder = DATA / name
    folder.mkdir(parents=True, exist_ok=True)
    for index in (0, 1, 2, 4, 5):
        link = folder / photos.photo_name(index)
        if not link.is_symlink():
            link.symlink_to(pictures / photos.photo_name(index))
    for old in folder.glob("*.svg"):
        old.unlink()
    slow_svg(folder / "photo-00004.svg")
    return folder


def environment(mode):
    os.environ["IMAGE_BROWSER_DECODER_TRACE"] = "1"  # every decode's time, in the logs
    if mode == "in-process":
        os.environ["IMAGE_BROWSER_DECODER"] = "in-process"
    else:
        os.environ.pop("IMAGE_BROWSER_DECODER", None)


def hang_run(app, folder, out):
    """Right onto the slow SVG, Right again; the time to the third image for good."""
    with XServer() as server, tempfile.TemporaryDirectory(dir=out) as cache:
        with AppLaunch(app.command(folder), server.display, Path(cache),
                       out / "hang.log") as launch:
            screen = Screen(server.display)
            try:
                clock = lambda: time.monotonic() - launch.started
                timeline = measure.Timeline()
                window = measure.sample_until_settled(
                    screen, app, timeline, clock, 60.0, "photo-00001.jpg")
                if window is None:
                    return {"error": "the first image did not settle"}
                screen.park_pointer()
                screen.focus(window)
                time.sleep(0.2)
                right = screen.keycode("Right")
                # To photo 2, then 3 (whose neighbour preload starts the SVG), then onto
                # the SVG, then past it: PAUSE apart, as a person paging on (and under
                # the viewer's 330 ms, so no slide animation is timed).
                for _ in range(3):
                    screen.tap(right)
                    time.sleep(PAUSE)
                pressed = screen.tap(right) - launch.started
                # Every sample for WATCH seconds: a loading message that stays up a while
                # must not count as the image, so the time is that of the first sample
                # of the final picture (the viewer as it is at the end).
                samples = []
                while clock() < pressed + WATCH:
                    frame = screen.frame(window)
                    if frame is None:
                        return {"error": "the window went away"}
                    samples.append((clock(), probe.digest(screen.grab(app.viewer_region(frame)))))
                    time.sleep(measure.SAMPLE_PERIOD)
                final = samples[-1][1]
                since = samples[-1][0]
                for when, digest in reversed(samples):
                    if digest != final:
                        break
                    since = when
                title = screen.title(window)
                return {
                    "shows_next": "photo-00005.jpg" in title,
                    "next_image_after": since - pressed,
                    "changes": sum(1 for i in range(1, len(samples))
                                   if samples[i][1] != samples[i - 1][1]),
                    "title": title,
                    "exit_status": launch.process.poll(),
                }
            finally:
                screen.close()


def paging_run(app, folder, count, out):
    with XServer() as server, tempfile.TemporaryDirectory(dir=out) as cache:
        with AppLaunch(app.command(folder), server.display, Path(cache),
                       out / "paging.log") as launch:
            screen = Screen(server.display)
            try:
                result = measure.run(launch, screen, app, count, photos.photo_name(0),
                                     photos.photo_name(measure.PAGES))
                result.update(helper_memory(launch.app_pid(app.executable)))
                return result
            finally:
                screen.close()


def helper_memory(pid):
    """How many decoder helpers the app has, and their RSS and PSS in MiB (PSS shares
    the pages of libraries the app maps too)."""
    helpers = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and "decoder" in os.readlink(f"/proc/{entry}/exe"):
                helpers.append(entry)
        except (OSError, ValueError, IndexError):
            pass
    rss = pss = 0
    for helper in helpers:
        try:
            with open(f"/proc/{helper}/smaps_rollup") as rollup:
                for line in rollup:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except OSError:
            pass
    return {"helpers": len(helpers), "helpers_rss_mb": rss / 1024, "helpers_pss_mb": pss / 1024}


def median(values):
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else None


def seconds(value):
    return "–" if value is None else f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "image-browser"))
    parser.add_argument("--modes", default="helpers,in-process")
    args = parser.parse_args()
    modes = args.modes.split(",")
    app = contenders(args.binary)[0]
    camera = camera_folder(max(args.count, measure.PAGES + 1))
    # The hang is timed twice: beside 2 MP photos (1600 x 1200, photos.py), where the
    # next image's own decode is short and the figure is mostly the hang's cost, and
    # beside the camera-size ones.
    hangs = {
        "2 MP": hang_folder(photos.photo_folder(DATA, 1000), "decoder-hang-v2-2mp"),
        "24 MP": hang_folder(camera, "decoder-hang-v2"),
    }
    out = Path(tempfile.mkdtemp(prefix="image-browser-decoders-"))
    loads = [os.getloadavg()[0]]
    results = {mode: {"paging": [], **{f"hang {size}": [] for size in hangs}} for mode in modes}
    for run in range(args.runs):
        for mode in modes:
            environment(mode)
            hang_times = []
            for size, folder in hangs.items():
                hang_result = hang_run(app, folder, out)
                results[mode][f"hang {size}"].append(hang_result)
                hang_times.append(f"{size} {seconds(hang_result.get('next_image_after'))}")
            paging = paging_run(app, camera, args.count, out)
            results[mode]["paging"].append(paging)
            loads.append(os.getloadavg()[0])
            print(f"run {run + 1} {mode}: next image after the hang "
                  f"{', '.join(hang_times)}, first image "
                  f"{seconds(paging.get('first_image'))}, after paging "
                  f"{seconds(paging.get('paged_image_after'))}, load {loads[-1]:.1f}",
                  flush=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    raw = Path(f"/tmp/image-browser-decoders-{stamp}.json")
    raw.write_text(json.dumps({"results": results, "loads": loads}, indent=1))
    print(f"\n{args.runs} runs each, {args.count} JPEGs of {CAMERA[0]} x {CAMERA[1]}, "
          f"load average {min(loads):.1f}–{max(loads):.1f} (raw: {raw})\n")
    print("| measure | " + " | ".join(modes) + " |")
    print("|---|" + "---|" * len(modes))
    rows = [
        (f"paging past a hanging decoder: next image ({size} JPEG)", f"hang {size}",
         "next_image_after") for size in hangs
    ] + [
        ("first image painted (cold)", "paging", "first_image"),
        ("final image after the last of 100 keys at 20/s", "paging", "paged_image_after"),
    ]
    for title, kind, key in rows:
        cells = [seconds(median(r.get(key) for r in results[mode][kind])) for mode in modes]
        print(f"| {title} | " + " | ".join(cells) + " |")
    current = [
        f"{sum(1 for r in results[mode]['paging'] if r.get('current_at_100ms'))}/{args.runs}"
        for mode in modes
    ]
    print("| current image 100 ms after the last key | " + " | ".join(current) + " |")
    def mib(mode, key):
        value = median(r.get(key) for r in results[mode]["paging"])
        return "–" if value is None else f"{value:.0f} MiB"

    print("| app RSS after paging | " + " | ".join(mib(m, "rss_paged_mb") for m in modes) + " |")
    print("| helpers' RSS / PSS after paging | " + " | ".join(
        f"{mib(m, 'helpers_rss_mb')} / {mib(m, 'helpers_pss_mb')}" for m in modes) + " |")


if __name__ == "__main__":
    main()
