#!/usr/bin/env bash
# GUI end-to-end test, run under xvfb-run. Usage: gui_test.sh CASE APP CLI ARTIFACT-DIR
#   app_hosts  the app hosts (Black), a scripted gomoku-cli joins by "localhost" (White)
#   app_joins  gomoku-cli hosts (Black), the app joins with --join (White)
#   two_apps   two copies of the app play each other, joined by host name
# The app's moves are real mouse clicks (xdotool) on the intersections it reports in its
# --test-report file (a FIFO here, so every wait is a blocking read, never a sleep).
set -euo pipefail
case_name=$1; APP=$2; CLI=$3; artifacts=$4
mkdir -p "$artifacts"
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL [$case_name]: $*" >&2
  import -window root "$artifacts/gui-$case_name-failure.png" 2>/dev/null || true
  for f in "$work"/*.log "$work"/*.out "$work"/*.err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done >&2
  exit 1
}

# start_app NAME ARGS...: starts the app with its report on FIFO fd (opened as $NAME_fd).
start_app() {
  local name=$1; shift
  mkfifo "$work/$name.fifo"
  "$APP" --config "$work/$name.ini" --test-report "$work/$name.fifo" --exit-when-done "$@" \
    > "$work/$name.out" 2> "$work/$name.err" &
  pids+=($!)
  eval "${name}_pid=$!"
}

# app_wait FD NAME REGEX: reads report lines from FD (logging them) until one matches; sets $line.
app_wait() {
  local fd=$1 name=$2
  while IFS= read -r -t 60 line <&"$fd"; do
    echo "$line" >> "$work/$name.log"
    [[ $line =~ $3 ]] && return 0
  done
  fail "$name: no report line matching '$3'"
}

# click NAME X Y: clicks intersection (x,y) of that app's board, using its GEOMETRY line.
click() {
  local name=$1 x=$2 y=$3
  local geo=${name}_geo
  local pid=${name}_pid
  read -r gx gy cell <<< "${!geo}"
  # Two windows may overlap: bring this one to the top first (there is no window manager).
  for w in $(xdotool search --onlyvisible --pid "${!pid}" 2>/dev/null); do xdotool windowraise "$w"; done
  xdotool mousemove --sync $((gx + x * cell)) $((gy + y * cell)) click 1
}

black=("3 7" "4 7" "6 7" "7 7" "5 7")   # case C02: Black fills the gap and wins on move 9
white=("0 0" "2 0" "4 0" "6 0" "8 0")

# play_clicks NAME FD COLOUR: the app clicks its colour's moves, waiting for each reply.
play_clicks() {
  local name=$1 fd=$2 colour=$3 i
  local -n moves=$colour
  for i in "${!moves[@]}"; do
    [[ $colour == white && $i == 4 ]] && break   # Black wins on move 9: White has four moves
    local ply
    if [[ $colour == black ]]; then ply=$((2 * i + 1)); else ply=$((2 * i + 2)); fi
    # Wait for the opponent's move before ours (White waits for Black's first move).
    if (( ply > 1 )); then app_wait "$fd" "$name" "^MOVE $((ply - 1)) "; fi
    # shellcheck disable=SC2086
    click "$name" ${moves[$i]}
    app_wait "$fd" "$name" "^MOVE $ply "
    [[ $line == "MOVE $ply ${moves[$i]/ /,}" ]] || fail "$name: click on ${moves[$i]} gave '$line'"
  done
}

check_result() {
  local fd=$1 name=$2
  app_wait "$fd" "$name" '^RESULT '
  [[ $line == "RESULT black "* ]] || fail "$name: expected Black to win, got '$line'"
  app_wait "$fd" "$name" '^BOARD '
  [[ $line =~ ^BOARD\ 15\ (.*)$ ]] || fail "$name: bad BOARD line '$line'"
  local rows=${BASH_REMATCH[1]}
  [[ $rows == "O.O.O.O......../"*"/...XXXXX......./"* ]] || fail "$name: the app's board does not hold the game's stones: $rows"
  [[ $(tr -cd 'X' <<< "$rows" | wc -c) == 5 && $(tr -cd 'O' <<< "$rows" | wc -c) == 4 ]] || fail "$name: wrong stone count: $rows"
  # The app saved its own picture of the board with the RESULT line.
  [ -s "$work/$name.fifo.png" ] || fail "$name: no board picture saved"
  cp "$work/$name.fifo.png" "$artifacts/gui-$case_name-$name-board.png"
}

screenshot() { import -window root "$artifacts/gui-$case_name.png" || fail "screenshot failed"; }

case $case_name in
app_hosts)
  start_app host --host 0 --nick "GUI 主机" --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  printf '%s\n' "${white[@]/ /,}" > "$work/cli.in"
  "$CLI" join "localhost:$port" --nick Script < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  app_wait 3 host '^STARTED '
  [[ $line == "STARTED black Script" ]] || fail "host: bad STARTED line '$line'"
  app_wait 3 host '^GEOMETRY '; host_geo=${line#GEOMETRY }
  play_clicks host 3 black
  check_result 3 host
  wait "$cli_pid" || fail "gomoku-cli exited $?"
  grep -qx 'RESULT black five in a row' "$work/cli.out" || fail "gomoku-cli did not see Black win"
  grep -q 'STARTED white vs GUI 主机 (black)' "$work/cli.out" || fail "the app's nickname did not arrive intact"
  screenshot
  ;;
app_joins)
  mkfifo "$work/cli.fifo"
  printf '%s\n' "${black[@]/ /,}" > "$work/cli.in"
  "$CLI" host --port 0 --nick Script < "$work/cli.in" > "$work/cli.fifo" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  exec 4< "$work/cli.fifo"
  port=""
  while IFS= read -r -t 30 l <&4; do [[ $l == LISTENING* ]] && { port=${l#LISTENING }; break; }; done
  [ -n "$port" ] || fail "gomoku-cli did not listen"
  cat <&4 > "$work/cli.out" &
  start_app join --join "localhost:$port" --nick Joiner
  exec 3< "$work/join.fifo"
  app_wait 3 join '^STARTED '
  [[ $line == "STARTED white Script" ]] || fail "join: bad STARTED line '$line'"
  app_wait 3 join '^GEOMETRY '; join_geo=${line#GEOMETRY }
  play_clicks join 3 white
  check_result 3 join
  screenshot
  wait "$cli_pid" || fail "gomoku-cli exited $?"
  ;;
two_apps)
  start_app host --host 0 --nick Alice --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  start_app join --join "localhost:$port" --nick Bob
  exec 4< "$work/join.fifo"
  app_wait 3 host '^STARTED '; app_wait 3 host '^GEOMETRY '; host_geo=${line#GEOMETRY }
  app_wait 4 join '^STARTED '; app_wait 4 join '^GEOMETRY '; join_geo=${line#GEOMETRY }
  for i in 0 1 2 3 4; do
    # shellcheck disable=SC2086
    click host ${black[$i]}
    app_wait 4 join "^MOVE $((2 * i + 1)) "   # the joiner's board receives Black's stone
    (( i == 4 )) && break
    # shellcheck disable=SC2086
    click join ${white[$i]}
    app_wait 3 host "^MOVE $((2 * i + 2)) "
  done
  screenshot
  check_result 3 host
  check_result 4 join
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case_name]"
