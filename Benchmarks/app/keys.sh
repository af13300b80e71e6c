#!/usr/bin/env bash
# `make bench-keys`: paging speed of the image browser beside Eye of GNOME (keys.py):
# a held key through 150 camera-size JPEGs, jumps on 10,000 photos, paging under CPU load.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh eog dbus-daemon python3 python3-xlib python3-pil python3-gi gir1.2-gexiv2-0.10 fonts-dejavu-core
if [[ " $* " != *" --binary"* ]]; then
  swift build -c release --product image-browser
  swift build -c release --product image-browser-decoder
fi
# Debian's Python, where python3-xlib and python3-pil are installed (not a pyenv shim).
exec /usr/bin/python3 -B Benchmarks/app/keys.py "$@"
