#!/usr/bin/python3
"""Browse grid frame times and memory, and memory after paging, beside Eye of GNOME.

    Benchmarks/app/grid.sh [--runs N] [--binary PATH] [--apps ours,eog]
                           [--rows-per-second R] [--seconds S] [--pages 100,1000]
                           [--no-grid] [--no-pages] [--data DIR] [--perf FILE]

Two measures, each launch in a fresh Xvfb, session bus and thumbnail cache (xsession.py):

- **grid** (ours only: eog has no grid): the app opens the 10,000 photos of
  `make bench-app`, B switches to browse mode, and the pointer rests over the grid.
  A first pass turns the mouse wheel down two rows (4 notches) at a time, each time waiting
  until the app and its helpers are idle, so every thumbnail of the range is decoded
  and written to the thumbnail cache; the wheel then goes back to the top and, once
  idle, the measured pass turns it down at R rows per second (a notch is half a row,
  so 2R notches a second) for S seconds over the same range. The app writes every
  frame's time ($IMAGE_BROWSER_FRAME_TIMES, App/FrameTimeLog.swift: from the frame
  clock's before-paint to its after-paint); the frames that begin between the first
  notch and 100 ms after the last are reported (median, p95, p99, max, how many over
  16 ms, and the longest gap between two frames). Meanwhile memory.Sampler sums PSS
  and RSS over the app and its decoder helpers every 50 ms.
- **pages** (ours and eog, in turn): each app opens the same folder in its viewer,
  and once the first picture has settled Right is pressed at 20 per second; after
  each count of `--pages` (cumulative) the benchmark waits until the processes are
  idle (at most 20 s) and reads PSS and RSS summed over the app and its children (our
  decoder helpers; eog starts none, so its sum is eog alone).

Prints Markdown tables and writes the raw figures (every frame) as JSON under
/var/tmp/image-browser-bench/results/grid-DATE/.
"""

import argparse
import datetime
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # no __pycache__ in the repository

from Xlib import X  # noqa: E402
from Xlib.ext import xtest  # noqa: E402

import apps as contenders  # noqa: E402
import measure  # noqa: E402
import photos  # noqa: E402
import probe  # noqa: E402
import xsession  # noqa: E402
from memory import Sampler, children, rollup  # noqa: E402

REPO = HERE.parent.parent
DATA = Path("/var/tmp/image-browser-bench")
COUNT = 10_000
FRAME_BUDGET_MS = 16.0
TICK = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    """User + system clock ticks of `pid` and its children now."""
    total = 0
    for each in [pid] + children(pid):
        try:
            with open(f"/proc/{each}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total


def wait_idle(pid, timeout, quiet=0.5, allowance=0.04):
    """Waits until `pid` and its children used under `allowance` of a core for `quiet`
    seconds (or `timeout` passed); returns the seconds waited."""
    started = time.monotonic()
    last = cpu_ticks(pid)
    while time.monotonic() - started < timeout:
        time.sleep(quiet)
        now = cpu_ticks(pid)
        if (now - last) / TICK < allowance * quiet:
            break
        last = now
    return time.monotonic() - started


def wheel(screen, button):
    """One notch of the mouse wheel (button 4 up, 5 down) through XTEST."""
    xtest.fake_input(screen.display, X.ButtonPress, button)
    xtest.fake_input(screen.display, X.ButtonRelease, button)
    screen.display.sync()


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return None
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def read_frames(path):
    """(counter, frame time, start, end) per frame, in µs, from the app's frame log."""
    frames = []
    try:
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) == 4:
                frames.append(tuple(int(p) for p in parts))
    except OSError:
        pass
    return frames


def frame_figures(frames, start, end):
    """The figures of the frames that began between `start` and `end` (monotonic s)."""
    chosen = [f for f in frames if start * 1e6 <= f[2] <= end * 1e6]
    times = [(f[3] - f[2]) / 1000 for f in chosen]
    gaps = [(b[2] - a[2]) / 1000 for a, b in zip(chosen, chosen[1:])]
    if not times:
        return {"frames": 0}
    return {
        "frames": len(times),
        "median_ms": statistics.median(times),
        "p95_ms": percentile(times, 0.95),
        "p99_ms": percentile(times, 0.99),
        "max_ms": max(times),
        "over_16ms": sum(1 for t in times if t > FRAME_BUDGET_MS),
        "longest_gap_ms": max(gaps) if gaps else None,
        "times_ms": times,
    }


