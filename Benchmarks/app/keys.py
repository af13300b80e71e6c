#!/usr/bin/python3
"""Paging speed of the image browser beside Eye of GNOME, measured
from the outside by sampling the viewer region fast.

Usage (from the repository root; `make bench-keys` builds first and runs this):
  Benchmarks/app/keys.py [--runs N] [--apps ours,eog] [--scenarios held,jumps,load]
                         [--binary PATH] [--baseline PATH] [--data DIR]

Scenarios, each a fresh launch with a fresh (cold) thumbnail cache, the apps taking
turns within every run:
- held: 150 camera-size JPEGs (6000 x 4000, photos.camera_folder); Right pressed
  HELD_KEYS times at 20 per second (as a held key repeats). Figure: from the last press
  until the viewer shows its final picture (`sharp`; the decode at the view size, not a
  stand-in, since the final picture is what is left once everything settled).
- jumps: 10,000 photos (1600 x 1200); End, then Home, then a click on the strip cell at
  its right end (40 px in from the strip band's end: after Home, 9 cells along in
  ours, 4 in eog's gallery). Figure per jump: from the press (or click) until the
  final picture.
- load: the camera folder again, with two CPU-bound processes (`while 1: pass`)
  started beside the app once it has settled; Right pressed LOAD_KEYS times at 20 per
  second. Figures: from the last press until the image the title names is on screen
  (`named`, read from the colour of the photo's centre panel, photos.code_colour), and
  until the final picture (`sharp`); the largest staleness while paging: how long ago
  the image on screen stopped being the one the title names.

How "final picture" is decided: after the last input the sampler runs until the viewer
region has not changed for SETTLE s (and the app has answered a ping sent after that,
so its main loop is not merely stuck); the settled picture is the reference, and the
figure is the first sample from which every later sample equals it. A thumbnail
blown up as a stand-in differs from the reference, so it does not count as sharp.

Sampling: one connection to the private Xvfb reads the 200 x 150 viewer region with
GetImage and the window title, in a loop that also sends the key presses (XTEST) at
their times; `sample_period` in the JSON is the median time between samples, the
resolution of every figure (2-3 ms; at most one sample per SAMPLE_PERIOD, so the
sampler does not take a core from the app).
"""

import argparse
import datetime
import json
import os
import re
import shutil
import statistics
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
import xsession  # noqa: E402

REPO = HERE.parent.parent
DATA = Path("/var/tmp/image-browser-bench")
CAMERA_COUNT = 150
JUMP_COUNT = 10_000
HELD_KEYS = 40
LOAD_KEYS = 100
KEY_PERIOD = 0.05  # 20 presses per second
KEY_HOLD = 0.02
SAMPLE_PERIOD = 0.002
SETTLE = 2.0
GIVE_UP = 15.0
AFTER_TIMEOUT = 40.0
TARGETS = {"held": 0.150, "End": 0.100, "Home": 0.100, "click": 0.100, "load": 0.100}
NAME = re.compile(r"photo-(\d{5})")


class Sample:
    __slots__ = ("t", "digest", "shown", "title")

    def __init__(self, t, digest, shown, title):
        self.t, self.digest, self.shown, self.title = t, digest, shown, title


def named_index(title):
    """The 0-based index of the file the title names, or None."""
    match = NAME.search(title)
    return int(match.group(1)) - 1 if match else None


