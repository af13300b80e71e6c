#!/usr/bin/env bash
# Instructions per event for every workload and library, counted by valgrind's callgrind:
# independent of machine load, so it shows what a change to the library costs even on a
# busy machine. One trial's count is (warm-up + 2 runs) − (warm-up + 1 run).
# Usage: Benchmarks/instructions.sh [WORKLOAD-NUMBER…]   (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "instructions.sh needs valgrind" >&2; exit 1; }

# valgrind 3.19 cannot read the DWARF 5 that swiftc emits by default.
scratch=.build-callgrind
swift build -c release --scratch-path "$scratch" -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 \
  2>&1 | grep -E "error|Build complete" >&2
binary="$scratch/release/reactive-bench"
scale=100
# Events per trial at this scale: workload 1 sends 10,000,000, the others 1,000,000.
events() { if [ "$1" = 1 ]; then echo $((10000000 / scale)); else echo $((1000000 / scale)); fi; }

output=$(mktemp)
trap 'rm -f "$output"' EXIT
count() {  # workload library runs -> instructions (the table row goes to $output)
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" \
    --scale=$scale --runs="$3" --library="$2" "$1" 2>&1 >"$output" |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

workloads=("${@:-1 2 3 4}")
echo "| workload | library | instructions/event |"
echo "|---|---|---:|"
for workload in ${workloads[*]}; do
  for library in Reactive OpenCombine "plain closures"; do
    one=$(count "$workload" "$library" 1)
    grep -q "| $library |" "$output" || continue  # no such workload for this library
    two=$(count "$workload" "$library" 2)
    echo "| $workload | $library | $(( (two - one) / $(events "$workload") )) |"
  done
done
