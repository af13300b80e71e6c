#!/usr/bin/env bash
# `make fuzz`: builds the fuzzing driver under AddressSanitizer with libFuzzer's coverage
# instrumentation, makes the decoder corpus, runs it through the decoders and the
# thumbnail cache, then runs the two libFuzzer targets for a bounded time each.
# Exits non-zero on any finding. See Docs/Development.md, "Fuzzing".
#
#   Fuzz/fuzz.sh [--seconds N] [--seed N]     (defaults: 60 s per libFuzzer target, seed 12)
#
# Environment: SWIFT (default swift), FUZZ_WORK (default /var/tmp/image-browser-fuzz:
# the corpus, the thumbnail cache, libFuzzer's growing corpora, logs and crash inputs).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
seed=12
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) echo "usage: $0 [--seconds N] [--seed N]" >&2; exit 2 ;;
  esac
done

SWIFT="${SWIFT:-swift}"
work="${FUZZ_WORK:-/var/tmp/image-browser-fuzz}"
mkdir -p "$work/logs" "$work/crashes"
# A crash is reported by the sanitizer or libFuzzer; Swift's own backtracer would only
# repeat it (and reads memory ASan then flags).
export SWIFT_BACKTRACE=enable=no

# libFuzzer's runtime without its main(): the driver keeps its own main and calls
# LLVMFuzzerRunDriver (declared weak in Sources/CFuzzer). `swift build --sanitize=fuzzer`
# would link the runtime's main() over the driver's; the coverage flags below are the
# ones -sanitize=fuzzer turns on.
resource_dir="$("$SWIFT" -print-target-info | /usr/bin/python3 -c \
  'import json,sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')"
runtime="$(ls "$resource_dir"/../clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null |
  head -n 1)"
if [ -z "$runtime" ]; then
  echo "libclang_rt.fuzzer_no_main-x86_64.a not found under $resource_dir/../clang" >&2
  exit 1
fi

echo "== building image-browser-fuzz (AddressSanitizer, libFuzzer coverage; .build-fuzz)"
started=$(date +%s)
"$SWIFT" build --product image-browser-fuzz --sanitize=address --scratch-path .build-fuzz \
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
  -Xlinker --undefined=LLVMFuzzerRunDriver -Xlinker "$runtime" -Xlinker -lstdc++ \
  2>&1 | grep -v -e "Cannot export local symbol" -e "prohibited flag(s): -pthread" || true
driver="$("$SWIFT" build --scratch-path .build-fuzz --show-bin-path)/image-browser-fuzz"
[ -x "$driver" ] || { echo "the build failed" >&2; exit 1; }
echo "   built in $(($(date +%s) - started)) s"

status=0
export ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1:${ASAN_OPTIONS:-}"

echo "== decoder corpus (seed $seed)"
/usr/bin/python3 Fuzz/make-corpus.py --seed "$seed" --out "$work/corpus"
echo "== the corpus under AddressSanitizer (memory errors; RSS includes ASan's shadow)"
/usr/bin/python3 Fuzz/run-decoders.py "$driver" "$work/corpus" --logs "$work/logs/asan" \
  --rss-limit-mb 1500 || status=1

# Peak RSS is only meaningful without ASan (a 4 GiB allocation a loader asks for and
# never touches costs 512 MiB of shadow under ASan): the ordinary debug build, held to
# the app's bound of 500 MB for any one file.
echo "== the corpus in the ordinary build (peak RSS against 500 MB)"
"$SWIFT" build --product image-browser-fuzz 2>&1 | grep -v "prohibited flag(s): -pthread" |
  grep -E "error|warning|Build" || true
plain="$("$SWIFT" build --show-bin-path)/image-browser-fuzz"
/usr/bin/python3 Fuzz/run-decoders.py "$plain" "$work/corpus" --logs "$work/logs/plain" \
  --rss-limit-mb 500 || status=1

# The app's own way: through the decoder helpers (sandboxed, limited), a GLib critical in
# a loader ending its helper and every warning on stderr counted, each a finding.
echo "== the corpus through the decoder helpers (no GLib warning or critical)"
"$SWIFT" build --product image-browser-decoder 2>&1 | grep -v "prohibited flag(s): -pthread" |
  grep -E "error|warning" || true
/usr/bin/python3 Fuzz/run-decoders.py "$plain" "$work/corpus" --mode helpers \
  --logs "$work/logs/helpers" || status=1

for target in names settings; do
  echo "== libFuzzer: $target, $seconds s"
  mkdir -p "$work/corpus-$target"
  if ! "$driver" "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len="$([ $target = names ] && echo 1024 || echo 4096)" -print_final_stats=1 -artifact_prefix="$work/crashes/$target-" \
    "$work/corpus-$target" "Fuzz/Corpus/$target" >"$work/logs/$target.log" 2>&1; then
    status=1
    echo "   FINDING: see $work/logs/$target.log and $work/crashes/" >&2
    grep -E "FUZZ FINDING|ERROR: |SUMMARY" "$work/logs/$target.log" | head -n 5 >&2 || true
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|cov: .*ft: " \
    "$work/logs/$target.log" | tail -n 3 | sed 's/^/   /'
done

echo "== fuzz: $([ $status -eq 0 ] && echo "no finding" || echo "FINDINGS") in $(($(date +%s) - started)) s"
exit $status
