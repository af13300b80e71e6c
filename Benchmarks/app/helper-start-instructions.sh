#!/usr/bin/env bash
# A decoder helper's start, counted by callgrind: independent of load and of the page
# cache, so it compares two builds on any machine. The helper is run with no socket to
# serve: it loads and relocates its libraries, starts the Swift runtime, sets itself up
# and puts its sandbox in place, then ends at the first read. Prints each binary's
# instructions, the shared libraries it loads (ldd) and those it names (NEEDED).
# Usage: Benchmarks/app/helper-start-instructions.sh HELPER [OTHER_HELPER]   (needs valgrind)
set -euo pipefail
command -v valgrind >/dev/null || { echo "helper-start-instructions.sh needs valgrind" >&2; exit 1; }
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for helper in "$@"; do
  # The helper ends with status 1 (nothing to serve): not a failure here.
  total=$( (valgrind --tool=callgrind --callgrind-out-file=/dev/null "$helper" 2>&1 >/dev/null ||
    true) | sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p')
  echo "$helper: $total instructions," \
    "libraries loaded: $(ldd "$helper" | grep -c '=>')," \
    "named: $(readelf -d "$helper" | grep -c NEEDED)," \
    "libturbojpeg: $(ldd "$helper" | grep -c libturbojpeg || true)"
done
