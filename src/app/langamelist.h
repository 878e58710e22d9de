#pragma once
/// @file LanGameList: the games announced on the local network (net::LanBrowser), live, as a
/// list in a dialog with a status line under it ("Looking for games…", "Local discovery
/// unavailable…"). Join game lists the games waiting for an opponent; Watch game the games in
/// progress that may be watched (announced as full). A row selected or double-clicked is told
/// to the dialog, which fills its host field or starts at once.

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <wx/gdicmn.h>

#include "net/lan.h"

class wxListCtrl;
class wxSizer;
class wxStaticText;
class wxWindow;

namespace gomoku::app {

/// A live list of the games on the local network.
class LanGameList {
 public:
  /// What the list tells its dialog.
  struct Handlers {
    std::function<void(const net::LanGame&)> chosen;     ///< the user selected a row
    std::function<void(const net::LanGame&)> activated;  ///< the user double-clicked a row
  };
  /// A row: the host's nickname and a point on the row (physical screen pixels).
  struct Row {
    std::string nickname;  ///< as announced (UTF-8)
    wxPoint point;         ///< on the row, in physical screen pixels
  };
  /// For tests: told all the rows, top first, each time the list changes, once it is shown.
  using RowsReporter = std::function<void(const std::vector<Row>& rows)>;

  /// Adds the list and its status line to `sizer` of `parent` and starts browsing. `started`:
  /// list the games in progress (announced full) instead of the games waiting for an opponent.
  LanGameList(wxWindow* parent, wxSizer& sizer, bool started, Handlers handlers);
  /// Stops browsing (no call of the browser's after it).
  ~LanGameList();
  LanGameList(const LanGameList&) = delete;
  LanGameList& operator=(const LanGameList&) = delete;
  /// Sets the rows' reporter (see RowsReporter).
  void SetRowsReporter(RowsReporter reporter) { reportRows_ = std::move(reporter); }

 private:
  void Show();        // the games found, shown again (GUI thread)
  void ReportRows();  // tells reportRows_ the rows as they are now
  const net::LanGame* RowGame(long row) const;

  wxWindow* parent_;
  bool started_;
  Handlers handlers_;
  std::unique_ptr<net::LanBrowser> lan_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // for the browser's calls
  // A refresh is queued (the browser's thread sets it, the GUI clears it): one call queued at a
  // time, however fast the changes come (a flood of announcements).
  std::shared_ptr<std::atomic<bool>> queued_ = std::make_shared<std::atomic<bool>>(false);
  bool refilling_ = false;  // the list is being refilled: its selection events are not the user's
  std::vector<net::LanGame> games_;  // as the list shows them, row by row
  RowsReporter reportRows_;
  wxListCtrl* list_ = nullptr;
  wxStaticText* status_ = nullptr;
};

}  // namespace gomoku::app
