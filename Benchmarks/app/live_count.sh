#!/usr/bin/env bash
# How far behind the folder the title's count runs while files arrive and churn (live_count.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh dbus-daemon python3 python3-xlib python3-pil
if [[ " $* " != *" --binary="* ]]; then
  swift build -c release --product image-browser
  swift build -c release --product image-browser-decoder
fi
exec /usr/bin/python3 Benchmarks/app/live_count.py "$@"
