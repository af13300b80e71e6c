"""How far behind the folder the window title's count runs while files arrive and churn.

    Benchmarks/app/live_count.sh [--binary=PATH] [--seconds=60] [--start=1000]
                                 [--mode=arrive|churn|both]

Makes a folder of `--start` photos (hard links to one small JPEG), launches the app on
it in a fresh Xvfb and session bus, waits for the title to say `(1 of N)`, then for
`--seconds`:

- arrive: a new photo every 100 ms (10 a second);
- churn: the same arrivals, plus 50 photos made and 50 deleted a second (one every
  10 ms, alternately), so the count moves all the time.

Every change is logged with the folder's count after it. Every 50 ms the title is read
and its `of N` compared with that log: the count is current when the folder holds N
files now; else it is as far behind as the time since the folder last stopped holding N
(the oldest change the title has not caught up with). Prints the maximum, the 99th
percentile and the median of that lag over all samples, how many samples were over a
second, and the load average.
"""

import argparse
import bisect
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from apps import contenders  # noqa: E402
from probe import Screen  # noqa: E402
from xsession import AppLaunch, XServer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent.parent
WORK = Path("/var/tmp/image-browser-bench/live")


def photo(path: Path):
    from PIL import Image
    Image.new("RGB", (320, 240), (80, 120, 160)).save(path, quality=80)


class Folder:
    """The folder and the log of its count: (monotonic time, count after the change)."""

    def __init__(self, path: Path, start: int):
        self.path = path
        self.source = path.parent / "source.jpg"
        if not self.source.exists():
            photo(self.source)
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        for index in range(start):
            os.link(self.source, path / f"start-{index:06d}.jpg")
        self.count = start
        self.times = [time.monotonic()]
        self.counts = [start]
        self.lock = threading.Lock()
        self.made = 0
        self.churned = []

    def add(self, prefix):
        name = self.path / f"{prefix}-{self.made:06d}.jpg"
        self.made += 1
        # Written under a hidden name and renamed in, as a copy finishes: the app sees a
        # whole file appear.
        hidden = self.path / f".{name.name}.part"
        os.link(self.source, hidden)
        os.rename(hidden, name)
        self.changed(+1)
        return name

    def remove(self, name):
        os.unlink(name)
        self.changed(-1)

    def changed(self, delta):
        with self.lock:
            self.count += delta
            self.times.append(time.monotonic())
            self.counts.append(self.count)

    def lag(self, shown, at):
        """How far behind `shown` is at time `at` (0 when the folder holds that many)."""
        with self.lock:
            index = bisect.bisect_right(self.times, at) - 1
            if index >= 0 and self.counts[index] == shown:
                return 0.0
            # The last change after which the count stopped being `shown`.
            for back in range(index, 0, -1):
                if self.counts[back - 1] == shown:
                    return at - self.times[back]
            return at - self.times[0]


def writer(folder: Folder, mode: str, seconds: float, stop: threading.Event):
    start = time.monotonic()
    tick = 0
    while not stop.is_set() and time.monotonic() - start < seconds:
        # Every 10 ms: an arrival each 100 ms; with churn, a make or a delete each time.
        if tick % 10 == 0:
            folder.add("arrived")
        if mode == "churn":
            if tick % 2 == 0:
                folder.churned.append(folder.add("churn"))
            elif folder.churned:
                folder.remove(folder.churned.pop(0))
        tick += 1
        next_tick = start + tick * 0.01
        time.sleep(max(0.0, next_tick - time.monotonic()))


def run(binary, mode, seconds, start, log):
    ours = contenders(str(Path(binary).resolve()))[0]
    folder = Folder(WORK / "folder", start)
    lags = []
    with XServer() as server, tempfile.TemporaryDirectory() as cache:
        with AppLaunch(ours.command(folder.path), server.display, Path(cache), log) as launch:
            screen = Screen(server.display)
            deadline = time.monotonic() + 30
            window = None
            while window is None and time.monotonic() < deadline:
                window = screen.main_window()
                time.sleep(0.05)
            while time.monotonic() < deadline:
                if re.search(rf"\(1 of {start}\)", screen.title(window)):
                    break
                time.sleep(0.05)
            time.sleep(2)
            stop = threading.Event()
            thread = threading.Thread(target=writer, args=(folder, mode, seconds, stop))
            began = time.monotonic()
            thread.start()
            while time.monotonic() - began < seconds:
                at = time.monotonic()
                match = re.search(r"\(\d+ of (\d+)\)", screen.title(window))
                if match:
                    lags.append(folder.lag(int(match.group(1)), at))
                time.sleep(max(0.0, 0.05 - (time.monotonic() - at)))
            stop.set()
            thread.join()
            alive = launch.app_pid(ours.executable) is not None
            screen.close()
    return lags, folder, alive


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "image-browser"))
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument("--mode", choices=["arrive", "churn", "both"], default="both")
    options = parser.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    modes = ["arrive", "churn"] if options.mode == "both" else [options.mode]
    for mode in modes:
        load = os.getloadavg()[0]
        lags, folder, alive = run(options.binary, mode, options.seconds, options.start,
                                  WORK / "live-app.log")
        if not lags:
            print(f"{mode}: no sample")
            continue
        ordered = sorted(lags)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        over = sum(1 for lag in lags if lag > 1.0)
        print(f"{mode}: {len(lags)} samples over {options.seconds:.0f} s, {folder.made} files "
              f"made, {options.start} at the start; lag max {max(lags) * 1000:.0f} ms, "
              f"p99 {p99 * 1000:.0f} ms, median {statistics.median(lags) * 1000:.0f} ms, "
              f"{over} over 1 s; load {load:.2f} -> {os.getloadavg()[0]:.2f}"
              f"{'' if alive else '; THE APP DIED'}")


if __name__ == "__main__":
    main()
