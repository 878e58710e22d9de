#include "app/sidepanel.h"

#include <algorithm>

#include <wx/button.h>
#include <wx/dcclient.h>
#include <wx/dcgraph.h>
#include <wx/dcmemory.h>
#include <wx/gauge.h>
#include <wx/panel.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/statbmp.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "app/commands.h"
#include "app/resources.h"
#include "app/texts.h"
#include "app/wraptext.h"
#include "core/notation.h"
#include "core/utf8.h"

namespace gomoku::app {

namespace {

// Colours of the request card: warm for a question to answer, cool for a wait. Fixed light
// colours with dark text, so the card reads the same in light and dark themes.
const wxColour kIncomingCard(255, 240, 200);
const wxColour kIncomingBorder(226, 178, 74);
const wxColour kWaitingCard(226, 236, 248);
const wxColour kWaitingBorder(140, 170, 210);
const wxColour kCardText(38, 38, 38);

// A stone icon of `dip` device-independent pixels for the side panel, crisp at 1x and 2x.
wxBitmapBundle StoneIcon(Stone s, const wxWindow* w, int dip) {
  wxVector<wxBitmap> bitmaps;
  const wxImage& image = Resources::Get().StoneImage(s);
  for (int factor : {1, 2}) {
    const int px = w->FromDIP(dip) * factor;
    if (image.IsOk()) {
      bitmaps.push_back(wxBitmap(image.Scale(px, px, wxIMAGE_QUALITY_HIGH)));
      continue;
    }
    wxImage transparent(px, px);
    transparent.InitAlpha();
    std::fill_n(transparent.GetAlpha(), px * px, static_cast<unsigned char>(0));
    wxBitmap bitmap(transparent);
    {
      wxMemoryDC memoryDC(bitmap);
      wxGCDC dc(memoryDC);
      const bool black = s == Stone::Black;
      dc.SetPen(wxPen(black ? wxColour(0, 0, 0) : wxColour(150, 146, 136)));
      dc.SetBrush(wxBrush(black ? wxColour(24, 24, 24) : wxColour(246, 244, 238)));
      dc.DrawEllipse(1, 1, px - 2, px - 2);
    }
    bitmaps.push_back(bitmap);
  }
  return wxBitmapBundle::FromBitmaps(bitmaps);
}

}  // namespace

SidePanel::SidePanel(wxWindow* parent, Handlers handlers, int replaySpeedMs)
    : wxScrolledWindow(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                       wxVSCROLL | wxTAB_TRAVERSAL),
      handlers_(std::move(handlers)) {
  Build(replaySpeedMs);
}

void SidePanel::Build(int replaySpeedMs) {
  // Scrolls vertically, so that the window fits a low screen; as wide as its contents plus the
  // scroll bar, so that a scroll bar never hides or squeezes them.
  wxScrolledWindow* panel = this;
  panel->SetScrollRate(0, FromDIP(10));
  scrollBar_ = std::max(0, wxSystemSettings::GetMetric(wxSYS_VSCROLL_X, panel));
  int width = FromDIP(270);  // of the contents with their margins; more if a row needs it

  auto heading = [panel](const wxString& text) {
    auto* label = new wxStaticText(panel, wxID_ANY, text.Upper());
    wxFont font = label->GetFont().Bold();
    font.SetFractionalPointSize(font.GetFractionalPointSize() * 0.85);
    label->SetFont(font);
    label->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
    return label;
  };
  // Icon, name (ellipsized when too long; the full name in its tooltip) and "(you)", which
  // stays visible whatever the name's length.
  // A clock right of the row in a game with clocks: a fixed-width face, bold while it runs.
  auto playerRow = [&](Stone s, wxStaticBitmap*& icon, wxStaticText*& name, wxStaticText*& you,
                       wxStaticText*& clock) {
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    icon = new wxStaticBitmap(panel, wxID_ANY, StoneIcon(s, panel, 22));
    name = new wxStaticText(panel, wxID_ANY, ColorLabel(s), wxDefaultPosition, wxDefaultSize,
                            wxST_ELLIPSIZE_END);
    name->SetFont(name->GetFont().Larger());
    // TRANSLATORS: after the user's own nickname in the side panel.
    you = new wxStaticText(panel, wxID_ANY, _("(you)"));
    you->SetFont(name->GetFont());
    you->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
    you->Hide();
    row->Add(icon, wxSizerFlags().CentreVertical());
    row->Add(name, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(10)));
    row->Add(you, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(6)));
    clock = new wxStaticText(panel, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize,
                             wxALIGN_RIGHT | wxST_NO_AUTORESIZE);
    wxFont face = name->GetFont();
    face.SetFamily(wxFONTFAMILY_TELETYPE);
    face.SetWeight(wxFONTWEIGHT_BOLD);
    clock->SetFont(face);
    // TRANSLATORS: a clock in byo-yomi, e.g. "byo-yomi 0:25" (the time for this move).
    clockWidth_ = clock->GetTextExtent(wxString::Format(_("byo-yomi %s"), "00:00")).x + FromDIP(4);
    clock->SetMinSize(wxSize(clockWidth_, -1));
    clock->Hide();
    row->AddStretchSpacer();
    row->Add(clock, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(6)));
    return row;
  };

  // One column with a margin all around; vertical gaps come from spacers.
  auto* sizer = new wxBoxSizer(wxVERTICAL);
  const auto expand = wxSizerFlags().Expand();
  sizer->Add(heading(_("Players")));
  sizer->AddSpacer(FromDIP(10));
  sizer->Add(playerRow(Stone::Black, blackIcon_, blackName_, blackYou_, blackClock_), expand);
  sizer->AddSpacer(FromDIP(8));
  sizer->Add(playerRow(Stone::White, whiteIcon_, whiteName_, whiteYou_, whiteClock_), expand);

  sizer->AddSpacer(FromDIP(22));
  gameHeading_ = heading(_("Game"));
  sizer->Add(gameHeading_);
  sizer->AddSpacer(FromDIP(8));
  turn_ = new wxStaticText(panel, wxID_ANY, {});
  turn_->SetFont(turn_->GetFont().Bold().Larger());
  sizer->Add(turn_, expand);
  // The computer thinking: a moving bar and the seconds so far; its analysis under them.
  thinkingSizer_ = new wxBoxSizer(wxVERTICAL);
  auto* thinkingRow = new wxBoxSizer(wxHORIZONTAL);
  thinkingGauge_ = new wxGauge(panel, wxID_ANY, 100, wxDefaultPosition, wxDefaultSize,
                               wxGA_HORIZONTAL | wxGA_SMOOTH);
  thinkingGauge_->SetMinSize(wxSize(FromDIP(60), -1));
  thinkingTime_ = new wxStaticText(panel, wxID_ANY, {});
  thinkingRow->Add(thinkingGauge_, wxSizerFlags(1).CentreVertical());
  thinkingRow->Add(thinkingTime_, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(8)));
  thinkingSizer_->AddSpacer(FromDIP(4));
  thinkingSizer_->Add(thinkingRow, expand);
  analysis_ = new wxStaticText(panel, wxID_ANY, {});
  analysis_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  thinkingSizer_->Add(analysis_, wxSizerFlags().Expand().Border(wxTOP, FromDIP(2)));
  sizer->Add(thinkingSizer_, wxSizerFlags().Expand());
  sizer->Show(thinkingSizer_, false, /*recursive=*/true);
  thinkingTimer_.SetOwner(this);
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
    thinkingGauge_->Pulse();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - thinkingSince_).count();
    // TRANSLATORS: the computer's thinking time so far, e.g. "3.2 s".
    thinkingTime_->SetLabel(wxString::Format(_("%.1f s"), seconds));
  });
  sizer->AddSpacer(FromDIP(6));
  moves_ = new wxStaticText(panel, wxID_ANY, {});
  sizer->Add(moves_, expand);
  sizer->AddSpacer(FromDIP(2));
  rule_ = new wxStaticText(panel, wxID_ANY, {});
  rule_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  sizer->Add(rule_, expand);
  sizer->AddSpacer(FromDIP(2));
  foul_ = new wxStaticText(panel, wxID_ANY, {});
  foul_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  sizer->Add(foul_, expand);

  // Hot-seat game: undo, redo, restart.
  localSizer_ = new wxBoxSizer(wxVERTICAL);
  localSizer_->AddSpacer(FromDIP(14));
  // Each button at least its best size (its label clear of its edges), the room left shared.
  auto* localRow = localGrid_ = new wxFlexGridSizer(3, FromDIP(6), FromDIP(6));
  for (int column = 0; column < 3; ++column) localRow->AddGrowableCol(column, 1);
  undoButton_ = new wxButton(panel, ID_Takeback, _("&Undo"));
  undoButton_->SetToolTip(_("Take back the last move (Ctrl+Z)"));
  redoButton_ = new wxButton(panel, ID_Redo, _("Re&do"));
  redoButton_->SetToolTip(_("Play again the move last taken back (Ctrl+Y)"));
  restartButton_ = new wxButton(panel, ID_Restart, _("Re&start"));
  restartButton_->SetToolTip(_("Start this game again from the empty board"));
  for (wxButton* b : {undoButton_, redoButton_, restartButton_}) localRow->Add(b, expand);
  localSizer_->Add(localRow, expand);
  width = std::max(width, localRow->CalcMin().x + FromDIP(32));  // measured while shown
  sizer->Add(localSizer_, expand);

  // Replay of an opened record.
  replaySizer_ = new wxBoxSizer(wxVERTICAL);
  replaySizer_->AddSpacer(FromDIP(18));
  replaySizer_->Add(heading(_("Replay")));
  replaySizer_->AddSpacer(FromDIP(8));
  replayBar_ = new ReplayBar(panel, handlers_.replay, replaySpeedMs);
  replaySizer_->Add(replayBar_, expand);
  width = std::max(width, replayBar_->GetBestSize().x + FromDIP(32));
  sizer->Add(replaySizer_, expand);
  // Hidden until needed: they take the place of the chat, so the window's minimum size (set
  // from the panel as built) does not count them.
  sizer->Show(localSizer_, false, /*recursive=*/true);
  sizer->Show(replaySizer_, false, /*recursive=*/true);

  // Network match: the actions, two by two.
  actionsSizer_ = new wxBoxSizer(wxVERTICAL);
  actionsSizer_->AddSpacer(FromDIP(14));
  auto* actions = actionsGrid_ = new wxGridSizer(2, FromDIP(6), FromDIP(6));
  takebackButton_ = new wxButton(panel, ID_Takeback, _("&Take back"));
  takebackButton_->SetToolTip(_("Ask your opponent to take back your last move (Ctrl+Z)"));
  drawButton_ = new wxButton(panel, ID_Draw, _("Offer &draw"));
  drawButton_->SetToolTip(_("Offer your opponent a draw (Ctrl+D)"));
  resignButton_ = new wxButton(panel, ID_Resign, _(L"&Resign\u2026"));
  resignButton_->SetToolTip(_("Give up the running game"));
  againButton_ = new wxButton(panel, ID_Again, _("Play &again"));
  againButton_->SetToolTip(_("Ask for another game, with the colours swapped (Ctrl+G)"));
  for (wxButton* b : {takebackButton_, drawButton_, resignButton_, againButton_})
    actions->Add(b, expand);
  actionsSizer_->Add(actions, expand);
  sizer->Add(actionsSizer_, expand);

  // The opponent's request with Accept / Decline, or our request waiting for an answer. A
  // card in the side panel, so the board never moves and the game goes on meanwhile.
  for (int i = 0; i < 2; ++i) {
    BuildRequestCard(panel, i);
    sizer->Add(cards_[i].panel, wxSizerFlags().Expand().Border(wxTOP, FromDIP(i == 0 ? 14 : 8)));
  }

  // Chat: the log (newest at the bottom), a line to type in and Send, a note for refusals.
  chatSizer_ = new wxBoxSizer(wxVERTICAL);
  chatSizer_->AddSpacer(FromDIP(18));
  chatSizer_->Add(heading(_("Chat")));
  chatSizer_->AddSpacer(FromDIP(8));
  chatLog_ = new wxTextCtrl(panel, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize,
                            wxTE_MULTILINE | wxTE_READONLY | wxTE_RICH2 | wxTE_WORDWRAP);
  chatLog_->SetMinSize(wxSize(-1, FromDIP(60)));
  chatLog_->SetMargins(FromDIP(4));
  chatSizer_->Add(chatLog_, wxSizerFlags(1).Expand());
  chatSizer_->AddSpacer(FromDIP(6));
  auto* chatRow = new wxBoxSizer(wxHORIZONTAL);
  chatInput_ =
      new wxTextCtrl(panel, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize, wxTE_PROCESS_ENTER);
  chatInput_->SetHint(_("Type a message"));
  sendButton_ =
      new wxButton(panel, ID_Send, _("Send"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  sendButton_->SetMinSize(wxSize(FromDIP(64), -1));
  chatRow->Add(chatInput_, wxSizerFlags(1).CentreVertical());
  chatRow->Add(sendButton_, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(6)));
  chatSizer_->Add(chatRow, expand);
  chatError_ = new wxStaticText(panel, wxID_ANY, {});
  wxFont small = chatError_->GetFont();
  small.SetFractionalPointSize(small.GetFractionalPointSize() * 0.9);
  chatError_->SetFont(small);
  chatError_->SetForegroundColour(wxColour(192, 28, 40));
  chatSizer_->AddSpacer(FromDIP(2));
  chatSizer_->Add(chatError_, expand);
  sizer->Add(chatSizer_, wxSizerFlags(1).Expand());
  chatInput_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) {
    if (handlers_.sendChat) handlers_.sendChat();
  });
  chatInput_->Bind(wxEVT_TEXT, [this](wxCommandEvent& e) {
    e.Skip();
    if (!chatError_->GetLabel().empty()) chatError_->SetLabelText({});
  });
  // In a hot-seat game (no chat) the buttons still sit at the bottom.
  filler_ = sizer->AddStretchSpacer();

  sizer->AddSpacer(FromDIP(22));
  sizer->Add(heading(_("Connection")));
  sizer->AddSpacer(FromDIP(8));
  connection_ = new wxStaticText(panel, wxID_ANY, {});
  sizer->Add(connection_, expand);

  sizer->AddSpacer(FromDIP(8));
  hostButton_ = new wxButton(panel, ID_Host, _(L"&Create game\u2026"));
  joinButton_ = new wxButton(panel, ID_Join, _(L"&Join game\u2026"));
  leaveButton_ = new wxButton(panel, ID_Leave, _("&Leave game"));
  // Create and Join side by side, Leave under them: room for the chat in a network match.
  auto* connect = connectGrid_ = new wxGridSizer(2, FromDIP(6), FromDIP(6));
  connect->Add(hostButton_, expand);
  connect->Add(joinButton_, expand);
  sizer->AddSpacer(FromDIP(6));
  sizer->Add(connect, expand);
  sizer->AddSpacer(FromDIP(6));
  sizer->Add(leaveButton_, expand);
  auto* outer = new wxBoxSizer(wxVERTICAL);
  outerItem_ = outer->Add(sizer, wxSizerFlags(1).Expand().Border(wxALL, Margin()));
  panel->SetSizer(outer);
  contentHeight_ = outer->GetMinSize().y;  // as built: a network match with its chat
  width_ = naturalWidth_ = std::max(width, outer->GetMinSize().x);
  // Compact: every button on a line of its own, as wide as the widest button label needs.
  compactWidth_ = FromDIP(150);
  for (wxButton* b : {undoButton_, redoButton_, restartButton_, takebackButton_, drawButton_,
                      resignButton_, againButton_, hostButton_, joinButton_, leaveButton_})
    compactWidth_ = std::max(compactWidth_, b->GetBestSize().x + 2 * FromDIP(8));
  replayBar_->SetCompact(true);
  compactWidth_ = std::max(compactWidth_, replayBar_->GetBestSize().x + 2 * FromDIP(8));
  replayBar_->SetCompact(false);
  compactWidth_ = std::min(compactWidth_, naturalWidth_);
  panel->SetMinSize(wxSize(width_ + scrollBar_, FromDIP(200)));
  panel->FitInside();

  // The buttons share the menu commands' ids: forward them to the frame's handlers.
  panel->Bind(wxEVT_BUTTON, [this](wxCommandEvent& e) {
    if (handlers_.command) handlers_.command(e.GetId());
  });
}

