#pragma once
/// @file The replay controls of an opened record (in the side panel): the move shown, a slider,
/// first / previous / play-pause / next / last, the autoplay speed and "Continue from here".

#include <functional>

#include <wx/panel.h>
#include <wx/timer.h>

class wxButton;
class wxChoice;
class wxSlider;
class wxStaticText;

namespace gomoku::app {

/// Replay controls. The owner shows the position; the bar tells it which move to show. At the
/// first move "first" and "previous" are disabled, at the last "next", "last" and play.
class ReplayBar : public wxPanel {
 public:
  /// What the bar asks of its owner.
  struct Handlers {
    std::function<void(int ply)> seek;         ///< show the position after `ply` moves
    std::function<void()> continueHere;        ///< start a local game from the position shown
    std::function<void(int ms)> speedChanged;  ///< the autoplay speed changed (ms per move)
  };

  /// The controls, autoplay at `speedMs` milliseconds per move.
  ReplayBar(wxWindow* parent, Handlers handlers, int speedMs);

  /// Shows move `ply` of `total` (0 = the empty board) and enables the controls accordingly.
  void SetPosition(int ply, int total);
  /// The move shown.
  int Ply() const { return ply_; }
  /// The number of moves of the record.
  int Total() const { return total_; }
  /// Shows `text` under the move's number: the record's opening rule and what was decided in
  /// it, wrapped to `width` pixels; "" hides it.
  void SetOpening(const wxString& text, int width);
  /// Seeks to move 0, one back, one on, or the last (nothing at the ends).
  void First();
  void Prev();  ///< one move back (nothing at move 0)
  void Next();  ///< one move on (nothing at the last move)
  void Last();  ///< the last move
  /// Starts or pauses the autoplay (from the first move when at the last).
  void TogglePlay();
  /// Narrow buttons (for a compact side panel) or the usual ones.
  void SetCompact(bool compact);
  /// Stops the autoplay.
  void Stop();
  /// True while the autoplay runs.
  bool Playing() const { return timer_.IsRunning(); }

  /// The buttons, for the test report: first, prev, play, next, last, continue.
  wxButton* FirstButton() const { return first_; }
  wxButton* PrevButton() const { return prev_; }          ///< one move back
  wxButton* PlayButton() const { return play_; }          ///< play / pause
  wxButton* NextButton() const { return next_; }          ///< one move on
  wxButton* LastButton() const { return last_; }          ///< the last move
  wxButton* ContinueButton() const { return continue_; }  ///< continue from here

 private:
  void Seek(int ply);
  void UpdateControls();

  Handlers handlers_;
  int ply_ = 0;
  int total_ = 0;
  int speedMs_ = 1000;
  wxTimer timer_;
  wxStaticText* label_ = nullptr;
  wxStaticText* opening_ = nullptr;  // SetOpening's text
  wxString openingText_;
  int openingWidth_ = 0;
  wxSlider* slider_ = nullptr;
  wxButton* first_ = nullptr;
  wxButton* prev_ = nullptr;
  wxButton* play_ = nullptr;
  wxButton* next_ = nullptr;
  wxButton* last_ = nullptr;
  wxChoice* speed_ = nullptr;
  wxButton* continue_ = nullptr;
};

}  // namespace gomoku::app
