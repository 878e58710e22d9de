#pragma once
/// @file The --test-report file: one line per event, for automated tests of the application.
///
/// Lines (each flushed at once; fields separated by one space):
///   LANGUAGE <code|-> <Gomoku> <Resign>    first: the catalog in use (e.g. zh_CN, "-" for
///                                          English) and two words as translated
///   STOCKLABEL <Cancel>                    next: wxWidgets' Cancel label, as its own catalog
///                                          (wxstd) translates it, e.g. "取消"
///   MENUKEYS <keys> <title>                next: one line per menu (submenus first): the
///                                          access key of each item in order, lower-case, '-'
///                                          for none, then the menu's title; last the bar's
///                                          own titles, with the title "-"
///   LISTENING <port>                       the host listens (the actual port when 0 was asked)
///   STARTED <black|white> <peer nickname> [game <n>]   a network game started; our colour.
///                                          Again for each game after "Play again", with
///                                          " game <n>" at the end for n >= 2
///   LOCAL <size> <rule> [refuse|lose]      a hot-seat game started on this machine (renju: and
///                                          its foul policy)
///   GEOMETRY <x> <y> <cell>                where the board is on the screen, in physical
///                                          pixels: intersection (i,j) is at (x + i*cell,
///                                          y + j*cell). After every STARTED and LOCAL, and
///                                          again whenever the window moves or resizes
///   MOVE <ply> <x>,<y>                     a stone was placed; ply counts from 1, x,y 0-based
///   FORBIDDEN <x>,<y> ... | -               renju, game running, Black to move: the points
///                                          marked as forbidden (row-major; "-" when none).
///                                          At the start and after every move that leaves
///                                          Black to move
///   REFUSED <x>,<y> <sentence>             a click on that intersection was refused (occupied,
///                                          forbidden, not your turn, game over); the reason as
///                                          shown in the status bar; "REFUSED - <sentence>": an
///                                          opening's choice (a banner button) was refused
///   OPENING <step> <first|second> <sentence>  an opening rule runs: its step (place,
///                                          swap-offer, colour-choice, swap2-choice,
///                                          fifth-choice, declare-count, place-alternatives,
///                                          choose-alternative), the seat that decides and the
///                                          banner's sentence; again whenever it changes.
///                                          "OPENING done" once normal play begins
///   RESULT <black|white|draw|interrupted> <sentence>   the game ended (once per game, and
///                                          again when its result changes: a resignation that
///                                          crossed the five)
///   BOARD <size> <rows>                    right after RESULT: `size` rows top to bottom of
///                                          '.', 'X' (black), 'O' (white), joined by '/'
///   FAILED <failure> <message>             listening or joining failed (failure e.g. "refused")
///   TAKEBACK <ply>                         network game: stones were taken back; <ply> stones
///                                          remain (MOVE lines go on from ply + 1)
///   NOTICE <sentence>                      network game: the match's notice about the last
///                                          event changed (e.g. "Bob offers a draw."); a
///                                          record without moves was opened (the status bar's
///                                          sentence)
///   CHAT <you|peer> <text>                 network game: a chat line, ours or the peer's
///   BUTTON <name> <x> <y> | BUTTON <name> -
///                                          a network control can be clicked at screen point
///                                          (x,y) (physical pixels, its centre), or cannot
///                                          ("-": hidden or disabled). Written whenever that
///                                          changes. Names: takeback, draw, resign, again (the
///                                          side panel's buttons), accept, decline (the request
///                                          card), accept2, decline2 (the second card, when
///                                          two requests stand at once), chat (the chat input
///                                          field), send; the opening banner's opkeep, opswap,
///                                          opblack, opwhite, optwo, opone, opten, opcount (the
///                                          count field), opdeclare, opoffer
///   TURN <sentence>                        the side panel's line under the players changed:
///                                          whose turn it is or the result, as shown (e.g.
///                                          "Your turn", "Replay: White to move", at the end of
///                                          a record its stated result)
///   OPENED <size> <rule> <moves>           a record was opened for replay (the rule it is
///                                          replayed by)
///   REPLAY <ply> <moves>                   the replay shows the position after <ply> of the
///                                          record's <moves> moves; a BOARD line follows
///   SAVED <auto|user> <path>               a record was written (automatic save, or File >
///                                          Save / Save as)
///   ERROR <sentence>                       opening or saving a record failed (as shown)
///   CLIPBOARD <text>                       File > Copy position put <text> on the clipboard
///   COMPUTER <black|white> <level> <name>  a game against the computer started (after its
///                                          LOCAL line): the computer's colour, level and name
///                                          as the player list shows it (e.g. "电脑（入门）")
///   THINKING                               the computer started thinking about its move
///   ANALYSIS <depth> <score>               the computer's analysis was shown (View > Show the
///                                          computer's analysis): depth in plies, evaluation
///                                          for the computer
///   HINT <x>,<y>                           Game > Hint marked this point on the board
///   CURSOR <point> empty | CURSOR <point> <black|white> <move> |
///   CURSOR <point> forbidden <kind>        an arrow key moved the board's keyboard cursor to
///                                          <point> (e.g. h8, as shown): an empty point, a stone
///                                          and the move that placed it, or (renju, Black to
///                                          move) a forbidden point and its kind (double-three,
///                                          double-four, overline); the status bar says the same
///   PREFERENCES port=<n> timeout=<s> language=<code|-> sounds=<0|1> coordinates=<0|1>
///               numbers=<0|1|2> forbidden=<0|1> ghost=<0|1> theme=<wood|plain>
///               board=<#rrggbb> grid=<#rrggbb> nickname=<name>
///                                          Settings > Preferences was confirmed: the values
///                                          now in use (read back from the board and settings)
///   INVALID <sentence>                     Preferences refused a typed value (the message shown)
///   STATUS <x> <y> <w> <h> <right> <sentence>  the status bar was painted: its rectangle and the
///                                          right end of its text (physical screen pixels; x
///                                          when empty), and its whole sentence
///   LANGAMES <n>                           the Join dialog's list of games waiting on the
///                                          local network changed: it holds n rows, and a
///                                          LANGAME line for each follows, top first:
///   LANGAME <x> <y> <nickname>               a point on the row (physical screen pixels) and
///                                          the host's nickname
/// While the Preferences dialog is open, BUTTON lines give its controls' centres: prefnick,
/// prefport, preftimeout, prefghost, prefplain, prefdefaults, prefok.
/// Just before RESULT, a picture of the board is saved to <file>.png.

