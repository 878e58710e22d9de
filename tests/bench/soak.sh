#!/usr/bin/env bash
# Soak benchmark of the network match (not run by CTest): GAMES complete games back to back
# between two gomoku-cli processes over loopback, on one connection ("again" between games,
# colours swapped each time).
#
# Usage: tests/bench/soak.sh BUILD_DIR [GAMES]      (GAMES defaults to 1000)
#   BUILD_DIR holds src/cli/gomoku-cli (e.g. build/test). Environment:
#   SOAK_SEED (default 1) seeds the move lists; SOAK_TIMEOUT (seconds, default 60 + GAMES) bounds
#   the whole run; SOAK_GAME_TIMEOUT (default 30) bounds each game.
#
# Each side's script holds, per game, a random permutation of the 225 points of the 15x15 board
# (fixed seed, a different one per side and game) and then "again": a point that is occupied is
# refused and the next line is tried, so every game ends with a five (or a full board); the
# leftover points of a finished game are refused until "again". A game's lines are written to
# the process only after the previous game was checked, so the backlog of input does not hide
# in the memory figures. After every game the two sides must have printed the same MOVE lines
# and the same RESULT line, and the colours must have swapped. Reported: games per second, moves
# per second, and VmRSS of both processes after the first game started and after the last ended.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 BUILD_DIR [GAMES]" >&2
  exit 2
fi
cli=$1/src/cli/gomoku-cli
games=${2:-1000}
seed=${SOAK_SEED:-1}
total_timeout=${SOAK_TIMEOUT:-$((60 + games))}
game_timeout=${SOAK_GAME_TIMEOUT:-30}
[[ -x $cli ]] || { echo "error: $cli not found (build the gomoku-cli target)" >&2; exit 2; }
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "error: GAMES must be a positive number" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/gomoku-soak.XXXXXX")
pids=()
cleanup() {
  exec 4>&- 5>&- 6<&- 7<&- || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
deadline=$((SECONDS + total_timeout))

fail() {
  echo "FAIL (game ${game:-0}, after $SECONDS s): $*" >&2
  for p in ${host_pid:-} ${join_pid:-}; do
    kill -0 "$p" 2>/dev/null || echo "(process $p has exited)" >&2
  done
  for f in host.err join.err; do
    [[ -s $work/$f ]] && { echo "--- last lines of $f" >&2; tail -n 5 "$work/$f" >&2; }
  done
  exit 1
}

# points GAME SIDE: the 225 points in a random order (x,y lines), fixed by seed, game and side.
points() {
  awk -v s=$((seed * 1000003 + $1 * 2 + $2)) 'BEGIN {
    srand(s); for (i = 0; i < 225; i++) p[i] = i
    for (i = 224; i > 0; i--) { j = int(rand() * (i + 1)); t = p[i]; p[i] = p[j]; p[j] = t }
    for (i = 0; i < 225; i++) printf "%d,%d\n", p[i] % 15, int(p[i] / 15) }'
}

# Condenses a process's output to one line per event: LISTENING, STARTED, and per game
# "RESULT <result line>|<MOVE lines joined by ;>" (the board drawings are dropped).
# mawk reads its input in blocks unless told the input is interactive.
awk_lines=(awk)
awk -W version 2>&1 | grep -q mawk && awk_lines=(awk -W interactive)
condense() {
  "${awk_lines[@]}" '/^LISTENING / || /^STARTED / { print; fflush(); next }
       /^MOVE / { moves = moves $0 ";"; next }
       /^RESULT / { print $0 "|" moves; fflush(); moves = ""; next }'
}

rss() { awk '/^VmRSS:/ { print $2 " " $3 }' "/proc/$1/status" 2>/dev/null || echo "?"; }

mkfifo "$work/host.in" "$work/join.in" "$work/host.raw" "$work/join.raw" "$work/host.ev" "$work/join.ev"

# Host: stdin from a FIFO we keep open (fd 4), output condensed into host.ev (read on fd 6).
"$cli" host --port 0 --nick SoakHost --color black --rule freestyle --size 15 \
  < "$work/host.in" > "$work/host.raw" 2> "$work/host.err" &
host_pid=$!
pids+=("$host_pid")
condense < "$work/host.raw" > "$work/host.ev" &
pids+=($!)
exec 4> "$work/host.in"
exec 6< "$work/host.ev"

