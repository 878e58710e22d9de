#pragma once
/// @file The main window's side panel: the players, the game's lines (turn, moves, rule), the
/// local game's Undo / Redo / Restart, the replay bar, the network match's actions, request
/// card and chat, the connection and its buttons. It owns its widgets and shows a SideView
/// (sideview.h), phrased in the user's language; its buttons send the frame the menu commands
/// of commands.h.

#include <chrono>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <wx/scrolwin.h>
#include <wx/timer.h>

#include "app/replaybar.h"
#include "app/sideview.h"

class wxButton;
class wxFlexGridSizer;
class wxGauge;
class wxGridSizer;
class wxPanel;
class wxSizer;
class wxSizerItem;
class wxStaticBitmap;
class wxStaticText;
class wxTextCtrl;

namespace gomoku::app {

/// The side panel. It scrolls vertically when the window is lower than its contents.
class SidePanel : public wxScrolledWindow {
 public:
  /// What the panel asks of the frame.
  struct Handlers {
    ReplayBar::Handlers replay;           ///< the replay bar's requests
    std::function<void(int id)> command;  ///< a button was clicked: run the command `id`
    std::function<void()> sendChat;       ///< Enter in the chat input
  };

  /// The panel, built for a network match with its chat (the largest contents); the replay
  /// bar's autoplay at `replaySpeedMs` milliseconds per move.
  SidePanel(wxWindow* parent, Handlers handlers, int replaySpeedMs);

  /// Shows `view`. Returns the turn line as shown (for the test report's TURN line).
  wxString Render(const SideView& view);

  /// Pixels the contents need down, as built (a network match with its chat).
  int ContentHeight() const { return contentHeight_; }
  /// Width in pixels for the panel's texts (its inside less its margins).
  int TextWidth() const;
  /// The texts were wrapped to another width than TextWidth() now (e.g. a scroll bar came):
  /// time to render again.
  bool NeedsRewrap() const { return TextWidth() != wrapWidth_; }
  /// Compact (for a narrow window, where the board needs the room): every button on a line
  /// of its own and narrower margins, the panel as narrow as its widest button; or the usual
  /// layout, buttons two or three to a row. The caller lays the window out again.
  void SetCompact(bool compact);
  /// True in the compact layout.
  bool IsCompact() const { return compact_; }
  /// Pixels across the panel needs in its usual layout (scroll bar included).
  int NaturalWidth() const { return naturalWidth_ + scrollBar_; }

  /// Shows the players' clocks (a clock without a value is hidden) without laying the panel out
  /// again: for the clock's ticks between renders.
  void RenderClocks(const ClocksView& clocks);

  /// The computer's analysis under the turn line while it thinks ("" hides it).
  void SetAnalysis(const wxString& text);

  /// Lays the panel out again and updates its scrolling range to its contents.
  void Relayout();

  /// The replay controls.
  ReplayBar* GetReplayBar() const { return replayBar_; }

  /// Chat: appends "<who>: <text>" (`who` in bold, coloured for the opponent) at the bottom.
  void AppendChat(bool fromUs, const wxString& who, const std::string& text);
  /// Chat: empties the log, the input and the error note (a new match).
  void ClearChat();
  /// Chat: the text typed, without surrounding blanks.
  wxString ChatText() const;
  /// Chat: empties the input and the error note (the line was sent).
  void ChatSent();
  /// Chat: shows `text` under the input, wrapped to the panel's width when `wrap`.
  void ShowChatError(const wxString& text, bool wrap);

  /// The request shown on card `i` (0: the upper, 1: the lower), which its Accept and Decline
  /// answer; RequestKind::None when the card is hidden.
  RequestKind ShownRequest(int i) const { return cards_[i].kind; }

  /// The controls the test report follows (BUTTON lines), by name.
  std::vector<std::pair<const char*, wxWindow*>> ReportedControls() const;

 private:
  // A request card: the opponent's request with Accept / Decline, or ours waiting.
  struct RequestCard {
    wxPanel* panel = nullptr;
    wxStaticText* title = nullptr;
    wxStaticText* text = nullptr;
    wxButton* accept = nullptr;
    wxButton* decline = nullptr;
    RequestKind kind = RequestKind::None;  // what it shows
  };

