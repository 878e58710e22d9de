#pragma once
/// @file The "Create game" (host) and "Join game" dialogs. Each has a form view and a
/// progress view (waiting for an opponent / connecting) and closes with wxID_OK once the
/// match has started. The network runs on NetGame's thread; the owner forwards every
/// NetGame notification to OnNetUpdate() on the GUI thread.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <wx/dialog.h>
#include <wx/timer.h>

#include "app/langamelist.h"
#include "app/settings.h"
#include "net/lan.h"
#include "net/netgame.h"

class wxButton;
class wxFlexGridSizer;
class wxGauge;
class wxListCtrl;
class wxListEvent;
class wxCheckBox;
class wxRadioButton;
class wxSizer;
class wxSpinCtrl;
class wxStaticText;
class wxTextCtrl;

namespace gomoku::app {

class NicknameField;
class RuleControls;
class ClockControls;
class OpeningControls;

/// What both dialogs share: the switch between form and progress view, the pulsing gauge,
/// the error line, and the link to the owner's NetGame.
class ConnectDialog : public wxDialog {
 public:
  /// Replaces the owner's NetGame by a fresh one (a NetGame listens or connects only once)
  /// and returns it. The owner keeps it; it stays valid while the dialog runs.
  using NetFactory = std::function<net::NetGame&(const net::NetOptions& options)>;
  /// Told when listening or joining failed (not when the user cancelled).
  using FailureHandler = std::function<void(net::NetFailure, const std::string& message)>;

  /// Called by the owner, on the GUI thread, with a fresh snapshot after each notification.
  virtual void OnNetUpdate(const net::NetSnapshot& snapshot) = 0;
  /// Sets the failure handler.
  void SetFailureHandler(FailureHandler handler) { onFailure_ = std::move(handler); }
  /// The settings as edited in the dialog.
  const Settings& GetSettings() const { return settings_; }
  /// True when the user submitted the form at least once (the settings are worth saving).
  bool UserSubmitted() const { return userSubmitted_; }
  /// True while the progress view is shown (listening or connecting).
  bool IsBusy() const { return busy_; }

 protected:
  /// Builds the common frame: `form` (fields) and `progress` sizers get filled by the subclass.
  ConnectDialog(wxWindow* parent, const wxString& title, const wxString& submitLabel,
                Settings settings, NetFactory factory);
  ~ConnectDialog() override;

  /// Shows the form with an optional error in red (title in bold, then the details).
  void ShowForm(const wxString& errorTitle = {}, const wxString& errorText = {});
  /// Shows the progress view with the pulsing gauge.
  void ShowProgress();
  /// Reports a failure: back to the form with the error, and tells the failure handler.
  void Fail(net::NetFailure failure, const std::string& message);
  /// Enables the submit button when the form is valid; otherwise shows why in the error line.
  void Revalidate();
  /// Subclass check of the form: an error sentence, or empty when the form is valid.
  virtual wxString FormError() const = 0;
  /// The submit button was pressed with a valid form.
  virtual void Submit() = 0;
  /// Makes the nickname field (shared by both dialogs) with its validation and adds the row
  /// (label, field with its length note) to `grid`.
  void AddNicknameRow(wxFlexGridSizer& grid);
  /// The nickname field's text, trimmed, as UTF-8.
  std::string Nickname() const;
  /// Lays the dialog out once the subclass filled formSizer_ and progressSizer_.
  void FinishLayout();

  Settings settings_;
  NetFactory factory_;
  net::NetGame* net_ = nullptr;  // the NetGame of the current attempt
  bool userSubmitted_ = false;
  bool busy_ = false;
  wxSizer* formSizer_ = nullptr;      // filled by the subclass
  wxSizer* progressSizer_ = nullptr;  // filled by the subclass, above the gauge
  std::unique_ptr<NicknameField> nickname_;

 private:
  void OnSubmit(wxCommandEvent& event);
  void OnCancel(wxCommandEvent& event);
  void OnClose(wxCloseEvent& event);
  void FitView();

