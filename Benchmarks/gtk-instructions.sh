#!/usr/bin/env bash
# Instructions per event of gtk-bench's contenders, counted by valgrind's callgrind inside
# the measured trials only (GTK's start-up varies between processes, so it is left out):
# independent of machine load. Needs valgrind and a display (run it under xvfb-run -a).
# Usage: xvfb-run -a Benchmarks/gtk-instructions.sh
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "gtk-instructions.sh needs valgrind" >&2; exit 1; }

# valgrind 3.19 cannot read the DWARF 5 that swiftc emits by default.
scratch=.build-callgrind
swift build -c release --product gtk-bench --scratch-path "$scratch" \
  -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 2>&1 | grep -E "error|complete" >&2
binary="$scratch/release/gtk-bench"
scale=10

# Counts only inside the trials' work (the warm-up trial and one run: two trials): `emit`
# for the emission contenders, the `run` closures for the connection ones and for those
# of `Subclassing.swift` (widgets made and released, properties set). (`measure`
# itself is inlined into its caller in release builds, so it cannot be the toggle.)
count() {  # contender -> instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --toggle-collect='$s8GtkBench4emityyF' \
    --toggle-collect='$s8GtkBench0B7Harness5TrialVycf*yycfU_' \
    --toggle-collect='$s8GtkBench18creationContenders*yycfU_TA' \
    --toggle-collect='$s8GtkBench18propertyContenders*yycfU0_TA' \
    "$binary" --scale=$scale --only="$1" --runs=1 \
    2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "| contender | instructions/event |"
echo "|---|---:|"
for contender in none raw rx chain connect-raw connect-rx connect-rx-new connect-floor \
  create-c create-wrapper create-subclass property-builtin property-swift; do
  case $contender in
    connect* | create*) events=$((2 * 100000 / scale)) ;;
    *) events=$((2 * 1000000 / scale)) ;;
  esac
  echo "| $contender | $(( $(count "$contender") / events )) |"
done
