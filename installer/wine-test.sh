#!/usr/bin/env bash
# The Windows installer under 64-bit Wine, in a fresh WINEPREFIX, under Xvfb:
#   installer/wine-test.sh      (after installer/build-windows.sh; GOMOKU_WIN_BUILD as there)
# 1. silent install (/S): files, install-files.txt, Start-menu shortcut, no desktop shortcut,
#    the Add/Remove entry (version, publisher, size, quiet uninstall string), .psq/.sgf "Open with";
# 2. the installed gomoku.exe hosts (--host 0 --test-report FILE), the Linux gomoku-cli joins on
#    127.0.0.1 and a whole game is played to a RESULT: the app's moves are xdotool clicks at the
#    intersections its GEOMETRY line gives; screenshot <build>/wine-test/wine-game.png;
# 3. a newer build (version +1 patch, one image left out) installed over it while the app still
#    runs: the running copy is closed, a damaged file is replaced, the left-out file is gone,
#    the user's file in the install folder stays, there is one Add/Remove entry, of the new version;
# 4. silent uninstall with the quiet uninstall string: nothing of ours is left, the user's file
#    and the settings stay; a reinstall uninstalled with /RemoveUserData removes the settings.
# Only processes of our own prefix are ended (wineserver -k). Artifacts: <build>/wine-test/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${GOMOKU_WIN_BUILD:-build/win}
if [[ -z ${DISPLAY:-} ]]; then
  exec xvfb-run -a -s "-screen 0 1280x900x24" bash "$0" "$@"
fi

started=$SECONDS
art="$root/$build/wine-test"
rm -rf "$art"
mkdir -p "$art"
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
setup="$root/$build/Gomoku-$version-win64-setup.exe"
[[ -s $setup ]] || { echo "wine-test: no $setup (run installer/build-windows.sh)" >&2; exit 1; }
IFS=. read -r vmaj vmin vpat <<<"$version"
newer="$vmaj.$vmin.$((vpat + 1))"
omit='res\marker-last-64.png'

# The Linux gomoku-cli, built natively (the peer).
host_build="$root/build/win-host-cli"
nice -n 10 cmake -S . -B "$host_build" -DCMAKE_BUILD_TYPE=Release -DGOMOKU_BUILD_APP=OFF \
  -DGOMOKU_BUILD_TESTS=OFF -DGOMOKU_BUILD_BENCH=OFF >/dev/null
nice -n 10 cmake --build "$host_build" -j"${GOMOKU_JOBS:-$(nproc)}" --target gomoku-cli >/dev/null
CLI="$host_build/src/cli/gomoku-cli"

# The newer build: the same files, a bumped version, one image left out.
newer_setup="$art/Gomoku-$newer-win64-setup.exe"
makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$newer" -DOUTFILE="$newer_setup" \
  "-DGOMOKU_TEST_OMIT=$omit" "-DGOMOKU_CLI_EXE=$root/$build/src/cli/gomoku-cli.exe" \
  "-DGOMOKU_PBRAIN_EXE=$root/$build/src/ai/pbrain-gomoku.exe" \
  "$build/installer/gomoku.nsi" >/dev/null