def shown_index(data, width, height):
    """The index encoded in the photo's centre panel at the region's centre (a flat 9 x 9
    patch), or None when the centre is not one flat code colour (another picture, a
    message, a slide in progress)."""
    if len(data) < width * height * 4:
        return None
    pixels = []
    for dy in range(-4, 5):
        row = (height // 2 + dy) * width
        for dx in range(-4, 5):
            offset = (row + width // 2 + dx) * 4
            blue, green, red = data[offset], data[offset + 1], data[offset + 2]
            pixels.append((red, green, blue))
    for channel in range(3):
        values = [pixel[channel] for pixel in pixels]
        if max(values) - min(values) > 8:
            return None
    mean = [sum(pixel[channel] for pixel in pixels) / len(pixels) for channel in range(3)]
    return photos.code_index(mean)


class Sampler:
    """Samples the viewer region and the title as fast as it can, sending scheduled
    inputs at their times."""

    def __init__(self, screen, app, window, clock):
        self.screen, self.app, self.window, self.clock = screen, app, window, clock
        self.samples = []

    def sample(self):
        # At most one sample per SAMPLE_PERIOD: a busy loop would take a core from the app.
        if self.samples:
            time.sleep(max(0.0, self.samples[-1].t + SAMPLE_PERIOD - self.clock()))
        frame = self.screen.frame(self.window)
        if frame is None:
            raise RuntimeError("the window went away")
        region = self.app.viewer_region(frame).clipped(self.screen.width, self.screen.height)
        data = self.screen.grab(region)
        now = self.clock()
        sample = Sample(now, probe.digest(data), shown_index(data, region.width, region.height),
                        self.screen.title(self.window))
        self.samples.append(sample)
        return sample

    def run(self, inputs):
        """Sends `inputs` ([(time, callable)], sorted) at their times, sampling between
        them; returns once the last has been sent."""
        for when, action in inputs:
            while self.clock() < when - 0.002:
                self.sample()
            while self.clock() < when:
                pass
            action()

    def until_settled(self, timeout, expected=None):
        """Samples until the viewer has not changed for SETTLE s and a ping sent after
        that was answered; returns whether it settled before `timeout` (clock time).
        With `expected` (an index in the camera photos), a picture that does not show
        that image, or a title that does not name it, is not taken as settled before
        GIVE_UP s of quiet: a starved decoder may take longer than SETTLE, and eog
        changes its title only once the image is loaded."""
        ping = None
        while self.clock() < timeout:
            sample = self.sample()
            changed = [s for s in self.samples[-2:] if s.digest != sample.digest]
            if changed:
                ping = None
            since = self.last_change()
            quiet = sample.t - since
            if (expected is not None and quiet < GIVE_UP
                    and not sample.shown == named_index(sample.title) == expected):
                continue
            if quiet >= SETTLE:
                if ping is None:
                    ping = self.screen.ping(self.window)
                elif self.screen.answered(ping):
                    return True
        return False

    def last_change(self):
        """The time of the first sample of the final run of equal pictures."""
        final = self.samples[-1].digest
        since = self.samples[-1].t
        for sample in reversed(self.samples):
            if sample.digest != final:
                break
            since = sample.t
        return since

    def first_from(self, start, predicate):
        """The first sample time ≥ `start` from which `predicate` holds for every later
        sample, or None."""
        since = None
        for sample in self.samples:
            if sample.t < start:
                continue
            if predicate(sample):
                if since is None:
                    since = sample.t
            else:
                since = None
        return since

    def period(self, start):
        times = [s.t for s in self.samples if s.t >= start]
        gaps = [b - a for a, b in zip(times, times[1:])]
        return statistics.median(gaps) if gaps else None

    def worst_gap(self, start):
        times = [s.t for s in self.samples if s.t >= start]
        return max((b - a for a, b in zip(times, times[1:])), default=None)


def key_inputs(screen, keycode, count, start):
    """Press and release `count` times from `start`, one press every KEY_PERIOD; the
    press times are recorded in the returned list's `presses`."""
    presses = []
    inputs = []
    for index in range(count):
        at = start + index * KEY_PERIOD

        def press(at=at):
            probe_press(screen, keycode, True)
            presses.append(at)

        inputs.append((at, press))
        inputs.append((at + KEY_HOLD, lambda: probe_press(screen, keycode, False)))
    return inputs, presses


def probe_press(screen, keycode, down):
    from Xlib import X
    from Xlib.ext import xtest

    xtest.fake_input(screen.display, X.KeyPress if down else X.KeyRelease, keycode)
    screen.display.sync()


def click_input(screen, x, y):
    from Xlib import X
    from Xlib.ext import xtest

    def click():
        screen.root.warp_pointer(x, y)
        xtest.fake_input(screen.display, X.ButtonPress, 1)
        screen.display.sync()
        time.sleep(0.01)
        xtest.fake_input(screen.display, X.ButtonRelease, 1)
        screen.display.sync()

    return click


def staleness(timeline, end):
    """The largest age, up to `end`, of the picture on screen: how long ago the title
    stopped naming the image the viewer shows (0 while they agree), and the largest lag
    in images. `timeline` is [(time, index shown, index named)] from the first key on.
    When the title skips images (two presses handled at once), the skipped ones count as
    left when it moved past them. Times whose centre shows no code (a slide, a message)
    are skipped."""
    left = {}  # index -> when the title last moved past it
    previous = None
    worst, worst_lag = 0.0, 0
    for t, shown, named in timeline:
        if t > end:
            break
        if previous is not None and named is not None and named != previous:
            step = 1 if named > previous else -1
            for index in range(previous, named, step):
                left[index] = t
            left.pop(named, None)
        if named is not None:
            previous = named
        if shown is None or named is None or shown == named:
            continue
        if shown in left:
            worst = max(worst, t - left[shown])
        worst_lag = max(worst_lag, abs(named - shown))
    return worst, worst_lag


def launch_and_settle(app, folder, cache, log, server, first_name):
    screen = probe.Screen(server.display)
    screen.park_pointer()
    launch = xsession.AppLaunch(app.command(folder), server.display, cache, log)
    launch.__enter__()
    clock = lambda: time.monotonic() - launch.started
    timeline = measure.Timeline()
    window = measure.sample_until_settled(screen, app, timeline, clock, 90, first_name)
    return screen, launch, clock, window


def scenario_held(app, folder, cache, log, keys, load=False):
    result = {"app": app.name, "scenario": "load" if load else "held", "keys": keys}
    burners = []
    with xsession.XServer() as server:
        screen, launch, clock, window = launch_and_settle(app, folder, cache, log, server,
                                                           photos.photo_name(0))
        try:
            if window is None:
                result["error"] = "did not settle after launch"
                return result
            screen.focus(window)
            time.sleep(0.3)
            if load:
                burners = [subprocess.Popen([sys.executable, "-c", "while 1: pass"])
                           for _ in range(2)]
                time.sleep(1.0)
                result["load_with_burners"] = os.getloadavg()[0]
            sampler = Sampler(screen, app, window, clock)
            start = clock() + 0.1
            inputs, presses = key_inputs(screen, screen.keycode("Right"), keys, start)
            sampler.run(inputs)
            last = presses[-1]
            settled = sampler.until_settled(clock() + AFTER_TIMEOUT, expected=keys)
            final = sampler.samples[-1]
            result.update(_figures(sampler, start, last, settled))
            result["final_title"] = final.title
            result["final_named"] = named_index(final.title)
            result["expected"] = keys
            if result["final_named"] != keys:
                result["error"] = (f"the title names image {result['final_named']}, not "
                                   f"{keys}: presses were lost")
            if load:
                result["staleness"], result["lag_images"] = staleness(
                    [(c[0], c[2], c[3]) for c in result["changes"]], last - start)
        finally:
            for burner in burners:
                burner.kill()
                burner.wait()
            launch.__exit__(None, None, None)
            screen.close()
    return result


def _figures(sampler, start, last, settled):
    final = sampler.samples[-1]
    final_named = named_index(final.title)
    sharp = sampler.first_from(last, lambda s: s.digest == final.digest)
    named = sampler.first_from(
        last, lambda s: s.shown is not None and s.shown == named_index(s.title) == final_named)
    return {
        "settled": settled,
        "sharp": None if sharp is None or not settled else sharp - last,
        "named": None if named is None else named - last,
        "final_shows_named": final.shown == final_named,
        "sample_period": sampler.period(start),
        "worst_sample_gap": sampler.worst_gap(start),
        "samples": len(sampler.samples),
        "changes": changes(sampler.samples, start),
    }


def changes(samples, start):
    """[(time, picture digest, index shown, index named)] at each change from `start`:
    the timeline behind the figures, for the JSON."""
    found, previous = [], None
    for sample in samples:
        if sample.t < start:
            continue
        key = (sample.digest, sample.shown, named_index(sample.title))
        if key != previous:
            found.append((round(sample.t - start, 4), *key))
            previous = key
    return found


def scenario_jumps(app, folder, cache, log):
    result = {"app": app.name, "scenario": "jumps"}
    with xsession.XServer() as server:
        screen, launch, clock, window = launch_and_settle(app, folder, cache, log, server,
                                                           photos.photo_name(0))
        try:
            if window is None:
                result["error"] = "did not settle after launch"
                return result
            screen.focus(window)
            time.sleep(0.3)
            frame = screen.frame(window)
            strip = app.strip_region(frame)
            for jump in ("End", "Home", "click"):
                sampler = Sampler(screen, app, window, clock)
                sampler.sample()
                before = sampler.samples[-1].title
                at = clock() + 0.05
                if jump == "click":
                    action = click_input(screen, int(strip.x + strip.width - 40),
                                         int(strip.y + strip.height / 2))
                else:
                    keycode = screen.keycode(jump)
                    action = lambda: (probe_press(screen, keycode, True),
                                      probe_press(screen, keycode, False))
                sampler.run([(at, action)])
                settled = sampler.until_settled(clock() + AFTER_TIMEOUT)
                figures = _figures(sampler, at, at, settled)
                figures["title"] = sampler.samples[-1].title
                figures["moved"] = figures["title"] != before
                result[jump] = figures
                screen.park_pointer()
        finally:
            launch.__exit__(None, None, None)
            screen.close()
    return result


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(seconds):
    if seconds is None:
        return "—"
    return f"{seconds * 1000:.1f}" if seconds < 0.01 else f"{seconds * 1000:.0f}"


def spread(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return "—"
    return f"{values[0] * 1000:.0f}–{values[-1] * 1000:.0f}"


def table(results, apps):
    rows = ["| figure (ms after the last key) | target | " + " | ".join(
        f"{name} median | {name} range" for name in apps) + " |",
        "|---|---:|" + "---:|---:|" * len(apps)]

    def row(label, target, pick):
        cells = []
        for name in apps:
            values = [pick(r) for r in results if r["app"] == name]
            cells += [f"**{fmt(median(values))}**", spread(values)]
        rows.append(f"| {label} | {target} | " + " | ".join(cells) + " |")

    def of(scenario, key, jump=None):
        def pick(r):
            if r["scenario"] != scenario:
                return None
            source = r.get(jump, {}) if jump else r
            return source.get(key)
        return pick

    if any(r["scenario"] == "held" for r in results):
        row("held Right, 150 × 24 MP: final picture", "≤ 150", of("held", "sharp"))
        row("held Right: the named image (any quality)", "", of("held", "named"))
    if any(r["scenario"] == "jumps" for r in results):
        for jump in ("End", "Home", "click"):
            label = {"End": "End on 10,000 (cold cache)", "Home": "then Home",
                     "click": "then a click at the strip's right end"}[jump]
            row(label + ": final picture", "≤ 100", of("jumps", "sharp", jump))
    if any(r["scenario"] == "load" for r in results):
        row("under 2 CPU burners, 100 × Right: the named image", "≤ 100", of("load", "named"))
        row("under 2 CPU burners: final picture", "", of("load", "sharp"))
        row("under 2 CPU burners: largest staleness while paging", "",
            of("load", "staleness"))
    row("sample period (median)", "", lambda r: r.get("sample_period") or r.get(
        "End", {}).get("sample_period"))
    return "\n".join(rows)


def git_commit(binary):
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--apps", default="ours,eog")
    parser.add_argument("--scenarios", default="held,jumps,load")
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "image-browser"))
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--baseline", help="another build of the app, measured beside")
    parser.add_argument("--dcf", action="store_true",
                        help="camera files with a camera's EXIF thumbnail (160 x 120, DCF)")
    parser.add_argument("--report", help="print the table of an earlier results.json")
    args = parser.parse_args()
    if args.report:
        report_again(Path(args.report))
        return

    data = Path(args.data)
    wanted = args.apps.split(",")
    apps = [app for app in contenders.contenders(args.binary) if app.name in wanted]
    if args.baseline:
        # Another build of our app (e.g. before a change), measured as a third contender.
        ours = contenders.contenders(args.baseline)[0]
        ours.name = "baseline"
        apps.append(ours)
    scenarios = args.scenarios.split(",")
    print("Test folders (made once):", flush=True)
    camera = photos.camera_folder(data, CAMERA_COUNT, dcf=args.dcf)
    many = photos.photo_folder(data, JUMP_COUNT) if "jumps" in scenarios else None

    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = data / "results" / f"keys-{stamp}"
    (out / "logs").mkdir(parents=True)
    scratch = Path(tempfile.mkdtemp(prefix="bench-keys-cache-"))
    meta = {"date": stamp, "commit": git_commit(args.binary), "binary": args.binary,
            "nproc": os.cpu_count(), "load_start": os.getloadavg(), "runs": args.runs,
            "loads": []}
    results = []
    try:
        for repetition in range(args.runs):
            print(f"Run {repetition + 1} of {args.runs} (load {os.getloadavg()[0]:.2f})",
                  flush=True)
            for scenario in scenarios:
                # The apps take turns, first one then the other, alternating per run.
                order = apps if repetition % 2 == 0 else list(reversed(apps))
                for app in order:
                    cache = scratch / f"{app.name}-{scenario}"
                    shutil.rmtree(cache, ignore_errors=True)
                    cache.mkdir()
                    log = out / "logs" / f"{app.name}-{scenario}-r{repetition + 1}.log"
                    meta["loads"].append(os.getloadavg()[0])
                    if scenario == "jumps":
                        result = scenario_jumps(app, many, cache, log)
                    else:
                        result = scenario_held(app, camera, cache, log,
                                               LOAD_KEYS if scenario == "load" else HELD_KEYS,
                                               load=scenario == "load")
                    result["run"] = repetition + 1
                    results.append(result)
                    shutil.rmtree(cache, ignore_errors=True)
                    print(f"  {app.name} {scenario}: {summary(result)}", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        meta["load_end"] = os.getloadavg()
        (out / "results.json").write_text(json.dumps({"meta": meta, "runs": results},
                                                     indent=1))
    loads = meta["loads"]
    print()
    print(f"commit {meta['commit']}, {stamp}, {args.runs} run(s), medians; load average "
          f"(1 min) {meta['load_start'][0]:.2f} at the start, {meta['load_end'][0]:.2f} at "
          f"the end, median {statistics.median(loads):.2f} at the launches")
    print()
    print(table(results, [app.name for app in apps]))
    print()
    print(f"Raw results: {out / 'results.json'}")


def report_again(path):
    """Prints the table of an earlier run from its JSON (staleness recomputed from each
    run's timeline, so a fix to its rule applies to old runs too)."""
    saved = json.loads(path.read_text())
    results, meta = saved["runs"], saved["meta"]
    for result in results:
        if result.get("scenario") == "load" and "changes" in result:
            presses = (result["keys"] - 1) * KEY_PERIOD
            start = 0.0  # the timeline is relative to the first press
            result["staleness"], result["lag_images"] = staleness(
                [(c[0], c[2], c[3]) for c in result["changes"]], start + presses)
    names = list(dict.fromkeys(result["app"] for result in results))
    loads = meta.get("loads") or [meta["load_start"][0]]
    print(f"commit {meta['commit']}, {meta['date']}, {meta['runs']} run(s), medians; load "
          f"average (1 min) {meta['load_start'][0]:.2f} at the start, "
          f"{meta['load_end'][0]:.2f} at the end, median {statistics.median(loads):.2f} at "
          f"the launches")
    print()
    print(table(results, names))


def summary(result):
    if "error" in result and "sharp" not in result:
        return result["error"]
    if result["scenario"] == "jumps":
        return ", ".join(f"{jump} {fmt(result[jump]['sharp'])} ms"
                         + ("" if result[jump]["moved"] else " (did not move)")
                         for jump in ("End", "Home", "click") if jump in result)
    text = (f"final picture {fmt(result['sharp'])} ms, named {fmt(result['named'])} ms, "
            f"title {result['final_named']} (expected {result['expected']}), "
            f"sampled every {fmt(result['sample_period'])} ms")
    if "staleness" in result:
        text += (f", staleness {fmt(result['staleness'])} ms ({result['lag_images']} images),"
                 f" load {result['load_with_burners']:.1f}")
    if "error" in result:
        text += f" — {result['error']}"
    return text


if __name__ == "__main__":
    main()
