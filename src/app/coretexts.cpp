#include "app/coretexts.h"

#include <regex>

// Marks a string for xgettext (keyword N_, see res/po/update-pot.sh) without translating it.
#define N_(text) text

namespace gomoku::app {

namespace {

// clang-format off
// The sentences of src/core (game.cpp, renju.cpp, utf8.cpp), src/net (match.cpp,
// netgame.cpp, session.cpp, wire.cpp; the match's refusals and notices are typed values,
// translated by value in nettexts.cpp; online.cpp and tls.cpp, whose typed values are also
// translated by value in onlinetexts.cpp), src/server (the account rules of accounts.cpp and
// the reasons of hall.cpp, which reach the client as English detail), src/ai/pbrain_client.cpp
// (external engines) and src/record (errors reading and saving game records).
// tests/gui/coretexts_test.cpp fails when a string literal of those files has no pattern here.
// Most are lower-case phrases without a final period: the app makes sentences of them
// (AsSentence in texts.cpp).
const std::vector<CoreTextPattern> kTexts = {
    // --- core/game.cpp: moves refused
    {N_("that point is off the board"), ""},
    {N_("that point is occupied"), ""},
    {N_("it is not your turn"), ""},
    {N_("the game is over"), ""},
    {N_("that point is forbidden for Black under renju"), ""},
    {N_("unknown error"), ""},
    // TRANSLATORS: a refused move under renju; %1$s: "double-three", "double-four" or
    // "overline" (translated); %2$s: the point, e.g. "h8".
    {N_("%s at %s is forbidden for Black"), "tp"},
    // TRANSLATORS: %s: a point of the board, e.g. "h8".
    {N_("the point %s is occupied"), "p"},
    // TRANSLATORS: %s: a point, e.g. "(3, 17)".
    {N_("the point %s is off the board"), "p"},
    // --- core/renju.cpp: kinds of forbidden points
    {N_("double-three"), ""},
    {N_("double-four"), ""},
    {N_("overline"), ""},
    // --- core/game.cpp: rules
    {N_("freestyle"), ""},
    {N_("standard"), ""},
    {N_("renju"), ""},
    // TRANSLATORS: %s: a rule: "freestyle", "standard" or "renju" (translated).
    {N_("the %s rule is not supported"), "t"},
    {N_("renju is played on a 15x15 board"), ""},
    // --- core/game.cpp: results (describeResult)
    {N_("Black"), ""},
    {N_("White"), ""},
    {N_("The game goes on."), ""},
    {N_("Draw by agreement."), ""},
    {N_("Draw: the board is full."), ""},
    {N_("Game interrupted."), ""},
    // TRANSLATORS: %s: why the game was interrupted (translated), e.g. "the connection dropped".
    {N_("Game interrupted: %s."), "t"},
    // TRANSLATORS: %s: "Black" or "White" (translated).
    {N_("%s wins by resignation."), "t"},
    // TRANSLATORS: %s: "Black" or "White" (translated).
    {N_("%s wins: the opponent abandoned the game."), "t"},
    // TRANSLATORS: %1$s: "Black" or "White"; %2$s: why (translated), e.g. "Alice did not reconnect in time".
    {N_("%s wins: the opponent abandoned the game (%s)."), "tt"},
    // TRANSLATORS: %s: "Black" or "White" (translated).
    {N_("%s wins with five in a row."), "t"},
    // TRANSLATORS: %s: "Black" or "White" (translated).
    {N_("%s wins on time."), "t"},
    // TRANSLATORS: %1$s: "Black" or "White"; %2$s: the foul, e.g. "double-three at h8 is forbidden for Black".
    {N_("%s wins: Black played a forbidden point (%s)."), "tt"},
    // TRANSLATORS: %s: "Black" or "White" (translated).
    {N_("%s wins."), "t"},
    // TRANSLATORS: %1$s: "Black" or "White"; %2$s: how (translated).
    {N_("%s wins: %s."), "tt"},
    // --- core/utf8.cpp: nicknames
    {N_("the nickname is not valid UTF-8 text"), ""},
    {N_("the nickname is empty"), ""},
    {N_("the nickname contains a NUL character"), ""},
    // TRANSLATORS: %s: the greatest number of characters, e.g. "24".
    {N_("the nickname is longer than %s characters"), "d"},
    // --- net/match.cpp: game setup
    // TRANSLATORS: %s: a number of lines, e.g. "25".
    {N_("board size %s is not supported"), "d"},
    // TRANSLATORS: %s: a rule: "freestyle", "standard" or "renju" (translated).
    {N_("the %s rule is not supported by this version"), "t"},
    // TRANSLATORS: %s: a board size, e.g. "19".
    {N_("renju is played on 15x15, not %s"), "d"},
    // TRANSLATORS: how a match names an opponent without a nickname, at the start of a sentence.
    {N_("The opponent"), ""},
    // --- net/match.cpp: the connection ends
    {N_("the opponent left the game"), ""},
    // TRANSLATORS: %s: the parting words the opponent's program sent, as they are.
    {N_("the opponent left the game (%s)"), "v"},
    {N_("you left the game"), ""},
    {N_("the host is busy with another game"), ""},
    {N_("the host has no game to resume"), ""},
    {N_("that address is a Gomoku server, not a game host: use Play online"), ""},
    {N_("this is a game host, not a Gomoku server"), ""},
    {N_("the caller is looking for a Gomoku server, not a game host"), ""},
    // TRANSLATORS: %s: why (translated), e.g. "the boards differ at move 12".
    {N_("the boards could not be synchronised: %s"), "t"},
    {N_("version mismatch"), ""},
    // TRANSLATORS: %s: the error the other program sent (translated when it is one of ours).
    {N_("the other program reported an error: %s"), "t"},
    // TRANSLATORS: %s: what it did wrong (translated), e.g. "unexpected HELLO".
    {N_("the opponent's program misbehaved: %s"), "t"},
    // TRANSLATORS: %1$s.%2$s: the other program's protocol version; %3$s.%4$s: ours.
    {N_("version mismatch: the other program speaks protocol %s.%s, this one %s.%s"), "dddd"},
    // --- net/match.cpp: a peer that breaks the protocol (the part after "misbehaved: ")
    {N_("a second takeback request before the answer"), ""},
    {N_("a takeback request that is not the requester's move"), ""},
    {N_("a second draw offer before the answer"), ""},
    {N_("a resignation from a later position"), ""},
    {N_("a resignation after the game ended"), ""},
    {N_("PLAY_AGAIN while the game runs"), ""},
    {N_("chat flood"), ""},
    // TRANSLATORS: %s: a message type of the protocol, e.g. "MOVE" (not translated).
    {N_("%s before the match was resumed"), "v"},
    // TRANSLATORS: %s: a message type of the protocol, e.g. "MOVE" (not translated).
    {N_("%s before the game started"), "v"},
    // TRANSLATORS: %s: a message type of the protocol, e.g. "HELLO" (not translated).
    {N_("unexpected %s"), "v"},
    // TRANSLATORS: %s: a point, e.g. "h8".
    {N_("illegal move %s after the game ended"), "p"},
    // TRANSLATORS: %s: a point, e.g. "h8".
    {N_("move %s after the game ended"), "p"},
    // TRANSLATORS: %1$s: a point, e.g. "h8"; %2$s and %3$s: move numbers.
    {N_("move %s is numbered %s but the game is at move %s"), "pdd"},
    {N_("a move while its own takeback request waits"), ""},
    // --- net/match.cpp: clocks and opening rules (protocol 1.3)
    // TRANSLATORS: %1$s: "a clock" or "an opening rule" (translated); %2$s.%3$s: the other
    // program's protocol version.
    {N_("the other program is too old to play with %s (protocol %s.%s; they need 1.3): it should be updated"), "tdd"},
    {N_("a clock"), ""},
    {N_("an opening rule"), ""},
    // TRANSLATORS: %s: an opening rule's name, e.g. "soosorv8" (not translated).
    {N_("the %s opening needs an odd board size"), "v"},
    // TRANSLATORS: %s: an opening rule's name, e.g. "swap2" (not translated).
    {N_("this program cannot play the %s opening over the network yet (gomoku-cli can)"), "v"},
    {N_("FLAG in a game without a clock"), ""},
    {N_("a FLAG from a later position"), ""},
    {N_("a FLAG that does not match the position"), ""},
    // TRANSLATORS: %s: a clock's face, e.g. "0:03.2".
    {N_("a win on time claimed while this side's clock had %s left"), "v"},
    {N_("a MOVE while the opening runs"), ""},
    {N_("a move without its thinking time in a game with a clock"), ""},
    {N_("a thinking time in a game without a clock"), ""},
    // TRANSLATORS: %1$s: a point, e.g. "h8"; %2$s and %3$s: times, e.g. "7s", "1m30s".
    {N_("move %s says it took %s but only %s passed here"), "pvv"},
    // TRANSLATORS: %s: a point, e.g. "h8".
    {N_("move %s came after its clock ran out"), "p"},
    // --- net/match.cpp: a timed opening (protocol 1.6)
    {N_("an opening decision without its thinking time"), ""},
    {N_("a thinking time in an opening that is not timed"), ""},
    // TRANSLATORS: %1$s and %2$s: times, e.g. "7s", "1m30s".
    {N_("an opening decision says it took %s but only %s passed here"), "vv"},
    {N_("an opening decision came after its clock ran out"), ""},
    {N_("a FLAG about an untimed opening"), ""},
    {N_("a FLAG that does not match the opening"), ""},
    {N_("a FLAG without its decision during a timed opening"), ""},
    {N_("OPENING without an opening rule running"), ""},
    // TRANSLATORS: %1$s and %2$s: numbers of decisions.
    {N_("OPENING decision %s when both are at %s"), "dd"},
    {N_("an OPENING decision when it is ours to make"), ""},
    // TRANSLATORS: %s: why (translated), e.g. "the same point twice".
    {N_("an opening decision the rule refuses: %s"), "t"},
    {N_("the opening is over"), ""},
    {N_("it is not that side's decision"), ""},
    {N_("not what the step asks for"), ""},
    {N_("a choice the step does not offer"), ""},
    {N_("a point off the board"), ""},
    {N_("an occupied point"), ""},
    {N_("a stone outside the central square allowed"), ""},
    {N_("a forbidden point for Black"), ""},
    {N_("a wrong number of stones or alternatives"), ""},
    {N_("the same point twice"), ""},
    {N_("two symmetric alternatives"), ""},
    {N_("not one of the alternatives"), ""},
    // TRANSLATORS: %1$s: a point, e.g. "h8"; %2$s: why (translated), e.g. "that point is occupied".
    {N_("illegal move %s: %s"), "pt"},
    // --- net/match.cpp: reconnection
    // TRANSLATORS: %s: the opponent's nickname.
    {N_("%s did not reconnect in time"), "n"},
    {N_("the host could not be reached again in time"), ""},
    {N_("this host has no game to resume"), ""},
    // TRANSLATORS: %s: a move number.
    {N_("the boards differ at move %s"), "d"},
    {N_("the joiner holds moves the host never received"), ""},
    {N_("the host resumed another game"), ""},
    // TRANSLATORS: %1$s: a move number; %2$s: why (translated), e.g. "that point is occupied".
    {N_("SYNC move %s is illegal: %s"), "dt"},
    // TRANSLATORS: %s: a move number.
    {N_("SYNC move %s comes after the end of the game"), "d"},
    {N_("the moves end the game, but the host's game runs"), ""},
    {N_("the host's result does not follow from its moves"), ""},
    // TRANSLATORS: %s: the number of an opening decision (1 for the first).
    {N_("the opening decisions differ at decision %s"), "d"},
    {N_("the joiner holds opening decisions the host never received"), ""},
    {N_("the moves do not follow from the opening decisions"), ""},
    // --- net/netgame.cpp
    // TRANSLATORS: %s: seconds, e.g. "10.0".
    {N_("no sign of life from the opponent for %s s (heartbeat)"), "d"},
    // TRANSLATORS: %s: why (translated), e.g. "the other side is not a Gomoku program".
    {N_("not a Gomoku host: %s"), "t"},
    {N_("this host has no such game to resume"), ""},
    {N_("this host is busy with another game"), ""},
    {N_("this game goes on over another connection"), ""},
    {N_("the opponent came back on a new connection"), ""},
    {N_("no Gomoku handshake within the time limit"), ""},
    {N_("this connection is already in use"), ""},
    // --- net/netgame.cpp, net/match.cpp and net/watcher.cpp: watchers (protocol 1.5)
    {N_("the game has not started yet: watch it once it runs"), ""},
    {N_("a watcher came before the game began"), ""},
    {N_("this host allows no watchers"), ""},
    {N_("this game has as many watchers as the host allows"), ""},
    {N_("the players have left the game"), ""},
    // TRANSLATORS: %s: a message type of the protocol, e.g. "MOVE" (not translated).
    {N_("a watcher may not send %s"), "v"},
    {N_("the host sent a game this program cannot show (board size or rule)"), ""},
    // TRANSLATORS: %s: a move number.
    {N_("the host's move %s comes after the end of the game"), "d"},
    // TRANSLATORS: %1$s: a move number; %2$s: why (translated), e.g. "that point is occupied".
    {N_("the host's move %s is illegal: %s"), "dt"},
    // TRANSLATORS: %s: the host's reason (translated when known).
    {N_("the host's program cannot be watched (an older version?): %s"), "t"},
    {N_("the host ended the game"), ""},
    {N_("this is a Gomoku server (online play): watch its games from the hall"), ""},
    // TRANSLATORS: %s: a message type of the protocol, e.g. "HELLO" (not translated).
    {N_("the host sent %s to a watcher"), "v"},
    // TRANSLATORS: %s: seconds, e.g. "10".
    {N_("no sign of life from the host for %s s (heartbeat)"), "d"},
    // TRANSLATORS: %s: why (translated), e.g. "the peer does not read what it is sent".
    {N_("the connection to the host ended: %s"), "t"},
    // TRANSLATORS: %s: seconds, e.g. "10.0".
    {N_("no game to watch came from the host within %s s (timed out)"), "d"},
    {N_("you stopped watching"), ""},
    {N_("the peer does not read what it is sent"), ""},
    // TRANSLATORS: %s: a port number.
    {N_("port %s is already in use by another program (address in use)"), "d"},
    // TRANSLATORS: %1$s: a port number; %2$s: the system's message (English).
    {N_("cannot listen on port %s: %s"), "dv"},
    // TRANSLATORS: %1$s: a host name or address; %2$s: a port number.
    {N_("connecting to %s:%s"), "vd"},
    // TRANSLATORS: %1$s: host:port; %2$s: seconds.
    {N_("no answer from %s within %s s (timed out)"), "vd"},
    {N_("cancelled"), ""},
    // TRANSLATORS: %s: the host name the user typed.
    {N_("unknown host \"%s\""), "v"},
    // TRANSLATORS: %1$s: a host name; %2$s: the system's message (English).
    {N_("cannot look up %s: %s"), "vv"},
    // TRANSLATORS: %s: host:port.
    {N_("connection refused: no game is hosted at %s"), "v"},
    // TRANSLATORS: %s: host:port (the rest of "connection refused: …" under that title).
    {N_("no game is hosted at %s"), "v"},
    // TRANSLATORS: %1$s: host:port; %2$s: the system's message (English).
    {N_("cannot connect to %s: %s"), "vv"},
    {N_("the connection dropped"), ""},
    // --- net/session.cpp
    {N_("the opponent closed the connection"), ""},
    {N_("the connection was reset by the opponent"), ""},
    {N_("the connection was aborted"), ""},
    {N_("the connection timed out"), ""},
    // TRANSLATORS: %s: the system's message (English).
    {N_("connection lost: %s"), "v"},
    // TRANSLATORS: %1$s: the other program's protocol version; %2$s: ours.
    {N_("version mismatch: the other program speaks protocol %s.x, this one %s.x"), "dd"},
    {N_("the other side is not a Gomoku program"), ""},
    // TRANSLATORS: %s: what was wrong (translated), e.g. "message field out of range".
    {N_("the opponent's program sent bad data: %s"), "t"},
    {N_("closed by us"), ""},
    // --- net/wire.cpp
    {N_("move list longer than the wire allows"), ""},
    {N_("opening decision list longer than the wire allows"), ""},
    {N_("opening decisions in a SYNC without an opening rule"), ""},
    {N_("a VIEW's move time out of range"), ""},
    {N_("a game record needs one time per move"), ""},
    {N_("string field longer than the wire allows"), ""},
    {N_("not a Gomoku peer (bad magic bytes)"), ""},
    {N_("protocol version mismatch"), ""},
    {N_("unknown message type"), ""},
    {N_("message longer than the protocol allows"), ""},
    {N_("message ends inside a field"), ""},
    {N_("message has bytes after its last field"), ""},
    {N_("message field out of range"), ""},
    {N_("unknown decode error"), ""},
    // --- net/online.cpp: the online client's refusals (also translated by value, onlinetexts.cpp)
    {N_("not connected to a server"), ""},
    {N_("log in first"), ""},
    {N_("already logged in"), ""},
    {N_("the server has not answered the login yet"), ""},
    {N_("a game is running: leave it first"), ""},
    {N_("the connection to the server is lost; reconnecting"), ""},
    {N_("the text is too long"), ""},
    {N_("the text is not valid UTF-8"), ""},
    {N_("there is no such invitation"), ""},
    {N_("bad game settings"), ""},
    // --- net/online.cpp: the hall's refusals (DENIED) as net names them
    {N_("not logged in"), ""},
    {N_("busy (in a game, already finding or in a room)"), ""},
    {N_("no such room"), ""},
    {N_("no such player online"), ""},
    {N_("the player is busy"), ""},
    {N_("too many requests"), ""},
    {N_("bad request"), ""},
    {N_("no such game"), ""},
    {N_("the invitation was declined"), ""},
    {N_("the invitation is no longer open"), ""},
    {N_("that is yourself"), ""},
    {N_("refused"), ""},
    // --- net/online.cpp: login answers
    {N_("wrong name or password"), ""},
    {N_("the name is taken"), ""},
    {N_("the name is not allowed"), ""},
    {N_("the password is not allowed"), ""},
    {N_("this account is already signed in on another computer"), ""},
    {N_("Your account was made, but the server is having trouble: log in (without "
        "registering) in a minute"),
     ""},
    {N_("the server is having trouble; try again in a minute"), ""},
    // --- net/online.cpp: why the connection to the server ended or dropped
    // TRANSLATORS: %s: host:port.
    {N_("connection refused: no Gomoku server at %s"), "v"},
    // TRANSLATORS: %s: host:port (the rest of "connection refused: …" under that title).
    {N_("no Gomoku server at %s"), "v"},
    {N_("this build of the program has no TLS: it cannot connect to a server safely"), ""},
    // TRANSLATORS: %s: host:port. "join": the way to join a game host (Join a game).
    {N_("%s does not speak an encrypted connection: not a Gomoku server (a game host? use join) or a server too old"), "v"},
    // TRANSLATORS: %s: host:port. "join": the way to join a game host (Join a game).
    {N_("%s closed the connection during the encryption handshake: not a Gomoku server (a game host? use join) or a server too old"), "v"},
    // TRANSLATORS: %1$s: the server's address; %2$s: seconds.
    {N_("no WELCOME from %s within %s s: not a Gomoku server"), "vd"},
    // TRANSLATORS: %s: seconds.
    {N_("no sign of life from the server for %s s (heartbeat)"), "d"},
    {N_("the server speaks another version of the protocol"), ""},
    // TRANSLATORS: %s: what went wrong (translated), e.g. "message field out of range".
    {N_("not a Gomoku server: %s"), "t"},
    {N_("the server closed the connection"), ""},
    // TRANSLATORS: %s: why, or the server's parting words (translated when they are known).
    {N_("the server closed the connection (%s)"), "t"},
    // TRANSLATORS: %1$s: why it dropped (translated); %2$s: seconds.
    {N_("the connection to the server was lost (%s) and could not be made again within %s s"), "td"},
    {N_("that address is a game host, not a Gomoku server (join it instead)"), ""},
    // TRANSLATORS: %s: the server's reason (translated when it is known).
    {N_("the server refused the connection: %s"), "t"},
    // TRANSLATORS: %s: a message type of the protocol, e.g. "HELLO" (not translated).
    {N_("not a Gomoku server (%s instead of WELCOME)"), "v"},
    // TRANSLATORS: %s: the login answer (translated), e.g. "wrong name or password".
    {N_("the server did not take the session back (%s): log in again"), "t"},
    {N_("this account signed in on another computer; this connection was replaced"), ""},
    // TRANSLATORS: %s: the server's reason (translated when it is known).
    {N_("the server ended the connection: %s"), "t"},
    {N_("signed out"), ""},
    {N_("the server could not resume the game (it may have restarted)"), ""},
    {N_("the game ended while you were away"), ""},
    // How the online client names the other end in the reasons of net/session.cpp.
    {N_("the server"), ""},
    // TRANSLATORS: %s: "the server" (translated).
    {N_("the connection was reset by %s"), "t"},
    // TRANSLATORS: %1$s: "the server" (translated); %2$s: what was wrong (translated).
    {N_("%s's program sent bad data: %s"), "tt"},
    // --- net/tls.cpp: the encrypted connection to a server
    {N_("encrypted connection"), ""},
    // TRANSLATORS: %1$s: host:port; %2$s: the certificate's fingerprint ("AB:CD:...").
    {N_("first connection to %s: its certificate fingerprint is %s (remembered; a different one later will be refused)"), "vv"},
    {N_("the server did not set up the encrypted connection in time"), ""},
    {N_("the encryption handshake failed"), ""},
    // TRANSLATORS: %s: why (translated when it is ours; else OpenSSL's English).
    {N_("the encryption handshake failed (%s)"), "t"},
    {N_("the server sent no certificate"), ""},
    // TRANSLATORS: %1$s, %4$s: host:port; %2$s: the fingerprint on record; %3$s: the server's
    // fingerprint now; %5$s: the file of known servers.
    {N_("WARNING: the certificate of the server %s has changed! Fingerprint on record: %s; fingerprint now: %s. Someone may be intercepting the connection, or the server's owner replaced its certificate. The connection was refused. If the change is expected, remove the line of %s from %s."), "vvvvv"},
    {N_("cannot remember the server's fingerprint"), ""},
    // TRANSLATORS: %s: why (translated), e.g. "cannot write /home/a/.config/gomoku/known_servers: Permission denied".
    {N_("cannot remember the server's fingerprint (%s)"), "t"},
    // TRANSLATORS: %1$s: host:port; %2$s: the certificate's fingerprint ("AB:CD:...").
    {N_("the server %s is not known yet; its certificate fingerprint is %s"), "vv"},
    // TRANSLATORS: %1$s: a file; %2$s: the system's message (English).
    {N_("cannot write %s: %s"), "vv"},
    // TRANSLATORS: %1$s: a file; %2$s: a system call, e.g. "fsync"; %3$s: the system's message (English).
    {N_("cannot write %s (%s): %s"), "vvv"},
    // TRANSLATORS: %1$s: a folder; %2$s: the system's message (English).
    {N_("cannot create %s: %s"), "vv"},
    // TRANSLATORS: %s: host:port as given.
    {N_("cannot record the fingerprint of \"%s\": bad name"), "v"},
    {N_("this server needs an encrypted connection; update the program"), ""},
    // --- server/accounts.cpp: the rules of account names and passwords (LOGIN_RESULT detail)
    {N_("a name has 2 to 20 characters"), ""},
    {N_("a name may contain only letters, digits, '_' and '-'"), ""},
    {N_("the name is not valid UTF-8 text"), ""},
    {N_("a password has at least 8 characters"), ""},
    {N_("a password has at most 1024 bytes"), ""},
    {N_("the password is not valid UTF-8 text"), ""},
    // --- server/hall.cpp: the server's reasons (ERROR, BYE, DENIED detail)
    {N_("the server is shutting down"), ""},
    {N_("too many connections from your address"), ""},
    {N_("too many messages per second"), ""},
    {N_("this is a Gomoku server, not a game host: use Play online"), ""},
    {N_("this is a Gomoku server, not a game host: watch its games from the hall of Play online"),
     ""},
    {N_("no such game is running"), ""},
    {N_("this game has as many watchers as the server allows"), ""},
    {N_("a login is being checked"), ""},
    {N_("you are in a game"), ""},
    {N_("you are logged in"), ""},
    {N_("you are busy"), ""},
    // TRANSLATORS: %s: what is wrong with a room's or an invitation's settings (translated).
    {N_("bad settings: %s"), "t"},
    {N_("bad settings"), ""},
    {N_("the board size must be 5 to 25"), ""},
    {N_("renju is played on 15x15"), ""},
    {N_("this server does not play that rule"), ""},
    {N_("unknown seat colour"), ""},
    {N_("unknown foul policy"), ""},
    {N_("not a time control this server plays"), ""},
    {N_("the opening rule does not fit the game's rule"), ""},
    {N_("this room's game has a clock: it needs a newer program to play with a clock"), ""},
    {N_("this room's game has an opening rule: it needs a newer program to play an opening "
        "rule"),
     ""},
    // TRANSLATORS: %s: a player's account name.
    {N_("%s needs a newer program to play with a clock"), "n"},
    // TRANSLATORS: %s: a player's account name.
    {N_("%s needs a newer program to play an opening rule"), "n"},
    {N_("no room has that code"), ""},
    {N_("the room closed"), ""},
    {N_("you cannot invite yourself"), ""},
    // TRANSLATORS: %s: a player's account name.
    {N_("%s is not online"), "n"},
    // TRANSLATORS: %s: a player's account name.
    {N_("%s is playing"), "n"},
    {N_("too many open invitations"), ""},
    {N_("the invitation is gone"), ""},
    // TRANSLATORS: %s: a player's account name (who declined your invitation).
    {N_("%s declined"), "n"},
    {N_("the inviter is busy or gone"), ""},
    {N_("not a request of the hall"), ""},
    {N_("replaced by a new login"), ""},
    {N_("the game did not start"), ""},
    // --- ai/pbrain_client.cpp: external (Gomocup) engines
    // TRANSLATORS: %1$s: the engine's file; %2$s: the system's message (English).
    {N_("cannot start %s: %s"), "vv"},
    {N_("the engine closed its output"), ""},
    // TRANSLATORS: %s: a signal number.
    {N_("the engine crashed (signal %s)"), "d"},
    // TRANSLATORS: %s: a Windows exception code, e.g. 0xC0000005.
    {N_("the engine crashed (exception %s)"), "v"},
    // TRANSLATORS: %s: the exit code.
    {N_("the engine exited with code %s"), "d"},
    // TRANSLATORS: %s: milliseconds.
    {N_("the engine did not answer within %s ms"), "d"},
    // TRANSLATORS: %s: the engine's reply, as it is.
    {N_("the engine sent an invalid reply: \"%s\""), "v"},
    // TRANSLATORS: %1$s: the board size; %2$s: the engine's reply, as it is.
    {N_("the engine refused START %s: %s"), "dv"},
    // --- session/localsession.cpp: how a game against the computer ended
    {N_("the computer has no legal move"), ""},
    // TRANSLATORS: %s: why the move is illegal (translated), e.g. "h8 is occupied".
    {N_("illegal move by the engine: %s"), "t"},
    // --- record/record.cpp, recordio.cpp: reading and saving game records
    // TRANSLATORS: %1$s: a line number of the file; %2$s: what is wrong there (translated).
    {N_("line %s: %s"), "dt"},
    // TRANSLATORS: %s: the system's message (English).
    {N_("cannot read the file (%s)"), "v"},
    // TRANSLATORS: %s: the file's size in bytes.
    {N_("the file is too large for a game record (%s bytes)"), "d"},
    {N_("cannot open the file"), ""},
    {N_("cannot read the file"), ""},
    {N_("unknown record format (the name should end in .psq, .sgf, .sav or .lib; .ban, .dt5, .kif, .lws, .nrf and .rnj are read too)"), ""},
    {N_("unknown record format"), ""},
    {N_("unknown record format (the name should end in .psq, .sgf, .sav or .lib)"), ""},
    // TRANSLATORS: %s: the system's message (English).
    {N_("cannot create a file in the folder (%s)"), "v"},
    // TRANSLATORS: %s: the system's message (English).
    {N_("cannot replace the file (%s)"), "v"},
    // TRANSLATORS: %s: the system's message (English).
    {N_("cannot write the file (%s)"), "v"},
    // TRANSLATORS: %1$s, %2$s: move numbers.
    {N_("move %s continues after the game ended at move %s (Black's five)"), "dd"},
    // TRANSLATORS: %1$s, %2$s: move numbers.
    {N_("move %s continues after the game ended at move %s (White's five)"), "dd"},
    // TRANSLATORS: %1$s, %2$s: move numbers.
    {N_("move %s continues after the game ended at move %s (full board)"), "dd"},
    // --- record/replay.cpp
    // TRANSLATORS: %s: why (translated), e.g. "renju is played on a 15x15 board".
    {N_("cannot replay the record: %s"), "t"},
    // TRANSLATORS: %1$s: a move number; %2$s: "Black" or "White"; %3$s: the point; %4$s: a move number; %5$s: the result (translated).
    {N_("move %s (%s %s) comes after the game ended at move %s (%s)"), "dtpdt"},
    // TRANSLATORS: %1$s: a move number; %2$s: "Black"; %3$s: the point; %4$s: "double-three", "double-four" or "overline".
    {N_("move %s (%s %s): %s is forbidden for Black; White wins"), "dtpt"},
    // TRANSLATORS: %1$s: a move number; %2$s: "Black" or "White"; %3$s: the point; %4$s: why (translated); %5$s: the winner, "Black" or "White".
    {N_("move %s (%s %s): %s; %s wins"), "dtptt"},
    {N_("the point is occupied"), ""},
    // TRANSLATORS: %1$s: a move number; %2$s: "Black" or "White"; %3$s: how many stones.
    {N_("move %s: %s makes %s in a row and wins"), "dtd"},
    // TRANSLATORS: %1$s: a move number; %2$s: "Black" or "White".
    {N_("move %s: %s makes five and wins"), "dt"},
    // TRANSLATORS: %s: a move number.
    {N_("move %s fills the board: a draw"), "d"},
    {N_("no moves"), ""},
    // TRANSLATORS: %1$s: a move number; %2$s: "Black" or "White".
    {N_("the record ends after move %s with no five (%s to move)"), "dt"},
    // --- record/psq.cpp: Piskvork .psq
    // TRANSLATORS: %s: the line as written.
    {N_("malformed .psq header \"%s\" (expected \"Piskvorky WxH, L1:L2, F\")"), "v"},
    {N_("binary data (a NUL byte); not a .psq text file"), ""},
    // TRANSLATORS: %s: a byte in hexadecimal, e.g. 0x1B.
    {N_("binary data (control byte %s); not a .psq text file"), "v"},
    {N_("the text is not UTF-8; not a .psq text file"), ""},
    {N_("empty file: no .psq header and no moves"), ""},
    // TRANSLATORS: %1$s × %2$s: the board's width and height.
    {N_("the board is %sx%s; only square boards are supported"), "dd"},
    // TRANSLATORS: %1$s × %2$s: the board's width and height; %3$s..%4$s: the sizes supported.
    {N_("board size %sx%s is outside %s..%s"), "dddd"},
    // TRANSLATORS: %s: the line as written.
    {N_("not a .psq record: \"%s\" is neither a header \"Piskvorky WxH, ...\" nor a move \"x,y\""), "v"},
    // TRANSLATORS: %1$s: a board size; %2$s..%3$s: the sizes supported.
    {N_("board size %s is outside %s..%s"), "ddd"},
    // TRANSLATORS: %1$s: a line of the file as written, e.g. PELA.zip or -1; %2$s: a line number.
    {N_("\"%s\" is not a move \"x,y\", yet a move follows it on line %s"), "vd"},
    // TRANSLATORS: %s: a line of the file as written, e.g. "10," or "-1,2". "k,rule" stays as is.
    {N_("\"%s\" is neither a move \"x,y\" (1-based) nor a trailer line (engine name, end code, judge line \"k,rule\")"), "v"},
    // TRANSLATORS: %s: a line of the file as written, e.g. 99; -2..15 are the codes Piskvork writes.
    {N_("\"%s\" is not a .psq end code (-2..15)"), "v"},
    // TRANSLATORS: %s: a line of the file as written, e.g. 5,Renju. "k,rule" stays as is.
    {N_("\"%s\" is not a judge line \"k,rule\" (k: 0, 1 or 2; rule: freestyle, standard or renju)"), "v"},
    // TRANSLATORS: %s: a line of the file as written, e.g. an engine name after the end code.
    {N_("\"%s\" is out of place in the trailer (at most two engine names, then an end code, then a judge line)"), "v"},
    // TRANSLATORS: %1$s,%2$s: the move as written (1-based column, row); %3$s × %4$s: the board.
    {N_("move %s,%s is off the %sx%s board"), "dddd"},
    // TRANSLATORS: %1$s,%2$s: the move as written (1-based column, row); %3$s × %4$s and %5$s × %6$s: the board.
    {N_("move %s,%s is off the %sx%s board (the file does not give the size; assumed %sx%s)"), "dddddd"},
    // TRANSLATORS: %1$s: a move number; %2$s: the point, e.g. "8,8" or "h8"; %3$s: the move number of the stone there.
    {N_("move %s (%s) is on the point of move %s"), "dpd"},
    // TRANSLATORS: %1$s: a board size; %2$s..%3$s: the sizes supported.
    {N_("cannot write a .psq record: board size %s is outside %s..%s"), "ddd"},
    // TRANSLATORS: %1$s: a move number; %2$s: column,row counted from 0.
    {N_("cannot write a .psq record: move %s (%s, 0-based) is off the board"), "dv"},
    {N_("cannot write a .psq record: a name holds a line break"), ""},
    // TRANSLATORS: %s: how many names the record has (more than two).
    {N_("cannot write a .psq record: %s engine names (the format holds two)"), "d"},
    // TRANSLATORS: %s: a player's or engine's name.
    {N_("cannot write a .psq record: the name \"%s\" would not read back as a name"), "v"},
    // TRANSLATORS: %s: the digit at the end of a Gomocup file name (0 draw, 1 or 2 the winner).
    {N_("file name: X = %s"), "d"},
    // TRANSLATORS: %1$s, %4$s: black, white, draw or unknown (not translated); %2$s: a digit; %3$s: the judge line as written.
    {N_("the file name states %s (X = %s) but the judge line \"%s\" states %s"), "vdvv"},
    // --- record/jpformats.cpp: Japanese formats (.ban, .dt5, .kif, .lws, .nrf, .rnj)
    // TRANSLATORS: %1$s: a move number; %2$s: the move as written.
    {N_("move %s \"%s\" is off the 15x15 board"), "dv"},
    // TRANSLATORS: %1$s: a move number; %2$s: the move as written; %3$s: the point, e.g. h8; %4$s: the move number of the stone there.
    {N_("move %s \"%s\" (%s) is on the point of move %s"), "dvpd"},
    {N_("binary data (a NUL byte); not a text record"), ""},
    // TRANSLATORS: %s: a byte value, e.g. 27.
    {N_("binary data (byte %s); not a text record"), "d"},
    {N_("empty file: no moves"), ""},
    // TRANSLATORS: %1$s: the text as written; %2$s: what a move looks like (translated).
    {N_("\"%s\" is not a move (%s)"), "vt"},
    {N_("col*100 + row expected, e.g. 808"), ""},
    {N_("letter and hex row expected, e.g. hA"), ""},
    {N_("RIF point expected, e.g. H8"), ""},
    {N_("two hex digits col, row expected, e.g. 9a"), ""},
    {N_("\"y x\" pairs expected, e.g. 7 7 6 8"), ""},
    {N_("row*16 + col expected, e.g. 136,..."), ""},
    // TRANSLATORS: %s: the text as written.
    {N_("\"%s\" after the end mark \"**\""), "v"},
    // TRANSLATORS: %s: the text as written.
    {N_("\"%s\" after the end mark \"0\""), "v"},
    // --- record/position.cpp: position strings (pasted moves, e.g. "h8i9j10")
    // TRANSLATORS: %1$s: a character number; %2$s: the character.
    {N_("position string, character %s: '%s' is not a column letter"), "dv"},
    // TRANSLATORS: %1$s: a character number; %2$s: two hexadecimal digits.
    {N_("position string, character %s: byte 0x%s is not a column letter"), "dv"},
    // TRANSLATORS: %1$s: a character number; %2$s: the column letter.
    {N_("position string, character %s: '%s' has no row number after it"), "dv"},
    // TRANSLATORS: %1$s: a character number; %2$s: the point as written, e.g. p16; %3$s × %4$s:
    // the board.
    {N_("position string, character %s: %s is off the %sx%s board"), "dvdd"},
    // TRANSLATORS: %1$s: a character number; %2$s: the point as written, e.g. h8; %3$s: a move
    // number.
    {N_("position string, character %s: %s (move %s) repeats a point already played"), "dvd"},
    {N_("empty position string: no moves"), ""},
    // TRANSLATORS: %s: why the pasted position is refused (translated).
    {N_("position string: %s"), "t"},
    {N_("the game is already over"), ""},
    // --- record/renlib.cpp: RenLib libraries (.lib)
    // TRANSLATORS: %1$s: a byte offset in the file; %2$s: what is wrong there (translated).
    {N_("byte %s: %s"), "dt"},
    {N_("empty file: no RenLib library"), ""},
    {N_("the file ends inside the RenLib header (truncated)"), ""},
    {N_("not a RenLib library (the header does not start with FF \"RenLib\" FF)"), ""},
    // TRANSLATORS: %1$s.%2$s: a version number.
    {N_("RenLib version %s.%s is not supported (3.x expected)"), "dd"},
    // TRANSLATORS: %s: "comment" or "board text" (translated).
    {N_("the file ends inside a %s (truncated)"), "t"},
    {N_("comment"), ""},
    {N_("board text"), ""},
    {N_("the file ends inside the move tree (truncated)"), ""},
    {N_("the file ends inside a node extension (truncated)"), ""},
    {N_("a node without a point below the root"), ""},
    // TRANSLATORS: %s: a number of bytes.
    {N_("%s bytes after the end of the move tree ignored"), "d"},
    // TRANSLATORS: %1$s: a move number; %2$s: a byte value.
    {N_("move %s (point byte %s) is off the 15x15 board"), "dd"},
    // TRANSLATORS: %1$s: a move number; %2$s: the point, e.g. h8.
    {N_("move %s (%s) is on an occupied point"), "dp"},
    // TRANSLATORS: %1$s × %2$s: the board.
    {N_("cannot write a RenLib library: the board is %sx%s (RenLib has 15x15 only)"), "dd"},
    // TRANSLATORS: %1$s: a move number; %2$s: column,row counted from 0.
    {N_("cannot write a RenLib library: move %s (%s, 0-based) is off the board"), "dv"},
    // --- record/sgf.cpp: SGF
    // TRANSLATORS: %s: an encoding, e.g. GB18030.
    {N_("the text is not valid %s"), "v"},
    // TRANSLATORS: %s: the encoding's name as given.
    {N_("unknown text encoding \"%s\""), "v"},
    {N_("an incomplete character at the end of the file"), ""},
    // TRANSLATORS: %1$s: a byte in hexadecimal, e.g. 0xFF; %2$s: its offset in the file.
    {N_("byte %s at offset %s"), "vd"},
    // TRANSLATORS: %1$s: an encoding, e.g. GB18030; %2$s: where (translated).
    {N_("the text is not valid %s (%s)"), "vt"},
    {N_("the file is too large"), ""},
    {N_("empty file: no SGF game tree"), ""},
    // TRANSLATORS: %s: what was found: a character in quotes or a byte, e.g. 0x01.
    {N_("not an SGF file: expected '(' to open the game tree, found %s"), "v"},
    // TRANSLATORS: %s: how many.
    {N_("the game tree is not closed: %s ')' missing (the file may be truncated)"), "d"},
    {N_("a game tree must start with a node ';'"), ""},
    {N_("a node after a variation (';' after ')')"), ""},
    {N_("property outside a node (missing ';')"), ""},
    {N_("property name too long"), ""},
    // TRANSLATORS: %s: an SGF property name, e.g. PB.
    {N_("property %s has no value ('[' expected)"), "v"},
    // TRANSLATORS: %s: an SGF property name, e.g. C.
    {N_("an unescaped ']' in %s[] is read as text"), "v"},
    {N_("binary data (a NUL byte) in a property value"), ""},
    // TRANSLATORS: %s: an SGF property name, e.g. C.
    {N_("the value of %s[ is not closed (']' missing; the file may be truncated)"), "v"},
    // TRANSLATORS: %s: a byte in hexadecimal, e.g. 0x01.
    {N_("unexpected byte %s outside a property value"), "v"},
    // TRANSLATORS: %s: the character.
    {N_("unexpected character '%s' outside a property value"), "v"},
    // TRANSLATORS: %s: the value as written.
    {N_("SZ[%s] is not a board size"), "v"},
    // TRANSLATORS: %s: the value as written.
    {N_("GM[%s] is not a gomoku / renju record (GM[4] expected)"), "v"},
    // TRANSLATORS: %1$s, %2$s: SGF move properties, B or W.
    {N_("a node with two moves (%s[] and %s[])"), "vv"},
    // TRANSLATORS: %s: an SGF property name: AB, AW or AE.
    {N_("setup stones (%s[]) are not supported"), "v"},
    // TRANSLATORS: %1$s: a move number; %2$s[%3$s]: the move as written, e.g. B[hh].
    {N_("move %s is %s[%s] but White is to move"), "dvv"},
    // TRANSLATORS: %1$s: a move number; %2$s[%3$s]: the move as written, e.g. W[hh].
    {N_("move %s is %s[%s] but Black is to move"), "dvv"},
    // TRANSLATORS: %1$s: a move number; %2$s: how many values.
    {N_("move %s has %s values"), "dd"},
    // TRANSLATORS: %1$s: a move number; %2$s: the move as written, e.g. B[zz]; %3$s × %4$s: the board.
    {N_("move %s %s is off the %sx%s board"), "dvdd"},
    // TRANSLATORS: %1$s: a move number; %2$s: the move as written, e.g. B[hh]; %3$s: the move number of the stone there.
    {N_("move %s %s is on the point of move %s"), "dvd"},
    // TRANSLATORS: %1$s: a move number; %2$s: the move as written, e.g. B[h]; %3$s: the last letter, e.g. o.
    {N_("move %s %s is not a point (two letters a..%s, column then row, expected)"), "dvv"},
    // TRANSLATORS: %1$s: a move number; %2$s: the value as written.
    {N_("move %s: MS[%s] is not a time in milliseconds"), "dv"},
    // TRANSLATORS: XO[] is the file's opening rule; %s: the value as written, e.g. yamaguchi.
    {N_("XO[%s] is not an opening rule"), "v"},
    // TRANSLATORS: XD[] and XO[] are properties of the file (the opening's decisions, its rule).
    {N_("XD[] without XO[]: no opening rule is stated"), ""},
    // TRANSLATORS: XD[] holds the opening's decisions; %s: the value as written, e.g. 1:put:hh.
    {N_("XD[%s] is not an opening decision"), "v"},
    // TRANSLATORS: %1$s: an opening rule's name as files write it, e.g. soosorv8; %2$s × %3$s:
    // the board.
    {N_("the opening rule %s cannot be played on a %sx%s board"), "vdd"},
    // TRANSLATORS: %1$s: the decision's number; %2$s: its value as written, e.g. 1:keep;
    // %3$s: an opening rule's name as files write it, e.g. soosorv8.
    {N_("opening decision %s, XD[%s], does not follow the %s opening rule"), "dvv"},
    // TRANSLATORS: %1$s: the decision's number; %2$s: its value as written, e.g. 2:pick:kg;
    // %3$s: a move number.
    {N_("opening decision %s, XD[%s], is not move %s of the record"), "dvd"},
    // TRANSLATORS: %1$s: how many stones the opening's decisions place; %2$s: how many moves.
    {N_("the opening places %s stones but the record has %s moves"), "dd"},
    {N_("moves follow an opening that is not finished"), ""},
    // TRANSLATORS: %1$s: a board size; %2$s..%3$s: the sizes supported.
    {N_("cannot write an SGF record: board size %s is outside %s..%s"), "ddd"},
    // TRANSLATORS: %1$s: a move number; %2$s: column,row counted from 0.
    {N_("cannot write an SGF record: move %s (%s, 0-based) is off the board"), "dv"},
    // --- record/yixin.cpp: Yixin .sav
    {N_("binary data (a NUL byte); not a Yixin .sav text file"), ""},
    // TRANSLATORS: %s: a byte value, e.g. 200.
    {N_("binary data (byte %s); not a Yixin .sav text file"), "d"},
    {N_("empty file: no Yixin .sav record"), ""},
    // TRANSLATORS: %s: "board width", "board height" or "number of moves" (translated).
    {N_("the file ends before the %s (truncated Yixin .sav)"), "t"},
    {N_("board width"), ""},
    {N_("board height"), ""},
    {N_("number of moves"), ""},
    // TRANSLATORS: %1$s: "board width", "board height" or "number of moves" (translated); %2$s: the line as written.
    {N_("expected the %s, found \"%s\" (not a Yixin .sav file)"), "tv"},
    // TRANSLATORS: %1$s: a number of moves; %2$s × %3$s: the board.
    {N_("%s moves do not fit on a %sx%s board"), "ddd"},
    // TRANSLATORS: %1$s: the moves read; %2$s: the moves the file announces.
    {N_("the file ends after %s of the %s moves it announces (truncated)"), "dd"},
    // TRANSLATORS: %1$s: a move number; %2$s: the line as written.
    {N_("move %s \"%s\" is not two numbers \"x y\""), "dv"},
    // TRANSLATORS: %1$s: a move number; %2$s %3$s: column and row counted from 0; %4$s × %5$s: the board.
    {N_("move %s (%s %s) is off the %sx%s board"), "dvvdd"},
    // TRANSLATORS: %1$s: the line as written; %2$s: the number of moves.
    {N_("\"%s\" after the %s moves the file announces"), "vd"},
    // TRANSLATORS: %1$s: a board size; %2$s..%3$s: the sizes supported.
    {N_("cannot write a Yixin .sav record: board size %s is outside %s..%s"), "ddd"},
    // TRANSLATORS: %1$s: a move number; %2$s: column,row counted from 0.
    {N_("cannot write a Yixin .sav record: move %s (%s, 0-based) is off the board"), "dv"},
};
// clang-format on

constexpr std::size_t kMaxCoreTextBytes = 1000;

struct Compiled {
  const CoreTextPattern* text;
  std::regex re;
  std::size_t fixed;  // characters of fixed text
};

std::string RegexFor(const CoreTextPattern& t) {
  static const std::string special = R"(\^$.|?*+()[]{}/)";
  std::string re;
  const char* kind = t.kinds;
  for (const char* c = t.msgid; *c; ++c) {
    if (c[0] == '%' && c[1] == 's') {
      ++c;
      const char k = *kind ? *kind++ : 'v';
      re += k == 'd' ? "([0-9][0-9.]*)" : "([\\s\\S]+?)";
    } else {
      if (special.find(*c) != std::string::npos) re += '\\';
      re += *c;
    }
  }
  return re;
}

const std::vector<Compiled>& Table() {
  static const std::vector<Compiled> table = [] {
    std::vector<Compiled> v;
    for (const CoreTextPattern& t : kTexts) {
      const std::string id = t.msgid;
      std::size_t holes = 0;
      for (std::size_t i = id.find("%s"); i != std::string::npos; i = id.find("%s", i + 2)) ++holes;
      v.push_back({&t, std::regex(RegexFor(t), std::regex::ECMAScript | std::regex::optimize),
                   id.size() - 2 * holes});
    }
    return v;
  }();
  return table;
}

std::string_view Trimmed(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// The best match of `s`, with its captured parts.
const CoreTextPattern* Find(std::string_view s, std::vector<std::string>* parts) {
  // std::regex recurses once per character: a longer text (none of core/net is) could overflow
  // the stack.
  if (s.size() > kMaxCoreTextBytes) return nullptr;
  const Compiled* best = nullptr;
  std::match_results<std::string_view::const_iterator> m, bestMatch;
  for (const Compiled& c : Table()) {
    if (best && c.fixed <= best->fixed) continue;
    if (std::regex_match(s.begin(), s.end(), m, c.re)) {
      best = &c;
      bestMatch = m;
    }
  }
  if (!best) return nullptr;
  if (parts) {
    parts->clear();
    for (std::size_t i = 1; i < bestMatch.size(); ++i) parts->push_back(bestMatch[i].str());
  }
  return best->text;
}

std::optional<std::string> Translate(std::string_view english, const TranslateFn& translate,
                                     int depth) {
  std::vector<std::string> parts;
  const CoreTextPattern* t = Find(Trimmed(english), &parts);
  if (!t) return std::nullopt;
  const char* kind = t->kinds;
  for (std::string& part : parts) {
    const char k = *kind ? *kind++ : 'v';
    if (k == 't' && depth < 8) {
      if (auto inner = Translate(part, translate, depth + 1)) part = *inner;
    } else if (k == 'n' && part == "The opponent") {
      part = translate("The opponent");
    }
  }
  return FormatArgs(translate(t->msgid), parts);
}

}  // namespace

const std::vector<CoreTextPattern>& CoreTexts() {
  return kTexts;
}

const CoreTextPattern* MatchCoreText(std::string_view english) {
  try {
    return Find(Trimmed(english), nullptr);
  } catch (const std::exception&) {  // e.g. regex_error (complexity) on a huge text
    return nullptr;
  }
}

std::optional<std::string> TranslateCoreText(std::string_view english,
                                             const TranslateFn& translate) {
  try {
    return Translate(english, translate, 0);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string FormatArgs(std::string_view format, const std::vector<std::string>& args) {
  std::string out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out += format[i];
      continue;
    }
    if (format[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    if (format[i + 1] == 's') {
      if (next < args.size()) out += args[next];
      ++next;
      ++i;
      continue;
    }
    std::size_t j = i + 1, n = 0;
    while (j < format.size() && format[j] >= '0' && format[j] <= '9')
      n = n * 10 + (format[j++] - '0');
    if (j + 1 < format.size() && j > i + 1 && format[j] == '$' && format[j + 1] == 's') {
      if (n >= 1 && n <= args.size()) out += args[n - 1];
      i = j + 1;
      continue;
    }
    out += format[i];
  }
  return out;
}

}  // namespace gomoku::app
