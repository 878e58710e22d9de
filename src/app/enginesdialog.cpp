#include "app/enginesdialog.h"

#include <algorithm>

#include <wx/button.h>
#include <wx/config.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/intl.h>
#include <wx/listbox.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/utils.h>

#include "ai/pbrain_client.h"
#include "app/texts.h"
#include "app/wraptext.h"

namespace gomoku::app {

std::vector<ExternalEngine> LoadExternalEngines() {
  std::vector<ExternalEngine> out;
  wxConfigBase* c = wxConfigBase::Get();
  if (!c) return out;
  const long count = std::min(c->ReadLong("/Engines/Count", 0), 50L);
  for (long i = 0; i < count; ++i) {
    ExternalEngine e;
    e.path = c->Read(wxString::Format("/Engines/%ld/Path", i), "").utf8_string();
    e.name = c->Read(wxString::Format("/Engines/%ld/Name", i), "").utf8_string();
    if (!e.path.empty()) out.push_back(e);
  }
  return out;
}

void SaveExternalEngines(const std::vector<ExternalEngine>& engines) {
  wxConfigBase* c = wxConfigBase::Get();
  if (!c) return;
  c->DeleteGroup("/Engines");
  c->Write("/Engines/Count", static_cast<long>(engines.size()));
  for (std::size_t i = 0; i < engines.size(); ++i) {
    c->Write(wxString::Format("/Engines/%zu/Path", i), wxString::FromUTF8(engines[i].path));
    c->Write(wxString::Format("/Engines/%zu/Name", i), wxString::FromUTF8(engines[i].name));
  }
  c->Flush();
}

std::string ProbeExternalEngine(const std::string& path, std::string& error) {
  ai::PbrainClient client;
  if (!client.launch(path, {}, error) || !client.start(15, 5000, error)) return {};
  std::string about = client.about(5000);
  client.end(1000);
  // name="X", version="Y", ...: take X; else the file name.
  std::string name;
  if (auto p = about.find("name=\""); p != std::string::npos) {
    const auto q = about.find('"', p + 6);
    if (q != std::string::npos) name = about.substr(p + 6, q - p - 6);
  }
  if (name.empty()) name = wxFileName(wxString::FromUTF8(path)).GetName().utf8_string();
  return name;
}

EnginesDialog::EnginesDialog(wxWindow* parent)
    : wxDialog(parent, wxID_ANY, _("Engines"), wxDefaultPosition, wxDefaultSize,
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      engines_(LoadExternalEngines()) {
  auto* intro = new wxStaticText(
      this, wxID_ANY,
      _("External engines speak the Gomocup protocol (programs named pbrain-*). Each one added "
        "here can be chosen as the opponent in New game against the computer."));
  list_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, FromDIP(wxSize(460, 160)));
  auto* add = new wxButton(this, wxID_ANY, _(L"&Add\u2026"));
  auto* remove = new wxButton(this, wxID_ANY, _("&Remove"));
  auto* test = new wxButton(this, wxID_ANY, _("&Test"));
  // Wrapped to the width of the list and the buttons beside it, again when the dialog is
  // resized (WrapToWidth: Chinese has no spaces to break at).
  const int buttonsWidth =
      std::max({add->GetBestSize().x, remove->GetBestSize().x, test->GetBestSize().x});
  SetWrappedLabel(intro, intro->GetLabelText(), FromDIP(460 + 10) + buttonsWidth);
  Bind(wxEVT_SIZE, [this, intro](wxSizeEvent& e) {
    e.Skip();
    const int width = GetClientSize().x - FromDIP(32);
    if (width > FromDIP(200)) {
      RewrapLabel(intro, width);
      Layout();
    }
  });
  add->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { OnAdd(); });
  remove->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { OnRemove(); });
  test->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { OnTest(); });

  auto* buttons = new wxBoxSizer(wxVERTICAL);
  buttons->Add(add, wxSizerFlags().Expand());
  buttons->Add(remove, wxSizerFlags().Expand().Border(wxTOP, FromDIP(6)));
  buttons->Add(test, wxSizerFlags().Expand().Border(wxTOP, FromDIP(6)));
  auto* row = new wxBoxSizer(wxHORIZONTAL);
  row->Add(list_, wxSizerFlags(1).Expand());
  row->Add(buttons, wxSizerFlags().Border(wxLEFT, FromDIP(10)));
  auto* top = new wxBoxSizer(wxVERTICAL);
  top->Add(intro, wxSizerFlags().Border(wxALL, FromDIP(16)));
  top->Add(row, wxSizerFlags(1).Expand().Border(wxLEFT | wxRIGHT, FromDIP(16)));
  top->Add(CreateStdDialogButtonSizer(wxCLOSE), wxSizerFlags().Expand().Border(wxALL, FromDIP(12)));
  SetEscapeId(wxID_CLOSE);
  SetSizerAndFit(top);
  Fill();
  CentreOnParent();
}

void EnginesDialog::Fill() {
  list_->Clear();
  for (const ExternalEngine& e : engines_)
    list_->Append(FromUtf8(e.name) + L" \u2014 " + FromUtf8(e.path));
  if (!engines_.empty()) list_->SetSelection(0);
}

void EnginesDialog::OnAdd() {
#ifdef __WXMSW__
  const wxString wildcard = _("Programs (*.exe)") + "|*.exe|" + _("All files") + "|*.*";
#else
  const wxString wildcard = "*";
#endif
  wxFileDialog pick(this, _("Choose a Gomocup engine (pbrain-*)"), {}, {}, wildcard,
                    wxFD_OPEN | wxFD_FILE_MUST_EXIST);
  if (pick.ShowModal() != wxID_OK) return;
  const std::string path = pick.GetPath().utf8_string();
  std::string error;
  wxBusyCursor busy;
  const std::string name = ProbeExternalEngine(path, error);
  if (name.empty()) {
    wxMessageBox(wxString::Format(_("%s does not work as a Gomocup engine: %s."), FromUtf8(path),
                                  CoreText(error)),
                 _("Engines"), wxOK | wxICON_ERROR, this);
    return;
  }
  engines_.push_back({name, path});
  SaveExternalEngines(engines_);
  Fill();
  list_->SetSelection(static_cast<int>(engines_.size()) - 1);
}

void EnginesDialog::OnRemove() {
  const int i = list_->GetSelection();
  if (i < 0 || i >= static_cast<int>(engines_.size())) return;
  engines_.erase(engines_.begin() + i);
  SaveExternalEngines(engines_);
  Fill();
}

void EnginesDialog::OnTest() {
  const int i = list_->GetSelection();
  if (i < 0 || i >= static_cast<int>(engines_.size())) return;
  std::string error;
  wxBusyCursor busy;
  const std::string name = ProbeExternalEngine(engines_[static_cast<std::size_t>(i)].path, error);
  if (name.empty())
    wxMessageBox(wxString::Format(_("The engine does not work: %s."), CoreText(error)),
                 _("Engines"), wxOK | wxICON_ERROR, this);
  else
    wxMessageBox(wxString::Format(_("%s answers and is ready to play."), FromUtf8(name)),
                 _("Engines"), wxOK | wxICON_INFORMATION, this);
}

}  // namespace gomoku::app
