#!/usr/bin/env bash
# Decoder helpers against in-process decoding (see decoders.py): builds the app and its
# helper in release mode, then runs Benchmarks/app/decoders.py with the given options.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh dbus-daemon python3 python3-xlib python3-pil fonts-dejavu-core
swift build -c release --product image-browser
swift build -c release --product image-browser-decoder
exec /usr/bin/python3 Benchmarks/app/decoders.py "$@"
