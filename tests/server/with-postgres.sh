#!/usr/bin/env bash
# with-postgres.sh [--only-for TEXT] [--template DIR] CMD [ARGS...]
#
# Runs CMD with a throw-away PostgreSQL server: initdb in a new temporary folder, the server on
# 127.0.0.1 at a random free port (its Unix socket in that folder too), trust authentication,
# no fsync. CMD gets GOMOKU_TEST_PG=postgresql://postgres@127.0.0.1:PORT/postgres (a
# superuser: tests create their own databases), and GOMOKU_TEST_PG_CTL=PATH: a script that
# `stop`s the server (a fast shutdown: its sessions are cut) and `start`s it again on the same
# port and data, for tests of a database that goes away and comes back. When CMD ends, or this
# script is interrupted or terminated, the server is stopped and the folder removed; the exit
# status is CMD's (a server restarted by the control script is not this script's child: a
# SIGKILL of this script leaves it running).
#
# As root (PostgreSQL refuses to run as root) the server runs as the user $GOMOKU_PG_USER
# (default: nobody). No server outlives this script: it is the script's child, so a harness
# that kills the test's process tree (CTest on a timeout) takes it along, and it gets a
# parent-death signal (setpriv --pdeathsig), so it also goes when only the script is killed.
# A folder left behind by a killed run is removed by the next run.
#
# Used by CTest as the launcher of server_storage_tests (tests/server/CMakeLists.txt): each
# test gets its own server, so tests may run in parallel. Shortcuts that start no server:
#   - GOMOKU_TEST_PG is set already: CMD uses that server;
#   - an argument is --gtest_list_tests (test discovery);
#   - --only-for TEXT is given and no argument contains TEXT (e.g. the SQLite tests).
# --template DIR: keep an initdb result in DIR (made once, under a lock, again when the
# PostgreSQL version or the server's user changes) and copy it for each server instead of
# running initdb each time (about a second and a half less per server). DIR is never started;
# the copy in the temporary folder is, and is removed as above.
# The server's binaries: $GOMOKU_PG_BINDIR, else the folder of initdb on PATH, else the newest
# /usr/lib/postgresql/*/bin.
set -euo pipefail

only_for=
template=
while [[ $# -gt 0 ]]; do
  case $1 in
    --only-for) only_for=${2:?--only-for needs a text}; shift 2 ;;
    --template) template=${2:?--template needs a folder}; shift 2 ;;
    *) break ;;
  esac
