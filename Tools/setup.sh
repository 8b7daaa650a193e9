#!/usr/bin/env bash
# Installs the system packages Vitrine builds against, idempotently: only what is missing, and only then does
# it touch apt. Safe to run as often as you like (the README's commands run it every time).
# Usage: Tools/setup.sh [MORE_PACKAGES...]   (the virtual board adds its own)
set -euo pipefail

PACKAGES=(
  pkg-config
  libdrm-dev libinput-dev libudev-dev          # display and input (Platform)
  libxkbcommon-dev xkb-data libx11-data        # keyboard layouts (xkbcommon and its data), Compose files
  libseat-dev                                  # sessions through seatd/logind (no root needed)
  libpixman-1-dev libcairo2-dev                # compositing and drawing
  libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev     # text: rasterise, shape, bidi, find
  libicu-dev                                   # text: grapheme, word and line boundaries
  libespeak-ng1 espeak-ng-data                 # the screen reader's voice (opened at run time)
  fonts-noto-core fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji  # the fonts text is tested with
  fonts-material-design-icons-iconfont  # symbol images (UIImage(systemName:); Tools/symbols/mapping.txt)
  libpng-dev libturbojpeg0-dev                 # images
  systemd                                      # systemd-analyze verifies the unit fbrun --install-unit writes
  "$@"
)

# The test run prepares the virtual board and the AArch64 toolchain side by side, and both call this: one apt at a
# time. (apt's own locks make the second fail rather than wait when the first holds the package lists' lock: seen
# on a fresh machine, where both had packages to install.)
exec 9>"${TMPDIR:-/tmp}/vitrine-apt.lock"
flock 9

# VITRINE_BACKPORTS=1 (the virtual board's 6.12 kernel): Debian 12's backports suite in apt's own sources, once.
# Its packages install only when named (apt gives backports a low priority: nothing else is upgraded from it).
if [ "${VITRINE_BACKPORTS:-0}" = 1 ] && ! grep -rqs "bookworm-backports" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "setup: adding bookworm-backports to apt's sources"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    | $SUDO tee /etc/apt/sources.list.d/vitrine-bookworm-backports.sources >/dev/null
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -q
fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -q
  $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}"
fi

if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "setup: swift is at /opt/swift/usr/bin; add it to PATH" >&2
  else
    echo "setup: Swift 6 is required (https://www.swift.org/install/linux/)" >&2
  fi
  exit 1
fi
