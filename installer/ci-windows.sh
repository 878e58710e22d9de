#!/usr/bin/env bash
# CI: builds the Windows installer and runs the Wine test (what .ci/run calls).
#   installer/ci-windows.sh
# Needs root on a machine without the packages or the cross-library cache (see
# installer/deps-windows.sh). Prints the time of each part.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$SECONDS
bash installer/build-windows.sh
t1=$SECONDS
bash installer/wine-test.sh
t2=$SECONDS
echo "ci-windows: build $((t1 - t0)) s, Wine test $((t2 - t1)) s"
