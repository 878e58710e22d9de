#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz for SECONDS in total (an equal share each: fuzz_wire,
# fuzz_match, fuzz_records, fuzz_lan, and fuzz_hall and fuzz_web when the build tree has
# GOMOKU_BUILD_SERVER), each on
# a copy of its seed corpus (tests/fuzz/corpus/<target>) in a temporary folder: nothing is
# written into the source tree. Exits non-zero when a target
# crashes, fails a check, leaks, times out (-timeout=5 per input) or exceeds -rss_limit_mb=2048;
# the reproducer is then kept in the temporary folder (its path is printed) and can be replayed
# with: BUILD_DIR/tests/fuzz/<target> <file>
#
# Usage: tests/fuzz/run-fuzz.sh BUILD_DIR SECONDS
#   BUILD_DIR is a clang build tree with -DGOMOKU_FUZZ=ON; when it has no CMakeCache.txt it is
#   configured here (clang++, fuzz targets only: -DGOMOKU_BUILD_APP=OFF -DGOMOKU_BUILD_BENCH=OFF).
#   The targets are (re)built before the run; that time is not part of SECONDS.
#   tests/run-all.sh: tests/fuzz/run-fuzz.sh build/fuzz 60
#
# Release check (longer run, about 1 hour per target, on every core):
#   FUZZ_JOBS=$(nproc) tests/fuzz/run-fuzz.sh build/fuzz 10800
#   With FUZZ_JOBS=N > 1 each target runs in libFuzzer's fork mode with N jobs for its share of
#   the time. FUZZ_KEEP_CORPUS=DIR copies the grown corpora to DIR/<target> afterwards (e.g. to
#   review new seeds; check in only small, meaningful ones). FUZZ_TARGETS="fuzz_wire" runs a
#   subset. FUZZ_MATCH_IGNORE="text1|text2" skips known faults of fuzz_match (see fuzz_match.cpp).
#
# Packages (Debian 12): clang (clang-14) and libclang-rt-14-dev (libFuzzer and sanitizer runtimes).
set -euo pipefail

if [[ $# -ne 2 || ! $2 =~ ^[0-9]+$ ]]; then
  echo "usage: $0 BUILD_DIR SECONDS" >&2
  exit 2
fi
build=$1
seconds=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
jobs=${FUZZ_JOBS:-1}

if [[ ! -f $build/CMakeCache.txt ]]; then
  echo "== Configuring $build (clang++, GOMOKU_FUZZ=ON)"
  cmake -S "$src" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DGOMOKU_FUZZ=ON -DGOMOKU_BUILD_APP=OFF -DGOMOKU_BUILD_BENCH=OFF >/dev/null
fi
default_targets="fuzz_wire fuzz_match fuzz_records fuzz_lan"
# gomoku-server's hall when the tree builds the server (Linux).
grep -q '^GOMOKU_BUILD_SERVER:BOOL=ON' "$build/CMakeCache.txt" && default_targets+=" fuzz_hall fuzz_web"
targets=(${FUZZ_TARGETS:-$default_targets})
per=$((seconds / ${#targets[@]}))
((per >= 1)) || per=1
build=$(cd "$build" && pwd)  # the targets run from their own folders below
echo "== Building ${targets[*]} in $build"
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

work=$(mktemp -d "${TMPDIR:-/tmp}/gomoku-fuzz.XXXXXX")
keep=0
cleanup() { ((keep)) || rm -rf "$work"; }
trap cleanup EXIT

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

failed=()
for t in "${targets[@]}"; do
  bin=$build/tests/fuzz/$t
  [[ -x $bin ]] || { echo "error: $bin was not built" >&2; exit 2; }
  mkdir -p "$work/$t/corpus" "$work/$t/artifacts"
  cp "$src/tests/fuzz/corpus/$t/"* "$work/$t/corpus/" 2>/dev/null || true
  # A fixed seed (FUZZ_SEED, default 1) keeps the test command's short run repeatable.
  args=(-seed="${FUZZ_SEED:-1}" -max_total_time="$per" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$work/$t/artifacts/")
  ((jobs > 1)) && args+=(-fork="$jobs")
  echo "== $t: $per s"
  set +e
  (cd "$work/$t" && "$bin" "${args[@]}" "$work/$t/corpus") > "$work/$t/log" 2>&1
  rc=$?
  set -e
  # The last status line (executions, coverage, corpus) and the final statistics.
  grep -E '^#[0-9]+' "$work/$t/log" | tail -n 1 || true
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$work/$t/log" || true
  if ((rc != 0)) || compgen -G "$work/$t/artifacts/*" >/dev/null; then
    echo "FAIL: $t exited $rc" >&2
    grep -E -A40 'ERROR: |fuzz_[a-z]+: |runtime error' "$work/$t/log" | head -n 80 >&2 || tail -n 60 "$work/$t/log" >&2
    for a in "$work/$t/artifacts/"*; do
      [[ -f $a ]] && echo "reproducer: $a ($(head -c 64 "$a" | od -An -tx1 | tr -d ' \n')...)" >&2
    done
    echo "full log: $work/$t/log" >&2
    failed+=("$t")
    keep=1
  fi
  if [[ -n ${FUZZ_KEEP_CORPUS:-} ]]; then
    mkdir -p "$FUZZ_KEEP_CORPUS/$t"
    cp "$work/$t/corpus/"* "$FUZZ_KEEP_CORPUS/$t/" 2>/dev/null || true
  fi
done

if ((${#failed[@]})); then
  echo "== Fuzzing FAILED: ${failed[*]} (kept $work)" >&2
  exit 1
fi
echo "== Fuzzing passed: ${targets[*]}"
