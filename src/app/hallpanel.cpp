#include "app/hallpanel.h"

#include <algorithm>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/datetime.h>
#include <wx/listbox.h>
#include <wx/listctrl.h>
#include <wx/notebook.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "app/newgamedialog.h"
#include "app/openingtexts.h"
#include "app/texts.h"
#include "app/wraptext.h"
#include "core/clock.h"

namespace gomoku::app {

namespace {

wxString StateLabel(net::PlayerState s) {
  switch (s) {
    case net::PlayerState::Gone:
      return _("Gone");
    case net::PlayerState::Hall:
      return _("In the hall");
    case net::PlayerState::Finding:
      return _("Looking for a game");
    case net::PlayerState::Playing:
      return _("Playing");
  }
  return {};
}

wxString ShortRule(Rule r) {
  switch (r) {
    case Rule::Freestyle:
      return _("Freestyle");
    case Rule::Standard:
      return _("Standard");
    case Rule::Renju:
      return _("Renju");
  }
  return {};
}

// `text` (a rule, or a rule and a board size) with the clock and the opening rule when the game
// has them: "Freestyle, clock 5m+5s, opening rule Swap2".
wxString WithTiming(wxString text, const TimeControl& clock, OpeningRule opening) {
  if (clock.kind != ClockKind::None)
    // TRANSLATORS: a game's rule and its time control, e.g. "Freestyle, clock 5m+5s" (the
    // time control is written as it is typed: 5m+5s, 30s/move, 10m,30s).
    text = wxString::Format(_("%s, clock %s"), text, FromUtf8(formatTimeControl(clock)));
  if (opening != OpeningRule::None)
    // TRANSLATORS: a game's rule (and clock) and its opening rule, e.g. "Freestyle, opening
    // rule Swap2".
    text = wxString::Format(_("%s, opening rule %s"), text, OpeningRuleLabel(opening));
  return text;
}

// "Renju, clock 5m+5s, 15 × 15, you play White, rated": an invitation's settings, from our
// side.
wxString InvitationLabel(const net::Invited& i) {
  const net::RoomSettings& s = i.settings;
  // The inviter's colour is in the settings; ours is the other one.
  const wxString color = s.color == net::SeatColor::Random  ? _("colours drawn by lot")
                         : s.color == net::SeatColor::Black ? _("you play White")
                                                            : _("you play Black");
  return wxString::Format(
      _(L"%s (%d) invites you: %s, %d × %d, %s, %s"), FromUtf8(i.from), static_cast<int>(i.score),
      WithTiming(ShortRule(s.rule), s.clock, s.opening), static_cast<int>(s.boardSize),
      static_cast<int>(s.boardSize), color, s.rated ? _("rated if you tick Rated") : _("unrated"));
}

wxString OutcomeLabel(Outcome o) {
  switch (o) {
    case Outcome::BlackWins:
      return _("Black won");
    case Outcome::WhiteWins:
      return _("White won");
    case Outcome::Draw:
      return _("Draw");
    case Outcome::Interrupted:
    case Outcome::Ongoing:
      break;
  }
  return _("Interrupted");
}

wxString Signed(int delta) {
  return delta > 0 ? wxString::Format("+%d", delta) : wxString::Format("%d", delta);
}

}  // namespace

HallPanel::HallPanel(wxWindow* parent, Handlers handlers)
    : wxPanel(parent), handlers_(std::move(handlers)) {
  Build();
}

HallPanel::~HallPanel() = default;

void HallPanel::Build() {
  const int gap = FromDIP(8);
  auto* root = new wxBoxSizer(wxVERTICAL);

  // Title, stats and the account's buttons.
  auto* top = new wxBoxSizer(wxHORIZONTAL);
  auto* heading = new wxBoxSizer(wxVERTICAL);
  title_ = new wxStaticText(this, wxID_ANY, _("Game hall"));
  title_->SetFont(title_->GetFont().Scaled(1.4f).Bold());
  heading->Add(title_);
  stats_ = new wxStaticText(this, wxID_ANY, {});
  heading->Add(stats_, wxSizerFlags().Border(wxTOP, gap / 2));
  top->Add(heading, wxSizerFlags(1).Expand());
  refresh_ = new wxButton(this, wxID_ANY, _("Refres&h"));
  signOut_ = new wxButton(this, wxID_ANY, _("Sign &out"));
  top->Add(refresh_, wxSizerFlags().Top().Border(wxRIGHT, gap));
  top->Add(signOut_, wxSizerFlags().Top());
  root->Add(top, wxSizerFlags().Expand().Border(wxALL, gap));

  // Play: find a match, private room, a friend's room.
  // A heading as the side panel's (no wxStaticBox: the test report places the buttons from
  // their sizer positions, which a box's label would offset).
  // "Play" alone is also the replay bar's button (play the moves): a context keeps them apart.
  const wxString playText = wxGETTEXT_IN_CONTEXT("game hall", "Play");
  auto* playHeading = new wxStaticText(this, wxID_ANY, playText.Upper());
  wxFont headingFont = playHeading->GetFont().Bold();
  headingFont.SetFractionalPointSize(headingFont.GetFractionalPointSize() * 0.85);
  playHeading->SetFont(headingFont);
  playHeading->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  root->Add(playHeading, wxSizerFlags().Border(wxLEFT | wxRIGHT | wxTOP, gap));
  auto* play = new wxBoxSizer(wxVERTICAL);
  wxWindow* box = this;
  // The game wanted: rule, clock and opening rule in one row (their hints as tooltips).
  auto* wanted = new wxFlexGridSizer(6, gap / 2, gap / 2);
  wanted->Add(new wxStaticText(box, wxID_ANY, _("R&ule:")), wxSizerFlags().CentreVertical());
  rule_ = new wxChoice(box, wxID_ANY);
  rule_->Append(_("Freestyle: five or more in a row wins"));
  rule_->Append(_("Standard: exactly five in a row wins"));
  rule_->Append(_("Renju: forbidden points for Black"));
  rule_->SetSelection(0);
  FitChoice(rule_);
  wanted->Add(rule_, wxSizerFlags().CentreVertical().Border(wxRIGHT, gap));
  clock_ = std::make_unique<ClockControls>(box, TimeControl{});
  clock_->AddTo(*wanted, /*hint=*/false);
  wanted->GetItem(wanted->GetItemCount() - 1)->SetFlag(wxALIGN_CENTRE_VERTICAL | wxRIGHT);
  wanted->GetItem(wanted->GetItemCount() - 1)->SetBorder(gap);
  opening_ = std::make_unique<OpeningControls>(
      box,
      [this] {
        GameOptions g;
        g.rule = ChosenRule();
        return g;
      },
      OpeningRule::None);
  opening_->AddTo(*wanted, /*hint=*/false);
  play->Add(wanted, wxSizerFlags().Border(wxALL, gap / 2));
  rule_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { opening_->GameChanged(); });

