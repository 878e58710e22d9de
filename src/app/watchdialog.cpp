#include "app/watchdialog.h"

#include <wx/button.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "app/texts.h"
#include "net/netgame.h"

namespace gomoku::app {

WatchDialog::WatchDialog(wxWindow* parent, const wxString& host)
    : wxDialog(parent, wxID_ANY, _("Watch game")) {
  auto* root = new wxBoxSizer(wxVERTICAL);
  auto* body = new wxBoxSizer(wxVERTICAL);
  auto* intro = new wxStaticText(
      this, wxID_ANY,
      _("Watch a game in progress: choose one on this network, or type its host's name or "
        "address (and :port when not 6515)."));
  intro->Wrap(FromDIP(540));
  body->Add(intro, wxSizerFlags().Border(wxBOTTOM, FromDIP(10)));
  body->Add(new wxStaticText(this, wxID_ANY, _("&Games in progress on this network:")),
            wxSizerFlags().Border(wxBOTTOM, FromDIP(4)));
  LanGameList::Handlers lan;
  lan.chosen = [this](const net::LanGame& g) {
    host_->ChangeValue(FromUtf8(net::hostPortKey(g.address, g.game.port)));
  };
  lan.activated = [this](const net::LanGame& g) {
    host_->ChangeValue(FromUtf8(net::hostPortKey(g.address, g.game.port)));
    EndModal(wxID_OK);
  };
  lan_ = std::make_unique<LanGameList>(this, *body, /*started=*/true, std::move(lan));
  auto* row = new wxBoxSizer(wxHORIZONTAL);
  row->Add(new wxStaticText(this, wxID_ANY, _("&Host:")), wxSizerFlags().CentreVertical());
  host_ = new wxTextCtrl(this, wxID_ANY, host);
  host_->SetHint(_("Name or address, optionally with :port"));
  row->Add(host_, wxSizerFlags(1).CentreVertical().Border(wxLEFT, FromDIP(8)));
  body->Add(row, wxSizerFlags().Expand().Border(wxTOP, FromDIP(6)));
  root->Add(body, wxSizerFlags(1).Expand().Border(wxALL, FromDIP(12)));
  if (wxSizer* buttons = CreateStdDialogButtonSizer(wxOK | wxCANCEL))
    root->Add(buttons, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxBOTTOM, FromDIP(12)));
  if (auto* ok = dynamic_cast<wxButton*>(FindWindow(wxID_OK))) ok->SetLabel(_("&Watch"));
  SetSizerAndFit(root);
  host_->SetFocus();
  host_->SelectAll();
  Bind(
      wxEVT_BUTTON,
      [this](wxCommandEvent& e) {
        if (Target()) return e.Skip();  // closes with wxID_OK
        wxMessageBox(_("Type a host name or address, e.g. alice-pc or 192.168.1.20:6515."),
                     _("Watch game"), wxOK | wxICON_WARNING, this);
      },
      wxID_OK);
}

WatchDialog::~WatchDialog() = default;

std::optional<std::pair<std::string, std::uint16_t>> WatchDialog::Target() const {
  return net::parseHostPort(host_->GetValue().Trim().Trim(false).utf8_string(), net::kDefaultPort);
}

void WatchDialog::SetLanRowsReporter(LanGameList::RowsReporter reporter) {
  lan_->SetRowsReporter(std::move(reporter));
}

}  // namespace gomoku::app
