#include "app/settings.h"

#include <algorithm>

#include <wx/config.h>
#include <wx/utils.h>

#include "core/utf8.h"
#include "net/wire.h"

namespace gomoku::app {

namespace {

int ValidPort(long v) {
  return v >= 1 && v <= 65535 ? static_cast<int>(v) : net::kDefaultPort;
}

}  // namespace

std::string DefaultNickname() {
  std::string user = trimNickname(wxGetUserId().utf8_string());
  if (!nicknameError(user)) return user;
  return "Player";
}

const char* ColorChoiceName(net::ColorChoice c) {
  switch (c) {
    case net::ColorChoice::Black:
      return "black";
    case net::ColorChoice::White:
      return "white";
    case net::ColorChoice::Random:
      return "random";
  }
  return "black";
}

Settings Settings::Load(wxConfigBase& config) {
  Settings s;
  wxString text;
  s.nickname = config.Read("/Player/Nickname", &text) ? trimNickname(text.utf8_string()) : "";
  if (nicknameError(s.nickname)) s.nickname = DefaultNickname();

  if (config.Read("/Join/LastHost", &text) && !text.Trim().Trim(false).empty())
    s.lastHost = text.utf8_string();
  s.lastPort = ValidPort(config.ReadLong("/Join/LastPort", net::kDefaultPort));
  s.connectTimeoutSeconds =
      static_cast<int>(std::clamp(config.ReadLong("/Join/TimeoutSeconds", 10), 1L, 600L));

  s.hostPort = ValidPort(config.ReadLong("/Host/Port", net::kDefaultPort));
  const wxString color = config.Read("/Host/Color", "black").Lower();
  s.hostColor = color == "white"    ? net::ColorChoice::White
                : color == "random" ? net::ColorChoice::Random
                                    : net::ColorChoice::Black;
  const auto rule = parseRule(config.Read("/Host/Rule", "freestyle").utf8_string());
  s.hostRule = rule && ruleSupported(*rule) ? *rule : Rule::Freestyle;

  s.showCoordinates = config.ReadBool("/View/ShowCoordinates", true);
  return s;
}

void Settings::Save(wxConfigBase& config) const {
  config.Write("/Player/Nickname", wxString::FromUTF8(nickname));
  config.Write("/Join/LastHost", wxString::FromUTF8(lastHost));
  config.Write("/Join/LastPort", static_cast<long>(lastPort));
  config.Write("/Join/TimeoutSeconds", static_cast<long>(connectTimeoutSeconds));
  config.Write("/Host/Port", static_cast<long>(hostPort));
  config.Write("/Host/Color", wxString(ColorChoiceName(hostColor)));
  config.Write("/Host/Rule", wxString(ruleName(hostRule)));
  config.Write("/View/ShowCoordinates", showCoordinates);
  config.Flush();
}

}  // namespace gomoku::app