void SidePanel::RenderClocks(const ClocksView& clocks) {
  for (Stone s : {Stone::Black, Stone::White}) {
    const std::optional<ClockView>& c = s == Stone::Black ? clocks.black : clocks.white;
    wxStaticText* label = s == Stone::Black ? blackClock_ : whiteClock_;
    if (!c) continue;
    const wxString face = FromUtf8(c->face);
    const wxString text = c->byoYomi ? wxString::Format(_("byo-yomi %s"), face) : face;
    if (label->GetLabel() != text) label->SetLabel(text);
    // The running clock in the text colour, the other one grey; red under 10 s.
    const wxColour colour = c->low       ? wxColour(200, 30, 30)
                            : c->running ? wxSystemSettings::GetColour(wxSYS_COLOUR_WINDOWTEXT)
                                         : wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT);
    if (label->GetForegroundColour() != colour) {
      label->SetForegroundColour(colour);
      label->Refresh();
    }
    if (c->byoYomi)
      label->SetToolTip(_("Byo-yomi: the main time is used up; this is the time for each move."));
    else
      label->UnsetToolTip();
  }
}

wxString SidePanel::Render(const SideView& v) {
  const int wrap = TextWidth();
  wrapWidth_ = wrap;
  // Nicknames inside sentences are shortened (with an ellipsis) to about half a line, so that
  // what the sentence says (whose turn, the countdown) always shows.
  auto shortName = [&](const wxWindow* label, const wxString& nick) {
    return EllipsizeName(label, nick, wrap / 2);
  };
  const wxString blackNick = FromUtf8(v.black.name);
  const wxString whiteNick = FromUtf8(v.white.name);
  const wxString peerNick = FromUtf8(v.peer);

  // Players: nicknames in a network game, "(you)" after ours; the side to move in bold. A long
  // nickname is ellipsized, never the "(you)" after it; the tooltip has it in full.
  const int iconWidth = blackIcon_->GetBestSize().x + FromDIP(10);
  for (Stone s : {Stone::Black, Stone::White}) {
    const PlayerView& player = s == Stone::Black ? v.black : v.white;
    wxStaticText* label = s == Stone::Black ? blackName_ : whiteName_;
    wxStaticText* you = s == Stone::Black ? blackYou_ : whiteYou_;
    const wxString nick = s == Stone::Black ? blackNick : whiteNick;
    const wxString text = nick.empty() ? ColorLabel(s) : nick;
    wxFont font = label->GetFont();
    font.SetWeight(player.toMove ? wxFONTWEIGHT_BOLD : wxFONTWEIGHT_NORMAL);
    label->SetFont(font);
    label->SetLabelText(text);
    you->Show(player.you);
    // Measured from the text: GTK reports a stale best size for a label that was hidden.
    const int youWidth = you->GetTextExtent(you->GetLabelText()).x + FromDIP(2);
    you->SetMinSize(wxSize(youWidth, -1));
    const bool clocked =
        s == Stone::Black ? v.clocks.black.has_value() : v.clocks.white.has_value();
    (s == Stone::Black ? blackClock_ : whiteClock_)->Show(clocked);
    int room = wrap - iconWidth - (clocked ? clockWidth_ + FromDIP(6) : 0);
    if (player.you) room -= youWidth + FromDIP(6);
    const int needed = label->GetTextExtent(text).x + FromDIP(2);
    label->SetMinSize(wxSize(std::max(FromDIP(24), std::min(needed, room)), -1));
    if (nick.empty())
      label->UnsetToolTip();
    else  // TRANSLATORS: tooltip of a player's name, e.g. "Alice (Black)".
      label->SetToolTip(wxString::Format(_("%s (%s)"), nick, ColorLabel(s)));
  }

  RenderClocks(v.clocks);

  // Turn or result.
  wxString turn;
  switch (v.turn.kind) {
    case TurnKind::Result:
      turn =
          ResultSentence(v.turn.result, shortName(turn_, blackNick), shortName(turn_, whiteNick));
      break;
    case TurnKind::Paused:
      turn = _("Game paused: connection lost");
      break;
    case TurnKind::RecordResult: {
      Record record;
      record.result = v.turn.stated.result;
      record.resultText = v.turn.stated.text;
      record.foulResult = v.turn.stated.foul;
      turn = RecordResultSentence(record, blackNick, whiteNick);
      break;
    }
    case TurnKind::ReplayToMove:
      turn = v.connection.kind == ConnectionKind::Watching
                 // TRANSLATORS: a game watched live; %s: "Black" or "White".
                 ? wxString::Format(_("Live: %s to move"), ColorLabel(v.turn.side))
                 : wxString::Format(_("Replay: %s to move"), ColorLabel(v.turn.side));
      break;
    case TurnKind::YourTurn:
      turn = _("Your turn");
      break;
    case TurnKind::OpponentTurn: {
      // On one line when the name, shortened, fits there.
      const wxString format = _("Opponent's turn: %s");
      wxClientDC dc(turn_);
      dc.SetFont(turn_->GetFont());
      const int room = wrap - dc.GetTextExtent(wxString::Format(format, wxString())).x;
      turn = wxString::Format(format, EllipsizeName(turn_, peerNick, std::max(room, wrap / 2)));
      break;
    }
    case TurnKind::ComputerThinking:
      turn = _(L"The computer is thinking\u2026");
      break;
    case TurnKind::ToMove:
      turn = wxString::Format(_("%s to move"), ColorLabel(v.turn.side));
      break;
    case TurnKind::Opening:
      turn = _("Opening: see the banner over the board");
      break;
    case TurnKind::Waiting:
      turn = v.connection.kind == ConnectionKind::Listening ? _(L"Waiting for an opponent\u2026")
                                                            : _(L"Connecting\u2026");
      break;
  }
  SetWrappedLabel(turn_, turn, wrap);
  SetThinking(v.turn.kind == TurnKind::ComputerThinking);
  // A result whose names were shortened: the whole sentence in the tooltip.
  const wxString whole =
      v.turn.kind == TurnKind::Result ? ResultSentence(v.turn.result, blackNick, whiteNick) : turn;
  if (whole != turn)
    turn_->SetToolTip(whole);
  else
    turn_->UnsetToolTip();
  turn_->SetMinSize(wxSize(-1, -1));  // its lines, no blank line under a short one
  gameHeading_->SetLabelText(v.gameNumber >= 2
                                 ? wxString::Format(_("Game %d"), v.gameNumber).Upper()
                                 : wxString(_("Game")).Upper());

  wxString moves = wxString::Format(wxPLURAL("%d move", "%d moves", v.ply), v.ply);
  if (v.lastMove) moves += wxString::Format(_(", last %s"), pointName(*v.lastMove, v.size));
  SetWrappedLabel(moves_, moves, wrap);
  SetWrappedLabel(rule_, RuleLabel(v.rule, v.size), wrap);
  SetWrappedLabel(foul_, v.foul ? FoulPolicyLabel(*v.foul) : wxString(), wrap);
  foul_->Show(v.foul.has_value());

  // Connection.
  wxString connection = _("Not connected");
  const ConnectionView& c = v.connection;
  switch (c.kind) {
    case ConnectionKind::NotConnected:
      break;
    case ConnectionKind::LocalGame:
      connection = _(L"Not connected \u2014 local game on this computer");
      break;
    case ConnectionKind::Replaying:
      connection = _(L"Not connected \u2014 replaying a record");
      break;
    case ConnectionKind::Listening:
      connection = wxString::Format(_("Listening on port %d"), c.port);
      break;
    case ConnectionKind::Connecting:
      // NetGame says e.g. "connecting to example.org:6515".
      connection = c.text.empty() ? wxString(_(L"Connecting\u2026"))
                                  : AsSentence(c.text).RemoveLast() + L"\u2026";
      break;
    case ConnectionKind::Suspended: {
      const wxString clock =
          wxString::Format("%lld:%02lld", c.secondsLeft / 60, c.secondsLeft % 60);
      connection =
          c.online ? wxString::Format(_(L"Connection lost — reconnecting to the server (%s left)."),
                                      clock)
          : c.host
              ? wxString::Format(_(L"Connection lost — waiting for %s to reconnect (%s left)."),
                                 shortName(connection_, peerNick), clock)
              : wxString::Format(_(L"Connection lost — reconnecting to the host (%s left)."),
                                 clock);
      break;
    }
    case ConnectionKind::Closed:
      connection = wxString::Format(_("Connection closed: %s"), CoreText(c.text));
      break;
    case ConnectionKind::Connected:
      connection = c.watchers > 0
                       // TRANSLATORS: %1$s: the opponent's address; %2$d: how many programs watch.
                       ? wxString::Format(wxPLURAL("Connected to %s (%d watching)",
                                                   "Connected to %s (%d watching)", c.watchers),
                                          FromUtf8(c.text), c.watchers)
                       : wxString::Format(_("Connected to %s"), FromUtf8(c.text));
      break;
    case ConnectionKind::Watching:
      // TRANSLATORS: %1$s: the host ("alice-pc:6515"); %2$d: the watchers, this one included.
      connection = wxString::Format(wxPLURAL("Watching the game at %s (%d watching)",
                                             "Watching the game at %s (%d watching)", c.watchers),
                                    FromUtf8(c.text), c.watchers);
      break;
    case ConnectionKind::Failed:
      connection = wxString::Format(_("Connection failed: %s"), CoreText(c.text));
      break;
    case ConnectionKind::Online: {
      const bool rated = c.online && c.online->rated;
      const wxString server = FromUtf8(c.text), opponent = shortName(connection_, peerNick);
      if (c.online && c.online->opponentScore)
        // TRANSLATORS: "Rated game on Gomoku server against bob (1030)": the server, the
        // opponent and the opponent's ladder score.
        connection = rated ? wxString::Format(_("Rated game on %s against %s (%d)"), server,
                                              opponent, *c.online->opponentScore)
                           : wxString::Format(_("Unrated game on %s against %s (%d)"), server,
                                              opponent, *c.online->opponentScore);
      else
        connection = rated ? wxString::Format(_("Rated game on %s against %s"), server, opponent)
                           : wxString::Format(_("Unrated game on %s against %s"), server, opponent);
      break;
    }
  }
  if (c.online) {
    if (c.awaySecondsLeft >= 0)
      connection += "\n" + wxString::Format(_("%s is disconnected and loses in %s unless they "
                                              "come back."),
                                            shortName(connection_, peerNick),
                                            wxString::Format("%lld:%02lld", c.awaySecondsLeft / 60,
                                                             c.awaySecondsLeft % 60));
    if (c.online->ladder) {
      const auto [before, after] = *c.online->ladder;
      // TRANSLATORS: the ladder score before and after the game, e.g. "Ladder: 1000 → 1030".
      connection += "\n" + wxString::Format(_(L"Ladder: %d → %d"), before, after);
    }
  }
  SetWrappedLabel(connection_, connection, wrap);
  RewrapLabel(chatError_, wrap);

  const ControlsView& on = v.controls;
  leaveButton_->Enable(on.leave);
  // Online, once no game runs, leaving goes back to the hall (a running game is lost).
  const wxString leaveLabel =
      on.leaveKind == LeaveKind::BackToHall     ? wxString(_("&Back to the hall"))
      : on.leaveKind == LeaveKind::StopWatching ? wxString(_("&Stop watching"))
                                                : wxString(_("&Leave game"));
  if (leaveButton_->GetLabel() != leaveLabel) leaveButton_->SetLabel(leaveLabel);

  // Network match: actions, request card and chat; in a local game none of them.
  GetSizer()->Show(actionsSizer_, v.sections.network, /*recursive=*/true);
  GetSizer()->Show(chatSizer_, v.sections.chat, /*recursive=*/true);
  filler_->Show(!v.sections.chat);
  GetSizer()->Show(localSizer_, v.sections.local, /*recursive=*/true);
  GetSizer()->Show(replaySizer_, v.sections.replay, /*recursive=*/true);
  undoButton_->Enable(on.undo);
  redoButton_->Enable(on.redo);
  restartButton_->Enable(on.restart);
  takebackButton_->Enable(on.takeback);
  drawButton_->Enable(on.draw);
  resignButton_->Enable(on.resign);
  againButton_->Enable(on.again);
  againButton_->SetLabel(on.againWaiting ? _(L"Waiting\u2026") : _("Play &again"));
  chatInput_->Enable(on.chat);
  sendButton_->Enable(on.chat);
  if (v.connection.kind == ConnectionKind::Watching)
    chatInput_->SetHint(on.chat ? wxString(_(L"Message to the players and watchers\u2026"))
                                : wxString(_("Only the players chat")));
  else if (v.sections.network)
    chatInput_->SetHint(
        on.chat ? wxString::Format(_(L"Message to %s\u2026"), shortName(chatInput_, peerNick))
                : wxString(_("Not connected")));
  // A request of the opponent's that just came in is scrolled into view (in a low window the
  // second card can sit below the panel's bottom edge).
  wxWindow* arrived = nullptr;
  for (int i = 0; i < 2; ++i) {
    const RequestView& request = i == 0 ? v.request : v.request2;
    if (request.Incoming() && cards_[i].kind != request.kind) arrived = cards_[i].panel;
    RenderRequestCard(cards_[i], request, v.peer);
  }
  if (v.replay && (replayBar_->Ply() != v.replay->ply || replayBar_->Total() != v.replay->total))
    replayBar_->SetPosition(v.replay->ply, v.replay->total);
  if (v.replay) replayBar_->SetOpening(FromUtf8(v.replay->opening), wrap);
  Relayout();
  if (arrived) ScrollIntoView(arrived);
  return turn;
}