  auto* findRow = new wxBoxSizer(wxHORIZONTAL);
  find_ = new wxButton(box, wxID_ANY, _("&Find a match"));
  find_->SetDefault();
  findRow->Add(find_, wxSizerFlags().CentreVertical());
  cancel_ = new wxButton(box, wxID_ANY, _("&Cancel"));
  findRow->Add(cancel_, wxSizerFlags().CentreVertical().Border(wxLEFT, gap / 2));
  findStatus_ = new wxStaticText(box, wxID_ANY, {});
  findRow->Add(findStatus_, wxSizerFlags(1).CentreVertical().Border(wxLEFT, gap));
  play->Add(findRow, wxSizerFlags().Expand().Border(wxALL, gap / 2));

  auto* roomRow = new wxBoxSizer(wxHORIZONTAL);
  room_ = new wxButton(box, wxID_ANY, _(L"Pri&vate room\u2026"));
  roomRow->Add(room_, wxSizerFlags().CentreVertical());
  roomStatus_ = new wxStaticText(box, wxID_ANY, {});
  roomRow->Add(roomStatus_, wxSizerFlags(1).CentreVertical().Border(wxLEFT, gap));
  play->Add(roomRow, wxSizerFlags().Expand().Border(wxALL, gap / 2));

  auto* joinRow = new wxBoxSizer(wxHORIZONTAL);
  joinRow->Add(new wxStaticText(box, wxID_ANY, _("Friend's roo&m code:")),
               wxSizerFlags().CentreVertical());
  code_ = new wxTextCtrl(box, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize, wxTE_PROCESS_ENTER);
  code_->SetMaxLength(16);
  code_->SetInitialSize(code_->GetSizeFromTextSize(code_->GetTextExtent("WWWWWWWW").x));
  joinRow->Add(code_, wxSizerFlags().CentreVertical().Border(wxLEFT, gap / 2));
  rated_ = new wxCheckBox(box, wxID_ANY, _("&Rated"));
  joinRow->Add(rated_, wxSizerFlags().CentreVertical().Border(wxLEFT, gap));
  join_ = new wxButton(box, wxID_ANY, _("&Enter room"));
  joinRow->Add(join_, wxSizerFlags().CentreVertical().Border(wxLEFT, gap));
  play->Add(joinRow, wxSizerFlags().Expand().Border(wxALL, gap / 2));
  // Why the last request was refused (a room code nobody has, a busy player), until the next.
  error_ = new wxStaticText(box, wxID_ANY, {});
  error_->SetForegroundColour(wxColour(190, 30, 30));
  play->Add(error_, wxSizerFlags().Expand().Border(wxALL, gap / 2));
  root->Add(play, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT, gap));

  // Invitations (shown when there are some).
  invitesHeading_ = new wxStaticText(this, wxID_ANY, wxString(_("Invitations")).Upper());
  invitesHeading_->SetFont(headingFont);
  invitesHeading_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  root->Add(invitesHeading_, wxSizerFlags().Border(wxLEFT | wxRIGHT | wxTOP, gap));
  auto* inviteRow = new wxBoxSizer(wxHORIZONTAL);
  invites_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(-1, FromDIP(60)));
  inviteRow->Add(invites_, wxSizerFlags(1).Expand());
  auto* inviteButtons = new wxBoxSizer(wxVERTICAL);
  accept_ = new wxButton(this, wxID_ANY, _("&Accept"));
  decline_ = new wxButton(this, wxID_ANY, _("&Decline"));
  inviteButtons->Add(accept_, wxSizerFlags().Expand());
  inviteButtons->Add(decline_, wxSizerFlags().Expand().Border(wxTOP, gap / 2));
  inviteRow->Add(inviteButtons, wxSizerFlags().Border(wxLEFT, gap));
  root->Add(inviteRow, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT, gap));

  // The lists.
  lists_ = new wxNotebook(this, wxID_ANY);
  const auto listPage = [this](const wxString& title, wxListCtrl*& list,
                               std::initializer_list<wxString> columns) {
    list = new wxListCtrl(lists_, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                          wxLC_REPORT | wxLC_SINGLE_SEL);
    for (const wxString& c : columns) list->AppendColumn(c);
    lists_->AddPage(list, title);
  };
  listPage(_("Games in progress"), live_,
           {_("Black"), _("White"), _("Rule"), _("Moves"), _("Watching")});
  listPage(_("Players online"), players_, {_("Name"), _("Score"), _("State")});
  listPage(_("Top 20"), top_, {_("Rank"), _("Name"), _("Score"), _("Games"), _("Wins")});
  listPage(_("My games"), games_,
           {_("Ended"), _("Black"), _("White"), _("Rule"), _("Result"), _("Moves"), _("Ladder")});
  root->Add(lists_, wxSizerFlags(1).Expand().Border(wxLEFT | wxRIGHT | wxTOP, gap));
  // The buttons of the list shown, under the lists: children of the panel itself, so that the
  // test report places them from their sizer positions (a notebook's page offsets them).
  auto* listButtons = new wxBoxSizer(wxHORIZONTAL);
  watch_ = new wxButton(this, wxID_ANY, _("&Watch"));
  invite_ = new wxButton(this, wxID_ANY, _(L"&Invite\u2026"));
  replay_ = new wxButton(this, wxID_ANY, _("Rep&lay"));
  save_ = new wxButton(this, wxID_ANY, _(L"&Save as\u2026"));
  for (wxButton* b : {watch_, invite_, replay_, save_})
    listButtons->Add(b, wxSizerFlags().Border(wxRIGHT, gap / 2));
  root->Add(listButtons, wxSizerFlags().Border(wxALL, gap));
  SetSizer(root);
  lists_->Bind(wxEVT_NOTEBOOK_PAGE_CHANGED, [this](wxBookCtrlEvent& e) {
    e.Skip();
    ShowListButtons();
  });

  // Actions.
  find_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (!clock_->Validate()) return;  // said why; the field keeps what was typed
    ShowError({});
    handlers_.find(ChosenRule(), clock_->Get(), opening_->Get());
  });
  cancel_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { handlers_.cancel(); });
  room_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { handlers_.createRoom(); });
  const auto join = [this] {
    const std::string code = code_->GetValue().Trim().Trim(false).utf8_string();
    if (code.empty()) return ShowError(_("Type the room code your friend gave you."));
    ShowError({});
    handlers_.joinRoom(code, rated_->GetValue());
  };
  join_->Bind(wxEVT_BUTTON, [join](wxCommandEvent&) { join(); });
  code_->Bind(wxEVT_TEXT_ENTER, [join](wxCommandEvent&) { join(); });
  const auto answer = [this](bool accept) {
    int row = invites_->GetSelection();
    if (row == wxNOT_FOUND) row = 0;
    if (row < 0 || row >= static_cast<int>(invitationIds_.size())) return;
    handlers_.answer(invitationIds_[static_cast<std::size_t>(row)], accept, rated_->GetValue());
  };
  accept_->Bind(wxEVT_BUTTON, [answer](wxCommandEvent&) { answer(true); });
  decline_->Bind(wxEVT_BUTTON, [answer](wxCommandEvent&) { answer(false); });
  invite_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    const long row = players_->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED);
    if (row >= 0 && row < static_cast<long>(playerNames_.size()))
      handlers_.invite(playerNames_[static_cast<std::size_t>(row)]);
  });
  players_->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent& e) {
    const long row = e.GetIndex();
    invite_->Enable(row >= 0 && row < static_cast<long>(playerNames_.size()) &&
                    playerNames_[static_cast<std::size_t>(row)] != me_);
  });
  watch_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { WatchSelected(); });
  live_->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent&) { watch_->Enable(idle_); });
  live_->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent&) { WatchSelected(); });
  replay_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { OpenSelectedGame(false); });
  save_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { OpenSelectedGame(true); });
  games_->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent&) {
    replay_->Enable();
    save_->Enable();
  });
  games_->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent&) { OpenSelectedGame(false); });
  refresh_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { handlers_.refresh(); });
  signOut_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { handlers_.signOut(); });
  Clear();
  ShowListButtons();
}

