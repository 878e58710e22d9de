#include "app/langamelist.h"

#include <cmath>

#include <wx/app.h>
#include <wx/listctrl.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include "app/openingtexts.h"
#include "app/texts.h"
#include "core/opening.h"
#include "core/utf8.h"

namespace gomoku::app {

LanGameList::LanGameList(wxWindow* parent, wxSizer& sizer, bool started, Handlers handlers)
    : parent_(parent), started_(started), handlers_(std::move(handlers)) {
  list_ = new wxListCtrl(parent, wxID_ANY, wxDefaultPosition, parent->FromDIP(wxSize(540, 130)),
                         wxLC_REPORT | wxLC_SINGLE_SEL);
  list_->AppendColumn(_("Player"), wxLIST_FORMAT_LEFT, parent->FromDIP(110));
  list_->AppendColumn(_("Game"), wxLIST_FORMAT_LEFT, parent->FromDIP(250));
  list_->AppendColumn(_("Computer"), wxLIST_FORMAT_LEFT, parent->FromDIP(170));
  list_->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent& e) {
    const net::LanGame* g = RowGame(e.GetIndex());
    if (g && !refilling_ && handlers_.chosen) handlers_.chosen(*g);  // not a refill's
  });
  list_->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent& e) {
    if (const net::LanGame* g = RowGame(e.GetIndex()); g && handlers_.activated)
      handlers_.activated(*g);
  });
  sizer.Add(list_, wxSizerFlags().Expand());
  status_ = new wxStaticText(parent, wxID_ANY, {});
  status_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  sizer.Add(status_, wxSizerFlags().Border(wxTOP | wxBOTTOM, parent->FromDIP(4)));

  // The browser calls from its own thread: the list is shown again on the GUI thread, while
  // the list exists.
  std::shared_ptr<bool> alive = alive_;
  std::shared_ptr<std::atomic<bool>> queued = queued_;
  lan_ = std::make_unique<net::LanBrowser>([this, alive, queued] {
    if (wxTheApp && !queued->exchange(true))
      wxTheApp->CallAfter([this, alive, queued] {
        queued->store(false);
        if (*alive) Show();
      });
  });
  Show();
}

LanGameList::~LanGameList() {
  lan_.reset();  // no call of the browser's after this
  *alive_ = false;
}

const net::LanGame* LanGameList::RowGame(long row) const {
  return row >= 0 && row < static_cast<long>(games_.size()) ? &games_[static_cast<std::size_t>(row)]
                                                            : nullptr;
}

void LanGameList::Show() {
  std::vector<net::LanGame> games;
  for (net::LanGame& g : lan_->games())
    if (g.game.full == started_) games.push_back(std::move(g));
  switch (lan_->status()) {
    case net::LanStatus::Unavailable:
    case net::LanStatus::Failed:
      status_->SetLabelText(
          _("Local discovery unavailable: type the host's name or address below."));
      break;
    default:
      status_->SetLabelText(!games.empty() ? wxString()
                            : started_ ? _(L"Looking for games in progress on this network\u2026")
                                       : _(L"Looking for games on this network\u2026"));
      break;
  }
  if (games == games_) return;
  // The selection follows its game when rows come and go.
  const long selected = list_->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED);
  const net::LanGame* was = RowGame(selected);
  const std::string kept = was ? was->instance : std::string();
  games_ = std::move(games);
  list_->Freeze();
  list_->DeleteAllItems();
  for (std::size_t i = 0; i < games_.size(); ++i) {
    const net::LanGame& g = games_[i];
    const long row = list_->InsertItem(static_cast<long>(i), FromUtf8(singleLine(g.game.nickname)));
    wxString game = RuleLabel(g.game.rule, g.game.boardSize);
    if (!g.game.clock.empty()) game += " · " + FromUtf8(g.game.clock);
    if (!g.game.opening.empty()) {
      if (const auto o = parseOpeningRule(g.game.opening)) game += " · " + OpeningRuleLabel(*o);
    }
    list_->SetItem(row, 1, game);
    list_->SetItem(row, 2, FromUtf8(singleLine(g.hostName)) + " (" + FromUtf8(g.address) + ")");
    if (g.instance == kept) {
      refilling_ = true;  // (GTK tells the selection as if the user made it)
      list_->SetItemState(row, wxLIST_STATE_SELECTED, wxLIST_STATE_SELECTED);
      refilling_ = false;
    }
  }
  list_->Thaw();
  // Reported once GTK has placed the rows (this runs on from the shown dialog's event loop).
  if (reportRows_) {
    std::shared_ptr<bool> alive = alive_;
    parent_->CallAfter([this, alive] {
      if (*alive) ReportRows();
    });
  }
}

void LanGameList::ReportRows() {
  const double scale = parent_->GetContentScaleFactor();
  std::vector<Row> rows;
  for (std::size_t i = 0; i < games_.size(); ++i) {
    wxRect rect;
    if (!list_->GetItemRect(static_cast<long>(i), rect)) continue;
    const wxPoint screen =
        list_->ClientToScreen(rect.GetPosition() + wxPoint(rect.width / 4, rect.height / 2));
    rows.push_back(
        {games_[i].game.nickname, wxPoint(static_cast<int>(std::lround(screen.x * scale)),
                                          static_cast<int>(std::lround(screen.y * scale)))});
  }
  reportRows_(rows);
}

}  // namespace gomoku::app
