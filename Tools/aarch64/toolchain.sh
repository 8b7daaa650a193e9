#!/usr/bin/env bash
# Makes the AArch64 cross toolchain from Debian's packages only, once, in a cache outside the clone:
#   - a Debian sid chroot (x86-64) with Debian's Swift 6.2.3 (`swiftlang`, pinned), the only AArch64-capable Swift
#     reachable here (swift.org's toolchains and SDKs are not; the host's 6.3 cannot use another version's runtime);
#     sid's compiler needs sid's glibc, hence the chroot;
#   - an arm64 sysroot: the C libraries Vitrine links, from trixie (what a panel runs: Raspberry Pi OS is trixie-based,
#     so the binaries ask for the sonames it has), with sid's glibc, libstdc++ and Swift runtime over them;
#   - bookworm's arm64 cairo, pixman, FreeType, HarfBuzz, FriBidi and fontconfig in a directory of their own in the
#     sysroot: the golden images were recorded with bookworm's versions on x86-64, and the same sonames let the tests
#     run against them (LD_LIBRARY_PATH) where a device would use its own;
#   - a Swift SDK bundle over the sysroot, for `swift build --swift-sdks-path ... --swift-sdk vitrine-aarch64`.
# Prints the toolchain's directory (its key: the pinned versions and the package lists), or with --sysroot the test
# sysroot in it (what qemu-user's QEMU_LD_PREFIX and the AArch64 guest's root are made from). Cold: ~4 min and ~1.5 GB
# of downloads; warm: instant. Tools/aarch64/swift.sh runs the chroot's swift on this checkout.
# Environment: VITRINE_CACHE (default ~/.cache/vitrine).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SWIFT_VERSION=6.2.3-1+b1
MIRROR=http://deb.debian.org/debian
# What goes into the sysroot (the key of the cache: change a list, or REVISION when the way it is made changes).
TRIXIE_PACKAGES=(libdrm-dev libinput-dev libudev-dev libseat-dev libxkbcommon-dev libpixman-1-dev libcairo2-dev
  libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev libicu-dev libpng-dev libturbojpeg0-dev)
SID_PACKAGES=(libc6-dev libgcc-15-dev libstdc++-15-dev libgcc-s1 libstdc++6)
BOOKWORM_PACKAGES=(libcairo2 libpixman-1-0 libfreetype6 libharfbuzz0b libfribidi0 libfontconfig1)
REVISION=3
key="swift-${SWIFT_VERSION//+/_}-$(echo "$REVISION ${TRIXIE_PACKAGES[*]} ${SID_PACKAGES[*]} ${BOOKWORM_PACKAGES[*]}" \
  | sha256sum | cut -c1-10)"
root="${VITRINE_CACHE:-$HOME/.cache/vitrine}/aarch64/$key"

log() { echo "aarch64 toolchain: $*" >&2; }
trap 'log "failed (line $LINENO)"' ERR
[ "$(id -u)" -eq 0 ] || { log "needs root (debootstrap, chroot)"; exit 1; }
[ "$(uname -m)" = x86_64 ] || { log "made on x86-64 hosts only (on an AArch64 machine, build natively)"; exit 1; }
bash "$here/../setup.sh" debootstrap qemu-user-static binfmt-support >&2

mkdir -p "$root"
chroot_dir="$root/chroot"
bundle_rel=opt/vitrine-aarch64/sdks/vitrine-aarch64.artifactbundle
variant_rel=$bundle_rel/vitrine-aarch64/aarch64-unknown-linux-gnu
sysroot="$chroot_dir/$variant_rel/sysroot"

# Each step leaves a mark when it has finished: a run that failed part-way resumes at the step that failed.
done_step() { [ -f "$root/step-$1" ]; }
mark() { touch "$root/step-$1"; }

# Runs a command in the chroot with /proc and /dev (swift's $ORIGIN rpaths need /proc); the mounts end with it.
in_chroot() {
  unshare --mount --propagation private bash -c \
    'mount --bind /proc "$0/proc" && mount --bind /dev "$0/dev" && exec chroot "$0" "$@"' "$chroot_dir" "$@"
}

if ! done_step chroot; then
rm -rf "$chroot_dir"
log "debootstrap sid (x86-64)"
debootstrap --variant=minbase sid "$chroot_dir" "$MIRROR" > "$root/debootstrap.log" 2>&1 \
  || { tail -n 20 "$root/debootstrap.log" >&2; exit 1; }
