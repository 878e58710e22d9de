#pragma once
/// @file The rule / board size / foul policy fields shared by the "New local game" and
/// "Create game" dialogs, the clock and opening-rule fields of the local-game dialogs, and the
/// "New local game" dialog itself.

#include <functional>
#include <optional>
#include <vector>

#include <wx/dialog.h>
#include <wx/string.h>

#include "app/settings.h"

class wxCheckBox;
class wxComboBox;
class wxChoice;
class wxFlexGridSizer;
class wxStaticText;
class wxWindow;

namespace gomoku::app {

/// Three fields for a game's options: the rule (freestyle, standard, renju), the board size
/// (15..20; fixed at 15 and disabled under renju) and, enabled under renju only, "Forbidden
/// move loses (strict RIF)". Not a window: the controls are children of the parent given and
/// call back into this object, so keep it as a member of that dialog. Create it where its
/// fields belong in the tab order.
class RuleControls {
 public:
  /// Creates the controls as children of `parent`, filled from `options`.
  RuleControls(wxWindow* parent, const GameOptions& options);
  RuleControls(const RuleControls&) = delete;
  RuleControls& operator=(const RuleControls&) = delete;

  /// Adds the rows (label, field) to a two-column grid sizer.
  void AddTo(wxFlexGridSizer& grid) const;
  /// The options as chosen. Under renju boardSize keeps the size last chosen for the other
  /// rules (the game itself is 15x15, see GameOptions::EffectiveSize).
  GameOptions Get() const;
  /// Calls `changed` whenever the rule or the board size changes (one function; replaces it).
  void OnChange(std::function<void()> changed) { changed_ = std::move(changed); }

 private:
  void OnRuleChanged();

  wxStaticText* ruleLabel_ = nullptr;
  wxChoice* rule_ = nullptr;
  wxStaticText* sizeLabel_ = nullptr;
  wxChoice* size_ = nullptr;
  wxCheckBox* foul_ = nullptr;
  int freeSize_;  // the size chosen for freestyle / standard
  std::function<void()> changed_;
};

/// The text a clock field shows for `tc`: "No clock" (translated) or formatTimeControl's form.
wxString ClockFieldText(const TimeControl& tc);
/// Reads a clock field's text: "No clock" (translated), "" or a form parseTimeControl accepts.
/// nullopt with `why` set to a sentence for the user when it is none of them.
std::optional<TimeControl> ParseClockField(const wxString& text, wxString& why);

/// The clock field of a local game: an editable list of time controls (no clock, Fischer
/// "5m+5s", per move "30s/move", byo-yomi "10m,30s") and a line that explains the forms. Not a
/// window, as RuleControls. The dialog calls Validate() before it closes with OK.
class ClockControls {
 public:
  /// Creates the controls as children of `parent`, showing `tc`.
  ClockControls(wxWindow* parent, const TimeControl& tc);
  ClockControls(const ClockControls&) = delete;
  ClockControls& operator=(const ClockControls&) = delete;

  /// Adds the rows (label, field; the hint under the field) to a two-column grid sizer; without
  /// `hint` only the label and the field (the hint is hidden; the tooltip stays).
  void AddTo(wxFlexGridSizer& grid, bool hint = true) const;
  /// Enables or disables the field.
  void Enable(bool enable);
  /// Shows `tc` in the field.
  void Set(const TimeControl& tc);
  /// True when the text is a clock; otherwise says why in a message box, selects the field and
  /// returns false (the dialog stays open, nothing typed is lost).
  bool Validate() const;
  /// The clock chosen (no clock when the text is not one: call Validate() first).
  TimeControl Get() const;
  /// Wraps the hint line at `width` pixels.
  void WrapHint(int width);

 private:
  wxStaticText* label_ = nullptr;
  wxComboBox* field_ = nullptr;
  wxStaticText* hint_ = nullptr;
};

/// The opening-rule field of a local game: "None" and the rules that fit the game's rule and
/// board size (session::openingRulesFor: swap and swap2 for freestyle and standard, Soosõrv-8
/// and Taraguchi-10 for renju), and a line that explains the rule chosen. It follows the rule
/// fields as they change, keeping the rule wanted when it fits again. Not a window, as
/// RuleControls.
class OpeningControls {
 public:
  /// Creates the controls as children of `parent`, showing `rule` when it fits `rules`' game.
  OpeningControls(wxWindow* parent, RuleControls& rules, OpeningRule rule);
  /// The same for a game that `game` tells (e.g. the hall's rule field): the owner calls
  /// GameChanged() when that game's rule or size changes.
  OpeningControls(wxWindow* parent, std::function<GameOptions()> game, OpeningRule rule);
  OpeningControls(const OpeningControls&) = delete;
  OpeningControls& operator=(const OpeningControls&) = delete;

  /// Adds the rows (label, field; the hint under the field) to a two-column grid sizer; without
  /// `hint` only the label and the field (the hint is hidden; the tooltip stays).
  void AddTo(wxFlexGridSizer& grid, bool hint = true) const;
  /// Offers the rules that fit the game again (its rule or size changed).
  void GameChanged() { Fill(); }
  /// Enables or disables the field.
  void Enable(bool enable);
  /// Chooses `rule` (kept as the rule wanted; shown when it fits the game).
  void Set(OpeningRule rule);
  /// The opening rule chosen.
  OpeningRule Get() const;
  /// Wraps the hint line at `width` pixels.
  void WrapHint(int width);

 private:
  void Fill();   // the rules that fit the rule fields' game, selecting wanted_ when it fits
  void Refit();  // lays the window out again after the field or the hint changed
  std::function<GameOptions()> game_;  // the game the rules must fit
  wxStaticText* label_ = nullptr;
  wxChoice* field_ = nullptr;
  wxStaticText* hint_ = nullptr;
  std::vector<OpeningRule> offered_;  // the field's items
  OpeningRule wanted_;                // the user's last choice
  int hintWidth_ = 0;
};

/// "New local game": rule, board size, foul policy, clock and opening rule of a hot-seat game.
class NewGameDialog : public wxDialog {
 public:
  /// The dialog filled from `options` (the last local game's).
  NewGameDialog(wxWindow* parent, const GameOptions& options);
  /// The options chosen (meaningful after ShowModal() returned wxID_OK).
  GameOptions GetOptions() const;

 private:
  RuleControls fields_;
  ClockControls clock_;
  OpeningControls opening_;
};

}  // namespace gomoku::app