void SidePanel::ScrollIntoView(wxWindow* child) {
  int unitX = 0, unitY = 0;
  GetScrollPixelsPerUnit(&unitX, &unitY);
  if (unitY <= 0) return;
  // Children sit at scrolled (client) positions; the view start counts scroll units.
  const wxRect r = child->GetRect();
  const int client = GetClientSize().y;
  const int margin = FromDIP(8);
  int dy = 0;
  if (r.GetBottom() + margin > client) dy = r.GetBottom() + margin - client;  // below: up
  if (r.GetTop() - dy < 0) dy = r.GetTop() - margin;  // taller than the view: its top
  if (dy == 0) return;
  int startX = 0, startY = 0;
  GetViewStart(&startX, &startY);
  const int units = dy > 0 ? (dy + unitY - 1) / unitY : -((unitY - 1 - dy) / unitY);  // whole
  Scroll(-1, std::max(0, startY + units));
}

void SidePanel::BuildRequestCard(wxWindow* parent, int i) {
  RequestCard& card = cards_[i];
  card.panel = new wxPanel(parent);
  card.panel->SetBackgroundColour(kIncomingCard);
  card.panel->Bind(wxEVT_PAINT, [this, panel = card.panel](wxPaintEvent&) {
    wxPaintDC dc(panel);
    const bool incoming = panel->GetBackgroundColour() == kIncomingCard;
    dc.SetPen(wxPen(incoming ? kIncomingBorder : kWaitingBorder, FromDIP(1)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawRectangle(wxPoint(0, 0), panel->GetClientSize());
    // An accent stripe on the left edge.
    dc.SetBrush(wxBrush(incoming ? kIncomingBorder : kWaitingBorder));
    dc.DrawRectangle(0, 0, FromDIP(4), panel->GetClientSize().y);
  });
  card.title = new wxStaticText(card.panel, wxID_ANY, {});
  card.title->SetFont(card.title->GetFont().Bold());
  card.text = new wxStaticText(card.panel, wxID_ANY, {});
  for (wxStaticText* t : {card.title, card.text}) t->SetForegroundColour(kCardText);
  card.accept = new wxButton(card.panel, i == 0 ? ID_Accept : ID_Accept2, _("&Accept"));
  card.decline = new wxButton(card.panel, i == 0 ? ID_Decline : ID_Decline2, _("Decli&ne"));
  auto* cardButtons = new wxBoxSizer(wxHORIZONTAL);
  cardButtons->AddStretchSpacer();
  cardButtons->Add(card.decline);
  cardButtons->Add(card.accept, wxSizerFlags().Border(wxLEFT, FromDIP(6)));
  auto* box = new wxBoxSizer(wxVERTICAL);
  const int pad = FromDIP(12);
  box->Add(card.title, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxTOP, pad));
  box->AddSpacer(FromDIP(4));
  box->Add(card.text, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT, pad));
  box->Add(cardButtons, wxSizerFlags().Expand().Border(wxALL, pad));
  card.panel->SetSizer(box);
  card.panel->Hide();
}

