// The online client's typed values (net/online.h) in the user's language, by value: its
// refusals, the login answers, the hall's refusals (DENIED) and the failures that end a
// connection. Declared in coretexts.h; the free English text inside them (a rule a name breaks,
// the server's detail, why a connection ended) goes through the pattern table of coretexts.cpp.

#include <optional>
#include <string>
#include <vector>

#include "app/coretexts.h"
#include "core/utf8.h"

// Marks a string for xgettext (keyword N_, see res/po/update-pot.sh) without translating it.
#define N_(text) text

namespace gomoku::app {

namespace {

// `english` (free text of net or the server) through the patterns; nullopt when no pattern
// knows it.
std::optional<std::string> Known(const std::string& english, const TranslateFn& translate) {
  if (english.empty()) return std::nullopt;
  return TranslateCoreText(singleLine(english), translate);
}

}  // namespace

std::string TranslateOnlineRefusal(net::OnlineRefusal r, const TranslateFn& translate) {
  using net::OnlineRefusal;
  switch (r) {
    case OnlineRefusal::None:
      return {};
    case OnlineRefusal::NotConnected:
      return translate(N_("not connected to a server"));
    case OnlineRefusal::NotLoggedIn:
      return translate(N_("log in first"));
    case OnlineRefusal::LoggedIn:
      return translate(N_("already logged in"));
    case OnlineRefusal::LoginPending:
      return translate(N_("the server has not answered the login yet"));
    case OnlineRefusal::InGame:
      return translate(N_("a game is running: leave it first"));
    case OnlineRefusal::Reconnecting:
      return translate(N_("the connection to the server is lost; reconnecting"));
    case OnlineRefusal::TooLong:
      return translate(N_("the text is too long"));
    case OnlineRefusal::NotUtf8:
      return translate(N_("the text is not valid UTF-8"));
    case OnlineRefusal::NoInvitation:
      return translate(N_("there is no such invitation"));
    case OnlineRefusal::BadSettings:
      return translate(N_("bad game settings"));
  }
  return {};
}

std::string TranslateLogin(const net::LoginResult& r, const TranslateFn& translate) {
  using net::LoginStatus;
  switch (r.status) {
    case LoginStatus::Ok:
      return {};
    case LoginStatus::BadCredentials:
      return translate(N_("wrong name or password"));
    case LoginStatus::NameTaken:
      return translate(N_("the name is taken"));
    case LoginStatus::BadName:
      if (!r.detail.empty()) return Known(r.detail, translate).value_or(singleLine(r.detail));
      return translate(N_("the name is not allowed"));
    case LoginStatus::BadPassword:
      if (!r.detail.empty()) return Known(r.detail, translate).value_or(singleLine(r.detail));
      return translate(N_("the password is not allowed"));
    case LoginStatus::AlreadySignedIn:
      return translate(N_("this account is already signed in on another computer"));
    case LoginStatus::ServerBusy:
      // The detail may say more (an account made before the trouble).
      if (auto t = Known(r.detail, translate)) return *t;
      return translate(N_("the server is having trouble; try again in a minute"));
  }
  return translate(N_("the server refused the login"));
}

std::string TranslateDenied(const net::Denied& d, const TranslateFn& translate) {
  using net::DenyCode;
  using net::MsgType;
  // The server's detail says more than the code for these (a name, which limit, which rule);
  // it is used when a pattern knows it.
  switch (d.code) {
    case DenyCode::BadRequest:
    case DenyCode::TooMany:
    case DenyCode::NoSuchPlayer:
    case DenyCode::PlayerBusy:
    case DenyCode::InviteDeclined:
    case DenyCode::InviteGone:
      if (auto t = Known(d.detail, translate)) return *t;
      break;
    default:
      break;
  }
  switch (d.code) {
    case DenyCode::NotLoggedIn:
      return translate(N_("log in first"));
    case DenyCode::AlreadyLoggedIn:
      return translate(N_("you are already logged in"));
    case DenyCode::Busy:
      return translate(N_("not now: you are in a game, looking for an opponent or in a room"));
    case DenyCode::NoSuchRoom:
      return translate(N_("there is no open room with that code"));
    case DenyCode::NoSuchPlayer:
      return translate(N_("that player is not online"));
    case DenyCode::PlayerBusy:
      return translate(N_("that player is in a game"));
    case DenyCode::TooMany:
      return translate(N_("too many requests; wait a moment"));
    case DenyCode::BadRequest:
      if (d.request == MsgType::RoomCreate || d.request == MsgType::Invite ||
          d.request == MsgType::Find)
        return translate(N_("the server cannot play these game settings"));
      return translate(N_("the server did not understand the request"));
    case DenyCode::NoSuchGame:
      return translate(N_("the server has no such game"));
    case DenyCode::InviteDeclined:
      return translate(N_("the invitation was declined"));
    case DenyCode::InviteGone:
      return translate(N_("the invitation is no longer open"));
    case DenyCode::Yourself:
      if (d.request == MsgType::Invite) return translate(N_("you cannot invite yourself"));
      return translate(N_("you cannot play against yourself"));
  }
  return translate(N_("the server refused the request"));
}

std::string TranslateOnlineFailure(const net::OnlineSnapshot& s, const TranslateFn& translate) {
  using net::OnlineFailure;
  if (s.failure == OnlineFailure::CertificateChanged)
    return FormatArgs(
        // TRANSLATORS: %1$s: the certificate fingerprint on record; %2$s: the one the server
        // shows now (both "AB:CD:...", 95 characters).
        translate(N_("WARNING: the server's certificate has changed. Fingerprint on record: %s; "
                     "fingerprint now: %s. Someone may be intercepting the connection, or the "
                     "server's owner replaced its certificate. The connection was refused.")),
        {s.pinnedFingerprint.empty() ? std::string("?") : s.pinnedFingerprint,
         s.fingerprint.empty() ? std::string("?") : s.fingerprint});
  if (!s.message.empty()) return Known(s.message, translate).value_or(singleLine(s.message));
  // No message (none is expected): the headline says what happened.
  return TranslateOnlineFailureTitle(s.failure, translate);
}

std::string TranslateOnlineFailureTitle(net::OnlineFailure f, const TranslateFn& translate) {
  using net::OnlineFailure;
  switch (f) {
    case OnlineFailure::None:
      return {};
    case OnlineFailure::UnknownHost:
      return translate(N_("Server not found"));
    case OnlineFailure::Refused:
      return translate(N_("Connection refused"));
    case OnlineFailure::TimedOut:
      return translate(N_("Timed out"));
    case OnlineFailure::NotAServer:
      return translate(N_("Not a Gomoku server"));
    case OnlineFailure::GameHost:
      return translate(N_("A game host, not a server"));
    case OnlineFailure::VersionMismatch:
      return translate(N_("Version mismatch"));
    case OnlineFailure::ServerRefused:
      return translate(N_("Refused by the server"));
    case OnlineFailure::Replaced:
      return translate(N_("Signed in elsewhere"));
    case OnlineFailure::LoginLost:
      return translate(N_("Logged out"));
    case OnlineFailure::ConnectionLost:
      return translate(N_("Connection lost"));
    case OnlineFailure::Cancelled:
      return translate(N_("Cancelled"));
    case OnlineFailure::UnknownServer:
      return translate(N_("Unknown server"));
    case OnlineFailure::CertificateChanged:
      return translate(N_("Certificate changed"));
    case OnlineFailure::NotEncrypted:
      return translate(N_("Not encrypted"));
    case OnlineFailure::Other:
      return translate(N_("Connection failed"));
  }
  return translate(N_("Connection failed"));
}

}  // namespace gomoku::app
