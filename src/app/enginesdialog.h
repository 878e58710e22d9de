#pragma once
/// @file Settings > Engines: the external Gomocup engines (pbrain-* executables) the user
/// registered, kept in the application's config (wxConfigBase::Get(), group /Engines).

#include <string>
#include <vector>

#include <wx/dialog.h>

class wxListBox;

namespace gomoku::app {

/// One registered external engine.
struct ExternalEngine {
  std::string name;  ///< from its ABOUT line (or the file name)
  std::string path;  ///< the executable, absolute
};

/// The registered engines, in the order they were added.
std::vector<ExternalEngine> LoadExternalEngines();
/// Saves the list (replacing the old one).
void SaveExternalEngines(const std::vector<ExternalEngine>& engines);
/// Starts `path`, asks START 15 and ABOUT (5 s each), ends it. Returns its name, or an empty
/// string with `error` set ("the engine crashed (signal 11)", ...).
std::string ProbeExternalEngine(const std::string& path, std::string& error);

/// The dialog: a list with Add..., Remove and Test.
class EnginesDialog : public wxDialog {
 public:
  /// Shows the registered engines; changes are saved at once.
  explicit EnginesDialog(wxWindow* parent);

 private:
  void Fill();
  void OnAdd();
  void OnRemove();
  void OnTest();

  std::vector<ExternalEngine> engines_;
  wxListBox* list_ = nullptr;
};

}  // namespace gomoku::app
