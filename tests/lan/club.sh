# A "club" of two machines on one LAN for the local-discovery tests (issue 21): two network
# namespaces joined by a veth pair, each with its own D-Bus system bus and Avahi daemon.
# Sourced by tests/cli/lan_test.sh and tests/gui/gui_test.sh. The sourcing script provides
# $work (its temporary folder), the array pids (background processes its cleanup stops) and
# fail MESSAGE; it calls club_skip_unless_able first (exits 77 without root or the daemons),
# then club_up, and club_down in its cleanup.

# wait_line FILE REGEX [SECONDS]: waits until a line of FILE (a program's output, still being
# written) matches; sets $line. Fails after SECONDS (default 30): the program never said it.
wait_line() {
  local file=$1 re=$2 deadline=$((SECONDS + ${3:-30}))
  while ((SECONDS < deadline)); do
    if [[ -f $file ]] && line=$(grep -m1 -E -- "$re" "$file"); then return 0; fi
    read -r -t 0.05 < /dev/zero || true  # (a short pause between looks at the file)
  done
  fail "no line matching '$re' in $(basename "$file")"
}

club_skip_unless_able() {
  [[ $(id -u) == 0 ]] || { echo "SKIP: needs root (network namespaces)"; exit 77; }
  local tool
  for tool in ip avahi-daemon dbus-daemon avahi-publish unshare; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
  done
}

# club_up: machine N (1, 2) is 10.78.0.N, Avahi host name clubN; "${club[N]} COMMAND..." runs
# COMMAND there (its namespace and bus). env and ip exec it, so that $! of a background one is
# the command itself (the cleanup stops it).
club_tag=$$
club_up() {
  mkdir -p /run/avahi-daemon
  local n ns d
  for n in 1 2; do
    ip netns add "glan$n-$club_tag" || { echo "SKIP: cannot create a network namespace"; exit 77; }
  done
  ip link add "gl1-$club_tag" type veth peer name "gl2-$club_tag"
  for n in 1 2; do
    ns="glan$n-$club_tag"
    ip link set "gl$n-$club_tag" netns "$ns"
    ip -n "$ns" addr add "10.78.0.$n/24" dev "gl$n-$club_tag"
    ip -n "$ns" link set lo up
    ip -n "$ns" link set "gl$n-$club_tag" up
    d=$work/ns$n
    mkdir -p "$d"
    cat > "$d/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$d/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/>
  </policy>
</busconfig>
EOF
    cat > "$d/avahi.conf" <<EOF
[server]
host-name=club$n
use-ipv4=yes
use-ipv6=no
allow-interfaces=gl$n-$club_tag
enable-dbus=yes
[publish]
publish-addresses=yes
EOF
    dbus-daemon --config-file="$d/bus.conf" --nofork --print-address > "$d/bus.out" 2> "$d/bus.err" &
    pids+=($!)
    wait_line "$d/bus.out" '^unix:' 10
    club_avahi_start "$n"
  done
  for n in 1 2; do wait_line "$work/avahi$n.log" 'Server startup complete' 30; done
  club=("" "env DBUS_SYSTEM_BUS_ADDRESS=unix:path=$work/ns1/bus ip netns exec glan1-$club_tag"
        "env DBUS_SYSTEM_BUS_ADDRESS=unix:path=$work/ns2/bus ip netns exec glan2-$club_tag")
}

# club_flood N: machine N announces 100 fake games, some with oversized TXT records (many
# 240-byte strings), a third malformed (no nickname, unknown rule: never listed). The
# avahi-publish processes go into pids (and flood_pids).
declare -a flood_pids=()
club_flood() {
  local big i k txt
  big=$(printf 'x%.0s' {1..240})
  for i in $(seq 1 100); do
    if ((i % 3 == 0)); then
      txt=("nick=fake$i" rule=freestyle size=15 proto=1.4)
      for k in $(seq 1 20); do txt+=("k$k=$big"); done
    elif ((i % 3 == 1)); then
      txt=("nick=" "rule=chess" "size=99")
    else
      txt=("nick=fake$i" rule=standard size=15 proto=1.4)
    fi
    # shellcheck disable=SC2086
    ${club[$1]} avahi-publish -s "fake game $i" _gomoku._tcp $((20000 + i)) "${txt[@]}" \
      > /dev/null 2>> "$work/publish.err" 6>&- &
    pids+=($!)
    flood_pids+=($!)
  done
}

# club_flood_stop: the fake games of club_flood are withdrawn.
club_flood_stop() {
  kill "${flood_pids[@]}" 2> /dev/null || true
  flood_pids=()
}

# club_avahi_start N: starts machine N's Avahi daemon (its pid in club_avahi[N]; its log, one
# line "Server startup complete" a start, in $work/avahiN.log). Its own /run/avahi-daemon (pid
# file, socket) in a mount namespace of its own.
declare -a club_avahi=()
club_avahi_start() {
  local n=$1 d=$work/ns$1
  DBUS_SYSTEM_BUS_ADDRESS="unix:path=$d/bus" ip netns exec "glan$n-$club_tag" unshare -m sh -c \
    "mount -t tmpfs gomoku-test /run/avahi-daemon && exec avahi-daemon -f '$d/avahi.conf' --no-drop-root --no-chroot --no-rlimits" \
    >> "$work/avahi$n.log" 2>&1 &
  club_avahi[$n]=$!
  pids+=($!)
}

# club_down: removes the namespaces (their processes must be stopped first).
club_down() {
  local n
  for n in 1 2; do ip netns del "glan$n-$club_tag" 2>/dev/null || true; done
}
