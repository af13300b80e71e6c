#!/usr/bin/env python3
"""Compiler CPU time per module of two builds, from `swiftc -stats-output-dir` files.

Usage: build-modules.py BEFORE_STATS_DIR AFTER_STATS_DIR

`Benchmarks/build-time.sh` fills such directories when run with BUILD_TIME_MODULES=1.
Each frontend job writes one JSON file named after its module; this sums the jobs' user
and system time per module, so a change in the package's clean-build time can be put
down to the modules that grew (the generated GTK layer, the tests, the app).
"""
import collections
import glob
import json
import sys


def load(directory):
    seconds = collections.Counter()
    jobs = collections.Counter()
    for path in glob.glob(f"{directory}/*.json"):
        module = path.split("swift-frontend-")[1].split("-")[0]
        with open(path) as file:
            data = json.load(file)
        jobs[module] += 1
        for key, value in data.items():
            if key.startswith("time.swift-frontend.") and key.endswith((".user", ".sys")):
                seconds[module] += value
    return seconds, jobs


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    (before, before_jobs), (after, after_jobs) = load(sys.argv[1]), load(sys.argv[2])
    modules = sorted(set(before) | set(after), key=lambda m: -(after[m] - before[m]))
    print(f"{'module':34} {'before s':>9} {'after s':>9} {'change':>8}  jobs")
    for module in modules:
        print(f"{module:34} {before[module]:9.1f} {after[module]:9.1f} "
              f"{after[module] - before[module]:+8.1f}  {before_jobs[module]}/{after_jobs[module]}")
    total_before, total_after = sum(before.values()), sum(after.values())
    ratio = total_after / total_before if total_before else float("nan")
    print(f"{'all frontend jobs':34} {total_before:9.1f} {total_after:9.1f} "
          f"{total_after - total_before:+8.1f}  ({ratio:.2f}x)")


if __name__ == "__main__":
    main()
