#pragma once
/// @file Translations: the gettext catalogs (res/po, compiled to <lang>/LC_MESSAGES/gomoku.mo)
/// and the language chosen in Settings > Language.

#include <string>
#include <utility>
#include <vector>

#include <wx/config.h>
#include <wx/string.h>

class wxFrame;
class wxMenu;

namespace gomoku::app {

/// wxConfig key of the language: "" (the system's), "en", "zh_CN" or "zh_TW".
inline constexpr const char* kLanguageKey = "/View/Language";

/// Loads the catalogs for `language` ("" = the system's, from LANGUAGE/LC_ALL/LC_MESSAGES/LANG).
/// Catalogs are looked up beside the executable (<exe dir>/locale, the build tree) and in
/// <exe dir>/../share/locale (installed). A missing catalog leaves the English texts.
void SetUpTranslations(const wxString& language);

/// The language stored in `config` (kLanguageKey), "" when unset or unknown.
wxString ConfiguredLanguage(wxConfigBase& config);

/// The --test-report line naming the language in use: "LANGUAGE <code|-> <Gomoku> <Resign>",
/// the two words as translated (e.g. "LANGUAGE zh_TW 五子棋 認輸").
std::string LanguageReportLine();

/// The languages offered, in menu order: (code, name) with code "" (the system's, its name
/// translated), "en", "zh_CN", "zh_TW"; each other name is written in its own language.
std::vector<std::pair<wxString, wxString>> LanguageChoices();

/// The --test-report line naming wxWidgets' own label of the Cancel button as translated by its
/// standard catalog (wxstd), e.g. "STOCKLABEL 取消"; "STOCKLABEL Cancel" without that catalog.
std::string StockLabelReportLine();

/// Appends Settings > Language (System, English, 简体中文, 繁體中文) to `settings`; a choice is
/// stored with wxConfig and applies when the program is started again. The radio items follow
/// the stored value (also when Settings > Preferences changes it).
void AppendLanguageMenu(wxMenu* settings, wxFrame* frame);

}  // namespace gomoku::app
