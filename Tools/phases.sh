# Sourced by Tools/test.sh: phases that are timed, logged and reported, in the foreground or side by side.
#
#   phase NAME COMMAND...        runs COMMAND now; its output goes to $PHASE_LOGS/NAME.log
#   phase_start NAME COMMAND...  starts it in the background (phase_wait NAME collects it)
#   phase_wait NAME              waits for a started phase, then reports it as `phase` does
#   phase_chain_start NAME1 'COMMAND1' NAME2 'COMMAND2' ...
#                                runs those phases one after the other in the background (each a bash command line;
#                                the chain stops at the first that fails); phase_chain_wait reports each
#   phase_summary                prints every phase's wall time and the total
#
# A phase that succeeds prints one line (its name, its time, its log's last line); one that fails prints its errors —
# the compiler's and linker's error lines, a test run's failures — and the end of its log, then the run stops with its
# status. Logs stay in $PHASE_LOGS for reading after.

PHASE_LOGS=${PHASE_LOGS:-$PWD/.build/test-logs}
PHASE_T0=$(date +%s)
PHASE_TIMES=()
declare -A PHASE_STARTED PHASE_PID
mkdir -p "$PHASE_LOGS"

_phase_file() { echo "$PHASE_LOGS/$(echo "$1" | tr ' /' '--').log"; }

_phase_report() {  # NAME STATUS SECONDS
  local name=$1 status=$2 seconds=$3 log
  log=$(_phase_file "$name")
  PHASE_TIMES+=("$(printf '%-34s %5d s' "$name" "$seconds")")
  if [ "$status" -eq 0 ]; then
    printf '== %s: ok, %d s — %s\n' "$name" "$seconds" "$(grep -v '^\s*$' "$log" | tail -n 1 | cut -c1-150)"
    return 0
  fi
  printf '== %s: FAILED (status %d) after %d s; log: %s\n' "$name" "$status" "$seconds" "$log"
  # The lines that say why: compiler and linker errors, failed tests and checks.
  grep -E -A 3 "error:|: fatal|undefined reference|linker command failed|✘|FAIL|failed|Fatal error|Assertion" "$log" \
    | grep -v "^--$" | head -n 120 || true
  echo "-- the end of $name's log:"
  tail -n 25 "$log"
  phase_summary
  exit "$status"
}

phase() {
  local name=$1 t0 status=0
  shift
  t0=$(date +%s)
  echo "-- $name …"
  "$@" > "$(_phase_file "$name")" 2>&1 || status=$?
  _phase_report "$name" "$status" $(( $(date +%s) - t0 ))
}

phase_start() {
  local name=$1
  shift
  echo "-- $name … (in the background)"
  PHASE_STARTED[$name]=$(date +%s)
  # (The phase's own end time, for its report: it may be waited for long after it ended.)
  ( status=0; "$@" || status=$?; date +%s > "$(_phase_file "$name").end"; exit $status ) > "$(_phase_file "$name")" 2>&1 &
  PHASE_PID[$name]=$!
}

phase_wait() {
  local name=$1 status=0 ended
  wait "${PHASE_PID[$name]}" || status=$?
  ended=$(cat "$(_phase_file "$name").end" 2>/dev/null || date +%s)
  _phase_report "$name" "$status" $(( ended - PHASE_STARTED[$name] ))
}

phase_chain_start() {
  PHASE_CHAIN=("$@")
  echo "-- $(for ((i = 0; i < $#; i += 2)); do printf '%s, ' "${PHASE_CHAIN[i]}"; done | sed 's/, $//') … (in the background)"
  : > "$PHASE_LOGS/chain.times"
  (
    for ((i = 0; i < ${#PHASE_CHAIN[@]}; i += 2)); do
      t0=$(date +%s) status=0
      bash -c "${PHASE_CHAIN[i + 1]}" > "$(_phase_file "${PHASE_CHAIN[i]}")" 2>&1 || status=$?
      echo "$status $(( $(date +%s) - t0 )) ${PHASE_CHAIN[i]}" >> "$PHASE_LOGS/chain.times"
      [ "$status" -eq 0 ] || exit "$status"
    done
  ) &
  PHASE_CHAIN_PID=$!
}

phase_chain_wait() {
  local status seconds name
  wait "$PHASE_CHAIN_PID" || true
  while read -r status seconds name; do
    _phase_report "$name" "$status" "$seconds"
  done < "$PHASE_LOGS/chain.times"
}

phase_summary() {
  echo "== phases (wall time; background phases overlap the others):"
  printf '   %s\n' "${PHASE_TIMES[@]}"
  printf '   %-34s %5d s\n' "total" $(( $(date +%s) - PHASE_T0 ))
}
