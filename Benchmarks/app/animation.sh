#!/usr/bin/env bash
# Frame rate and added memory of a 200-frame GIF and WebP in the image browser (animation.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh dbus-daemon python3 python3-xlib python3-pil
swift build -c release --product image-browser
swift build -c release --product image-browser-decoder
exec /usr/bin/python3 Benchmarks/app/animation.py "$@"
