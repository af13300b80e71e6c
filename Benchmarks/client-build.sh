#!/usr/bin/env bash
# A client's debug build at two revisions of the package: Examples/Todo (which depends on
# the package by path) built clean, then again after one of its files changed, each
# revision in a fresh clone, the two taking turns:
#   Benchmarks/client-build.sh BEFORE_REV [AFTER_REV] [ROUNDS]
# Prints per build the wall time, the CPU time (user + system; it moves less with load
# than wall time) and the load, then the compiler's CPU per module of the last round's
# clean builds (Benchmarks/build-modules.py).
set -euo pipefail
source "$(dirname "$0")/two-revisions.sh" client-build.sh "$@"
load() { cut -d' ' -f1-3 /proc/loadavg; }
for round in $(seq "$rounds"); do
  for name in before after; do
    todo="$work/$name/Examples/Todo"
    rm -rf "$todo/.build" "$work/stats-$name"
    git -C "$work/$name" checkout -q -- Examples/Todo
    mkdir -p "$work/stats-$name" "$work/jobs"
    # Both builds take the same flags: a changed flag would rebuild everything.
    build=(swift build --package-path "$todo" -Xswiftc -stats-output-dir -Xswiftc "$work/jobs")
    rm -rf "$work/jobs"/*
    start=$(load)
    /usr/bin/time -f "%e s wall, %U+%S s CPU" "${build[@]}" >/dev/null 2>"$work/time.txt" ||
      { cat "$work/time.txt"; exit 1; }
    echo "$name round $round, clean: $(tail -1 "$work/time.txt") (load $start → $(load))"
    mv "$work/jobs"/* "$work/stats-$name/"
    # One line appended to one of the client's files: what an edit of its own costs.
    echo "// edited" >>"$todo/Sources/Todo/TodoWindow.swift"
    start=$(load)
    /usr/bin/time -f "%e s wall, %U+%S s CPU" "${build[@]}" >/dev/null 2>"$work/time.txt" ||
      { cat "$work/time.txt"; exit 1; }
    echo "$name round $round, one file edited: $(tail -1 "$work/time.txt") (load $start → $(load))"
  done
done
python3 "$root/Benchmarks/build-modules.py" "$work/stats-before" "$work/stats-after"
