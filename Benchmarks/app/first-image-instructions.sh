#!/usr/bin/env bash
# A launch up to its first painted image, counted by callgrind: independent of load, so
# it shows where the start-up goes and compares builds on a busy machine. Each launch
# opens FOLDER under Xvfb with a session bus that starts no services and fresh XDG
# folders (a cold thumbnail cache), and ends itself once the first image is on screen:
# - floor: Benchmarks/app/floor/first-frame.c with --quit-after-paint (a bare GTK window
#   painting the photo gdk-pixbuf decoded at the viewer's size);
# - each APP_BINARY given: with IMAGE_BROWSER_EXIT_AFTER_FIRST_IMAGE=1 and
#   IMAGE_BROWSER_DECODER=in-process (valgrind does not follow the decoder helpers, and
#   their seccomp filter refuses it; in process the decode is counted like the floor's).
# Prints each launch's total and its main thread's, and what the costly stages take
# (inclusive counts, summed over threads). The app's total moves by a few hundred million
# between counts: the thumbnails it decodes in process before the first image, as many
# as its threads got to; the main thread's figure and the stages hold still.
# A launch that has not painted in 20 minutes (a build without the exit variable) is
# stopped and reported without a count.
# With --keep DIR the callgrind outputs and their annotations stay in DIR for
# callgrind_annotate or kcachegrind.
# Usage: Benchmarks/app/first-image-instructions.sh [--folder DIR] [--keep DIR] [--floor-only] [APP_BINARY…]
#   (default: .build/release/image-browser and /var/tmp/image-browser-bench/photos-10000,
#   which Benchmarks/app/run.sh makes; needs valgrind, xvfb, dbus-daemon and cc)
set -euo pipefail
cd "$(dirname "$0")/../.."
folder=/var/tmp/image-browser-bench/photos-10000
keep=
if [ "${1:-}" = --folder ]; then folder=$2; shift 2; fi
if [ "${1:-}" = --keep ]; then keep=$2; shift 2; fi
binaries=("$@")
if [ "${1:-}" = --floor-only ]; then binaries=(); elif [ ${#binaries[@]} -eq 0 ]; then
  binaries=(.build/release/image-browser)
fi
scripts/install-deps.sh valgrind xvfb dbus-daemon gcc pkg-config
[ -d "$folder" ] || { echo "no folder $folder (Benchmarks/app/run.sh makes it)" >&2; exit 1; }
mkdir -p .build/bench
# shellcheck disable=SC2046  # pkg-config's flags are words
cc -O2 -Wall -o .build/bench/first-frame Benchmarks/app/floor/first-frame.c \
  $(pkg-config --cflags --libs gtk+-3.0)
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

# Function patterns (callgrind_annotate's "file:function" column) and what they stand for.
stages=(
  "_dl_start\b|dynamic loader at exec (relocations, symbol look-ups)"
  "_dl_catch_exception|dynamic loader later (dlopen: GTK modules, pixbuf loaders)"
  "gtk_init_check|gtk_init"
  "g_application_run|g_application_run (ours: GTK's start, the window, the main loop)"
  "0B6WindowC6window9viewModel7desktop|BrowserWindow.init (ours: building the window)"
  "0B9HeaderBarC9viewModel4menu|  of which the header bar"
  "10BrowseGridC9viewModel|  browse mode's grid, when built before the first image"
  "FcConfigParseAndLoad|fontconfig: parsing its configuration"
  "FcInit\b|fontconfig: FcInit"
  "gtk_css_provider_load_from|CSS: loading style sheets"
  "_gtk_css_lookup_resolve|CSS: resolving styles"
  "gtk_widget_realize|realizing widgets"
  "gtk_widget_size_allocate|allocation"
  "gtk_widget_draw_internal|drawing"
  "pango_layout_get_extents|pango: measuring text"
  "pango_itemize|pango: itemizing text"
  "gdk_pixbuf_get_formats|gdk-pixbuf: reading the loaders' list"
  "jpeg_read_scanlines|JPEG decoding (libjpeg scanlines)"
  "heif_decode_image|HEIC decoding (libheif)"
  "avifDecoderNextImage|AVIF decoding (libavif)"
  "gdk_pixbuf_scale\b|gdk-pixbuf: scaling the decoded image"
  "13FolderScannerV4scan_8sortedBy|listing the folder (ours, a background thread)"
  "13FilePathBytesO3url03forE0|  of which making the files' URLs"
  "0A9SortOrderO6sorted_5names|  of which sorting the names"
  "swift_getGenericMetadata|Swift generic metadata at run time"
  "swift_conformsToProtocol|Swift protocol conformance look-ups"
)

count() {  # name, command… : runs it under callgrind, prints the total
  local name=$1
  shift
  env -u DBUS_SESSION_BUS_ADDRESS XDG_CACHE_HOME="$(mktemp -d -p "$work")" \
    XDG_CONFIG_HOME="$(mktemp -d -p "$work")" XDG_DATA_HOME="$(mktemp -d -p "$work")" \
    GSETTINGS_BACKEND=keyfile \
    xvfb-run -a -s "-screen 0 1280x800x24 -noreset" dbus-run-session \
    --config-file=Benchmarks/app/session-bus.conf -- \
    timeout 1200 valgrind --tool=callgrind --separate-threads=yes \
    --callgrind-out-file="$work/$name.out" "$@" \
    >"$work/$name.log" 2>&1 || true
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/$name.log"
}

commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

report() {  # name, label
  local total main
  total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/$1.log")
  if [ -z "$total" ]; then
    echo "$2: no count (see the log below)"
    tail -20 "$work/$1.log"
    return
  fi
  for part in "$work/$1.out"-*; do
    callgrind_annotate --inclusive=yes --threshold=100 "$part" 2>/dev/null >"$part.txt"
  done
  main=$(grep -m1 'PROGRAM TOTALS' "$work/$1.out-01.txt" | awk '{print $1}')
  printf '%s: %s instructions in all threads (%.1f M), %s on the main thread\n' "$2" \
    "$total" "$(echo "$total / 1000000" | bc -l)" "$main"
  for stage in "${stages[@]}"; do  # each stage summed over the threads it ran on
    local pattern=${stage%%|*} label=${stage#*|} sum=0 line
    for part in "$work/$1.out"-*.txt; do
      line=$(grep -m1 -E "^ *[0-9,]+ \(.*($pattern)" "$part") || continue
      sum=$((sum + $(echo "$line" | awk '{print $1}' | tr -d ,)))
    done
    [ "$sum" -gt 0 ] || continue
    printf '  %-62s %14s\n' "$label" "$(commas "$sum")"
  done
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg); folder: $folder"
count floor .build/bench/first-frame --quit-after-paint "$folder" >/dev/null
report floor "floor (first-frame.c)"
index=0
for binary in ${binaries[@]+"${binaries[@]}"}; do
  index=$((index + 1))
  IMAGE_BROWSER_EXIT_AFTER_FIRST_IMAGE=1 IMAGE_BROWSER_DECODER=in-process \
    count "app$index" "$binary" "$folder" >/dev/null
  report "app$index" "$binary"
done