# read_event FD VAR: the next condensed line of a process (bounded by the game timeout and
# the run's deadline); false when it does not come.
read_event() {
  local left=$((deadline - SECONDS))
  ((left > game_timeout)) && left=$game_timeout
  ((left >= 1)) || return 1
  IFS= read -r -t "$left" "$2" <&"$1"
}

read_event 6 line || fail "the host printed no LISTENING line"
[[ $line =~ ^LISTENING\ ([0-9]+)$ ]] || fail "unexpected first line from the host: $line"
port=${BASH_REMATCH[1]}

"$cli" join "127.0.0.1:$port" --nick SoakJoiner \
  < "$work/join.in" > "$work/join.raw" 2> "$work/join.err" &
join_pid=$!
pids+=("$join_pid")
condense < "$work/join.raw" > "$work/join.ev" &
pids+=($!)
exec 5> "$work/join.in"
exec 7< "$work/join.ev"

# feed GAME: writes the lines of game GAME to both processes ("again" first from game 2 on).
feed() {
  local again=""
  (($1 > 1)) && again=$'again\n'
  { printf '%s' "$again"; points "$1" 0; } >&4
  { printf '%s' "$again"; points "$1" 1; } >&5
}

# next_event FD NAME PREFIX VAR: reads a process's next condensed line into VAR; it must start
# with PREFIX.
next_event() {
  read_event "$1" "$4" || fail "$2: no $3 line (timeout)"
  [[ ${!4} == "$3"* ]] || fail "$2: expected $3, got: ${!4:0:200}"
}

# The first game starts after the handshake, before any input: measure from there.
next_event 6 host STARTED host_started
next_event 7 joiner STARTED join_started
rss_host_start=$(rss "$host_pid")
rss_join_start=$(rss "$join_pid")
start_ns=$(date +%s%N)

moves_total=0
host_colour_prev=""
for ((game = 1; game <= games; game++)); do
  feed "$game"
  if ((game > 1)); then
    next_event 6 host STARTED host_started
    next_event 7 joiner STARTED join_started
  fi
  next_event 6 host RESULT host_result
  next_event 7 joiner RESULT join_result

  # The same moves and result on both sides; colours opposite, and swapped since the last game.
  [[ $host_result == "$join_result" ]] || fail "the sides disagree:
  host:   ${host_result:0:300}
  joiner: ${join_result:0:300}"
  host_colour=${host_started#STARTED }; host_colour=${host_colour%% *}
  join_colour=${join_started#STARTED }; join_colour=${join_colour%% *}
  [[ $host_colour != "$join_colour" ]] || fail "both sides play $host_colour"
  [[ $host_colour != "$host_colour_prev" ]] || fail "colours were not swapped (host $host_colour again)"
  host_colour_prev=$host_colour
  if ((game > 1)); then
    [[ $host_started == *", game $game" ]] || fail "host STARTED line is not game $game: $host_started"
  fi
  [[ ${host_result%%|*} =~ ^RESULT\ (black|white|draw) ]] || fail "unexpected result: ${host_result%%|*}"
  moves=${host_result#*|}
  moves_total=$((moves_total + $(tr -cd ';' <<<"$moves" | wc -c)))
done
end_ns=$(date +%s%N)
rss_host_end=$(rss "$host_pid")
rss_join_end=$(rss "$join_pid")

# End of input after a finished game: both exit 0.
exec 4>&- 5>&-
for p in "$host_pid" "$join_pid"; do
  for ((i = 0; i < 100; i++)); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
done
wait "$host_pid" || fail "the host exited $?"
wait "$join_pid" || fail "the joiner exited $?"

elapsed_ms=$(((end_ns - start_ns) / 1000000))
((elapsed_ms > 0)) || elapsed_ms=1
awk -v g="$games" -v m="$moves_total" -v ms="$elapsed_ms" 'BEGIN {
  printf "soak: %d games, %d moves in %.2f s: %.1f games/s, %.0f moves/s (%.1f moves per game)\n",
         g, m, ms / 1000, g * 1000 / ms, m * 1000 / ms, m / g }'
echo "soak: VmRSS host   at start $rss_host_start, at end $rss_host_end"
echo "soak: VmRSS joiner at start $rss_join_start, at end $rss_join_end"
echo "soak: all $games games agreed on both sides (moves, result, colours swapped)"
