#!/usr/bin/env bash
# One photo's decode counted by callgrind: load-free, so it compares decoders on a busy
# machine. Each FILE is decoded once, in process, by `image-browser-fuzz decode-file`
# (the browser's ImageDecoder, as its helpers run it) and by gdk-pixbuf's own loader
# (the peer: what a GTK viewer pays), fitted to the viewer's box (1280x800) and to a
# thumbnail's (128x128). Prints each count's total instructions, and what the costly
# stages take (inclusive, summed over threads). The process's start is in every total.
# Usage: Benchmarks/app/decode-instructions.sh [FILE…]
#   (default: the first photo of /var/tmp/image-browser-bench/jpeg-24 and heic-24, which
#   Benchmarks/app/run.sh --formats=jpeg,heic makes; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/../.."
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(/var/tmp/image-browser-bench/jpeg-24/photo-00001.jpg
    /var/tmp/image-browser-bench/heic-24/photo-00001.heic)
fi
scripts/install-deps.sh valgrind
swift build -c release --product image-browser-fuzz >&2
tool=$(swift build -c release --show-bin-path)/image-browser-fuzz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Function patterns (callgrind_annotate's "file:function" column) and what they stand for.
stages=(
  "_dl_catch_exception|dynamic loader, dlopen (gdk-pixbuf's loader modules, libheif)"
  "gdk_pixbuf_loader_write|gdk-pixbuf loader: feeding the file"
  "gdk_pixbuf_loader_close|gdk-pixbuf loader: finishing (heif's loader decodes here)"
  "jpeg_read_scanlines|JPEG decoding (libjpeg scanlines)"
  "heif_decode_image|libheif: heif_decode_image"
  "de265_decode|  of which HEVC decoding (libde265)"
  "convert_band|  of which ours: YCbCr to RGB in our HEVC plugin (CHEVCPlugin)"
  "heif_image_scale_image|libheif: scaling (gdk-pixbuf's heif loader)"
  "HEIFDecoder|ours: HEIFDecoder (libheif, reduction, resampling, colour)"
  "PlanarImage|  of which ours: planes to RGB at the reduced size"
  "gdk_pixbuf_scale\b|gdk-pixbuf: scaling the decoded image"
)

count() { # label, then the command
  local label=$1 out="$work/callgrind.out"
  shift
  rm -f "$out"
  local result
  result=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 2>/dev/null | tail -1)
  local total
  total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
  printf '%-58s %8.1f M  %s\n' "$label" "$(echo "$total / 1000000" | bc -l)" "$result"
  callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null >"$work/annotated"
  local stage pattern name value
  for stage in "${stages[@]}"; do
    pattern=${stage%%|*} name=${stage#*|}
    value=$(grep -E "$pattern" "$work/annotated" | head -1 | awk '{gsub(",", "", $1); print $1}' || true)
    if [ -n "$value" ]; then printf '    %-54s %8.1f M\n' "$name" "$(echo "$value / 1000000" | bc -l)"; fi
  done
}

for file in "${files[@]}"; do
  for box in 1280x800 128x128; do
    count "$(basename "$file") $box, ours" "$tool" decode-file "$file" "$box"
    count "$(basename "$file") $box, gdk-pixbuf's loader" "$tool" decode-file "$file" "$box" --gdk-pixbuf
  done
done