void HallPanel::Clear() {
  playersShown_ = topShown_ = gamesShown_ = liveShown_ = -1;
  liveIds_.clear();
  live_->DeleteAllItems();
  invitesShown_.clear();
  invitationIds_.clear();
  playerNames_.clear();
  gameIds_.clear();
  players_->DeleteAllItems();
  top_->DeleteAllItems();
  games_->DeleteAllItems();
  invites_->Clear();
  stats_->SetLabel({});
  findStatus_->SetLabel({});
  roomStatus_->SetLabel({});
  error_->SetLabel({});
}

Rule HallPanel::ChosenRule() const {
  switch (rule_->GetSelection()) {
    case 1:
      return Rule::Standard;
    case 2:
      return Rule::Renju;
    default:
      return Rule::Freestyle;
  }
}

// The notebook's pages.
enum HallPage { kLivePage, kPlayersPage, kTopPage, kGamesPage };

void HallPanel::ShowMyGames() {
  lists_->SetSelection(kGamesPage);
  ShowListButtons();
}

void HallPanel::ShowListButtons() {
  const int page = lists_->GetSelection();
  watch_->Show(page == kLivePage);
  invite_->Show(page == kPlayersPage);
  replay_->Show(page == kGamesPage);
  save_->Show(page == kGamesPage);
  Layout();
}

