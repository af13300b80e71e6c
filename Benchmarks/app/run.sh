#!/usr/bin/env bash
# `make bench-app`: installs what the app benchmark needs (when missing), builds the app
# in release mode and runs Benchmarks/app/bench_app.py with the given options
# (--quick for one run each; see bench_app.py).
set -euo pipefail
cd "$(dirname "$0")/../.."

# Key presses go through XTEST from python3-xlib (as xdotool would send them), so the
# exact time of each press is known; screenshots through GetImage (no ImageMagick).
# libheif-examples and libavif-bin make the HEIC and AVIF test files (--formats); gcc
# builds the floor contender (a bare GTK window painting the photo, floor/first-frame.c).
scripts/install-deps.sh eog dbus-daemon python3 python3-xlib python3-pil fonts-dejavu-core \
  libheif-examples libavif-bin gcc pkg-config

swift build -c release --product image-browser
swift build -c release --product image-browser-decoder
mkdir -p .build/bench
# shellcheck disable=SC2046  # pkg-config's flags are words
cc -O2 -Wall -o .build/bench/first-frame Benchmarks/app/floor/first-frame.c \
  $(pkg-config --cflags --libs gtk+-3.0)
# Debian's Python, where python3-xlib and python3-pil are installed (not a pyenv shim).
exec /usr/bin/python3 Benchmarks/app/bench_app.py "$@"