void SidePanel::RenderRequestCard(RequestCard& card, const RequestView& request,
                                  const std::string& nickname) {
  const int wrap = TextWidth() - FromDIP(24);
  // A long nickname is shortened, so that the sentence around it stays short.
  const wxString peer = EllipsizeName(card.text, FromUtf8(nickname), wrap * 3 / 5);
  wxString title, text;
  card.kind = request.kind;
  switch (request.kind) {
    case RequestKind::None:
      break;
    case RequestKind::PeerTakeback:
      title = _("Takeback request");
      // The opponent asks for two plies when it is its turn (its move and our reply).
      text = request.plies == 1 ? wxString::Format(_("%s asks to take back a move."), peer)
                                : wxString::Format(_("%s asks to take back two moves."), peer);
      break;
    case RequestKind::PeerDraw:
      title = _("Draw offer");
      text = wxString::Format(_("%s offers a draw."), peer);
      break;
    case RequestKind::PeerAgain:
      title = _("Play again");
      text = wxString::Format(_("%s wants to play again, with the colours swapped."), peer);
      break;
    case RequestKind::OwnTakeback:
      title = _("Takeback requested");
      text = wxString::Format(_(L"Waiting for %s\u2019s answer\u2026"), peer);
      break;
    case RequestKind::OwnDraw:
      title = _("Draw offered");
      text = wxString::Format(_(L"Waiting for %s\u2019s answer\u2026"), peer);
      break;
    case RequestKind::OwnAgain:
      title = _("Play again");
      text = wxString::Format(_(L"Waiting for %s\u2026"), peer);
      break;
  }
  if (title.empty()) {
    card.panel->Hide();
    return;
  }
  // The opponent's draw offer while our takeback request waits is answered after it.
  if (request.later) text += "\n" + _("Answer it once your takeback request is answered.");
  const bool incoming = request.Incoming();
  card.panel->SetBackgroundColour(incoming ? kIncomingCard : kWaitingCard);
  SetWrappedLabel(card.title, title, wrap);
  SetWrappedLabel(card.text, text, wrap);
  card.accept->Show(incoming);
  card.decline->Show(incoming);
  card.accept->Enable(!request.later);
  card.decline->Enable(!request.later);
  card.panel->Show();
  card.panel->Layout();
  card.panel->Refresh();
}

