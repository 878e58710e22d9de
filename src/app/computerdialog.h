#pragma once
/// @file "New game against the computer": your colour, the computer's level, the rule and size.

#include <string>
#include <vector>

#include <wx/dialog.h>

#include "app/enginesdialog.h"

#include "app/newgamedialog.h"
#include "app/settings.h"

class wxChoice;
class wxSpinCtrl;
class wxStaticText;

namespace gomoku::app {

/// The built-in computer's level `level` (1..5, clamped) by name, translated: "Beginner",
/// "Casual", "Intermediate", "Expert", "Master". The dialog's level list and the player's name
/// ("Computer (Beginner)") both use it.
wxString LevelName(int level);

/// One sentence on where level `level` (1..5, clamped) stands and how long it thinks, translated:
/// shown under the dialog's level list. Based on the measured level ladder (README).
wxString LevelHint(int level);

/// What the dialog chose.
struct ComputerGameOptions {
  GameOptions game;        ///< rule, size, foul policy, clock, opening rule
  int colorChoice = 0;     ///< 0 black, 1 white, 2 random (the human's colour; with an opening
                           ///< rule the human's seat: black is the first player)
  int level = 3;           ///< 1 Beginner .. 5 Master
  int threads = 1;         ///< search threads (Expert and Master; default: cores - 1)
  std::string engine;      ///< path of an external engine (Settings > Engines); "" = built-in
  std::string engineName;  ///< its name

  /// Reads the last choice from the application's config (wxConfigBase::Get()).
  static ComputerGameOptions Load(const GameOptions& fallbackGame);
  /// Writes it back.
  void Save() const;
};

/// The dialog.
class ComputerGameDialog : public wxDialog {
 public:
  /// Filled from `options`.
  ComputerGameDialog(wxWindow* parent, const ComputerGameOptions& options);
  /// The options chosen (after ShowModal() returned wxID_OK).
  ComputerGameOptions GetOptions() const;

 private:
  wxChoice* color_ = nullptr;
  wxChoice* level_ = nullptr;
  wxStaticText* levelHint_ = nullptr;  // LevelHint of the selected level
  int hintWidth_ = 0;                  // pixels the hint wraps at
  wxChoice* opponent_ = nullptr;
  wxSpinCtrl* threads_ = nullptr;
  std::vector<ExternalEngine> engines_;
  RuleControls fields_;
  ClockControls clock_;
  OpeningControls opening_;
};

}  // namespace gomoku::app
