#!/usr/bin/env bash
# Games on the local network (issue 21), end to end: a "club" of two network namespaces joined
# by a veth pair, each with its own D-Bus system bus and Avahi daemon, as two machines on one
# LAN have. Usage: lan_test.sh CASE PATH-TO-gomoku-cli
#   join   a host announces (a Chinese nickname); the other machine lists it and joins it by
#          nickname; the announcement goes when the game starts
#   flood  a flood of fake announcements (100 services, oversized TXT records, malformed ones):
#          the list stays bounded and well-formed, and the real game is still joined by name
#   twin   another game announced under the same nickname: join --lan refuses to guess and
#          lists both; the real one is then joined by its address
#   restart  the host's Avahi daemon restarts: the game goes, comes back when the daemon is
#          back (the host announces it again by itself), and is joined by name
# Needs root (network namespaces), avahi-daemon and dbus-daemon; skips (77) without them.
# Synchronisation is by reading the programs' output lines, never by sleeping. The programs
# started in the background get no copy of the test's own FIFO ends (6>&-): the host sees the
# end of its input when the test closes it.
set -euo pipefail
case_name=$1
CLI=$2

source "$(dirname "$0")/../lan/club.sh"
# Machine 1's address as a list or a join shows it: its IPv4 one, or its link-local IPv6 one
# when that lookup answered first (both reach it). In brackets when joined.
host_at='(10\.78\.0\.1|\[?fe80:[0-9a-f:]+%[^]]+\]?)'
club_skip_unless_able

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  club_down
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "FAIL [$case_name]: $*" >&2
  for f in "$work"/*.out "$work"/*.err "$work"/*.log; do [ -f "$f" ] && { echo "--- $f"; tail -n 40 "$f"; }; done >&2
  exit 1
}

club_up

# The host on machine 1, its commands fed through fd 6.
mkfifo "$work/host.cmd"
${club[1]} "$CLI" host --port 0 --nick 小明 --rule renju --clock 10m+10s --opening soosorv8 \
  < "$work/host.cmd" > "$work/host.out" 2> "$work/host.err" &
host_pid=$!
pids+=($!)
exec 6> "$work/host.cmd"
wait_line "$work/host.out" '^LISTENING ' 10
port=${line#LISTENING }

if [[ $case_name == flood ]]; then club_flood 1; fi  # 100 fake games (tests/lan/club.sh)
if [[ $case_name == twin ]]; then
  ${club[1]} avahi-publish -s "小明's game #2" _gomoku._tcp 20999 nick=小明 rule=freestyle \
    size=15 proto=1.4 > /dev/null 2>> "$work/publish.err" 6>&- &
  pids+=($!)
fi

# Machine 2 lists the games; the host's appears with its fields.
${club[2]} "$CLI" lan --wait 60 > "$work/lan.out" 2> "$work/lan.err" 6>&- &
lan_pid=$!
pids+=($lan_pid)
t0=$SECONDS
if [[ $case_name == restart ]]; then
  wait_line "$work/lan.out" $'^GAME\t小明\t' 30
  kill "${club_avahi[1]}"; wait "${club_avahi[1]}" || true
  wait_line "$work/lan.out" $'^GONE\t小明\t' 30
  club_avahi_start 1
  for _ in $(seq 1 600); do  # (the daemon's second start)
    (( $(grep -c 'Server startup complete' "$work/avahi1.log") >= 2 )) && break
    read -r -t 0.05 < /dev/zero || true
  done
  for _ in $(seq 1 600); do  # the game listed again
    (( $(grep -c $'^GAME\t小明\t' "$work/lan.out") >= 2 )) && break
    read -r -t 0.05 < /dev/zero || true
  done
  (( $(grep -c $'^GAME\t小明\t' "$work/lan.out") >= 2 )) ||
    fail "the game was not announced again after the daemon restarted"
  echo "announced again after the daemon's restart"
elif [[ $case_name == twin ]]; then
  wait_line "$work/lan.out" $'^GAME\t小明\t.*\t20999\t' 30
  wait_line "$work/lan.out" $'^GAME\t小明\t.*\t'"$port"$'\t' 30
  if ${club[2]} "$CLI" join --lan 小明 --nick bob --timeout 30 < /dev/null > "$work/twin.out" \
       2> "$work/twin.err" 6>&-; then
    fail "join --lan joined one of two games of the same nickname"
  fi
  grep -q '^error: 2 games of "小明" wait on the local network' "$work/twin.err" ||
    fail "join --lan did not say why: $(cat "$work/twin.err")"
  grep -q "10.78.0.1:$port\$" "$work/twin.err" && grep -q '10.78.0.1:20999$' "$work/twin.err" ||
    fail "join --lan did not list both: $(cat "$work/twin.err")"
  echo "two games of one nickname: refused, both listed"
elif [[ $case_name == join ]]; then
  wait_line "$work/lan.out" $'^GAME\t小明\t' 30
  IFS=$'\t' read -r -a f <<< "$line"
  [[ ${f[2]} == renju && ${f[3]} == 15 && ${f[4]} == black && ${f[5]} == 10m+10s &&
     ${f[6]} == soosorv8 && ${f[7]} == open && ${f[8]} == club1.local &&
     ${f[9]} =~ ^$host_at$ && ${f[10]} == "$port" && ${f[11]} =~ ^1\.[0-9]+$ ]] ||
    fail "bad GAME line: $line"
  echo "listed $((SECONDS - t0)) s after the listing started"
else
  # The flood: at most 64 listed, each line well-formed, none of the malformed ones.
  wait_line "$work/lan.out" $'^GAME\t(fake[0-9]+|小明)\t.*' 60
  for _ in $(seq 1 400); do  # (until the list stops growing at its bound, or the flood is seen)
    (( $(grep -c '^GAME' "$work/lan.out") >= 64 )) && break
    read -r -t 0.05 < /dev/zero || true
  done
  count=$(grep -c '^GAME' "$work/lan.out")
  ((count <= 64)) || fail "$count games listed, more than the bound of 64"
  ((count >= 10)) || fail "only $count games listed"
  grep -q $'^GAME\t\t' "$work/lan.out" && fail "a game without a nickname was listed"
  grep '^GAME' "$work/lan.out" | awk -F'\t' 'NF != 12 { exit 1 }' || fail "a malformed GAME line"
  echo "$count games listed"
fi

# Machine 2 joins the game by the host's nickname (twin: by its address); the announcement
# goes when it starts.
mkfifo "$work/join.cmd"
target=(--lan 小明)
[[ $case_name == twin ]] && target=("10.78.0.1:$port")
${club[2]} "$CLI" join "${target[@]}" --nick bob --timeout 60 < "$work/join.cmd" > "$work/join.out" 2> "$work/join.err" 6>&- &
join_pid=$!
pids+=($!)
exec 7> "$work/join.cmd"
[[ $case_name == twin ]] || wait_line "$work/join.out" '^Found 小明.s game on club1.local' 60
wait_line "$work/join.out" "^STARTED white vs 小明 \\(black\\) at $host_at:" 20
wait_line "$work/host.out" '^STARTED black vs bob \(white\)' 20
if [[ $case_name == join ]]; then
  wait_line "$work/lan.out" $'^GONE\t小明\t' 30
  # Announced again as full: a game in progress that may be watched; a third program on
  # machine 2 watches it by the host's nickname.
  wait_line "$work/lan.out" $'^GAME\t小明\t.*\tfull\tclub1.local\t' 30
  ${club[2]} "$CLI" watch --lan 小明 --nick 看客 --timeout 30 < /dev/null > "$work/watch.out" \
    2> "$work/watch.err" 6>&- 7>&- &
  watch_pid=$!
  pids+=($!)
  wait_line "$work/watch.out" "^WATCHING game 1: 小明 \\(black\\) vs bob \\(white\\) at $host_at:" 30
  wait_line "$work/host.out" '^WATCHERS 1' 20
fi
# The game goes on over the connection found: the host resigns, both see it.
echo resign >&6
wait_line "$work/join.out" '^RESULT white resignation' 20
wait_line "$work/host.out" '^RESULT white resignation' 20
exec 6>&- 7>&-
# Both leave at the end of their input, the game being over.
wait "$host_pid" || fail "the host exited $?"
wait "$join_pid" || fail "the joiner exited $?"
if [[ $case_name == join ]]; then
  wait_line "$work/watch.out" '^RESULT white resignation' 20
  wait "$watch_pid" || fail "the watcher exited $?"
fi
[[ -n ${LAN_TEST_SHOW:-} ]] && tail -n 5 "$work/join.out" "$work/host.out" "$work/lan.out"
echo "PASS [$case_name]"
