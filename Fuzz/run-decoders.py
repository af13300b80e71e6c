#!/usr/bin/python3
"""Runs the decoder corpus through `image-browser-fuzz decode`, surviving crashes and hangs.

    /usr/bin/python3 Fuzz/run-decoders.py DRIVER CORPUS [--timeout S] [--rss-limit-mb M]
                                                        [--logs DIR] [--mode helpers]

The driver prints `BEGIN i name` and `END i ms peak-KiB summary` per file (see
Sources/ImageBrowserFuzz/DecodeRun.swift). A file whose END does not come within
--timeout seconds is a hang: the driver is killed and started again after it (`--from`).
A driver that exits in the middle of a file crashed on it (AddressSanitizer's report,
or a signal): recorded, and started again after it. `FINDING` lines (a broken promise
of the decoder or the cache) and a file whose peak RSS passes --rss-limit-mb are
findings too. Prints a summary; exits 1 on any finding, 0 otherwise. Each driver run's
stderr (GLib warnings, sanitizer reports) is kept in --logs, and its GLib warnings and
criticals are counted. With `--mode helpers` the driver sends the files through the
decoder helpers (`image-browser-fuzz helpers`), and every GLib warning or critical in
the logs is a finding too, but for Pango's lines about a font too large for FreeType
(text an SVG draws beyond 65,535 pixels, which librsvg asks for and which that render
then lacks): counted apart.
"""

import argparse
import collections
import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path


def run_from(driver, mode, corpus, start, timeout, log_path, findings, results, names):
    """One driver process from file `start`; returns the index to go on from, or None
    when the corpus is done."""
    with open(log_path, "wb") as log:
        process = subprocess.Popen([driver, mode, corpus, "--from", str(start)],
                                   stdout=subprocess.PIPE, stderr=log, start_new_session=True)
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    buffer = b""
    current = None
    began = time.monotonic()
    done = False
    while True:
        limit = timeout if current is not None else timeout * 3  # start-up under ASan
        remaining = began + limit - time.monotonic()
        if remaining <= 0 or not selector.select(remaining):
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            index = current if current is not None else start
            findings.append((index, f"hang: no result after {limit:.0f} s"))
            results[index] = ("hang", limit * 1000, 0, "")
            return index + 1
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        for raw in lines:
            line = raw.decode("utf-8", "replace")
            kind, _, rest = line.partition(" ")
            if kind == "FILES":
                names.setdefault("count", int(rest))
            elif kind == "BEGIN":
                index, _, name = rest.partition(" ")
                current = int(index)
                names[current] = name
                began = time.monotonic()
            elif kind == "END":
                index, milliseconds, peak, summary = (rest.split(" ", 3) + [""])[:4]
                results[int(index)] = ("ok", int(milliseconds), int(peak), summary)
                current = None
                began = time.monotonic()
            elif kind == "FINDING":
                index, _, what = rest.partition(" ")
                findings.append((int(index), what))
            elif kind == "DONE":
                done = True
    code = process.wait()
    if done and code == 0:
        return None
    index = current if current is not None else start
    report = crash_summary(log_path)
    findings.append((index, f"crash (exit status {code}): {report}"))
    results[index] = ("crash", 0, 0, report)
    return index + 1


def crash_summary(log_path):
    """The sanitizer's SUMMARY line or the first fatal line of a driver's stderr."""
    text = Path(log_path).read_text(errors="replace").splitlines()
    for marker in ("SUMMARY: ", "terminate called", "Fatal error", "*** Program crashed"):
        for line in text:
            if marker in line:
                return line.strip()[:200]
    return "no report"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("driver")
    parser.add_argument("corpus")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--rss-limit-mb", type=int, default=1500)
    parser.add_argument("--logs", type=Path, default=Path("/var/tmp/image-browser-fuzz/logs"))
    parser.add_argument("--mode", choices=["decode", "helpers"], default="decode")
    options = parser.parse_args()
    options.logs.mkdir(parents=True, exist_ok=True)
    for old in options.logs.glob("decode-*.log"):
        old.unlink()

    findings, results, names = [], {}, {}
    started = time.monotonic()
    position, runs = 0, 0
    while position is not None:
        runs += 1
        log = options.logs / f"decode-{runs:03}.log"
        position = run_from(options.driver, options.mode, options.corpus, position,
                            options.timeout, log, findings, results, names)
        if position is not None and position >= names.get("count", 0):
            position = None
    elapsed = time.monotonic() - started

    count = names.get("count", 0)
    for index, (state, _, peak, _) in results.items():
        if state == "ok" and peak > options.rss_limit_mb * 1024:
            findings.append((index, f"peak RSS {peak // 1024} MiB over {options.rss_limit_mb}"))
    outcomes = collections.Counter()
    for state, _, _, summary in results.values():
        if state != "ok":
            outcomes[state] += 1
            continue
        refused = "fit=failed" in summary and "full=failed" in summary
        outcomes["refused" if refused else "decoded"] += 1
    slowest = sorted(((r[1], i) for i, r in results.items() if r[0] == "ok"), reverse=True)[:5]
    peaks = sorted(((r[2], i) for i, r in results.items() if r[0] == "ok"), reverse=True)[:3]

    print(f"{count} files, {len(results)} run, in {elapsed:.0f} s ({runs} driver runs; "
          f"load {' '.join(open('/proc/loadavg').read().split()[:3])})")
    print("outcomes: " + ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items())))
    print("slowest: " + ", ".join(f"{names.get(i, i)} {ms / 1000:.1f} s" for ms, i in slowest))
    print("peak RSS: " + ", ".join(f"{names.get(i, i)} {kib // 1024} MiB" for kib, i in peaks))
    glib = [line for log in sorted(options.logs.glob("decode-*.log"))
            for line in log.read_text(errors="replace").splitlines()
            if "-WARNING **" in line or "-CRITICAL **" in line or ": WARNING **" in line
            or ": CRITICAL **" in line]
    fonts = [line for line in glib if "Pango-WARNING" in line and (
        "failed to create cairo scaled font" in line or "font_face status" in line
        or "scaled_font status" in line)]
    others = [line for line in glib if line not in fonts]
    print(f"GLib warnings and criticals in the logs: {len(others)}"
          f" (and {len(fonts)} of Pango's about fonts too large for FreeType)")
    for line in others[:5]:
        print(f"  {line[:200]}")
    if options.mode == "helpers" and others:
        findings.append((-1, f"{len(others)} GLib warnings and criticals from the helpers"))
    missing = [i for i in range(count) if i not in results]
    for index in missing:
        findings.append((index, "never run"))
    if findings:
        print(f"{len(findings)} FINDINGS:")
        for index, what in sorted(findings):
            print(f"  {names.get(index, index)}: {what}")
        return 1
    print("no finding")
    return 0


if __name__ == "__main__":
    sys.exit(main())
