#!/usr/bin/env bash
# Builds Gomoku and runs every test: unit, network, command-line and GUI (under Xvfb), then the
# core and network tests once more under AddressSanitizer + UndefinedBehaviorSanitizer, then a
# short libFuzzer run (clang) of the wire decoder, the match state machine and the record readers.
# Installs what it needs first (as root). With CI=true, warnings are errors.
set -euo pipefail
cd "$(dirname "$0")/.."
bash installer/deps.sh --test

werror=OFF
[[ ${CI:-} == true ]] && werror=ON
jobs=$(nproc)
build=${GOMOKU_BUILD_DIR:-build/test}
asan=${GOMOKU_ASAN_DIR:-build/asan}

echo "== Build ($build, warnings as errors: $werror)"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGOMOKU_WERROR=$werror >/dev/null
cmake --build "$build" -j"$jobs"

echo "== Tests"
ctest --test-dir "$build" -j"$jobs" --output-on-failure
# A CI machine's disk is shared and may be nearly full: free each stage's objects once it passed.
free_stage() { [[ ${CI:-} == true ]] && cmake --build "$1" --target clean >/dev/null || true; }
free_stage "$build"

echo "== Core and network tests under AddressSanitizer + UndefinedBehaviorSanitizer ($asan)"
cmake -S . -B "$asan" -DCMAKE_BUILD_TYPE=Debug -DGOMOKU_SANITIZE=ON -DGOMOKU_WERROR=$werror \
  -DGOMOKU_BUILD_APP=OFF -DGOMOKU_BUILD_BENCH=OFF >/dev/null
cmake --build "$asan" -j"$jobs" --target core_tests net_wire_tests net_match_tests net_match_clock_tests \
  net_match_opening_tests net_session_tests net_cadence_tests \
  net_matchtracker_tests net_lan_tests net_tls_tests net_online_tests net_web_vectors_tests \
  server_table_tests server_hall_tests server_lobby_tests server_accounts_tests server_web_tests \
  server_presence_tests
# The server's state machines face the network too: the table, the hall (also as a cluster's
# node), the lobby, accounts, the web port (files, WebSocket), and the cluster's presence
# store (a real Redis) with its queue and the messages between nodes.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$asan" -j"$jobs" --output-on-failure \
  -R '^(core|net|server\.(GameTable|HallTest|ClusterHallTest|Matchmaker|Pairing|Rooms|Ladder|Account|LoginThrottle|WebFiles|WebServer|RedisUrl|RedisPresence|SeekText|NodeMessageBytes|JournalText))'
free_stage "$asan"

echo "== Fuzzing the wire decoder, the match state machine and the record readers (about 60 s)"
bash tests/fuzz/run-fuzz.sh "${GOMOKU_FUZZ_DIR:-build/fuzz}" 60
free_stage "${GOMOKU_FUZZ_DIR:-build/fuzz}"
echo "== All tests passed"
