#!/usr/bin/env bash
# Clean debug build time of the package (`swift build --build-tests`), before and after a
# change, interleaved in one run: Benchmarks/build-time.sh BEFORE_REV [AFTER_REV] [ROUNDS]
# Prints wall and CPU (user + system) seconds per build; CPU time moves less with load.
# BUILD_TIME_MODULES=1 also records each compiler job's statistics and prints, for the
# last round, the compiler's CPU time per module (Benchmarks/build-modules.py).
set -euo pipefail
source "$(dirname "$0")/two-revisions.sh" build-time.sh "$@"
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$rounds"); do
  for name in before after; do
    rm -rf "$work/$name/.build" "$work/stats-$name"
    stats=()
    if [ "${BUILD_TIME_MODULES:-0}" = 1 ]; then
      mkdir -p "$work/stats-$name"
      stats=(-Xswiftc -stats-output-dir -Xswiftc "$work/stats-$name")
    fi
    /usr/bin/time -f "$name round $round: %e s wall, %U+%S s CPU" \
      swift build --build-tests --package-path "$work/$name" "${stats[@]}" \
      >/dev/null 2>"$work/time.txt" ||
      { cat "$work/time.txt"; exit 1; }
    tail -1 "$work/time.txt"
  done
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${BUILD_TIME_MODULES:-0}" = 1 ]; then
  python3 "$root/Benchmarks/build-modules.py" "$work/stats-before" "$work/stats-after"
fi
