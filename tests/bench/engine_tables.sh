#!/usr/bin/env bash
# Plays pbrain-gomoku against public Gomocup engines and its levels against each other, and
# prints the README's strength table (Markdown), one row per pairing:
#   tests/bench/engine_tables.sh [BUILD_DIR]
# Engines are given by path (built elsewhere: nothing of theirs belongs in this repository):
#   PELA=/path/pbrain-pela AIWINE=/path/pbrain-aiwine RAPFI=/path/pbrain-rapfi
# A pairing whose engine is not given is skipped. Other settings (environment):
#   TIME_MS      time per move (1000)          OPENINGS  how many openings, each played with
#   LEVEL        level of pbrain-gomoku (5)              colours swapped (10)
#   LADDER=0     skip the level ladder (level N against level N-1, at TIME_MS too)
#   RENJU_COUNT  openings for the renju pairing (6)
# The openings are the first ones of ../shared/data/piskvork_openings_offset_15.txt. Games run
# one at a time: the engines must not share the CPU with each other.
set -euo pipefail
build=${1:-build/rel}
match=$build/tests/bench/bench_ai_match
ours=$build/src/ai/pbrain-gomoku
for f in "$match" "$ours"; do
  [[ -x $f ]] || { echo "no $f: build with cmake -DCMAKE_BUILD_TYPE=Release first" >&2; exit 2; }
done
time_ms=${TIME_MS:-1000}
count=${OPENINGS:-10}
level=${LEVEL:-5}

row() {  # row LABEL RULE COUNT ENGINE1 ARGS1 ENGINE2 ARGS2
  local label=$1 rule=$2 n=$3 out
  out=$("$match" "$4" "$6" --args1 "$5" --args2 "$7" --time "$time_ms" --rule "$rule" \
    --count "$n" | tee /dev/stderr)
  local summary times
  summary=$(grep '^engine 1: ' <<< "$out" | sed -E 's/^engine 1: \+([0-9]+) =([0-9]+) -([0-9]+) of ([0-9]+) games: score (.*) \(95 %\).*/\4 | \1-\2-\3 | \5/; s/\+-/±/')
  times=$(grep '^engine 1 thinking' <<< "$out" | sed -E 's/.*mean ([0-9]+) ms, longest ([0-9]+) ms.*/\1 ms, longest \2 ms/')
  local lost=""
  grep -q 'lost on time\|illegal move\|failed to start' <<< "$out" && lost=" (time losses or errors: see above)"
  echo "| $label | $rule | $summary | $times$lost |"
}

echo "| pbrain-gomoku against | rule | games | W-D-L | score (95 %) | our time per move |"
echo "|---|---|---|---|---|---|"
[[ -n ${PELA:-} ]] && row "Pela" freestyle "$count" "$ours" "--level $level" "$PELA" ""
[[ -n ${AIWINE:-} ]] && row "AIWine" freestyle "$count" "$ours" "--level $level" "$AIWINE" ""
[[ -n ${RAPFI:-} ]] && row "Rapfi (classical)" freestyle "$count" "$ours" "--level $level" "$RAPFI" ""
[[ -n ${RAPFI:-} ]] && row "Rapfi (classical)" renju "${RENJU_COUNT:-6}" "$ours" "--level $level" "$RAPFI" ""
if [[ ${LADDER:-1} != 0 ]]; then
  for l in 2 3 4 5; do
    row "level $((l - 1)) (as level $l)" freestyle "$count" "$ours" "--level $l" "$ours" "--level $((l - 1))"
  done
fi
