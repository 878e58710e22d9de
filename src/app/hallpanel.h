#pragma once
/// @file HallPanel: the game hall of a gomoku-server (游戏大厅) in the main window, shown instead
/// of the board while the user is signed in and not in a game: my ladder line, Find a match
/// (with a rule, a clock and an opening rule; the time waited and Cancel), Private room (its code),
/// entering a friend's room by code, invitations to accept or decline, and four lists: the games
/// in progress (watch one), players online (invite one), the top 20 of the ladder, and my last
/// games (replay or save one). It shows
/// an OnlineSnapshot; what the user asks goes to the owner through Handlers.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <wx/panel.h>

#include "net/online.h"

class wxButton;
class wxCheckBox;
class wxChoice;
class wxListBox;
class wxListCtrl;
class wxNotebook;
class wxStaticText;
class wxTextCtrl;

namespace gomoku::app {

class ClockControls;
class OpeningControls;

/// The hall.
class HallPanel : public wxPanel {
 public:
  /// What the panel asks of its owner.
  struct Handlers {
    /// Find a match with `rule`, the time control `clock` and the opening rule `opening`.
    std::function<void(Rule rule, const TimeControl& clock, OpeningRule opening)> find;
    std::function<void()> cancel;      ///< stop finding, or close our room
    std::function<void()> createRoom;  ///< Private room…: ask for the settings, then open one
    /// Enter a friend's room by its code; `rated`: we ticked Rated.
    std::function<void(const std::string& code, bool rated)> joinRoom;
    /// Invite a player online (ask for the settings first).
    std::function<void(const std::string& name)> invite;
    /// Answer invitation `id`; `rated`: we ticked Rated.
    std::function<void(std::uint32_t id, bool accept, bool rated)> answer;
    std::function<void()> refresh;  ///< ask for the lists again
    /// Replay (`save` false) or save (`save` true) stored game `id`.
    std::function<void(std::uint64_t id, bool save)> openGame;
    std::function<void()> signOut;  ///< sign out
    /// Watch game `id` of the games in progress.
    std::function<void(std::uint64_t id)> watch;
  };

  /// The panel, empty until the first Update().
  HallPanel(wxWindow* parent, Handlers handlers);
  ~HallPanel() override;

  /// Forgets what was shown (a new connection).
  void Clear();
  /// Shows `s` (lists only when they changed).
  void Update(const net::OnlineSnapshot& s);
  /// The rule chosen for Find a match.
  Rule ChosenRule() const;
  /// Turns to the list of my games (back in the hall after a game).
  void ShowMyGames();
  /// Shows why the last request was refused, in red under the Play section ("" clears it).
  void ShowError(const wxString& sentence);
  /// Chooses the rule, the clock and the opening rule (when it fits the rule) for Find a match.
  void SetFind(Rule rule, const TimeControl& clock, OpeningRule opening);
  /// The buttons the test report places (BUTTON lines), by name.
  std::vector<std::pair<const char*, wxWindow*>> ReportedControls() const;

 private:
  void Build();
  void FillPlayers(const net::OnlineSnapshot& s);
  void FillTop(const net::OnlineSnapshot& s);
  void FillGames(const net::OnlineSnapshot& s);
  void FillLive(const net::OnlineSnapshot& s);
  void WatchSelected();
  void FillInvitations(const net::OnlineSnapshot& s);
  void OpenSelectedGame(bool save);
  void ShowListButtons();  // the buttons of the list shown

  Handlers handlers_;
  wxStaticText* title_ = nullptr;
  wxStaticText* stats_ = nullptr;
  wxChoice* rule_ = nullptr;
  std::unique_ptr<ClockControls> clock_;
  std::unique_ptr<OpeningControls> opening_;
  wxButton* find_ = nullptr;
  wxButton* cancel_ = nullptr;
  wxStaticText* findStatus_ = nullptr;
  wxButton* room_ = nullptr;
  wxStaticText* roomStatus_ = nullptr;
  wxTextCtrl* code_ = nullptr;
  wxStaticText* error_ = nullptr;
  wxCheckBox* rated_ = nullptr;
  wxButton* join_ = nullptr;
  wxStaticText* invitesHeading_ = nullptr;
  wxListBox* invites_ = nullptr;
  wxButton* accept_ = nullptr;
  wxButton* decline_ = nullptr;
  wxNotebook* lists_ = nullptr;
  wxListCtrl* live_ = nullptr;
  wxButton* watch_ = nullptr;
  wxListCtrl* players_ = nullptr;
  wxButton* invite_ = nullptr;
  wxListCtrl* top_ = nullptr;
  wxListCtrl* games_ = nullptr;
  wxButton* replay_ = nullptr;
  wxButton* save_ = nullptr;
  wxButton* refresh_ = nullptr;
  wxButton* signOut_ = nullptr;

  // What is shown, to fill the lists only when they changed.
  int playersShown_ = -1;
  int topShown_ = -1;
  int gamesShown_ = -1;
  int liveShown_ = -1;
  std::vector<std::uint64_t> liveIds_;  // the game ids of the rows of live_
  std::vector<std::uint32_t> invitesShown_;
  std::vector<std::uint64_t> gameIds_;        // the ids of the rows of games_
  std::vector<std::string> playerNames_;      // the names of the rows of players_
  std::vector<std::uint32_t> invitationIds_;  // the ids of the rows of invites_
  std::string me_;                            // our account name
  bool idle_ = false;  // in the hall, not finding nor in a room (Watch may be chosen)
};

}  // namespace gomoku::app
