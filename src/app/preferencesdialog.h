#pragma once
/// @file Settings > Preferences…: nickname, language, sounds (General), default port and join
/// timeout (Network), coordinates, move numbers, forbidden points, hover ghost and colours
/// (Board). Typed numbers are checked when OK is pressed: a bad value is named in a message and
/// the dialog stays open with everything as typed.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <wx/dialog.h>
#include <wx/gdicmn.h>
#include <wx/string.h>

#include "app/nicknamedialog.h"
#include "app/settings.h"

class wxCheckBox;
class wxChoice;
class wxColourPickerCtrl;
class wxRadioButton;
class wxTextCtrl;

namespace gomoku::app {

/// What the Preferences dialog edits.
struct Preferences {
  /// nickname, hostPort, connectTimeoutSeconds and the view fields (showCoordinates,
  /// moveNumbers, showForbidden, showGhost, boardTheme, boardColour, gridColour) are edited; the
  /// other fields are handed back unchanged.
  Settings settings;
  wxString language;   ///< kLanguageKey's value: "", "en", "zh_CN" or "zh_TW"
  bool sounds = true;  ///< kSoundsKey's value
};

/// Why a typed port is refused (a sentence naming the field and the range), or empty when
/// `text` (surrounding spaces allowed) is a whole number from 1 to 65535; sets `port` then.
wxString PortProblem(const wxString& text, int* port);
/// As PortProblem for the join timeout: a whole number of seconds from kMinConnectTimeout to
/// kMaxConnectTimeout.
wxString TimeoutProblem(const wxString& text, int* seconds);

/// The Preferences dialog. OK checks every field first (nickname, port, timeout).
class PreferencesDialog : public wxDialog {
 public:
  /// Where a control is, for --test-report: its name and its centre in physical screen pixels.
  using ControlReporter = std::function<void(const std::string&, std::optional<wxPoint>)>;
  /// Called with a sentence when OK refuses a value (before the message is shown).
  using RefusalReporter = std::function<void(const wxString&)>;

  /// The dialog filled with `current`.
  PreferencesDialog(wxWindow* parent, const Preferences& current);
  /// The values entered (valid after ShowModal() returned wxID_OK).
  const Preferences& GetPreferences() const { return result_; }
  /// For tests: once shown, reports the centres of "prefnick", "prefport", "preftimeout",
  /// "prefghost", "prefplain", "prefdefaults" and "prefok"; refusals go to `refused`.
  void SetReporters(ControlReporter controls, RefusalReporter refused);

 private:
  void Fill(const Preferences& p);  // puts `p` into the controls
  void OnOk();
  void RestoreDefaults();
  void UpdateEnabled();  // the board colour only for the plain board
  void ReportControls();
  bool Refuse(const wxString& problem, wxWindow* field);  // message, focus; returns false

  Preferences result_;
  ControlReporter reportControl_;
  RefusalReporter reportRefusal_;
  std::unique_ptr<NicknameField> nickname_;
  wxChoice* language_ = nullptr;
  wxCheckBox* sounds_ = nullptr;
  wxTextCtrl* port_ = nullptr;
  wxTextCtrl* timeout_ = nullptr;
  wxCheckBox* coordinates_ = nullptr;
  wxChoice* numbers_ = nullptr;
  wxCheckBox* forbidden_ = nullptr;
  wxCheckBox* ghost_ = nullptr;
  wxRadioButton* wood_ = nullptr;
  wxRadioButton* plain_ = nullptr;
  wxColourPickerCtrl* boardColour_ = nullptr;
  wxColourPickerCtrl* gridColour_ = nullptr;
};

}  // namespace gomoku::app
