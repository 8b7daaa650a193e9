#!/usr/bin/env bash
# Instructions per frame for the compositor benchmark's frames, counted by callgrind inside `countedFrame`:
# unlike times, these repeat exactly on a noisy machine, so they show what a change did.
# Usage: bash Tools/bench-instructions.sh [WxH@S ...]   (default: 1280x800@1 1920x1080@1)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "bench-instructions: valgrind is not installed (apt-get install valgrind)"; exit 1; }
swift build -c release --product vitrine-bench-compositor >/dev/null
# valgrind cannot read the Swift toolchain's debug information: count on a copy without it (the symbol table,
# which names `countedFrame`, stays).
bin=.build/release/vitrine-bench-compositor-nodebug
strip -g -o "$bin" .build/release/vitrine-bench-compositor
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for spec in "${@:-1280x800@1 1920x1080@1}"; do
  for spec1 in $spec; do
    line="$spec1:"
    for kind in first full label recolour animation idle ring gradient spinner text; do
      count=100; [ "$kind" = first ] && count=10
      VITRINE_BENCH_NO_PRELOAD=1 valgrind --tool=callgrind --toggle-collect='*countedFrame*' \
        --callgrind-out-file="$out" "$bin" --only "$spec1:$kind:$count" >/dev/null 2>&1
      total=$(awk '/^(summary|totals):/ { print $2; exit }' "$out")
      line+=" $kind $((total / count))"
    done
    echo "$line  (instructions per frame)"
  done
done
