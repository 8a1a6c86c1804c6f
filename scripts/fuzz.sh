#!/usr/bin/env bash
# Runs the libFuzzer harnesses of tests/fuzz (tests/fuzz/README.md) for a
# given time each, one after another, and keeps what they find.
# Usage: scripts/fuzz.sh [--seconds N] [--keep-going] [target...]
#        (default: 60 s, every target; --keep-going: a crash does not end the
#        target's run, libFuzzer's fork mode goes on and keeps every crash)
# Targets: ugi aei nboard game-<game> (game-othello, game-arimaa, ...).
# Builds the `fuzz` preset (clang) if needed. New corpus entries go to
# build/fuzz/corpus-<target>/ (scratch, outside the tree), crashes and
# referee violations to build/fuzz/crashes/<target>/, the fuzzer's log to
# build/fuzz/logs/<target>.log. Prints one summary line per target; exits 1
# if any target found a crash (add its input to tests/fuzz/regressions/<target>/
# once it is fixed: ctest replays them).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
targets=()
keep_going=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --seconds=*) seconds="${1#*=}"; shift ;;
    --keep-going) keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(ugi aei nboard game-othello game-arimaa game-camelot game-linja game-mouse-cats game-hare-hounds game-fox-geese)
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

build=build/fuzz
[ -f "$build/build.ninja" ] || cmake --preset fuzz >&2
cmake --build "$build" -j "$(nproc)" --target $(printf 'fuzz_%s ' "${targets[@]}") >&2

found=0
for t in "${targets[@]}"; do
  exe="$build/tests/fuzz/fuzz_$t"
  corpus="$build/corpus-$t"
  crashes="$build/crashes/$t"
  log="$build/logs/$t.log"
  mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
  # libFuzzer also keeps slow inputs (slow-unit-*, over 10 s) and inputs
  # past -timeout (timeout-*): searches under the sanitizers on a loaded
  # machine. They are reported, kept and worth a look, but only crashes and
  # referee violations fail the run.
  findings() { find "$crashes" -type f ! -name 'slow-unit-*' ! -name 'timeout-*' | wc -l; }
  slow() { find "$crashes" -type f \( -name 'slow-unit-*' -o -name 'timeout-*' \) | wc -l; }
  before=$(findings)
  slow_before=$(slow)
  rc=0
  # The first corpus directory receives the new entries; the seeds are read only.
  # -timeout: an input runs in milliseconds; one past 20 s is a hang or a
  # search slowed by the sanitizers and the load, kept for a look.
  "$exe" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
    ${keep_going[@]+"${keep_going[@]}"} -dict="tests/fuzz/dict/$t.dict" -artifact_prefix="$crashes/" "$corpus" "tests/fuzz/corpus/$t" \
    >"$log" 2>&1 || rc=$?
  after=$(findings)
  slow_new=$(( $(slow) - slow_before ))
  [ "$rc" -eq 70 ] && [ "$after" -eq "$before" ] && rc=0  # libFuzzer's exit code for a timeout
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  [ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' <<<"$last" | tr -d '#' || true)  # fork mode
  cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
  ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
  corp=$(grep -o 'corp: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
  new=$((after - before))
  printf 'fuzz %-18s %ss  execs %s  cov %s  ft %s  corpus %s  crashes %d  slow %d%s\n' "$t" "$seconds" "${execs:-?}" \
    "${cov:-?}" "${ft:-?}" "${corp:-?}" "$new" "$slow_new" "$([ "$rc" -ne 0 ] && echo "  (exit $rc, see $log)")"
  if [ "$rc" -ne 0 ] || [ "$new" -gt 0 ]; then
    found=1
    grep -m1 -A3 -E 'fuzz referee:|ERROR: AddressSanitizer|runtime error|ERROR: libFuzzer' "$log" | sed 's/^/  /' || true
  fi
done
exit "$found"
