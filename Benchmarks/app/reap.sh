#!/usr/bin/env bash
# How long a killed decoder helper stays a zombie (reap.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-deps.sh dbus-daemon python3
if [[ " $* " != *" --binary="* ]]; then
  swift build -c release --product image-browser
  swift build -c release --product image-browser-decoder
fi
exec /usr/bin/python3 Benchmarks/app/reap.py "$@"
