#!/usr/bin/env bash
# Installs the Debian packages the build, the app and the tests need, when missing,
# plus any packages named as arguments (the app benchmark adds its own).
set -euo pipefail

# libgirepository1.0-dev: the GObject, GLib and Gio introspection files the generator reads
# (Gtk-3.0.gir comes with libgtk-3-dev); python3 runs the generator.
# The image browser: libgexiv2-dev (reads EXIF and XMP for the properties),
# librsvg2-common (gdk-pixbuf's SVG module and librsvg itself, which the app opens at run
# time to render SVG at any zoom; no headers needed), liblcms2-dev (applies embedded ICC
# profiles), webp-pixbuf-loader (gdk-pixbuf reads WebP: stills, thumbnails and an
# animation's first frame), heif-gdk-pixbuf and libavif-gdk-pixbuf (gdk-pixbuf reads
# HEIC/HEIF and AVIF: phones' photos; without them such files are listed as ones that
# cannot be shown), libwebp-dev (libwebp's demuxer and animation decoder, which
# play animated WebP with the file's own timing), libturbojpeg0-dev (libjpeg-turbo's
# transform API: a JPEG crop on the block grid is cut without decoding), libheif-dev
# (libheif's header: HEIC is decoded through libheif directly, opened at run time, which
# heif-gdk-pixbuf installs; the scanner still learns the format from that loader); gettext extracts and
# compiles its translations (gettext follows LANGUAGE in the built-in C.UTF-8 locale, so
# no locale needs generating); gsettings-desktop-schemas
# (org.gnome.desktop.background, which Set as Wallpaper writes and its test checks).
# libseccomp-dev: the decoder helper's seccomp filter (what a decoder may do: read files,
# map memory, its socket to the app; not write files, make sockets or run programs) is
# built with libseccomp, which knows each architecture's system call numbers.
# libhandy-1-dev and libgtksourceview-4-dev: the Handy and GtkSource modules (libhandy 1's
# adaptive widgets, GtkSourceView 4's source editing), generated like GTK's layer.
# The accessibility test (make test-a11y) talks AT-SPI: at-spi2-core (its bus and
# registry), dbus-daemon (dbus-run-session, a private session bus; also GtkReactive's
# D-Bus call test), dbus-x11 (the bus's X11 autolaunch) and python3-pyatspi.
packages=(libgtk-3-dev libgirepository1.0-dev python3 gettext xvfb xauth imagemagick
  libgexiv2-dev librsvg2-common liblcms2-dev webp-pixbuf-loader heif-gdk-pixbuf
  libavif-gdk-pixbuf libwebp-dev libturbojpeg0-dev libheif-dev
  gsettings-desktop-schemas libseccomp-dev libhandy-1-dev libgtksourceview-4-dev
  at-spi2-core dbus-daemon dbus-x11 python3-pyatspi "$@")
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done

if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "Installing missing packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    if [ -x "$candidate/swift" ]; then
      echo "swift is not on PATH; add $candidate to PATH" >&2
      exit 1
    fi
  done
  echo "A Swift 6.2+ toolchain is needed (swift.org/install/linux); none was found." >&2
  exit 1
fi
