#include "app/rulesdialog.h"

#include <utility>
#include <vector>

#include <wx/button.h>
#include <wx/dialog.h>
#include <wx/frame.h>
#include <wx/intl.h>
#include <wx/menu.h>
#include <wx/sizer.h>
#include <wx/textctrl.h>

namespace gomoku::app {

namespace {

// Sources: the Renju International Federation's rules (https://www.renju.net/rifrules/) for
// renju; freestyle and standard gomoku as played in the Gomocup.
// The text, and the [start, end) character ranges of its headings (shown in bold).
wxString RulesText(std::vector<std::pair<long, long>>* headings) {
  wxString text;
  const auto heading = [&text, headings](const wxString& title) {
    const long start = static_cast<long>(text.length());
    text << title;
    headings->emplace_back(start, static_cast<long>(text.length()));
    text << "\n\n";
  };
  const auto paragraph = [&text](const wxString& body) { text << body << "\n\n"; };
  heading(_("How to play"));
  paragraph(
      _("Two players take turns placing a stone of their colour on an empty intersection "
        "of the board. Black moves first. Stones are never moved or removed. The first "
        "player with an unbroken row of stones, across, down or diagonally, wins. When "
        "the board is full and nobody has won, the game is a draw."));
  heading(_("Freestyle"));
  paragraph(
      _("Five or more stones in a row win, for both players: an overline (six or "
        "more) also counts. The board is 15 × 15 to 20 × 20."));
  heading(_("Standard"));
  paragraph(
      _("Only exactly five in a row wins. An overline (six or more) does not win, for "
        "either player; the game goes on."));
  heading(_("Renju"));
  paragraph(
      _("Renju is played on a 15 × 15 board. Black, who moves first, has a large "
        "advantage, so Black may not play on forbidden points:"));
  paragraph(
      _("• double-three: a move that makes two open threes at once;\n"
        "• double-four: a move that makes two fours at once;\n"
        "• overline: a move that makes six or more in a row."));
  paragraph(
      _("A four is a row that becomes five with one more stone; an open three is a row "
        "that becomes an open four (five can be made at either end) with one more "
        "stone. Black wins only with exactly five; a move that makes five wins even if "
        "it also makes a forbidden shape. White has no forbidden points and wins with "
        "five or an overline."));
  paragraph(
      _("Forbidden points are marked with a red cross (View > Show forbidden points). "
        "By default a forbidden move is refused and Black plays again; with \"Forbidden "
        "move loses\" (strict RIF rule) the stone is placed and Black loses the game."));
  heading(_("Network games"));
  paragraph(
      _("In a network game you can ask to take back a move (takeback), offer a draw, "
        "resign, chat, and after the game play again with the colours swapped."));
  heading(_("Keyboard"));
  paragraph(
      _("The arrow keys move the cursor on the board; Enter or Space places a stone "
        "there. The menus show the other shortcuts."));
  text.Trim();
  return text;
}

class RulesDialog : public wxDialog {
 public:
  explicit RulesDialog(wxWindow* parent)
      : wxDialog(parent, wxID_ANY, _("Rules of Gomoku"), wxDefaultPosition, wxDefaultSize,
                 wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER) {
    SetName("rules");
    std::vector<std::pair<long, long>> headings;
    const wxString rules = RulesText(&headings);
    auto* text =
        new wxTextCtrl(this, wxID_ANY, rules, wxDefaultPosition, FromDIP(wxSize(560, 460)),
                       wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP | wxTE_RICH2 | wxBORDER_NONE);
    text->SetMargins(FromDIP(wxPoint(8, 4)));  // the text clear of the edge (no border)
    wxFont bold = text->GetFont();
    bold.MakeBold().MakeLarger();
    for (const auto& [start, end] : headings)
      text->SetStyle(start, end, wxTextAttr(wxNullColour, wxNullColour, bold));
    text->ShowPosition(0);
    text->SetName(_("Rules of Gomoku"));
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(text, 1, wxEXPAND | wxALL, FromDIP(12));
    sizer->Add(CreateStdDialogButtonSizer(wxCLOSE), 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM,
               FromDIP(12));
    SetSizerAndFit(sizer);
    SetEscapeId(wxID_CLOSE);
    Bind(
        wxEVT_BUTTON, [this](wxCommandEvent&) { Destroy(); }, wxID_CLOSE);
    Bind(wxEVT_CLOSE_WINDOW, [this](wxCloseEvent&) { Destroy(); });
    CentreOnParent();
  }
};

}  // namespace

void ShowRulesWindow(wxWindow* parent) {
  if (wxWindow* open = wxWindow::FindWindowByName("rules", parent)) {
    open->Raise();
    return;
  }
  (new RulesDialog(parent))->Show();
}

void AppendRulesMenuItem(wxMenu* help, wxFrame* frame) {
  help->Append(wxID_HELP, _("&Rules\tF1"),
               _("The rules of freestyle, standard and renju, and how to play"));
  frame->Bind(
      wxEVT_MENU, [frame](wxCommandEvent&) { ShowRulesWindow(frame); }, wxID_HELP);
}

wxString LibraryLicences() {
  wxString text;
  text << _("wxWidgets: the user interface (wxWindows Library Licence)") << "\n"
       << _("Boost.Asio: the network (Boost Software License 1.0)") << "\n"
       << _("CLI11: the command line of gomoku-cli (BSD 3-Clause License)") << "\n"
       << _("GoogleTest: the tests, not shipped (BSD 3-Clause License)");
  return text;
}

}  // namespace gomoku::app
