#!/usr/bin/env bash
# GUI end-to-end test, run under xvfb-run. Usage: gui_test.sh CASE APP CLI ARTIFACT-DIR [PBRAIN]
#   app_hosts  the app hosts (Black), a scripted gomoku-cli joins by "localhost" (White); while
#              it listens the side panel and the status bar say it waits for an opponent
#   app_joins  gomoku-cli hosts (Black), the app joins with --join (White)
#   lan        local discovery between two network namespaces: the app's hosted game is listed
#              and joined by gomoku-cli; the app's Join dialog lists a game, stays bounded (64
#              rows) and answering under a flood of 100 fake announcements, and a double-click
#              joins the game (needs root and Avahi; skips with 77 otherwise)
#   watch      gomoku-cli hosts and joins; the app watches with --watch: the game so far, live
#              moves, Left steps back while a move comes, End returns to the live position, the
#              players' chat, the result and the end (screenshots)
#   two_apps   two copies of the app play each other, joined by host name; each saves the game
#              to a file of its own (same folder, same second)
#   renju_local    --local --rule renju: a double-three point is marked (FORBIDDEN), a click on
#                  it is refused (REFUSED, no MOVE), then Black wins legally
#   renju_lose     as renju_local with --foul lose: the click on the double-three loses for Black
#   renju_network  the app hosts renju (Black), a scripted gomoku-cli joins: the refused click on
#                  the double-three point never reaches the peer
#   match_requests the app hosts (Black), a scripted gomoku-cli joins: chat both ways, a takeback
#                  asked by the script and accepted in the app, one asked in the app and
#                  accepted by the script, a draw offer and a takeback request of the script's
#                  at once (two cards; the app accepts the draw, the takeback is withdrawn),
#                  play again from both (game 2, colours swapped), then the script resigns
#   app_rejoins    gomoku-cli hosts (Black), the app joins (White); after two moves the app is
#                  killed (no BYE): the host suspends the game; the app started again with the
#                  same settings rejoins with its saved token at move 3, and the game ends alike
#   peer_leaves    the app hosts (Black), a scripted gomoku-cli answers one move and quits: the
#                  app says who left and who was to move, and saves the game as interrupted
#   network_end_of_game  the app hosts (Black), a raw peer (White) sends bytes: its resignation
#                  crosses the app's five (RESULT again, the save rewritten as B+R) and its MOVEs
#                  after it are refused; then only the one MOVE that crossed the app's acceptance
#                  of a draw is recorded (report and automatic save)
#   computer_game  --computer 1: the computer (White) answers a click (with View > Show the
#                  computer's analysis on, its depth and evaluation come first: ANALYSIS),
#                  Game > Hint (Ctrl+I) marks a point, clicks are refused while it thinks; then --computer 5 as Black:
#                  Ctrl+Q while it thinks ends the app at once (case C19c: no hang, no thread);
#                  a game the computer wins is saved as it ends, with every move's time (MS[])
#   external_engine --computer 2 --engine pbrain-gomoku: the external engine answers a click;
#                  then an engine that crashes after START: the game ends interrupted with the
#                  reason, and the app stays usable
#   xdg_config     without --config the settings go to $XDG_CONFIG_HOME/gomoku/gomoku.conf
#                  (~/.config/gomoku), and the old ~/.gomoku is copied there once
#   local_records_C08_C09  hot seat (issue 5): Ctrl+S before any move says there is nothing to
#                  save; undo (Ctrl+Z and the Undo button) and redo (button), the
#                  undone stones never count again (C08), undo after the win reopens the game
#                  (C09), the automatic save of the finished game, Save as .psq and .sgf through
#                  the file dialog (the files are checked), Ctrl+S, the save at closing
#   replay_record  a .psq record given on the command line opens at its final position;
#                  Home / Right / End / Left step through it (each REPLAY's BOARD holds exactly
#                  the moves shown; the ends do nothing), Play runs to the end, Continue from here starts a local game there;
#                  File > Open of a truncated file and of a .psq with a stray line among its
#                  moves (errors naming the bad line, the game goes on untouched) and of a .sav
#                  (the local game is saved first); File > Recent games opens that save; Copy and
#                  Paste position through the clipboard start a local game with its moves; a
#                  header-only .psq opens with "this record has no moves"
#   language_zh_CN, language_zh_TW  LANG=zh_CN.UTF-8 / zh_TW.UTF-8: the app's texts and window
#                  title are Chinese (LANGUAGE report line, xdotool); screenshots kept; zh_CN
#                  also: --help (without a display; aligned, its placeholders those of the
#                  texts, no options for tests) and a command-line error in Chinese, following
#                  LANG or the configured language; a refused move (core sentence) in Chinese;
#                  a computer game left unfinished is saved with a Chinese comment
#                  Each language: no two items of a menu share an access key (MENUKEYS lines)
#   language_setting  Settings > Language (/View/Language) overrides LANG: English, then
#                  Traditional Chinese under LANG=zh_CN.UTF-8; the C locale gives English;
#                  LANG=zh_HK.UTF-8 reads the Traditional catalog
#   opening_local  --local --opening swap2: three stones by clicks (one outside the board's
#                  points is never asked), the banner's choice (OPENING lines, screenshot), Place
#                  two, the first player takes Black, normal play goes on with the five stones
#                  and Undo stops there; then --rule renju --opening soosorv8: the centre, a
#                  stone outside the 3x3 refused, Keep, the 4th move, three 5th moves declared,
#                  picked out on the board as numbered stones (one dropped and picked again, a
#                  fourth refused; screenshot), offered, and one chosen (screenshots); saved
#                  as SGF (XO, XD, the other 5th moves as variations) and replayed: move 4
#                  shows the three offered numbered (NUMBERED), move 5 says which was chosen
#                  (STATUS; screenshot)
#   network_opening  the issue's check between two copies of the app: Alice hosts renju under
#                  Soosõrv-8 on a clock (--host --opening soosorv8 --clock 15s/move: the opening
#                  is timed too, each decision within its 15 s), Bob joins;
#                  Alice places three stones (a click while it is not Bob's decision is refused
#                  in Bob's window), Bob keeps White, places the 4th and declares eight 5th moves,
#                  Alice keeps Black and picks out eight (screenshot), Bob sees them numbered
#                  (screenshot) and picks one; then nobody moves: White's clock runs out, both
#                  say "Black wins on time", and the automatic save holds RE[B+T] and the
#                  opening (XO, XD, the seven other 5th moves as variations)
#   opening_computer  --computer 1 --color white --opening swap2: the computer places the first
#                  three stones, the user takes Black; the computer, now White, plays move 4
#   keyboard_play  --local: arrow keys move the board's cursor, Enter and Space play, Enter on a
#                  stone is refused; each cursor move says what is at the point (CURSOR lines:
#                  empty, a stone and its move, and under renju a double-three point)
#   preferences    Settings > Preferences (Ctrl+,): a port of 70000, a timeout of "5s" and an
#                  empty nickname are refused with a message naming the field (and the range;
#                  INVALID line), the dialog stays and the config is unchanged; then port 7123,
#                  timeout 30, ghost stone off and a plain board are saved
#                  to the --config file and applied (PREFERENCES line); a stored colour that is
#                  not #rrggbb falls back to the default; Restore defaults puts them back; the
#                  dialog in English and Simplified Chinese is kept as screenshots
#   preferences_match  the app hosts, a gomoku-cli joins: a nickname changed in Preferences
#                  reaches the peer at once (NICK line of gomoku-cli) and is saved
#   small_screen   (run on a 1366x768 screen) --local: the whole window, menu bar included, is on
#                  the screen and a click plays; resized to 1000x600 (a 1024x600 netbook) the
#                  window is that size (its minimum is lower) and a click still plays; at
#                  640x520 the side panel is compact and the board's grid at least half the
#                  window's width (a click plays); then a
#                  network game with 20-character Chinese nicknames (screenshots of the side panel)
#   hidpi_screen   (run on a 1920x1080 screen with GDK_SCALE=2) a network game in Chinese: the
#                  window fits the screen and the match's controls and chat are on the window
#                  (lower ones, such as Leave game, are reached by scrolling the side panel)
#   sounds         a stone placed plays res/sound-stone.wav (through a fake aplay in PATH: no OSS
#                  device under Xvfb); with /View/Sounds=0 nothing is played
#   online_match   (5th argument: gomoku-server) a server on a free port; a scripted
#                  `gomoku-cli online` (bob) registers; the app registers alice with --online and
#                  shows the hall (screenshot); Find a match in the app and `find` in the script
#                  pair them (rated); the script chats and asks a takeback the app accepts; the
#                  game is played to five (screenshot: the ladder change in the side panel,
#                  LADDER 1000 1030 or 970 as the app won or lost, the script's LADDER the other
#                  way); Back to the hall shows My games with the game, Replay opens it (9
#                  moves); a second start with --online and no password logs in with the
#                  remembered session token, and so does Game > Play online (Ctrl+L) in a third
#                  (the login dialog proposes the server and name; Enter; screenshot)
#                  (online_match_postgresql: the same with the server's data in PostgreSQL)
#   online_resume  (5th argument: gomoku-server) as online_match in Chinese (LANG=zh_CN.UTF-8,
#                  screenshots of the hall and the game): after two moves the app is killed
#                  (kill -9); started again, it logs in with its remembered token, the server
#                  resumes the game at move 2 and it is played to the end
#   online_browser (5th argument: gomoku-server) the app against a browser player (headless
#                  Chromium in Chinese on the server's web page, tests/web/browser_driver.py):
#                  both Find a match and are paired; the browser takes back a move (the app
#                  accepts), chat both ways (Chinese from the browser), a second login of the
#                  browser's account from gomoku-cli is refused, the browser offers a draw and
#                  the app accepts; both back to the hall (screenshots of the app and the page)
#   online_two_apps (5th argument: gomoku-server) the issue's check: two copies of the app, one in
#                  Chinese, register, press Find a match and are paired; a takeback asked in one
#                  and accepted in the other, a chat line typed in one; Black plays five; LADDER
#                  1000 1030 and 1000 970; both go back to the hall (screenshots of both)
#   online_room_opening (5th argument: gomoku-server) a private room on a clock with an opening
#                  rule between two copies of the app (one in Chinese): Find a match with the
#                  clock and opening rule remembered (FINDING line, screenshot) and Cancel;
#                  Private room… opens with
#                  the settings remembered (5m+5s, swap2 under freestyle; ROOM line, screenshot
#                  of the hall), the other enters by code; both MATCHED lines name the clock and
#                  the opening rule, both side panels show the two clocks (CLOCKS), the opening
#                  banner online (screenshots); the first player places three stones, the second
#                  takes Black: then White (the room's creator) plays move 4 and Black move 5
# Automatic saves go to $XDG_DATA_HOME/gomoku/games, a folder of the test ($work/data).
# The app's moves are real mouse clicks (xdotool) on the intersections it reports in its
# --test-report file (a FIFO here, so every wait is a blocking read, never a sleep); its buttons
# are clicked at the centres it reports in BUTTON lines.
set -euo pipefail
# GUI_TEST_TRACE=1 traces every command to stderr (with --output-on-failure, ctest shows where
# a test that timed out was waiting).
[[ -n ${GUI_TEST_TRACE:-} ]] && set -x
case_name=$1; APP=$2; CLI=$3; artifacts=$4; PBRAIN=${5:-}
mkdir -p "$artifacts"
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [[ $(type -t club_down) == function ]]; then  # the lan case's namespaces
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    club_down
  fi
  rm -rf "$work"
}
trap cleanup EXIT
export XDG_DATA_HOME="$work/data"   # automatic saves stay in the test's folder
fail() {
  echo "FAIL [$case_name]: $*" >&2
  import -window root "$artifacts/gui-$case_name-failure.png" 2>/dev/null || true
  for f in "$work"/*.log "$work"/*.out "$work"/*.err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done >&2
  exit 1
}

# start_app NAME ARGS...: starts the app with its report on FIFO fd (opened as $NAME_fd).
# With keep_open=1 the app stays after a game (no --exit-when-done); app_prefix (a command
# that execs the rest, e.g. one machine of the lan case's club) runs it elsewhere.
start_app() {
  local name=$1; shift
  mkfifo "$work/$name.fifo"
  local exit_flag=(--exit-when-done)
  [[ ${keep_open:-0} == 1 ]] && exit_flag=()
  # shellcheck disable=SC2086
  ${app_prefix:-} "$APP" --config "$work/${config_name:-$name}.ini" --test-report "$work/$name.fifo" "${exit_flag[@]}" "$@" \
    > "$work/$name.out" 2> "$work/$name.err" &
  pids+=($!)
  eval "${name}_pid=$!"
}

# app_wait FD NAME REGEX: reads report lines from FD (logging them) until one matches; sets $line.
# Along the way it keeps the last GEOMETRY in $NAME_geo and each BUTTON's "x y" (or "-") in the
# associative array buttons[NAME:BUTTON].
declare -A buttons=()
app_wait() {
  local fd=$1 name=$2
  while IFS= read -r -t 60 line <&"$fd"; do
    echo "$line" >> "$work/$name.log"
    if [[ $line =~ ^BUTTON\ ([a-z0-9]+)\ (.*)$ ]]; then buttons[$name:${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}; fi
    if [[ $line == GEOMETRY\ * ]]; then printf -v "${name}_geo" '%s' "${line#GEOMETRY }"; fi
    [[ $line =~ $3 ]] && return 0
  done
  fail "$name: no report line matching '$3'"
}

# button_off NAME FD BUTTON: waits until BUTTON is reported disabled or hidden. Its line may
# have come already, before the line the test waited for last: the latest state read counts.
button_off() {
  while [[ ${buttons[$1:$3]:--} != - ]]; do app_wait "$2" "$1" "^BUTTON $3 "; done
}

# press NAME FD BUTTON: clicks one of the app's buttons at its reported centre (waiting for it
# to be clickable when it is not yet).
press() {
  local name=$1 fd=$2 button=$3
  while [[ ${buttons[$name:$button]:--} == - ]]; do app_wait "$fd" "$name" "^BUTTON $button "; done
  # shellcheck disable=SC2086
  point_at "$name" ${buttons[$name:$button]} && sleep 0.2  # let GTK settle the pointer over it
  xdotool click 1
}

# pointer_at: "X Y", where the pointer is. xdotool also names the window under the pointer and
# dies of BadWindow when that window goes away meanwhile (a dialog closing): then it asks again.
pointer_at() {
  local out try
  for try in $(seq 50); do
    out=$(xdotool getmouselocation 2>/dev/null) || continue
    if [[ $out =~ x:(-?[0-9]+)\ y:(-?[0-9]+) ]]; then
      echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
      return 0
    fi
  done
  echo "unknown"
}

# point_at NAME X Y: puts the pointer at X,Y over NAME's window, raising its windows until the
# window under the pointer is its own: without a window manager a raise is only a request, and
# two apps' windows overlap. True when the pointer moved, false when it was there already.
point_at() {
  local name=$1 x=$2 y=$3 pid=${1}_pid wins moved=1 try
  wins=$(xdotool search --onlyvisible --pid "${!pid}" 2>/dev/null || true)
  for try in $(seq 100); do
    for w in $wins; do xdotool windowraise "$w"; done
    # --sync waits for a motion: only when the pointer is elsewhere (it would wait in vain).
    if [[ $(pointer_at) != "$x $y" ]]; then xdotool mousemove --sync "$x" "$y"; moved=0; fi
    local top; top=$(top_window_at "$x" "$y")
    [[ -z $wins ]] || grep -qx "$top" <<< "$wins" && return $moved
    sleep 0.05
  done
  fail "$name: its window does not come to the top at $x,$y (window $top, ours: $wins)"
}

# settled NAME: waits until the app shows one top-level window, its main window: a connect
# dialog that closes when the game starts hands the main window to GTK, which may raise it over
# the other app's window just when that one is clicked.
settled() {
  local pid=${1}_pid try
  for try in $(seq 600); do
    [[ $(xdotool search --onlyvisible --pid "${!pid}" 2>/dev/null | wc -l) -le 1 ]] && return 0
    sleep 0.1
  done
  fail "$1: a dialog stays open"
}

# top_window_at X Y: the id (decimal) of the topmost viewable top-level window containing X,Y
# (xwininfo lists the root's children top first; xdotool's getmouselocation needs a window
# manager to name it).
top_window_at() {
  local line re='^ *(0x[0-9a-f]+) .* ([0-9]+)x([0-9]+)[-+][-0-9]+[-+][-0-9]+ +\+(-?[0-9]+)\+(-?[0-9]+)$'
  while IFS= read -r line; do
    [[ $line =~ $re ]] || continue
    local id=${BASH_REMATCH[1]} w=${BASH_REMATCH[2]} h=${BASH_REMATCH[3]}
    local wx=${BASH_REMATCH[4]} wy=${BASH_REMATCH[5]}
    (($1 >= wx && $1 < wx + w && $2 >= wy && $2 < wy + h)) || continue
    xwininfo -id "$id" 2>/dev/null | grep 'Map State: IsViewable' >/dev/null || continue
    echo $((id))
    return
  done < <(xwininfo -root -children 2>/dev/null)
}

# click NAME X Y: clicks intersection (x,y) of that app's board, using its GEOMETRY line.
click() {
  local name=$1 x=$2 y=$3
  local geo=${name}_geo
  local pid=${name}_pid
  read -r gx gy cell <<< "${!geo}"
  # Two windows may overlap: bring this one to the top first (there is no window manager).
  point_at "$name" $((gx + x * cell)) $((gy + y * cell)) || true
  xdotool click 1
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

screenshot() { import -window root "$artifacts/gui-$case_name${1:+-$1}.png" || fail "screenshot failed"; }

# status_clean NAME FD SENTENCE-REGEX: waits for the STATUS line of a sentence painted in the
# status bar, then checks its pixels on the screen: the text's ink keeps clear of the bar's
# bottom edge (not clipped: a CJK font is taller than the Latin one) and nothing is drawn right
# of the text's end (an earlier, longer sentence was erased). The paint reaches the screen
# just after the line: the check is tried again for up to 5 s before it fails.
status_clean() {
  local name=$1 fd=$2 sentence=$3 sx sy sw sh sright box w h x y try
  app_wait "$fd" "$name" "^STATUS [0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]+ $sentence\$"
  read -r _ sx sy sw sh sright _ <<< "$line"
  for try in $(seq 50); do
    # Below the bar's top rule; the box of the dark (text) pixels within.
    import -window root -crop "${sw}x$((sh - 1))+${sx}+$((sy + 1))" +repage "$work/status.png"
    box=$(convert "$work/status.png" -colorspace gray -threshold 50% -negate -format '%@' info:)
    if [[ $box =~ ^([0-9]+)x([0-9]+)\+([0-9]+)\+([0-9]+)$ ]]; then
      w=${BASH_REMATCH[1]} h=${BASH_REMATCH[2]} x=${BASH_REMATCH[3]} y=${BASH_REMATCH[4]}
      ((w > 0 && x + w <= sright - sx + 2 && y >= 1 && y + h <= sh - 1 - 2)) && {
        cp "$work/status.png" "$artifacts/gui-$case_name-status-$name.png"
        return 0
      }
    fi
    sleep 0.1
  done
  cp "$work/status.png" "$artifacts/gui-$case_name-status-$name.png"
  fail "$name: the status bar ${sw}x${sh}+${sx}+${sy} (text ending at $sright) shows ink at $box: clipped or a leftover"
}

# Renju. Black's opening h8 i8 j7 j6 g6 g5 b2 c2 d2 f2 g2 (White's stones wait along the top,
# rows 15 and 13) leaves these points forbidden for Black: j9 (9,6), g8 (6,7) and j8 (9,7)
# double-threes -- j8 makes h8-i8-j8 across and j8-j7-j6 down -- and e2 (4,13), an overline.
# Black then wins down the j file with j5 j4 j3: exactly five, j7..j3.
renju_black=("7 7" "8 7" "9 8" "9 9" "6 9" "6 10" "1 13" "2 13" "3 13" "5 13" "6 13")
renju_white=("0 0" "2 0" "4 0" "6 0" "8 0" "10 0" "12 0" "14 0" "0 2" "2 2" "4 2")
renju_black_finish=("9 10" "9 11" "9 12")
renju_white_finish=("6 2" "8 2")
double_three="9 7"
overline="4 13"

# click_move NAME FD PLY X Y: clicks (x,y) and checks that it became move PLY.
click_move() {
  local name=$1 fd=$2 ply=$3 x=$4 y=$5
  click "$name" "$x" "$y"
  app_wait "$fd" "$name" '^(MOVE|REFUSED) '
  [[ $line == "MOVE $ply $x,$y" ]] || fail "$name: click on $x,$y gave '$line', expected move $ply"
}

# check_forbidden_marked NAME FD: the next FORBIDDEN line lists the double-three and the
# overline point.
check_forbidden_marked() {
  app_wait "$2" "$1" '^FORBIDDEN '
  local p
  for p in "$double_three" "$overline"; do
    [[ " ${line#FORBIDDEN} " == *" ${p/ /,} "* ]] || fail "$1: ${p/ /,} is not marked forbidden: '$line'"
  done
}

# check_refused NAME FD: clicks the double-three point; the app must refuse it.
check_refused() {
  # shellcheck disable=SC2086
  click "$1" $double_three
  app_wait "$2" "$1" '^(MOVE|REFUSED) '
  local want="REFUSED ${double_three/ /,} Double-three at J8 is forbidden for Black."
  [[ $line == "$want" ]] || fail "$1: expected '$want', got '$line'"
}

# board_rows BLACK-ARRAY WHITE-ARRAY: the BOARD line's rows for these stones on 15x15.
board_rows() {
  local -n bs=$1 ws=$2
  local rows=() y p x
  for ((y = 0; y < 15; y++)); do rows+=("..............."); done
  for p in "${bs[@]}"; do read -r x y <<< "$p"; rows[y]=${rows[y]:0:x}X${rows[y]:x+1}; done
  for p in "${ws[@]}"; do read -r x y <<< "$p"; rows[y]=${rows[y]:0:x}O${rows[y]:x+1}; done
  local IFS=/
  echo "${rows[*]}"
}

# check_renju_board NAME FD: Black won down the j file; the board holds the game's stones.
check_renju_board() {
  local name=$1 fd=$2
  app_wait "$fd" "$name" '^RESULT '
  [[ $line == "RESULT black "* ]] || fail "$name: expected Black to win, got '$line'"
  app_wait "$fd" "$name" '^BOARD '
  # shellcheck disable=SC2034
  local all_black=("${renju_black[@]}" "${renju_black_finish[@]}") all_white=("${renju_white[@]}" "${renju_white_finish[@]}")
  [[ $line == "BOARD 15 $(board_rows all_black all_white)" ]] || fail "$name: wrong stones: $line"
  [ -s "$work/$name.fifo.png" ] || fail "$name: no board picture saved"
  cp "$work/$name.fifo.png" "$artifacts/gui-$case_name-$name-board.png"
}

# key_in NAME KEYS: types KEYS (xdotool key syntax) into that app's window: the pointer goes over
# its board first (there is no window manager: the focus follows the pointer).
key_in() {
  local name=$1 keys=$2
  local geo=${name}_geo
  read -r gx gy cell <<< "${!geo}"
  local tx=$((gx + 7 * cell)) ty=$((gy + 7 * cell))
  # --sync waits for a motion: only when the pointer is elsewhere.
  if [[ $(pointer_at) != "$tx $ty" ]]; then xdotool mousemove --sync "$tx" "$ty"; fi
  xdotool key "$keys"
}

# save_as NAME FD PATH: File > Save as (Ctrl+Shift+S), types PATH into the file dialog, and
# checks the SAVED line.
save_as() {
  local name=$1 fd=$2 path=$3
  key_in "$name" ctrl+shift+s
  local w
  w=$(xdotool search --sync --onlyvisible --name 'Save the game' | head -1)
  xdotool windowfocus --sync "$w"
  xdotool key ctrl+a
  xdotool type --delay 10 "$path"
  xdotool key Return
  app_wait "$fd" "$name" '^(SAVED|ERROR) '
  [[ $line == "SAVED user $path" ]] || fail "$name: Save as $path gave '$line'"
  [ -s "$path" ] || fail "$name: $path was not written"
}

# open_dialog NAME PATH: File > Open (Ctrl+O) and PATH typed into the file dialog.
open_dialog() {
  local name=$1 path=$2 w
  key_in "$name" ctrl+o
  w=$(xdotool search --sync --onlyvisible --name 'Open a game record' | head -1)
  open_dialog_w=$w
  xdotool windowfocus --sync "$w"
  xdotool type --delay 10 "$path"
  xdotool key Return
}

# message_box_return [SHOT]: presses Return in the message box that File > Open shows for a refused
# file. It has the file dialog's title, and the file dialog can still be on the screen for a
# moment when the message comes (the app reads the file before the dialog is gone): wait for a
# window of that title other than the file dialog, as focusing one that then goes away waits
# for ever.
message_box_return() {
  local w='' _
  for _ in $(seq 600); do
    w=$( (xdotool search --onlyvisible --name 'Open a game record' 2>/dev/null || true) |
      grep -vx "$open_dialog_w" | head -1 || true)   # none yet: grep fails, and pipefail
    [[ -n $w ]] && break
    sleep 0.1
  done
  [[ -n $w ]] || fail "the message box of File > Open did not show"
  if [[ -n ${1:-} ]]; then sleep 0.3; screenshot "$1"; fi   # SHOT: a picture of it first
  xdotool windowfocus --sync "$w"
  xdotool key Return
}

# C02's moves in the order played, and expect_replay K: the next REPLAY line shows move K of 9
# and its BOARD holds exactly the first K moves.
c02_moves=("3 7" "0 0" "4 7" "2 0" "6 7" "4 0" "7 7" "6 0" "5 7")
expect_replay() {
  local k=$1 i
  app_wait 3 replay '^REPLAY '
  [[ $line == "REPLAY $k 9" ]] || fail "replay: expected 'REPLAY $k 9', got '$line'"
  local shown_black=() shown_white=()
  for ((i = 0; i < k; i++)); do
    if ((i % 2 == 0)); then shown_black+=("${c02_moves[i]}"); else shown_white+=("${c02_moves[i]}"); fi
  done
  app_wait 3 replay '^BOARD '
  [[ $line == "BOARD 15 $(board_rows shown_black shown_white)" ]] || fail "replay: move $k shows other stones: $line"
}

# click_at NAME CONTROL: clicks a dialog control at its reported centre (no raising: the dialog
# is above the main window).
click_at() {
  # shellcheck disable=SC2086
  set -- ${buttons[$1:$2]}
  if [[ $(pointer_at) != "$1 $2" ]]; then xdotool mousemove --sync "$1" "$2"; sleep 0.2; fi
  xdotool click 1
}
# viewable_windows: the ids of the root's viewable children, sorted: top-level windows, dialogs
# and open menus (a GTK menu is a window of its own).
viewable_windows() {
  local id
  for id in $(xwininfo -root -children 2>/dev/null | awk '$1 ~ /^0x/ { print $1 }'); do
    if xwininfo -id "$id" 2>/dev/null | grep 'Map State: IsViewable' >/dev/null; then echo "$id"; fi
  done | sort
}
# wait_new_window BEFORE N WHAT: waits until N windows not in BEFORE (viewable_windows before the
# action) are viewable, i.e. mapped by the X server: a click or a key then reaches them. 60 s is
# only a safety net.
wait_new_window() {
  local _
  for _ in $(seq 600); do
    (($(comm -13 <(echo "$1") <(viewable_windows) | grep -c .) >= $2)) && return 0
    sleep 0.1
  done
  fail "$3 did not show"
}
# open_preferences NAME: Ctrl+, over the board (report on fd 3); waits for the dialog's controls
# and for the dialog to be on the screen.
open_preferences() {
  local geo=${1}_geo before
  read -r gx gy cell <<< "${!geo}"
  before=$(viewable_windows)
  xdotool mousemove --sync "$((gx + 7 * cell))" "$((gy + 7 * cell))"
  xdotool key ctrl+comma
  app_wait 3 "$1" '^BUTTON prefok '
  wait_new_window "$before" 1 "the Preferences dialog"
}

# start_online_server: the online cases' gomoku-server (the 5th argument) on a free port, its
# data in the test's folder (in PostgreSQL when GOMOKU_TEST_PG is set, tests/server/
# with-postgres.sh); sets $port once it listens. The pinned certificates (known_servers) of the
# script and the app are in one folder, $XDG_CONFIG_HOME.
start_online_server() {
  local server=$PBRAIN l db_args=()
  export XDG_CONFIG_HOME="$work/config"
  [[ -n ${GOMOKU_TEST_PG:-} ]] && db_args=(--db "$GOMOKU_TEST_PG")
  mkfifo "$work/server.fifo"
  "$server" --port 0 --wave-interval 100 --resume-window 60 "${db_args[@]}" 2> "$work/server.fifo" &
  pids+=($!)
  exec 6< "$work/server.fifo"
  port=
  while IFS= read -r -t 60 l <&6; do
    echo "$l" >> "$work/server.log"
    if [[ $l =~ listening\ on\ port\ ([0-9]+) ]]; then port=${BASH_REMATCH[1]}; break; fi
  done
  [[ -n $port ]] || fail "the server did not start"
  web_port=   # the browser client's port: logged right after the game port
  while IFS= read -r -t 60 l <&6; do
    echo "$l" >> "$work/server.log"
    if [[ $l =~ web\ listening\ on\ port\ ([0-9]+) ]]; then web_port=${BASH_REMATCH[1]}; break; fi
  done
  [[ -n $web_port ]] || fail "the server has no web port"
  if [[ -n ${GOMOKU_TEST_PG:-} ]]; then
    grep -q '^[-0-9T:.]* database PostgreSQL,' "$work/server.log" || fail "the server does not use PostgreSQL"
  fi
  cat <&6 >> "$work/server.log" &
  pids+=($!)
}

case $case_name in
app_hosts)
  start_app host --host 0 --nick "GUI 主机" --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  # Waiting: the side panel and the status bar say so, not the turn of the game shown.
  grep -qx 'TURN Waiting for an opponent…' "$work/host.log" || fail "host: the panel does not say it waits"
  app_wait 3 host "^STATUS [0-9 ]+ Waiting for an opponent on port $port…\$"
  printf '%s\n' "${white[@]/ /,}" > "$work/cli.in"
  "$CLI" join "localhost:$port" --nick Script < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  app_wait 3 host '^STARTED '
  [[ $line == "STARTED black Script" ]] || fail "host: bad STARTED line '$line'"
  # Others may watch by default (the host dialog's check box): gomoku-cli watches.
  mkfifo "$work/watch.cmd"
  "$CLI" watch "localhost:$port" --nick Watcher < "$work/watch.cmd" > "$work/watch.out" 2> "$work/watch.err" 3<&- &
  watch_pid=$!; pids+=($watch_pid)
  exec 8> "$work/watch.cmd"   # (its input stays open until the game is over)
  app_wait 3 host '^GEOMETRY '; host_geo=${line#GEOMETRY }
  play_clicks host 3 black
  check_result 3 host
  wait "$cli_pid" || fail "gomoku-cli exited $?"
  grep -qx 'RESULT black five in a row' "$work/cli.out" || fail "gomoku-cli did not see Black win"
  grep -q 'STARTED white vs GUI 主机 (black)' "$work/cli.out" || fail "the app's nickname did not arrive intact"
  exec 8>&-
  wait "$watch_pid" || fail "gomoku-cli watch exited $?: $(cat "$work/watch.err")"
  grep -q '^WATCHING game 1: GUI 主机 (black) vs Script (white)' "$work/watch.out" || fail "the watcher: $(cat "$work/watch.out")"
  # The finished network game was saved automatically, with the players and the result.
  app_wait 3 host '^SAVED auto '
  saved=${line#SAVED auto }
  [[ $saved == "$XDG_DATA_HOME/gomoku/games/"*" GUI 主机 vs Script.sgf" ]] || fail "host: automatic save named '$saved'"
  grep -q 'PB\[GUI 主机\]PW\[Script\]' "$saved" || fail "host: the save lacks the players: $(cat "$saved")"
  grep -q 'RE\[B+\]' "$saved" || fail "host: the save lacks the result: $(cat "$saved")"
  [[ $(grep -o ';[BW]\[[a-o][a-o]\]MS\[[0-9]*\]' "$saved" | wc -l) == 9 ]] || fail "host: the save lacks moves or times: $(cat "$saved")"
  screenshot
  ;;
network_clock)
  # The app hosts (White) on a clock of 2 s a move (--clock); gomoku-cli joins as Black, plays
  # h8 and waits. Nobody clicks: the app's own clock runs out, it ends the game on time and says
  # so, gomoku-cli agrees, and the automatic save holds the result and the clock.
  printf '[Host]\nWatchers=0\n' > "$work/clock.ini"   # "Others may watch" unticked
  start_app clock --host 0 --nick "GUI host" --color white --clock 2s/move
  exec 3< "$work/clock.fifo"
  app_wait 3 clock '^LISTENING '; port=${line#LISTENING }
  printf 'h8\nwait\n' > "$work/cli.in"
  "$CLI" join "localhost:$port" --nick Script < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  app_wait 3 clock '^STARTED '
  if "$CLI" watch "localhost:$port" < /dev/null > "$work/watch.out" 2> "$work/watch.err" 3<&-; then
    fail "a watch of a host that refuses watchers succeeded"
  fi
  grep -qx 'error: this host allows no watchers' "$work/watch.err" || fail "refused watch: $(cat "$work/watch.err")"
  app_wait 3 clock '^MOVE 1 '
  app_wait 3 clock '^RESULT '
  [[ $line == "RESULT black Black wins on time." ]] || fail "clock: got '$line'"
  wait "$cli_pid" || fail "gomoku-cli exited $?"
  grep -q 'STARTED black vs GUI host (white) .*, clock 2s/move' "$work/cli.out" || fail "gomoku-cli did not learn the clock: $(cat "$work/cli.out")"
  grep -qx 'RESULT black time' "$work/cli.out" || fail "gomoku-cli did not see Black win on time"
  app_wait 3 clock '^SAVED auto '; saved=${line#SAVED auto }
  grep -q 'RE\[B+T\]' "$saved" || fail "clock: the save lacks the result on time: $(cat "$saved")"
  grep -q 'OT\[2s/move\]' "$saved" || fail "clock: the save lacks the clock: $(cat "$saved")"
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
app_rejoins)
  mkfifo "$work/cli.fifo" "$work/cli.in.fifo"
  "$CLI" host --port 0 --nick Script < "$work/cli.in.fifo" > "$work/cli.fifo" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  exec 5> "$work/cli.in.fifo"
  exec 4< "$work/cli.fifo"
  cli_wait() { while IFS= read -r -t 60 l <&4; do echo "$l" >> "$work/cli.out"; [[ $l =~ $1 ]] && return 0; done; fail "gomoku-cli: no line matching '$1'"; }
  cli_wait '^LISTENING '; port=${l#LISTENING }
  printf '%s\n%s\n' "${black[0]/ /,}" "${black[1]/ /,}" >&5
  start_app join --join "localhost:$port" --nick Joiner
  exec 3< "$work/join.fifo"
  app_wait 3 join '^STARTED '
  app_wait 3 join '^GEOMETRY '; join_geo=${line#GEOMETRY }
  app_wait 3 join '^MOVE 1 '
  # shellcheck disable=SC2086
  click join ${white[0]}
  app_wait 3 join '^MOVE 2 '
  app_wait 3 join '^MOVE 3 '
  grep -q '^ResumeToken=[0-9a-f]' "$work/join.ini" || fail "the app saved no resume token"
  kill -9 "$join_pid"; exec 3<&-
  cli_wait '^SUSPENDED '
  rm -f "$work/join.fifo"
  config_name=join start_app join2 --join "localhost:$port" --nick Joiner
  exec 3< "$work/join2.fifo"
  app_wait 3 join2 '^STARTED '
  [[ $line == "STARTED white Script" ]] || fail "join2: bad STARTED line '$line'"
  app_wait 3 join2 '^GEOMETRY '; join2_geo=${line#GEOMETRY }
  cli_wait '^RESUMED at move 3'
  app_wait 3 join2 '^MOVE 3 '
  printf '%s\n' "${black[@]:2}" | tr ' ' ',' >&5
  exec 5>&-
  for i in 1 2 3; do
    ply=$((2 * i + 2))
    (( i > 1 )) && app_wait 3 join2 "^MOVE $((ply - 1)) "
    # shellcheck disable=SC2086
    click join2 ${white[$i]}
    app_wait 3 join2 "^MOVE $ply "
    [[ $line == "MOVE $ply ${white[$i]/ /,}" ]] || fail "join2: click on ${white[$i]} gave '$line'"
  done
  check_result 3 join2
  screenshot
  cat <&4 >> "$work/cli.out"
  wait "$cli_pid" || fail "gomoku-cli exited $?"
  grep -qx 'RESULT black five in a row' "$work/cli.out" || fail "gomoku-cli did not see Black win"
  ;;
online_match|online_match_postgresql|online_resume)
  start_online_server
  # The script: bob, a new account; it pins the server's certificate for the app as well.
  mkfifo "$work/cli.fifo" "$work/cli.in.fifo"
  GOMOKU_PASSWORD=bobpass123 "$CLI" online "127.0.0.1:$port" --user bob --register \
    --trust-new-server < "$work/cli.in.fifo" > "$work/cli.fifo" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  exec 5> "$work/cli.in.fifo"
  exec 4< "$work/cli.fifo"
  cli_wait() { while IFS= read -r -t 60 l <&4; do echo "$l" >> "$work/cli.out"; [[ $l =~ $1 ]] && return 0; done; fail "gomoku-cli: no line matching '$1'"; }
  cli_wait '^LOGGED IN bob 1000$'
  # The app in Chinese for online_resume (as a Chinese desktop sets LANG).
  if [[ $case_name == online_resume ]]; then export LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= LANGUAGE=; fi
  # The app: alice registers from the command line and sees the hall.
  GOMOKU_PASSWORD=alicepass1 keep_open=1 start_app alice \
    --online "127.0.0.1:$port" --user alice --register
  exec 3< "$work/alice.fifo"
  app_wait 3 alice '^LOGIN '; [[ $line == "LOGIN alice 1000" ]] || fail "alice: bad LOGIN line '$line'"
  app_wait 3 alice '^HALL shown$'
  app_wait 3 alice '^BUTTON find [0-9]'
  grep -q '^[^#]*alice.*[0-9a-f]\{64\}' "$work/alice.ini" || fail "the app remembered no session token"
  sleep 0.5; screenshot hall
  press alice 3 find
  app_wait 3 alice '^FINDING freestyle$'
  echo find >&5
  app_wait 3 alice '^MATCHED '
  [[ $line =~ ^MATCHED\ [0-9]+\ (black|white)\ bob\ 1000\ rated$ ]] || fail "alice: bad MATCHED line '$line'"
  colour=${BASH_REMATCH[1]}
  cli_wait '^MATCHED '
  app_wait 3 alice '^STARTED '; [[ $line == "STARTED $colour bob" ]] || fail "alice: bad STARTED line '$line'"
  app_wait 3 alice '^GEOMETRY '
  settled alice
  if [[ $case_name != online_resume ]]; then
    # The script's first move, a chat line and its takeback request, accepted in the app.
    if [[ $colour == black ]]; then
      click_move alice 3 1 3 7
      printf '%s\n' 0,0 'say 你好，祝你好运！' takeback >&5
      after=1
    else
      printf '%s\n' 3,7 'say 你好，祝你好运！' takeback >&5
      app_wait 3 alice '^MOVE 1 '
      after=0
    fi
    app_wait 3 alice '^CHAT '; [[ $line == "CHAT peer 你好，祝你好运！" ]] || fail "alice: bad CHAT line '$line'"
    app_wait 3 alice '^NOTICE bob asks to take back'
    app_wait 3 alice '^BUTTON accept [0-9]'
    sleep 0.3; screenshot takeback
    press alice 3 accept
    app_wait 3 alice '^TAKEBACK '; [[ $line == "TAKEBACK $after" ]] || fail "alice: expected TAKEBACK $after, got '$line'"
    start=1
  else
    # Two moves, then the app is killed without a word; the server suspends the game.
    if [[ $colour == black ]]; then
      click_move alice 3 1 3 7
      echo 0,0 >&5
      app_wait 3 alice '^MOVE 2 '
    else
      echo 3,7 >&5
      app_wait 3 alice '^MOVE 1 '
      click_move alice 3 2 0 0
    fi
    sleep 0.3; screenshot game
    kill -9 "$alice_pid"; exec 3<&-
    cli_wait '^OPPONENT_AWAY|^AWAY'
    rm -f "$work/alice.fifo"
    # Started again without a password: the remembered token logs in, the game resumes.
    config_name=alice keep_open=1 start_app alice2 --online "127.0.0.1:$port"
    exec 3< "$work/alice2.fifo"
    app_wait 3 alice2 '^LOGIN '; [[ $line == "LOGIN alice 1000" ]] || fail "alice2: bad LOGIN line '$line'"
    app_wait 3 alice2 '^MATCHED '
    [[ $line == *" $colour bob 1000 rated resume" ]] || fail "alice2: bad MATCHED line '$line'"
    app_wait 3 alice2 '^MOVE 2 '
    while [[ -z ${alice2_geo:-} ]]; do app_wait 3 alice2 '^GEOMETRY '; done
    settled alice2
    start=2
  fi
  # The rest of the game: the script's moves wait for their turn.
  name=alice; [[ $case_name == online_resume ]] && name=alice2
  if [[ $colour == black ]]; then
    printf '%s\n' 0,0 2,0 4,0 6,0 | tail -n +$((start == 2 ? 2 : 1)) >&5
    for i in 1 2 3 4; do
      (( start == 2 && i == 1 )) || app_wait 3 $name "^MOVE $((2 * i)) "
      # shellcheck disable=SC2086
      click_move $name 3 $((2 * i + 1)) ${black[$i]}
    done
  else
    printf '%s\n' 3,7 4,7 6,7 7,7 5,7 | tail -n +$((start == 2 ? 2 : 1)) >&5
    for i in 0 1 2 3; do
      (( start == 2 && i == 0 )) && continue
      app_wait 3 $name "^MOVE $((2 * i + 1)) "
      # shellcheck disable=SC2086
      click_move $name 3 $((2 * i + 2)) ${white[$i]}
    done
  fi
  check_result 3 $name
  expected=1030; [[ $colour == white ]] && expected=970
  app_wait 3 $name '^LADDER '; [[ $line == "LADDER 1000 $expected" ]] || fail "$name: bad LADDER line '$line'"
  cli_wait '^LADDER '; [[ $l == "LADDER 1000 $((2000 - expected))" ]] || fail "gomoku-cli: bad LADDER line '$l'"
  sleep 0.5; screenshot ladder
  # Back to the hall: My games has the game; Replay opens it.
  press $name 3 leave
  app_wait 3 $name '^HALL shown$'
  app_wait 3 $name '^BUTTON replay [0-9]'
  sleep 0.5; screenshot mygames
  press $name 3 replay
  app_wait 3 $name '^HALL hidden$'
  app_wait 3 $name '^OPENED '; [[ $line == "OPENED 15 freestyle 9" ]] || fail "$name: bad OPENED line '$line'"
  if [[ $case_name != online_resume ]]; then
    # Quit, then start again without a password: the remembered session token logs in.
    kill "$alice_pid"; wait "$alice_pid" 2>/dev/null || true; exec 3<&-
    rm -f "$work/alice.fifo"
    config_name=alice keep_open=1 start_app alice3 --online "127.0.0.1:$port"
    exec 3< "$work/alice3.fifo"
    app_wait 3 alice3 '^LOGIN '; [[ $line == "LOGIN alice $expected" ]] || fail "alice3: bad LOGIN line '$line'"
    app_wait 3 alice3 '^HALL shown$'
    kill "$alice3_pid"; wait "$alice3_pid" 2>/dev/null || true; exec 3<&-
    # Started plainly, Game > Play online (Ctrl+L): the dialog proposes that server and name
    # with the remembered login; Enter logs in without typing the password.
    config_name=alice keep_open=1 start_app alice4 --local
    exec 3< "$work/alice4.fifo"
    app_wait 3 alice4 '^GEOMETRY '
    settled alice4
    before=$(viewable_windows)
    key_in alice4 ctrl+l
    wait_new_window "$before" 1 "the login dialog"
    w=$( (xdotool search --onlyvisible --name 'Play online' 2>/dev/null || true) | head -1)
    [[ -n $w ]] || fail "alice4: no window named 'Play online'"
    sleep 0.3; screenshot login
    xdotool windowfocus --sync "$w"
    xdotool key Return
    app_wait 3 alice4 '^LOGIN '; [[ $line == "LOGIN alice $expected" ]] || fail "alice4: bad LOGIN line '$line'"
    app_wait 3 alice4 '^HALL shown$'
    kill "$alice4_pid"
  else
    kill "$alice2_pid"
  fi
  echo quit >&5
  ;;
online_browser)
  start_online_server
  GOMOKU_PASSWORD=pinonly123 "$CLI" online "127.0.0.1:$port" --user pin --register \
    --trust-new-server < /dev/null > "$work/pin.out" 2>&1 || true
  grep -q '^LOGGED IN pin ' "$work/pin.out" || fail "could not pin the server: $(cat "$work/pin.out")"
  GOMOKU_PASSWORD=alicepass1 keep_open=1 start_app alice --online "127.0.0.1:$port" --user alice --register
  exec 3< "$work/alice.fifo"
  # The browser player: one command per line in, one OK/FAIL line out (browser_driver.py).
  mkfifo "$work/browser.in" "$work/browser.out"
  GOMOKU_BROWSER_FAILSHOT="$artifacts/gui-$case_name-browser-failure.png" \
    /usr/bin/python3 "$(dirname "$0")/../web/browser_driver.py" < "$work/browser.in" > "$work/browser.out" \
    2> "$work/browser.err" &
  pids+=($!)
  exec 7> "$work/browser.in" 8< "$work/browser.out"
  browser() {   # browser COMMAND...: sets $line to the answer after OK
    echo "> $*" >> "$work/browser.log"
    echo "$*" >&7
    IFS= read -r -t 90 line <&8 || fail "browser: no answer to '$*'"
    echo "$line" >> "$work/browser.log"
    [[ $line == OK* ]] || fail "browser: '$*' gave '$line'"
    line=${line#OK}; line=${line# }
  }
  browser open "http://127.0.0.1:$web_port/" zh-CN
  browser register 小红 xiaohong123
  app_wait 3 alice '^BUTTON find [0-9]'
  settled alice
  press alice 3 find
  app_wait 3 alice '^FINDING '
  browser press find
  app_wait 3 alice '^MATCHED '
  [[ $line =~ ^MATCHED\ [0-9]+\ (black|white)\ 小红\ 1000\ rated$ ]] || fail "alice: bad MATCHED line '$line'"
  alice_colour=${BASH_REMATCH[1]}
  browser room
  [[ $line == "$([[ $alice_colour == black ]] && echo white || echo black) alice" ]] ||
    fail "browser: bad room '$line' (alice is $alice_colour)"
  app_wait 3 alice '^STARTED '
  while [[ -z ${alice_geo:-} ]]; do app_wait 3 alice '^GEOMETRY '; done
  settled alice
  n=0   # stones on the board
  app_move() { click alice "$1" "$2"; n=$((n + 1)); browser moves "$n"; }
  browser_move() { browser click "$1" "$2"; n=$((n + 1)); app_wait 3 alice "^MOVE $n "; }
  if [[ $alice_colour == black ]]; then
    app_move 7 7; browser_move 8 8; app_move 7 8; browser_move 9 9
  else
    browser_move 7 7; app_move 8 8; browser_move 7 8
  fi
  # The browser takes back its last move; the app accepts.
  browser press takeback
  app_wait 3 alice '^NOTICE '
  app_wait 3 alice '^BUTTON accept [0-9]'
  press alice 3 accept
  app_wait 3 alice '^TAKEBACK '; [[ $line == "TAKEBACK $((n - 1))" ]] || fail "alice: expected TAKEBACK $((n - 1)), got '$line'"
  n=$((n - 1))
  browser moves "$n"
  browser_move 3 3
  # Chat both ways.
  press alice 3 chat
  xdotool type --delay 20 "hello from the app"
  xdotool key Return
  browser chatlog 'hello from the app'
  browser chat 你好，下得不错
  app_wait 3 alice '^CHAT peer '; [[ $line == "CHAT peer 你好，下得不错" ]] || fail "alice: bad CHAT line '$line'"
  # One account, one place: the browser's account cannot log in from gomoku-cli meanwhile.
  GOMOKU_PASSWORD=xiaohong123 "$CLI" online "127.0.0.1:$port" --user 小红 < /dev/null \
    > "$work/second.out" 2>&1 || true
  grep -qi 'already signed in' "$work/second.out" || fail "a second login was not refused: $(cat "$work/second.out")"
  # Two requests at once: the app offers a draw, then asks to take its move back; the page
  # shows both, each with its own answer. The browser accepts the draw: the takeback request
  # is withdrawn, and both sides say so.
  press alice 3 draw
  button_off alice 3 draw
  press alice 3 takeback
  browser visible request-takeback
  browser visible request-draw
  browser shot "$artifacts/gui-$case_name-browser-requests.png"
  browser press request-draw-yes
  seen_notice=0 seen_result=0
  while (( !seen_notice || !seen_result )); do
    app_wait 3 alice '^(NOTICE |RESULT )'
    case $line in
      "NOTICE 小红 accepted the draw. The takeback request no longer stands: the game is over.") seen_notice=1 ;;
      "RESULT draw "*) seen_result=1 ;;
      "NOTICE "*) ;;   # the app's own requests
      *) fail "alice: expected the agreed draw, got '$line'" ;;
    esac
  done
  browser text room-notice '悔棋请求已失效'
  browser text result .
  app_wait 3 alice '^LADDER '; [[ $line == "LADDER 1000 1000" ]] || fail "alice: bad LADDER line '$line'"
  sleep 0.5; screenshot app
  browser shot "$artifacts/gui-$case_name-browser.png"
  browser press leave
  browser state hall
  press alice 3 leave; app_wait 3 alice '^HALL shown$'
  echo quit >&7
  kill "$alice_pid"
  ;;
online_two_apps)
  start_online_server
  # The certificate pinned once for both copies (they share the known-servers file).
  GOMOKU_PASSWORD=pinonly123 "$CLI" online "127.0.0.1:$port" --user pin --register \
    --trust-new-server < /dev/null > "$work/pin.out" 2>&1 || true
  grep -q '^LOGGED IN pin ' "$work/pin.out" || fail "could not pin the server: $(cat "$work/pin.out")"
  GOMOKU_PASSWORD=alicepass1 keep_open=1 start_app alice --online "127.0.0.1:$port" --user alice --register
  exec 3< "$work/alice.fifo"
  LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= LANGUAGE= GOMOKU_PASSWORD=小明的密码1234 keep_open=1 \
    start_app ming --online "127.0.0.1:$port" --user 小明 --register
  exec 4< "$work/ming.fifo"
  app_wait 3 alice '^BUTTON find [0-9]'
  app_wait 4 ming '^BUTTON find [0-9]'
  settled alice; settled ming
  press alice 3 find
  app_wait 3 alice '^FINDING '
  press ming 4 find
  app_wait 3 alice '^MATCHED '
  [[ $line =~ ^MATCHED\ [0-9]+\ (black|white)\ 小明\ 1000\ rated$ ]] || fail "alice: bad MATCHED line '$line'"
  if [[ ${BASH_REMATCH[1]} == black ]]; then bk=alice bfd=3 wt=ming wfd=4; else bk=ming bfd=4 wt=alice wfd=3; fi
  app_wait 4 ming '^MATCHED '
  app_wait 3 alice '^STARTED '; app_wait 4 ming '^STARTED '
  while [[ -z ${alice_geo:-} ]]; do app_wait 3 alice '^GEOMETRY '; done
  while [[ -z ${ming_geo:-} ]]; do app_wait 4 ming '^GEOMETRY '; done
  settled alice; settled ming
  # shellcheck disable=SC2086
  click $bk ${black[0]}; app_wait $wfd $wt '^MOVE 1 '
  # shellcheck disable=SC2086
  click $wt ${white[0]}; app_wait $bfd $bk '^MOVE 2 '
  # shellcheck disable=SC2086
  click $bk ${black[1]}; app_wait $wfd $wt '^MOVE 3 '
  # A chat line typed by White, while its side panel stands still (after the takeback below
  # the request's card goes and the chat field may move after the TAKEBACK line).
  press $wt $wfd chat
  xdotool type --delay 20 "good game"
  xdotool key Return
  app_wait $wfd $wt '^CHAT you '
  app_wait $bfd $bk '^CHAT '; [[ $line == "CHAT peer good game" ]] || fail "$bk: bad CHAT line '$line'"
  # White asks to take back (its move and Black's reply); Black accepts.
  press $wt $wfd takeback
  app_wait $bfd $bk '^NOTICE .*(take back|悔)'
  app_wait $bfd $bk '^BUTTON accept [0-9]'
  sleep 0.3; screenshot takeback
  press $bk $bfd accept
  app_wait $wfd $wt '^TAKEBACK '; [[ $line == "TAKEBACK 1" ]] || fail "$wt: expected TAKEBACK 1, got '$line'"
  # The rest: White's four moves, Black's five, the fifth wins.
  for i in 0 1 2 3; do
    # shellcheck disable=SC2086
    click $wt ${white[$i]}; app_wait $bfd $bk "^MOVE $((2 * i + 2)) "
    # shellcheck disable=SC2086
    click $bk ${black[$((i + 1))]}; app_wait $wfd $wt "^MOVE $((2 * i + 3)) "
  done
  check_result 3 alice
  check_result 4 ming
  app_wait $bfd $bk '^LADDER '; [[ $line == "LADDER 1000 1030" ]] || fail "$bk: bad LADDER line '$line'"
  app_wait $wfd $wt '^LADDER '; [[ $line == "LADDER 1000 970" ]] || fail "$wt: bad LADDER line '$line'"
  sleep 0.5; screenshot game
  press alice 3 leave; app_wait 3 alice '^HALL shown$'
  press ming 4 leave; app_wait 4 ming '^HALL shown$'
  app_wait 3 alice '^BUTTON replay [0-9]'; app_wait 4 ming '^BUTTON replay [0-9]'
  sleep 0.5; screenshot halls
  kill "$alice_pid" "$ming_pid"
  ;;
online_room_opening)
  start_online_server
  GOMOKU_PASSWORD=pinonly123 "$CLI" online "127.0.0.1:$port" --user pin --register \
    --trust-new-server < /dev/null > "$work/pin.out" 2>&1 || true
  grep -q '^LOGGED IN pin ' "$work/pin.out" || fail "could not pin the server: $(cat "$work/pin.out")"
  # The room's settings as Private room… remembered them last time.
  printf '[Online]\nRoomColor=black\n[Online/Room]\nRule=freestyle\nClock=5m+5s\nOpening=swap2\n' > "$work/alice.ini"
  printf '[Online]\nRule=renju\nClock=10m,30s\nOpening=soosorv8\n' > "$work/ming.ini"
  GOMOKU_PASSWORD=alicepass1 keep_open=1 start_app alice --online "127.0.0.1:$port" --user alice --register
  exec 3< "$work/alice.fifo"
  LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= LANGUAGE= GOMOKU_PASSWORD=小明的密码1234 keep_open=1 \
    start_app ming --online "127.0.0.1:$port" --user 小明 --register
  exec 4< "$work/ming.fifo"
  app_wait 3 alice '^BUTTON room [0-9]'
  app_wait 4 ming '^BUTTON join [0-9]'
  settled alice; settled ming
  # Find a match with the clock and opening rule remembered; the hall says what it looks for.
  press ming 4 find
  app_wait 4 ming '^FINDING '
  [[ $line == "FINDING renju clock 10m,30s opening soosorv8" ]] || fail "ming: bad FINDING line '$line'"
  for w in $(xdotool search --onlyvisible --pid "$ming_pid"); do xdotool windowraise "$w"; done
  sleep 0.5; screenshot finding-ming
  press ming 4 cancel
  app_wait 4 ming '^BUTTON join [0-9]'
  press alice 3 room
  dialog=$(xdotool search --sync --onlyvisible --name '^Private room$' | head -1)
  sleep 0.3; screenshot room-dialog
  xdotool windowfocus --sync "$dialog"
  xdotool key Return
  app_wait 3 alice '^ROOM '
  [[ $line =~ ^ROOM\ ([A-Z0-9]{6})\ freestyle\ 15\ clock\ 5m\+5s\ opening\ swap2$ ]] || fail "alice: bad ROOM line '$line'"
  code=${BASH_REMATCH[1]}
  # The status bar stops saying "Opening a room…" once the hall shows the room.
  app_wait 3 alice '^STATUS( -?[0-9]+){5} $'
  for w in $(xdotool search --onlyvisible --pid "$alice_pid"); do xdotool windowraise "$w"; done
  sleep 0.5; screenshot hall-room
  press ming 4 code
  xdotool type --delay 20 "$code"
  xdotool key Return
  app_wait 3 alice '^MATCHED '
  [[ $line =~ ^MATCHED\ [0-9]+\ black\ 小明\ 1000\ unrated\ clock\ 5m\+5s\ opening\ swap2$ ]] || fail "alice: bad MATCHED line '$line'"
  app_wait 4 ming '^MATCHED '
  [[ $line =~ ^MATCHED\ [0-9]+\ white\ alice\ 1000\ unrated\ clock\ 5m\+5s\ opening\ swap2$ ]] || fail "ming: bad MATCHED line '$line'"
  # Both side panels show both clocks, at 5 minutes each.
  app_wait 3 alice '^CLOCKS '; [[ $line == "CLOCKS black 5:00 white 5:00" ]] || fail "alice: '$line'"
  app_wait 4 ming '^CLOCKS '; [[ $line == "CLOCKS black 5:00 white 5:00" ]] || fail "ming: '$line'"
  app_wait 3 alice '^OPENING place first '
  app_wait 4 ming '^OPENING place first '
  # The banner over the board shrinks it: the board's geometry after it.
  app_wait 3 alice '^GEOMETRY '; app_wait 4 ming '^GEOMETRY '
  settled alice; settled ming
  # The first player (alice, Black) places three stones.
  click_move alice 3 1 7 7
  click_move alice 3 2 8 7
  click_move alice 3 3 7 8
  app_wait 4 ming '^OPENING swap2-choice second '
  for w in $(xdotool search --onlyvisible --pid "$ming_pid"); do xdotool windowraise "$w"; done
  sleep 0.5; screenshot banner-ming
  press ming 4 opblack   # 小明 takes Black: alice plays White
  app_wait 4 ming '^OPENING done'
  app_wait 3 alice '^OPENING done'
  # The banner went and the boards grew: their last GEOMETRY lines.
  for side in alice:3 ming:4; do
    until_s=$((SECONDS + 2))
    while ((SECONDS < until_s)) && IFS= read -r -t 0.5 line <&"${side#*:}"; do
      echo "$line" >> "$work/${side%:*}.log"
      [[ $line == GEOMETRY\ * ]] && printf -v "${side%:*}_geo" '%s' "${line#GEOMETRY }"
    done
  done
  click ming 9 9   # move 4 is White's: not 小明's
  app_wait 4 ming '^(MOVE|REFUSED) '; [[ $line == "REFUSED 9,9 "* ]] || fail "ming: Black played move 4: '$line'"
  click_move alice 3 4 9 9
  app_wait 4 ming '^MOVE 4 '
  click_move ming 4 5 6 6
  app_wait 3 alice '^MOVE 5 '
  for w in $(xdotool search --onlyvisible --pid "$alice_pid"); do xdotool windowraise "$w"; done
  sleep 0.5; screenshot game-alice
  kill "$alice_pid" "$ming_pid"
  ;;
two_apps)
  start_app host --host 0 --nick Alice --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  start_app join --join "localhost:$port" --nick Bob
  exec 4< "$work/join.fifo"
  app_wait 3 host '^STARTED '; app_wait 3 host '^GEOMETRY '; host_geo=${line#GEOMETRY }
  app_wait 4 join '^STARTED '; app_wait 4 join '^GEOMETRY '; join_geo=${line#GEOMETRY }
  settled host; settled join
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
  # Both copies save the game in the same folder at the same second: a file each, whole.
  app_wait 3 host '^SAVED auto '; host_saved=${line#SAVED auto }
  app_wait 4 join '^SAVED auto '; join_saved=${line#SAVED auto }
  [[ $host_saved != "$join_saved" ]] || fail "both copies saved to $host_saved"
  for f in "$host_saved" "$join_saved"; do
    grep -q 'PB\[Alice\]' "$f" || fail "$f is not the game: $(cat "$f")"
  done
  ;;
renju_local|renju_lose)
  foul=refuse; [[ $case_name == renju_lose ]] && foul=lose
  start_app local --local --rule renju --foul "$foul"
  exec 3< "$work/local.fifo"
  app_wait 3 local '^LOCAL '
  [[ $line == "LOCAL 15 renju $foul" ]] || fail "local: bad LOCAL line '$line'"
  app_wait 3 local '^FORBIDDEN '   # written at once; GEOMETRY once the window is shown
  [[ $line == "FORBIDDEN -" ]] || fail "local: forbidden points on an empty board: '$line'"
  app_wait 3 local '^GEOMETRY '; local_geo=${line#GEOMETRY }
  for i in "${!renju_black[@]}"; do   # hot seat: the clicks alternate Black and White
    # shellcheck disable=SC2086
    click_move local 3 $((2 * i + 1)) ${renju_black[$i]}
    # shellcheck disable=SC2086
    click_move local 3 $((2 * i + 2)) ${renju_white[$i]}
  done
  check_forbidden_marked local 3
  if [[ $foul == lose ]]; then
    # Strict RIF: the stone is placed and Black loses by the foul.
    # shellcheck disable=SC2086
    click_move local 3 23 $double_three
    app_wait 3 local '^RESULT '
    [[ $line == "RESULT white "*"double-three at J8"* ]] ||
      fail "local: expected White to win by Black's foul, got '$line'"
    app_wait 3 local '^BOARD '
    [[ $line == *"/.......XXX...../"* ]] || fail "local: the foul stone is not on the board: '$line'"
    cp "$work/local.fifo.png" "$artifacts/gui-$case_name-board.png"
  else
    screenshot marks     # the red crosses (the pointer rests on White's last stone)
    check_refused local 3
    screenshot refused   # the bolder "not allowed" cross under the pointer
    # An occupied point is refused too.
    click local 7 7
    app_wait 3 local '^(MOVE|REFUSED) '
    [[ $line == "REFUSED 7,7 The point H8 is occupied." ]] || fail "local: click on a stone gave '$line'"
    # No MOVE came from the refused clicks: the next stone is move 23.
    for i in "${!renju_black_finish[@]}"; do
      # shellcheck disable=SC2086
      click_move local 3 $((2 * i + 23)) ${renju_black_finish[$i]}
      (( i == 2 )) && break
      # shellcheck disable=SC2086
      click_move local 3 $((2 * i + 24)) ${renju_white_finish[$i]}
    done
    check_renju_board local 3
  fi
  ;;
renju_network)
  start_app host --host 0 --nick "Renju host" --color black --rule renju
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  script_white=("${renju_white[@]}" "${renju_white_finish[@]}")
  printf '%s\n' "${script_white[@]/ /,}" > "$work/cli.in"
  "$CLI" join "127.0.0.1:$port" --nick Script < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  app_wait 3 host '^STARTED '
  [[ $line == "STARTED black Script" ]] || fail "host: bad STARTED line '$line'"
  app_wait 3 host '^GEOMETRY '; host_geo=${line#GEOMETRY }
  # Black's clicks; each waits for the script's reply (White's move) before the next.
  for i in "${!renju_black[@]}"; do
    # shellcheck disable=SC2086
    click_move host 3 $((2 * i + 1)) ${renju_black[$i]}
    app_wait 3 host "^MOVE $((2 * i + 2)) "
    [[ $line == "MOVE $((2 * i + 2)) ${renju_white[$i]/ /,}" ]] || fail "host: unexpected reply '$line'"
  done
  check_forbidden_marked host 3
  check_refused host 3
  screenshot refused
  for i in "${!renju_black_finish[@]}"; do
    # shellcheck disable=SC2086
    click_move host 3 $((2 * i + 23)) ${renju_black_finish[$i]}
    (( i == 2 )) && break
    app_wait 3 host "^MOVE $((2 * i + 24)) "
  done
  check_renju_board host 3
  wait "$cli_pid" || fail "gomoku-cli exited $?"
  grep -q '^STARTED white vs Renju host (black).*, renju 15x15$' "$work/cli.out" ||
    fail "gomoku-cli did not get the renju rule from SETUP"
  grep -qx 'MOVE 23 black J5 (9,10)' "$work/cli.out" || fail "gomoku-cli did not see Black's move 23 at j5"
  ! grep -q '^MOVE .*(9,7)' "$work/cli.out" || fail "the refused move reached gomoku-cli"
  grep -qx 'RESULT black five in a row' "$work/cli.out" || fail "gomoku-cli did not see Black win"
  ;;
match_requests)
  keep_open=1 start_app host --host 0 --nick "GUI host" --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  # The script's commands each wait until they can apply (a move: its turn; accept: a request).
  cat > "$work/cli.in" <<'SCRIPT'
0,0
say 你好！来下一盘五子棋吧。
takeback
2,0
accept
4,0
draw
takeback
again
7,7
6,6
resign
SCRIPT
  "$CLI" join "127.0.0.1:$port" --nick Script < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  app_wait 3 host '^STARTED '
  [[ $line == "STARTED black Script" ]] || fail "host: bad STARTED line '$line'"
  app_wait 3 host '^GEOMETRY '
  click_move host 3 1 7 7
  app_wait 3 host '^MOVE 2 '; [[ $line == "MOVE 2 0,0" ]] || fail "host: unexpected reply '$line'"
  # The script's chat line arrives intact, then its takeback request (the request card).
  app_wait 3 host '^CHAT '
  [[ $line == "CHAT peer 你好！来下一盘五子棋吧。" ]] || fail "host: bad CHAT line '$line'"
  app_wait 3 host '^NOTICE Script asks to take back'
  [[ $line == "NOTICE Script asks to take back a move." ]] || fail "host: bad takeback notice '$line'"
  app_wait 3 host '^BUTTON accept [0-9]'
  # The game and the chat go on meanwhile: the app answers by typing into its chat field.
  press host 3 chat
  xdotool type --delay 20 "Good luck, have fun!"
  xdotool key Return
  app_wait 3 host '^CHAT '
  [[ $line == "CHAT you Good luck, have fun!" ]] || fail "host: our chat line gave '$line'"
  sleep 0.3; screenshot request   # the chat and the incoming request card
  # 1. The app accepts the script's takeback: its stone leaves the board.
  press host 3 accept
  # The takeback, its notice and the script's new move may come in any order (batches of
  # network events report game updates before notices).
  seen_takeback=0 seen_notice=0 seen_move=0
  while (( !seen_takeback || !seen_notice || !seen_move )); do
    app_wait 3 host '^(NOTICE |MOVE 2 |TAKEBACK )'
    case $line in
      "TAKEBACK 1") seen_takeback=1 ;;
      "NOTICE You accepted the takeback.") seen_notice=1 ;;
      "MOVE 2 2,0") ((seen_takeback)) || fail "host: the script's new move came before the takeback"; seen_move=1 ;;
      *) fail "host: after the takeback: unexpected '$line'" ;;
    esac
  done
  # 2. The app plays and asks to take its move back; the script accepts.
  click_move host 3 3 3 7
  press host 3 takeback
  # Our request's notice and the script's answer may reach the app in one batch of network
  # events; the takeback (a game update) is then reported before both notices.
  seen_takeback=0 seen_accepted=0
  while (( !seen_takeback || !seen_accepted )); do
    app_wait 3 host '^(NOTICE |TAKEBACK )'
    case $line in
      "TAKEBACK 2") seen_takeback=1 ;;
      "NOTICE Takeback requested; waiting for the answer.") ((!seen_accepted)) || fail "host: our request's notice came after the answer" ;;
      "NOTICE Script accepted the takeback.") seen_accepted=1 ;;
      *) fail "host: after our takeback request: unexpected '$line'" ;;
    esac
  done
  click_move host 3 3 4 7
  app_wait 3 host '^MOVE 4 '; [[ $line == "MOVE 4 4,0" ]] || fail "host: unexpected reply '$line'"
  # 3. The script offers a draw, then asks to take its move back: two requests at once, each
  # on its own card (the takeback above, the draw below). The app accepts the draw: the
  # takeback request is withdrawn, and the notice says so.
  app_wait 3 host '^BUTTON accept2 [0-9]'
  [[ ${buttons[host:accept]:--} != - ]] || fail "host: the takeback card has no Accept button"
  sleep 0.3; screenshot two-requests
  press host 3 accept2
  seen_notice=0 seen_result=0 board=''
  while (( !seen_notice || !seen_result )) || [[ -z $board ]]; do
    app_wait 3 host '^(NOTICE |RESULT |BOARD )'
    case $line in
      "NOTICE Draw agreed. The takeback request no longer stands: the game is over.") seen_notice=1 ;;
      "RESULT draw Draw by agreement.") seen_result=1 ;;
      "BOARD "*) board=$line ;;
      "NOTICE Script offers a draw." | "NOTICE Script asks to take back a move.") ;;
      *) fail "host: after accepting the draw: unexpected '$line'" ;;
    esac
  done
  [[ $board == "BOARD 15 ..O.O........../"*"/....X..X......./"* ]] || fail "host: wrong stones after the takebacks: $board"
  # 4. Both want to play again: game 2 with the colours swapped.
  press host 3 again   # waits for the button
  app_wait 3 host '^STARTED '
  [[ ${buttons[host:accept2]} == - ]] || fail "host: the second request card outlived the game"
  [[ $line == "STARTED white Script game 2" ]] || fail "host: bad STARTED line for game 2 '$line'"
  app_wait 3 host '^MOVE 1 '; [[ $line == "MOVE 1 7,7" ]] || fail "host: game 2 began with '$line'"
  click_move host 3 2 8 8
  app_wait 3 host '^MOVE 3 '
  # 5. The script resigns.
  app_wait 3 host '^RESULT '
  [[ $line == "RESULT white "*"resignation"* ]] || fail "host: expected White to win by resignation, got '$line'"
  # Each game of the match was saved automatically: the agreed draw and the resignation.
  app_wait 3 host '^SAVED auto '
  [[ $(grep -c '^SAVED auto .* GUI host vs Script\.sgf$' "$work/host.log") == 1 &&
     $(grep -c '^SAVED auto .* Script vs GUI host\.sgf$' "$work/host.log") == 1 ]] ||
    fail "host: expected one automatic save per game: $(grep '^SAVED' "$work/host.log")"
  sleep 0.3; screenshot
  [ -s "$work/host.fifo.png" ] && cp "$work/host.fifo.png" "$artifacts/gui-$case_name-host-board.png"
  wait "$cli_pid" || fail "gomoku-cli exited $?"
  grep -qx 'CHAT GUI host: Good luck, have fun!' "$work/cli.out" || fail "gomoku-cli did not get the app's chat line"
  grep -qx 'TAKEBACK to 2 moves' "$work/cli.out" || fail "gomoku-cli did not take back the app's move"
  grep -q '^RESULT draw' "$work/cli.out" || fail "gomoku-cli did not see the draw"
  grep -q '^STARTED black vs GUI host (white).*, game 2$' "$work/cli.out" || fail "gomoku-cli did not start game 2 as Black"
  ;;
peer_leaves)
  keep_open=1 start_app host --host 0 --nick "GUI host" --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  printf '8,8\nquit\n' > "$work/cli.in"
  "$CLI" join "127.0.0.1:$port" --nick Script < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  app_wait 3 host '^STARTED '
  app_wait 3 host '^GEOMETRY '
  click_move host 3 1 7 7
  app_wait 3 host '^MOVE 2 '
  # The script quits mid-game (its BYE, as when a window is closed): interrupted, nobody wins.
  app_wait 3 host '^RESULT '
  [[ $line == "RESULT interrupted Game interrupted: the opponent left the game." ]] ||
    fail "host: expected the game interrupted by the opponent's leaving, got '$line'"
  saved='' left=0
  while [[ -z $saved ]] || (( !left )); do
    app_wait 3 host '^(SAVED auto |STATUS )'
    case $line in
      "SAVED auto "*) saved=${line#SAVED auto } ;;
      *" Script left the game with Black to move. The game is interrupted: between two programs there is no referee to award the win.") left=1 ;;
    esac
  done
  grep -q 'C\[Game interrupted: the opponent left the game\.\]' "$saved" ||
    fail "host: the save does not say the opponent left: $(cat "$saved")"
  ! grep -q 'RE\[[BW]+' "$saved" || fail "host: the save names a winner: $(cat "$saved")"
  wait "$cli_pid" || fail "gomoku-cli exited $?"
  sleep 0.3; screenshot
  ;;
network_end_of_game)
  # The app hosts (Black); a raw peer (White, bytes written by hand) sends what no honest program
  # sends. (1) Black's five crosses White's resignation: the resignation stands, so the report
  # says RESULT again and the automatic save is rewritten (RE[B+R]); White's MOVEs after its
  # own resignation are refused (the connection closes) and the board keeps its nine stones.
  # (2) The app accepts White's draw offer; of the four MOVEs that follow, only the first
  # (it crossed the acceptance) is recorded, as White's stone, and saved.
  source "$(dirname "$0")/../net/raw_peer.sh"
  keep_open=1 start_app five --host 0 --nick "GUI host" --color black
  exec 3< "$work/five.fifo"
  app_wait 3 five '^LISTENING '; raw_join "${line#LISTENING }"
  app_wait 3 five '^STARTED '
  app_wait 3 five '^GEOMETRY '
  for i in 0 1 2 3 4; do
    # shellcheck disable=SC2086
    click_move five 3 $((2 * i + 1)) ${black[$i]}
    (( i < 4 )) || break
    # shellcheck disable=SC2086
    raw_move $((2 * i + 1)) ${white[$i]}
    app_wait 3 five "^MOVE $((2 * i + 2)) "
  done
  app_wait 3 five '^RESULT '
  [[ $line == "RESULT black Black wins with five in a row." ]] || fail "five: got '$line'"
  app_wait 3 five '^SAVED auto '; saved=${line#SAVED auto }
  raw_resign 8; raw_move 9 8 0; raw_move 10 9 9
  app_wait 3 five '^RESULT '
  [[ $line == "RESULT black Black wins by resignation." ]] || fail "five: the crossing resignation gave '$line'"
  app_wait 3 five '^SAVED auto '
  [[ ${line#SAVED auto } == "$saved" ]] || fail "five: saved again elsewhere: '$line'"
  button_off five 3 send   # the connection closed: the MOVEs were read
  ! grep -q '^MOVE 10 ' "$work/five.log" || fail "five: a move after the resignation was recorded"
  grep -q 'RE\[B+R\]' "$saved" || fail "five: the save lacks the resignation: $(cat "$saved")"
  [[ $(grep -o ';[BW]\[[a-o][a-o]\]' "$saved" | wc -l) == 9 ]] || fail "five: the save does not hold 9 moves: $(cat "$saved")"
  # Game > Create game drops the closed match; cancelled, its last game stays on show and nobody
  # plays on: a click is refused, and the game is not saved again.
  key_in five ctrl+h
  w=$(xdotool search --sync --onlyvisible --name 'Create game' | head -1)
  xdotool windowfocus --sync "$w"
  xdotool key Escape
  while xdotool search --onlyvisible --name 'Create game' > /dev/null; do sleep 0.1; done  # closed
  click five 14 14
  app_wait 3 five '^(MOVE|REFUSED|SAVED) '
  [[ $line == "REFUSED 14,14 The game is over." ]] || fail "five: a click on the kept game gave '$line'"
  raw_close; kill "$five_pid"; wait "$five_pid" 2>/dev/null || true
  # (2)
  keep_open=1 start_app draw --host 0 --nick "GUI host" --color black
  exec 4< "$work/draw.fifo"
  app_wait 4 draw '^LISTENING '; raw_join "${line#LISTENING }"
  app_wait 4 draw '^STARTED '
  app_wait 4 draw '^GEOMETRY '
  click_move draw 4 1 7 7
  raw_draw_offer 1
  app_wait 4 draw '^NOTICE Raw offers a draw'
  press draw 4 accept
  app_wait 4 draw '^RESULT '
  [[ $line == "RESULT draw Draw by agreement." ]] || fail "draw: got '$line'"
  app_wait 4 draw '^SAVED auto '; saved=${line#SAVED auto }
  raw_move 1 8 8; raw_move 2 9 9; raw_move 3 10 10; raw_move 4 11 11
  app_wait 4 draw '^MOVE '
  [[ $line == "MOVE 2 8,8" ]] || fail "draw: the crossing move gave '$line'"
  app_wait 4 draw '^SAVED auto '
  [[ ${line#SAVED auto } == "$saved" ]] || fail "draw: saved again elsewhere: '$line'"
  button_off draw 4 send
  ! grep -q '^MOVE 3 ' "$work/draw.log" || fail "draw: a second move after the draw was recorded"
  grep -q 'RE\[0\]' "$saved" || fail "draw: the save lacks the draw: $(cat "$saved")"
  [[ $(grep -o ';[BW]\[[a-o][a-o]\]' "$saved" | paste -sd' ') == ";B[hh] ;W[ii]" ]] ||
    fail "draw: the save does not hold h8 and White's i7: $(cat "$saved")"
  raw_close
  ;;
computer_game)
  printf '[View]\nShowAnalysis=1\n' > "$work/comp.ini"   # View > Show the computer's analysis
  start_app comp --computer 1 --color black --rule freestyle
  exec 3< "$work/comp.fifo"
  app_wait 3 comp '^COMPUTER '
  [[ $line == "COMPUTER white 1 Computer (Beginner)" ]] || fail "comp: bad COMPUTER line '$line'"
  [[ -n ${comp_geo:-} ]] || app_wait 3 comp '^GEOMETRY '   # app_wait keeps the last in comp_geo
  click_move comp 3 1 7 7
  app_wait 3 comp '^THINKING'
  app_wait 3 comp '^(ANALYSIS|MOVE 2) '
  [[ $line =~ ^ANALYSIS\ [1-9][0-9]*\ -?[0-9]+$ ]] || fail "comp: no analysis before the reply: '$line'"
  app_wait 3 comp '^MOVE 2 '
  reply=${line#MOVE 2 }
  [[ $reply != "7,7" ]] || fail "comp: the computer played on an occupied point"
  read -r gx gy cell <<< "$comp_geo"
  xdotool mousemove --sync "$gx" "$gy"
  xdotool key ctrl+i
  app_wait 3 comp '^HINT '
  hint=${line#HINT }
  [[ $hint != "7,7" && $hint != "$reply" ]] || fail "comp: the hint is an occupied point: $hint"
  screenshot hint
  # shellcheck disable=SC2086
  click_move comp 3 3 ${hint/,/ }
  app_wait 3 comp '^MOVE 4 '
  # Ctrl+Z takes back the player's move and the computer's reply, and the player moves again.
  read -r gx gy cell <<< "$comp_geo"
  xdotool mousemove --sync "$((gx - cell / 2))" "$gy"
  xdotool key ctrl+z
  app_wait 3 comp '^TAKEBACK 2$'
  click_move comp 3 3 0 0
  app_wait 3 comp '^MOVE 4 '
  [[ $line != "MOVE 4 0,0" ]] || fail "comp: the computer replied on an occupied point"
  # The window is closed while the computer thinks.
  start_app master --computer 5 --color white --rule renju
  exec 4< "$work/master.fifo"
  app_wait 4 master '^COMPUTER '
  [[ $line == "COMPUTER black 5 Computer (Master)" ]] || fail "master: bad COMPUTER line '$line'"
  app_wait 4 master '^MOVE 1 7,7'
  [[ -n ${master_geo:-} ]] || app_wait 4 master '^GEOMETRY '
  click_move master 4 2 8 8
  app_wait 4 master '^THINKING'
  read -r gx gy cell <<< "$master_geo"
  xdotool mousemove --sync "$gx" "$gy"
  xdotool key ctrl+q
  app_wait 4 master '^RESULT '
  [[ $line == "RESULT interrupted "* ]] || fail "master: expected an interrupted game, got '$line'"
  for _ in $(seq 30); do kill -0 "$master_pid" 2>/dev/null || break; sleep 0.1; done
  ! kill -0 "$master_pid" 2>/dev/null || fail "master: the app did not quit at once while the computer was thinking"
  wait "$master_pid" || fail "master: the app exited with status $?"
  # The computer wins (we play spread-out stones along the top edge): the game is saved as it
  # ends, with a thinking time (MS[]) on every move.
  keep_open=1 start_app loser --computer 1 --color black --rule freestyle   # open: saved at the end
  exec 4< "$work/loser.fifo"
  app_wait 4 loser '^COMPUTER '
  [[ -n ${loser_geo:-} ]] || app_wait 4 loser '^GEOMETRY '
  for x in 0 2 4 6 8 10 12 14 1 3 5 7 9 11 13; do
    for y in 0 14; do
      click loser "$x" "$y"
      app_wait 4 loser '^(MOVE|REFUSED|RESULT) '
      [[ $line == REFUSED* ]] || break
    done
    [[ $line == RESULT* ]] && break
    [[ $line == REFUSED* ]] && continue   # both points taken: the next column
    app_wait 4 loser '^(MOVE [0-9]+|RESULT) '   # the computer's reply, or the end
    [[ $line == RESULT* ]] && break
  done
  [[ $line == "RESULT white "* ]] || app_wait 4 loser '^RESULT '
  [[ $line == "RESULT white "* ]] || fail "loser: the computer did not win: '$line'"
  app_wait 4 loser '^SAVED auto '
  saved=${line#SAVED auto }
  moves=$(grep -o ';[BW]\[' "$saved" | wc -l)
  times=$(grep -o 'MS\[[0-9]*\]' "$saved" | wc -l)
  ((moves > 0 && times == moves)) || fail "loser: the save has $moves moves and $times times: $(cat "$saved")"
  kill "$loser_pid"
  ;;
external_engine)
  [[ -x $PBRAIN ]] || fail "no pbrain-gomoku given"
  start_app ext --computer 2 --engine "$PBRAIN" --color black
  exec 3< "$work/ext.fifo"
  app_wait 3 ext '^COMPUTER '
  [[ -n ${ext_geo:-} ]] || app_wait 3 ext '^GEOMETRY '
  click_move ext 3 1 7 7
  app_wait 3 ext '^MOVE 2 '
  [[ $line != "MOVE 2 7,7" ]] || fail "ext: the engine played on an occupied point"
  printf '#!/bin/sh\nread a\necho OK\nwhile read b; do case "$b" in DONE*) kill -SEGV $$;; esac; done\n' > "$work/pbrain-crash"
  chmod +x "$work/pbrain-crash"
  start_app crash --computer 2 --engine "$work/pbrain-crash" --color black
  exec 4< "$work/crash.fifo"
  app_wait 4 crash '^COMPUTER '
  [[ -n ${crash_geo:-} ]] || app_wait 4 crash '^GEOMETRY '
  click_move crash 4 1 7 7
  app_wait 4 crash '^RESULT '
  [[ $line == "RESULT interrupted "*"crashed (signal 11)"* ]] || fail "crash: expected an interrupted game naming the crash, got '$line'"
  screenshot crash
  ;;
xdg_config)
  home="$work/home"
  mkdir -p "$home"
  printf '[Player]\nNickname=Old Settings\n' > "$home/.gomoku"
  mkfifo "$work/xdg.fifo"
  env -u XDG_CONFIG_HOME HOME="$home" "$APP" --test-report "$work/xdg.fifo" --local \
    > "$work/xdg.out" 2> "$work/xdg.err" &
  xdg_pid=$!; pids+=($xdg_pid)
  exec 3< "$work/xdg.fifo"
  app_wait 3 xdg '^GEOMETRY '
  read -r gx gy cell <<< "${line#GEOMETRY }"
  # Ctrl+Q with the pointer over the window (no window manager: the focus follows the pointer).
  xdotool mousemove --sync "$gx" "$gy"
  xdotool key ctrl+q
  for _ in $(seq 600); do kill -0 "$xdg_pid" 2>/dev/null || break; sleep 0.1; done
  ! kill -0 "$xdg_pid" 2>/dev/null || fail "the app did not quit on Ctrl+Q"
  conf="$home/.config/gomoku/gomoku.conf"
  [ -s "$conf" ] || fail "no settings in $conf: $(find "$home" -type f)"
  grep -qx 'Nickname=Old Settings' "$conf" || fail "the old ~/.gomoku was not taken over: $(cat "$conf")"
  grep -qx 'ShowCoordinates=1' "$conf" || fail "the settings were not saved to $conf"
  [[ $(cat "$home/.gomoku") == $'[Player]\nNickname=Old Settings' ]] || fail "~/.gomoku was changed"
  ;;
local_records_C08_C09)
  printf '[View]\nMoveNumbers=2\n' > "$work/local.ini"   # numbers on every stone
  keep_open=1 start_app local --local
  exec 3< "$work/local.fifo"
  app_wait 3 local '^LOCAL '
  [[ $line == "LOCAL 15 freestyle" ]] || fail "local: bad LOCAL line '$line'"
  app_wait 3 local '^GEOMETRY '
  key_in local ctrl+s   # no moves yet: it says so
  app_wait 3 local '^STATUS [0-9 ]+ Nothing to save: no moves have been played yet\.$'
  # Case C08: B(3,7) W(0,0) B(4,7) W(2,0) B(5,7) W(4,0) B(6,7) W(6,0), undo two plies.
  ply=0
  for m in "3 7" "0 0" "4 7" "2 0" "5 7" "4 0" "6 7" "6 0"; do
    ply=$((ply + 1))
    # shellcheck disable=SC2086
    click_move local 3 $ply $m
  done
  key_in local ctrl+z
  app_wait 3 local '^TAKEBACK '; [[ $line == "TAKEBACK 7" ]] || fail "local: first undo gave '$line'"
  key_in local ctrl+z
  app_wait 3 local '^TAKEBACK '; [[ $line == "TAKEBACK 6" ]] || fail "local: second undo gave '$line'"
  # Redo puts Black's (6,7) back; the Undo button takes it back again.
  press local 3 redo
  app_wait 3 local '^(MOVE|TAKEBACK) '; [[ $line == "MOVE 7 6,7" ]] || fail "local: redo gave '$line'"
  press local 3 undo
  app_wait 3 local '^(MOVE|TAKEBACK) '; [[ $line == "TAKEBACK 6" ]] || fail "local: Undo button gave '$line'"
  # Then B(10,10) W(8,0) B(7,7): no win, (6,7) is empty and Black's to play after White.
  click_move local 3 7 10 10
  click_move local 3 8 8 0
  click_move local 3 9 7 7
  click_move local 3 10 10 0
  grep -q '^RESULT ' "$work/local.log" && fail "local: an undone stone counted: $(grep '^RESULT ' "$work/local.log")"
  click_move local 3 11 6 7   # now (3..7, 7) is five
  app_wait 3 local '^RESULT '
  [[ $line == "RESULT black "* ]] || fail "local: expected Black to win, got '$line'"
  app_wait 3 local '^BOARD '
  [[ $line == "BOARD 15 O.O.O...O.O..../"*"/...XXXXX......./"* ]] || fail "local: wrong stones: $line"
  app_wait 3 local '^SAVED auto '
  autosave=${line#SAVED auto }
  [[ $autosave == "$XDG_DATA_HOME/gomoku/games/"*" Black vs White.sgf" ]] || fail "local: automatic save named '$autosave'"
  grep -q 'RE\[B+\]' "$autosave" || fail "local: the automatic save lacks the result: $(cat "$autosave")"
  [[ $(grep -o ';[BW]\[' "$autosave" | wc -l) == 11 ]] || fail "local: the automatic save lacks moves"
  sleep 0.3; screenshot won
  # Case C09: undo after the win reopens the game; Black plays on without a win.
  key_in local ctrl+z
  app_wait 3 local '^TAKEBACK '; [[ $line == "TAKEBACK 10" ]] || fail "local: undo after the win gave '$line'"
  click_move local 3 11 12 12
  # Save as .psq and as .sgf through the file dialog; the format follows the extension.
  save_as local 3 "$work/game one.psq"
  [[ $(head -1 "$work/game one.psq") == "Piskvorky 15x15, 11:11, 0" ]] || fail "local: bad .psq header"
  [[ $(sed -n '2p;12p' "$work/game one.psq" | cut -d, -f1,2 | tr '\n' ' ') == "4,8 13,13 " ]] || fail "local: bad .psq moves: $(cat "$work/game one.psq")"
  [[ $(grep -c '^[0-9]*,[0-9]*,[0-9]*$' "$work/game one.psq") == 11 ]] || fail "local: the .psq has not 11 moves"
  save_as local 3 "$work/game two.sgf"
  grep -q '^(;GM\[4\]FF\[4\]CA\[UTF-8\]AP\[Gomoku:[^]]*\]SZ\[15\]RU\[freestyle\]DT\[' "$work/game two.sgf" || fail "local: bad SGF root: $(cat "$work/game two.sgf")"
  [[ $(grep -o ';[BW]\[[a-o][a-o]\]MS\[[0-9]*\]' "$work/game two.sgf" | wc -l) == 11 ]] || fail "local: the SGF lacks moves or times: $(cat "$work/game two.sgf")"
  grep -q 'RE\[' "$work/game two.sgf" && fail "local: a running game saved with a result"
  "$CLI" replay "$work/game two.sgf" > "$work/replay.out" || fail "gomoku-cli cannot replay the SGF"
  grep -qx 'RESULT none no five' "$work/replay.out" || fail "the SGF replays to: $(tail -1 "$work/replay.out")"
  # Ctrl+S saves to the same file without asking.
  key_in local ctrl+s
  app_wait 3 local '^SAVED '; [[ $line == "SAVED user $work/game two.sgf" ]] || fail "local: Ctrl+S gave '$line'"
  sleep 0.3; screenshot numbers
  # Closing with moves not yet saved: the automatic save of this game is brought up to date.
  key_in local ctrl+q
  app_wait 3 local '^SAVED auto '
  [[ $line == "SAVED auto $autosave" ]] || fail "local: the save at closing went to '$line', not the game's file"
  [[ $(grep -o ';[BW]\[' "$autosave" | wc -l) == 11 ]] || fail "local: the save at closing lacks moves"
  grep -q 'C\[Game interrupted' "$autosave" || fail "local: the save at closing does not say it was interrupted: $(cat "$autosave")"
  ;;
replay_record)
  # C02 as a .psq: Black wins with five on move 9.
  printf 'Piskvorky 15x15, 11:11, 0\n4,8,0\n1,1,0\n5,8,0\n3,1,0\n7,8,0\n5,1,0\n8,8,0\n7,1,0\n6,8,0\n' > "$work/c02.psq"
  printf '[Replay]\nSpeedMs=250\n[View]\nMoveNumbers=1\n' > "$work/replay.ini"
  keep_open=1 start_app replay "$work/c02.psq"
  exec 3< "$work/replay.fifo"
  app_wait 3 replay '^OPENED '; [[ $line == "OPENED 15 freestyle 9" ]] || fail "replay: bad OPENED line '$line'"
  expect_replay 9   # the final position first (the GEOMETRY line came before it)
  key_in replay Home; expect_replay 0
  for k in 1 2 3; do key_in replay Right; expect_replay $k; done
  key_in replay End; expect_replay 9
  key_in replay Right   # at the end: nothing
  key_in replay Home; expect_replay 0
  key_in replay Left    # at the start: nothing
  key_in replay Right; expect_replay 1
  key_in replay Left; expect_replay 0
  button_off replay 3 prev   # disabled at the first move
  # Play: the moves one after another, to the last; then "next" is disabled.
  press replay 3 play
  for k in 1 2 3 4 5 6 7 8 9; do expect_replay $k; done
  button_off replay 3 next
  sleep 0.5; screenshot end   # the winning five highlighted, the last moves numbered
  for k in 8 7 6 5 4; do press replay 3 prev; expect_replay $k; done
  # Continue from here: a local game with the 4 moves; White plays on.
  press replay 3 continue
  app_wait 3 replay '^LOCAL '; [[ $line == "LOCAL 15 freestyle" ]] || fail "replay: bad LOCAL line '$line'"
  for k in 1 2 3 4; do
    app_wait 3 replay '^MOVE '; [[ $line == "MOVE $k ${c02_moves[k - 1]/ /,}" ]] || fail "replay: continued game has '$line' as move $k"
  done
  click_move replay 3 5 8 8
  sleep 0.3; screenshot continued
  # File > Open (Ctrl+O) of a truncated record: an error naming the line; the game goes on.
  printf '15\n15\n3\n7 7\n8 6\n' > "$work/short.sav"
  open_dialog replay "$work/short.sav"
  app_wait 3 replay '^(ERROR|OPENED) '
  [[ $line == "ERROR $work/short.sav: line 5: the file ends after 2 of the 3 moves it announces (truncated)." ]] ||
    fail "replay: opening a truncated file gave '$line'"
  message_box_return open-error
  # A .psq with a line that is not a move among its moves: refused, naming that line (as
  # gomoku-cli replay and convert do); the game on the board is untouched (next move is 6).
  printf 'Piskvorky 15x15, 11:11, 0\n8,8,0\nabc\n9,9,0\n' > "$work/bad.psq"
  open_dialog replay "$work/bad.psq"
  app_wait 3 replay '^(ERROR|OPENED|LOCAL|MOVE) '
  [[ $line == "ERROR $work/bad.psq: line 3: \"abc\" is not a move \"x,y\", yet a move follows it on line 4." ]] ||
    fail "replay: opening bad.psq gave '$line'"
  message_box_return
  click_move replay 3 6 9 9
  # A good Yixin .sav: the local game is saved automatically first, then replayed.
  printf '15\n15\n3\n7 7\n8 6\n6 7\n' > "$work/three.sav"
  open_dialog replay "$work/three.sav"
  app_wait 3 replay '^SAVED auto '
  continued=${line#SAVED auto }
  [[ $(grep -o ';[BW]\[' "$continued" | wc -l) == 6 ]] || fail "replay: the continued game was not saved: $(cat "$continued")"
  app_wait 3 replay '^(ERROR|OPENED) '; [[ $line == "OPENED 15 freestyle 3" ]] || fail "replay: opening three.sav gave '$line'"
  app_wait 3 replay '^REPLAY '; [[ $line == "REPLAY 3 3" ]] || fail "replay: three.sav starts at '$line'"
  # File > Recent games lists that save first: open it from the menu, by the keyboard.
  # The keys wait for the menu they open to be on the screen: the File menu, then its Recent
  # games submenu (Down selects it, Right enters it).
  windows=$(viewable_windows)
  key_in replay alt+f
  wait_new_window "$windows" 1 "the File menu"
  xdotool key Down
  xdotool key Right
  wait_new_window "$windows" 2 "the Recent games menu"
  sleep 0.3; screenshot recent   # the sleep is only for the screenshot
  xdotool key Return
  app_wait 3 replay '^(ERROR|OPENED) '; [[ $line == "OPENED 15 freestyle 6" ]] || fail "replay: the recent game opened as '$line'"
  app_wait 3 replay '^REPLAY '; [[ $line == "REPLAY 6 6" ]] || fail "replay: the recent game starts at '$line'"
  # Copy position (Ctrl+Shift+C) puts the moves shown, "d8a15e8c15i7j6", on the clipboard; Paste position
  # (Ctrl+Shift+V) starts a local game with those six moves.
  # A click on the board in a replay is refused (no stone), and says why.
  click replay 0 14
  app_wait 3 replay '^(REFUSED|MOVE) '; [[ $line == "REFUSED 0,14 "* ]] || fail "replay: a click in the replay gave '$line'"
  key_in replay ctrl+shift+c   # the final position is shown
  app_wait 3 replay '^CLIPBOARD '; [[ $line == "CLIPBOARD d8a15e8c15i7j6" ]] || fail "replay: copied '$line'"
  key_in replay ctrl+shift+v
  app_wait 3 replay '^(LOCAL|ERROR) '; [[ $line == "LOCAL 15 freestyle" ]] || fail "replay: pasting gave '$line'"
  k=0
  for m in "3 7" "0 0" "4 7" "2 0" "8 8" "9 9"; do
    k=$((k + 1))
    app_wait 3 replay '^MOVE '; [[ $line == "MOVE $k ${m/ /,}" ]] || fail "replay: pasted move $k is '$line'"
  done
  click_move replay 3 7 10 10
  # A header-only .psq opens as an empty record, and the app says it has no moves.
  printf 'Piskvorky 15x15, 11:11, 0\n-1\n' > "$work/empty.psq"
  open_dialog replay "$work/empty.psq"
  app_wait 3 replay '^(ERROR|OPENED) '; [[ $line == "OPENED 15 freestyle 0" ]] || fail "replay: opening empty.psq gave '$line'"
  app_wait 3 replay '^NOTICE '
  [[ $line == "NOTICE Opened empty.psq: this record has no moves." ]] || fail "replay: empty.psq says '$line'"
  kill "$replay_pid"; exec 3<&-
  # An SGF that ends by resignation (RE[B+R]) and names the players: at its last move the side
  # panel gives the stated result, by name (TURN line).
  printf '(;GM[4]FF[4]SZ[15]PB[Alice]PW[Bob]RE[B+R];B[hh];W[ii];B[hi])\n' > "$work/resigned.sgf"
  keep_open=1 start_app resigned "$work/resigned.sgf"
  exec 3< "$work/resigned.fifo"
  app_wait 3 resigned '^OPENED '; [[ $line == "OPENED 15 freestyle 3" ]] || fail "resigned: bad OPENED line '$line'"
  key_in resigned End
  app_wait 3 resigned '^TURN .*(resign|wins)'
  [[ $line == "TURN Alice (Black) wins by resignation." ]] || fail "resigned: the end of the record shows '$line'"
  sleep 0.5; screenshot resigned
  kill "$resigned_pid"; exec 3<&-
  ;;
language_zh_CN|language_zh_TW|language_setting)
  # The app started in Chinese (LANG, as a Chinese desktop sets it), and Settings > Language
  # (the wxConfig key /View/Language) overriding LANG. A screenshot of each is kept.
  check_language() {  # NAME LANG CONFIG-LANGUAGE EXPECTED-REPORT-LINE
    local name=$1
    [[ -n $3 ]] && printf '[View]\nLanguage=%s\n' "$3" > "$work/$name.ini"
    LANG=$2 LC_ALL= LC_MESSAGES= LANGUAGE= keep_open=1 start_app "$name" --local
    exec 3< "$work/$name.fifo"
    app_wait 3 "$name" '^LANGUAGE '; [[ $line == "$4" ]] || fail "$name: '$line', expected '$4'"
    # GTK's own labels (OK, Cancel) in the same language as ours.
    local stock='STOCKLABEL 取消'; [[ $4 == 'LANGUAGE - '* ]] && stock='STOCKLABEL Cancel'
    app_wait 3 "$name" '^STOCKLABEL '; [[ $line == "$stock" ]] || fail "$name: '$line', expected '$stock'"
    # No two items of one menu (nor two menus of the bar, the line titled "-") share an access key.
    local keys title dup
    while app_wait 3 "$name" '^MENUKEYS '; do
      read -r _ keys title <<< "$line"
      dup=$( (grep -o '[^-]' <<< "$keys" || true) | sort | uniq -d | tr -d '\n')
      [[ -z $dup ]] || fail "$name: menu '$title' has the access key(s) '$dup' more than once"
      [[ $title == - ]] && break
    done
    app_wait 3 "$name" '^GEOMETRY '
    local title expected=${4#LANGUAGE * }; expected=${expected% *}
    local pid=${name}_pid
    title=$(xdotool getwindowname "$(xdotool search --sync --onlyvisible --pid "${!pid}" | head -1)")
    [[ $title == "$expected" ]] || fail "$name: the window title is '$title', expected '$expected'"
    sleep 1   # only for the screenshot: let GTK finish painting
    import -window root "$artifacts/gui-$case_name-$name.png"
    kill "${!pid}"; exec 3<&-
  }
  case $case_name in
  language_zh_CN)
    check_language zh_CN zh_CN.UTF-8 '' 'LANGUAGE zh_CN 五子棋 认输'
    # --help and command-line errors in the chosen language; --help needs no display.
    help=$(env -u DISPLAY -u WAYLAND_DISPLAY LANG=zh_CN.UTF-8 LC_ALL= LANGUAGE= "$APP" --help 2>&1) \
      || fail "--help without a display failed: $help"
    [[ $help == *用法* && $help == *立即创建对局* && $help == *显示此帮助信息* ]] || fail "--help is not Chinese: $help"
    # The placeholders are those the descriptions name, the descriptions in one column, and the
    # options for tests are not listed (they still work: this script uses them).
    [[ $help == *"--host=PORT "*"PORT"* && $help == *"--computer=LEVEL "*"LEVEL"* ]] ||
      fail "--help: the placeholders do not match the texts: $help"
    [[ $help != *test-report* && $help != *exit-when-done* ]] || fail "--help lists the test options: $help"
    columns=$(while IFS= read -r l; do
      [[ $l =~ ^(\ \ (-h,\ )?[^\ ]+\ +) ]] && echo "${#BASH_REMATCH[1]}"
    done <<< "$help" | sort -u)
    [[ $columns =~ ^[0-9]+$ ]] || fail "--help: the descriptions start at columns $columns: $help"
    printf '[View]\nLanguage=zh_TW\n' > "$work/help.ini"
    help=$(env -u DISPLAY LANG=C.UTF-8 LC_ALL= LANGUAGE= "$APP" --config "$work/help.ini" --help 2>&1)
    [[ $help == *立即建立對局* ]] || fail "--help does not follow the configured language: $help"
    err=$(LANG=zh_CN.UTF-8 LC_ALL= LANGUAGE= "$APP" --config "$work/help.ini" --color pink 2>&1 \
          && echo "exit 0") || true
    [[ $err == *必須是* ]] || fail "a command-line error is not in the configured language: $err"
    # Without a display: command-line errors first, then a "no display" error, all in Chinese.
    err=$(env -u DISPLAY -u WAYLAND_DISPLAY LANG=zh_CN.UTF-8 LC_ALL= LANGUAGE= "$APP" --size 99 2>&1 \
          && echo "exit 0") || true
    [[ $err == *"--size 必须在 15 至 20 之间"* ]] || fail "no display: the --size error is not Chinese: $err"
    err=$(env -u DISPLAY -u WAYLAND_DISPLAY LANG=zh_CN.UTF-8 LC_ALL= LANGUAGE= "$APP" --local 2>&1 \
          && echo "exit 0") || true
    [[ $err == *没有可以打开窗口的显示* && $err != *"exit 0"* ]] || fail "no display: '$err'"
    # A sentence of the core (an occupied point) in Chinese: Enter twice on the same point.
    # The status bar: a long sentence, then a short one (the cursor's point) that must erase
    # it, each whole (pixels checked).
    LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= LANGUAGE= keep_open=1 start_app refused --local
    exec 3< "$work/refused.fifo"
    app_wait 3 refused '^GEOMETRY '
    read -r gx gy cell <<< "${line#GEOMETRY }"
    status_clean refused 3 '点击交叉点落子，或创建、加入网络对局。'
    xdotool mousemove --sync "$((gx - cell))" "$((gy - cell))"   # over the window: it has the keyboard
    xdotool key Right
    status_clean refused 3 'H8：空点'
    xdotool key Return
    app_wait 3 refused '^(MOVE|REFUSED) '; [[ $line == "MOVE 1 "* ]] || fail "Enter gave '$line'"
    xdotool key Return
    app_wait 3 refused '^(MOVE|REFUSED) '
    [[ $line == REFUSED*已有棋子。 ]] || fail "the refusal is not Chinese: '$line'"
    sleep 1   # only for the screenshot: let GTK finish painting
    import -window root "$artifacts/gui-$case_name-refused.png"
    kill "$refused_pid"; exec 3<&-
    # The computer's name in the player list: its level translated like the new-game dialog's.
    LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= LANGUAGE= keep_open=1 start_app comp --computer 1 --color black
    exec 3< "$work/comp.fifo"
    app_wait 3 comp '^COMPUTER '
    [[ $line == "COMPUTER white 1 电脑（入门）" ]] || fail "the computer's name is not Chinese: '$line'"
    app_wait 3 comp '^TURN '; [[ $line == "TURN 轮到你" ]] || fail "against the computer, our turn reads '$line'"
    sleep 1; import -window root "$artifacts/gui-$case_name-computer.png"
    # Closed unfinished (Ctrl+Q): the automatic save's comment is Chinese too, as its name is.
    [[ -n ${comp_geo:-} ]] || app_wait 3 comp '^GEOMETRY '
    click_move comp 3 1 7 7
    app_wait 3 comp '^MOVE 2 '
    key_in comp ctrl+q
    app_wait 3 comp '^SAVED auto '
    grep -q 'C\[对局中断：窗口已关闭。\]' "${line#SAVED auto }" ||
      fail "the save's comment is not Chinese: $(cat "${line#SAVED auto }")"
    exec 3<&-
    ;;
  language_zh_TW) check_language zh_TW zh_TW.UTF-8 '' 'LANGUAGE zh_TW 五子棋 認輸' ;;
  language_setting)
    check_language english zh_CN.UTF-8 en 'LANGUAGE - Gomoku Resign'
    check_language traditional zh_CN.UTF-8 zh_TW 'LANGUAGE zh_TW 五子棋 認輸'
    check_language c_locale C.UTF-8 '' 'LANGUAGE - Gomoku Resign'
    check_language hongkong zh_HK.UTF-8 '' 'LANGUAGE zh_HK 五子棋 認輸'   # nearest catalog
    ;;
  esac
  ;;
opening_local)
  keep_open=1 start_app op --local --opening swap2
  exec 3< "$work/op.fifo"
  app_wait 3 op '^OPENING place first '
  [[ -n ${op_geo:-} ]] || app_wait 3 op '^GEOMETRY '
  click_move op 3 1 7 7
  click_move op 3 2 8 7
  click_move op 3 3 7 8
  app_wait 3 op '^OPENING '
  [[ $line == "OPENING swap2-choice second Swap2 — Second player: take Black, take White, or place two more stones" ]] ||
    fail "op: after three stones '$line'"
  sleep 0.5; screenshot swap2-choice
  press op 3 optwo
  app_wait 3 op '^OPENING '
  [[ $line == "OPENING place second "* ]] || fail "op: Place two gave '$line'"
  click_move op 3 4 9 9
  click_move op 3 5 6 6
  app_wait 3 op '^OPENING colour-choice first '
  press op 3 opblack
  app_wait 3 op '^OPENING done'
  sleep 0.5; screenshot swap2-chosen
  app_wait 3 op '^GEOMETRY '   # the banner went: the board grew
  click_move op 3 6 10 10      # White (the second player) plays move 6
  read -r gx gy cell <<< "$op_geo"
  xdotool mousemove --sync "$((gx - cell / 2))" "$gy"
  xdotool key ctrl+z
  app_wait 3 op '^TAKEBACK 5$'
  button_off op 3 undo   # the opening's stones stay: nothing more to undo
  sleep 0.3
  click_move op 3 6 10 10
  kill "$op_pid"; wait "$op_pid" 2>/dev/null || true
  # Soosõrv-8 under renju: numbered 5th moves.
  keep_open=1 start_app so --local --rule renju --opening soosorv8
  exec 4< "$work/so.fifo"
  app_wait 4 so '^OPENING place first '
  [[ -n ${so_geo:-} ]] || app_wait 4 so '^GEOMETRY '
  click_move so 4 1 7 7
  click so 9 9   # move 2 must lie within the central 3x3
  app_wait 4 so '^(MOVE|REFUSED) '
  [[ $line == "REFUSED 9,9 The stone must lie within the central 3 × 3." ]] || fail "so: outside the 3x3 gave '$line'"
  click_move so 4 2 8 6
  click_move so 4 3 9 8
  app_wait 4 so '^OPENING swap-offer second '
  press so 4 opkeep
  app_wait 4 so '^OPENING place second '
  click_move so 4 4 6 8
  app_wait 4 so '^OPENING declare-count second '
  press so 4 opcount
  xdotool key ctrl+a; xdotool type 3; xdotool key Tab
  sleep 0.3
  press so 4 opdeclare
  app_wait 4 so '^OPENING swap-offer first '
  press so 4 opkeep
  app_wait 4 so '^OPENING place-alternatives first .*\(0 picked\)$'
  # pick NAME FD X Y COUNT: a click that leaves COUNT points picked out.
  pick() {
    click "$1" "$3" "$4"
    app_wait "$2" "$1" "^(OPENING place-alternatives|REFUSED) "
    [[ $line == *"($5 picked)" ]] || fail "$1: picking $3,$4 gave '$line', expected $5 picked"
  }
  pick so 4 6 6 1
  pick so 4 10 10 2
  pick so 4 6 6 1    # dropped again
  pick so 4 5 9 2
  pick so 4 6 6 3
  click so 9 5       # a fourth: refused
  app_wait 4 so '^(OPENING|REFUSED) '
  [[ $line == "REFUSED 9,5 Pick exactly 3 5th moves"* ]] || fail "so: a fourth 5th move gave '$line'"
  sleep 0.5; screenshot soosorv-picked
  press so 4 opoffer
  app_wait 4 so '^OPENING choose-alternative second '
  sleep 0.5; screenshot soosorv-offered
  click so 8 8       # not one of them
  app_wait 4 so '^(MOVE|REFUSED) '
  [[ $line == "REFUSED 8,8 Click one of the numbered 5th moves." ]] || fail "so: a point not offered gave '$line'"
  click_move so 4 5 10 10
  app_wait 4 so '^OPENING done'
  sleep 0.5; screenshot soosorv-chosen
  # The game saved as SGF keeps the rule, the decisions and the other 5th moves (variations);
  # replayed, move 4 shows the three offered as numbered stones, move 5 says which was chosen.
  app_wait 4 so '^GEOMETRY '   # the banner went: the board grew
  click_move so 4 6 3 3
  save_as so 4 "$work/soosorv.sgf"
  grep -q 'XO\[soosorv8\]' "$work/soosorv.sgf" || fail "so: no XO[] in $(cat "$work/soosorv.sgf")"
  grep -q 'XD\[1:place:hh\]\[1:place:ig\]\[1:place:ji\]\[2:keep\]\[2:place:gi\]\[2:declare:3\]\[1:keep\]\[1:offer:kk,fj,gg\]\[2:pick:kk\]' "$work/soosorv.sgf" ||
    fail "so: the decisions are not saved: $(cat "$work/soosorv.sgf")"
  [[ $(grep -c '^(;B\[' "$work/soosorv.sgf") == 3 ]] || fail "so: not three 5th moves as variations: $(cat "$work/soosorv.sgf")"
  kill "$so_pid"; wait "$so_pid" 2>/dev/null || true
  # A timed opening: the clocks run from the first stone; the second player never chooses and
  # loses on time, with the stones kept.
  keep_open=1 start_app ot --local --opening swap2 --clock 3s/move
  exec 6< "$work/ot.fifo"
  app_wait 6 ot '^CLOCKS '
  [[ $line == "CLOCKS black 0:03.0 white 0:03.0" || $line == "CLOCKS black 0:02."* ]] || fail "ot: clocks at the start '$line'"
  [[ -n ${ot_geo:-} ]] || app_wait 6 ot '^GEOMETRY '
  click_move ot 6 1 7 7
  click_move ot 6 2 8 7
  click_move ot 6 3 7 8
  app_wait 6 ot '^OPENING swap2-choice second '
  screenshot opening-timed
  app_wait 6 ot '^RESULT '
  [[ $line == "RESULT black Black wins on time." ]] || fail "ot: the second player (White) did not lose on time: '$line'"
  kill "$ot_pid"; wait "$ot_pid" 2>/dev/null || true
  keep_open=1 start_app sr "$work/soosorv.sgf"
  exec 5< "$work/sr.fifo"
  app_wait 5 sr '^OPENED '; [[ $line == "OPENED 15 renju 6" ]] || fail "sr: bad OPENED line '$line'"
  app_wait 5 sr '^REPLAY 6 6'
  key_in sr Home; app_wait 5 sr '^REPLAY 0 6'
  for k in 1 2 3 4; do key_in sr Right; app_wait 5 sr "^REPLAY $k 6"; done
  app_wait 5 sr '^(NUMBERED|REPLAY) '; [[ $line == "NUMBERED 10,10 5,9 6,6" ]] || fail "sr: at move 4 '$line'"
  key_in sr Right; app_wait 5 sr '^REPLAY 5 6'
  app_wait 5 sr '^(NUMBERED|REPLAY) '; [[ $line == "NUMBERED 10,10 5,9 6,6" ]] || fail "sr: at move 5 '$line'"
  app_wait 5 sr '^STATUS .* chose 5th move '
  [[ $line == *"Move 5 of 6: Black "*". The second player chose 5th move 1 of 3 ("*")." ]] || fail "sr: move 5 says '$line'"
  sleep 0.5; screenshot soosorv-replayed
  key_in sr Right; app_wait 5 sr '^(NUMBERED|REPLAY) '; [[ $line == "REPLAY 6 6" ]] || fail "sr: at move 6 '$line'"
  app_wait 5 sr '^(NUMBERED|REPLAY|BOARD) '; [[ $line == "BOARD "* ]] || fail "sr: numbered stones at move 6: '$line'"
  ;;
network_opening)
  start_app host --host 0 --nick Alice --color black --rule renju --opening soosorv8 --clock 15s/move
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  start_app join --join "localhost:$port" --nick Bob
  exec 4< "$work/join.fifo"
  app_wait 3 host '^OPENING place first '
  app_wait 4 join '^OPENING place first '
  [[ $line == "OPENING place first Soosõrv-8 — Alice: thinking…" ]] || fail "join: '$line'"
  # The banner over the board shrinks it: the board's geometry after it.
  app_wait 3 host '^GEOMETRY '; app_wait 4 join '^GEOMETRY '
  settled host; settled join
  click join 7 7   # not Bob's decision
  app_wait 4 join '^(MOVE|REFUSED) '
  [[ $line == "REFUSED 7,7 It is not your decision: wait for the other player's." ]] || fail "join: '$line'"
  click_move host 3 1 7 7
  click host 9 9   # move 2 must lie within the central 3x3
  app_wait 3 host '^(MOVE|REFUSED) '
  [[ $line == "REFUSED 9,9 The stone must lie within the central 3 × 3." ]] || fail "host: '$line'"
  click_move host 3 2 8 6
  click_move host 3 3 9 8
  app_wait 4 join '^OPENING swap-offer second '
  [[ $line == "OPENING swap-offer second Soosõrv-8 — You: keep the colours or swap them (you play White now)" ]] ||
    fail "join: '$line'"
  press join 4 opkeep
  app_wait 4 join '^OPENING place second '
  click_move join 4 4 6 8
  app_wait 4 join '^OPENING declare-count second '
  press join 4 opcount
  xdotool key ctrl+a; xdotool type 8; xdotool key Tab
  sleep 0.3
  press join 4 opdeclare
  app_wait 3 host '^OPENING swap-offer first '
  press host 3 opkeep
  app_wait 3 host '^OPENING place-alternatives first .*\(0 picked\)$'
  n=0
  for p in "0 0" "14 0" "0 14" "14 14" "0 7" "7 0" "14 7" "10 10"; do
    # shellcheck disable=SC2086
    click host $p
    n=$((n + 1))
    app_wait 3 host '^(OPENING place-alternatives|REFUSED) '
    [[ $line == *"($n picked)" ]] || fail "host: picking $p gave '$line'"
  done
  sleep 0.5; screenshot host-picked
  press host 3 opoffer
  app_wait 4 join '^OPENING choose-alternative second '
  [[ $line == *"click one of the 8 numbered 5th moves" ]] || fail "join: '$line'"
  for w in $(xdotool search --onlyvisible --pid "$join_pid"); do xdotool windowraise "$w"; done
  sleep 0.5; screenshot join-offered
  click_move join 4 5 10 10
  app_wait 4 join '^OPENING done'
  app_wait 3 host '^MOVE 5 '
  app_wait 3 host '^OPENING done'
  # White (Bob) is to move 6 and does not: his clock of 15 s runs out.
  app_wait 3 host '^RESULT '
  [[ $line == "RESULT black Black wins on time." ]] || fail "host: '$line'"
  app_wait 4 join '^RESULT '
  [[ $line == "RESULT black Black wins on time." ]] || fail "join: '$line'"
  screenshot
  for side in host:3 join:4; do
    app_wait "${side#*:}" "${side%:*}" '^SAVED auto '; saved=${line#SAVED auto }
    grep -q 'RE\[B+T\]' "$saved" || fail "${side%:*}: the save lacks the result on time: $(cat "$saved")"
    grep -q 'PB\[Alice\]' "$saved" || fail "${side%:*}: Alice is not Black in the save: $(cat "$saved")"
    # The opening: its rule, its decisions, the seven 5th moves not chosen as variations.
    grep -q 'XO\[soosorv8\]' "$saved" || fail "${side%:*}: the save lacks the opening rule: $(cat "$saved")"
    grep -q '\[2:declare:8\]\[1:keep\]\[1:offer:aa,oa,ao,oo,ah,ha,oh,kk\]\[2:pick:kk\]' "$saved" ||
      fail "${side%:*}: the save lacks the opening's decisions: $(cat "$saved")"
    [[ $(grep -c '^(;B\[' "$saved") == 8 ]] || fail "${side%:*}: not eight 5th moves: $(cat "$saved")"
  done
  ;;
opening_computer)
  start_app oc --computer 1 --color white --opening swap2
  exec 3< "$work/oc.fifo"
  app_wait 3 oc '^COMPUTER '
  [[ $line == "COMPUTER black 1 "* ]] || fail "oc: the computer is not the first player: '$line'"
  app_wait 3 oc '^MOVE 3 '
  app_wait 3 oc '^OPENING swap2-choice second '
  [[ $line == *"You: take Black, take White, or place two more stones" ]] || fail "oc: '$line'"
  press oc 3 opblack
  app_wait 3 oc '^COMPUTER '
  [[ $line == "COMPUTER white 1 "* ]] || fail "oc: after taking Black the computer is not White: '$line'"
  app_wait 3 oc '^OPENING done'
  app_wait 3 oc '^MOVE 4 '
  sleep 0.5; screenshot computer-after
  ;;
keyboard_play)
  # Arrow keys move the board's cursor (it starts at the centre), Enter and Space play there;
  # Enter on an occupied point is refused like a click.
  keep_open=1 start_app kb --local
  exec 3< "$work/kb.fifo"
  app_wait 3 kb '^GEOMETRY '
  read -r gx gy cell <<< "${line#GEOMETRY }"
  xdotool mousemove --sync "$((gx - cell))" "$((gy - cell))"   # over the window: it has the keyboard
  # cursor_is NAME FD TEXT: the next CURSOR line (what the status bar says of the cursor's point).
  cursor_is() {
    app_wait "$2" "$1" '^(CURSOR|MOVE|REFUSED) '
    [[ $line == "CURSOR $3" ]] || fail "keyboard: expected 'CURSOR $3', got '$line'"
  }
  xdotool key Right; cursor_is kb 3 "H8 empty"   # the first key shows the cursor at the centre
  xdotool key Right Down; cursor_is kb 3 "I8 empty"; cursor_is kb 3 "I7 empty"
  xdotool key Return
  app_wait 3 kb '^(MOVE|REFUSED) '; [[ $line == "MOVE 1 8,8" ]] || fail "keyboard: Enter gave '$line'"
  xdotool key Left; cursor_is kb 3 "H7 empty"
  xdotool key space
  app_wait 3 kb '^(MOVE|REFUSED) '; [[ $line == "MOVE 2 7,8" ]] || fail "keyboard: Space gave '$line'"
  xdotool key Right; cursor_is kb 3 "I7 black 1"
  xdotool key Return
  app_wait 3 kb '^(MOVE|REFUSED) '; [[ $line == "REFUSED 8,8 "* ]] || fail "keyboard: Enter on a stone gave '$line'"
  xdotool key Left; cursor_is kb 3 "H7 white 2"
  import -window root "$artifacts/gui-keyboard_play.png"
  kill "$kb_pid"; wait "$kb_pid" 2>/dev/null || true
  # Renju: the cursor on a double-three point says so (Black's threes on row 8 and column h;
  # White's last stone at i7, where the cursor starts).
  keep_open=1 start_app kbr --local --rule renju
  exec 4< "$work/kbr.fifo"
  app_wait 4 kbr '^GEOMETRY '; kbr_geo=${line#GEOMETRY }
  ply=0
  for xy in "5 7" "0 0" "6 7" "2 0" "7 5" "4 0" "7 6" "8 8"; do
    # shellcheck disable=SC2086
    ply=$((ply + 1)); click_move kbr 4 $ply $xy
  done
  xdotool key Left; cursor_is kbr 4 "I7 white 8"
  xdotool key Up; cursor_is kbr 4 "I8 empty"
  xdotool key Left; cursor_is kbr 4 "H8 forbidden double-three"
  import -window root "$artifacts/gui-keyboard_play-renju.png"
  ;;
small_screen)
  start_app local --local
  exec 3< "$work/local.fifo"
  app_wait 3 local '^GEOMETRY '
  read -r screen_w screen_h < <(xdpyinfo | awk '/dimensions:/ { split($2, d, "x"); print d[1], d[2] }')
  win=$(xdotool search --sync --onlyvisible --pid "$local_pid" | head -1)
  # window_box: "X Y WIDTH HEIGHT" of the app's top-level window (menu and status bar included).
  window_box() {
    xwininfo -id "$win" | awk '/Absolute upper-left X/ { x = $NF } /Absolute upper-left Y/ { y = $NF }
                              /^ *Width:/ { w = $NF } /^ *Height:/ { h = $NF } END { print x, y, w, h }'
  }
  read -r wx wy ww wh < <(window_box)
  ((wy >= 0 && wy + wh <= screen_h && wx >= 0 && wx + ww <= screen_w)) ||
    fail "local: the window ${ww}x${wh}+${wx}+${wy} does not fit the ${screen_w}x${screen_h} screen"
  click_move local 3 1 7 7
  screenshot 1366x768
  xdotool windowsize "$win" 1000 600
  app_wait 3 local '^GEOMETRY '   # the board took its new size
  read -r wx wy ww wh < <(window_box)
  ((ww == 1000 && wh == 600)) || fail "local: resized to 1000x600, the window is ${ww}x${wh} (minimum too big)"
  click_move local 3 2 8 8
  screenshot 1000x600
  # Narrower still: the side panel turns compact and the board keeps most of the width.
  xdotool windowsize "$win" 640 520
  app_wait 3 local '^GEOMETRY '
  read -r gx gy cell <<< "${line#GEOMETRY }"
  read -r wx wy ww wh < <(window_box)
  ((2 * 14 * cell >= ww)) || fail "local: at ${ww}x${wh} the board's grid is $((14 * cell)) pixels wide, less than half"
  click_move local 3 3 7 8
  screenshot 640x520
  kill "$local_pid"; exec 3<&-
  # A network game in Chinese with the longest nicknames (32 bytes of UTF-8 are allowed; 20
  # Chinese characters here): the side panel shortens them inside sentences, so the turn, the
  # request card and the reconnection countdown stay readable (screenshots).
  long_nick="五子棋爱好者王小二来自北京市海淀区中关村"
  LANG=zh_CN.UTF-8 keep_open=1 start_app host --host 0 --nick "$long_nick" --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  mkfifo "$work/cli.in"
  "$CLI" join "127.0.0.1:$port" --nick "$long_nick" < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  exec 5> "$work/cli.in"
  app_wait 3 host '^STARTED '
  app_wait 3 host '^GEOMETRY '
  echo "say 你好！这一行很长，用来检查聊天记录的最后一个字没有被滚动条遮住。" >&5
  app_wait 3 host '^CHAT '
  click_move host 3 1 7 7
  screenshot long-nick-turn
  echo "0,0" >&5
  app_wait 3 host '^MOVE 2 '
  key_in host ctrl+d
  button_off host 3 draw   # offered: the button waits
  screenshot long-nick-draw
  kill -9 "$cli_pid"
  app_wait 3 host '^SUSPENDED '
  sleep 0.5   # only for the screenshot: let GTK draw the countdown
  screenshot long-nick-countdown
  ;;
hidpi_screen)
  # (run on a 1920x1080 screen) GDK_SCALE=2, in Chinese: a network game's window fits the screen
  # and every control of the side panel is on it (the panel scrolls when lower than its
  # contents; the BUTTON lines give the centres of the visible ones).
  LANG=zh_CN.UTF-8 GDK_SCALE=2 keep_open=1 start_app host --host 0 --nick 王小二 --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  mkfifo "$work/cli.in"
  "$CLI" join "127.0.0.1:$port" --nick 李四 < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  exec 5> "$work/cli.in"
  app_wait 3 host '^STARTED '
  app_wait 3 host '^GEOMETRY '
  click_move host 3 1 7 7
  read -r screen_w screen_h < <(xdpyinfo | awk '/dimensions:/ { split($2, d, "x"); print d[1], d[2] }')
  win=$(xdotool search --sync --onlyvisible --pid "$host_pid" | head -1)
  read -r wx wy ww wh < <(xwininfo -id "$win" | awk '/Absolute upper-left X/ { x = $NF }
    /Absolute upper-left Y/ { y = $NF } /^ *Width:/ { w = $NF } /^ *Height:/ { h = $NF } END { print x, y, w, h }')
  ((wy >= 0 && wy + wh <= screen_h && wx >= 0 && wx + ww <= screen_w)) ||
    fail "the window ${ww}x${wh}+${wx}+${wy} does not fit the ${screen_w}x${screen_h} screen"
  for b in draw resign chat send; do
    read -r bx by <<< "${buttons[host:$b]:--}"
    [[ $bx != - ]] || fail "$b is not shown"
    ((bx > wx && bx < wx + ww && by > wy && by < wy + wh)) || fail "$b at $bx,$by is off the window"
  done
  screenshot 200
  # Two requests at once (the peer's draw offer and takeback request): the panel scrolls the
  # lower card into view, above the status bar, with its buttons.
  printf '8,8\ndraw\ntakeback\n' >&5
  for b in accept decline accept2 decline2; do
    while [[ ${buttons[host:$b]:--} == - ]]; do app_wait 3 host "^BUTTON $b "; done
  done
  read -r _ _ status_y _ < <(grep '^STATUS ' "$work/host.log" | tail -1)
  for b in accept decline accept2 decline2; do
    read -r bx by <<< "${buttons[host:$b]}"
    ((bx > wx && bx < wx + ww && by > wy && by < status_y)) || fail "$b at $bx,$by is not in view (status bar at $status_y)"
  done
  sleep 0.3; screenshot 200-requests
  ;;
sounds)
  # Under Xvfb there is no OSS device, so the app plays through a player in PATH: here a fake
  # aplay that logs its file. A stone placed gives the stone click; with View > Sounds off
  # (/View/Sounds=0) nothing is played.
  mkdir -p "$work/bin"
  printf '#!/bin/sh\necho "$1" >> "%s"\n' "$work/played.txt" > "$work/bin/aplay"
  chmod +x "$work/bin/aplay"
  play_one() {  # NAME: starts the app, plays a stone with the keyboard, stops the app
    PATH="$work/bin:$PATH" keep_open=1 start_app "$1" --local
    exec 3< "$work/$1.fifo"
    app_wait 3 "$1" '^GEOMETRY '
    read -r gx gy cell <<< "${line#GEOMETRY }"
    xdotool mousemove --sync "$((gx - cell))" "$((gy - cell))"
    xdotool key Right Return
    app_wait 3 "$1" '^MOVE 1 '
  }
  play_one snd
  for _ in $(seq 600); do grep -q 'sound-stone\.wav$' "$work/played.txt" 2>/dev/null && break; sleep 0.1; done
  grep -q '/sound-stone\.wav$' "$work/played.txt" || fail "no stone sound: $(cat "$work/played.txt" 2>/dev/null)"
  kill "$snd_pid"; exec 3<&-
  : > "$work/played.txt"
  printf '[View]\nSounds=0\n' > "$work/quiet.ini"
  play_one quiet
  sleep 1   # a sound would have started with the move: give its player time to log
  [ ! -s "$work/played.txt" ] || fail "a sound was played with sounds off: $(cat "$work/played.txt")"
  ;;
preferences)
  printf '[View]\nBoardColour=nonsense\n' > "$work/prefs.ini"
  keep_open=1 start_app prefs --local
  exec 3< "$work/prefs.fifo"
  app_wait 3 prefs '^GEOMETRY '
  open_preferences prefs
  import -window root "$artifacts/gui-preferences-en.png"
  # refuse NAME CONTROL TEXT EXPECTED: types TEXT into the field, presses OK; the INVALID line
  # must be EXPECTED, a message box shows and the config stays as it was; Return closes it.
  refuse() {
    local name=$1 pid=${1}_pid before message="" X Y WIDTH HEIGHT SCREEN WINDOW
    cp "$work/$name.ini" "$work/before.ini"
    before=$(xdotool search --onlyvisible --pid "${!pid}" | sort)
    click_at "$name" "$2"
    xdotool key ctrl+a BackSpace
    [[ -n $3 ]] && xdotool type "$3"
    click_at "$name" prefok
    app_wait 3 "$name" '^(INVALID|PREFERENCES) '
    [[ $line == "INVALID $4" ]] || fail "'$3' in $2 gave '$line'"
    for _ in $(seq 600); do
      message=$(comm -13 <(echo "$before") <(xdotool search --onlyvisible --pid "${!pid}" | sort) | head -1)
      [[ -n $message ]] && break; sleep 0.1
    done
    [[ -n $message ]] || fail "no message box for '$3' in $2"
    cmp -s "$work/$name.ini" "$work/before.ini" || fail "the refused value changed the config: $(cat "$work/$name.ini")"
    sleep 0.5   # only for the screenshot
    import -window root "$artifacts/gui-preferences-refused-$2.png"
    eval "$(xdotool getwindowgeometry --shell "$message")"
    xdotool mousemove --sync "$((X + WIDTH / 2))" "$((Y + HEIGHT / 2))"
    xdotool key Return
    for _ in $(seq 600); do xdotool search --onlyvisible --pid "${!pid}" | grep -x "$message" >/dev/null || break; sleep 0.1; done
    ! xdotool search --onlyvisible --pid "${!pid}" | grep -x "$message" >/dev/null || fail "the message box for '$3' stays"
  }
  # A port out of range and a timeout that is not a number: refused, the dialog stays.
  refuse prefs prefport 70000 "Default port for hosting: enter a whole number from 1 to 65535."
  click_at prefs prefport
  xdotool key ctrl+a BackSpace; xdotool type 7123
  refuse prefs preftimeout 5s "Connection timeout: enter a whole number of seconds from 1 to 120."
  click_at prefs preftimeout
  xdotool key ctrl+a BackSpace; xdotool type 30
  # Good values: port 7123, timeout 30, the ghost stone off, a plain board.
  click_at prefs prefghost
  click_at prefs prefplain
  click_at prefs prefok
  app_wait 3 prefs '^(INVALID|PREFERENCES) '
  [[ $line == "PREFERENCES port=7123 timeout=30 "*" ghost=0 theme=plain board=#deb26a grid=#2d1e10 "* ]] ||
    fail "the preferences applied are '$line'"
  for want in 'Port=7123' 'ShowGhost=0' 'BoardTheme=plain' 'BoardColour=#deb26a' 'TimeoutSeconds=30'; do
    grep -qx "$want" "$work/prefs.ini" || fail "no '$want' in the config: $(cat "$work/prefs.ini")"
  done
  sleep 0.5
  import -window root "$artifacts/gui-preferences-plain-board.png"
  # An empty nickname is refused; then a new nickname and Restore defaults: wood, ghost on, the
  # default port and timeout (the nickname as typed stays).
  open_preferences prefs
  refuse prefs prefnick "" "Nickname: Enter a nickname."
  click_at prefs prefnick
  xdotool type "Zoe Li"
  click_at prefs prefdefaults
  click_at prefs prefok
  app_wait 3 prefs '^(INVALID|PREFERENCES) '
  [[ $line == "PREFERENCES port=6515 timeout=10 "*" ghost=1 theme=wood "*" nickname=Zoe Li" ]] ||
    fail "Restore defaults gave '$line'"
  for want in 'Port=6515' 'TimeoutSeconds=10' 'ShowGhost=1' 'Nickname=Zoe Li'; do
    grep -qx "$want" "$work/prefs.ini" || fail "no '$want' in the config: $(cat "$work/prefs.ini")"
  done
  kill "$prefs_pid"; exec 3<&-
  # The dialog in Simplified Chinese: a screenshot to check that no text is cut off.
  printf '[View]\nLanguage=zh_CN\n' > "$work/zh.ini"
  keep_open=1 start_app zh --local
  exec 3< "$work/zh.fifo"
  app_wait 3 zh '^GEOMETRY '
  open_preferences zh
  import -window root "$artifacts/gui-preferences-zh_CN.png"
  kill "$zh_pid"; exec 3<&-
  printf '[View]\nLanguage=zh_TW\n' > "$work/tw.ini"
  keep_open=1 start_app tw --local
  exec 3< "$work/tw.fifo"
  app_wait 3 tw '^GEOMETRY '
  open_preferences tw
  import -window root "$artifacts/gui-preferences-zh_TW.png"
  ;;
preferences_match)
  # A nickname changed in Preferences during a network match reaches the peer (NICKNAME).
  keep_open=1 start_app host --host 0 --nick "GUI host" --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  mkfifo "$work/cli.in.fifo"
  "$CLI" join "127.0.0.1:$port" --nick Script < "$work/cli.in.fifo" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  exec 4> "$work/cli.in.fifo"
  app_wait 3 host '^STARTED '
  app_wait 3 host '^GEOMETRY '
  open_preferences host
  click_at host prefnick
  xdotool key ctrl+a BackSpace; xdotool type "New Name"
  click_at host prefok
  app_wait 3 host '^(INVALID|PREFERENCES) '
  [[ $line == "PREFERENCES "*" nickname=New Name" ]] || fail "the nickname change gave '$line'"
  for _ in $(seq 600); do grep -qx 'NICK New Name' "$work/cli.out" && break; sleep 0.1; done
  grep -qx 'NICK New Name' "$work/cli.out" || fail "gomoku-cli did not see the new nickname: $(cat "$work/cli.out")"
  grep -qx 'Nickname=New Name' "$work/host.ini" || fail "the new nickname was not saved: $(cat "$work/host.ini")"
  echo quit >&4; exec 4>&-
  ;;
lan)
  # Games on the local network (issue 21), in a club of two machines (tests/lan/club.sh): the
  # app hosting on machine 1 is announced; gomoku-cli on machine 2 lists it and joins it by
  # nickname. Then the app on machine 2 opens Join game: the game gomoku-cli hosts on machine 1
  # is listed, and a double-click on its row joins it.
  source "$(dirname "$0")/../lan/club.sh"
  club_skip_unless_able
  club_up
  app_prefix=${club[1]} start_app host --host 0 --nick "GUI 主机" --color black
  exec 3< "$work/host.fifo"
  app_wait 3 host '^LISTENING '; port=${line#LISTENING }
  # shellcheck disable=SC2086
  ${club[2]} "$CLI" lan --wait 60 > "$work/lan.out" 2> "$work/lan.err" &
  pids+=($!)
  wait_line "$work/lan.out" $'^GAME\tGUI 主机\t' 30
  [[ $line == $'GAME\tGUI 主机\tfreestyle\t15\tblack\tnone\tnone\topen\tclub1.local\t10.78.0.1\t'"$port"$'\t'* ]] ||
    fail "the app's game is listed as '$line'"
  echo resign > "$work/cli.in"
  # shellcheck disable=SC2086
  ${club[2]} "$CLI" join --lan "GUI 主机" --nick Script --timeout 60 < "$work/cli.in" > "$work/cli.out" 2> "$work/cli.err" &
  cli_pid=$!; pids+=($cli_pid)
  app_wait 3 host '^STARTED '
  [[ $line == "STARTED black Script" ]] || fail "host: bad STARTED line '$line'"
  wait_line "$work/lan.out" $'^GONE\tGUI 主机\t' 30   # withdrawn once the game started
  app_wait 3 host '^RESULT '
  [[ $line == "RESULT black "* ]] || fail "host: the joiner's resignation gave '$line'"
  wait "$cli_pid" || fail "gomoku-cli join --lan exited $?"

  mkfifo "$work/cli2.cmd"
  # shellcheck disable=SC2086
  ${club[1]} "$CLI" host --port 0 --nick 小明 --rule renju --clock 10m+10s < "$work/cli2.cmd" \
    > "$work/cli2.out" 2> "$work/cli2.err" &
  pids+=($!)
  exec 6> "$work/cli2.cmd"
  wait_line "$work/cli2.out" '^LISTENING ' 10
  app_prefix=${club[2]} start_app join --local --nick 小红
  exec 4< "$work/join.fifo"
  app_wait 4 join '^GEOMETRY '
  key_in join ctrl+j
  app_wait 4 join '^LANGAME [0-9]+ [0-9]+ 小明$'
  sleep 0.3; screenshot list   # (let GTK paint the row first)
  # A flood of fake games: the list stops at its bound of 64 rows, the first game keeps its row
  # and the dialog still answers.
  club_flood 1
  app_wait 4 join '^LANGAMES 64$'
  app_wait 4 join '^LANGAME [0-9]+ [0-9]+ '
  [[ $line =~ ^LANGAME\ [0-9]+\ [0-9]+\ 小明$ ]] || fail "join: the first row is now '$line'"
  read -r _ row_x row_y _ <<< "$line"
  if grep -E '^LANGAMES ([0-9]+)$' "$work/join.log" | awk '$2 > 64 { exit 1 }'; then :; else
    fail "join: more than 64 games listed"
  fi
  sleep 0.3; screenshot flood
  xdotool mousemove --sync "$row_x" "$row_y"
  xdotool click --repeat 2 --delay 100 1
  app_wait 4 join '^STARTED '
  [[ $line == "STARTED white 小明" ]] || fail "join: bad STARTED line '$line'"
  wait_line "$work/cli2.out" '^STARTED black vs 小红 \(white\)' 20
  # A third program on machine 2 opens Game > Watch game…: the game now in progress is listed
  # there (announced again, as full), and a double-click watches it. (The flood goes first: it
  # fills the 64 places of a list.)
  club_flood_stop
  app_prefix=${club[2]} start_app watcher --local --nick 看客
  exec 5< "$work/watcher.fifo"
  app_wait 5 watcher '^GEOMETRY '
  settled watcher
  windows=$(viewable_windows)
  key_in watcher alt+g
  wait_new_window "$windows" 1 "the Game menu"
  xdotool key t
  app_wait 5 watcher '^LANGAME [0-9]+ [0-9]+ 小明$'
  read -r _ row_x row_y _ <<< "$line"
  sleep 0.3; screenshot watch-list   # (let GTK paint the row first)
  xdotool mousemove --sync "$row_x" "$row_y"
  xdotool click --repeat 2 --delay 100 1
  app_wait 5 watcher '^WATCHING '
  [[ $line == "WATCHING 小明 小红 0" ]] || fail "watcher: bad WATCHING line '$line'"
  wait_line "$work/cli2.out" '^WATCHERS 1' 20
  echo resign >&6
  app_wait 4 join '^RESULT '
  [[ $line == "RESULT white "* ]] || fail "join: the host's resignation gave '$line'"
  app_wait 5 watcher '^WATCH result '
  [[ $line == "WATCH result White wins by resignation." ]] || fail "watcher: the result came as '$line'"
  exec 6>&-
  ;;
online_watch)
  # Watching from the hall (issue 21): bob and carol (gomoku-cli) play a game with a clock on
  # the server; the app, signed in as dan, sees it in Games in progress, watches it (the clocks,
  # the moves, the players' chat), steps back, and goes back to the hall, which stops the watch.
  start_online_server
  mkfifo "$work/bob.in" "$work/bob.out" "$work/carol.in"
  GOMOKU_PASSWORD=bobpass123 "$CLI" online "127.0.0.1:$port" --user bob --register \
    --trust-new-server < "$work/bob.in" > "$work/bob.out" 2> "$work/bob.err" 6<&- &
  pids+=($!)
  exec 5> "$work/bob.in"
  exec 4< "$work/bob.out"
  cli_wait() { while IFS= read -r -t 60 l <&4; do echo "$l" >> "$work/bob.log"; [[ $l =~ $1 ]] && return 0; done; fail "bob: no line matching '$1'"; }
  cli_wait '^LOGGED IN bob '
  GOMOKU_PASSWORD=carolpass1 "$CLI" online "127.0.0.1:$port" --user carol --register \
    < "$work/carol.in" > "$work/carol.log" 2>&1 4<&- 5>&- 6<&- &
  pids+=($!)
  exec 7> "$work/carol.in"
  echo 'find --clock 5m+5s' >&5
  echo 'find --clock 5m+5s' >&7
  cli_wait '^MATCHED '
  [[ $l =~ ^MATCHED\ [0-9]+\ (black|white) ]] || fail "bob: bad MATCHED line '$l'"
  if [[ ${BASH_REMATCH[1]} == black ]]; then bfd=5; wfd=7; black=bob; white=carol; else bfd=7; wfd=5; black=carol; white=bob; fi
  echo 7,7 >&$bfd; cli_wait '^MOVE 1 '
  echo 8,8 >&$wfd; cli_wait '^MOVE 2 '
  GOMOKU_PASSWORD=danpass123 keep_open=1 start_app dan --online "127.0.0.1:$port" --user dan --register
  exec 3< "$work/dan.fifo"
  app_wait 3 dan '^HALL shown$'
  app_wait 3 dan '^BUTTON watch [0-9]'   # Games in progress is the first list; its game selected
  sleep 0.5; screenshot hall-live
  press dan 3 watch
  app_wait 3 dan '^WATCH_GAME '
  app_wait 3 dan '^HALL hidden$'
  # The side panel shows both clocks (before the WATCHING line, with the first view).
  app_wait 3 dan '^CLOCKS '
  # Each clock had 5:00 and +5 s for its move, less the time it took; Black's has run since
  # (the app's start included, seconds on a loaded machine).
  [[ $line =~ ^CLOCKS\ black\ [45]:[0-5][0-9]\ white\ [45]:[0-5][0-9]$ ]] ||
    fail "dan: bad CLOCKS line '$line'"
  app_wait 3 dan '^WATCHING '
  [[ $line == "WATCHING $black $white 2" ]] || fail "dan: bad WATCHING line '$line'"
  # (A view for the same moves, e.g. with the number of watchers, repeats "REPLAY 2 2".)
  echo 7,8 >&$bfd; app_wait 3 dan '^REPLAY [0-9]+ 3$'
  [[ $line == "REPLAY 3 3" ]] || fail "dan: the live move gave '$line'"
  key_in dan Left; app_wait 3 dan '^REPLAY '
  [[ $line == "REPLAY 2 3" ]] || fail "dan: Left gave '$line'"
  key_in dan End; app_wait 3 dan '^REPLAY '
  [[ $line == "REPLAY 3 3" ]] || fail "dan: End gave '$line'"
  echo 'say 加油' >&$wfd
  app_wait 3 dan '^WATCH chat '
  [[ $line == "WATCH chat $white: 加油" ]] || fail "dan: the chat came as '$line'"
  sleep 0.5; screenshot watching
  press dan 3 leave   # "Back to the hall"
  app_wait 3 dan '^WATCH ended '
  [[ $line == "WATCH ended you stopped watching" ]] || fail "dan: the end came as '$line'"
  app_wait 3 dan '^HALL shown$'
  # The server was told: the players hear that nobody watches any more.
  cli_wait '^WATCHERS 0$'
  exec 5>&- 7>&-
  kill "$dan_pid"
  ;;
watch)
  # Watching a game (issue 21): gomoku-cli hosts (Alice) and joins (小明) on this machine; after
  # three moves the app watches with --watch. It shows the game so far and follows the moves;
  # Left steps back while the game goes on, End returns to the live position; the players'
  # chat and the result reach it; when the host quits, the app says the players left.
  mkfifo "$work/host.cmd" "$work/host.fifo" "$work/join.cmd"
  "$CLI" host --port 0 --nick Alice --watcher-chat < "$work/host.cmd" > "$work/host.fifo" 2> "$work/host.err" &
  pids+=($!); host_pid=$!
  exec 6> "$work/host.cmd"
  exec 4< "$work/host.fifo"
  cli_wait() {  # cli_wait REGEX: reads the host's output until a line matches
    while IFS= read -r -t 30 l <&4; do
      echo "$l" >> "$work/host.out"
      [[ $l =~ $1 ]] && return 0
    done
    fail "host: no line matching '$1'"
  }
  cli_wait '^LISTENING '; port=${l#LISTENING }
  "$CLI" join "127.0.0.1:$port" --nick '小明' < "$work/join.cmd" > "$work/join.out" 2> "$work/join.err" 3<&- 4<&- 6>&- &
  pids+=($!); join_pid=$!
  exec 7> "$work/join.cmd"
  cli_wait '^STARTED '
  echo h8 >&6; cli_wait '^MOVE 1 '
  echo i9 >&7; cli_wait '^MOVE 2 '
  echo h9 >&6; cli_wait '^MOVE 3 '
  keep_open=1 start_app watch --watch "127.0.0.1:$port" --nick '看客'
  exec 3< "$work/watch.fifo"
  app_wait 3 watch '^WATCHING '
  [[ $line == "WATCHING Alice 小明 3" ]] || fail "watch: bad WATCHING line '$line'"
  cli_wait '^WATCHERS 1'
  echo i10 >&7; app_wait 3 watch '^REPLAY '
  [[ $line == "REPLAY 4 4" ]] || fail "watch: the live move gave '$line'"
  key_in watch Left; app_wait 3 watch '^REPLAY '
  [[ $line == "REPLAY 3 4" ]] || fail "watch: Left gave '$line'"
  echo h10 >&6; app_wait 3 watch '^REPLAY '
  [[ $line == "REPLAY 3 5" ]] || fail "watch: a move while stepped back gave '$line'"
  key_in watch End; app_wait 3 watch '^REPLAY '
  [[ $line == "REPLAY 5 5" ]] || fail "watch: End gave '$line'"
  echo 'say 加油' >&7
  app_wait 3 watch '^WATCH chat '
  [[ $line == "WATCH chat 小明: 加油" ]] || fail "watch: the chat came as '$line'"
  # The host lets watchers chat: a line typed in the side panel reaches the host, the joiner
  # and comes back.
  press watch 3 chat
  xdotool type --delay 20 "好棋"
  xdotool key Return
  app_wait 3 watch '^WATCH chat '
  [[ $line == "WATCH chat 看客: 好棋" ]] || fail "watch: its own line came back as '$line'"
  cli_wait '^WCHAT 看客: 好棋'
  sleep 0.3; screenshot live   # the sleep is only for the screenshot
  echo resign >&7
  app_wait 3 watch '^WATCH result '
  [[ $line == "WATCH result Black wins by resignation." ]] || fail "watch: the result came as '$line'"
  echo quit >&6
  app_wait 3 watch '^WATCH ended '
  [[ $line == "WATCH ended the players have left the game" ]] || fail "watch: the end came as '$line'"
  sleep 0.3; screenshot ended
  exec 6>&- 7>&-
  wait "$host_pid" || fail "gomoku-cli host exited $?"
  wait "$join_pid" || fail "gomoku-cli join exited $?"
  grep -qx 'WCHAT 看客: 好棋' "$work/join.out" || fail "the joiner did not see the watcher's line"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case_name]"