def settled_window(screen, app, launch):
    """Waits for the first picture to settle (as `make bench-app` does); the window."""
    clock = lambda: time.monotonic() - launch.started  # noqa: E731
    window = measure.sample_until_settled(screen, app, measure.Timeline(), clock, 60,
                                          photos.photo_name(0))
    if window is None:
        raise RuntimeError(f"{app.name}: no settled window")
    return window


def app_pid(launch, app):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        pid = launch.app_pid(app.executable)
        if pid:
            return pid
        time.sleep(0.05)
    raise RuntimeError(f"{app.name}: no process")


DRAW = "$s12ImageBrowser10BrowseGridC4draw*"  # BrowseGrid.draw(_:), mangled


class Callgrind:
    """Runs the app under callgrind, collecting only inside the grid's draw handler and
    only while switched on (`callgrind_control -i`), so the count is the grid's painting
    during the measured pass: independent of the machine's load."""

    def __init__(self, path):
        self.path = path

    def command(self, command):
        return ["valgrind", "--tool=callgrind", f"--callgrind-out-file={self.path}",
                "--instr-atstart=no", f"--toggle-collect={DRAW}", *command]

    def switch(self, pid, on):
        subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(pid)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)

    def figures(self):
        """(instructions collected, calls of the draw handler) from the output file."""
        total = calls = 0
        # A `--dump` writes PATH.1 and resets the counters; the end writes PATH.
        for path in sorted(Path(self.path).parent.glob(Path(self.path).name + "*")):
            each = self._figures(path)
            total += each[0]
            calls += each[1]
        return total, calls

    @staticmethod
    def _figures(path):
        total = calls = 0
        names = {}
        pending = False
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith("summary:") or line.startswith("totals:"):
                total = max(total, int(line.split()[1]))
            elif line.startswith("fn=(") and ")" in line:
                key, _, name = line[4:].partition(")")
                if name.strip():
                    names[key] = name.strip()
            elif line.startswith("cfn="):
                ref = line[4:]
                if ref.startswith("(") and ")" in ref:
                    key, _, name = ref[1:].partition(")")
                    if name.strip():
                        names[key] = name.strip()
                    ref = names.get(key, "")
                pending = "BrowseGridC4draw" in ref
            elif line.startswith("calls=") and pending:
                calls += int(line[6:].split()[0])
                pending = False
        return total, calls


def process_running(launch, executable):
    """The pid of the process whose command line runs `executable` (under valgrind the
    executable of the process is valgrind's)."""
    wanted = {executable.encode(), os.path.realpath(executable).encode()}
    for pid in xsession._pids_with(launch.run_id):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                arguments = cmdline.read().split(b"\0")
        except OSError:
            continue
        if wanted & set(arguments) and b"dbus-run-session" not in arguments[0]:
            return pid
    return None


