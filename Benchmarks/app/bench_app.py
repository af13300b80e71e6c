#!/usr/bin/python3
"""App benchmark: our image browser beside Eye of GNOME, measured from the outside.

Usage (from the repository root; `make bench-app` builds first and runs this):
  Benchmarks/app/bench_app.py [--quick] [--runs N] [--binary PATH] [--apps ours,eog]
                              [--baseline PATH] [--counts 1000,10000] [--no-listing]
                              [--formats jpeg,heic,avif] [--update-docs]

Per repetition, for each photo folder and each app: a cold launch (new, empty
$XDG_CACHE_HOME) and a warm one (the same cache again); then each app on the
100,000-file folder; with --formats, each app on the same FORMAT_COUNT photos coded
as JPEG, HEIC and AVIF (first image and thumbnails only, no paging). Each launch has its own Xvfb and session bus (see xsession.py)
and is measured by measure.py. Prints a Markdown table of medians and writes every
run's raw figures as JSON; screenshots with the measured regions outlined go beside it.
"""

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # no __pycache__ in the repository

import apps as contenders  # noqa: E402
import measure  # noqa: E402
import photos  # noqa: E402
import probe  # noqa: E402
import report  # noqa: E402
import xsession  # noqa: E402

REPO = HERE.parent.parent
DATA = Path("/var/tmp/image-browser-bench")
LISTING = 100_000
SCROLL_PRESSES = 300  # the mid-scroll screenshot: paging this far, 40 presses a second
ATTEMPTS = 3
FORMAT_COUNT = 24  # photos per format folder: more than the strip shows at once
DOCS_SCREENSHOT = REPO / "Docs" / "screenshots" / "strip-10000.png"


def launch(app, folder, count, cache, out, label, kind, shots=False, fresh_cache=False,
           fmt=None):
    """One measured launch, tried again (up to ATTEMPTS times) when the app died before
    the measurement ended it: on a shared machine another session's clean-up may kill
    it. Returns the result dict, with the failed attempts' exit statuses."""
    died = []
    for _ in range(ATTEMPTS):
        if fresh_cache:
            shutil.rmtree(cache, ignore_errors=True)
            cache.mkdir()
        result = launch_once(app, folder, count, cache, out, label, kind, shots, fmt)
        if result.get("exit_status") is None:
            break
        died.append(result["exit_status"])
        print(f"  {label}: the app ended early (status {result['exit_status']}); again",
              flush=True)
    result["died_attempts"] = died
    return result


def launch_once(app, folder, count, cache, out, label, kind, shots=False, fmt=None):
    """One measured launch; returns its result dict (with `cache` and `kind` added)."""
    log = out / "logs" / f"{label}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with xsession.XServer() as server:
        screen = probe.Screen(server.display)
        screen.park_pointer()

        def screenshot(screen, phase):
            window = screen.main_window()
            frame = window and screen.frame(window)
            if frame:
                regions = [app.viewer_region(frame), app.strip_region(frame)]
                screen.screenshot(out / "screenshots" / f"{label}-{phase}.png", regions)

        (out / "screenshots").mkdir(exist_ok=True)
        with xsession.AppLaunch(app.command(folder), server.display, cache, log) as launch:
            if kind == "listing":
                result = measure.run(launch, screen, app, count, photos.photo_name(0), None,
                                     page=False, timeout=90, listing_count=count,
                                     screenshot=screenshot if shots else None)
            elif kind == "format":
                result = measure.run(launch, screen, app, count, photos.format_name(0, fmt),
                                     None, page=False,
                                     screenshot=screenshot if shots else None)
            else:
                result = measure.run(launch, screen, app, count, photos.photo_name(0),
                                     photos.photo_name(measure.PAGES), page=app.pages,
                                     screenshot=screenshot if shots else None)
        screen.close()
    result.update(cache=label.rsplit("-", 1)[-1] if kind != "listing" else "cold", kind=kind,
                  label=label, format=fmt)
    return result


