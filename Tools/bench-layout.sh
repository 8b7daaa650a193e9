#!/usr/bin/env bash
# Layout figures beside kiwi (the header-only C++ Cassowary solver behind Python's kiwisolver), in one run:
#   bash Tools/bench-layout.sh [--vitrine-only]
# kiwi comes from PyPI: the kiwisolver source distribution (pinned below) carries kiwi's C++ headers and its
# enaml-like benchmark. Its benchmark's constraints are read into a data file both solvers solve
# (Tools/bench/kiwisolver-form.py), and Tools/bench/kiwisolver-driver.cpp is built against its headers, in a
# temporary folder. Nothing of kiwi is kept in this repository. --vitrine-only (or no PyPI) prints Vitrine's alone.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh g++ python3-pip
KIWISOLVER=kiwisolver==1.5.1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
args=()
if [ "${1:-}" != "--vitrine-only" ] && python3 -m pip download -q --no-deps --no-binary :all: -d "$work" "$KIWISOLVER"; then
  tar -xzf "$work"/kiwisolver-*.tar.gz -C "$work" --strip-components=1 --wildcards '*/kiwi/*' '*/benchmarks/enaml_like_benchmark.cpp'
  python3 Tools/bench/kiwisolver-form.py "$work/benchmarks/enaml_like_benchmark.cpp" "$work/form.txt"
  g++ -O2 -std=c++17 -I"$work" -o "$work/kiwi-driver" Tools/bench/kiwisolver-driver.cpp
  echo "bench-layout: kiwi from PyPI's $KIWISOLVER (its C++ headers, g++ -O2)" >&2
  args=(--form "$work/form.txt" --kiwi-driver "$work/kiwi-driver")
else
  echo "bench-layout: printing Vitrine's figures alone" >&2
fi
quiet_build swift build -c release --product vitrine-bench-layout
.build/release/vitrine-bench-layout "${args[@]}"