done
if [[ $# -eq 0 ]]; then
  echo "usage: $0 [--only-for TEXT] [--template DIR] CMD [ARGS...]" >&2
  exit 2
fi

needed=yes
[[ -n ${GOMOKU_TEST_PG:-} ]] && needed=no
for arg in "$@"; do
  [[ $arg == --gtest_list_tests ]] && needed=no
done
if [[ $needed == yes && -n $only_for ]]; then
  needed=no
  for arg in "$@"; do
    [[ $arg == *"$only_for"* ]] && needed=yes
  done
fi
[[ $needed == no ]] && exec "$@"

# --- find PostgreSQL ---
bindir=${GOMOKU_PG_BINDIR:-}
if [[ -z $bindir ]]; then
  if command -v initdb >/dev/null 2>&1; then
    # Follow links (e.g. /usr/local/bin/initdb -> /usr/lib/postgresql/15/bin/initdb).
    bindir=$(dirname "$(readlink -f "$(command -v initdb)")")
  else
    # The glob sorts 10 before 9: take the highest version explicitly.
    best=0
    for d in /usr/lib/postgresql/*/bin; do
      v=${d#/usr/lib/postgresql/}
      v=${v%%/*}
      if [[ -x $d/initdb && $v =~ ^[0-9]+$ ]] && ((v > best)); then
        best=$v
        bindir=$d
      fi
    done
  fi
fi
if [[ -z $bindir || ! -x $bindir/initdb || ! -x $bindir/postgres || ! -x $bindir/pg_isready ]]
then
  echo "with-postgres.sh: PostgreSQL's server programs (initdb, postgres, pg_isready) were not" \
    "found in '${bindir:-any folder}';" \
    "install the server (installer/deps.sh --test) or set GOMOKU_PG_BINDIR" >&2
  exit 1
fi

# --- who runs the server ---
# setpriv: the server's user when we are root, and a parent-death signal, so that the server
# (and initdb) also go when this script is killed without a chance to clean up (SIGKILL).
as_user=()
if command -v setpriv >/dev/null 2>&1; then
  as_user=(setpriv --pdeathsig QUIT)
fi
if [[ $(id -u) -eq 0 ]]; then
  pg_user=${GOMOKU_PG_USER:-nobody}
  if ! uid=$(id -u "$pg_user" 2>/dev/null) || ! gid=$(id -g "$pg_user" 2>/dev/null); then
    echo "with-postgres.sh: running as root, and there is no user '$pg_user' to run PostgreSQL" \
      "as (set GOMOKU_PG_USER)" >&2
    exit 1
  fi
  if [[ ${#as_user[@]} -eq 0 ]]; then
    echo "with-postgres.sh: running as root needs setpriv (util-linux) to run PostgreSQL as" \
      "'$pg_user'" >&2
    exit 1
  fi
  as_user+=(--reuid="$uid" --regid="$gid" --clear-groups)
fi
[[ ${#as_user[@]} -gt 0 ]] && as_user+=(--)

# Folders left by a run that was killed outright (its owner process is gone) are removed.
tmp_parent=${TMPDIR:-/tmp}
for old in "$tmp_parent"/gomoku-pg.*; do
  [[ -f $old/owner ]] || continue
  owner=$(cat "$old/owner" 2>/dev/null || true)
  if [[ $owner =~ ^[0-9]+$ ]] && ! kill -0 "$owner" 2>/dev/null; then
    rm -rf "$old" 2>/dev/null || true
  fi
done

tmp=$(mktemp -d "$tmp_parent/gomoku-pg.XXXXXX")
echo $$ >"$tmp/owner"
pg_pid=
cmd_pid=

# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  if [[ -n $cmd_pid ]] && kill -0 "$cmd_pid" 2>/dev/null; then
    kill -TERM "$cmd_pid" 2>/dev/null || true
    wait "$cmd_pid" 2>/dev/null || true
  fi
  if [[ -n $pg_pid ]] && kill -0 "$pg_pid" 2>/dev/null; then
    # Immediate shutdown: nothing here needs to survive. wait reaps the server (our child).
    kill -QUIT "$pg_pid" 2>/dev/null || true
    wait "$pg_pid" 2>/dev/null || true
  fi
  # A server that the control script started again is not our child.
  if [[ -f $tmp/port ]]; then
    "$tmp/ctl" stop || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ -n ${uid:-} ]]; then
  chown "$uid:$gid" "$tmp"
  if ! "${as_user[@]}" test -w "$tmp"; then
    echo "with-postgres.sh: user '$pg_user' cannot write $tmp (set TMPDIR to a folder it can" \
      "reach)" >&2
    exit 1
  fi
fi

# Runs a PostgreSQL program as the server's user, from the temporary folder (the caller's
# working folder may be closed to that user), with a minimal environment.
pg() {
  (cd "$tmp" && exec "${as_user[@]}" env -i PATH=/usr/bin:/bin LC_ALL=C TZ=UTC "$@")
}

# initdb into $tmp/data; false (with the log on stderr) when it fails.
init_data() {
  # 1 MB WAL segments (not 16): a smaller folder to copy for each server.
  if ! pg "$bindir/initdb" -D "$tmp/data" -U postgres --auth=trust --no-sync --wal-segsize=1 \
    --encoding=UTF8 --locale=C >"$tmp/initdb.log" 2>&1; then
    echo "with-postgres.sh: initdb failed:" >&2
    cat "$tmp/initdb.log" >&2
    return 1
  fi
}

if [[ -z $template ]]; then
  init_data || exit 1
else
  # One process (re)makes the template while the others wait on the lock; the stamp is
  # written last, so a template cut short is made again.
  stamp="$(id -u "${pg_user:-$(id -un)}") $bindir $("$bindir/postgres" --version) wal-segsize=1"
  mkdir -p "$(dirname "$template")"
  {
    flock 9
    if [[ ! -d $template || $(cat "$template.stamp" 2>/dev/null) != "$stamp" ]]; then
      rm -rf "$template" "$template.stamp"
      init_data || exit 1
      cp -a "$tmp/data" "$template"
      echo "$stamp" >"$template.stamp"
    fi
  } 9>"$template.lock"
  [[ -d $tmp/data ]] || cp -a "$template" "$tmp/data"
fi
mkdir -p "$tmp/socket"
[[ -n ${uid:-} ]] && chown "$uid:$gid" "$tmp/socket"

# The server's options (the port comes after them).
pg_opts=(-D "$tmp/data" -k "$tmp/socket" -c listen_addresses=127.0.0.1 -c fsync=off
  -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=16MB -c max_connections=20
  -c logging_collector=off)

# The control script (GOMOKU_TEST_PG_CTL): `stop` ends the running server (the one named in
# postmaster.pid) with a fast shutdown and waits until it is gone (or a zombie: its port is
# free then); `start` starts it again on the port it had, in the background (it outlives the
# control script), and waits until it answers (at most about 60 s).
run_as=()
[[ -n ${uid:-} ]] && run_as=(setpriv --reuid="$uid" --regid="$gid" --clear-groups --)
{
  echo '#!/usr/bin/env bash'
  echo 'set -u'
  printf 'tmp=%q bindir=%q\n' "$tmp" "$bindir"
  printf 'run_as=(%s)\n' "$(printf '%q ' "${run_as[@]}")"
  printf 'pg_opts=(%s)\n' "$(printf '%q ' "${pg_opts[@]}")"
  cat <<'EOF'
case ${1:-} in
  stop)
    pid=$(head -n1 "$tmp/data/postmaster.pid" 2>/dev/null) || exit 0
    [[ $pid =~ ^[0-9]+$ ]] || exit 0
    kill -INT "$pid" 2>/dev/null || exit 0
    while [[ -e /proc/$pid && $(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null) != Z ]]; do
      sleep 0.02
    done ;;
  start)
    port=$(cat "$tmp/port")
    (cd "$tmp" && exec "${run_as[@]}" env -i PATH=/usr/bin:/bin LC_ALL=C TZ=UTC \
      "$bindir/postgres" "${pg_opts[@]}" -p "$port") >>"$tmp/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 1200); do
      kill -0 "$pid" 2>/dev/null || exit 1
      if [[ $(sed -n 8p "$tmp/data/postmaster.pid" 2>/dev/null) == ready* ]] &&
        "$bindir/pg_isready" -q -h "$tmp/socket" -p "$port" -U postgres -d postgres; then
        exit 0
      fi
      sleep 0.05
    done
    exit 1 ;;
  *) echo "usage: $0 stop | start" >&2; exit 2 ;;
esac
EOF
} >"$tmp/ctl"
chmod +x "$tmp/ctl"

# A random port below Linux's ephemeral range; when it is taken the server cannot bind and
# exits, and another port is tried.
port=
for _ in $(seq 1 20); do
  try=$((10000 + (RANDOM * 32768 + RANDOM) % 22000))
  # exec all the way down: $! is the server itself (the postmaster), our child.
  (cd "$tmp" && exec "${as_user[@]}" env -i PATH=/usr/bin:/bin LC_ALL=C TZ=UTC \
    "$bindir/postgres" "${pg_opts[@]}" -p "$try") >"$tmp/server.log" 2>&1 &
  pg_pid=$!
  # Ready when the server says so in postmaster.pid (line 8: "ready") and answers on its own
  # socket (in our folder: no other server can answer there). Waits at most about 60 s.
  for _ in $(seq 1 1200); do
    if ! kill -0 "$pg_pid" 2>/dev/null; then
      break
    fi
    if [[ $(sed -n 8p "$tmp/data/postmaster.pid" 2>/dev/null) == ready* ]] &&
      "$bindir/pg_isready" -q -h "$tmp/socket" -p "$try" -U postgres -d postgres; then
      port=$try
      break
    fi
    sleep 0.05
  done
  [[ -n $port ]] && break
  if kill -0 "$pg_pid" 2>/dev/null; then
    echo "with-postgres.sh: PostgreSQL did not become ready:" >&2
    cat "$tmp/server.log" >&2
    exit 1
  fi
  wait "$pg_pid" 2>/dev/null || true
  pg_pid=
  if ! grep -qi "could not bind\|could not create any TCP/IP sockets\|in use" "$tmp/server.log"; then
    echo "with-postgres.sh: PostgreSQL did not start:" >&2
    cat "$tmp/server.log" >&2
    exit 1
  fi
done
if [[ -z $port ]]; then
  echo "with-postgres.sh: no free port found for PostgreSQL" >&2
  exit 1
fi

echo "$port" >"$tmp/port"
export GOMOKU_TEST_PG="postgresql://postgres@127.0.0.1:$port/postgres" GOMOKU_TEST_PG_CTL="$tmp/ctl"
# CMD runs in the background (same stdin) so that a signal to this script is handled at once;
# with setpriv it also gets a parent-death signal.
if command -v setpriv >/dev/null 2>&1; then
  setpriv --pdeathsig TERM -- "$@" <&0 &
else
  "$@" <&0 &
fi
cmd_pid=$!
status=0
wait "$cmd_pid" || status=$?
cmd_pid=
exit "$status"