int SidePanel::TextWidth() const {
  // The panel's inside less its margins; never less than the panel was built for.
  return std::max(GetClientSize().x, width_) - 2 * Margin();
}

void SidePanel::SetThinking(bool thinking) {
  if (thinking == thinking_) return;
  thinking_ = thinking;
  if (thinking) {
    thinkingSince_ = std::chrono::steady_clock::now();
    thinkingTime_->SetLabel(wxString::Format(_("%.1f s"), 0.0));
    thinkingGauge_->Pulse();
    thinkingTimer_.Start(100);
  } else {
    thinkingTimer_.Stop();
    analysis_->SetLabel({});
  }
  GetSizer()->Show(thinkingSizer_, thinking, /*recursive=*/true);
  if (thinking) analysis_->Show(!analysis_->GetLabel().empty());
  Relayout();
}

void SidePanel::SetAnalysis(const wxString& text) {
  if (text == analysis_->GetLabel()) return;
  SetWrappedLabel(analysis_, text, TextWidth());
  analysis_->Show(thinking_ && !text.empty());
  Relayout();
}

int SidePanel::Margin() const {
  return FromDIP(compact_ ? 8 : 16);
}

void SidePanel::SetCompact(bool compact) {
  if (compact == compact_) return;
  compact_ = compact;
  localGrid_->SetCols(compact ? 1 : 3);
  for (int column = 1; column < 3; ++column) {
    if (compact)
      localGrid_->RemoveGrowableCol(static_cast<std::size_t>(column));
    else
      localGrid_->AddGrowableCol(static_cast<std::size_t>(column), 1);
  }
  actionsGrid_->SetCols(compact ? 1 : 2);
  connectGrid_->SetCols(compact ? 1 : 2);
  outerItem_->SetBorder(Margin());
  replayBar_->SetCompact(compact);
  width_ = compact ? compactWidth_ : naturalWidth_;
  SetMinSize(wxSize(width_ + scrollBar_, FromDIP(200)));
  Layout();
  FitInside();
}

