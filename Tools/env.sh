# Sourced by the Tools scripts: puts the toolchain on PATH when it lives in /opt/swift, and gives them quiet_build.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# quiet_build COMMAND...: runs a build with its output kept aside. On success prints its last line; on failure
# prints every error line the build printed (the compiler's and the linker's, with the lines that follow each),
# then its last lines, and returns its status: a failed build says why, not only that it failed.
quiet_build() {
  local log status=0
  log=$(mktemp)
  "$@" > "$log" 2>&1 || status=$?
  if [ "$status" -eq 0 ]; then
    tail -n 1 "$log"
  else
    echo "build failed (status $status): $*" >&2
    grep -E -A 3 "error:|: fatal|undefined reference|linker command failed|Another instance" "$log" | head -n 80 >&2 || true
    echo "--- the build's last lines:" >&2
    tail -n 15 "$log" >&2
  fi
  rm -f "$log"
  return "$status"
}