work=$(mktemp -d /tmp/gomoku-wine.XXXXXX)
export WINEPREFIX="$work/prefix" WINEARCH=win64 WINEDEBUG=-all
export LC_ALL=C.UTF-8  # Wine reads the arguments (a Chinese nickname) in the locale's encoding
# No Mono/Gecko downloads; no menu entries or file associations on the Linux desktop.
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
WINE=/usr/lib/wine/wine64
WINESERVER=/usr/lib/wine/wineserver
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  "$WINESERVER" -k 2>/dev/null || true  # this prefix's processes only
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL [wine-test]: $*" >&2
  import -window root "$art/wine-failure.png" 2>/dev/null || true
  for f in "$work"/*.txt "$work"/*.out "$work"/*.err; do [[ -f $f ]] && { echo "--- $f"; cat "$f"; }; done >&2
  exit 1
}
step() { echo "[wine-test $((SECONDS - started))s] $*"; }
wine_() { timeout 300 "$WINE" "$@"; }
unix_path() { wine_ winepath -u "$1" 2>/dev/null | tr -d '\r'; }
# reg_value KEY NAME: the data of a registry value ("" when absent).
reg_value() {
  wine_ reg query "$1" /v "$2" 2>/dev/null | tr -d '\r' |
    sed -n "s/^ *$2 *REG_[A-Z_]* *//p" | head -n1
}
reg_exists() { wine_ reg query "$1" >/dev/null 2>&1; }
UNINST='Software\Microsoft\Windows\CurrentVersion\Uninstall'
# Add/Remove entries named Gomoku, in HKCU and HKLM.
count_entries() {
  { wine_ reg query "HKCU\\$UNINST" /s 2>/dev/null; wine_ reg query "HKLM\\$UNINST" /s 2>/dev/null; } |
    tr -d '\r' | grep -Ec '^ *DisplayName +REG_SZ +Gomoku$' || true
}

step "fresh prefix $WINEPREFIX"
wine_ wineboot -i >"$work/wineboot.out" 2>&1 || fail "wineboot failed"
# Windows has CJK fonts, a fresh Wine prefix has none: the Chinese screenshot uses Linux's Noto
# CJK (fonts-noto-cjk, which installer/deps.sh installs) in place of the dialog fonts.
# (Not "fc-list | grep -q": under pipefail grep's early exit fails fc-list, and so the test.)
fonts=$(fc-list : family 2>/dev/null || true)
if [[ $fonts == *'Noto Sans CJK SC'* ]]; then
  for font in 'MS Shell Dlg' 'MS Shell Dlg 2' 'Tahoma' 'Segoe UI' 'Microsoft YaHei'; do
    wine_ reg add 'HKCU\Software\Wine\Fonts\Replacements' /v "$font" /d 'Noto Sans CJK SC' /f >/dev/null
  done
fi

# ---- 1. silent install
step "1. silent install of $(basename "$setup")"
wine_ "$setup" /S || fail "the installer exited $?"
key="HKCU\\$UNINST\\Gomoku"
reg_exists "$key" || fail "no uninstall key $key"
[[ $(reg_value "$key" DisplayVersion) == "$version" ]] || fail "DisplayVersion is not $version"
[[ $(reg_value "$key" Publisher) == "Gomoku project" ]] || fail "no Publisher"
[[ $(reg_value "$key" EstimatedSize) =~ ^0x[0-9a-f]+$ ]] || fail "no EstimatedSize"
(($(reg_value "$key" EstimatedSize) > 1000)) || fail "EstimatedSize too small"
quiet=$(reg_value "$key" QuietUninstallString)
[[ $quiet == *'Uninstall.exe" /CurrentUser /S' ]] || fail "bad QuietUninstallString '$quiet'"
instdir_win=$(reg_value "$key" InstallLocation)
[[ $instdir_win == *'\AppData\Local\Programs\Gomoku' ]] || fail "not a per-user install: '$instdir_win'"
inst=$(unix_path "$instdir_win")
for f in gomoku.exe gomoku-cli.exe pbrain-gomoku.exe Uninstall.exe install-files.txt; do
  [[ -s $inst/$f ]] || fail "$f not installed"