void HallPanel::ShowError(const wxString& sentence) {
  if (error_->GetLabel() == sentence) return;
  error_->SetLabel(sentence);
  Layout();
}

void HallPanel::SetFind(Rule rule, const TimeControl& clock, OpeningRule opening) {
  rule_->SetSelection(rule == Rule::Standard ? 1 : rule == Rule::Renju ? 2 : 0);
  clock_->Set(clock);
  opening_->Set(opening);  // offers the rules that fit `rule`
}

void HallPanel::Update(const net::OnlineSnapshot& s) {
  me_ = s.name;
  const wxString server = FromUtf8(s.serverName.empty() ? s.serverAddress : s.serverName);
  title_->SetLabel(server.empty() ? wxString(_("Game hall"))
                                  : wxString::Format(_(L"Game hall \u2014 %s"), server));
  const net::PlayerStats& st = s.stats;
  const int rate = st.games > 0 ? static_cast<int>((st.wins * 100 + st.games / 2) / st.games) : 0;
  const unsigned games = st.games, wins = st.wins;
  // TRANSLATORS: the games and wins of the hall's line, e.g. "1 game, 1 win (100%)".
  const wxString record = wxString::Format(
      // TRANSLATORS: the games played and the games won, e.g. "3 games, 2 wins (67%)".
      _("%s, %s"), wxString::Format(wxPLURAL("%u game", "%u games", games), games),
      wxString::Format(wxPLURAL("%u win (%d%%)", "%u wins (%d%%)", wins), wins, rate));
  stats_->SetLabel(wxString::Format(
      s.elo ? _(L"%s \u00b7 Elo rating %d \u00b7 %s") : _(L"%s \u00b7 ladder score %d \u00b7 %s"),
      FromUtf8(s.name), static_cast<int>(st.score), record));

  const bool hall = s.phase == net::OnlinePhase::Hall;
  const bool idle = hall && !s.finding && !s.room;
  idle_ = idle;
  find_->Enable(idle);
  rule_->Enable(idle);
  clock_->Enable(idle);
  opening_->Enable(idle);
  room_->Enable(idle);
  join_->Enable(idle);
  code_->Enable(idle);
  cancel_->Enable(hall && (s.finding || s.room));
  const long selected = players_->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED);
  invite_->Enable(idle && selected >= 0 && selected < static_cast<long>(playerNames_.size()) &&
                  playerNames_[static_cast<std::size_t>(selected)] != me_);  // not ourselves
  if (s.finding) {
    const long long waited = std::chrono::duration_cast<std::chrono::seconds>(
                                 std::chrono::steady_clock::now() - s.findingSince)
                                 .count();
    findStatus_->SetLabel(wxString::Format(
        _(L"Looking for an opponent (%s)\u2026 %lld:%02lld"),
        WithTiming(ShortRule(s.findRule), s.findClock, s.findOpening), waited / 60, waited % 60));
  } else if (s.phase == net::OnlinePhase::Reconnecting) {
    findStatus_->SetLabel(_(L"The connection to the server was lost; reconnecting\u2026"));
  } else {
    findStatus_->SetLabel({});
  }
  if (s.room) {
    const net::RoomSettings& rs = s.room->settings;
    // TRANSLATORS: %1$s: the room's code; %2$s: its game, e.g. "Freestyle rule, 15 × 15, clock
    // 5m+5s, opening rule Swap2".
    roomStatus_->SetLabel(wxString::Format(
        _("Room %s is open (%s): give your friend the code, or Cancel to close it."),
        FromUtf8(s.room->code),
        WithTiming(RuleLabel(rs.rule, rs.boardSize), rs.clock, rs.opening)));
  } else {
    roomStatus_->SetLabel({});
  }

  if (s.playersUpdates != playersShown_) FillPlayers(s);
  if (s.topUpdates != topShown_) FillTop(s);
  if (s.gameLists != gamesShown_) FillGames(s);
  if (s.liveUpdates != liveShown_) FillLive(s);
  watch_->Enable(idle && live_->GetSelectedItemCount() > 0);
  FillInvitations(s);
  replay_->Enable(games_->GetSelectedItemCount() > 0);
  save_->Enable(games_->GetSelectedItemCount() > 0);
  Layout();
}