# sid's Release file on the mirror has expired: apt would refuse it.
echo 'Acquire::Check-Valid-Until "false";' > "$chroot_dir/etc/apt/apt.conf.d/99vitrine"
log "Swift $SWIFT_VERSION in the chroot"
in_chroot bash -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  swiftlang=$SWIFT_VERSION libswiftlang=$SWIFT_VERSION libc6-dev libstdc++-15-dev git pkg-config ca-certificates" \
  > "$root/swift-install.log" 2>&1 || { tail -n 20 "$root/swift-install.log" >&2; exit 1; }
mark chroot
fi

# Downloads arm64 packages (Tools/aarch64/debian.sh), with apt state of its own in the cache.
source "$here/debian.sh"
fetch() { fetch_arm64 "$root/apt-$1" "$@"; }

debs="$root/debs"
if ! done_step sysroot; then
rm -rf "$debs" "$sysroot"
log "arm64 packages: trixie's C libraries"
fetch trixie "$debs/1-trixie" "${TRIXIE_PACKAGES[@]}"
log "arm64 packages: sid's glibc, libstdc++ and Swift"
fetch sid "$debs/2-sid" "${SID_PACKAGES[@]}"
fetch sid "$debs/3-swift" --no-deps "swiftlang=$SWIFT_VERSION" "libswiftlang=$SWIFT_VERSION"
log "arm64 packages: bookworm's raster and text libraries (the goldens' versions)"
fetch bookworm "$debs/4-bookworm" --no-deps "${BOOKWORM_PACKAGES[@]}"

log "unpacking the sysroot"
mkdir -p "$sysroot/usr/lib" "$sysroot/usr/bin" "$sysroot/usr/sbin"
# Merged /usr, as Debian's: the loader's path (/lib/ld-linux-aarch64.so.1) must resolve.
ln -s usr/lib "$sysroot/lib"; ln -s usr/bin "$sysroot/bin"; ln -s usr/sbin "$sysroot/sbin"
for d in "$debs/1-trixie" "$debs/2-sid" "$debs/3-swift"; do
  for deb in "$d"/*.deb; do dpkg -x "$deb" "$sysroot"; done
done
# Which package each shared library comes from (package-app's MANIFEST names what the device must install).
for deb in "$debs/1-trixie"/*.deb "$debs/2-sid"/*.deb; do
  name=$(dpkg-deb -f "$deb" Package)
  dpkg-deb -c "$deb" | awk '{ print $6 }' | { grep -E '/(lib|ld-)[^/]*\.so[.0-9]*$' || true; } | sed "s|^\./|/|; s|\$| $name|"
done | sort -u > "$root/libraries.txt"
goldens="$sysroot/opt/vitrine-goldens-libs"
mkdir -p "$goldens/root"
for deb in "$debs/4-bookworm"/*.deb; do dpkg -x "$deb" "$goldens/root"; done
mv "$goldens/root/usr/lib/aarch64-linux-gnu" "$goldens/lib"
rm -rf "$goldens/root" "$debs" "$root"/apt-*/archives
# Absolute symlinks in the packages (libfoo.so -> /lib/...) would point into the host: make them relative.
find "$sysroot" -type l -lname '/*' | while read -r link; do
  ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$sysroot$(readlink "$link")")" "$link"
done
# Fonts and their configuration come from the host when the tests run under qemu-user (which looks in the sysroot
# first): the sysroot's would be the few fonts its packages pulled in, not the ones the tests are written for.
rm -rf "$sysroot/usr/share/fonts" "$sysroot/etc/fonts"
mark sysroot
fi

# Debian's Swift ships _Testing_Foundation's module but not its library, which SwiftPM's test runner links: an empty
# stand-in (soname lib_Testing_Foundation.so), for the chroot's host builds and for arm64.
runtime=usr/libexec/swift/lib/swift/linux
if ! done_step testing-stand-in; then
clang=/usr/libexec/swift/bin/clang
in_chroot bash -c "echo > /tmp/empty.c && $clang -shared -o /$runtime/lib_Testing_Foundation.so \
  -Wl,-soname,lib_Testing_Foundation.so /tmp/empty.c && $clang --target=aarch64-linux-gnu -fuse-ld=lld -nostdlib \
  -shared -o /$variant_rel/sysroot/$runtime/lib_Testing_Foundation.so -Wl,-soname,lib_Testing_Foundation.so /tmp/empty.c"
