#pragma once
/// @file The rule / board size / foul policy fields shared by the "New local game" and
/// "Create game" dialogs, and the "New local game" dialog itself.

#include <wx/dialog.h>

#include "app/settings.h"

class wxCheckBox;
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

 private:
  void OnRuleChanged();

  wxStaticText* ruleLabel_ = nullptr;
  wxChoice* rule_ = nullptr;
  wxStaticText* sizeLabel_ = nullptr;
  wxChoice* size_ = nullptr;
  wxCheckBox* foul_ = nullptr;
  int freeSize_;  // the size chosen for freestyle / standard
};

/// "New local game": rule, board size and foul policy of a hot-seat game.
class NewGameDialog : public wxDialog {
 public:
  /// The dialog filled from `options` (the last local game's).
  NewGameDialog(wxWindow* parent, const GameOptions& options);
  /// The options chosen (meaningful after ShowModal() returned wxID_OK).
  GameOptions GetOptions() const { return fields_.Get(); }

 private:
  RuleControls fields_;
};

}  // namespace gomoku::app
