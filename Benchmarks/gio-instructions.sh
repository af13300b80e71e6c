#!/usr/bin/env bash
# Instructions per file on the main thread of gio-bench's contenders, counted by valgrind's
# callgrind inside the measured trials only (`bench_timed_run`, which only the main thread
# enters: GIO's worker threads, the same for every contender, are left out): what each
# contender costs the thread that runs the app's loop, independent of machine load.
# Usage: Benchmarks/gio-instructions.sh [FILES]
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "gio-instructions.sh needs valgrind" >&2; exit 1; }

# valgrind 3.19 cannot read the DWARF 5 that swiftc emits by default.
scratch=.build-callgrind
swift build -c release --product gio-bench --scratch-path "$scratch" \
  -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 2>&1 | grep -E "error|complete" >&2
binary="$scratch/release/gio-bench"
files=${1:-1000}

count() {  # contender -> instructions (the warm-up trial and one run: two trials)
  valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=bench_timed_run \
    "$binary" --files="$files" --only="$1" --runs=1 \
    2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "| contender | main-thread instructions per file |"
echo "|---|---:|"
for contender in c-seq c-cancellable-seq async-seq signal-seq c-all c-cancellable-all \
  async-all signal-all; do
  echo "| $contender | $(( $(count "$contender") / (2 * files) )) |"
done
