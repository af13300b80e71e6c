#!/usr/bin/env bash
# Instructions per event for every workload and library, counted by valgrind's callgrind:
# independent of machine load, so it shows what a change to the library costs even on a
# busy machine. Only the timed part of a trial is counted (callgrind collects inside
# `bench_timed_run`, see BenchHarness), so building and clean-up are left out; one
# trial's count is (warm-up + 2 runs) − (warm-up + 1 run). Workload 8 delivers on
# another thread, which that toggle does not follow: it counts the whole process.
# Usage: Benchmarks/instructions.sh [WORKLOAD-NUMBER…]   (needs valgrind)
#        BINARY=path/to/reactive-bench Benchmarks/instructions.sh …   (no build)
#        LIBRARIES=Reactive,OpenCombine Benchmarks/instructions.sh …   (some libraries)
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "instructions.sh needs valgrind" >&2; exit 1; }

# valgrind 3.19 cannot read the DWARF 5 that swiftc emits by default.
scratch=.build-callgrind
if [ -z "${BINARY:-}" ]; then
  swift build -c release --product reactive-bench --scratch-path "$scratch" \
    -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 2>&1 | grep -E "error|complete" >&2
fi
binary="${BINARY:-$scratch/release/reactive-bench}"
scale=100
# Events per trial at this scale (the event counts of reactive-bench's table).
events() {
  case "$1" in
    1 | 10) echo $((10000000 / scale)) ;;
    7 | 9) echo $((100000 / scale)) ;;
    *) echo $((1000000 / scale)) ;;
  esac
}

output=$(mktemp)
trap 'rm -f "$output"' EXIT
count() {  # workload library runs -> instructions (the table row goes to $output)
  local toggle=(--toggle-collect=bench_timed_run)
  [ "$1" = 8 ] && toggle=()
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "${toggle[@]}" "$binary" \
    --scale=$scale --runs="$3" --library="$2" "$1" 2>&1 >"$output" |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

workloads=("${@:-1 2 3 4 5 6 7 8 9 10 11 13 14}")
echo "| workload | library | instructions/event |"
echo "|---|---|---:|"
for workload in ${workloads[*]}; do
  IFS=, read -r -a libraries <<<"${LIBRARIES:-Reactive,OpenCombine,plain closures}"
  for library in "${libraries[@]}"; do
    one=$(count "$workload" "$library" 1)
    grep -q "| $library |" "$output" || continue  # no such workload for this library
    two=$(count "$workload" "$library" 2)
    echo "| $workload | $library | $(( (two - one) / $(events "$workload") )) |"
  done
done
