#!/usr/bin/env bash
# End-to-end tests of gomoku-cli. Usage: cli_test.sh CASE PATH-TO-gomoku-cli [PATH-TO-pbrain-gomoku]
# Processes talk over loopback only, on ports the system chooses (--port 0). Synchronisation is
# by reading the host's output through a FIFO (the LISTENING line), never by sleeping.
set -euo pipefail
case_name=$1
CLI=$2
PBRAIN=${3:-}
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "FAIL [$case_name]: $*" >&2; for f in "$work"/*.out "$work"/*.err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done >&2; exit 1; }

# start_host NAME ARGS... : runs "gomoku-cli host --port 0 ARGS" with stdin from $work/NAME.in,
# waits for its LISTENING line and sets $port and $host_pid. Its output stays readable on fd 3
# (host_wait) and ends up in $work/NAME.out (host_drain).
start_host() {
  host_name=$1; shift
  mkfifo "$work/$host_name.fifo"
  "$CLI" host --port 0 "$@" < "$work/$host_name.in" > "$work/$host_name.fifo" 2> "$work/$host_name.err" &
  pids+=($!)
  host_pid=$!
  exec 3< "$work/$host_name.fifo"
  host_wait '^LISTENING ' || fail "host printed no LISTENING line"
  port=${line#LISTENING }
}

# host_wait REGEX: reads the host's output until a line matches (sets $line); false at its end.
host_wait() {
  while IFS= read -r line <&3; do
    echo "$line" >> "$work/$host_name.out"
    [[ $line =~ $1 ]] && return 0
  done
  return 1
}

# host_drain: copies the rest of the host's output until the host exits.
host_drain() { cat <&3 >> "$work/$host_name.out"; exec 3<&-; }

# start_fed_host NAME ARGS...: as start_host, with the host's commands fed line by line through
# fd 6 (a FIFO), so that its input stays open until the test closes fd 6.
start_fed_host() {
  host_name=$1; shift
  mkfifo "$work/$host_name.fifo" "$work/$host_name.cmd"
  "$CLI" host --port 0 "$@" < "$work/$host_name.cmd" > "$work/$host_name.fifo" 2> "$work/$host_name.err" &
  pids+=($!)
  host_pid=$!
  exec 6> "$work/$host_name.cmd"
  exec 3< "$work/$host_name.fifo"
  host_wait '^LISTENING ' || fail "host printed no LISTENING line"
  port=${line#LISTENING }
}

# raw_join, raw_move, raw_resign, ...: a raw protocol peer (see the file).
source "$(dirname "$0")/../net/raw_peer.sh"

# The moves of case C02: Black fills a gap and wins on move 9.
black_moves=$'3,7\n4,7\n6,7\n7,7\n5,7'
white_moves=$'0,0\n2,0\n4,0\n6,0\n8,0'

final_board() { awk '/^ *15 /{buf=""} {buf=buf $0 "\n"} /^ *1 /{last=buf} END{printf "%s", last}' "$1"; }

case $case_name in
network_game)
  # A whole game between two processes joined by the host name "localhost".
  printf '%s\n' "$black_moves" > "$work/host.in"
  start_host host --nick Alice --color black --rule freestyle
  printf '# white\n%s\n' "$white_moves" > "$work/join.in"
  "$CLI" join "localhost:$port" --nick '张伟' < "$work/join.in" > "$work/join.out" 2> "$work/join.err" || fail "join exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -qx 'RESULT black five in a row' "$work/join.out" || fail "joiner has no RESULT black"
  grep -qx 'RESULT black five in a row' "$work/host.out" || fail "host has no RESULT black"
  grep -q 'STARTED black vs 张伟 (white)' "$work/host.out" || fail "host did not see the joiner's nickname intact"
  grep -q 'STARTED white vs Alice (black)' "$work/join.out" || fail "joiner did not see the host's nickname"
  [ "$(grep -c '^MOVE ' "$work/host.out")" = 9 ] || fail "host did not see 9 moves"
  diff <(grep '^MOVE ' "$work/host.out") <(grep '^MOVE ' "$work/join.out") || fail "the two sides disagree on the moves"
  diff <(final_board "$work/host.out") <(final_board "$work/join.out") || fail "the final boards differ"
  grep -q 'MOVE 9 black F8 (5,7)' "$work/host.out" || fail "the winning move is not f8"
  ;;
network_clock)
  # A network game on the host's clock of 2 s a move: the joiner learns it from SETUP, each MOVE
  # carries its time, and the joiner (which never moves) runs out: both programs end the game
  # on time by themselves and agree.
  printf 'h8\n' > "$work/host.in"
  start_host host --nick Alice --color black --clock 2s/move
  printf 'wait\n' > "$work/join.in"
  "$CLI" join "127.0.0.1:$port" --nick Bob < "$work/join.in" > "$work/join.out" 2> "$work/join.err" || fail "join exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -q 'STARTED white vs Alice (black) .*, clock 2s/move' "$work/join.out" || fail "the joiner did not learn the clock"
  for side in host join; do
    grep -qx 'RESULT black time' "$work/$side.out" || fail "$side has no RESULT black time"
    grep -qx 'White wins on time.\|Black wins on time.' "$work/$side.out" || fail "$side did not say who won on time"
    grep -qx 'CLOCK black 0:02.0 white flag' "$work/$side.out" || fail "$side shows no flag"
  done
  grep -qx 'Black wins on time.' "$work/join.out" || fail "the joiner does not say Black wins on time"
  ;;
network_opening)
  # Renju under Soosõrv-8 between two processes: the host (the first player) places three
  # stones, the joiner keeps White, places the 4th and declares 8; the host keeps Black and
  # offers eight 5th moves; the joiner picks one. A refused decision gets an error and the
  # opening goes on. Then the joiner (White, to move) resigns.
  printf 'h8\ni8\nh10\nkeep\noffer a1 o1 a15 o15 a8 h1 o8 a1\noffer a1 o1 a15 o15 a8 h1 o8 h15\nwait\n' > "$work/host.in"
  start_host host --nick Alice --rule renju --opening soosorv8 --clock 10m+10s
  printf 'keep\nk11\ndeclare 9\ndeclare 8\no8\nresign\n' > "$work/join.in"
  "$CLI" join "127.0.0.1:$port" --nick Bob < "$work/join.in" > "$work/join.out" 2> "$work/join.err" || fail "join exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -q 'STARTED white vs Alice (black) .*renju 15x15, clock 10m+10s, opening soosorv8' "$work/join.out" || fail "the joiner did not learn the opening"
  grep -q 'error: opening: offer .*: the same point is offered twice' "$work/host.err" || fail "a duplicate offer was not refused: $(cat "$work/host.err")"
  grep -q 'error: opening: declare 9: ' "$work/join.err" || fail "declare 9 was not refused: $(cat "$work/join.err")"
  grep -qx 'OPENING over: you play black' "$work/host.out" || fail "the host does not play Black"
  grep -qx 'OPENING over: you play white' "$work/join.out" || fail "the joiner does not play White"
  for side in host join; do
    grep -q '^MOVE 5 black O8 (14,7)' "$work/$side.out" || fail "$side: the chosen 5th move is not O8"
    grep -qx 'RESULT black resignation' "$work/$side.out" || fail "$side has no RESULT black resignation"
  done
  ;;
network_opening_flag)
  # Swap2 on the host's clock of 2 s a move: the opening runs on the clock (protocol 1.6). The
  # host, the first player, places two of its three stones and stops; its own program ends the
  # game on time during the opening, and the joiner agrees. Each decision showed the clocks.
  printf 'h8\ni9\nwait\n' > "$work/host.in"
  start_host host --nick Alice --color black --clock 2s/move --opening swap2
  printf 'wait\n' > "$work/join.in"
  "$CLI" join "127.0.0.1:$port" --nick Bob < "$work/join.in" > "$work/join.out" 2> "$work/join.err" || fail "join exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  for side in host join; do
    grep -qx 'RESULT white time' "$work/$side.out" || fail "$side has no RESULT white time"
    grep -qx 'White wins on time.' "$work/$side.out" || fail "$side does not say White wins on time"
    grep -qx 'CLOCK black flag white 0:02.0' "$work/$side.out" || fail "$side shows no flag"
    grep -q '^OPENING first places move 3 ' "$work/$side.out" || fail "$side: no third stone asked"
    grep -qE '^CLOCK black 0:0[12]\.[0-9]\* white 0:02\.0$' "$work/$side.out" || fail "$side: no clock in the opening"
  done
  ! grep -q '^MOVE 3 ' "$work/host.out" || fail "a third stone was placed"
  ;;
white_host)
  # The host plays White; the joiner (Black) moves first. Moves in RIF notation.
  printf 'a15\nc15\ne15\ng15\ni15\n' > "$work/host.in"
  start_host host --nick Hoster --color white --rule standard
  printf 'h8\nh9\nh10\nh11\nh12\n' > "$work/join.in"
  "$CLI" join "127.0.0.1:$port" --nick Joiner < "$work/join.in" > "$work/join.out" 2> "$work/join.err" || fail "join exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -q 'STARTED black vs Hoster (white)' "$work/join.out" || fail "joiner is not black"
  grep -qx 'RESULT black five in a row' "$work/host.out" || fail "host has no RESULT black"
  grep -q 'standard 15x15' "$work/join.out" || fail "the rule did not travel in SETUP"
  ;;
ai_game)
  # Against the computer: it answers each move with a legal one, opens as Black, refuses bad
  # input, and a bad level is refused on the command line.
  printf 'h8\nh8\nzz\nhint\nundo\nh8\nquit\n' > "$work/ai.in"
  "$CLI" ai --level 2 --time 100 < "$work/ai.in" > "$work/ai.out" 2> "$work/ai.err" || fail "ai exited $?"
  grep -q '^MOVE 2 white' "$work/ai.out" || fail "the computer did not answer"
  grep -q 'occupied' "$work/ai.err" || fail "occupied move not reported"
  grep -q 'not a move' "$work/ai.err" || fail "bad text not reported"
  grep -q '^HINT ' "$work/ai.out" || fail "no hint"
  grep -q '^TAKEBACK to 0 moves' "$work/ai.out" || fail "undo did not take back two moves"
  grep -qx 'RESULT interrupted quit' "$work/ai.out" || fail "no RESULT line"
  printf 'quit\n' | "$CLI" ai --color white --rule renju --level 5 --time 100 > "$work/ai2.out" 2>&1 || fail "ai as white exited $?"
  grep -q '^MOVE 1 black H8' "$work/ai2.out" || fail "the computer did not open at h8"
  if "$CLI" ai --level 9 > "$work/ai3.out" 2>&1; then fail "level 9 accepted"; fi
  # Redo after undo plays our move and the computer's reply again; with nothing to redo, an error.
  printf 'h8\nundo\nredo\nredo\nquit\n' > "$work/redo.in"
  "$CLI" ai --level 1 --time 50 < "$work/redo.in" > "$work/redo.out" 2> "$work/redo.err" || fail "ai (redo) exited $?"
  [ "$(grep -c '^MOVE 2 white' "$work/redo.out")" = 2 ] || fail "redo did not play the computer's reply again"
  diff <(grep '^MOVE 2 white' "$work/redo.out" | head -1) <(grep '^MOVE 2 white' "$work/redo.out" | tail -1) || fail "redo changed the reply"
  grep -q 'error: redo: nothing to play again' "$work/redo.err" || fail "empty redo not reported"
  ;;
external_engine)
  # gomoku-cli ai --engine plays any pbrain engine: here the project's own, a whole game.
  [ -x "$PBRAIN" ] || fail "no pbrain-gomoku given"
  for y in $(seq 0 14); do for x in $(seq 0 14); do echo "$x,$y"; done; done > "$work/all.in"
  "$CLI" ai --engine "$PBRAIN" --time 100 < "$work/all.in" > "$work/ext.out" 2> "$work/ext.err" || fail "ai --engine exited $?"
  grep -q '^Game against the computer (engine pbrain-gomoku)' "$work/ext.out" || fail "no engine named"
  grep -q '^MOVE 2 white' "$work/ext.out" || fail "the engine did not answer"
  grep -qE '^RESULT (black|white|draw) ' "$work/ext.out" || fail "the game did not finish"
  ! grep -q 'failed' "$work/ext.err" || fail "the engine failed"
  # Renju, the engine as Black: it opens (INFO rule 4 reaches it) and undo/redo work with it.
  printf 'undo\nj9\nundo\nredo\nquit\n' > "$work/renju.in"
  "$CLI" ai --engine "$PBRAIN" --color white --rule renju --time 100 < "$work/renju.in" > "$work/renju.out" 2> "$work/renju.err" || fail "renju ai --engine exited $?"
  grep -q '^MOVE 1 black' "$work/renju.out" || fail "the engine did not open"
  grep -q 'error: undo: nothing to take back' "$work/renju.err" || fail "undo of the engine's opening not refused"
  grep -q '^TAKEBACK to 1 move' "$work/renju.out" || fail "undo did not take back our move and the reply"
  grep -qx 'RESULT interrupted quit' "$work/renju.out" || fail "no RESULT line"
  # A path that is no engine: a clear error before any game, exit 2.
  if "$CLI" ai --engine "$work/none" < /dev/null > "$work/bad.out" 2> "$work/bad.err"; then fail "a missing engine was accepted"; fi
  grep -q "error: --engine: cannot start $work/none" "$work/bad.err" || fail "missing engine: $(cat "$work/bad.err")"
  ! grep -q '^MOVE' "$work/bad.out" || fail "a game started without an engine"
  # An engine that dies after START: the game ends as interrupted with the reason, exit 1.
  printf '#!/bin/sh\nread line\necho OK\nexit 3\n' > "$work/dies.sh"
  chmod +x "$work/dies.sh"
  printf 'h8\n' > "$work/dies.in"
  if "$CLI" ai --engine "$work/dies.sh" < "$work/dies.in" > "$work/dies.out" 2> "$work/dies.err"; then fail "a dead engine gave exit 0"; fi
  grep -q 'error: the engine .*dies.sh failed: the engine exited with code 3' "$work/dies.err" || fail "dead engine: $(cat "$work/dies.err")"
  grep -q '^RESULT interrupted ' "$work/dies.out" || fail "no RESULT interrupted after the engine died"
  # An engine that plays an illegal move (h8 again, on our stone; after BEGIN, TURN or a BOARD
  # ending in DONE) loses, said in one sentence (describeResult's) before the RESULT line, exit 0.
  printf '#!/bin/sh\nwhile read -r l; do case "$l" in START*) echo OK;; BEGIN*|TURN*|DONE*) echo 7,7;; END*) exit 0;; esac; done\n' > "$work/illegal.sh"
  chmod +x "$work/illegal.sh"
  printf 'h8\n' | "$CLI" ai --engine "$work/illegal.sh" --time 100 > "$work/illegal.out" 2> "$work/illegal.err" || fail "an illegal engine move gave exit $?"
  grep -qx 'RESULT black illegal move by the engine: the point H8 is occupied' "$work/illegal.out" || fail "illegal move: no RESULT black"
  [ "$(grep -c 'illegal move by the engine' "$work/illegal.out")" = 2 ] || fail "illegal move: not one sentence and the RESULT line: $(grep illegal "$work/illegal.out")"
  grep -qx 'Black wins: illegal move by the engine: the point H8 is occupied.' "$work/illegal.out" || fail "illegal move: no result sentence"
  ;;
engine_swap2)
  # ai --opening swap2 --engine: the engine takes its swap2 decisions itself (SWAP2BOARD), here
  # the project's pbrain-gomoku; ours decides for an engine that refuses the command.
  [ -x "$PBRAIN" ] || fail "no pbrain-gomoku given"
  # The engine as the second player: after three stones it answers SWAP or its 4th move.
  printf '%s\n' h8 i9 h10 a1 a3 a5 > "$work/second.in"
  "$CLI" ai --opening swap2 --engine "$PBRAIN" --time 100 < "$work/second.in" > "$work/second.out" 2> "$work/second.err" || fail "ai --opening swap2 --engine exited $?"
  grep -q '^OPENING computer: \(black\|white\)$' "$work/second.out" || fail "second: the engine did not choose"
  ! grep -q 'decided for it' "$work/second.out" || fail "second: ours decided for the engine"
  grep -q '^OPENING done: first plays' "$work/second.out" || fail "second: the opening did not end"
  grep -q '^MOVE 6 ' "$work/second.out" || fail "second: normal play did not go on"
  # Our moves do not defend: the engine may win with five before the input ends (its search
  # is timed, so which of the two depends on the machine's load).
  grep -qxE 'RESULT (interrupted input ended|(black|white) five in a row)' "$work/second.out" || fail "second: no RESULT line"
  ! grep -q 'failed' "$work/second.err" || fail "second: the engine failed"
  # On a clock the engine is told its seat's time before SWAP2BOARD: 0.5 s a move less the
  # margin (seen through a wrapper that keeps what the engine reads).
  printf '#!/bin/sh\ntee -a "%s" | exec "%s"\n' "$work/engine-in.log" "$PBRAIN" > "$work/logged.sh"
  chmod +x "$work/logged.sh"
  printf '%s\n' h8 i9 h10 > "$work/clocked.in"
  "$CLI" ai --opening swap2 --engine "$work/logged.sh" --clock 0.5s/move < "$work/clocked.in" > "$work/clocked.out" 2> "$work/clocked.err" || fail "ai --opening swap2 --engine --clock exited $?"
  grep -q '^OPENING computer: \(black\|white\)$' "$work/clocked.out" || fail "clocked: the engine did not choose"
  tr -d '\r' < "$work/engine-in.log" | grep -B1 -x 'SWAP2BOARD' | grep -qx 'INFO timeout_turn 440' || fail "clocked: the engine was not told its clock: $(cat "$work/engine-in.log")"
  # The engine as the first player: its own three stones (pbrain-gomoku's pattern H8 I8 J7),
  # two more from us, then its colour choice after five.
  printf '%s\n' two a1 o15 a3 a5 a7 > "$work/first.in"
  "$CLI" ai --opening swap2 --color white --engine "$PBRAIN" --time 100 < "$work/first.in" > "$work/first.out" 2> "$work/first.err" || fail "ai --opening swap2 --color white --engine exited $?"
  grep -qx 'MOVE 2 white I8 (8,7)' "$work/first.out" || fail "first: not the engine's own stones"
  grep -qx 'MOVE 3 black J7 (9,8)' "$work/first.out" || fail "first: not the engine's own stones"
  grep -qx 'OPENING first: black or white' "$work/first.out" || fail "first: no colour choice after five"
  grep -q '^OPENING computer: \(black\|white\)$' "$work/first.out" || fail "first: the engine did not choose"
  ! grep -q 'decided for it' "$work/first.out" || fail "first: ours decided for the engine"
  grep -q '^MOVE 7 ' "$work/first.out" || fail "first: normal play did not go on"
  grep -qxE 'RESULT (interrupted input ended|(black|white) five in a row)' "$work/first.out" || fail "first: no RESULT line"
  # An engine that answers ERROR to SWAP2BOARD: ours places the stones for it, said once, and
  # the engine plays on from normal play.
  printf '#!/bin/sh\nwhile read -r l; do case "$l" in START*) echo OK;; SWAP2BOARD*) echo "ERROR no swap2";; DONE*) echo 0,0;; END*) exit 0;; esac; done\n' > "$work/noswap2.sh"
  chmod +x "$work/noswap2.sh"
  printf '%s\n' white a1 > "$work/noswap2.in"
  "$CLI" ai --opening swap2 --color white --engine "$work/noswap2.sh" --time 100 < "$work/noswap2.in" > "$work/noswap2.out" 2> "$work/noswap2.err" || fail "an engine without swap2 gave exit $?"
  [ "$(grep -c 'decided for it' "$work/noswap2.out")" = 1 ] || fail "noswap2: the fallback not said once"
  grep -qx 'OPENING computer: the engine does not play swap2 (it answered "ERROR no swap2"); decided for it' "$work/noswap2.out" || fail "noswap2: no reason"
  [ "$(grep -c '^MOVE [123] ' "$work/noswap2.out")" = 3 ] || fail "noswap2: not three stones placed for it"
  grep -qx 'MOVE 5 black A15 (0,0)' "$work/noswap2.out" || fail "noswap2: the engine did not play on"
  grep -qx 'RESULT interrupted input ended' "$work/noswap2.out" || fail "noswap2: no RESULT line"
  ;;
local_game)
  # Hot-seat: bad input is refused with a message and changes nothing; C02 ends the game.
  printf 'h8\nh8\nzz\n16,3\nz99\n0,0\n' > "$work/local.in"   # B h8=(7,7), four refusals, W (0,0)
  printf '4,7\n2,0\n6,7\n4,0\n3,7\n6,0\n5,7\n' >> "$work/local.in"  # B fills 3..7 on row 7
  "$CLI" local < "$work/local.in" > "$work/local.out" 2> "$work/local.err" || fail "local exited $?"
  grep -q 'occupied' "$work/local.err" || fail "occupied move not reported"
  grep -q 'not a move' "$work/local.err" || fail "bad text not reported"
  grep -q '16,3: the point is off the 15x15 board' "$work/local.err" || fail "off-board move not reported"
  # An off-board point is named by the board's range, never by internal coordinates.
  grep -qx 'error: z99: the point is off the 15x15 board (columns A-O, rows 1-15, or x,y from 0,0 to 14,14)' \
    "$work/local.err" || fail "z99 not reported with the board's range"
  ! grep -q -- '-84' "$work/local.err" || fail "internal coordinates shown"
  grep -qx 'RESULT black five in a row' "$work/local.out" || fail "no RESULT black"
  printf 'h8\n' | "$CLI" local > "$work/eof.out" 2>&1 || fail "local exited $?"
  grep -qx 'RESULT interrupted input ended' "$work/eof.out" || fail "no RESULT at the end of input"
  # Undo and redo (C08): the takeback leaves no phantom stone and new moves drop the redo list;
  # a move taken back and played again with redo keeps the game going to its five.
  printf '3,7\n0,0\n4,7\n2,0\n5,7\n4,0\n6,7\n6,0\nundo\nundo\n10,10\n8,0\n7,7\n6,7\n' > "$work/c08.in"
  printf 'redo\n' >> "$work/c08.in"
  "$CLI" local < "$work/c08.in" > "$work/c08.out" 2> "$work/c08.err" || fail "local (C08) exited $?"
  grep -q '^TAKEBACK to 6 moves' "$work/c08.out" || fail "C08: no takeback to 6 moves"
  grep -q '^MOVE 10 white G8 (6,7)' "$work/c08.out" || fail "C08: (6,7) not playable for White"
  grep -q 'error: redo: nothing to play again' "$work/c08.err" || fail "C08: redo after new moves not refused"
  grep -qx 'RESULT interrupted input ended' "$work/c08.out" || fail "C08: the game ended early"
  printf '%s\n' 3,7 0,0 4,7 2,0 6,7 4,0 7,7 6,0 undo redo 5,7 > "$work/redo.in"
  "$CLI" local < "$work/redo.in" > "$work/redo.out" 2> "$work/redo.err" || fail "local (redo) exited $?"
  grep -q '^TAKEBACK to 7 moves' "$work/redo.out" || fail "redo: no takeback"
  [ "$(grep -c '^MOVE 8 white G15 (6,0)' "$work/redo.out")" = 2 ] || fail "redo did not play (6,0) again"
  grep -qx 'RESULT black five in a row' "$work/redo.out" || fail "redo: no RESULT black"
  ;;
clock_game)
  # Clocks: a side whose time runs out loses; the clocks are shown after each move; bad --clock
  # values are refused naming the accepted forms. Input stays open (no "input ended"): the only
  # way these games end is a flag. The FIFO is held open for writing by this script.
  mkfifo "$work/open.fifo"
  exec 5<> "$work/open.fifo"
  "$CLI" local --clock 0.2s/move < "$work/open.fifo" > "$work/flag.out" 2> "$work/flag.err" || fail "local --clock exited $?"
  grep -qx 'RESULT white time' "$work/flag.out" || fail "Black did not lose on time"
  grep -qx 'White wins on time.' "$work/flag.out" || fail "no sentence for the loss on time"
  grep -q '^Local game, freestyle, 15x15, clock 0.2s/move' "$work/flag.out" || fail "the clock is not named"
  grep -qx 'CLOCK black 0:00.2\* white 0:00.2' "$work/flag.out" || fail "no CLOCK line at the start"
  # Against the computer (Black, a 5 s per-move clock, its first move at once): White never
  # moves and loses on time; the engine's move is followed by the clocks.
  "$CLI" ai --color white --level 1 --clock 5s/move < "$work/open.fifo" > "$work/ai.out" 2> "$work/ai.err" || fail "ai --clock exited $?"
  grep -q '^MOVE 1 black' "$work/ai.out" || fail "the computer did not move"
  grep -qx 'RESULT black time' "$work/ai.out" || fail "White did not lose on time against the computer"
  grep -q '^CLOCK black 0:05.0 white 0:0[0-9].[0-9]\*$' "$work/ai.out" || fail "no CLOCK line after the computer's move"
  # The opening is timed: the first player places three stones, then the second never
  # decides and loses on time; against the computer, the user's seat runs out while deciding.
  printf '%s\n' h8 i8 h9 >&5
  "$CLI" local --opening swap2 --clock 0.3s/move < "$work/open.fifo" > "$work/oflag.out" 2> "$work/oflag.err" || fail "local --opening swap2 --clock exited $?"
  grep -qx 'RESULT black time' "$work/oflag.out" || fail "opening: the second player (White) did not lose on time"
  grep -q '^MOVE 3 black H9' "$work/oflag.out" || fail "opening: the stones placed in time were lost"
  grep -qx 'CLOCK black 0:00.3 white flag' "$work/oflag.out" || fail "opening: no CLOCK line at the flag"
  grep -q '^CLOCK black 0:00\.3 white 0:00\.[0-9]\*$' "$work/oflag.out" || fail "opening: the second player's clock is not shown running"
  "$CLI" ai --opening swap2 --color white --level 1 --clock 3s/move < "$work/open.fifo" > "$work/aiflag.out" 2> "$work/aiflag.err" || fail "ai --opening --clock exited $?"
  [ "$(grep -c '^MOVE [123] ' "$work/aiflag.out")" = 3 ] || fail "opening: the computer did not place three stones on its clock"
  grep -qx 'RESULT black time' "$work/aiflag.out" || fail "opening: the user's seat did not lose on time against the computer"
  # A game with moves: five in a row under a Fischer clock; "time" shows the clocks.
  printf '%s\n' 3,7 0,0 time 4,7 2,0 5,7 4,0 6,7 6,0 7,7 > "$work/fischer.in"
  "$CLI" local --clock 10m+5s < "$work/fischer.in" > "$work/fischer.out" 2> "$work/fischer.err" || fail "local --clock 10m+5s exited $?"
  grep -qx 'RESULT black five in a row' "$work/fischer.out" || fail "Fischer: no five"
  [ "$(grep -c '^CLOCK black' "$work/fischer.out")" -ge 10 ] || fail "Fischer: not a CLOCK line after each move"
  grep -q '^CLOCK black 10:0[0-9] white 10:0[0-9]\*$' "$work/fischer.out" || fail "Fischer: the increment is not added"
  for bad in 5x 0s/move 25h 5m+ fast; do
    if "$CLI" local --clock "$bad" < /dev/null > "$work/bad.out" 2>&1; then fail "--clock $bad accepted"; fi
    grep -q -- '--clock' "$work/bad.out" || fail "--clock $bad: the option is not named"
  done
  "$CLI" ai --clock 5x < /dev/null > "$work/bad.out" 2>&1 && fail "ai --clock 5x accepted"
  grep -q '5m+5s (Fischer: base + increment), 30s/move (a limit per move) or 10m,30s' "$work/bad.out" || fail "--clock 5x: the forms are not named"
  grep -q 'must be at least 0.1s' <("$CLI" local --clock 0s/move < /dev/null 2>&1) || fail "--clock 0s/move: no reason"
  ;;
opening_game)
  # Opening rules at one terminal: each decision in turn, refusals named, then normal play.
  printf '%s\n' h8 i8 white h9 two j10 k11 BLACK i9 undo undo 'declare 3x' > "$work/swap2.in"
  "$CLI" local --opening swap2 < "$work/swap2.in" > "$work/swap2.out" 2> "$work/swap2.err" || fail "local --opening swap2 exited $?"
  grep -qx 'OPENING second: black, white, or two (place two more stones and let first choose)' "$work/swap2.out" || fail "swap2: no choice for the second player"
  grep -q 'error: opening: white: that is not what the opening asks now' "$work/swap2.err" || fail "swap2: a choice before the third stone not refused"
  grep -qx 'OPENING first: black or white' "$work/swap2.out" || fail "swap2: the first player does not choose after two more stones"
  grep -qx 'OPENING done: first plays black, second plays white' "$work/swap2.out" || fail "swap2: colours not said"
  grep -qx 'MOVE 6 white I9 (8,6)' "$work/swap2.out" || fail "swap2: normal play did not follow"
  grep -qx 'TAKEBACK to 5 moves' "$work/swap2.out" || fail "swap2: the move after the opening not taken back"
  grep -q 'error: undo: nothing to take back' "$work/swap2.err" || fail "swap2: undo went into the opening"
  printf '%s\n' h7 h8 h9 g9 keep a1 'declare 9' 'declare 2' swap 'offer g7 g7' 'offer g7 j7' j6 g7 > "$work/soosorv.in"
  "$CLI" local --rule renju --opening soosorv8 < "$work/soosorv.in" > "$work/soosorv.out" 2> "$work/soosorv.err" || fail "local --opening soosorv8 exited $?"
  grep -q 'h7: the first stone goes on the centre' "$work/soosorv.err" || fail "soosorv8: move 1 off the centre not refused"
  grep -q 'declare 9: declare from 1 to 8 fifth moves' "$work/soosorv.err" || fail "soosorv8: 9 fifth moves not refused"
  grep -q 'offer g7 g7: the same point is offered twice' "$work/soosorv.err" || fail "soosorv8: a repeated alternative not refused"
  grep -q 'j6: the point is not one of the 5th moves offered' "$work/soosorv.err" || fail "soosorv8: a pick outside the offer not refused"
  grep -qx 'OPENING first: pick one of G7 J7' "$work/soosorv.out" || fail "soosorv8: White is not asked to pick"
  grep -qx 'MOVE 5 black G7 (6,8)' "$work/soosorv.out" || fail "soosorv8: the 5th move is not the one picked"
  grep -qx 'OPENING done: first plays white, second plays black' "$work/soosorv.out" || fail "soosorv8: the swap is not kept"
  grep -qx 'RESULT interrupted input ended' "$work/soosorv.out" || fail "soosorv8: the game did not go on after the opening"
  # Against the computer: it takes its seat's decisions, then the game goes on.
  printf '%s\n' h8 i9 h10 black > "$work/ai-swap2.in"
  "$CLI" ai --opening swap2 --level 1 < "$work/ai-swap2.in" > "$work/ai-swap2.out" 2> "$work/ai-swap2.err" || fail "ai --opening swap2 exited $?"
  grep -q '^OPENING computer: \(black\|white\|two\)$' "$work/ai-swap2.out" || fail "ai swap2: the computer did not decide"
  grep -q '^OPENING done: first plays' "$work/ai-swap2.out" || fail "ai swap2: the opening did not end"
  grep -q '^You play \(black\|white\)\.$' "$work/ai-swap2.out" || fail "ai swap2: the colour is not said"
  printf '%s\n' white j7 > "$work/ai-second.in"
  "$CLI" ai --opening swap2 --color white --level 1 < "$work/ai-second.in" > "$work/ai-second.out" 2>&1 || fail "ai --opening swap2 --color white exited $?"
  [ "$(grep -c '^MOVE [123] ' "$work/ai-second.out")" = 3 ] || fail "ai swap2: the computer did not place three stones"
  grep -qx 'You play white.' "$work/ai-second.out" || fail "ai swap2: taking White not kept"
  grep -q '^MOVE 5 black' "$work/ai-second.out" || fail "ai swap2: the computer did not play on as Black"
  printf 'quit\n' | "$CLI" ai --opening taraguchi10 --rule renju --color white --level 1 > "$work/ai-tara.out" 2>&1 || fail "ai --opening taraguchi10 exited $?"
  grep -qx 'MOVE 1 black H8 (7,7)' "$work/ai-tara.out" || fail "ai taraguchi10: the computer's first stone is not on the centre"
  if "$CLI" local --opening taraguchi10 --size 16 < /dev/null > "$work/bad.out" 2>&1; then fail "taraguchi10 on 16x16 accepted"; fi
  grep -q 'needs a board with a centre' "$work/bad.out" || fail "taraguchi10 on 16x16: no reason"
  if "$CLI" local --opening yamaguchi < /dev/null > "$work/bad.out" 2>&1; then fail "--opening yamaguchi accepted"; fi
  # RIF's rules are renju's, as in the app.
  if "$CLI" host --rule freestyle --opening soosorv8 --size 19 < /dev/null > "$work/bad.out" 2>&1; then fail "soosorv8 under freestyle accepted"; fi
  grep -q 'soosorv8 and taraguchi10 with renju' "$work/bad.out" || fail "soosorv8 under freestyle: no reason: $(cat "$work/bad.out")"
  ;;
bad_arguments)
  for args in "" "bogus" "host --color purple" "host --rule caro" "host --port 70000" "host --size 3" \
              "join" "join localhost:notaport" "join :6515" "host --nick" "local --size 30"; do
    # shellcheck disable=SC2086
    if "$CLI" $args < /dev/null > "$work/bad.out" 2>&1; then fail "'gomoku-cli $args' exited 0"; fi
    grep -qiE 'usage|error|required|run with --help|not|invalid|expected' "$work/bad.out" || fail "'gomoku-cli $args' gave no message"
  done
  if "$CLI" host --nick "   " < /dev/null > "$work/bad.out" 2>&1; then fail "blank nickname accepted"; fi
  grep -q 'nickname is empty' "$work/bad.out" || fail "blank nickname: no clear message"
  if "$CLI" host --nick "$(printf 'x%.0s' $(seq 33))" < /dev/null > "$work/bad.out" 2>&1; then fail "33-character nickname accepted"; fi
  grep -q 'longer than 32' "$work/bad.out" || fail "long nickname: no clear message"
  "$CLI" --help | grep 'host' >/dev/null || fail "--help does not list host"
  ;;
online_arguments)
  # gomoku-cli online: bad arguments get a clear error; a password is never taken from the
  # command line (others can read it there) and is not repeated in the output.
  for args in "online" "online --user alice" "online localhost:notaport --user alice" \
              "online :6515 --user alice" "online localhost" "online localhost --user alice --timeout 0" \
              "online localhost --user alice --bogus"; do
    # shellcheck disable=SC2086
    if GOMOKU_PASSWORD=password1 "$CLI" $args < /dev/null > "$work/bad.out" 2>&1; then fail "'gomoku-cli $args' exited 0"; fi
    grep -qiE 'usage|error|required|run with --help|not|invalid|expected' "$work/bad.out" || fail "'gomoku-cli $args' gave no message"
  done
  for form in "--password hunter2secret" "--password=hunter2secret"; do
    # shellcheck disable=SC2086
    if "$CLI" online 127.0.0.1:1 --user alice $form < /dev/null > "$work/pw.out" 2>&1; then fail "$form accepted"; fi
    grep -q 'never taken on the command line' "$work/pw.out" || fail "$form: no clear message"
    grep -q 'GOMOKU_PASSWORD' "$work/pw.out" || fail "$form: the message does not say where a password comes from"
    if grep -q 'hunter2secret' "$work/pw.out"; then fail "$form: the password was repeated"; fi
  done
  # No password and no terminal to ask at: refused before connecting.
  if env -u GOMOKU_PASSWORD "$CLI" online 127.0.0.1:1 --user alice < /dev/null > "$work/nopw.out" 2>&1; then fail "no password accepted"; fi
  grep -q 'no password' "$work/nopw.out" || fail "no password: no clear message"
  if grep -q 'Connecting' "$work/nopw.out"; then fail "connected without a password"; fi
  "$CLI" online --help > "$work/help.out" || fail "online --help failed"
  for word in GOMOKU_PASSWORD 'LADDER <old> <new>' 'MATCHED <game id>' 'get ID FILE'; do
    grep -qF "$word" "$work/help.out" || fail "online --help does not document $word"
  done
  if grep -q -- '--password' "$work/help.out"; then fail "online --help offers --password"; fi
  ;;
online_not_a_server)
  # A P2P game host and a closed port are not servers: a clear error, exit 2. The host speaks
  # plaintext: refused at the encryption handshake (even when new servers are trusted), nothing
  # pinned.
  : > "$work/host.in"
  start_host host --nick Host
  rc=0
  GOMOKU_PASSWORD=password1 XDG_CONFIG_HOME="$work/config" "$CLI" online "127.0.0.1:$port" --user alice --trust-new-server < /dev/null > "$work/online.out" 2> "$work/online.err" || rc=$?
  [[ $rc == 2 ]] || fail "online to a game host exited $rc, not 2"
  grep -q 'not a Gomoku server (a game host? use join)' "$work/online.err" || fail "no 'game host' in the message"
  [[ ! -e "$work/config/gomoku/known_servers" ]] || fail "a game host was pinned"
  kill "$host_pid"; wait "$host_pid" 2>/dev/null || true; exec 3<&-
  rc=0
  GOMOKU_PASSWORD=password1 XDG_CONFIG_HOME="$work/config" "$CLI" online "127.0.0.1:$port" --user alice < /dev/null > "$work/online.out" 2> "$work/online.err" || rc=$?
  [[ $rc == 2 ]] || fail "online to a closed port exited $rc, not 2"
  grep -q 'refused: no Gomoku server at' "$work/online.err" || fail "no 'refused' in the message"
  ;;
refused)
  # C13(c): a port where nothing listens fails at once with "refused".
  : > "$work/host.in"
  start_host host --nick Gone
  kill "$host_pid"; wait "$host_pid" 2>/dev/null || true; exec 3<&-
  start=$(date +%s)
  if "$CLI" join "127.0.0.1:$port" --timeout 10 < /dev/null > "$work/join.out" 2> "$work/join.err"; then fail "join to a closed port exited 0"; fi
  (( $(date +%s) - start < 5 )) || fail "refused join took too long"
  grep -q 'refused' "$work/join.err" || fail "no 'refused' in the message"
  ;;
address_in_use)
  # C13: a second host on a busy port reports "address in use".
  : > "$work/host.in"
  start_host host --nick First
  if "$CLI" host --port "$port" < /dev/null > "$work/second.out" 2> "$work/second.err"; then fail "second host exited 0"; fi
  grep -q 'address in use' "$work/second.err" || fail "no 'address in use' in the message"
  ;;
script_ends)
  # A script that runs out of moves leaves when the game needs its next move (no hang); until
  # then it stays, so the opponent's last move still counts.
  printf 'h8\ni8\n' > "$work/host.in"
  start_host host --nick Host
  printf 'h9\n' > "$work/join.in"
  "$CLI" join "127.0.0.1:$port" --nick Short < "$work/join.in" > "$work/join.out" 2> "$work/join.err" || fail "join exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -qx 'RESULT interrupted you left the game' "$work/join.out" || fail "the joiner did not leave at its turn"
  grep -qx 'RESULT interrupted the opponent left the game' "$work/host.out" || fail "the host was not told"
  grep -q '^MOVE 3 black I8' "$work/join.out" || fail "the joiner left before the host's last move"
  ;;
match_exchanges)
  # Issue 3 between two processes: chat, a takeback asked and accepted, a draw offered and
  # accepted, play again (colours swap), a nickname change and a resignation. Every command
  # waits until it can apply, so the two scripts meet in a fixed order.
  printf 'h8\nsay 你好\ntakeback\nh8\nj10\ndraw\nagain\nnick 张伟\ni9\nresign\n' > "$work/host.in"
  start_host host --nick Host
  printf 'accept\ni9\naccept\nagain\nh8\nwait\n' > "$work/join.in"
  "$CLI" join "127.0.0.1:$port" --nick Guest < "$work/join.in" > "$work/join.out" 2> "$work/join.err" || fail "join exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -q '^TAKEBACK to 0 moves' "$work/host.out" || fail "host: no takeback"
  grep -q '^TAKEBACK to 0 moves' "$work/join.out" || fail "joiner: no takeback"
  grep -q '^CHAT Host: 你好' "$work/join.out" || fail "joiner: chat line missing"
  grep -q '^NICK 张伟' "$work/join.out" || fail "joiner: nickname change missing"
  [ "$(grep -c '^RESULT draw agreement' "$work/host.out")" = 1 ] || fail "host: no agreed draw"
  [ "$(grep -c '^RESULT draw agreement' "$work/join.out")" = 1 ] || fail "joiner: no agreed draw"
  grep -q '^STARTED white vs Guest (black).*game 2' "$work/host.out" || fail "host: colours not swapped in game 2"
  grep -q '^STARTED black vs .* (white).*game 2' "$work/join.out" || fail "joiner: colours not swapped in game 2"
  grep -qx 'RESULT black resignation' "$work/host.out" || fail "host: no resignation"
  grep -qx 'RESULT black resignation' "$work/join.out" || fail "joiner: no resignation"
  diff <(grep '^MOVE ' "$work/host.out") <(grep '^MOVE ' "$work/join.out") || fail "the two sides disagree on the moves"
  ;;
watch)
  # A third program watches a game between two others: it gets the game so far, the moves, the
  # players' chat, the result and the end; the host lets watchers chat and counts them; a watch
  # before the game starts is refused and the host waits on; a host with --watchers 0 refuses.
  start_fed_host host --nick Alice --color black --watcher-chat
  "$CLI" watch "127.0.0.1:$port" --nick Early < /dev/null > "$work/early.out" 2> "$work/early.err" && fail "a watch before the game succeeded"
  grep -qx 'error: the game has not started yet: watch it once it runs' "$work/early.err" || fail "early watcher: $(cat "$work/early.err")"
  mkfifo "$work/join.cmd" "$work/watch.cmd" "$work/watch.fifo"
  # (each background program holds none of the test's FIFO ends: 3, 4 and 6 to 8)
  "$CLI" join "127.0.0.1:$port" --nick Bob < "$work/join.cmd" > "$work/join.out" 2> "$work/join.err" 3<&- 6>&- &
  pids+=($!); join_pid=$!
  exec 7> "$work/join.cmd"
  host_wait '^STARTED black vs Bob' || fail "the game did not start"
  echo h8 >&6
  host_wait '^MOVE 1 black H8' || fail "no first move"
  "$CLI" watch "127.0.0.1:$port" --nick '看客' < "$work/watch.cmd" > "$work/watch.fifo" 2> "$work/watch.err" 3<&- 6>&- 7>&- &
  pids+=($!); watch_pid=$!
  exec 8> "$work/watch.cmd"
  exec 4< "$work/watch.fifo"
  watch_wait() {
    while IFS= read -r wline <&4; do
      echo "$wline" >> "$work/watch.out"
      [[ $wline =~ $1 ]] && return 0
    done
    return 1
  }
  watch_wait '^WATCHING game 1: Alice \(black\) vs Bob \(white\) at .*freestyle 15x15' || fail "no WATCHING line"
  watch_wait '^MOVE 1 black H8 \(7,7\)' || fail "the watcher did not get the game so far"
  host_wait '^WATCHERS 1' || fail "the host does not count the watcher"
  echo 'say 你好' >&7
  watch_wait '^CHAT Bob: 你好' || fail "the watcher did not see the players' chat"
  echo 'say 加油' >&8
  host_wait '^WCHAT 看客: 加油' || fail "the host did not see the watcher's line"
  watch_wait '^WCHAT 看客: 加油' || fail "the watcher's line did not come back to it"
  echo i9 >&7
  watch_wait '^MOVE 2 white I9' || fail "the watcher did not see White's move"
  echo resign >&7
  watch_wait '^RESULT black resignation' || fail "the watcher did not see the result"
  exec 6>&- 7>&-
  watch_wait '^ENDED the players have left the game' || fail "the watcher was not told the end"
  exec 8>&-
  wait "$watch_pid" || fail "watch exited $?"
  exec 4<&-
  host_drain
  wait "$host_pid" || fail "host exited $?"
  wait "$join_pid" || fail "join exited $?"
  grep -q '^WATCHERS 1' "$work/join.out" || fail "the joiner was not told of the watcher"
  grep -qx 'WCHAT 看客: 加油' "$work/join.out" || fail "the joiner did not see the watcher's line"
  # A host that allows no watchers.
  start_fed_host closed --nick Carol --watchers 0
  raw_join "$port"
  host_wait '^STARTED ' || fail "(closed) no game"
  "$CLI" watch "127.0.0.1:$port" < /dev/null > "$work/refused.out" 2> "$work/refused.err" && fail "a refused watch succeeded"
  grep -qx 'error: this host allows no watchers' "$work/refused.err" || fail "refused: $(cat "$work/refused.err")"
  exec 6>&-; raw_close
  host_drain
  ;;
two_requests)
  # A draw offer and a takeback request of the joiner's stand at once (made on the host's turn,
  # which waits for its answer); the host names the one it answers. (a) It declines the
  # takeback and accepts the draw, which still stands. (b) It accepts the takeback: the draw
  # offer is withdrawn, and both sides are told.
  printf 'h8\ndecline takeback\naccept draw\nwait\n' > "$work/a.in"
  start_host a --nick Host
  printf 'i9\ndraw\ntakeback\nwait\n' > "$work/a-join.in"
  "$CLI" join "127.0.0.1:$port" --nick Guest < "$work/a-join.in" > "$work/a-join.out" 2> "$work/a-join.err" || fail "(a) join exited $?"
  host_drain
  wait "$host_pid" || fail "(a) host exited $?"
  grep -qx 'NOTICE Host declined the takeback.' "$work/a-join.out" || fail "(a) joiner: $(cat "$work/a-join.out")"
  grep -qx 'NOTICE Host accepted the draw.' "$work/a-join.out" || fail "(a) joiner: no accepted draw: $(cat "$work/a-join.out")"
  grep -qx 'RESULT draw agreement' "$work/a.out" || fail "(a) host: $(cat "$work/a.out")"
  printf 'h8\naccept takeback\nwait\n' > "$work/b.in"
  start_host b --nick Host
  printf 'i9\ndraw\ntakeback\nresign\nwait\n' > "$work/b-join.in"
  "$CLI" join "127.0.0.1:$port" --nick Guest < "$work/b-join.in" > "$work/b-join.out" 2> "$work/b-join.err" || fail "(b) join exited $?"
  host_drain
  wait "$host_pid" || fail "(b) host exited $?"
  grep -qx 'NOTICE You accepted the takeback. The draw offer no longer stands: moves were taken back.' "$work/b.out" ||
    fail "(b) host: $(cat "$work/b.out")"
  grep -qx 'NOTICE Host accepted the takeback. The draw offer no longer stands: moves were taken back.' "$work/b-join.out" ||
    fail "(b) joiner: $(cat "$work/b-join.out")"
  grep -q '^TAKEBACK to 1 move' "$work/b.out" || fail "(b) host: no takeback: $(cat "$work/b.out")"
  grep -qx 'RESULT black resignation' "$work/b.out" || fail "(b) host: $(cat "$work/b.out")"
  ;;
end_of_game)
  # No stone after the end of a game: a raw peer (White) keeps sending MOVEs after the end. Only
  # the one move that crossed the host's resignation or acceptance is recorded; the next MOVE is
  # refused (ERROR, the connection closes) and the board stays as it was. Then a resignation
  # that crosses the host's five: the result is announced again, as the resignation.
  results() { grep '^RESULT ' "$work/$host_name.out" | paste -sd'|'; }
  # (a) RESIGN, then two MOVEs: nothing recorded.
  start_fed_host resign --nick Host --color black
  raw_join "$port"
  echo h8 >&6
  host_wait '^MOVE 1 black' || fail "(a) no first move"
  raw_resign 1; raw_move 1 8 8; raw_move 2 9 9
  host_drain; exec 6>&-; raw_close
  wait "$host_pid" || fail "(a) host exited $?"
  [ "$(results)" = 'RESULT black resignation' ] || fail "(a) results: $(results)"
  ! grep -q '^MOVE 2 ' "$work/resign.out" || fail "(a) a move after the resignation was recorded"
  # (b) The host accepts White's draw offer; four MOVEs follow: the first crossed the acceptance.
  start_fed_host draw --nick Host --color black
  raw_join "$port"
  printf 'h8\naccept\n' >&6
  host_wait '^MOVE 1 black' || fail "(b) no first move"
  raw_draw_offer 1
  host_wait '^RESULT draw agreement' || fail "(b) no agreed draw"
  raw_move 1 8 8; raw_move 2 9 9; raw_move 3 10 10; raw_move 4 11 11
  host_drain; exec 6>&-; raw_close
  wait "$host_pid" || fail "(b) host exited $?"
  grep -q '^MOVE 2 white I7 (8,8)' "$work/draw.out" || fail "(b) the crossing move was not recorded as White's"
  ! grep -q '^MOVE 3 ' "$work/draw.out" || fail "(b) a second move after the draw was recorded"
  [ "$(results)" = 'RESULT draw agreement' ] || fail "(b) results: $(results)"
  # (c) The host resigns on White's turn: a crossing move, then a second one.
  start_fed_host crossing --nick Host --color black
  raw_join "$port"
  printf 'h8\nresign\n' >&6
  host_wait '^RESULT white resignation' || fail "(c) the host did not resign"
  raw_move 1 8 8; raw_move 2 9 9
  host_drain; exec 6>&-; raw_close
  wait "$host_pid" || fail "(c) host exited $?"
  grep -q '^MOVE 2 white I7 (8,8)' "$work/crossing.out" || fail "(c) the crossing move was not recorded"
  ! grep -q '^MOVE 3 ' "$work/crossing.out" || fail "(c) the second move was recorded"
  # (d) White resigns while Black's five is in flight: the resignation stands, announced again.
  start_fed_host five --nick Host --color black
  raw_join "$port"
  printf '%s\n' "$black_moves" >&6
  ply=1
  for xy in '0 0' '2 0' '4 0' '6 0'; do
    host_wait "^MOVE $ply black" || fail "(d) no move $ply"
    raw_move "$ply" $xy
    ply=$((ply + 2))
  done
  host_wait '^RESULT black five in a row' || fail "(d) no five"
  raw_resign 8
  host_wait '^RESULT black resignation' || fail "(d) the crossing resignation was not announced"
  exec 6>&-; raw_close
  host_drain
  wait "$host_pid" || fail "(d) host exited $?"
  ;;
refused_at_once)
  # A script's command that only a later command of its own could make apply is refused at
  # once with the message a terminal gets, and the script goes on (it used to wait forever and
  # block every later command). The opponent is a raw peer (White); errors go to refused.err.
  refused() { grep -qxF "error: $1" "$work/refused.err" || fail "not refused at once: $1"; }
  start_fed_host refused --nick Host --color black
  raw_join "$port"
  # (a) A takeback before any move of ours; the move after it is played.
  printf 'takeback\nh8\n' >&6
  host_wait '^MOVE 1 black H8' || fail "(a) the move after the takeback did not run"
  refused 'takeback: you have no move to take back'
  # (b) The opponent's takeback request waits for our answer: a takeback of ours is refused,
  # and the move after it is played (declining the request).
  raw_move 1 8 8
  host_wait '^MOVE 2 white' || fail "(b) no move 2"
  raw_takeback_request 2 1
  host_wait '^NOTICE .* asks to take back a move' || fail "(b) no takeback request"
  printf 'takeback\nj10\n' >&6
  host_wait '^MOVE 3 black J10' || fail "(b) the move after the takeback did not run"
  refused "takeback: answer the opponent's takeback request first"
  # (c) On its own turn the opponent asks to take back two moves, and may not move until we
  # answer: a move of ours is refused (it would wait for a turn that cannot come), the chat
  # line after it is sent.
  raw_takeback_request 3 1
  host_wait '^NOTICE .* asks to take back two moves' || fail "(c) no takeback request"
  printf 'k11\nsay still here\ndecline\n' >&6
  host_wait '^CHAT you: still here' || fail "(c) the chat line after the move did not run"
  refused "k11: answer the opponent's takeback request first"
  host_wait '^NOTICE You declined the takeback' || fail "(c) the request was not declined"
  # (d) After the game, draw, resign and takeback are refused until we ask to play again.
  raw_resign 3
  host_wait '^RESULT black resignation' || fail "(d) the opponent's resignation did not end the game"
  printf 'draw\nresign\ntakeback\nsay one\n' >&6
  host_wait '^CHAT you: one' || fail "(d) the chat line after the refused commands did not run"
  for cmd in draw resign takeback; do refused "$cmd: there is no game running"; done
  # (e) Once we asked to play again, the opponent's answer leaves nothing to accept or decline.
  printf 'again\ndecline\nsay two\nquit\n' >&6
  host_wait '^CHAT you: two' || fail "(e) the chat line after decline did not run"
  refused 'decline: there is nothing to answer'
  exec 6>&-
  host_drain
  wait "$host_pid" || fail "host exited $?"
  raw_close
  # (f) A script that ends while the opponent's takeback request (on its own turn) waits for
  # its answer leaves, as at its turn: the opponent could not move again until it answers.
  start_fed_host ended --nick Host --color black
  raw_join "$port"
  echo h8 >&6
  host_wait '^MOVE 1 black' || fail "(f) no move 1"
  raw_move 1 8 8
  host_wait '^MOVE 2 white' || fail "(f) no move 2"
  echo j10 >&6
  host_wait '^MOVE 3 black' || fail "(f) no move 3"
  raw_takeback_request 3 1
  host_wait '^NOTICE .* asks to take back two moves' || fail "(f) no takeback request"
  exec 6>&-
  host_wait '^RESULT interrupted you left the game' || fail "(f) the host did not leave at the end of its input"
  raw_close
  host_drain
  wait "$host_pid" || fail "(f) host exited $?"
  ;;
busy_host)
  # A second caller while a game runs is told the host is busy, and the game goes on.
  printf '%s\n' "$black_moves" > "$work/host.in"
  start_host host --nick Busy
  mkfifo "$work/first.fifo"
  "$CLI" join "127.0.0.1:$port" --nick First < "$work/first.fifo" > "$work/first.out" 2>&1 &
  first_pid=$!
  pids+=($first_pid)
  exec 4> "$work/first.fifo"
  host_wait '^STARTED' || fail "the first joiner's game did not start"
  if "$CLI" join "127.0.0.1:$port" --nick Second < /dev/null > "$work/second.out" 2> "$work/second.err"; then fail "second joiner exited 0"; fi
  grep -q 'busy' "$work/second.err" || fail "second joiner not told busy"
  # White's four moves only (Black wins on move 9): the joiner leaves once the game is over,
  # and a fifth line written to its FIFO after that would kill this script (SIGPIPE).
  printf '%s\n' "${white_moves%$'\n'*}" >&4
  exec 4>&-
  wait "$first_pid" || fail "first joiner exited $?"
  host_drain
  grep -qx 'RESULT black five in a row' "$work/host.out" || fail "the first game did not finish"
  ;;
rejoin)
  # C14: the joiner's program is killed mid-game (no BYE); the host keeps the game; a new
  # joiner process given the TOKEN the first one printed takes the game up at the same move,
  # and the game ends the same on both sides.
  printf '%s\n' "$black_moves" > "$work/host.in"
  start_host host --nick Alice
  mkfifo "$work/first.fifo" "$work/first.outfifo"
  "$CLI" join "127.0.0.1:$port" --nick Bob < "$work/first.fifo" > "$work/first.outfifo" 2> "$work/first.err" &
  first_pid=$!
  pids+=($first_pid)
  exec 4> "$work/first.fifo"
  exec 5< "$work/first.outfifo"
  token=
  while IFS= read -r l <&5; do
    echo "$l" >> "$work/first.out"
    [[ $l =~ ^TOKEN\ ([0-9a-f]+)$ ]] && { token=${BASH_REMATCH[1]}; break; }
  done
  [ -n "$token" ] || fail "the joiner printed no TOKEN"
  printf '0,0\n' >&4                       # White's first move; the script then waits
  host_wait '^MOVE 3 black' || fail "the host did not play its second move"
  kill -9 "$first_pid"; wait "$first_pid" 2>/dev/null || true
  exec 4>&- 5<&-
  host_wait '^SUSPENDED ' || fail "the host did not notice the killed joiner"
  # The new joiner gets its moves only once the host has printed RESUMED: that line names the
  # move the host sees when it looks, and a joiner that already had its moves could have played
  # move 4 by then on a loaded machine.
  mkfifo "$work/second.fifo"
  "$CLI" join "127.0.0.1:$port" --resume "$token" --nick Bob < "$work/second.fifo" > "$work/second.out" 2> "$work/second.err" &
  second_pid=$!
  pids+=("$second_pid")
  exec 4> "$work/second.fifo"
  host_wait '^RESUMED ' || fail "the host did not resume"
  printf '2,0\n4,0\n6,0\n8,0\n' >&4
  exec 4>&-
  wait "$second_pid" || fail "the rejoining joiner exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -q '^RESUMED at move 3' "$work/host.out" || fail "the host did not resume at move 3"
  grep -q '^STARTED white vs Alice (black)' "$work/second.out" || fail "the rejoined game did not start"
  grep -qx 'RESULT black five in a row' "$work/second.out" || fail "rejoined joiner has no RESULT black"
  grep -qx 'RESULT black five in a row' "$work/host.out" || fail "host has no RESULT black"
  diff <(grep '^MOVE ' "$work/host.out") <(grep '^MOVE ' "$work/second.out") || fail "the two sides disagree on the moves"
  if "$CLI" join "127.0.0.1:1" --resume xyz < /dev/null > "$work/bad.out" 2>&1; then fail "a bad token was accepted"; fi
  grep -q 'hexadecimal' "$work/bad.out" || fail "a bad token gave no clear message"
  ;;
frozen_peer)
  # C14(b)(c): the joiner's program freezes (SIGSTOP) just as the host sends a move. The host
  # hears nothing more and suspends the game (heartbeat); when the joiner runs again it finds
  # the connection gone, reconnects and resumes: the move in flight counts exactly once.
  timing=(--heartbeat-ms 100 --silence-ms 1000)
  printf '%s\n' "$black_moves" > "$work/host.in"
  mkfifo "$work/join.fifo" "$work/join.outfifo"
  printf '' > "$work/host.in.tmp"
  # The host's moves: the first, then the rest only after the freeze (fed through a FIFO).
  mkfifo "$work/hostcmd.fifo"
  host_name=host
  mkfifo "$work/host.fifo"
  "$CLI" host --port 0 --nick Alice "${timing[@]}" < "$work/hostcmd.fifo" > "$work/host.fifo" 2> "$work/host.err" &
  host_pid=$!
  pids+=($host_pid)
  exec 6> "$work/hostcmd.fifo"
  exec 3< "$work/host.fifo"
  host_wait '^LISTENING ' || fail "host printed no LISTENING line"
  port=${line#LISTENING }
  "$CLI" join "127.0.0.1:$port" --nick Bob "${timing[@]}" < "$work/join.fifo" > "$work/join.outfifo" 2> "$work/join.err" &
  join_pid=$!
  pids+=($join_pid)
  exec 4> "$work/join.fifo"
  exec 5< "$work/join.outfifo"
  join_wait() { while IFS= read -r l <&5; do echo "$l" >> "$work/join.out"; [[ $l =~ $1 ]] && return 0; done; return 1; }
  printf '3,7\n' >&6
  printf '0,0\n' >&4
  host_wait '^MOVE 2 white' || fail "the host did not see White's move"
  join_wait '^MOVE 2 white' || fail "the joiner did not play"
  kill -STOP "$join_pid"
  printf '4,7\n' >&6                       # sent while the joiner is frozen
  host_wait '^MOVE 3 black' || fail "the host did not play"
  host_wait '^SUSPENDED .*heartbeat' || fail "the host did not notice the frozen joiner"
  kill -CONT "$join_pid"
  host_wait '^RESUMED at move 3' || fail "the host did not resume"
  join_wait '^RESUMED at move 3' || fail "the joiner did not resume at move 3"
  printf '6,7\n7,7\n5,7\n' >&6
  printf '2,0\n4,0\n6,0\n8,0\n' >&4
  exec 4>&- 6>&-
  cat <&5 >> "$work/join.out"; exec 5<&-
  wait "$join_pid" || fail "joiner exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -qx 'RESULT black five in a row' "$work/join.out" || fail "joiner has no RESULT black"
  grep -qx 'RESULT black five in a row' "$work/host.out" || fail "host has no RESULT black"
  [ "$(grep -c '^MOVE 3 ' "$work/join.out")" = 1 ] || fail "the joiner saw move 3 more than once"
  diff <(grep '^MOVE ' "$work/host.out") <(grep '^MOVE ' "$work/join.out") || fail "the two sides disagree on the moves"
  ;;
renju_game)
  # Renju over the network: the host (Black) tries a double-three, which is refused on its own
  # side and never sent; the rule travels in SETUP; White wins with five.
  printf 'f8\ng8\nh10\nh9\nh8\na1\n' > "$work/host.in"
  start_host host --nick RenjuHost --rule renju
  printf 'a15\nb15\nc15\nd15\ne15\n' > "$work/join.in"
  "$CLI" join "127.0.0.1:$port" --nick Joiner < "$work/join.in" > "$work/join.out" 2> "$work/join.err" || fail "join exited $?"
  host_drain
  wait "$host_pid" || fail "host exited $?"
  grep -q 'renju 15x15' "$work/join.out" || fail "the joiner did not get the renju rule"
  grep -q 'double-three at H8 is forbidden for Black' "$work/host.err" || fail "the host did not refuse h8"
  grep -q 'h8' <(grep '^MOVE' "$work/join.out") && fail "the forbidden move reached the peer"
  grep -qx 'RESULT white five in a row' "$work/host.out" || fail "host: no RESULT white"
  grep -qx 'RESULT white five in a row' "$work/join.out" || fail "joiner: no RESULT white"
  ;;
forbidden_tool)
  # gomoku-cli forbidden on every complete position of the shared renju cases: the printed set
  # must equal the case's F list.
  cases=$(dirname "$0")/../../../shared/data/renju_forbidden_cases.txt
  [ -f "$cases" ] || { echo "SKIP: $cases not found (../shared is absent)"; exit 77; }
  awk -F'|' '!/^#/ && NF >= 6 && $6 == 1 { print $3 "|" $4 }' "$cases" > "$work/positions.txt"
  awk -F'|' '!/^#/ && NF >= 6 && $6 == 1 {
      n = split($5, c, " "); out = "";
      for (i = 1; i <= n; i++) if (c[i] ~ /=F$/) { sub(/=F$/, "", c[i]); out = out " " c[i] }
      print out }' "$cases" |
    while read -r line; do tr ' ' '\n' <<< "$line" | { grep -v '^$' || true; } | sort -t, -k1,1n -k2,2n | paste -sd' '; done > "$work/expected.txt"
  "$CLI" forbidden < "$work/positions.txt" > "$work/got.txt" || fail "forbidden exited $?"
  [ "$(wc -l < "$work/positions.txt")" -gt 30 ] || fail "too few complete positions read"
  diff "$work/expected.txt" "$work/got.txt" || fail "forbidden points differ from the shared cases"
  printf '7,7 8,8|\n1,1|1,1\n' | "$CLI" forbidden > "$work/bad.txt" && fail "a bad line gave exit 0"
  grep -q 'error: line 2: point 1,1 is given twice' "$work/bad.txt" || fail "no clear error for a bad line"
  ;;
unknown_host|timed_out)
  # C13(b) and C13(a), in a network namespace of our own so that nothing leaves the machine:
  # its resolver points at 127.0.0.1 inside the namespace (nothing answers there), and
  # "silent-host" (10.99.0.2) lies behind a veth pair whose far end has no such address, with a
  # fixed neighbour entry: every packet to it is silently dropped, inside the namespace.
  command -v ip >/dev/null && [[ $(id -u) == 0 ]] || { echo "SKIP: needs root and iproute2 (ip netns)"; exit 77; }
  ns=gomoku-test-$$
  mkdir -p "/etc/netns/$ns"
  echo "nameserver 127.0.0.1" > "/etc/netns/$ns/resolv.conf"
  printf '127.0.0.1 localhost\n10.99.0.2 silent-host\n' > "/etc/netns/$ns/hosts"
  ip netns add "$ns" || { rm -rf "/etc/netns/$ns"; echo "SKIP: cannot create a network namespace"; exit 77; }
  trap 'ip netns del "$ns" 2>/dev/null; rm -rf "/etc/netns/$ns"; cleanup' EXIT
  ip netns exec "$ns" ip link set lo up
  ip netns exec "$ns" ip link add v0 type veth peer name v1
  ip netns exec "$ns" ip addr add 10.99.0.1/24 dev v0
  ip netns exec "$ns" ip link set v0 up
  ip netns exec "$ns" ip link set v1 up
  ip netns exec "$ns" ip neigh add 10.99.0.2 lladdr 02:00:00:00:00:02 dev v0 nud permanent
  start=$(date +%s)
  if [[ $case_name == unknown_host ]]; then
    if ip netns exec "$ns" "$CLI" join no-such-host.example:6515 --timeout 5 < /dev/null > "$work/join.out" 2> "$work/join.err"; then fail "join exited 0"; fi
    grep -q 'unknown host' "$work/join.err" || fail "no 'unknown host' in the message"
  else
    if ip netns exec "$ns" "$CLI" join silent-host:6515 --timeout 2 < /dev/null > "$work/join.out" 2> "$work/join.err"; then fail "join exited 0"; fi
    grep -q 'timed out' "$work/join.err" || fail "no 'timed out' in the message"
  fi
  elapsed=$(( $(date +%s) - start ))
  (( elapsed <= 6 )) || fail "took $elapsed s, more than the timeout"
  ;;
replay_convert)
  # Issue 5: replay a record (RESULT line, final position) and convert it to every format; each
  # conversion replays to the same result and board. Bad files give an error naming the line.
  # C02's moves as a .psq (1-based x,y): Black wins with five on move 9.
  printf 'Piskvorky 15x15, 11:11, 0\n4,8,10\n1,1,20\n5,8,30\n3,1,40\n7,8,50\n5,1,60\n8,8,70\n7,1,80\n6,8,90\n' > "$work/c02.psq"
  "$CLI" replay "$work/c02.psq" > "$work/replay.out" 2> "$work/replay.err" || fail "replay exited $?"
  grep -qx 'RESULT black five in a row' "$work/replay.out" || fail "no 'RESULT black five in a row'"
  grep -q 'rule freestyle (not stated; default)' "$work/replay.out" || fail "rule not reported"
  final_board "$work/replay.out" > "$work/board.psq"
  grep -q '^  8 \. \. \. X X(X)X X ' "$work/board.psq" || fail "final position lacks Black's five"
  for ext in sgf sav lib psq; do
    "$CLI" convert "$work/c02.psq" "$work/c02-copy.$ext" > "$work/convert.out" 2>&1 || fail "convert to .$ext exited $?"
    grep -q "^converted 9 moves" "$work/convert.out" || fail "convert to .$ext: no 'converted 9 moves'"
    "$CLI" replay "$work/c02-copy.$ext" > "$work/replay.$ext.out" 2>&1 || fail "replay of .$ext exited $?"
    grep -qx 'RESULT black five in a row' "$work/replay.$ext.out" || fail ".$ext: no 'RESULT black five in a row'"
    final_board "$work/replay.$ext.out" | cmp -s - "$work/board.psq" || fail ".$ext: another final position"
  done
  grep -q 'MS\[90\]' "$work/c02-copy.sgf" || fail "the SGF lost the move times"
  # --rule renju: the same moves, judged under renju (no fouls here: still Black's five).
  "$CLI" replay --rule renju "$work/c02-copy.sgf" > "$work/renju.out" 2>&1 || fail "replay --rule renju exited $?"
  grep -q 'rule renju (--rule)' "$work/renju.out" || fail "--rule not reported"
  # A move after the five is refused by replay and convert alike, as the app refuses it,
  # naming the line of the move; convert writes nothing.
  printf '15\n15\n10\n3 7\n0 0\n4 7\n2 0\n6 7\n4 0\n7 7\n6 0\n5 7\n9 9\n' > "$work/after.sav"
  if "$CLI" replay "$work/after.sav" > /dev/null 2> "$work/err"; then fail "replay accepted a move after the five"; fi
  grep -q "after.sav: line 13: move 10 continues after the game ended at move 9 (Black's five)" "$work/err" ||
    fail "replay, after the five: $(cat "$work/err")"
  if "$CLI" convert "$work/after.sav" "$work/after-out.sgf" > /dev/null 2> "$work/err"; then fail "convert accepted a move after the five"; fi
  grep -q "after.sav: line 13: move 10 continues after the game ended at move 9 (Black's five)" "$work/err" ||
    fail "convert, after the five: $(cat "$work/err")"
  [ ! -e "$work/after-out.sgf" ] || fail "convert wrote a record that goes on after the five"
  # Errors: truncated, off the board, unknown extension, missing file; exit 1, nothing written.
  printf '15\n15\n3\n7 7\n8 8\n' > "$work/short.sav"
  if "$CLI" replay "$work/short.sav" > /dev/null 2> "$work/err"; then fail "truncated .sav accepted"; fi
  grep -q 'short.sav: line 5: the file ends after 2 of the 3 moves' "$work/err" || fail "truncated: $(cat "$work/err")"
  # A .psq whose last line is not a trailer (a move fragment, a point with a negative
  # coordinate, a number that is no end code) is refused by both commands, naming that line; a
  # line that is not a move followed by moves is named itself, not the move after it.
  psq_head='Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\n'
  check_refused() {  # FILE-CONTENT EXPECTED-MESSAGE
    printf "$1" > "$work/bad.psq"
    for cmd in replay convert; do
      rm -f "$work/bad-out.sgf"
      if "$CLI" $cmd "$work/bad.psq" $([[ $cmd == convert ]] && echo "$work/bad-out.sgf") > /dev/null 2> "$work/err"; then
        fail "$cmd accepted $(printf "$1" | tail -2 | tr '\n' ' ')"
      fi
      grep -qF "bad.psq: $2" "$work/err" || fail "$cmd: expected '$2', got: $(cat "$work/err")"
      [ ! -e "$work/bad-out.sgf" ] || fail "convert wrote a refused file"
    done
  }
  check_refused "${psq_head}10,\n" 'line 5: "10," is neither a move "x,y" (1-based) nor a trailer line'
  check_refused "${psq_head}-1,2\n" 'line 5: "-1,2" is neither a move'
  check_refused "${psq_head}99\n" 'line 5: "99" is not a .psq end code (-2..15)'
  check_refused "${psq_head}-1,2,0\n9,8,0\n" 'line 5: "-1,2,0" is neither a move'
  check_refused "${psq_head}abc\n9,8,0\n" 'line 5: "abc" is not a move "x,y", yet a move follows it on line 6'
  # What Piskvork and the Gomocup judge write still reads: names, end code, judge line.
  printf "${psq_head}"'PELA.zip\nYIXIN.zip\n-1\n1,Freestyle\n' > "$work/good.psq"
  "$CLI" replay "$work/good.psq" > "$work/good.out" 2>&1 || fail "replay of a Gomocup trailer: $(cat "$work/good.out")"
  grep -q 'rule freestyle (stated by the file)' "$work/good.out" || fail "judge line's rule not read"
  "$CLI" convert "$work/good.psq" "$work/good.sgf" > /dev/null 2>&1 || fail "convert of a Gomocup trailer failed"
  # A header alone is an empty record: replay says so.
  printf 'Piskvorky 15x15, 11:11, 0\n-1\n' > "$work/empty.psq"
  "$CLI" replay "$work/empty.psq" > "$work/empty.out" 2>&1 || fail "replay of a header-only file: $(cat "$work/empty.out")"
  grep -q '0 moves' "$work/empty.out" && grep -qx 'no moves' "$work/empty.out" || fail "header-only: $(cat "$work/empty.out")"
  # Converted, it is an empty game in every format (with a note that it has no moves), and each
  # copy reads back as one.
  for ext in sgf sav lib psq; do
    "$CLI" convert "$work/empty.psq" "$work/empty-copy.$ext" > "$work/convert.out" 2>&1 || fail "header-only to .$ext: $(cat "$work/convert.out")"
    grep -q "^converted 0 moves" "$work/convert.out" || fail "header-only to .$ext: $(cat "$work/convert.out")"
    grep -q "^note: .*empty.psq has no moves; .*empty-copy.$ext is an empty 15x15 game" "$work/convert.out" ||
      fail "header-only to .$ext: no note: $(cat "$work/convert.out")"
    "$CLI" replay "$work/empty-copy.$ext" > "$work/empty.$ext.out" 2>&1 || fail "replay of the empty .$ext: $(cat "$work/empty.$ext.out")"
    grep -q '15x15, 0 moves' "$work/empty.$ext.out" && grep -qx 'RESULT none no five' "$work/empty.$ext.out" ||
      fail "the empty .$ext: $(cat "$work/empty.$ext.out")"
  done
  if "$CLI" convert "$work/short.sav" "$work/out.sgf" 2> "$work/err"; then fail "convert of a bad file exited 0"; fi
  [ ! -e "$work/out.sgf" ] || fail "convert of a bad file wrote its output"
  if "$CLI" convert "$work/c02.psq" "$work/out.txt" 2> "$work/err"; then fail "unknown extension accepted"; fi
  grep -q 'unknown record format' "$work/err" || fail "unknown extension: $(cat "$work/err")"
  if "$CLI" replay "$work/none.psq" 2> "$work/err"; then fail "missing file accepted"; fi
  grep -q 'cannot read the file' "$work/err" || fail "missing file: $(cat "$work/err")"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case_name]"
