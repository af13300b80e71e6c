"""Peak memory of the image browser with its decoder helpers, paging through a folder.

    Benchmarks/app/memory.sh [--binary=PATH] [--folder=PATH | --corpus | --bombs]
                             [--settle=SECONDS] [--zoom-settle=SECONDS] [--no-zoom]

Launches the app on the folder (by default: the bombs of bombs.py, then, with
`--corpus`, the fuzz corpus of Fuzz/make-corpus.py) in a fresh Xvfb and session bus,
with a cold thumbnail cache, and pages through every file with Page Down, pressing 1
(zoom 1:1) on each. A sampler thread reads, every 50 ms, `/proc/PID/smaps_rollup` of
the app and of every process whose parent it is (its decoder helpers) and sums their
PSS (each shared page divided among the processes that map it, so a pixel buffer
mapped by a helper and the app counts once) and their RSS (shared pages counted in
every process). Prints the peak of each sum with the file shown then and the share of
each process, the five files with the highest peaks, the helpers' log lines, and the
load average.
"""

import argparse
import os
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
WORK = Path("/var/tmp/image-browser-bench")


def rollup(pid):
    """(PSS, RSS) of `pid` in KiB, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as text:
            values = {}
            for line in text:
                key, _, rest = line.partition(":")
                if key in ("Pss", "Rss"):
                    values[key] = int(rest.split()[0])
            return values.get("Pss", 0), values.get("Rss", 0)
    except OSError:
        return None


def children(pid):
    """The processes whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    return found


class Sampler(threading.Thread):
    """Samples the summed PSS and RSS of the app and its children every `interval` s."""

    def __init__(self, pid, interval=0.05, trace=None):
        super().__init__(daemon=True)
        self.trace = trace
        self.started = time.monotonic()
        self.pid = pid
        self.interval = interval
        self.label = ""
        self.stopped = threading.Event()
        self.peak_pss = (0, "", {})
        self.peak_rss = (0, "", {})
        self.per_label = {}
        self.samples = 0

    def run(self):
        while not self.stopped.is_set():
            pids = [self.pid] + children(self.pid)
            shares = {}
            for pid in pids:
                values = rollup(pid)
                if values is not None:
                    shares[pid] = values
            if self.pid in shares:
                pss = sum(p for p, _ in shares.values())
                rss = sum(r for _, r in shares.values())
                label = self.label
                self.samples += 1
                if pss > self.peak_pss[0]:
                    self.peak_pss = (pss, label, shares)
                if rss > self.peak_rss[0]:
                    self.peak_rss = (rss, label, shares)
                if self.trace:
                    parts = " ".join(f"{'app' if pid == self.pid else pid}:{p // 1024}/{r // 1024}"
                                     for pid, (p, r) in shares.items())
                    self.trace.write(f"{time.monotonic() - self.started:7.2f} {pss // 1024:5d} "
                                     f"{rss // 1024:5d} {label!r} {parts}\n")
                best = self.per_label.get(label, (0, 0))
                self.per_label[label] = (max(best[0], pss), max(best[1], rss))
            time.sleep(self.interval)


def corpus_folder():
    folder = WORK / "corpus"
    if not folder.exists():
        subprocess.run(["/usr/bin/python3", str(REPO / "Fuzz" / "make-corpus.py"), "--out",
                        str(folder)], check=True)
    return folder


def bombs_folder():
    sys.path.insert(0, str(Path(__file__).parent))
    import bombs
    bombs.make_files()
    return bombs.DATA


def listed_count(title):
    import re
    match = re.search(r"\((\d+) of (\d+)\)", title)
    return (int(match.group(1)), int(match.group(2))) if match else None


