#!/usr/bin/env bash
# Peak RSS of the image browser paging through decompression bombs and zooming 1:1 (bombs.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh dbus-daemon python3 python3-xlib python3-pil
if [[ " $* " != *" --binary="* ]]; then
  swift build -c release --product image-browser
  swift build -c release --product image-browser-decoder
fi
exec /usr/bin/python3 Benchmarks/app/bombs.py "$@"
