#pragma once
/// @file WatchDialog (Game > Watch game…): the games in progress on the local network that may
/// be watched (LanGameList), live, and a host field for a game elsewhere ("name", "address",
/// "host:port"). A double-click on a game watches it at once.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <wx/dialog.h>

#include "app/langamelist.h"

class wxTextCtrl;

namespace gomoku::app {

/// Asks which game to watch.
class WatchDialog : public wxDialog {
 public:
  /// The dialog, its host field filled with `host` (the last one typed).
  WatchDialog(wxWindow* parent, const wxString& host);
  ~WatchDialog() override;
  /// The host and port chosen (OK pressed or a game double-clicked); nullopt when the host
  /// field does not read as one (the dialog said so and stayed open).
  std::optional<std::pair<std::string, std::uint16_t>> Target() const;
  /// For tests: told the list's rows each time it changes.
  void SetLanRowsReporter(LanGameList::RowsReporter reporter);

 private:
  std::unique_ptr<LanGameList> lan_;
  wxTextCtrl* host_ = nullptr;
};

}  // namespace gomoku::app