def scroll_screenshot(app, folder, cache, out, docs_path=None):
    """Pages SCROLL_PRESSES images fast through `folder` and saves the screen while the
    strip is moving (75 % of the way) and 100 ms after the last key."""
    with xsession.XServer() as server:
        screen = probe.Screen(server.display)
        screen.park_pointer()
        log = out / "logs" / f"scroll-{app.name}.log"
        with xsession.AppLaunch(app.command(folder), server.display, cache, log) as launch:
            clock = lambda: time.monotonic() - launch.started
            timeline = measure.Timeline()
            window = measure.sample_until_settled(screen, app, timeline, clock, 60,
                                                   photos.photo_name(0))
            if window is None:
                return None
            screen.focus(window)
            time.sleep(0.2)
            right = screen.keycode("Right")
            paths = []
            for index in range(SCROLL_PRESSES):
                screen.tap(right, hold=0.01)
                time.sleep(0.015)
                if index in (SCROLL_PRESSES * 3 // 4, SCROLL_PRESSES - 1):
                    frame = screen.frame(window)
                    if index == SCROLL_PRESSES - 1:
                        time.sleep(0.1)
                    phase = "moving" if index < SCROLL_PRESSES - 1 else "last-key+100ms"
                    path = out / "screenshots" / f"scroll-{app.name}-{phase}.png"
                    regions = [app.viewer_region(frame), app.strip_region(frame)]
                    screen.screenshot(path, regions)
                    if docs_path and phase == "moving":
                        screen.screenshot(docs_path)
                    paths.append(str(path))
        screen.close()
    return paths


def git_commit(binary):
    try:
        return subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one run of each (a smoke test)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "image-browser"))
    parser.add_argument("--apps", default="ours,eog",
                        help="ours, eog and floor (a bare GTK window painting the photo)")
    parser.add_argument("--floor", default=str(REPO / ".build" / "bench" / contenders.FLOOR),
                        help="the floor contender's binary (run.sh builds it)")
    parser.add_argument("--baseline", help="another build of the app, measured beside")
    parser.add_argument("--counts", default="1000,10000",
                        help="photo folders to run (empty: none)")
    parser.add_argument("--formats", default="",
                        help=f"also compare first images of {FORMAT_COUNT} photos coded as "
                             f"these formats, e.g. jpeg,heic,avif")
    parser.add_argument("--no-listing", action="store_true")
    parser.add_argument("--no-screenshots", action="store_true")
    parser.add_argument("--update-docs", action="store_true",
                        help=f"save our mid-scroll screenshot as {DOCS_SCREENSHOT}")
    parser.add_argument("--data", default=str(DATA), help="where the test folders are cached")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    counts = [int(c) for c in args.counts.split(",") if c]
    formats = [f for f in args.formats.split(",") if f]
    unknown = set(formats) - set(photos.FORMATS)
    if unknown:
        parser.error(f"unknown format(s) {', '.join(sorted(unknown))}; "
                     f"known: {', '.join(photos.FORMATS)}")
    chosen = {app.name: app for app in contenders.contenders(args.binary, args.floor)}
    unknown = [name for name in args.apps.split(",") if name not in chosen]
    if unknown:
        parser.error(f"unknown app(s) {', '.join(unknown)}; known: {', '.join(chosen)}")
    if "floor" in args.apps.split(",") and not os.access(args.floor, os.X_OK):
        parser.error(f"no floor binary at {args.floor} (Benchmarks/app/run.sh builds it)")
    apps = [chosen[name] for name in args.apps.split(",")]
    if args.baseline:
        # Another build of our app (e.g. before a change), interleaved as one more contender.
        baseline = contenders.contenders(args.baseline)[0]
        baseline.name = "baseline"
        apps.append(baseline)

    data = Path(args.data)
    print(f"Test folders in {data} (made once):", flush=True)
    folders = {count: photos.photo_folder(data, count) for count in counts}
    listing = None if args.no_listing else photos.listing_folder(data, LISTING)
    coded = {fmt: photos.format_folder(data, fmt, FORMAT_COUNT) for fmt in formats}

    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = data / "results" / stamp
    out.mkdir(parents=True)
    scratch = Path(tempfile.mkdtemp(prefix="bench-app-cache-"))
    meta = {"date": stamp, "commit": git_commit(args.binary), "binary": args.binary,
            "nproc": os.cpu_count(), "load_start": os.getloadavg(), "runs": runs}
    results = []

    def record(result):
        results.append(result)
        figures = {k: (round(v, 3) if isinstance(v, float) else v) for k, v in result.items()
                   if k in ("map", "first_image", "thumbnails", "listed", "rss_10s_mb",
                            "rss_paged_mb", "current_at_100ms", "shows_paged", "error",
                            "died_attempts") and v not in (None, [])}
        print(f"  {result['label']}: {figures}", flush=True)

    try:
        for repetition in range(runs):
            print(f"Run {repetition + 1} of {runs}", flush=True)
            for count in counts:
                for app in apps:
                    cache = scratch / f"{app.name}-{count}"  # cold: new; warm: the same again
                    for state in ("cold", "warm"):
                        label = f"{app.name}-{count}-r{repetition + 1}-{state}"
                        record(launch(app, folders[count], count, cache, out, label, "photos",
                                      shots=repetition == 0, fresh_cache=state == "cold"))
                    shutil.rmtree(cache, ignore_errors=True)
            for fmt in formats:
                for app in apps:
                    cache = scratch / f"{app.name}-{fmt}"
                    for state in ("cold", "warm"):
                        label = f"{app.name}-{fmt}-r{repetition + 1}-{state}"
                        record(launch(app, coded[fmt], FORMAT_COUNT, cache, out, label,
                                      "format", shots=repetition == 0,
                                      fresh_cache=state == "cold", fmt=fmt))
                    shutil.rmtree(cache, ignore_errors=True)
            if listing:
                for app in apps:
                    cache = scratch / f"{app.name}-listing"
                    label = f"{app.name}-listing-r{repetition + 1}"
                    record(launch(app, listing, LISTING, cache, out, label, "listing",
                                  shots=repetition == 0, fresh_cache=True))
                    shutil.rmtree(cache, ignore_errors=True)
        if not args.no_screenshots and 10000 in folders:
            print("Mid-scroll screenshots (10,000 photos, cold cache):", flush=True)
            for app in (app for app in apps if app.pages):
                cache = scratch / f"{app.name}-scroll"
                cache.mkdir()
                docs = DOCS_SCREENSHOT if args.update_docs and app.name == "ours" else None
                print(f"  {app.name}: {scroll_screenshot(app, folders[10000], cache, out, docs)}",
                      flush=True)
                shutil.rmtree(cache, ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        meta["load_end"] = os.getloadavg()
        (out / "results.json").write_text(json.dumps({"meta": meta, "runs": results}, indent=1))

    print()
    print(f"commit {meta['commit']}, {stamp}, {runs} run(s) each, medians; load average "
          f"{meta['load_start'][0]:.2f} at the start, {meta['load_end'][0]:.2f} at the end")
    print()
    print(report.table(results, [app.name for app in apps], counts))
    if formats:
        print()
        print(report.format_table(results, [app.name for app in apps], formats,
                                  FORMAT_COUNT))
    print()
    print(f"Raw results: {out / 'results.json'}")
    print(f"Screenshots (regions outlined in red): {out / 'screenshots'}")


if __name__ == "__main__":
    main()