  wxSizer* topSizer_ = nullptr;
  int width_ = 0;  // client width, the same for both views
  wxStaticText* errorTitle_ = nullptr;
  wxStaticText* errorText_ = nullptr;
  wxGauge* gauge_ = nullptr;
  wxButton* submit_ = nullptr;
  wxButton* cancel_ = nullptr;
  wxTimer pulse_;
  FailureHandler onFailure_;
};

/// "Create game": nickname, port, colour, rule, board size and (renju) foul policy; "Listen"
/// starts hosting and shows the addresses of this machine while waiting for an opponent.
class HostDialog : public ConnectDialog {
 public:
  /// The dialog in its form view, filled from `settings`.
  HostDialog(wxWindow* parent, Settings settings, NetFactory factory);
  ~HostDialog() override;
  /// Listens on `port` (0 = any free port) with the current form at once, as if Listen was
  /// pressed (command line --host). On error the form shows it.
  void Listen(std::uint16_t port);
  /// Closes with wxID_OK once the match started; shows a failure and returns to the form.
  void OnNetUpdate(const net::NetSnapshot& snapshot) override;

 protected:
  /// The nickname's problem, if any.
  wxString FormError() const override;
  /// Listens on the port of the form.
  void Submit() override;

 private:
  void ReadForm();
  wxSpinCtrl* port_ = nullptr;
  wxRadioButton* black_ = nullptr;
  wxRadioButton* white_ = nullptr;
  wxRadioButton* random_ = nullptr;
  wxCheckBox* watchers_ = nullptr;     // others may watch the game
  wxCheckBox* watcherChat_ = nullptr;  // and chat
  std::unique_ptr<RuleControls> rules_;
  std::unique_ptr<ClockControls> clock_;
  std::unique_ptr<OpeningControls> opening_;
  wxStaticText* waitPort_ = nullptr;
  wxStaticText* waitAddresses_ = nullptr;
};

/// "Join game": the games waiting on the local network (DNS-SD, net/lan.h), updated live; a
/// click puts one's address in the host field and a double-click joins it. Or host (or
/// host:port), port and nickname typed; "Connect" connects with the timeout from the settings
/// and shows the progress. When the host field holds a port, the port field shows that port,
/// disabled, marked "(from the address)"; otherwise the port field's own value is used. Both
/// fields are remembered as the user typed them.
class JoinDialog : public ConnectDialog {
 public:
  /// The dialog in its form view, filled from `settings`; it starts looking for games on the
  /// local network.
  JoinDialog(wxWindow* parent, Settings settings, NetFactory factory);
  ~JoinDialog() override;
  /// Fills the form with `host`:`port` and connects at once, as if Connect was pressed
  /// (command line --join).
  void Connect(const std::string& host, std::uint16_t port);
  /// Closes with wxID_OK once the match started; shows a failure and returns to the form.
  void OnNetUpdate(const net::NetSnapshot& snapshot) override;
  /// For tests: told the rows of the list of games on the local network, top first, each time
  /// the list changes.
  void SetLanRowsReporter(LanGameList::RowsReporter reporter);

 protected:
  /// The host's or the nickname's problem, if any.
  wxString FormError() const override;
  /// Connects to the host (and port) of the form.
  void Submit() override;

 private:
  // The port written in the host field ("host:port", "[v6]:port"), if any.
  std::optional<std::uint16_t> PortInHost() const;
  // The port field follows the host field: disabled and showing the host's port, or enabled
  // with the user's own value.
  void UpdatePortField();
  // The port of the port field as the user typed it (not a port copied from the host field).
  int TypedPort() const;
  void StartJoin(const std::string& host, std::uint16_t port);
  // "host:port" as a key for the saved resume token.
  static std::string TargetKey(const std::string& host, std::uint16_t port);
  bool triedResume_ = false;  // the join quoted a saved resume token (RESUME instead of HELLO)
  std::string joinHost_;      // the host and port of the join in progress
  std::uint16_t joinPort_ = 0;

  // The game of the list's row put in the host field ("address:port").
  void ChooseLanGame(const net::LanGame& g);
  std::unique_ptr<LanGameList> lan_;  // the games on the local network while the dialog is open
  wxTextCtrl* host_ = nullptr;
  wxSpinCtrl* port_ = nullptr;
  wxStaticText* portNote_ = nullptr;
  int typedPort_ = 0;  // the port field's own value while it shows the host's port
  wxStaticText* progressTitle_ = nullptr;
  wxStaticText* progressDetail_ = nullptr;
};

}  // namespace gomoku::app
