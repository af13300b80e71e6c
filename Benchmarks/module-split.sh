#!/usr/bin/env bash
# What GtkReactive's module layout costs a client and an edit inside the package
# (Benchmarks/README.md, "One module or several"), for each revision given:
#   Benchmarks/module-split.sh REV [REV…]
# Each revision is cloned afresh. Rows: Examples/Todo's clean debug build (Reactive and
# GtkReactive included) and its rebuild after a string in one function body changes; then
# `swift build --target GtkReactive` after a hand-written body changes, after a generated
# body changes, and after a hand-written file adds a public member to a generated class.
# Prints wall and CPU (user + system) seconds. CPU time moves less with the machine's load
# than wall time; the load is printed at the start and the end.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: module-split.sh REV [REV…]" >&2; exit 2; }
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d /tmp/module-split.XXXXXX)
trap 'rm -rf "$work"' EXIT
probe=$$

# timed LABEL COMMAND…: runs the command, prints the label with wall and CPU seconds.
timed() {
  local label=$1
  shift
  /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$@" >"$work/out.txt" 2>&1 ||
    { cat "$work/out.txt"; exit 1; }
  read -r wall user sys <"$work/time.txt"
  printf '  %-58s %7.1f s wall %7.1f s CPU' "$label" "$wall" "$(echo "$user + $sys" | bc)"
}

echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for rev in "$@"; do
  clone="$work/$rev"
  git clone -q "$root" "$clone"
  git -C "$clone" checkout -q "$rev"
  echo "$rev ($(git -C "$clone" rev-parse --short HEAD)):"
  todo="$clone/Examples/Todo"
  timed "Examples/Todo, clean debug build" swift build --package-path "$todo"
  echo
  # A string literal in the window's set-up: one body of the client's own.
  sed -i "0,/window.title = \"To-do\"/s//window.title = \"To-do $probe\"/" \
    "$todo/Sources/Todo/TodoWindow.swift"
  timed "Examples/Todo, a string in one body edited" swift build --package-path "$todo"
  echo

  swift build --package-path "$clone" --target GtkReactive >/dev/null 2>&1
  handwritten=$(find "$clone/Sources" -path '*Design/Widgets/Widget+Ancestor.swift')
  generated=$(find "$clone/Sources" -path '*Generated/Gtk/Label.swift')
  sed -i "0,/var widget: Widget? = self/s//var widget: Widget? = self; _ = $probe/" "$handwritten"
  timed "--target GtkReactive, a hand-written body edited" \
    swift build --package-path "$clone" --target GtkReactive
  echo
  sed -i "0,/defer { g_free(strC) }/s//defer { g_free(strC); _ = $probe }/" "$generated"
  timed "--target GtkReactive, a generated body edited" \
    swift build --package-path "$clone" --target GtkReactive
  echo
  printf '\nextension Widget {\n  public var probe%s: Int { %s }\n}\n' "$probe" "$probe" \
    >>"$handwritten"
  timed "--target GtkReactive, public member on Widget added" \
    swift build --package-path "$clone" --target GtkReactive
  echo
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
