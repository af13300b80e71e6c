#!/usr/bin/env bash
# Examples/DiskUsage's scan beside a C program making the same GIO calls, on a warm tree
# of 100,000 files (made once under $TREE), interleaved, with `du -s` beside both.
# Usage: Benchmarks/disk-usage/run.sh [RUNS]   (needs a display: it runs under xvfb-run)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
tree=${TREE:-/tmp/disk-usage-tree}
out=.build-disk-usage
mkdir -p "$out"

gcc -O2 -o "$out/gio_scan" Benchmarks/disk-usage/gio_scan.c $(pkg-config --cflags --libs gio-2.0)
swift build -c release --package-path Examples/DiskUsage --product disk-usage >/dev/null
app="$(swift build -c release --package-path Examples/DiskUsage --show-bin-path)/disk-usage"

if [ ! -f "$tree/.complete" ]; then
  echo "making $tree: 1,000 folders of 100 files, three levels deep"
  python3 - "$tree" <<'PY'
import os, random, sys
root = sys.argv[1]
random.seed(7)
for a in range(10):
    for b in range(10):
        for c in range(10):
            folder = os.path.join(root, f"a{a}", f"b{b}", f"c{c}")
            os.makedirs(folder, exist_ok=True)
            for f in range(100):
                with open(os.path.join(folder, f"f{f}"), "wb") as out:
                    out.write(b"x" * random.choice([10, 1000, 5000, 20000]))
open(os.path.join(root, ".complete"), "w").close()
PY
fi
du -s -B1 "$tree" >/dev/null  # warm the cache

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "du -s -B1: $(du -s -B1 "$tree" | cut -f1) bytes"
for run in $(seq "$runs"); do
  echo "C    $run: $("$out/gio_scan" "$tree")"
  echo "app  $run: $(xvfb-run -a "$app" --benchmark "$tree")"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
