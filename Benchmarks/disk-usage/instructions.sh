#!/usr/bin/env bash
# Instructions of Examples/DiskUsage's scan and of its C peer (`gio_scan.c`) under
# valgrind's callgrind, on the same warm tree as run.sh: independent of the machine's load.
# Each program runs twice: once counting its main thread inside `g_main_loop_run` only
# (the scan, without GTK's or GLib's start-up), once counting every thread, of which the
# ones other than the main thread are GIO's workers (reading folders, building GFileInfos).
# Usage: Benchmarks/disk-usage/instructions.sh   (needs a display: it runs under xvfb-run;
#        make the tree first with run.sh, or set TREE)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "instructions.sh needs valgrind" >&2; exit 1; }
tree=${TREE:-/tmp/disk-usage-tree}
[ -f "$tree/.complete" ] || { echo "no tree at $tree: run Benchmarks/disk-usage/run.sh 1 first" >&2; exit 1; }
out=.build-disk-usage
mkdir -p "$out"

gcc -O2 -o "$out/gio_scan" Benchmarks/disk-usage/gio_scan.c $(pkg-config --cflags --libs gio-2.0)
swift build -c release --package-path Examples/DiskUsage --product disk-usage >/dev/null
app="$(swift build -c release --package-path Examples/DiskUsage --show-bin-path)/disk-usage"
du -s -B1 "$tree" >/dev/null  # warm the cache

# Sum of the `summary:`/`totals:` lines of callgrind's per-thread files matching $1.
total() {
  local sum=0 file value
  for file in $1; do
    [ -f "$file" ] || continue
    value=$(sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$file" | head -1)
    sum=$((sum + ${value:-0}))
  done
  echo "$sum"
}

# A label, a runner (`xvfb-run -a` or nothing: valgrind must run the program itself, not
# the runner), then the command line: prints main-thread and worker instructions.
measure() {
  local label=$1 runner=$2
  shift 2
  local dir
  dir=$(mktemp -d "$out/callgrind.XXXXXX")
  $runner valgrind --tool=callgrind --separate-threads=yes --collect-atstart=no \
    --toggle-collect=g_main_loop_run --callgrind-out-file="$dir/main.%p" "$@" >/dev/null 2>&1
  $runner valgrind --tool=callgrind --separate-threads=yes \
    --callgrind-out-file="$dir/all.%p" "$@" >/dev/null 2>&1
  local main workers
  main=$(total "$dir/main.*-01")
  workers=$(total "$dir/all.*-0[2-9] $dir/all.*-[1-9][0-9]")
  rm -rf "$dir"
  printf '| %s | %s | %s | %s |\n' "$label" "$main" "$workers" "$((main + workers))"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) (instruction counts do not depend on it)"
echo "| program | main thread in g_main_loop_run | GIO's worker threads | total |"
echo "|---|---:|---:|---:|"
measure "C (gio_scan.c)" "" "$out/gio_scan" "$tree"
measure "DiskUsage" "xvfb-run -a" "$app" --benchmark "$tree"
