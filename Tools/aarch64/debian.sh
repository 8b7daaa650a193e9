# Sourced: fetch_arm64, which downloads Debian arm64 packages on any host without touching its own apt set-up.
#
# fetch_arm64 STATE SUITE DIR [--no-deps] PACKAGES...
#   downloads PACKAGES from SUITE (bookworm, trixie, sid) into DIR, with their whole dependency closure (an empty dpkg
#   status: nothing counts as installed) unless --no-deps; STATE is a directory for apt's lists and cache (kept: the
#   lists are fetched once). Mirror: $DEBIAN_MIRROR (default deb.debian.org).
fetch_arm64() {
  local state=$1 suite=$2 dir=$3; shift 3
  local mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
  mkdir -p "$state/lists/partial" "$state/archives/partial" "$dir"
  : > "$state/status"
  echo "deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" > "$state/sources.list"
  # (sid's Release file on the mirror has expired: Check-Valid-Until.)
  local opts=(-o APT::Architecture=arm64 -o APT::Architectures=arm64 -o Dir::State::status="$state/status"
    -o Dir::State::Lists="$state/lists" -o Dir::Cache::Archives="$state/archives" -o Dir::Cache="$state"
    -o Dir::Etc::SourceList="$state/sources.list" -o Dir::Etc::SourceParts=/dev/null -o Debug::NoLocking=1
    -o Acquire::Check-Valid-Until=false -o APT::Install-Recommends=false -o APT::Sandbox::User=root -q)
  [ -f "$state/lists/updated" ] || { apt-get "${opts[@]}" update >&2 && touch "$state/lists/updated"; }
  if [ "$1" = --no-deps ]; then
    shift
    (cd "$dir" && apt-get "${opts[@]}" download "$@" >&2)
  else
    apt-get "${opts[@]}" install --download-only -y "$@" >&2
    mv "$state"/archives/*.deb "$dir"/
  fi
}