void SidePanel::Relayout() {
  FitInside();  // the scrolling range follows the contents shown
  Layout();
}

void SidePanel::AppendChat(bool fromUs, const wxString& who, const std::string& text) {
  // "Bob: hello" / "You: hi"; the name in bold (and coloured for the opponent). singleLine
  // keeps a peer's text on its line.
  if (!chatLog_->IsEmpty()) chatLog_->AppendText("\n");
  wxTextAttr name;
  name.SetFontWeight(wxFONTWEIGHT_BOLD);
  name.SetTextColour(fromUs ? wxSystemSettings::GetColour(wxSYS_COLOUR_WINDOWTEXT)
                            : wxColour(28, 100, 180));
  chatLog_->SetDefaultStyle(name);
  // TRANSLATORS: the speaker in the chat log, e.g. "Bob: ".
  chatLog_->AppendText(wxString::Format(_("%s: "), who));
  wxTextAttr body;
  body.SetFontWeight(wxFONTWEIGHT_NORMAL);
  body.SetTextColour(wxSystemSettings::GetColour(wxSYS_COLOUR_WINDOWTEXT));
  chatLog_->SetDefaultStyle(body);
  chatLog_->AppendText(FromUtf8(singleLine(text)));
  chatLog_->ShowPosition(chatLog_->GetLastPosition());  // newest at the bottom, in view
}

