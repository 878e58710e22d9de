#include "app/replaybar.h"
#include "app/wraptext.h"

#include <algorithm>

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/sizer.h>
#include <wx/slider.h>
#include <wx/stattext.h>

namespace gomoku::app {

namespace {
// Autoplay speeds offered, milliseconds per move.
const int kSpeeds[] = {250, 500, 1000, 2000, 4000};
}  // namespace

ReplayBar::ReplayBar(wxWindow* parent, Handlers handlers, int speedMs)
    : wxPanel(parent), handlers_(std::move(handlers)), speedMs_(speedMs), timer_(this) {
  label_ = new wxStaticText(this, wxID_ANY, {});
  label_->SetFont(label_->GetFont().Bold());
  opening_ = new wxStaticText(this, wxID_ANY, {});
  opening_->Hide();
  slider_ = new wxSlider(this, wxID_ANY, 0, 0, 1);
  slider_->SetToolTip(_("Drag to any move of the record"));
  auto small = [this](const wxString& text, const wxString& tip) {
    auto* b = new wxButton(this, wxID_ANY, text, wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    b->SetMinSize(wxSize(FromDIP(36), -1));
    b->SetToolTip(tip);
    return b;
  };
  first_ = small(L"\u00AB", _("First: the empty board (Home)"));
  prev_ = small(L"\u2039", _("Previous move (Left)"));
  play_ = small(_("Play"), _("Play the moves one after another (Space)"));
  next_ = small(L"\u203A", _("Next move (Right)"));
  last_ = small(L"\u00BB", _("Last move (End)"));
  speed_ = new wxChoice(this, wxID_ANY);
  int selected = 2;
  for (int i = 0; i < static_cast<int>(std::size(kSpeeds)); ++i) {
    speed_->Append(wxString::Format(_("%g s per move"), kSpeeds[i] / 1000.0));
    if (kSpeeds[i] == speedMs_) selected = i;
  }
  speed_->SetSelection(selected);
  FitChoice(speed_);
  speedMs_ = kSpeeds[selected];
  speed_->SetToolTip(_("Autoplay speed"));
  continue_ = new wxButton(this, wxID_ANY, _("&Continue from here"));
  continue_->SetToolTip(_("Start a local game from the position shown"));

  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  buttons->Add(first_, wxSizerFlags(1).Expand());
  buttons->Add(prev_, wxSizerFlags(1).Expand().Border(wxLEFT, FromDIP(4)));
  buttons->Add(play_, wxSizerFlags(2).Expand().Border(wxLEFT, FromDIP(4)));
  buttons->Add(next_, wxSizerFlags(1).Expand().Border(wxLEFT, FromDIP(4)));
  buttons->Add(last_, wxSizerFlags(1).Expand().Border(wxLEFT, FromDIP(4)));
  auto* sizer = new wxBoxSizer(wxVERTICAL);
  sizer->Add(label_, wxSizerFlags().Expand());
  sizer->Add(opening_, wxSizerFlags().Expand().Border(wxTOP, FromDIP(4)));
  sizer->AddSpacer(FromDIP(4));
  sizer->Add(slider_, wxSizerFlags().Expand());
  sizer->AddSpacer(FromDIP(4));
  sizer->Add(buttons, wxSizerFlags().Expand());
  sizer->AddSpacer(FromDIP(6));
  sizer->Add(speed_, wxSizerFlags().Expand());
  sizer->AddSpacer(FromDIP(6));
  sizer->Add(continue_, wxSizerFlags().Expand());
  SetSizer(sizer);

  first_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { First(); });
  prev_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { Prev(); });
  play_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { TogglePlay(); });
  next_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { Next(); });
  last_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { Last(); });
  continue_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    Stop();
    if (handlers_.continueHere) handlers_.continueHere();
  });
  slider_->Bind(wxEVT_SLIDER, [this](wxCommandEvent&) {
    Stop();
    Seek(slider_->GetValue());
  });
  speed_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    const int i = speed_->GetSelection();
    if (i < 0) return;
    speedMs_ = kSpeeds[i];
    if (timer_.IsRunning()) timer_.Start(speedMs_);
    if (handlers_.speedChanged) handlers_.speedChanged(speedMs_);
  });
  Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
    if (ply_ >= total_) {
      Stop();
      return;
    }
    Seek(ply_ + 1);
    if (ply_ >= total_) Stop();
  });
  UpdateControls();
}

void ReplayBar::SetPosition(int ply, int total) {
  total_ = std::max(0, total);
  ply_ = std::clamp(ply, 0, total_);
  UpdateControls();
}

void ReplayBar::SetOpening(const wxString& text, int width) {
  if (text == openingText_ && width == openingWidth_) return;
  openingText_ = text;
  openingWidth_ = width;
  SetWrappedLabel(opening_, text, width);
  opening_->Show(!text.empty());
  Layout();
  if (GetParent()) GetParent()->Layout();
}

void ReplayBar::Seek(int ply) {
  ply = std::clamp(ply, 0, total_);
  if (ply == ply_) return;
  ply_ = ply;
  UpdateControls();
  if (handlers_.seek) handlers_.seek(ply_);
}

void ReplayBar::First() {
  Stop();
  Seek(0);
}

void ReplayBar::Prev() {
  Stop();
  Seek(ply_ - 1);
}

void ReplayBar::Next() {
  Stop();
  Seek(ply_ + 1);
}

void ReplayBar::Last() {
  Stop();
  Seek(total_);
}

void ReplayBar::TogglePlay() {
  if (timer_.IsRunning()) {
    Stop();
    return;
  }
  if (total_ == 0) return;
  if (ply_ >= total_) Seek(0);
  timer_.Start(speedMs_);
  UpdateControls();
}

void ReplayBar::Stop() {
  if (!timer_.IsRunning()) return;
  timer_.Stop();
  UpdateControls();
}

void ReplayBar::UpdateControls() {
  label_->SetLabelText(total_ == 0 ? _("This record has no moves")
                                   : wxString::Format(_("Move %d of %d"), ply_, total_));
  slider_->SetRange(0, std::max(1, total_));
  slider_->SetValue(ply_);
  // GTK 3 moves the knob at its next layout pass, which without further events comes only with
  // the next change: the knob would show the previous move. A second pass once the events of
  // this change are handled draws it where it belongs.
  CallAfter([this] {
    slider_->SetValue(ply_);
    slider_->Refresh();
  });
  slider_->Enable(total_ > 0);
  first_->Enable(ply_ > 0);
  prev_->Enable(ply_ > 0);
  next_->Enable(ply_ < total_);
  last_->Enable(ply_ < total_);
  play_->SetLabel(timer_.IsRunning() ? _("Pause") : _("Play"));
  play_->Enable(total_ > 0);
}

void ReplayBar::SetCompact(bool compact) {
  for (wxButton* b : {first_, prev_, next_, last_})
    b->SetMinSize(wxSize(FromDIP(compact ? 24 : 36), -1));
  Layout();
  InvalidateBestSize();
}

}  // namespace gomoku::app
