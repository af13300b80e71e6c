#!/usr/bin/env bash
# `make install` into a temporary prefix, then the installed app as a user meets it:
# the desktop file and metainfo validate, and the app launched from the prefix's bin on
# an Xvfb of its own, in German, opens a folder in a window titled in German, with its
# decoder helper started from the prefix's libexec. Then `make uninstall` must leave no
# file behind. CONFIG=debug installs the debug build (quicker to build).
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
prefix=$scratch/usr
app_pid=""
xvfb_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill -- "-$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
fail() { echo "install test: $*" >&2; exit 1; }

make --no-print-directory install PREFIX="$prefix" CONFIG="${CONFIG:-release}" \
  SCREENSHOTS_URL=https://example.org/screenshots >/dev/null
for file in bin/image-browser libexec/image-browser/image-browser \
  libexec/image-browser/image-browser-decoder share/image-browser/samples/aurora.jpg \
  share/image-browser/help/index.html share/locale/de/LC_MESSAGES/image-browser.mo \
  share/applications/org.reactivegtk.ImageBrowser.desktop \
  share/metainfo/org.reactivegtk.ImageBrowser.metainfo.xml \
  share/icons/hicolor/scalable/apps/org.reactivegtk.ImageBrowser.svg; do
  [ -e "$prefix/$file" ] || fail "$file is not installed"
done
desktop-file-validate "$prefix/share/applications/org.reactivegtk.ImageBrowser.desktop" ||
  fail "the desktop file does not validate"
appstreamcli validate --no-net "$prefix/share/metainfo/org.reactivegtk.ImageBrowser.metainfo.xml" \
  >/dev/null || fail "the metainfo does not validate"

# The installed app, launched by its name from the prefix (no source tree in reach).
folder=$scratch/photos
mkdir -p "$folder"
cp resources/samples/aurora.jpg resources/samples/sunset.jpg "$folder/"
exec 3< <(Xvfb -displayfd 1 -screen 0 1280x800x24 -noreset 2>/dev/null & echo "pid $!")
read -r _ xvfb_pid <&3
read -r display <&3
export DISPLAY=:$display
cd "$scratch"
# A process group of its own (setsid): the app, its helpers and its bus end together.
env -u IMAGE_BROWSER_SAMPLES -u IMAGE_BROWSER_LOCALE PATH="$prefix/bin:$PATH" LANGUAGE=de \
  XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache" \
  XDG_DATA_HOME="$scratch/data" setsid dbus-run-session -- image-browser "$folder" \
  >"$scratch/app.log" 2>&1 &
app_pid=$!
cd - >/dev/null
title=""
for _ in $(seq 100); do
  title=$(xdotool search --name "aurora.jpg" getwindowname 2>/dev/null | head -1 || true)
  [ -n "$title" ] && break
  sleep 0.2
done
[ -n "$title" ] || { cat "$scratch/app.log" >&2; fail "no window showed the folder"; }
case "$title" in
  *"1 von 2"*) ;;
  *) fail "the window title is not German (its translations are not found): $title" ;;
esac
helper=$(pgrep -f "$prefix/libexec/image-browser/image-browser-decoder" | head -1 || true)
[ -n "$helper" ] || fail "no decoder helper runs from $prefix/libexec"
kill -- "-$app_pid" 2>/dev/null || true
app_pid=""

make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] || fail "uninstall left: $left"
echo "install test: installed, validated, launched ($title), uninstalled"
