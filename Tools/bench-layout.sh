#!/usr/bin/env bash
# Layout figures beside kiwi (nucleic/kiwi, the header-only C++ Cassowary solver), in one run:
#   bash Tools/bench-layout.sh [KIWI_SNAPSHOT]
# KIWI_SNAPSHOT is a checkout or a bare git directory of kiwi (a fetched snapshot; nothing of kiwi is committed
# here). Its enaml-like benchmark's constraints are extracted into a data file both solvers read
# (Tools/bench/extract-kiwi-form.py), and Tools/bench/kiwi-driver.cpp is built against its headers. Without a
# snapshot, Vitrine's figures are printed alone.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh g++
KIWI="${1:-${KIWI_SNAPSHOT:-}}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
args=()
if [ -n "$KIWI" ]; then
  if [ -d "$KIWI/kiwi" ]; then
    cp -r "$KIWI/kiwi" "$work/"; mkdir -p "$work/benchmarks"; cp "$KIWI/benchmarks/enaml_like_benchmark.cpp" "$work/benchmarks/"
  else
    git --git-dir="$KIWI" archive HEAD kiwi benchmarks/enaml_like_benchmark.cpp | tar -x -C "$work"
  fi
  python3 Tools/bench/extract-kiwi-form.py "$work/benchmarks/enaml_like_benchmark.cpp" "$work/form.txt"
  g++ -O2 -std=c++17 -I"$work" -o "$work/kiwi-driver" Tools/bench/kiwi-driver.cpp
  args=(--form "$work/form.txt" --kiwi-driver "$work/kiwi-driver")
else
  echo "bench-layout: no kiwi snapshot given; printing Vitrine's figures alone" >&2
fi
swift build -c release --product vitrine-bench-layout
.build/release/vitrine-bench-layout "${args[@]}"
