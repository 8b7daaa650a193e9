#!/usr/bin/env bash
# Packages a Vitrine app for a device: one self-contained executable (the Swift runtime and Foundation linked
# statically, so the device needs no Swift), fbrun beside it, the fonts the app's text uses with a fontconfig file
# that finds them, any SwiftPM resource bundles, and MANIFEST.txt: sizes, the system libraries the executables
# load (from ldd, checked: none from the Swift toolchain, none missing) and the Debian packages that provide them.
#
# Usage: Tools/package-app.sh [--arch aarch64] [--package-path DIR] PRODUCT [OUT_DIR]
#   (default OUT_DIR: out/package/PRODUCT, or out/package/PRODUCT-aarch64)
#   --package-path DIR: the app is a package of its own that depends on Vitrine (Templates/MyPanelApp is one);
#   a relative DIR is taken from where the script is run.
#   --arch aarch64: for an AArch64 device, cross-built with Debian's Swift 6.2.3 (Tools/aarch64/toolchain.sh, made
#   on first use: ~4 min and ~1.5 GB, cached). The device needs glibc 2.38 or later (trixie-based images such as
#   today's Raspberry Pi OS, not bookworm's); MANIFEST lists trixie's arm64 packages.
# On the device: install the listed packages, copy OUT_DIR, and boot into it with
#   OUT_DIR/bin/fbrun --install-unit --board BOARD OUT_DIR/bin/PRODUCT
set -euo pipefail
app_package= arch=$(uname -m)
while [ "$#" -gt 0 ]; do
  case "$1" in
    --package-path) app_package=$(cd "${2:?--package-path needs a directory}" && pwd); shift 2 ;;
    --arch) arch=${2:?--arch needs aarch64 or x86_64}; shift 2 ;;
    *) break ;;
  esac
done
product=${1:?usage: Tools/package-app.sh [--arch aarch64] [--package-path DIR] PRODUCT [OUT_DIR]}
cross=0
case "$arch" in
  "$(uname -m)") ;;
  aarch64|arm64) arch=aarch64; cross=1 ;;
  *) echo "package-app: no cross build for $arch from $(uname -m) (aarch64 is the one there is)" >&2; exit 2 ;;
esac
if [ "$cross" = 1 ]; then out=${2:-out/package/$product-aarch64}; else out=${2:-out/package/$product}; fi
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh >/dev/null

# A scratch path of its own, .build/static: static linking changes every build product, and the usual release
# build (the benchmarks') stays as it is. The tests, run-demo.sh and this script share it (one static build serves
# every program the virtual board runs). fbrun always comes from Vitrine itself. VITRINE_STATIC_SCRATCH names the
# scratch path for an app package of its own too (the template's test builds it into Vitrine's, where the Vitrine
# modules are already built); without it, such an app builds in its own .build/static.
static=(-c release --static-swift-stdlib)
swift=(swift) scratch=static
if [ "$cross" = 1 ]; then
  # The chroot's Swift, which sees this checkout (and the app's package) at their own paths.
  swift=(env VITRINE_AARCH64_MOUNTS="$app_package" VITRINE_AARCH64_SDK=vitrine-aarch64-device bash Tools/aarch64/swift.sh)
  scratch=aarch64-static
  VITRINE_STATIC_SCRATCH=${VITRINE_AARCH64_STATIC_SCRATCH:-}
fi
build=("${swift[@]}" build "${static[@]}" --scratch-path "${VITRINE_STATIC_SCRATCH:-$PWD/.build/$scratch}")
if [ -n "$app_package" ]; then
  app_build=("${swift[@]}" build "${static[@]}" --package-path "$app_package"
             --scratch-path "${VITRINE_STATIC_SCRATCH:-$app_package/.build/$scratch}")
else
  app_build=("${build[@]}")
fi
quiet_build "${app_build[@]}" --product "$product"
quiet_build "${build[@]}" --product fbrun
app_bin=$("${app_build[@]}" --show-bin-path)
bin=$("${build[@]}" --show-bin-path)