done
for png in res/*.png res/*.wav; do cmp -s "$png" "$inst/$png" || fail "$png not installed"; done
mos=0
for lang in zh_CN zh_TW zh_HK zh_MO zh_SG zh; do
  for domain in gomoku wxstd-3.2; do  # ours and wxWidgets' own
    mo=$build/src/app/locale/$lang/LC_MESSAGES/$domain.mo
    cmp -s "$mo" "$inst/locale/$lang/LC_MESSAGES/$domain.mo" || fail "$lang/$domain.mo is not installed"
    mos=$((mos + 1))
  done
done
[[ $(grep -c . "$inst/install-files.txt") == $(($(ls res/*.png res/*.wav | wc -l) + mos + 5)) ]] ||
  fail "install-files.txt does not list every file"
lnk=$(find "$WINEPREFIX/drive_c/users" -name Gomoku.lnk -path '*Start Menu*')
[[ -n $lnk ]] || fail "no Start-menu shortcut"
[[ -z $(find "$WINEPREFIX/drive_c/users" -name Gomoku.lnk -path '*Desktop*') ]] ||
  fail "a desktop shortcut without asking"
reg_exists 'HKCU\Software\Classes\Gomoku.GameRecord\shell\open\command' || fail "no ProgID"
[[ $(wine_ reg query 'HKCU\Software\Classes\.sgf\OpenWithProgids' 2>/dev/null | tr -d '\r') == *Gomoku.GameRecord* ]] ||
  fail ".sgf is not offered to Gomoku"
[[ $(count_entries) == 1 ]] || fail "not exactly one Add/Remove entry"
step "   installed in $instdir_win"
# A Chinese SGF in GB18030 (CA[GB18030]) is converted by the Windows code page 54936 to UTF-8.
printf '(;GM[4]FF[4]CA[GB18030]SZ[15]PB[张三]PW[李四]C[五子棋]\n;B[hh];W[hi])' |
  iconv -f UTF-8 -t GB18030 >"$work/gb.sgf"
(cd "$work" && wine_ "$inst/gomoku-cli.exe" convert gb.sgf utf8.sgf) >"$work/convert.out" 2>&1 ||
  fail "gomoku-cli.exe convert: $(cat "$work/convert.out")"
grep -q 'PB\[张三\]PW\[李四\]C\[五子棋\]' "$work/utf8.sgf" ||
  fail "the GB18030 record was not converted: $(cat "$work/utf8.sgf")"
# Saves are atomic (a temporary file renamed over the old one): converting again replaces it.
printf '(;GM[4]FF[4]SZ[15]PB[Again];B[hh])' >"$work/again.sgf"
(cd "$work" && wine_ "$inst/gomoku-cli.exe" convert again.sgf utf8.sgf) >"$work/convert2.out" 2>&1 ||
  fail "gomoku-cli.exe convert over an existing file: $(cat "$work/convert2.out")"
grep -q 'PB\[Again\]' "$work/utf8.sgf" || fail "the existing file was not replaced: $(cat "$work/utf8.sgf")"
[[ -z $(find "$work" -maxdepth 1 -name 'utf8.sgf?*') ]] || fail "a temporary file was left: $(ls "$work")"
step "   gomoku-cli.exe converted a GB18030 SGF to UTF-8 and replaced it atomically"
# Local discovery looks up Windows' DNS-SD functions at run time: Wine's dnsapi.dll has none,
# so the listing says discovery is unavailable and still ends normally.
(cd "$work" && wine_ "$inst/gomoku-cli.exe" lan --wait 1) >"$work/lan.out" 2>"$work/lan.err" ||
  fail "gomoku-cli.exe lan exited $?"
if grep -q 'local discovery unavailable (no DNS-SD service' "$work/lan.err"; then
  step "   gomoku-cli.exe lan: no DNS-SD service under Wine, said so"
else
  step "   gomoku-cli.exe lan: listed $(grep -c '^GAME' "$work/lan.out" || true) games"
fi

# ---- 2. the installed app hosts, the Linux gomoku-cli joins and plays a whole game
step "2. gomoku.exe --host 0, Linux gomoku-cli joins on 127.0.0.1"
report="$work/report.txt"
: >"$report"
# Settings > Language = 简体中文 (the registry, as the app stores it): the installed catalog is used.
wine_ reg add 'HKCU\Software\gomoku\View' /v Language /d zh_CN /f >/dev/null
report_win=$(wine_ winepath -w "$report" 2>/dev/null | tr -d '\r')
(cd "$inst" && exec "$WINE" ./gomoku.exe --host 0 --nick "Wine 主机" --color black \
  --test-report "$report_win") >"$work/app.out" 2>"$work/app.err" &
app_pid=$!
pids+=("$app_pid")
exec 3< <(tail -n +1 -F "$report" 2>/dev/null)
pids+=("$!")
# wait_line REGEX: reads report lines until one matches (sets $line); GEOMETRY kept in $geo.
wait_line() {
  while IFS= read -r -t 120 -u 3 line; do
    line=${line%$'\r'}
    echo "$line" >>"$work/app-report.log"
    [[ $line == GEOMETRY\ * ]] && geo=${line#GEOMETRY }
    [[ $line =~ $1 ]] && return 0
  done
  fail "the app wrote no line matching '$1'"
}
wait_line '^LANGUAGE '
[[ $line == 'LANGUAGE zh_CN 五子棋 认输' ]] || fail "the installed app did not load its zh_CN catalog: '$line'"
wait_line '^STOCKLABEL '
[[ $line == 'STOCKLABEL 取消' ]] || fail "the installed app did not load wxWidgets' zh_CN catalog: '$line'"
wait_line '^LISTENING '
port=${line#LISTENING }
step "   the app listens on $port"
printf '%s\n' 0,0 2,0 4,0 6,0 >"$work/cli.in"
"$CLI" join "127.0.0.1:$port" --nick Linux <"$work/cli.in" >"$work/cli.out" 2>"$work/cli.err" &
cli_pid=$!
pids+=("$cli_pid")
wait_line '^STARTED '
[[ $line == "STARTED black Linux" ]] || fail "bad STARTED line '$line'"
wait_line '^GEOMETRY '
black=("3 7" "4 7" "6 7" "7 7" "5 7")
for i in "${!black[@]}"; do
  ply=$((2 * i + 1))
  ((ply > 1)) && wait_line "^MOVE $((ply - 1)) "
  read -r gx gy cell <<<"$geo"
  read -r x y <<<"${black[$i]}"
  xdotool mousemove --sync $((gx + x * cell)) $((gy + y * cell)) click 1
  wait_line "^MOVE $ply "
  [[ $line == "MOVE $ply $x,$y" ]] || fail "click on $x,$y gave '$line'"
done
wait_line '^RESULT '
[[ $line == "RESULT black "* ]] || fail "expected Black to win, got '$line'"
wait "$cli_pid" || fail "gomoku-cli exited $?"
grep -qx 'RESULT black five in a row' "$work/cli.out" || fail "gomoku-cli did not see Black win"
grep -q 'STARTED white vs Wine 主机 (black)' "$work/cli.out" || fail "the nickname did not arrive intact"
sleep 1  # the last stone's repaint: only for the picture
import -window root "$art/wine-game.png" || fail "screenshot failed"
step "   game over: $line (screenshot $build/wine-test/wine-game.png)"

# ---- 2b. a second copy plays against the installed pbrain-gomoku.exe through Windows pipes
step "2b. gomoku.exe --computer 2 --engine pbrain-gomoku.exe"
ereport="$work/engine-report.txt"
: >"$ereport"
(cd "$inst" && exec "$WINE" ./gomoku.exe --computer 2 --engine "$instdir_win\pbrain-gomoku.exe" \
  --color black --test-report "$(wine_ winepath -w "$ereport" 2>/dev/null | tr -d '\r')") \
  >"$work/engine-app.out" 2>"$work/engine-app.err" &
engine_app=$!
pids+=("$engine_app")
# wait_file REGEX: polls the second app's report (up to 120 s) until a line matches; sets $line.
wait_file() {
  local _
  for _ in $(seq 1200); do
    line=$(tr -d '\r' <"$ereport" | grep -E "$1" | tail -n1 || true)
    [[ -n $line ]] && return 0
    kill -0 "$engine_app" 2>/dev/null || break
    sleep 0.1
  done
  fail "the app against the engine wrote no line matching '$1': $(cat "$ereport")"
}
wait_file '^COMPUTER white 2( |$)'
wait_file '^GEOMETRY '
read -r egx egy ecell <<<"${line#GEOMETRY }"
xdotool mousemove --sync $((egx + 7 * ecell)) $((egy + 7 * ecell)) click 1
wait_file '^MOVE 2 '
[[ $line =~ ^MOVE\ 2\ [0-9]+,[0-9]+$ && $line != "MOVE 2 7,7" ]] || fail "the engine's reply: '$line'"
sleep 1  # the engine's stone's repaint: only for the picture
import -window root "$art/wine-engine.png" || fail "screenshot failed"
xdotool mousemove --sync $((egx + 7 * ecell)) $((egy + 7 * ecell)) key ctrl+q
for _ in $(seq 100); do kill -0 "$engine_app" 2>/dev/null || break; sleep 0.1; done
kill -0 "$engine_app" 2>/dev/null && fail "the app against the engine did not quit on Ctrl+Q"
for _ in $(seq 50); do pgrep -f 'pbrain-gomoku\.exe' >/dev/null || break; sleep 0.1; done
! pgrep -f 'pbrain-gomoku\.exe' >/dev/null || fail "pbrain-gomoku.exe still runs after the app quit"
step "   the engine answered: $line; the app quit and ended the engine"

# ---- 3. a newer version over it, while the app still runs
step "3. upgrade to $newer over the running app"
omit_unix="$inst/${omit//\\//}"
[[ -f $omit_unix ]] || fail "$omit not installed by $version"
printf 'damaged' >"$inst/res/board.png"
echo "my notes" >"$inst/my-notes.txt"
kill -0 "$app_pid" 2>/dev/null || fail "the app is not running before the upgrade"
wine_ "$newer_setup" /S || fail "the newer installer exited $?"
for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$app_pid" 2>/dev/null && fail "the upgrade did not close the running app"
[[ $(reg_value "$key" DisplayVersion) == "$newer" ]] || fail "DisplayVersion is not $newer"
[[ $(count_entries) == 1 ]] || fail "not exactly one Add/Remove entry after the upgrade"
[[ $(reg_value "$key" InstallLocation) == "$instdir_win" ]] || fail "the upgrade moved the folder"
cmp -s res/board.png "$inst/res/board.png" || fail "the upgrade did not replace res/board.png"
[[ ! -e $omit_unix ]] || fail "the upgrade left $omit, which $newer does not have"
[[ -f $inst/my-notes.txt ]] || fail "the upgrade removed the user's file"
head -n1 "$inst/install-files.txt" | grep "Gomoku $newer:" >/dev/null || fail "install-files.txt is not $newer's"
step "   $newer replaced $version; the app was closed"

# ---- 4. silent uninstall
step "4. silent uninstall: $(reg_value "$key" QuietUninstallString)"
wine_ reg add 'HKCU\Software\gomoku' /v TestKeep /d yes /f >/dev/null
uninst_win=$(reg_value "$key" QuietUninstallString)
uninst_win=${uninst_win#\"}
uninst_win=${uninst_win%%\"*}
wine_ "$(unix_path "$uninst_win")" /CurrentUser /S || fail "the uninstaller exited $?"
"$WINESERVER" -w  # the uninstaller runs from a temporary copy: wait until it is done
left=$(cd "$inst" && find . -mindepth 1 | sort | tr '\n' ' ')
[[ $left == "./my-notes.txt " ]] || fail "the uninstaller left '$left' (expected only my-notes.txt)"
reg_exists "$key" && fail "the uninstall key is still there"
[[ $(count_entries) == 0 ]] || fail "an Add/Remove entry is left"
[[ -z $(find "$WINEPREFIX/drive_c/users" -name Gomoku.lnk) ]] || fail "a shortcut is left"
reg_exists 'HKCU\Software\Classes\Gomoku.GameRecord' && fail "the ProgID is left"
[[ $(reg_value 'HKCU\Software\gomoku' TestKeep) == yes ]] || fail "the settings were removed without asking"

step "   again: install, uninstall /RemoveUserData"
wine_ "$newer_setup" /S || fail "the reinstall exited $?"
wine_ "$inst/Uninstall.exe" /CurrentUser /S /RemoveUserData || fail "the uninstaller exited $?"
"$WINESERVER" -w
reg_exists 'HKCU\Software\gomoku' && fail "/RemoveUserData kept the settings"
[[ $(cd "$inst" && find . -mindepth 1) == ./my-notes.txt ]] || fail "the user's file did not survive"

step "PASS: install, game against Linux gomoku-cli, upgrade $version -> $newer, uninstall"
