#!/bin/sh
# A scripted pbrain engine for the tests of ai::EngineOpening. It answers START with OK, a BOARD
# with the point 0,0, and SWAP2BOARD as its first argument says:
#   error    ERROR (it does not play swap2)
#   unknown  UNKNOWN to SWAP2BOARD and to every line after it, as an engine without swap2 would
#   garbage  a line that is no answer
#   silent   nothing at all
#   reply    the next of its further arguments at each SWAP2BOARD (e.g. "7,7 7,7 8,8" or SWAP)
mode=$1
shift
board=
swap=
while IFS= read -r line; do
  line=$(printf '%s' "$line" | tr -d '\r')
  case "$line" in
    START*) echo OK ;;
    BOARD) board=1 ;;
    SWAP2BOARD)
      swap=1
      if [ "$mode" = unknown ]; then echo "UNKNOWN SWAP2BOARD"; fi ;;
    DONE)
      if [ -n "$board" ]; then
        board=
        echo 0,0
      else
        swap=
        case "$mode" in
          error) echo "ERROR swap2 is not supported" ;;
          unknown) echo "UNKNOWN DONE" ;;
          garbage) echo "hello there" ;;
          reply)
            echo "$1"
            if [ $# -gt 0 ]; then shift; fi ;;
        esac
      fi ;;
    END) exit 0 ;;
    *) if [ "$mode" = unknown ] && [ -n "$swap" ]; then echo "UNKNOWN $line"; fi ;;
  esac
done