mark testing-stand-in
fi

# Debian's Swift keeps its runtime in /usr/libexec/swift/lib; the driver looks for the static one (swiftrt.o and the
# static libraries of --static-swift-stdlib) under the SDK's usr/lib/swift_static whatever swift-sdk.json says.
[ -e "$sysroot/usr/lib/swift_static" ] || ln -s ../libexec/swift/lib/swift_static "$sysroot/usr/lib/swift_static"

# The device's sysroot: the same, with trixie's glibc instead of sid's. sid's glibc (2.43 now) versions even the
# math functions anew, and a binary linked against it asks the device for that version; linked against trixie's
# (2.41), it runs on trixie-based images. (The tests keep sid's glibc: sid's dynamic Swift runtime needs it.)
# Hard links: only the replaced files take room.
device_variant_rel=$bundle_rel/vitrine-aarch64-device/aarch64-unknown-linux-gnu
device_sysroot="$chroot_dir/$device_variant_rel/sysroot"
if ! done_step device-sysroot; then
  log "the device's sysroot (trixie's glibc)"
  rm -rf "$device_sysroot" "$debs/5-trixie-libc"
  mkdir -p "$(dirname "$device_sysroot")"
  cp -al "$sysroot" "$device_sysroot"
  fetch trixie "$debs/5-trixie-libc" --no-deps libc6 libc6-dev libc-dev-bin linux-libc-dev
  for deb in "$debs/5-trixie-libc"/*.deb; do dpkg -x "$deb" "$device_sysroot"; done
  rm -rf "$debs"
  mark device-sysroot
fi

# The SDK bundle's description: written on every run (cheap), so changing it needs no new sysroot. Two SDKs over the
# two sysroots: vitrine-aarch64 (the tests: the dynamic runtime) and vitrine-aarch64-device (package-app's: the
# static runtime, trixie's glibc).
bundle="$chroot_dir/$bundle_rel"
sdk_artifact() { # NAME
  printf '    "%s": { "type": "swiftSDK", "version": "%s", "variants": [ { "path": "%s/aarch64-unknown-linux-gnu",
      "supportedTriples": ["x86_64-pc-linux-gnu", "x86_64-unknown-linux-gnu"] } ] }' "$1" "$SWIFT_VERSION" "$1"
}
printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n%s,\n%s\n  }\n}\n' \
  "$(sdk_artifact vitrine-aarch64)" "$(sdk_artifact vitrine-aarch64-device)" > "$bundle/info.json"
for variant in "$variant_rel" "$device_variant_rel"; do
  cat > "$chroot_dir/$variant/swift-sdk.json" <<EOF
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "aarch64-unknown-linux-gnu": {
      "sdkRootPath": "sysroot",
      "swiftResourcesPath": "sysroot/usr/libexec/swift/lib/swift",
      "swiftStaticResourcesPath": "sysroot/usr/libexec/swift/lib/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
EOF
  # Debian's lld; the runtime found where Debian's libswiftlang puts it on the device (dynamic builds: the tests),
  # and the sysroot's libraries found at link time.
  cat > "$chroot_dir/$variant/toolset.json" <<EOF
{
  "schemaVersion": "1.0",
  "rootPath": "/usr/libexec/swift/bin",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld", "-no-toolchain-stdlib-rpath",
    "-Xlinker", "-rpath", "-Xlinker", "/$runtime",
    "-Xlinker", "-rpath-link", "-Xlinker", "/$variant/sysroot/usr/lib/aarch64-linux-gnu",
    "-Xlinker", "-rpath-link", "-Xlinker", "/$variant/sysroot/$runtime"] },
  "cCompiler": { "extraCLIOptions": ["-fPIC"] },
  "linker": { "path": "ld.lld" }
}
EOF
done
[ -f "$root/ready" ] || { echo "swiftlang $SWIFT_VERSION (sid); C libraries from trixie; goldens' libraries from bookworm"; date -u; } > "$root/ready"
if [ "${1:-}" = --sysroot ]; then
  echo "$root/chroot/opt/vitrine-aarch64/sdks/vitrine-aarch64.artifactbundle/vitrine-aarch64/aarch64-unknown-linux-gnu/sysroot"
else
  echo "$root"
fi
