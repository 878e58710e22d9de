#pragma once
/// @file NetworkController: a network match as the main window shows it, on net::NetGame (the
/// connection and the match, on the network thread) and net::MatchTracker (what changed since
/// the last look, as typed updates handled one by one). From the start of the match's first
/// game it shows that game (GameKind::Network); once the match is dropped (a connect dialog
/// replaces it, another game starts, the window closes) it keeps showing its last game, a
/// position nobody plays on (GameKind::Kept), until another game is shown. Here too: the
/// match actions (take back, draw, resign, play again, answers, chat; each refusal is told in
/// the status bar), the thinking time of each move as seen here, and the automatic save of
/// each game that ended or was cut short. The connect dialogs themselves are run by the window.

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <wx/timer.h>

#include "app/gamecontroller.h"
#include "app/gamerecords.h"
#include "app/sideview.h"
#include "net/matchtracker.h"
#include "net/netgame.h"
#include "session/openingsession.h"

namespace gomoku::app {

class ConnectDialog;

/// The match a NetworkController shows, as the calls it makes on it: a P2P match (a
/// net::NetGame) or a game on a server (net::OnlineClient's). Names and meanings are NetGame's.
class MatchLink {
 public:
  virtual ~MatchLink() = default;
  /// The match's state now.
  virtual net::NetSnapshot snapshot() const = 0;
  /// Plays a local move; None when sent.
  virtual MoveError play(Point p) = 0;
  /// Leaves the match (BYE): a running game is lost (online) or interrupted (P2P).
  virtual void leave() = 0;
  /// The match requests and answers (net::Match).
  virtual net::RequestError requestTakeback() = 0;
  virtual net::RequestError answerTakeback(bool accept) = 0;
  virtual net::RequestError offerDraw() = 0;
  virtual net::RequestError answerDraw(bool accept) = 0;
  virtual net::RequestError resign() = 0;
  virtual net::RequestError playAgain(bool want) = 0;
  virtual net::RequestError sendChat(const std::string& text) = 0;
  /// Tells the peer our new nickname (P2P only; online the account name is the nickname).
  virtual net::RequestError changeNickname(const std::string& nick) = 0;
  /// Our decision in the game's opening rule (net::Match::openingAct); None when sent.
  virtual OpeningError openingAct(const net::OpeningAct& act) = 0;
  /// A game on a server: leaving it goes back to the hall, and the side panel shows the server
  /// and the ladder.
  virtual bool online() const { return false; }
  /// Online: the server's part of the side panel's input (rated, ladder change).
  virtual void fillOnline(SideInput& /*in*/) const {}
  /// Online: the game was left (or its match closed and the user leaves it): show the hall.
  virtual void backToHall() {}
};

/// A network match, and its last game kept on show after it.
class NetworkController : public GameController {
 public:
  /// What the controller asks of the window besides FrameServices.
  struct Hooks {
    /// Joiner: the token that rejoins the running match changed (hexadecimal; "" = none any
    /// more): keep it for a restarted program.
    std::function<void(const std::string& token)> resumeTokenChanged;
  };

  /// No match and no game yet (Kind() is Kept: nothing to play on).
  NetworkController(FrameServices& frame, Hooks hooks);
  /// Leaves a running match (NetGame's destructor says BYE); queued notifications find it gone.
  ~NetworkController() override;
  NetworkController(const NetworkController&) = delete;
  NetworkController& operator=(const NetworkController&) = delete;

  // GameController.
  /// Network from the start of the match's first game while the NetGame exists; Kept after.
  GameKind Kind() const override;
  /// The match's game, or the last one kept after the match.
  const Game& ShownGame() const override;
  /// The match runs and we are to move.
  bool BoardInteractive() const override;
  /// Plays `p` in the match, or refuses it (not our turn, occupied, forbidden, kept game).
  void OnBoardClick(Point p) override;
  /// Names, our colour and the match (FillMatchInput).
  void FillSideInput(SideInput& in) const override;
  /// A game clock of the match runs (the match itself judges a flag: nothing to do on a tick).
  bool ClockRunning() const override { return link_ && snap_.clock.running() != Stone::Empty; }
  /// The nickname of the player of `s` (kept after the match, until another game starts).
  wxString PlayerName(Stone s) const override;
  /// The result, whose turn it is in a match, or the colour to move.
  wxString SituationStatus() const override;
  /// The game shown with the players' nicknames (no thinking times).
  Record ShownRecord() const override;
  /// Edit > Take back: the match's takeback request (Actions().takeback).
  bool CanUndo() const override { return Actions().takeback; }
  void Undo() override { RequestTakeback(); }
  bool UndoAsks() const override { return true; }
  /// The peer's stones.
  bool IsOpponent(Stone mover) const override { return mover != LocalColor(); }
  /// A game of the match is being played (leaving asks first).
  bool Running() const override;
  /// Drop(): BYE, the last lines of a game cut short and its automatic save.
  void Leave() override;
  /// The game's opening rule while it runs (mirrored from the match, with the 5th moves we
  /// pick out before offering them); its "computer" seat is the opponent's.
  const session::OpeningSession* RunningOpening() const override;
  /// Who decides the opening's step (you or the opponent, by name) and the choices.
  wxString OpeningBanner() const override;
  /// Our decision at the opening's step (the banner's buttons): sent, or refused in the status
  /// bar.
  void OnOpeningChoice(OpeningChoice choice) override;
  void OnOpeningDeclare(int count) override;
  void OnOpeningOffer() override;