rm -rf "$out"
mkdir -p "$out/bin" "$out/fonts"
strip=strip
[ "$cross" = 0 ] || strip=aarch64-linux-gnu-strip # (binutils-aarch64-linux-gnu, with the cross gcc Tools/test.sh installs)
command -v "$strip" >/dev/null || bash Tools/setup.sh binutils-aarch64-linux-gnu >/dev/null
"$strip" -o "$out/bin/$product" "$app_bin/$product"
"$strip" -o "$out/bin/fbrun" "$bin/fbrun"
for bundle in "$app_bin"/*.resources; do [ -d "$bundle" ] && cp -r "$bundle" "$out/bin/"; done

# The libraries: every one found, none of the toolchain's. Natively ldd resolves them; for AArch64 the executables'
# own NEEDED entries are looked up in the sysroot's index of which package holds which library.
if [ "$cross" = 0 ]; then
  libs=$(ldd "$out/bin/$product" "$out/bin/fbrun" | awk '/=>/ { print $1 " " $3 }' | sort -u)
  package_of() { # PATH: the Debian package that installed it
    dpkg -S "$(readlink -f "$1")" 2>/dev/null | head -1 | cut -d: -f1 || dpkg -S "$1" 2>/dev/null | head -1 | cut -d: -f1 || true
  }
else
  index="$(bash Tools/aarch64/toolchain.sh)/libraries.txt"
  libs=$(for f in "$out/bin/$product" "$out/bin/fbrun"; do
    aarch64-linux-gnu-readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
  done | sort -u | while read -r name; do
    path=$(awk -v n="/$name" 'substr($1, length($1) - length(n) + 1) == n { print $1; exit }' "$index")
    echo "$name ${path:-not found}"
  done)
  package_of() { awk -v p="$1" '$1 == p && $2 != "libc-gconv-modules-extra" { print $2; exit }' "$index"; }
  glibc=$(aarch64-linux-gnu-readelf -V "$out/bin/$product" "$out/bin/fbrun" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
fi
if echo "$libs" | grep -q "not found"; then
  echo "package-app: missing libraries:"; echo "$libs" | grep "not found"; exit 1
fi
if echo "$libs" | grep -Eq "libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift|/usr/lib/swift"; then
  echo "package-app: $product still loads the Swift runtime dynamically:"
  echo "$libs" | grep -E "libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift|/usr/lib/swift"
  exit 1
fi

# The fonts Vitrine's text asks for (VitrineText/FontCatalog.swift): the system and monospaced families in the
# styles UIFont names, the fallback chain, and the symbol images' font.
fonts=$(for pattern in "Noto Sans" "Noto Sans:bold" "Noto Sans:italic" "Noto Sans:bold:italic" "DejaVu Sans Mono" \
                       "Noto Sans Arabic" "Noto Sans Hebrew" "Noto Sans Devanagari" "Noto Sans Thai" \
                       "Droid Sans Fallback" "Noto Color Emoji" "DejaVu Sans" "Material Icons"; do
  fc-match -f '%{file}\n' "$pattern"
done | sort -u)
for f in $fonts; do cp "$f" "$out/fonts/"; done
cat > "$out/fonts.conf" <<'EOF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- The app's fonts, beside it (FONTCONFIG_FILE=<this file>), on top of the system's configuration. -->
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir prefix="relative">fonts</dir>
  <cachedir prefix="xdg">fontconfig</cachedir>
</fontconfig>
EOF

size() { stat -c %s "$1"; }
{
  echo "# $product for $arch, packaged by Tools/package-app.sh on $(date -u +%Y-%m-%d)"
  echo
  echo "## Executables (stripped; Swift runtime and Foundation linked in)"
  for p in "$product" fbrun; do awk -v n="bin/$p" -v b="$(size "$out/bin/$p")" 'BEGIN { printf "%-24s %6.1f MiB\n", n, b / 1048576 }'; done
  echo
  echo "## System libraries they load (ldd), and the Debian packages that provide them"
  [ "$cross" = 0 ] || echo "(AArch64: Debian trixie's arm64 packages; glibc ${glibc#GLIBC_} or later)"
  echo "$libs" | while read -r name path; do
    pkg=$(package_of "$path")
    printf '%-32s %s\n' "$name" "${pkg:-?}"
  done
  # Data the libraries read at run time, which ldd cannot see: keyboard layouts and Compose tables for xkbcommon.
  if echo "$libs" | grep -q libxkbcommon; then
    echo
    echo "## Data packages the libraries read at run time"
    printf '%-32s %s\n' "keyboard layouts (xkbcommon)" "xkb-data"
    printf '%-32s %s\n' "Compose tables (dead keys)" "libx11-data"
  fi
  echo
  echo "## Fonts (fonts/, found through fonts.conf: run with FONTCONFIG_FILE=\$DIR/fonts.conf)"
  for f in $fonts; do echo "$(basename "$f")"; done
} > "$out/MANIFEST.txt"

echo "package-app: $out"
sed -n '3,6p' "$out/MANIFEST.txt"
echo "  $(echo "$libs" | wc -l) system libraries, $(echo "$fonts" | wc -l) fonts; see $out/MANIFEST.txt"
