#!/usr/bin/env bash
# `make bench-grid`: the browse grid's frame times and memory while scrolling 10,000
# photos, and memory after paging 100 and 1,000 images beside Eye of GNOME (grid.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh eog xvfb dbus-daemon python3 python3-xlib python3-pil fonts-dejavu-core
if [[ " $* " != *" --binary"* ]]; then
  swift build -c release --product image-browser
  swift build -c release --product image-browser-decoder
fi
# Debian's Python, where python3-xlib and python3-pil are installed (not a pyenv shim).
exec /usr/bin/python3 -B Benchmarks/app/grid.py "$@"
