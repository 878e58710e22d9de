#pragma once
/// @file The dialogs of online play: "Play online" (log in or create an account on a
/// gomoku-server) and the settings of a private room or an invitation.

#include <cstdint>
#include <memory>
#include <string>

#include <wx/dialog.h>

#include "app/onlinecontroller.h"
#include "app/settings.h"
#include "net/wire.h"

class wxCheckBox;
class wxRadioButton;
class wxStaticText;
class wxTextCtrl;

namespace gomoku::app {

class RuleControls;
class ClockControls;
class OpeningControls;

/// Game > Play online…: server, name, password (twice for a new account), "Create a new
/// account" and "Remember me". Closes with wxID_OK only when the fields are valid.
class LoginDialog : public wxDialog {
 public:
  /// Filled from the last server and name; `error`: why the last attempt failed ("" = none),
  /// shown in red at the top; `remembered`: a login of that name on that server is remembered
  /// (then the password may stay empty); `registering`: "Create a new account" ticked (the
  /// last attempt was a registration).
  LoginDialog(wxWindow* parent, const std::string& server, const std::string& name, bool remembered,
              const wxString& error, bool registering = false);
  ~LoginDialog() override;
  /// What to log in with (meaningful after wxID_OK): host, port, name, password, registering,
  /// remember; the token is left to the caller.
  OnlineLogin GetLogin() const;
  /// The server as typed ("host" or "host:port").
  std::string GetServer() const;

 private:
  wxString Problem() const;  // why the fields cannot be used; "" when they can
  void UpdateFields();

  wxTextCtrl* server_ = nullptr;
  wxTextCtrl* name_ = nullptr;
  wxTextCtrl* password_ = nullptr;
  wxTextCtrl* again_ = nullptr;
  wxStaticText* againLabel_ = nullptr;
  wxCheckBox* register_ = nullptr;
  wxCheckBox* remember_ = nullptr;
  wxStaticText* error_ = nullptr;
  wxStaticText* rememberedNote_ = nullptr;  // "leave the password empty"
  bool remembered_ = false;
  std::string rememberedName_;
};

/// The settings of a private game: rule, board size, foul policy, clock, opening rule, our colour
/// and Rated (as the P2P host dialog has them). For Private room… and Invite…. Closes with OK
/// only when the clock field holds a clock.
class RoomDialog : public wxDialog {
 public:
  /// `title` and `intro` say what the settings are for; filled from `options` and `color`.
  RoomDialog(wxWindow* parent, const wxString& title, const wxString& intro,
             const GameOptions& options, net::ColorChoice color);
  ~RoomDialog() override;
  /// The settings chosen.
  net::RoomSettings GetSettings() const;
  /// The rule, size, foul policy, clock and opening rule chosen (to remember them).
  GameOptions GetOptions() const;
  /// The colour chosen (to remember it).
  net::ColorChoice GetColor() const;

 private:
  std::unique_ptr<RuleControls> rules_;
  std::unique_ptr<ClockControls> clock_;
  std::unique_ptr<OpeningControls> opening_;
  wxRadioButton* black_ = nullptr;
  wxRadioButton* white_ = nullptr;
  wxRadioButton* random_ = nullptr;
  wxCheckBox* rated_ = nullptr;
};

}  // namespace gomoku::app
