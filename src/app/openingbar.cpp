#include "app/openingbar.h"
#include "app/wraptext.h"

#include <algorithm>

#include <wx/button.h>
#include <wx/intl.h>
#include <wx/sizer.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>

namespace gomoku::app {

namespace {
// A soft yellow, as an information bar: it stands apart from the wood and the side panel.
const wxColour kBannerBack(255, 243, 205);
const wxColour kBannerText(60, 44, 10);
}  // namespace

OpeningBar::OpeningBar(wxWindow* parent, Handlers handlers)
    : wxPanel(parent), handlers_(std::move(handlers)) {
  SetName("openingbar");
  SetBackgroundColour(kBannerBack);
  text_ = new wxStaticText(this, wxID_ANY, {});
  text_->SetForegroundColour(kBannerText);
  text_->SetFont(text_->GetFont().Bold());
  // Room for two lines: the banner keeps its height (and the board its place) from step to
  // step unless a sentence needs more.
  text_->SetMinSize(wxSize(-1, 2 * text_->GetCharHeight()));
  auto button = [this](const wxString& label, const wxString& tip) {
    auto* b = new wxButton(this, wxID_ANY, label);
    b->SetToolTip(tip);
    return b;
  };
  keep_ = button(_("&Keep"), _("Keep the colours as they are"));
  swap_ = button(_("S&wap"), _("Exchange the colours"));
  black_ = button(_("Take &Black"), _("Play Black from here on"));
  white_ = button(_("Take &White"), _("Play White from here on"));
  two_ = button(_("Place &two"),
                _("Place two more stones (White, Black); then the other player chooses a colour"));
  one_ = button(_("&One 5th move"), _(L"Place one 5th move within the central 9 \u00D7 9"));
  ten_ = button(_("Te&n 5th moves"), _("Offer ten 5th moves, of which White picks one"));
  count_ = new wxSpinCtrl(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize,
                          wxSP_ARROW_KEYS, 1, 8, 2);
  count_->SetToolTip(_("How many 5th moves Black offers (1 to 8)"));
  declare_ = button(_("&Declare"), _("Declare this many 5th moves"));
  offer_ = button(_("&Offer"), _("Offer the 5th moves picked out on the board"));

  auto* buttons = new wxBoxSizer(wxHORIZONTAL);
  for (wxWindow* w : {static_cast<wxWindow*>(keep_), static_cast<wxWindow*>(swap_),
                      static_cast<wxWindow*>(black_), static_cast<wxWindow*>(white_),
                      static_cast<wxWindow*>(two_), static_cast<wxWindow*>(one_),
                      static_cast<wxWindow*>(ten_), static_cast<wxWindow*>(count_),
                      static_cast<wxWindow*>(declare_), static_cast<wxWindow*>(offer_)})
    buttons->Add(w, wxSizerFlags().CentreVertical().Border(wxRIGHT, FromDIP(6)));
  // As high with buttons as without (steps that place stones have none): the board stays put.
  // (A spacer: a sizer whose windows are all hidden counts as hidden itself.)
  buttons->Add(0, std::max(keep_->GetBestSize().y, count_->GetBestSize().y));
  auto* sizer = new wxBoxSizer(wxVERTICAL);
  sizer->Add(text_, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxTOP, FromDIP(10)));
  sizer->Add(buttons, wxSizerFlags().Border(wxALL, FromDIP(8)));
  SetSizer(sizer);

  const auto choose = [this](OpeningChoice c) {
    return [this, c](wxCommandEvent&) {
      if (handlers_.choose) handlers_.choose(c);
    };
  };
  keep_->Bind(wxEVT_BUTTON, choose(OpeningChoice::Keep));
  swap_->Bind(wxEVT_BUTTON, choose(OpeningChoice::Swap));
  black_->Bind(wxEVT_BUTTON, choose(OpeningChoice::TakeBlack));
  white_->Bind(wxEVT_BUTTON, choose(OpeningChoice::TakeWhite));
  two_->Bind(wxEVT_BUTTON, choose(OpeningChoice::PlaceTwo));
  one_->Bind(wxEVT_BUTTON, choose(OpeningChoice::OneFifth));
  ten_->Bind(wxEVT_BUTTON, choose(OpeningChoice::TenFifths));
  declare_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (handlers_.declare) handlers_.declare(count_->GetValue());
  });
  offer_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
    if (handlers_.offer) handlers_.offer();
  });
  Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    e.Skip();
    const int width = std::max(FromDIP(120), GetClientSize().x - FromDIP(20));
    if (width == wrapWidth_) return;
    wrapWidth_ = width;
    CallAfter([this] { Rewrap(); });
  });
  Hide();
}

void OpeningBar::Rewrap() {
  if (wrapWidth_ <= 0) return;
  SetWrappedLabel(text_, sentence_, wrapWidth_);
  Layout();
  if (GetParent() && GetSizer()->GetMinSize().y != GetSize().y) GetParent()->Layout();
}

void OpeningBar::SetStep(const wxString& sentence, OpeningStep step, bool yours, bool offerReady) {
  using S = OpeningStep;
  const auto show = [yours](wxWindow* w, bool shown, bool enabled = true) {
    w->Show(shown);
    w->Enable(shown && yours && enabled);
  };
  show(keep_, step == S::SwapOffer);
  show(swap_, step == S::SwapOffer);
  show(black_, step == S::ColourChoice || step == S::Swap2Choice);
  show(white_, step == S::ColourChoice || step == S::Swap2Choice);
  show(two_, step == S::Swap2Choice);
  show(one_, step == S::FifthChoice);
  show(ten_, step == S::FifthChoice);
  show(count_, step == S::DeclareCount);
  show(declare_, step == S::DeclareCount);
  show(offer_, step == S::PlaceAlternatives, offerReady);
  if (sentence != sentence_) {
    sentence_ = sentence;
    if (wrapWidth_ > 0)
      SetWrappedLabel(text_, sentence_, wrapWidth_);
    else
      text_->SetLabel(sentence_);
  }
  Layout();
  // A sentence on more lines than before: the banner grows (the board shrinks).
  if (IsShown() && GetParent() && GetSizer()->GetMinSize().y != GetSize().y) GetParent()->Layout();
}

std::vector<std::pair<const char*, wxWindow*>> OpeningBar::ReportedControls() const {
  return {{"opkeep", keep_},       {"opswap", swap_},  {"opblack", black_}, {"opwhite", white_},
          {"optwo", two_},         {"opone", one_},    {"opten", ten_},     {"opcount", count_},
          {"opdeclare", declare_}, {"opoffer", offer_}};
}

}  // namespace gomoku::app
