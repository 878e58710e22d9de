#pragma once
/// @file The banner over the board while an opening rule runs (core/opening.h): whose decision
/// it is and what the choices are, with a button for each choice of the step (Keep / Swap, Take
/// Black / Take White / Place two, One 5th move / Ten 5th moves, a count and Declare under
/// Soosõrv-8, Offer once the 5th moves are picked out). Stones are placed on the board.

#include <functional>
#include <utility>
#include <vector>

#include <wx/panel.h>

#include "core/opening.h"

class wxButton;
class wxSpinCtrl;
class wxStaticText;

namespace gomoku::app {

/// The banner. Its owner shows and hides it and tells it the step; the buttons call back.
class OpeningBar : public wxPanel {
 public:
  /// What the buttons ask of the owner.
  struct Handlers {
    std::function<void(OpeningChoice)> choose;  ///< Keep, Swap, Take Black, ... clicked
    std::function<void(int)> declare;           ///< Declare clicked with the count shown
    std::function<void()> offer;                ///< Offer clicked (the 5th moves picked out)
  };

  /// The banner, empty; hidden until its owner shows it.
  OpeningBar(wxWindow* parent, Handlers handlers);

  /// Shows `sentence` and the controls of `step`; they are enabled when `yours` (the user
  /// decides, not the computer). `offerReady`: PlaceAlternatives has all its points picked out.
  void SetStep(const wxString& sentence, OpeningStep step, bool yours, bool offerReady);
  /// The sentence shown.
  const wxString& Sentence() const { return sentence_; }

  /// The controls for the test report's BUTTON lines: opkeep, opswap, opblack, opwhite, optwo,
  /// opone, opten, opcount (the count field), opdeclare, opoffer.
  std::vector<std::pair<const char*, wxWindow*>> ReportedControls() const;

 private:
  void Rewrap();

  Handlers handlers_;
  wxString sentence_;
  wxStaticText* text_ = nullptr;
  wxButton* keep_ = nullptr;
  wxButton* swap_ = nullptr;
  wxButton* black_ = nullptr;
  wxButton* white_ = nullptr;
  wxButton* two_ = nullptr;
  wxButton* one_ = nullptr;
  wxButton* ten_ = nullptr;
  wxSpinCtrl* count_ = nullptr;
  wxButton* declare_ = nullptr;
  wxButton* offer_ = nullptr;
  int wrapWidth_ = 0;
};

}  // namespace gomoku::app
