#!/usr/bin/env bash
# Takes the screenshots in Docs/screenshots: the app on the samples (first image, a
# page later with the information panel, zoomed, the properties sidebar on a photo with
# EXIF), on a folder with a broken file, on an empty folder and on a file that is not an
# image. Needs a release build (`swift build -c release --product image-browser` and `--product image-browser-decoder`; set
# IMAGE_BROWSER_APP to use another binary),
# Xvfb, xdotool and ImageMagick's `import`.
set -euo pipefail
cd "$(dirname "$0")/.."
app=${IMAGE_BROWSER_APP:-.build/release/image-browser}
out=${1:-Docs/screenshots}
display=:93
Xvfb $display -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
scratch=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null; rm -rf "$scratch"' EXIT
# XDG_DATA_HOME: every launch adds its folder to the recently used list.
export DISPLAY=$display XDG_CACHE_HOME=$scratch/cache XDG_CONFIG_HOME=$scratch/config \
  XDG_DATA_HOME=$scratch/data
sleep 1

# shot NAME FOLDER KEYS...: launch on FOLDER, press KEYS, capture the window.
shot() {
  local name=$1 folder=$2
  shift 2
  dbus-run-session -- "$app" "$folder" >/dev/null 2>&1 &
  local session=$!
  local window=""
  for _ in $(seq 100); do
    window=$(xdotool search --name "Image Browser" 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 0.1
  done
  sleep 2
  xdotool windowfocus --sync "$window"
  for key in "$@"; do
    xdotool key "$key"
    sleep 0.4
  done
  sleep 1.5
  import -window "$window" "$out/$name.png"
  pkill -P "$session" 2>/dev/null || true
  kill "$session" 2>/dev/null || true
  sleep 0.5
}

shot samples resources/samples
shot paged-info resources/samples Right Right Right i
mkdir -p "$scratch/broken"
cp resources/samples/aurora.jpg resources/samples/rings.png "$scratch/broken/"
printf 'not a photo' >"$scratch/broken/holiday.jpg"
shot error "$scratch/broken" Right
shot zoomed resources/samples End plus plus plus
shot properties resources/samples End Left Left alt+Return
mkdir -p "$scratch/empty"
shot empty "$scratch/empty"
mkdir -p "$scratch/notes"
cp resources/samples/aurora.jpg resources/samples/sunset.jpg "$scratch/notes/"
printf 'shopping list\n' >"$scratch/notes/notes.txt"
shot not-an-image "$scratch/notes/notes.txt"
echo "screenshots in $out"
