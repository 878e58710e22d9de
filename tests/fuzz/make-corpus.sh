#!/usr/bin/env bash
# Writes the seed corpus of the fuzz targets: tests/fuzz/corpus/<target>/<name>. Small inputs
# written by hand here (no shared data): encoded messages and a short game's message stream
# (fuzz_wire), operation programs of two matches (fuzz_match), small .psq and SGF texts
# (fuzz_records). Run it after changing the formats; the files are checked in.
set -euo pipefail
out=$(cd "$(dirname "$0")" && pwd)/corpus
rm -rf "$out"
mkdir -p "$out/fuzz_wire" "$out/fuzz_match" "$out/fuzz_records" "$out/fuzz_table" "$out/fuzz_hall"

# bytes HEX...: the bytes given in hex (spaces ignored).
bytes() { local h; h=$(printf '%s' "$*" | tr -d ' \n'); printf '%b' "$(sed 's/../\\x&/g' <<<"$h")"; }
# hexstr TEXT: TEXT's bytes in hex.
hexstr() { printf '%s' "$1" | od -v -An -tx1 | tr -d ' \n'; }
# str TEXT: a wire string (u16 length + bytes) in hex.
str() { local h; h=$(hexstr "$1"); printf '%04x%s' $((${#h} / 2)) "$h"; }
# msg TYPE PAYLOAD-HEX: a whole message (header + payload) in hex.
msg() { local p; p=$(tr -d ' ' <<<"$2"); printf '474b01%02x%08x%s' "$1" $((${#p} / 2)) "$p"; }

# ---- fuzz_wire: one file per message type, the stream of a short game, and a server session.
declare -A wire=(
  [hello]=$(msg 1 "0100$(str 0.1.0)$(str Alice)")
  [hello_utf8]=$(msg 1 "0100$(str 0.1.0)$(str 'Zoë 张伟')")
  [setup]=$(msg 2 "0f000100 0000000000000000")  # 15, freestyle, joiner Black, no resume
  [setup_renju]=$(msg 2 "0f020001 0000000000000005")  # renju, a foul loses, token 5
  [move]=$(msg 3 "0000 07 07")
  [bye]=$(msg 4 "00$(str 'see you')")
  [error]=$(msg 5 "0004$(str 'illegal move h8')")
  [takeback_request]=$(msg 16 "0002 0000")
  [takeback_reply]=$(msg 17 "0002 01")
  [draw_offer]=$(msg 18 "0003")
  [draw_reply]=$(msg 19 "0003 00")
  [resign]=$(msg 20 "0004")
  [nickname]=$(msg 21 "$(str Bob)")
  [play_again]=$(msg 22 "0002 01")
  [chat]=$(msg 23 "$(str 'good game!')")
  [heartbeat]=$(msg 24 "")
  # Protocol 1.5: a watcher's WATCH, the host's VIEW (two moves, White's move timed for 3 s),
  # a player's line relayed to watchers, and the count told to the joiner.
  [watch]=$(msg 29 "0105$(str 0.1.0)$(str Watcher)")
  [view]=$(msg 30 "00 02 0001 $(str Bob) 02 00000bb8 0001 0f000100 0000000000000000 $(str Alice) 00 00 0002 0707 0808")
  [watch_chat]=$(msg 31 "$(str Alice) 01 $(str 'good luck')")
  [watchers]=$(msg 32 "0003")
  # Protocol 1.4: RESUME and SYNC with the opening decisions (a stone, then taking White).
  [resume_opening]=$(msg 25 "0000000000000009 0001 0001 0707 0000 02 0000 00 0707 0001 01 03")
  [sync_opening]=$(msg 26 "0001 0f000100 0000000000000009 $(str Alice) 00 00 0001 0707 0000 02 00 00000000 00000000 00000000 00000000 00000000 01 01 0000 00 0707")
)
# Server messages (protocol 1.2, types 64..87; PROTOCOL.md "Server").
tok=$(printf '%064d' 7)  # a session token: 64 hex digits
summary="0000000000000005 000000006955b900 $(str Alice)$(str Bob) 00 0f 01 01 01 0000001e ffffffe2 0003"
wire+=(
  [welcome]=$(msg 64 "0102$(str 0.1.0)$(str 'Gomoku ladder')")
  [register]=$(msg 65 "$(str '张伟_2')$(str 'correct horse')")
  [login]=$(msg 66 "00$(str Alice)$(str 'correct horse')")
  [login_token]=$(msg 66 "01$(str Alice)$(str "$tok")")
  [login_result]=$(msg 67 "00$(str '')$(str Alice)$(str "$tok") 000003e8 00000000 00000000 00000000 00")
  [login_refused]=$(msg 67 "03$(str 'a name has 2 to 20 characters')$(str '')$(str '') 000003e8 00000000 00000000 00000000 01")
  [stats]=$(msg 68 "$(str Alice) 000003e8 0000000a 00000005 00000001 01")
  [players]=$(msg 69 "00000002 0002 $(str Alice) 000003e8 01 $(str '张伟') 000003ca 03")
  [top]=$(msg 70 "0002 0001 $(str Alice) 00000514 00000032 00000028 0002 $(str Bob) 000004b0 0000000a 00000005")
  [hall_request]=$(msg 71 "")
  [find]=$(msg 72 "02")
  [cancel_find]=$(msg 73 "")
  [room_create]=$(msg 74 "0f 02 02 01 01")
  [room_created]=$(msg 75 "$(str ABC234) 0f 00 00 00 00")
  [room_join]=$(msg 76 "$(str abc234) 01")
  [invite]=$(msg 77 "$(str Bob) 13 01 01 00 00")
  [invited]=$(msg 78 "00000007 $(str Alice) ffffffe2 0f 00 02 00 01")
  [invite_reply]=$(msg 79 "00000007 01 00")
  [matched]=$(msg 80 "0000000000000100 0f 02 01 00 $(str Bob) 000003f2 01 0000000000000000")
  [matched_resume]=$(msg 80 "0000000000000100 0f 00 00 01 $(str Bob) 000003f2 01 0000000000000009")
  [game_result]=$(msg 81 "0000000000000005 02 08 01 000003e8 000003ca")
  [games_request]=$(msg 82 "")
  [game_list]=$(msg 83 "01 0001 $summary")
  [get_game]=$(msg 84 "0000000000000005")
  [game_record]=$(msg 85 "$summary 0003 0707 0808 0706 000003e8 000005dc 00000000")
  [denied]=$(msg 86 "48 0003 $(str 'already finding')")
  [opponent_away]=$(msg 87 "01 000000b4")
)
for name in "${!wire[@]}"; do bytes "${wire[$name]}" > "$out/fuzz_wire/$name"; done
{
  bytes "${wire[hello]}" "${wire[setup]}"
  bytes "$(msg 3 '0000 0707')" "$(msg 3 '0001 0808')" "$(msg 3 '0002 0807')" "${wire[heartbeat]}"
  bytes "$(msg 18 '0003')" "$(msg 19 '0003 00')" "$(msg 16 '0003 0002')" "$(msg 17 '0003 01')"
  bytes "${wire[chat]}" "$(msg 20 '0002')" "$(msg 22 '0002 01')" "${wire[bye]}"
} > "$out/fuzz_wire/game_stream"
# What a client reads from a server: the hall, a game as a P2P joiner, the result, the hall again.
{
  bytes "${wire[welcome]}" "${wire[login_result]}" "${wire[stats]}" "${wire[players]}" "${wire[top]}"
  bytes "${wire[matched]}" "$(msg 1 "0102$(str 0.1.0)$(str Bob)")" "$(msg 2 '0f000000 0000000000000009')"
  bytes "$(msg 3 '0000 0707')" "${wire[opponent_away]}" "$(msg 87 '00 00000000')" "$(msg 3 '0001 0808')"
  bytes "$(msg 20 '0002')" "${wire[game_result]}" "${wire[stats]}" "${wire[game_list]}" "${wire[denied]}"
} > "$out/fuzz_wire/server_stream"

# ---- fuzz_match: settings (rule, size - 5, colour, foul) then operations (see fuzz_match.cpp:
# low 5 bits = operation, bit 7 = the joiner; 6 deliver all, 10 X Y play a point, 11 takeback,
# 12 B answer takeback, 13 draw, 14 B answer draw, 15 resign, 16 play again, 18 chat,
# 19 nickname, 20 clock, 21 inject).
H() { printf '%02x' "$1"; }         # host operation
J() { printf '%02x' $((128 + $1)); }  # joiner operation
all=06
game=""
for k in 0 1 2 3; do game+="$(H 10)0${k}00$all$(J 10)0${k}01$all"; done
game+="$(H 10)0400$all"  # black (host) wins with five
bytes "000a0000$all$game" > "$out/fuzz_match/freestyle_five"
bytes "000a0000$all$game$(H 16)$(J 16)$all$(J 10)0707$all$(H 10)0808$all" > "$out/fuzz_match/play_again"
bytes "000a0000$all$(H 10)0707$all$(J 10)0808$all$(J 11)${all}$(H 12)01$all$(H 13)$all$(J 14)00$all" \
  > "$out/fuzz_match/takeback_draw"
bytes "000a0000$all$(H 10)0707$(J 13)$(H 13)$all$(H 16)$(J 16)$all$(H 15)$all" > "$out/fuzz_match/crossing_offers"
bytes "000a0000$all$(H 10)0707$all$(J 18)03616263$all$(H 19)03426f62$all$(J 15)$(H 10)0808$all" \
  > "$out/fuzz_match/chat_nick_resign"
bytes "02000000$all$(H 10)0707$all$(J 10)0706$all$(H 10)0607$all$(J 10)0606$all$(H 10)0508$all" \
  > "$out/fuzz_match/renju"
bytes "00000000$all$(H 10)0202$all$(J 21)03020003$all$(H 21)0b05$all" > "$out/fuzz_match/hostile"

# ---- fuzz_table: settings (rule, size - 5, A is Black, foul) then operations (see
# fuzz_table.cpp: low 5 bits = operation, bit 7 = client B; 6 deliver all, 7 K play the K-th
# empty point (row-major), 10 takeback, 11 B answer takeback, 12 draw, 13 B answer draw,
# 14 resign, 15 play again, 19 00 the connection drops, 20 connect again, 21 00 the resume window
# runs out, 22 00 leave).
A() { printf '%02x' "$1"; }          # client A operation
B() { printf '%02x' $((128 + $1)); }  # client B operation
tgame=""
for k in 108:0 107:1 107:2 106:3; do tgame+="$(A 7)$(printf '%02x' ${k%:*})$all$(B 7)$(printf '%02x' ${k#*:})$all"; done
tgame+="$(A 7)68$all"  # A (Black) makes five on row 7
bytes "000a0100$all$tgame" > "$out/fuzz_table/freestyle_five"
bytes "000a0100$all$tgame$(B 15)$(A 15)$all$(B 7)70$all$(A 7)00$all" > "$out/fuzz_table/play_again"
bytes "000a0100$all$(A 7)70$all$(B 7)00$all$(B 10)$all$(A 11)01$all$(A 12)$all$(B 13)00$all" \
  > "$out/fuzz_table/takeback_draw"
bytes "000a0100$all$(A 7)70$(B 7)00$(A 14)$all" > "$out/fuzz_table/move_crossing_resign"
bytes "000a0100$all$(A 7)70$all$(A 19)00$(B 7)00$all$(A 20)$all$(A 7)01$all" > "$out/fuzz_table/drop_resume"
bytes "000a0100$all$(A 7)70$all$(A 19)00$(B 7)00$all$(A 21)00$all" > "$out/fuzz_table/abandon"
bytes "000a0100$all$(A 7)70$all$(B 22)00$all" > "$out/fuzz_table/leave"

# ---- fuzz_hall: operations (see fuzz_hall.cpp: low 5 bits = operation, top 3 bits = slot;
# 0 A connect, 1 close, 2 N P register, 3 N P login, 4 N T login by token (names: 0 alice, 2 bob,
# 3 carol, 4 dave; T 0 = the pre-made token), 5 R find, 6 cancel, 7 S room, 8 K join, 9 N S
# invite, 10 A invite reply, 11 games, 12 I get game, 13 hall, 14 bye, 19 K play, 20 K match
# action, 22 deliver all, 23 T clock + T x 100 ms, 26 settle, 28 00 stop).
O() { printf '%02x' $(($1 * 32 + $2)); }  # O SLOT OP
set=1a    # settle
flow=161a161a161a  # deliver all + settle, three times
login2="$(O 0 0)00$(O 1 0)01$(O 0 4)0000$(O 1 4)0200$set"
play=""
for k in 70 00 71 01 72 02 73 03 74 04; do play+="$(O 0 19)$k$flow$(O 1 19)$k$flow"; done
bytes "$login2$(O 0 5)00$(O 1 5)00$(O 0 23)0a$set$flow$play$(O 0 11)$(O 1 12)01$set" \
  > "$out/fuzz_hall/find_and_play"
bytes "$login2$(O 0 7)60$(O 1 8)00$set$flow$(O 0 19)70$flow$(O 1 20)04$flow$(O 0 20)05$(O 1 20)85$flow" \
  > "$out/fuzz_hall/room_resign_again"
bytes "$login2$(O 0 9)0200$set$(O 1 10)01$set$flow$(O 0 19)70$flow$(O 1 1)$set$(O 0 23)ff$(O 0 23)ff$(O 0 23)ff$set" \
  > "$out/fuzz_hall/invite_drop_abandon"
bytes "$login2$(O 0 5)00$(O 1 5)00$(O 0 23)0a$set$flow$(O 0 19)70$flow$(O 1 1)$set$(O 2 0)01$(O 2 4)0200$set$flow$(O 2 19)00$flow" \
  > "$out/fuzz_hall/drop_resume"
bytes "$(O 0 0)00$(O 0 4)0000$set$(O 1 0)00$(O 1 4)0000$set$(O 0 23)3c$(O 1 4)0000$set$(O 0 13)$(O 1 13)$set" \
  > "$out/fuzz_hall/second_login_takeover"
bytes "$(O 0 0)00$(O 0 2)0400$set$(O 1 0)00$(O 1 3)0001$set$(O 0 5)00$(O 1 5)00$(O 2 0)00$(O 2 0)00$(O 3 0)00$set" \
  > "$out/fuzz_hall/register_limits"
bytes "$login2$(O 0 5)00$(O 1 5)00$(O 0 23)0a$set$flow$(O 0 19)70$flow$(O 0 28)00$set" \
  > "$out/fuzz_hall/stop_mid_game"

# ---- fuzz_records: first byte = options (low 5 bits: size - 5 for a stripped .psq; 0x20 keep
# illegal moves; top 2 bits: SGF encoding override), then the file.
rec() { { printf '%b' "\\x$1"; printf '%s' "$2"; } > "$out/fuzz_records/$3"; }
rec 0a $'Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n9,8,1032\r\n8,9,20\r\n9,9,500\r\n8,10,0\r\nalpha.zip\r\nbeta.zip\r\n-1\r\n1,Freestyle\r\n' psq_header
rec 0a $'8,8\n9,9\n10,10\n' psq_stripped
rec 2a $'\xef\xbb\xbfPiskvorky 20x20, 11:11, 0\n1,1,0\n1,1,0\n25,3,7\n' psq_illegal_kept
rec 0a '(;GM[4]FF[4]CA[UTF-8]SZ[15]RU[renju]PB[Black]PW[White]RE[B+R]DT[2024-01-02]C[a game]GC[note];B[hh];W[hi]C[reply];B[ih];W[ii])' sgf_game
rec 0a '(;GM[4]SZ[15:15];B[hh](;W[ii];B[jj])(;W[gg]))' sgf_variations
rec 0a $'(;GM[4]FF[4]SZ[15]PB[[A]B]PW[\\]x]RE[\xe9\xbb\x91\xe8\x83\x9c];B[hh];W[];B[ab])' sgf_escapes
rec 0a "$(printf '(;GM[4]CA[GB18030]SZ[15]PB[\xc0\xee]RE[W+];B[hh];W[gg])')" sgf_gb18030
rec 0a $'15\n15\n3\n7 7\n8 6\n6 7\n' yixin_sav
# (printf straight into the file: a command substitution would drop the NUL bytes)
{ printf '\x0a\377RenLib\377\003\004\377\377\377\377\377\377\377\377\377\377'
  printf '\000\010root\000\167\200\170\100\206\303\000\001A\000\210\100'; } > "$out/fuzz_records/renlib_tree"
rec 0a 'h8i9j10k11' position_string
rec 0a $'808\n907\n910\n1007\n' jp_ban
rec 0a 'h8,i7,iA,j7,**,' jp_dt5
rec 0a $'title\n88\n97\n9a\na7\n0\n' jp_nrf
rec 0a $'7 7 6 8\n9 8 6 9\n' jp_rnj
echo "corpus written to $out: $(find "$out" -type f | wc -l) files, $(du -sk "$out" | cut -f1) KiB"
