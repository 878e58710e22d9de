#!/usr/bin/env bash
# Measures the GUI: time from process start to the first painted board (goal < 300 ms) and
# resident memory while idle in a network game (goal < 40 MB), in all and private (RssAnon).
# Usage: tests/bench/app_startup.sh BUILD_DIR [RUNS]   (needs xvfb-run; run as any user)
set -euo pipefail
build=${1:?build dir}; runs=${2:-10}
app=$build/src/app/gomoku; cli=$build/src/cli/gomoku-cli
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

cat > "$work/measure.sh" <<INNER
set -euo pipefail
mkfifo "$work/trace"
for i in \$(seq $runs); do
  GOMOKU_TRACE_STARTUP=1 "$app" --config "$work/cfg" 2> "$work/trace" &
  pid=\$!
  exec 6< "$work/trace"
  while read -r key value <&6; do [[ \$key == first-paint-ms ]] && { echo \$value; break; }; done
  kill \$pid; wait \$pid 2>/dev/null || true
  exec 6<&-
done > "$work/paint.txt"
# Resident memory idle in a game: the app hosts, gomoku-cli joins and stays.
"$app" --config "$work/cfg" --host 0 --nick Bench --test-report "$work/report.txt" &
app_pid=\$!
until grep -q '^LISTENING' "$work/report.txt" 2>/dev/null; do sleep 0.1; done
port=\$(awk '/^LISTENING/{print \$2}' "$work/report.txt")
mkfifo "$work/cli.in"
"$cli" join "127.0.0.1:\$port" --nick Joiner < "$work/cli.in" > "$work/cli.out" 2>&1 &
exec 5> "$work/cli.in"
until grep -q '^STARTED' "$work/report.txt" 2>/dev/null; do sleep 0.1; done
sleep 2   # let the app settle: this is a measurement, not a synchronisation
awk '/VmRSS|RssAnon/{print \$2}' /proc/\$app_pid/status > "$work/rss.txt"
exec 5>&-
kill \$app_pid; wait \$app_pid 2>/dev/null || true
INNER
xvfb-run -a -s "-screen 0 1280x900x24" bash "$work/measure.sh"
sort -n "$work/paint.txt" | awk '{a[NR]=$1} END{printf "first paint: median %d ms, min %d ms, max %d ms over %d runs\n", a[int((NR+1)/2)], a[1], a[NR], NR}'
awk 'NR==1{rss=$1} NR==2{anon=$1} END{printf "resident memory idle in a game: %.1f MB in all, of which %.1f MB private (the rest is shared library pages: GTK, wx)\n", rss/1024, anon/1024}' "$work/rss.txt"