#include <optional>
#include <string>
#include <vector>

#include <wx/ffile.h>
#include <wx/gdicmn.h>

#include "core/game.h"
#include "net/netgame.h"

namespace gomoku::app {

/// Appends event lines to the test report file.
class TestReport {
 public:
  /// Opens `path` for appending (created when missing).
  explicit TestReport(const wxString& path);
  /// True when the file is open.
  bool IsOk() const { return file_.IsOpened(); }
  /// The file's path.
  const wxString& Path() const { return path_; }
  /// Appends `line` and a newline, then flushes.
  void Line(const std::string& line);

  /// "LISTENING <port>".
  void Listening(int port);
  /// "STARTED <colour> <peer>", with " game <n>" appended for gameNumber >= 2.
  void Started(Stone local, const std::string& peerNickname, int gameNumber = 1);
  /// "LOCAL <size> <rule>".
  void LocalGame(const Game& game);
  /// "GEOMETRY <x> <y> <cell>": screen position of intersection (0,0) and the grid spacing.
  void Geometry(wxPoint origin, int cell);
  /// "MOVE <ply> <x>,<y>" for the move game.moves()[ply - 1].
  void Move(const Game& game, int ply);
  /// "FORBIDDEN <x>,<y> ..." or "FORBIDDEN -".
  void Forbidden(const std::vector<Point>& points);
  /// "REFUSED <x>,<y> <reason>".
  void Refused(Point p, const std::string& reason);
  /// "RESULT ..." and "BOARD ..." for a finished game.
  void Result(const Game& game);
  /// "FAILED <failure> <message>".
  void Failed(net::NetFailure failure, const std::string& message);
  /// "TAKEBACK <ply>": the position went back to `ply` stones.
  void Takeback(int ply);
  /// "NOTICE <sentence>".
  void Notice(const std::string& sentence);
  /// "CHAT <you|peer> <text>".
  void Chat(bool fromUs, const std::string& text);
  /// "OPENED <size> <rule> <moves>".
  void Opened(int size, Rule rule, int moves);
  /// "REPLAY <ply> <moves>" and "BOARD <size> <rows>" for the position shown.
  void Replay(int ply, int moves, const Game& shown);
  /// "SAVED <auto|user> <path>".
  void Saved(bool automatic, const std::string& path);
  /// "ERROR <sentence>".
  void Error(const std::string& sentence);
  /// "CURSOR <point> <what>", e.g. "CURSOR h8 black 5" (what: "empty", "black <move>",
  /// "white <move>" or "forbidden <kind>").
  void Cursor(const std::string& point, const std::string& what);
  /// "CLIPBOARD <text>".
  void Clipboard(const std::string& text);
  /// "BUTTON <name> <x> <y>" when `centre` is given (physical screen pixels), else
  /// "BUTTON <name> -".
  void Button(const std::string& name, std::optional<wxPoint> centre);

  /// The BOARD line's rows: size rows of '.', 'X', 'O' joined by '/'.
  static std::string BoardRows(const Board& board);
  /// Lower-case one-word name of a failure, e.g. "unknown-host", "refused", "timed-out".
  static const char* FailureName(net::NetFailure failure);

 private:
  wxString path_;
  wxFFile file_;
};

}  // namespace gomoku::app
