# A raw network peer for the end-to-end tests (sourced by tests/cli/cli_test.sh and
# tests/gui/gui_test.sh): protocol messages written byte by byte (src/net/PROTOCOL.md) through
# bash's /dev/tcp on fd 7, so that a test can send what no honest program sends. What the other
# end sends is read and dropped by a background reader ($raw_reader), which ends when the other
# end closes the connection.

# raw_join PORT [NICK]: connects to 127.0.0.1:PORT and says HELLO (protocol 1.0). A HEARTBEAT
# goes out every 2 s (the protocol's rhythm, not a wait of the test), so that a slow test is
# never taken for a silent peer.
raw_join() {
  exec 7<> "/dev/tcp/127.0.0.1/$1"
  # The background helpers keep none of the test's other descriptors (3-6): a command FIFO
  # held open by them would never reach its end.
  cat <&7 > /dev/null 3<&- 4<&- 5<&- 6>&- &
  raw_reader=$!
  pids+=($raw_reader)
  raw_send 1 0100 "$(raw_string 0.1.0)" "$(raw_string "${2:-Raw}")"
  (while sleep 2; do raw_send 24 2> /dev/null || exit 0; done) 3<&- 4<&- 5<&- 6>&- &
  raw_beat=$!
  pids+=($raw_beat)
}
# raw_close: stops the heartbeat and closes our end.
raw_close() {
  kill "$raw_beat" 2> /dev/null || true
  exec 7>&-
}
# raw_string TEXT: a protocol string in hex (u16 length, then the bytes).
raw_string() { printf '%04x' "$(printf '%s' "$1" | wc -c)"; printf '%s' "$1" | od -An -tx1 | tr -d ' \n'; }
# raw_send TYPE HEX...: one message of that type, its payload given in hex.
raw_send() {
  local type=$1 payload hex
  shift
  payload=$(printf '%s' "$@")
  hex=$(printf '474b01%02x%08x%s' "$type" $((${#payload} / 2)) "$payload")
  # The other end may have closed the connection already (it refuses what we send): the write
  # then fails with an error instead of a SIGPIPE that would end the test's shell without a word.
  # shellcheck disable=SC2059
  (
    trap '' PIPE
    printf "$(sed 's/../\\x&/g' <<< "$hex")" >&7
  ) 2> /dev/null
}
# The test's own sends: what the peer does with them is checked afterwards, so a send that
# finds the connection closed is not an error of the test.
raw_move() { raw_send 3 "$(printf '%04x%02x%02x' "$1" "$2" "$3")" || true; }  # PLY X Y
raw_resign() { raw_send 20 "$(printf '%04x' "$1")" || true; }                  # AT-PLY
raw_draw_offer() { raw_send 18 "$(printf '%04x' "$1")" || true; }              # AT-PLY
raw_draw_reply() { raw_send 19 "$(printf '%04x%02x' "$1" "$2")" || true; }     # AT-PLY ACCEPT
raw_takeback_request() { raw_send 16 "$(printf '%04x%04x' "$1" "$2")" || true; }  # AT-PLY RETURN-TO