def run(binary, folder, settle, zoom_settle, zoom, log, trace=None):
    ours = contenders(str(Path(binary).resolve()))[0]
    helper_lines = 0
    with XServer() as server, tempfile.TemporaryDirectory() as cache:
        with AppLaunch(ours.command(folder), server.display, Path(cache), log) as launch:
            screen = Screen(server.display)
            deadline = time.monotonic() + 30
            window = pid = None
            while (window is None or pid is None) and time.monotonic() < deadline:
                window = window or screen.main_window()
                pid = pid or launch.app_pid(ours.executable)
                time.sleep(0.05)
            if window is None or pid is None:
                raise RuntimeError("no window")
            screen.focus(window)
            sampler = Sampler(pid, trace=trace)
            sampler.start()
            total = None
            while total is None and time.monotonic() < deadline:
                total = listed_count(screen.title(window))
                time.sleep(0.05)
            if total is None:
                raise RuntimeError(f"no position in the title: {screen.title(window)!r}")
            count = total[1]
            down, one = screen.keycode("Page_Down"), screen.keycode("1")
            for index in range(count):
                title = screen.title(window)
                sampler.label = title.rsplit(" (", 1)[0]
                if index > 0:
                    screen.tap(down)
                    time.sleep(0.05)
                    sampler.label = screen.title(window).rsplit(" (", 1)[0]
                time.sleep(settle)
                if zoom:
                    screen.tap(one)
                    time.sleep(zoom_settle)
                if rollup(pid) is None:
                    print(f"the app died at {sampler.label!r}", file=sys.stderr)
                    break
            sampler.stopped.set()
            sampler.join()
            screen.close()
    return sampler, count


def mib(kib):
    return f"{kib / 1024:.0f} MiB"


def describe(peak, app_pid):
    value, label, shares = peak
    parts = []
    for pid, (pss, rss) in sorted(shares.items(), key=lambda item: -item[1][0]):
        who = "app" if pid == app_pid else f"helper {pid}"
        parts.append(f"{who} {mib(pss)} PSS / {mib(rss)} RSS")
    return f"{mib(value)} at {label!r}: " + ", ".join(parts[:6])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "image-browser"))
    parser.add_argument("--folder", type=Path)
    parser.add_argument("--corpus", action="store_true", help="the fuzz corpus")
    parser.add_argument("--settle", type=float, default=1.0)
    parser.add_argument("--zoom-settle", type=float, default=1.0)
    parser.add_argument("--no-zoom", action="store_true")
    parser.add_argument("--trace", type=Path, help="write every sample (MiB) to this file")
    options = parser.parse_args()
    folder = options.folder or (corpus_folder() if options.corpus else bombs_folder())
    WORK.mkdir(parents=True, exist_ok=True)
    log = WORK / "memory-app.log"
    log.write_bytes(b"")
    load_start = os.getloadavg()
    started = time.monotonic()
    trace = open(options.trace, "w") if options.trace else None
    sampler, count = run(options.binary, folder, options.settle, options.zoom_settle,
                         not options.no_zoom, log, trace)
    if trace:
        trace.close()
    load_end = os.getloadavg()
    print(f"{folder}: {count} files paged, {'1:1 on each, ' if not options.no_zoom else ''}"
          f"settle {options.settle} s, {sampler.samples} samples in "
          f"{time.monotonic() - started:.0f} s")
    print(f"load average {load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end")
    print(f"peak PSS, app + helpers: {describe(sampler.peak_pss, sampler.pid)}")
    print(f"peak RSS, app + helpers: {describe(sampler.peak_rss, sampler.pid)}")
    print("highest files (PSS / RSS summed):")
    ranked = sorted(sampler.per_label.items(), key=lambda item: -item[1][0])
    for label, (pss, rss) in ranked[:8]:
        print(f"  {mib(pss)} / {mib(rss)}  {label}")
    lines = [line for line in log.read_text(errors="replace").splitlines()
             if "WARNING" in line or "CRITICAL" in line]
    print(f"GLib warnings and criticals in the log: {len(lines)}")
    for line in lines[:10]:
        print(f"  {line}")


if __name__ == "__main__":
    main()
