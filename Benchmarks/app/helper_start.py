#!/usr/bin/python3
"""How long a decoder helper takes to start: from spawning `image-browser-decoder` until
its "ready" packet arrives on the socket, as HelperProcessPool starts one (the socket as
descriptor 3, this process as its parent), and the CPU it used over its life.

Usage: Benchmarks/app/helper_start.py [HELPER] [--runs N] [--compare]
HELPER defaults to .build/release/image-browser-decoder. Prints the median and the
fastest of N starts (15 by default). With --compare, starts with the seccomp filter and
without it (`--no-sandbox`) alternate, and both are printed.
"""

import argparse
import os
import resource
import socket
import statistics
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


def start_once(helper: str, extra=()) -> tuple[float, float]:
    """One start: (seconds until ready, CPU seconds the helper used)."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(
        [helper, "--socket", "3", "--parent", str(os.getpid()), *extra],
        pass_fds=(theirs.fileno(),),
        preexec_fn=lambda fd=theirs.fileno(): os.dup2(fd, 3))
    theirs.close()
    ours.recv(4096)
    ready = time.perf_counter() - started
    ours.close()  # the helper ends when its socket closes
    process.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return ready, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("helper", nargs="?",
                        default=str(REPO / ".build" / "release" / "image-browser-decoder"))
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    kinds = {"": ()}
    if args.compare:
        kinds = {"with the sandbox": (), "without (--no-sandbox)": ("--no-sandbox",)}
    starts = {kind: [] for kind in kinds}
    for _ in range(args.runs):
        for kind, extra in kinds.items():
            starts[kind].append(start_once(args.helper, extra))
    for kind, runs in starts.items():
        ready = [r * 1000 for r, _ in runs]
        cpu = [c * 1000 for _, c in runs]
        label = f" {kind}" if kind else ""
        print(f"{args.helper}{label}: ready after {statistics.median(ready):.1f} ms median "
              f"({min(ready):.1f} fastest) of {args.runs} starts; "
              f"CPU {statistics.median(cpu):.1f} ms median; load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
