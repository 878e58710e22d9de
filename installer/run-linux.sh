#!/usr/bin/env bash
# Builds Gomoku on Debian 12 and starts it. Installs what it needs first (as root).
# Usage: bash installer/run-linux.sh [gomoku options, e.g. --host 6515 or --join HOST:PORT]
#        bash installer/run-linux.sh --build-only   (builds, prints where the programs are, returns)
# Without a display it starts Gomoku under a virtual X server, where it runs until it is stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
build_only=false
[[ ${1:-} == --build-only ]] && { build_only=true; shift; }
bash installer/deps.sh
build=${GOMOKU_BUILD_DIR:-build/release}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGOMOKU_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target gomoku gomoku-cli
echo "Built $build/src/app/gomoku and $build/src/cli/gomoku-cli"
$build_only && exit 0
if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
  echo "No display (DISPLAY is not set): starting Gomoku under a virtual X server (xvfb-run)." >&2
  echo "It runs, but you will not see it; run this from a desktop session to play." >&2
  bash installer/deps.sh --test >/dev/null
  exec xvfb-run -a "$build/src/app/gomoku" "$@"
fi
exec "$build/src/app/gomoku" "$@"
