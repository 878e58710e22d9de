#pragma once
/// @file Help > Rules: the rules of freestyle, standard and renju in the chosen language, and
/// the libraries in Help > About.

#include <wx/string.h>

class wxFrame;
class wxMenu;
class wxWindow;

namespace gomoku::app {

/// Shows the rules (freestyle, standard, renju, forbidden points, keyboard play) in a modeless
/// window owned by `parent`; a second call raises the open one.
void ShowRulesWindow(wxWindow* parent);

/// Appends Help > Rules (F1) to `help`, opening ShowRulesWindow(frame).
void AppendRulesMenuItem(wxMenu* help, wxFrame* frame);

/// The libraries the program uses and their licences, one per line, translated.
wxString LibraryLicences();

}  // namespace gomoku::app
