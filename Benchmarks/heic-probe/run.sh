#!/usr/bin/env bash
# One HEIC's decode (heif_decode_image alone, no app) through libheif's own libde265
# plugin and through ours (Sources/CHEVCPlugin), counted by callgrind per thread (load-
# free) and timed (only meaningful on an idle machine: quote `uptime`).
# Usage: Benchmarks/heic-probe/run.sh [FILE] [RUNS]
#   (default: /var/tmp/image-browser-bench/heic-24/photo-00001.heic, which
#   Benchmarks/app/run.sh --formats=jpeg,heic makes; 20 timed runs; needs valgrind)
# The instructions on the critical path: the calling thread's, plus, while it waits for
# them, the busiest of libde265's workers (its deblocking and SAO filters run there).
set -euo pipefail
cd "$(dirname "$0")"
file=${1:-/var/tmp/image-browser-bench/heic-24/photo-00001.heic}
runs=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# clang, as SwiftPM compiles the plugin (it vectorizes the conversion at -O2; GCC 12
# does not at -O2, and counts twice the conversion's instructions).
cc=${CC:-$(command -v clang || command -v /opt/swift/usr/bin/clang || echo cc)}
"$cc" -O2 -gdwarf-4 -Wall -Wextra -I ../../Sources/CHEVCPlugin/include -o "$work/probe" \
  probe.c ../../Sources/CHEVCPlugin/hevc_plugin.c -lheif -lpthread -ldl

echo "== pixels, ours against libheif's own conversion"
"$work/probe" compare "$file"

total() {
  callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
}
echo "== instructions of one decode, per thread (callgrind; the process's start taken off)"
valgrind --tool=callgrind --callgrind-out-file="$work/base.out" "$work/probe" builtin "$file" 0 \
  >/dev/null 2>&1
base=$(total "$work/base.out")
# builtin; then ours with converting threads and libde265 workers.
for config in "builtin" "ours 1 0" "ours 2 0" "ours 1 1" "ours 2 2"; do
  set -- $config
  rm -f "$work"/cg.out*
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/cg.out" \
    "$work/probe" "$1" "$file" 1 "${2:-}" "${3:-}" >/dev/null 2>&1
  threads=()
  for out in "$work"/cg.out-*; do threads+=("$(total "$out")"); done
  main=$((threads[0] - base))
  all=$main others=""
  for count in "${threads[@]:1}"; do
    all=$((all + count))
    others+=" $((count / 1000000))"
  done
  printf '%-10s all %6.1f M; calling thread %6.1f M; other threads (M):%s\n' \
    "$config" "$(echo "$all / 1000000" | bc -l)" "$(echo "$main / 1000000" | bc -l)" "$others"
done

echo "== wall time of one decode, $runs runs each, interleaved twice (load: $(uptime | sed 's/.*load/load/'))"
for round in 1 2; do
  for config in "builtin" "ours 1 0" "ours 2 2"; do
    set -- $config
    printf '%-10s ' "$config"
    "$work/probe" "$1" "$file" "$runs" "${2:-}" "${3:-}"
  done
done