  /// Replaces the NetGame by a fresh one with `options` (Drop() first) for a connect dialog to
  /// listen or connect with; the chat is cleared. It stays valid until the next NewGame() or
  /// Drop().
  net::NetGame& NewGame(const net::NetOptions& options);
  /// Shows the match of `link` (an online game) instead (Drop() first); the chat is cleared.
  /// Its owner calls OnNetChanged() whenever the match may have changed.
  void Attach(std::unique_ptr<MatchLink> link);
  /// The match shown is a game on a server (MatchLink::online()).
  bool Online() const { return link_ && link_->online(); }
  /// Leaves the match, if any, and forgets the NetGame; a game of it that was shown stays on
  /// show as a kept game (its RESULT line and automatic save are written).
  void Drop();
  /// A match exists (listening, connecting, in a match, or after the match closed).
  bool HasNetGame() const { return link_ != nullptr; }
  /// The match's first game has started: its game is the one shown.
  bool Started() const { return link_ && tracker_.gameNumber() > 0; }
  /// Our role in the match (meaningful while HasNetGame()).
  net::Role Role() const { return snap_.role; }
  /// Our colour in the match's current game (Stone::Empty when none).
  Stone LocalColor() const { return snap_.localColor; }
  /// The connect dialog that runs (nullptr when none): it is given every new snapshot.
  void SetConnectDialog(ConnectDialog* dialog) { dialog_ = dialog; }
  /// The match's part of the side panel's input (also while a connect dialog listens or
  /// connects and another game is shown): its snapshot, started, the game's number.
  void FillMatchInput(SideInput& in) const;
  /// NetGame's listener, on the GUI thread: shows what changed (a `switch` over the
  /// MatchTracker's updates): lines of the test report, status bar, chat, sounds, auto-save.
  void OnNetChanged();

  // Match actions (menus, buttons, keys); each tells a refusal in the status bar.
  /// What can be done in the match now (sideview.h).
  MatchActions Actions() const;
  /// Game > Leave game: the match started and has not closed.
  bool CanLeaveMatch() const;
  /// Game > Leave game: asks first while a game runs, then leaves (BYE); the match's last game
  /// stays on show with its result.
  void LeaveMatch();
  /// Asks the opponent to take back our last move.
  void RequestTakeback();
  /// Offers a draw (accepts the opponent's standing offer).
  void OfferDraw();
  /// Asks, then resigns the game.
  void Resign();
  /// After a game: asks for another one.
  void PlayAgain();
  /// Accepts or declines the opponent's request of kind `request` (PeerTakeback, PeerDraw or
  /// PeerAgain, as a request card shows it); other kinds do nothing.
  void AnswerRequest(RequestKind request, bool accept);
  /// Sends the side panel's chat input.
  void SendChat();
  /// Connected match (Actions().connected): tells the opponent our new nickname `nick`; no
  /// refusal when done (the status bar says so). Not connected: NotConnected, nothing sent.
  net::RequestError ChangeNickname(const std::string& nick);
  /// The opponent's nickname ("" before its HELLO).
  wxString PeerName() const;

 private:
  void OnGameStarted(const net::MatchUpdate& u);
  void SaveResumeToken();
  void ShowActionResult(const net::RequestError& error, const wxString& done);
  void AppendChat(const net::ChatLine& line);
  void NoteTimes();                     // the time each move took (as seen here)
  void AutoSaveGame(const Game& game);  // a game that ended or was cut short
  // The opening: the mirror from the snapshot (the opponent's decisions told), a click on the
  // board, and our decision sent to the match (`p`: the point clicked, for a refusal).
  void SyncOpening();
  void OpeningClick(Point p);
  void SendOpening(const net::OpeningAct& act, std::optional<Point> p = std::nullopt);

  FrameServices& frame_;
  Hooks hooks_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // false once destroyed
  std::unique_ptr<MatchLink> link_;
  net::NetSnapshot snap_;      // the last snapshot of link_
  net::MatchTracker tracker_;  // what of net_'s match was told (a game started: it is shown)
  ConnectDialog* dialog_ = nullptr;
  Game kept_;  // the last game of a dropped match, shown when no match game is
  // The players of the game shown: kept after the match, until another game starts.
  wxString blackNick_;
  wxString whiteNick_;
  Stone you_ = Stone::Empty;
  std::vector<int> times_;  // thinking time of each move of the game (ms, as seen here)
  std::chrono::steady_clock::time_point lastMoveAt_{};
  int savedGame_ = 0;         // number of the last game saved automatically
  int watcherChatShown_ = 0;  // the watchers' chat lines shown (NetSnapshot::watcherChatLines)
  int savedPly_ = 0;          // its moves and result when saved: saved again when they change
  std::pair<Outcome, EndReason> savedResult_{Outcome::Ongoing, EndReason::None};
  wxString autoSave_;          // that game's file
  GameOpening savedOpening_;   // that game's opening rule and decisions
  GameOpening recordOpening_;  // the opening of the game shown, for its record (kept after it)
  wxTimer suspendTimer_;       // shows the resume countdown once a second while suspended
  std::optional<session::OpeningSession> opening_;  // the game's opening while it runs
  std::pair<int, std::size_t> openingSeen_{0, 0};   // game number, decisions mirrored
};

}  // namespace gomoku::app
