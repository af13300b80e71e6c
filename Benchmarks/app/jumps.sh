#!/usr/bin/env bash
# Home and End at 100,000 files: key to title (jumps.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh dbus-daemon python3 python3-xlib python3-pil
if [[ " $* " != *" --binary="* ]]; then
  swift build -c release --product image-browser
  swift build -c release --product image-browser-decoder
fi
exec /usr/bin/python3 Benchmarks/app/jumps.py "$@"
