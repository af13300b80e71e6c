#!/usr/bin/env bash
# Peak memory (PSS and RSS, summed) of the image browser with its decoder helpers over the bombs or the fuzz corpus (memory.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh dbus-daemon python3 python3-xlib python3-pil
if [[ " $* " != *" --binary="* ]]; then
  swift build -c release --product image-browser
  swift build -c release --product image-browser-decoder
fi
exec /usr/bin/python3 Benchmarks/app/memory.py "$@"
