"""Home and End at 100,000 files: how long from the key to the window title naming the
first or last image.

    Benchmarks/app/jumps.sh [--binary=PATH] [--count=N] [--runs=N] [--perf=FILE]

Makes (once) a folder of N empty files named `NNNNNN.jpg` under
/var/tmp/image-browser-bench/ (empty files list as fast as photos and decode to a
message at once, so the figure is the browser's own work on the list), launches the app
on it in a fresh Xvfb and session bus, waits until the title shows `(1 of N)`, then
presses End and Home alternately, `--runs` times each, timing each from the key press
(XTEST) until the title says `(N of N)` or `(1 of N)`. Prints the median and the worst
of each, and the load average. With `--perf=FILE`, records the app's main thread with
`perf record -g` while it does so.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from apps import contenders  # noqa: E402
from probe import Screen  # noqa: E402
from xsession import AppLaunch, XServer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent.parent
WORK = Path("/var/tmp/image-browser-bench")


def make_folder(count):
    folder = WORK / f"empty-{count}"
    if not folder.exists() or len(os.listdir(folder)) != count:
        partial = folder.with_name(folder.name + ".part")
        subprocess.run(["rm", "-rf", str(partial)], check=True)
        partial.mkdir(parents=True)
        for index in range(count):
            (partial / f"{index:06d}.jpg").touch()
        subprocess.run(["rm", "-rf", str(folder)], check=True)
        partial.rename(folder)
    return folder


def wait_for(screen, window, pattern, limit=30):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        title = screen.title(window)
        if re.search(pattern, title):
            return time.monotonic()
        time.sleep(0.001)
    raise RuntimeError(f"the title never matched {pattern!r}: {screen.title(window)!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "image-browser"))
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--perf", type=Path)
    options = parser.parse_args()
    folder = make_folder(options.count)
    ours = contenders(str(Path(options.binary).resolve()))[0]
    count = options.count
    load_start = os.getloadavg()
    times = {"End": [], "Home": []}
    with XServer() as server, tempfile.TemporaryDirectory() as cache:
        with AppLaunch(ours.command(folder), server.display, Path(cache),
                       WORK / "jumps-app.log") as launch:
            screen = Screen(server.display)
            deadline = time.monotonic() + 30
            window = pid = None
            while (window is None or pid is None) and time.monotonic() < deadline:
                window = window or screen.main_window()
                pid = pid or launch.app_pid(ours.executable)
                time.sleep(0.05)
            screen.focus(window)
            wait_for(screen, window, rf"\(1 of {count}\)")
            time.sleep(2)
            perf = None
            if options.perf:
                perf = subprocess.Popen(
                    ["perf", "record", "-g", "-t", str(pid), "-o", str(options.perf)],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(1)
            keys = {"End": screen.keycode("End"), "Home": screen.keycode("Home")}
            targets = {"End": rf"\({count} of {count}\)", "Home": rf"\(1 of {count}\)"}
            for _ in range(options.runs):
                for key in ("End", "Home"):
                    pressed = screen.tap(keys[key], hold=0.001)
                    shown = wait_for(screen, window, targets[key])
                    times[key].append(shown - pressed)
                    time.sleep(0.3)
            if perf:
                perf.send_signal(2)
                perf.wait()
            screen.close()
    load_end = os.getloadavg()
    print(f"{count:,} empty files, {options.runs} runs; load average {load_start[0]:.2f} "
          f"at the start, {load_end[0]:.2f} at the end")
    for key, values in times.items():
        ms = [value * 1000 for value in values]
        print(f"{key}: title after {statistics.median(ms):.1f} ms median, "
              f"{max(ms):.1f} ms worst ({', '.join(f'{v:.0f}' for v in ms)})")


if __name__ == "__main__":
    main()
