#!/usr/bin/python3
"""The floor under the paging target "the named image on screen within 100 ms of the last
key while two CPU-bound processes run beside the app": how long one bare decode of a
keys.py camera photo takes at the viewer's size, in this process, with nothing else of
the app around it (no helper, no IPC, no painting, no sampler), on an idle machine and
beside two CPU burners (`while 1: pass`, as keys.py starts them).

Usage: Benchmarks/app/decode_floor.py [--rounds N] [--per-round N] [--box WxH]

The decode is gdk-pixbuf's JPEG loader asked for the box (the loader decodes at a
quarter through libjpeg-turbo's DCT scaling and scales the rest), the same library and
request as the app's decoder helpers. The box defaults to the viewer's in keys.py's
window (1100 x 527, from the app's decode trace). Rounds alternate an idle block and a
loaded block, so both see the same machine; the burners start half a second before
their block. Prints the median wall and CPU time per decode and their ranges.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # no __pycache__ in the repository

import gi  # noqa: E402

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf  # noqa: E402

import photos  # noqa: E402

DATA = Path("/var/tmp/image-browser-bench")
CAMERA_COUNT = 150  # keys.py's camera folder


def decode_block(files, box):
    """[(wall ms, CPU ms)] of one decode of each file, a short pause between them (as
    paging leaves the decoder idle between keys)."""
    times = []
    for path in files:
        wall, cpu = time.perf_counter(), time.process_time()
        GdkPixbuf.Pixbuf.new_from_file_at_scale(str(path), box[0], box[1], True)
        times.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        time.sleep(0.05)
    return times


def summary(label, times):
    walls, cpus = [t[0] for t in times], [t[1] for t in times]
    print(f"{label:>12}: wall median {statistics.median(walls):4.0f} ms "
          f"({min(walls):.0f}-{max(walls):.0f}), CPU median {statistics.median(cpus):3.0f} ms, "
          f"{len(times)} decodes")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--per-round", type=int, default=10)
    parser.add_argument("--box", default="1100x527")
    args = parser.parse_args()
    box = tuple(int(side) for side in args.box.split("x"))
    folder = photos.camera_folder(DATA, CAMERA_COUNT)
    files = sorted(folder.glob("*.jpg"))
    print(f"{folder}, box {box[0]} x {box[1]}, load average {os.getloadavg()[0]:.2f}")
    idle, loaded = [], []
    for round_index in range(args.rounds):
        block = files[round_index * args.per_round:(round_index + 1) * args.per_round]
        idle += decode_block(block, box)
        burners = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(2)]
        try:
            time.sleep(0.5)
            loaded += decode_block(block, box)
        finally:
            for burner in burners:
                burner.kill()
                burner.wait()
    summary("idle", idle)
    summary("2 burners", loaded)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
