#!/usr/bin/env bash
# Builds Gomoku on Debian 12 and starts it. Installs what it needs first (as root).
# Usage: bash installer/run-linux.sh [gomoku options, e.g. --host 6515 or --join HOST:PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
bash installer/deps.sh
build=${GOMOKU_BUILD_DIR:-build/release}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGOMOKU_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target gomoku gomoku-cli
echo "Built $build/src/app/gomoku and $build/src/cli/gomoku-cli"
if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
  echo "No display (DISPLAY is not set): starting Gomoku under a virtual X server (xvfb-run)." >&2
  echo "It runs, but you will not see it; run this from a desktop session to play." >&2
  bash installer/deps.sh --test >/dev/null
  exec xvfb-run -a "$build/src/app/gomoku" "$@"
fi
exec "$build/src/app/gomoku" "$@"
