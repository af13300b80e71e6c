#!/usr/bin/python3
"""How long a killed decoder helper stays a zombie: kill -9 an idle helper, time its reaping.

    Benchmarks/app/reap.sh [--runs N] [--binary PATH]

Each run launches the release app on the bundled samples in a fresh Xvfb, session bus
and empty thumbnail cache, waits until its decoder helpers are idle (the viewer's and
the thumbnail helper, which runs at nice 10), sends SIGKILL to one of them, and polls
`/proc/PID/stat` every millisecond until the process is gone (reaped by the app). It
alternates between the thumbnail helper and a viewer helper. A process still listed
in state Z is a zombie: the figure is the time from the kill to its disappearance,
with the load average beside it.
"""

import argparse
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True

from memory import children  # noqa: E402
from xsession import AppLaunch, XServer  # noqa: E402

REPO = HERE.parent.parent
LIMIT = 30.0  # seconds a killed helper is watched


def stat(pid):
    """(state, nice, cpu ticks) of `pid`, or None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[16]), int(fields[11]) + int(fields[12])


def helpers(app, decoder):
    wanted = os.path.realpath(decoder)
    found = []
    for pid in children(app):
        try:
            if os.readlink(f"/proc/{pid}/exe") == wanted:
                found.append(pid)
        except OSError:
            pass
    return found


def idle(pids, quiet=1.0, limit=30.0):
    """Waits until none of `pids` uses CPU for `quiet` seconds."""
    deadline = time.monotonic() + limit
    last = {pid: stat(pid) for pid in pids}
    calm_since = time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = {pid: stat(pid) for pid in pids}
        if any(now[p] and last[p] and now[p][2] != last[p][2] for p in pids):
            calm_since = time.monotonic()
        last = now
        if time.monotonic() - calm_since >= quiet:
            return True
    return False


def one_run(binary, decoder, kind):
    with tempfile.TemporaryDirectory(prefix="reap-") as cache, XServer() as x:
        log = Path(cache) / "app.log"
        with AppLaunch([binary, str(REPO / "resources" / "samples")], x.display,
                       Path(cache), log) as launch:
            deadline = time.monotonic() + 30
            app = None
            pool = []
            while time.monotonic() < deadline:
                app = app or launch.app_pid(binary)
                if app:
                    pool = helpers(app, decoder)
                    if any(stat(p) and stat(p)[1] == 10 for p in pool) and len(pool) >= 2:
                        break
                time.sleep(0.1)
            if not app or not pool:
                return None, "no helpers"
            idle(pool)
            thumbnail = [p for p in pool if stat(p) and stat(p)[1] == 10]
            viewer = [p for p in pool if stat(p) and stat(p)[1] != 10]
            victims = thumbnail if kind == "thumbnail" else viewer
            if not victims:
                return None, f"no {kind} helper"
            victim = victims[0]
            killed = time.monotonic()
            os.kill(victim, signal.SIGKILL)
            zombie_seen = False
            while time.monotonic() - killed < LIMIT:
                state = stat(victim)
                if state is None:
                    return (time.monotonic() - killed) * 1000, "reaped" + (
                        " (seen as zombie)" if zombie_seen else "")
                zombie_seen = zombie_seen or state[0] == "Z"
                time.sleep(0.001)
            return None, f"still a zombie after {LIMIT:.0f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "image-browser"))
    options = parser.parse_args()
    decoder = str(Path(options.binary).with_name("image-browser-decoder"))
    load_start = os.getloadavg()
    figures = {"thumbnail": [], "viewer": []}
    for run in range(options.runs):
        kind = "thumbnail" if run % 2 == 0 else "viewer"
        milliseconds, what = one_run(options.binary, decoder, kind)
        print(f"run {run + 1} ({kind} helper): "
              + (f"{milliseconds:.1f} ms, {what}" if milliseconds is not None else what),
              flush=True)
        if milliseconds is not None:
            figures[kind].append(milliseconds)
    load_end = os.getloadavg()
    print(f"\nload {load_start[0]:.1f} → {load_end[0]:.1f}")
    print("| helper killed | runs reaped | median | max |")
    print("|---|---:|---:|---:|")
    for kind, values in figures.items():
        if values:
            print(f"| {kind} | {len(values)} | {statistics.median(values):.1f} ms | "
                  f"{max(values):.1f} ms |")
        else:
            print(f"| {kind} | 0 | — | — |")


if __name__ == "__main__":
    main()