void HallPanel::FillPlayers(const net::OnlineSnapshot& s) {
  playersShown_ = s.playersUpdates;
  players_->DeleteAllItems();
  playerNames_.clear();
  long row = 0;
  for (const net::PlayerEntry& p : s.players.players) {
    players_->InsertItem(row, FromUtf8(p.name));
    players_->SetItem(row, 1, wxString::Format("%d", static_cast<int>(p.score)));
    players_->SetItem(row, 2, StateLabel(p.state));
    playerNames_.push_back(p.name);
    ++row;
  }
  for (int c = 0; c < 3; ++c) players_->SetColumnWidth(c, wxLIST_AUTOSIZE_USEHEADER);
  lists_->SetPageText(kPlayersPage, wxString::Format(_("Players online (%u)"),
                                                     static_cast<unsigned>(s.players.total)));
}

void HallPanel::FillTop(const net::OnlineSnapshot& s) {
  topShown_ = s.topUpdates;
  top_->DeleteAllItems();
  long row = 0;
  for (const net::TopEntry& e : s.top.entries) {
    top_->InsertItem(row, wxString::Format("%u", static_cast<unsigned>(e.rank)));
    top_->SetItem(row, 1, FromUtf8(e.name));
    top_->SetItem(row, 2, wxString::Format("%d", static_cast<int>(e.score)));
    top_->SetItem(row, 3, wxString::Format("%u", static_cast<unsigned>(e.games)));
    top_->SetItem(row, 4, wxString::Format("%u", static_cast<unsigned>(e.wins)));
    ++row;
  }
  for (int c = 0; c < 5; ++c) top_->SetColumnWidth(c, wxLIST_AUTOSIZE_USEHEADER);
}