void SidePanel::ClearChat() {
  chatLog_->Clear();
  chatInput_->Clear();
  chatError_->SetLabelText({});
}

wxString SidePanel::ChatText() const {
  return chatInput_->GetValue().Trim().Trim(false);
}

void SidePanel::ChatSent() {
  chatInput_->Clear();
  chatError_->SetLabelText({});
}

void SidePanel::ShowChatError(const wxString& text, bool wrap) {
  if (wrap) {
    SetWrappedLabel(chatError_, text, TextWidth());  // e.g. too long, too fast
    Relayout();
  } else {
    chatError_->SetLabelText(text);
    Layout();
  }
}

std::vector<std::pair<const char*, wxWindow*>> SidePanel::ReportedControls() const {
  return {
      {"takeback", takebackButton_},
      {"draw", drawButton_},
      {"resign", resignButton_},
      {"again", againButton_},
      {"accept", cards_[0].accept},
      {"decline", cards_[0].decline},
      {"accept2", cards_[1].accept},
      {"decline2", cards_[1].decline},
      {"chat", chatInput_},
      {"send", sendButton_},
      {"undo", undoButton_},
      {"redo", redoButton_},
      {"restart", restartButton_},
      {"first", replayBar_->FirstButton()},
      {"prev", replayBar_->PrevButton()},
      {"play", replayBar_->PlayButton()},
      {"next", replayBar_->NextButton()},
      {"last", replayBar_->LastButton()},
      {"continue", replayBar_->ContinueButton()},
      {"leave", leaveButton_},
  };
}

}  // namespace gomoku::app
