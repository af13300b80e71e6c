# Sourced by the build benchmarks (build-time.sh, client-build.sh): reads their arguments
# BEFORE_REV [AFTER_REV] [ROUNDS] into `before`, `after` (default HEAD) and `rounds`
# (default 2), and clones the package at each revision into "$work/before" and
# "$work/after", in a fresh temporary directory removed on exit.
#   source "$(dirname "$0")/two-revisions.sh" NAME "$@"
script=$1
shift
before=${1:?usage: $script BEFORE_REV [AFTER_REV] [ROUNDS]}
after=${2:-HEAD}
rounds=${3:-2}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d "/tmp/${script%.sh}.XXXXXX")
trap 'rm -rf "$work"' EXIT
for name in before after; do
  rev=$([ "$name" = before ] && echo "$before" || echo "$after")
  git clone -q "$root" "$work/$name"
  git -C "$work/$name" checkout -q "$rev"
done