void HallPanel::FillGames(const net::OnlineSnapshot& s) {
  gamesShown_ = s.gameLists;
  games_->DeleteAllItems();
  gameIds_.clear();
  long row = 0;
  for (const net::GameSummary& g : s.games) {
    // When it ended, in local time.
    games_->InsertItem(row, wxDateTime(static_cast<time_t>(g.endedAt)).Format("%Y-%m-%d %H:%M"));
    games_->SetItem(row, 1, FromUtf8(g.black));
    games_->SetItem(row, 2, FromUtf8(g.white));
    games_->SetItem(row, 3, ShortRule(g.rule));
    games_->SetItem(row, 4, OutcomeLabel(g.outcome));
    games_->SetItem(row, 5, wxString::Format("%u", static_cast<unsigned>(g.moves)));
    const int delta = g.black == s.name ? g.blackDelta : g.whiteDelta;
    games_->SetItem(row, 6, g.rated ? Signed(delta) : wxString(_("unrated")));
    gameIds_.push_back(g.id);
    ++row;
  }
  for (int c = 0; c < 7; ++c) games_->SetColumnWidth(c, wxLIST_AUTOSIZE_USEHEADER);
  // The newest game is selected: Replay opens it at once.
  if (row > 0) games_->SetItemState(0, wxLIST_STATE_SELECTED, wxLIST_STATE_SELECTED);
}

