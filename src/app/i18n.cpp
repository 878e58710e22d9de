#include "app/i18n.h"

#include <array>
#include <clocale>

#ifdef __WXGTK__
#include <libintl.h>
#endif

#include <wx/filename.h>
#include <wx/frame.h>
#include <wx/intl.h>
#include <wx/log.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/regex.h>
#include <wx/stdpaths.h>
#include <wx/stockitem.h>
#include <wx/translation.h>
#include <wx/utils.h>

namespace gomoku::app {

namespace {

struct Language {
  const char* code;     // "" = the system's
  const wchar_t* name;  // in its own language; the first one is translated
};

// Language names are written in their own language, so that a player who cannot read the
// current one still finds theirs.
constexpr std::array<Language, 4> kLanguages{{
    {"", L""},
    {"en", L"English"},
    {"zh_CN", L"\u7B80\u4F53\u4E2D\u6587"},  // 简体中文
    {"zh_TW", L"\u7E41\u9AD4\u4E2D\u6587"},  // 繁體中文
}};

}  // namespace

wxString ConfiguredLanguage(wxConfigBase& config) {
  const wxString value = config.Read(kLanguageKey, wxString());
  for (const Language& language : kLanguages)
    if (value == language.code) return value;
  return {};
}

void SetUpTranslations(const wxString& language) {
  const wxFileName exe(wxStandardPaths::Get().GetExecutablePath());
  wxFileTranslationsLoader::AddCatalogLookupPathPrefix(exe.GetPath() + "/locale");
  wxFileName installed(exe.GetPath(), wxString());
  installed.RemoveLastDir();
  wxFileTranslationsLoader::AddCatalogLookupPathPrefix(installed.GetPath() + "/share/locale");

#ifdef __WXGTK__
  // GTK translates its own labels (the OK and Cancel buttons, file dialogs) with gettext, which
  // reads the C library's LC_MESSAGES (wxWidgets leaves it "C") and then LANGUAGE (set below to
  // the language of our catalog). Only the messages category is set: numbers and dates keep
  // the C conventions our files use.
  if (!std::setlocale(LC_MESSAGES, "")) std::setlocale(LC_MESSAGES, "C.UTF-8");
#endif
  wxLogNull quiet;  // a language without catalogs simply stays English
  auto* translations = new wxTranslations();
  wxTranslations::Set(translations);
  if (!language.empty()) translations->SetLanguage(language);
  translations->AddStdCatalog();
  translations->AddCatalog("gomoku");
#ifdef __WXGTK__
  // GTK speaks the language our texts are in: English when we have no catalog for the system's.
  const wxString chosen =
      translations->IsLoaded("gomoku") ? translations->GetBestTranslation("gomoku") : wxString();
  wxSetEnv("LANGUAGE", chosen.empty() ? wxString("en") : chosen);
#endif
}

std::string LanguageReportLine() {
  wxString code;
  if (wxTranslations* translations = wxTranslations::Get();
      translations && translations->IsLoaded("gomoku"))
    code = translations->GetBestTranslation("gomoku");
  if (code.empty()) code = "-";
  return wxString::Format("LANGUAGE %s %s %s", code, _("Gomoku"), _("Resign")).utf8_string();
}

std::vector<std::pair<wxString, wxString>> LanguageChoices() {
  std::vector<std::pair<wxString, wxString>> choices;
  for (const Language& language : kLanguages)
    choices.emplace_back(language.code,
                         *language.code ? wxString(language.name) : _("System language"));
  return choices;
}

std::string StockLabelReportLine() {
#ifdef __WXGTK__
  // What GTK shows on a Cancel button: its stock label, translated by its own catalog.
  // GTK's msgid, context "Stock label" (a variable: xgettext must not take it for ours).
  static constexpr char kCancel[] = "Stock label\004_Cancel";
  wxString label = wxString::FromUTF8(dgettext("gtk30", kCancel));
  if (label.StartsWith("Stock label")) label = "_Cancel";  // untranslated: the msgid came back
  wxRegEx("\\(_.\\)$").Replace(&label, "");                // "取消(_C)": the mnemonic
  label.Replace("_", "");
#else
  const wxString label = wxGetStockLabel(wxID_CANCEL, wxSTOCK_NOFLAGS);
#endif
  return ("STOCKLABEL " + label).utf8_string();
}

void AppendLanguageMenu(wxMenu* settings, wxFrame* frame) {
  auto* menu = new wxMenu();
  const wxString current = ConfiguredLanguage(*wxConfigBase::Get());
  for (const Language& language : kLanguages) {
    const wxString label = *language.code ? wxString(language.name) : _("&System language");
    wxMenuItem* item = menu->AppendRadioItem(wxID_ANY, label);
    if (current == language.code) item->Check();
    const wxString code = language.code;
    frame->Bind(
        wxEVT_MENU,
        [frame, code](wxCommandEvent&) {
          wxConfigBase* config = wxConfigBase::Get();
          if (ConfiguredLanguage(*config) == code) return;
          config->Write(kLanguageKey, code);
          config->Flush();
          wxMessageBox(_("The new language is used when Gomoku is started again."), _("Language"),
                       wxOK | wxICON_INFORMATION, frame);
        },
        item->GetId());
    frame->Bind(
        wxEVT_UPDATE_UI,
        [code](wxUpdateUIEvent& e) {
          if (ConfiguredLanguage(*wxConfigBase::Get()) == code) e.Check(true);
        },
        item->GetId());
  }
  settings->AppendSubMenu(menu, _("&Language"),
                          _("The language of the program (applied after a restart)"));
}

}  // namespace gomoku::app
