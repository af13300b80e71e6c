#!/usr/bin/env bash
# The app's start-up before GTK, counted by callgrind: independent of load and of the
# page cache, so it compares two builds on any machine. Each binary runs `--help`
# (dynamic loading and relocation, the Swift runtime's start, the translations,
# GApplication's option parsing, then exit); the decoder helper it spawns is not
# followed. Prints each binary's total, its costliest functions and its relocations.
# Usage: Benchmarks/app/startup-instructions.sh NEW_BINARY [OLD_BINARY]   (needs valgrind)
set -euo pipefail
command -v valgrind >/dev/null || { echo "startup-instructions.sh needs valgrind" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() {  # binary name -> total instructions; the profile goes to $work/name
  valgrind --tool=callgrind --callgrind-out-file="$work/$2" "$1" --help 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
summary() {  # name -> the top self-cost functions
  callgrind_annotate --inclusive=no "$work/$1" 2>/dev/null |
    grep -E '^ *[0-9,]+ \(' | sed -n 2,9p | cut -c1-150
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for binary in "$@"; do
  name=$(basename "$(dirname "$binary")")-$RANDOM
  total=$(count "$binary" "$name")
  echo "$binary: $total instructions"
  summary "$name"
  echo "  relocations: $(readelf -rW "$binary" | grep -c R_X86_64),"\
    "with a symbol looked up at start: $(readelf -rW "$binary" |
      grep -cE 'R_X86_64_(64|GLOB_DAT)'),"\
    "libraries: $(readelf -d "$binary" | grep -c NEEDED)"
done