  void Build(int replaySpeedMs);
  // Builds card `i` (0 or 1) on `parent`; its buttons carry ID_Accept / ID_Decline (card 0)
  // or ID_Accept2 / ID_Decline2 (card 1).
  void BuildRequestCard(wxWindow* parent, int i);
  void RenderRequestCard(RequestCard& card, const RequestView& request, const std::string& peer);
  int Margin() const;  // pixels around the contents: less when compact
  // Scrolls the panel so that `child` (a direct child) is in view, its top first.
  void ScrollIntoView(wxWindow* child);
  /// Shows or hides the thinking indicator (a moving bar and the time since it started).
  void SetThinking(bool thinking);

  Handlers handlers_;
  int width_ = 0;         // pixels the contents need across, margins included
  int naturalWidth_ = 0;  // width_ in the usual layout
  int compactWidth_ = 0;  // width_ when compact
  int scrollBar_ = 0;     // the vertical scroll bar's width
  bool compact_ = false;
  wxFlexGridSizer* localGrid_ = nullptr;  // Undo / Redo / Restart
  wxGridSizer* actionsGrid_ = nullptr;    // the network match's actions
  wxGridSizer* connectGrid_ = nullptr;    // Create game / Join game
  wxSizerItem* outerItem_ = nullptr;      // the contents inside their margins
  int contentHeight_ = 0;                 // pixels the contents need down in a network match
  int wrapWidth_ = 0;                     // the TextWidth its labels were last wrapped to

  ReplayBar* replayBar_ = nullptr;
  wxSizer* replaySizer_ = nullptr;  // the replay heading and bar (shown in a replay)
  wxSizer* localSizer_ = nullptr;   // Undo / Redo / Restart (shown in a local game)
  wxButton* undoButton_ = nullptr;
  wxButton* redoButton_ = nullptr;
  wxButton* restartButton_ = nullptr;
  wxStaticBitmap* blackIcon_ = nullptr;
  wxStaticBitmap* whiteIcon_ = nullptr;
  wxStaticText* blackName_ = nullptr;
  wxStaticText* whiteName_ = nullptr;
  wxStaticText* blackYou_ = nullptr;  // "(you)" after our name, never ellipsized
  wxStaticText* whiteYou_ = nullptr;
  wxStaticText* blackClock_ = nullptr;  // right of the name, in a game with clocks
  wxStaticText* whiteClock_ = nullptr;
  int clockWidth_ = 0;  // the clocks' fixed width (the widest face), so ticks need no layout
  wxStaticText* gameHeading_ = nullptr;
  wxStaticText* turn_ = nullptr;
  // While the computer thinks: a moving bar, the seconds so far and (optional) its analysis.
  wxSizer* thinkingSizer_ = nullptr;
  wxGauge* thinkingGauge_ = nullptr;
  wxStaticText* thinkingTime_ = nullptr;
  wxStaticText* analysis_ = nullptr;
  wxTimer thinkingTimer_;
  std::chrono::steady_clock::time_point thinkingSince_;
  bool thinking_ = false;
  wxStaticText* moves_ = nullptr;
  wxStaticText* rule_ = nullptr;
  wxStaticText* foul_ = nullptr;
  wxStaticText* connection_ = nullptr;
  wxButton* hostButton_ = nullptr;
  wxButton* joinButton_ = nullptr;
  wxButton* leaveButton_ = nullptr;
  // Network match: actions, the request card, the chat (hidden in a local game).
  wxSizer* actionsSizer_ = nullptr;
  wxButton* takebackButton_ = nullptr;
  wxButton* drawButton_ = nullptr;
  wxButton* resignButton_ = nullptr;
  wxButton* againButton_ = nullptr;
  // Two: a takeback request and a draw offer can stand at once (SideView::request2).
  RequestCard cards_[2];
  wxSizer* chatSizer_ = nullptr;
  wxSizerItem* filler_ = nullptr;  // stretches in place of the chat in a local game
  wxTextCtrl* chatLog_ = nullptr;
  wxTextCtrl* chatInput_ = nullptr;
  wxButton* sendButton_ = nullptr;
  wxStaticText* chatError_ = nullptr;
};

}  // namespace gomoku::app