void HallPanel::FillLive(const net::OnlineSnapshot& s) {
  liveShown_ = s.liveUpdates;
  // The game selected stays selected when it is still listed.
  const long selected = live_->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED);
  const std::uint64_t keep =
      selected >= 0 && selected < static_cast<long>(liveIds_.size()) ? liveIds_[selected] : 0;
  live_->DeleteAllItems();
  liveIds_.clear();
  long row = 0;
  // TRANSLATORS: a player and their ladder score in the games in progress, e.g. "alice (1030)".
  const auto player = [](const std::string& name, std::int32_t score) {
    return wxString::Format(_("%s (%d)"), FromUtf8(name), static_cast<int>(score));
  };
  for (const net::LiveGame& g : s.live.games) {
    live_->InsertItem(row, player(g.black, g.blackScore));
    live_->SetItem(row, 1, player(g.white, g.whiteScore));
    live_->SetItem(row, 2, RuleLabel(g.rule, g.boardSize));
    live_->SetItem(row, 3, wxString::Format("%u", static_cast<unsigned>(g.moves)));
    live_->SetItem(row, 4, wxString::Format("%u", static_cast<unsigned>(g.watchers)));
    if (g.id == keep) live_->SetItemState(row, wxLIST_STATE_SELECTED, wxLIST_STATE_SELECTED);
    liveIds_.push_back(g.id);
    ++row;
  }
  // The most watched game is selected at first: Watch shows it at once.
  if (row > 0 && live_->GetSelectedItemCount() == 0)
    live_->SetItemState(0, wxLIST_STATE_SELECTED, wxLIST_STATE_SELECTED);
  for (int c = 0; c < 5; ++c) live_->SetColumnWidth(c, wxLIST_AUTOSIZE_USEHEADER);
  lists_->SetPageText(kLivePage, wxString::Format(_("Games in progress (%u)"),
                                                  static_cast<unsigned>(s.live.total)));
}

void HallPanel::WatchSelected() {
  if (!idle_) return;  // finding or in a room: not now (a double-click too)
  const long row = live_->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED);
  if (row >= 0 && row < static_cast<long>(liveIds_.size()) && handlers_.watch)
    handlers_.watch(liveIds_[static_cast<std::size_t>(row)]);
}

void HallPanel::FillInvitations(const net::OnlineSnapshot& s) {
  std::vector<std::uint32_t> ids;
  for (const net::Invited& i : s.invitations) ids.push_back(i.inviteId);
  const bool any = !ids.empty();
  if (ids != invitesShown_) {
    invitesShown_ = ids;
    invitationIds_ = ids;
    invites_->Clear();
    for (const net::Invited& i : s.invitations) invites_->Append(InvitationLabel(i));
    if (any) invites_->SetSelection(0);
  }
  invitesHeading_->Show(any);
  invites_->Show(any);
  accept_->Show(any);
  decline_->Show(any);
  accept_->Enable(any && s.phase == net::OnlinePhase::Hall);
}

void HallPanel::OpenSelectedGame(bool save) {
  const long row = games_->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED);
  if (row >= 0 && row < static_cast<long>(gameIds_.size()))
    handlers_.openGame(gameIds_[static_cast<std::size_t>(row)], save);
}

std::vector<std::pair<const char*, wxWindow*>> HallPanel::ReportedControls() const {
  return {{"find", find_},       {"cancel", cancel_},    {"room", room_},
          {"join", join_},       {"invaccept", accept_}, {"invdecline", decline_},
          {"invite", invite_},   {"replay", replay_},    {"save", save_},
          {"signout", signOut_}, {"rated", rated_},      {"code", code_},
          {"watch", watch_}};
}

}  // namespace gomoku::app