def grid_run(app, folder, out, label, rows_per_second, seconds, perf=None, callgrind=None):
    """One launch of ours: first pass, back to the top, measured pass. Returns a dict."""
    notches_per_second = 2 * rows_per_second
    notches = int(round(notches_per_second * seconds))
    frames_path = out / f"{label}-frames.txt"
    frames_path.unlink(missing_ok=True)
    log = out / "logs" / f"{label}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    result = {"label": label, "rows_per_second": rows_per_second, "seconds": seconds,
              "load_start": os.getloadavg()[0]}
    with xsession.XServer() as server, tempfile.TemporaryDirectory() as cache:
        screen = probe.Screen(server.display)
        screen.park_pointer()
        os.environ["IMAGE_BROWSER_FRAME_TIMES"] = str(frames_path)
        try:
            command = app.command(folder)
            if callgrind:
                command = callgrind.command(command)
            launch_cm = xsession.AppLaunch(command, server.display, Path(cache), log)
            launch = launch_cm.__enter__()
        finally:
            os.environ.pop("IMAGE_BROWSER_FRAME_TIMES", None)
        try:
            window = settled_window(screen, app, launch)
            pid = process_running(launch, app.executable) if callgrind else app_pid(launch, app)
            screen.focus(window)
            screen.tap(screen.keycode("b"))
            frame = screen.frame(window)
            # The pointer over the grid's middle, below the header and path bar.
            screen.root.warp_pointer(frame.x + frame.width // 2, frame.y + frame.height // 2)
            screen.display.sync()
            result["first_idle_s"] = wait_idle(pid, 30)
            screen.screenshot(out / "screenshots" / f"{label}-grid.png")
            # First pass: a screenful (4 notches = 2 rows at a time; the grid shows 4+) and
            # wait until every thumbnail in view is decoded and cached.
            started = time.monotonic()
            first = Sampler(pid)
            first.start()
            for step in range(0, notches, 4):
                for _ in range(min(4, notches - step)):
                    wheel(screen, 5)
                wait_idle(pid, 15, quiet=0.3)
            first.stopped.set()
            first.join()
            result["first_pass_s"] = time.monotonic() - started
            result["first_pass_peak_pss_kib"] = first.peak_pss[0]
            result["first_pass_peak_rss_kib"] = first.peak_rss[0]
            for _ in range(notches + 8):
                wheel(screen, 4)
                time.sleep(0.005)
            wait_idle(pid, 30)
            # The measured pass.
            recorder = None
            if perf:
                # The app's main thread (its tid is its pid), with call graphs.
                recorder = subprocess.Popen(
                    ["perf", "record", "-q", "-F", "1999", "--call-graph", "dwarf,16384", "-t",
                     str(pid), "-o", str(perf)], stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL)
                time.sleep(0.5)
            if callgrind:
                callgrind.switch(pid, True)
            sampler = Sampler(pid)
            sampler.start()
            period = 1 / notches_per_second
            begin = time.monotonic()
            for index in range(notches):
                if callgrind:
                    # Under callgrind the app is ~50 times slower: one notch, one paint.
                    wait_idle(pid, 10, quiet=0.2)
                else:
                    delay = begin + index * period - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                wheel(screen, 5)
                if index == notches * 3 // 4:
                    screen.screenshot(out / "screenshots" / f"{label}-scrolling.png")
            last = time.monotonic()
            time.sleep(0.3)
            if recorder:
                recorder.send_signal(signal.SIGINT)
                recorder.wait()
            if callgrind:
                wait_idle(pid, 60)
                callgrind.switch(pid, False)
            sampler.stopped.set()
            sampler.join()
            result["load_end"] = os.getloadavg()[0]
            result["notches"] = notches
            result["scroll_s"] = last - begin
            result["scroll_began_us"] = int(begin * 1e6)
            result["peak_pss_kib"] = sampler.peak_pss[0]
            result["peak_rss_kib"] = sampler.peak_rss[0]
            result["peak_processes"] = len(sampler.peak_pss[2])
            result["alive"] = rollup(pid) is not None
            wait_idle(pid, 5)
            result.update(frame_figures(read_frames(frames_path), begin, last + 0.1))
        finally:
            if callgrind:
                # callgrind writes its file when the app ends: ask it to end normally.
                subprocess.run(["callgrind_control", "--dump", str(pid)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            launch_cm.__exit__(None, None, None)
            screen.close()
    if callgrind:
        total, calls = callgrind.figures()
        result.update(draw_instructions=total, draw_calls=calls)
    return result


def summed(pid):
    """(PSS, RSS, processes) summed over `pid` and its children, in KiB."""
    pss = rss = count = 0
    for each in [pid] + children(pid):
        values = rollup(each)
        if values:
            pss += values[0]
            rss += values[1]
            count += 1
    return pss, rss, count


def pages_run(app, folder, out, label, counts):
    """One launch: page with Right at 20 per second; PSS/RSS after each count."""
    log = out / "logs" / f"{label}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    result = {"label": label, "app": app.name, "load_start": os.getloadavg()[0], "after": {}}
    with xsession.XServer() as server, tempfile.TemporaryDirectory() as cache:
        screen = probe.Screen(server.display)
        screen.park_pointer()
        with xsession.AppLaunch(app.command(folder), server.display, Path(cache), log) as launch:
            window = settled_window(screen, app, launch)
            pid = app_pid(launch, app)
            screen.focus(window)
            time.sleep(0.2)
            result["settled"] = summed(pid)
            right = screen.keycode("Right")
            pressed = 0
            for count in counts:
                while pressed < count:
                    screen.tap(right, hold=0.02)
                    time.sleep(0.03)
                    pressed += 1
                waited = wait_idle(pid, 20)
                pss, rss, processes = summed(pid)
                result["after"][count] = {"pss_kib": pss, "rss_kib": rss,
                                          "processes": processes, "idle_after_s": waited,
                                          "title": screen.title(window)}
            result["load_end"] = os.getloadavg()[0]
        screen.close()
    return result


def mib(kib):
    return f"{kib / 1024:.0f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "image-browser"))
    parser.add_argument("--apps", default="ours,eog", help="for the pages measure")
    parser.add_argument("--rows-per-second", type=float, default=20)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--pages", default="100,1000")
    parser.add_argument("--no-grid", action="store_true")
    parser.add_argument("--no-pages", action="store_true")
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--callgrind", action="store_true",
                        help="count the grid's painting under callgrind (load-free) instead")
    parser.add_argument("--perf", type=Path,
                        help="record the app's main thread with perf during the measured pass")
    args = parser.parse_args()
    chosen = {app.name: app for app in contenders.contenders(args.binary)}
    ours = chosen["ours"]
    paging_apps = [chosen[name] for name in args.apps.split(",")]
    counts = [int(c) for c in args.pages.split(",")]
    folder = photos.photo_folder(Path(args.data), COUNT)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = Path(args.data) / "results" / f"grid-{stamp}"
    (out / "screenshots").mkdir(parents=True)
    meta = {"date": stamp, "binary": args.binary, "load_start": os.getloadavg()}
    grids, pages, counted = [], [], []
    try:
        for repetition in range(args.runs):
            print(f"Run {repetition + 1} of {args.runs}", flush=True)
            if args.callgrind:
                counter = Callgrind(out / f"callgrind-r{repetition + 1}.out")
                result = grid_run(ours, folder, out, f"callgrind-r{repetition + 1}",
                                  args.rows_per_second, args.seconds, callgrind=counter)
                counted.append(result)
                print(f"  {result['label']}: {result['draw_instructions']:,} instructions in "
                      f"{result['draw_calls']} paints of the grid", flush=True)
                continue
            if not args.no_grid:
                result = grid_run(ours, folder, out, f"grid-r{repetition + 1}",
                                  args.rows_per_second, args.seconds, args.perf)
                grids.append(result)
                shown = {k: (round(v, 2) if isinstance(v, float) else v)
                         for k, v in result.items() if k != "times_ms"}
                print(f"  {shown}", flush=True)
            if not args.no_pages:
                for app in paging_apps:
                    result = pages_run(app, folder, out, f"pages-{app.name}-r{repetition + 1}",
                                       counts)
                    pages.append(result)
                    print(f"  {result}", flush=True)
    finally:
        meta["load_end"] = os.getloadavg()
        (out / "results.json").write_text(
            json.dumps({"meta": meta, "grid": grids, "pages": pages, "callgrind": counted},
                       indent=1))
    print()
    print(f"load average {meta['load_start'][0]:.2f} at the start, "
          f"{meta['load_end'][0]:.2f} at the end")
    if grids:
        print()
        print(f"Grid, 10,000 photos, {args.rows_per_second:g} rows/s for {args.seconds:g} s "
              "after a first pass (ms per frame; MiB summed over the app and its helpers):")
        print()
        print("| run | frames | median | p95 | p99 | max | over 16 ms | longest gap "
              "| peak PSS | peak RSS | load |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for g in grids:
            if not g.get("frames"):
                print(f"| {g['label']} | 0 | | | | | | | | | |")
                continue
            print(f"| {g['label']} | {g['frames']} | {g['median_ms']:.1f} | {g['p95_ms']:.1f} "
                  f"| {g['p99_ms']:.1f} | {g['max_ms']:.1f} | {g['over_16ms']} "
                  f"| {g['longest_gap_ms'] or 0:.0f} | {mib(g['peak_pss_kib'])} "
                  f"| {mib(g['peak_rss_kib'])} | {g['load_start']:.1f} → {g['load_end']:.1f} |")
    for c in counted:
        per = c["draw_instructions"] / c["draw_calls"] if c["draw_calls"] else 0
        print()
        print(f"{c['label']}: the grid painted {c['draw_calls']} times in the measured pass, "
              f"{c['draw_instructions']:,} instructions, {per:,.0f} per paint (callgrind)")
    if pages:
        print()
        print("Viewer after paging with Right at 20/s (MiB, PSS / RSS summed over the app "
              "and its children):")
        print()
        print("| app | run | " + " | ".join(f"after {c}" for c in counts) + " |")
        print("|---|---|" + "---:|" * len(counts))
        for p in pages:
            cells = []
            for c in counts:
                a = p["after"].get(c)
                cells.append(f"{mib(a['pss_kib'])} / {mib(a['rss_kib'])} ({a['processes']} p)"
                             if a else "")
            print(f"| {p['app']} | {p['label']} | " + " | ".join(cells) + " |")
    print()
    print(f"Raw results: {out / 'results.json'}")


if __name__ == "__main__":
    main()
