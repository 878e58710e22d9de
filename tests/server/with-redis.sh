#!/usr/bin/env bash
# with-redis.sh CMD [ARGS...]
#
# Runs CMD with a throw-away Redis server: redis-server on 127.0.0.1 at a random free port, its
# folder a new temporary one, nothing saved to disk. CMD gets
# GOMOKU_TEST_REDIS=redis://127.0.0.1:PORT, and GOMOKU_TEST_REDIS_CTL=PATH: a script that
# `stop`s the server (SIGKILL, as a crash) and `start`s it again on the same port, for tests of
# a store that goes away and comes back. When CMD ends, or this script is interrupted or
# terminated, the server is stopped and the folder removed; the exit status is CMD's (a server
# left by a SIGKILL of this script is not: the control script starts it, and it outlives that).
# Shortcuts that start no server: GOMOKU_TEST_REDIS is set already, or an argument is
# --gtest_list_tests (test discovery). redis-server: $GOMOKU_REDIS_SERVER, else on PATH.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi
[[ -n ${GOMOKU_TEST_REDIS:-} ]] && exec "$@"
for arg in "$@"; do
  [[ $arg == --gtest_list_tests ]] && exec "$@"
done

server=${GOMOKU_REDIS_SERVER:-$(command -v redis-server || true)}
if [[ -z $server || ! -x $server ]]; then
  echo "with-redis.sh: redis-server was not found; install it (installer/deps.sh --test) or" \
    "set GOMOKU_REDIS_SERVER" >&2
  exit 1
fi
cli=$(dirname "$server")/redis-cli
[[ -x $cli ]] || cli=$(command -v redis-cli || true)
if [[ -z $cli ]]; then
  echo "with-redis.sh: redis-cli was not found (package redis-tools)" >&2
  exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gomoku-redis.XXXXXX")
cmd_pid=

# The control script: start and stop the server; its pid in $tmp/pid. Starting waits until the
# server answers PING (at most about 30 s); it fails when the port cannot be bound.
cat >"$tmp/ctl" <<EOF
#!/usr/bin/env bash
set -u
case \$1 in
  start)
    "$server" --port "\$2" --bind 127.0.0.1 --save '' \\
      --appendonly no --dir "$tmp" --daemonize no --protected-mode yes >>"$tmp/server.log" 2>&1 &
    echo \$! >"$tmp/pid"
    echo "\$2" >"$tmp/port"
    for _ in \$(seq 1 600); do
      kill -0 "\$(cat "$tmp/pid")" 2>/dev/null || exit 1
      # Ours, not another run's that took the port first: its process id says.
      "$cli" -p "\$2" info server 2>/dev/null | tr -d '\r' |
        grep -qx "process_id:\$(cat "$tmp/pid")" && exit 0
      sleep 0.05
    done
    exit 1 ;;
  stop)
    pid=\$(cat "$tmp/pid" 2>/dev/null) || exit 0
    kill -KILL "\$pid" 2>/dev/null || true
    # Gone, or a zombie (its port is free then; whoever adopted it reaps it).
    while [[ -e /proc/\$pid && \$(awk '{print \$3}' /proc/\$pid/stat 2>/dev/null) != Z ]]; do
      sleep 0.02
    done
    rm -f "$tmp/pid" ;;
  *) echo "usage: \$0 start PORT | stop" >&2; exit 2 ;;
esac
EOF
chmod +x "$tmp/ctl"

# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  if [[ -n $cmd_pid ]] && kill -0 "$cmd_pid" 2>/dev/null; then
    kill -TERM "$cmd_pid" 2>/dev/null || true
    wait "$cmd_pid" 2>/dev/null || true
  fi
  "$tmp/ctl" stop
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# A random port below Linux's ephemeral range; when it is taken the server exits, and another
# port is tried.
port=
for _ in $(seq 1 20); do
  try=$((10000 + (RANDOM * 32768 + RANDOM) % 22000))
  if "$tmp/ctl" start "$try"; then
    port=$try
    break
  fi
  "$tmp/ctl" stop
  if ! grep -qi "address already in use\|could not create server tcp" "$tmp/server.log"; then
    echo "with-redis.sh: redis-server did not start:" >&2
    cat "$tmp/server.log" >&2
    exit 1
  fi
done
if [[ -z $port ]]; then
  echo "with-redis.sh: no free port found for Redis" >&2
  exit 1
fi

export GOMOKU_TEST_REDIS="redis://127.0.0.1:$port" GOMOKU_TEST_REDIS_CTL="$tmp/ctl"
setpriv --pdeathsig TERM -- "$@" <&0 &
cmd_pid=$!
status=0
wait "$cmd_pid" || status=$?
cmd_pid=
exit "$status"
