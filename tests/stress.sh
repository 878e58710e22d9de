#!/usr/bin/env bash
# Runs the CTest suite several times in a row while stress-ng keeps every core busy, to show the
# tests that depend on timing (a test must wait on events, never on sleeps or short timeouts).
# Reports the failures of each run and, at the end, every test that failed at least once.
# Usage: tests/stress.sh [--runs N] [--build DIR] [--load WORKERS] [-R REGEX] [-- CTEST-ARGS...]
#   --runs N        how many times the suite runs (default 5)
#   --build DIR     a configured and built CTest folder (default build/test, as tests/run-all.sh)
#   --load WORKERS  stress-ng CPU workers (default: the number of cores)
#   -R REGEX        only the tests whose names match (as ctest -R), e.g. -R '^(cli|net\.Session)'
# The load stops when the script ends, however it ends. Exit status 1 when any run failed.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
build=${GOMOKU_BUILD_DIR:-build/test}
load=$(nproc)
ctest_args=()
while (($#)); do
  case $1 in
    --runs) runs=${2:?}; shift 2 ;;
    --build) build=${2:?}; shift 2 ;;
    --load) load=${2:?}; shift 2 ;;
    -R) ctest_args+=(-R "${2:?}"); shift 2 ;;
    --) shift; ctest_args+=("$@"); break ;;
    *) echo "usage: $0 [--runs N] [--build DIR] [--load WORKERS] [-R REGEX] [-- CTEST-ARGS...]" >&2; exit 2 ;;
  esac
done
command -v stress-ng > /dev/null || { echo "stress-ng is missing (bash installer/deps.sh --test)" >&2; exit 1; }
[[ -f $build/CTestTestfile.cmake ]] ||
  { echo "$build holds no built test suite (run tests/run-all.sh, or give --build DIR)" >&2; exit 1; }

# The load: its own time limit too, so that it cannot outlive a script that was killed.
stress-ng --cpu "$load" --timeout "$((runs * 3600))s" --quiet &
load_pid=$!
stop_load() { kill -TERM "$load_pid" 2> /dev/null || true; wait "$load_pid" 2> /dev/null || true; }
trap stop_load EXIT
trap 'exit 130' INT TERM
echo "== Load: stress-ng --cpu $load (pid $load_pid); $runs runs of ctest ${ctest_args[*]}"

declare -A failures=()
failed_runs=0
for ((run = 1; run <= runs; run++)); do
  log=$build/stress-run-$run.log
  start=$SECONDS
  rc=0
  ctest --test-dir "$build" -j"$(nproc)" --output-on-failure "${ctest_args[@]}" > "$log" 2>&1 || rc=$?
  summary=$(grep -E '^[0-9]+% tests passed' "$log" || echo "ctest exited $rc")
  if ((rc == 0)); then
    echo "run $run: $summary ($((SECONDS - start)) s)"
    continue
  fi
  failed_runs=$((failed_runs + 1))
  failed=$(awk '/The following tests FAILED:/ { f = 1; next } f && /^[ \t]+[0-9]+ - / {
                  sub(/^[ \t]+[0-9]+ - /, ""); print }' "$log")
  echo "run $run: $summary ($((SECONDS - start)) s); failed (details in $log):"
  while IFS= read -r t; do
    [[ -n $t ]] || continue
    echo "  $t"
    name=${t%% *}
    failures[$name]=$((${failures[$name]:-0} + 1))
  done <<< "$failed"
done

if ((failed_runs == 0)); then
  echo "== All $runs runs passed under load"
  exit 0
fi
echo "== $failed_runs of $runs runs had failures; tests that failed (times):"
for name in "${!failures[@]}"; do echo "  $name ${failures[$name]}"; done | sort
exit 1
