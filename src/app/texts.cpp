#include "app/texts.h"

#include <optional>

#include <wx/intl.h>

#include "app/coretexts.h"
#include "core/utf8.h"

namespace gomoku::app {

wxString ColorLabel(Stone s) {
  switch (s) {
    case Stone::Black:
      return _("Black");
    case Stone::White:
      return _("White");
    case Stone::Empty:
      break;
  }
  return {};
}

wxString FailureTitle(net::NetFailure f) {
  using net::NetFailure;
  switch (f) {
    case NetFailure::None:
      return {};
    case NetFailure::UnknownHost:
      return _("Unknown host");
    case NetFailure::Refused:
      return _("Connection refused");
    case NetFailure::TimedOut:
      return _("Timed out");
    case NetFailure::NotGomokuHost:
      return _("Not a Gomoku host");
    case NetFailure::VersionMismatch:
      return _("Version mismatch");
    case NetFailure::Busy:
      return _("The host is busy");
    case NetFailure::NoGameToResume:
      return _("No game to resume");
    case NetFailure::IsServer:
      return _("A Gomoku server, not a game host");
    case NetFailure::AddressInUse:
      return _("Port in use");
    case NetFailure::Cancelled:
      return _("Cancelled");
    case NetFailure::Other:
      return _("Connection failed");
  }
  return _("Connection failed");
}

wxString RuleLabel(Rule rule, int size) {
  wxString name;
  switch (rule) {
    case Rule::Freestyle:
      name = _("Freestyle rule");
      break;
    case Rule::Standard:
      name = _("Standard rule");
      break;
    case Rule::Renju:
      name = _("Renju rule");
      break;
  }
  // TRANSLATORS: the rule and the board size, e.g. "Renju rule, 15 × 15".
  return wxString::Format(_(L"%s, %d \u00D7 %d"), name, size, size);
}

wxString FoulPolicyLabel(FoulPolicy foul) {
  return foul == FoulPolicy::Lose ? _("A forbidden move loses the game")
                                  : _("Forbidden moves are refused");
}

namespace {

// The text translated, or nullopt when no pattern matches or the catalog leaves it as it is.
std::optional<wxString> Translated(const std::string& line) {
  const auto translated = TranslateCoreText(line, [](const char* msgid) {
    return wxGetTranslation(wxString::FromUTF8(msgid)).utf8_string();
  });
  if (!translated) return std::nullopt;
  wxString t = FromUtf8(*translated).Trim().Trim(false);
  if (t == FromUtf8(line).Trim().Trim(false)) return std::nullopt;  // English, or untranslated
  return t;
}

bool EndsSentence(const wxString& s) {
  static const wxString marks = L".!?\u2026\u3002\uFF01\uFF1F";  // . ! ? … 。！？
  return !s.empty() && marks.Find(s.Last()) != wxNOT_FOUND;
}

// A translated text ended as the language ends a sentence.
wxString EndTranslated(const wxString& s) {
  if (s.empty() || EndsSentence(s)) return s;
  // TRANSLATORS: a sentence from the game or the network made complete, e.g. "%s。".
  return wxString::Format(_("%s."), s);
}

}  // namespace

wxString CoreText(const std::string& text) {
  const std::string line = singleLine(text);
  if (auto t = Translated(line)) return *t;
  return FromUtf8(line);
}

wxString EndWithPeriod(const std::string& text) {
  const std::string line = singleLine(text);
  if (auto t = Translated(line)) return EndTranslated(*t);
  wxString s = FromUtf8(line).Trim().Trim(false);
  // Not ASCII: a text the app translated itself (e.g. why a local game was interrupted).
  if (!s.IsAscii()) return EndTranslated(s);
  if (!s.empty() && !s.EndsWith(".") && !s.EndsWith("!") && !s.EndsWith("?")) s += ".";
  return s;
}

wxString AsSentence(const std::string& text) {
  const std::string line = singleLine(text);
  if (auto t = Translated(line)) return EndTranslated(*t);
  wxString s = EndWithPeriod(line);
  if (!s.empty()) s[0] = wxToupper(s[0]);
  return s;
}

namespace {

std::string Gettext(const char* msgid) {
  return wxGetTranslation(wxString::FromUTF8(msgid)).utf8_string();
}

// `translated` (of `english`) made a sentence: as the translation ends one, or in English with
// a capital and a period.
wxString TypedSentence(const std::string& english, const std::string& translated) {
  if (translated != english)
    return EndTranslated(FromUtf8(singleLine(translated)).Trim().Trim(false));
  wxString s = FromUtf8(singleLine(english)).Trim().Trim(false);
  if (!s.empty() && !s.EndsWith(".") && !s.EndsWith("!") && !s.EndsWith("?")) s += ".";
  if (!s.empty()) s[0] = wxToupper(s[0]);
  return s;
}

}  // namespace

wxString RefusalSentence(const net::RequestError& e) {
  return TypedSentence(net::describe(e), TranslateRefusal(e, Gettext));
}

wxString NoticeSentence(const net::Notice& n) {
  return TypedSentence(net::describe(n), TranslateNotice(n, Gettext));
}

wxString WithdrawnSentence(net::Withdrawn w) {
  return TypedSentence(net::describe(w), TranslateWithdrawn(w, Gettext));
}

namespace {

std::string Same(const char* msgid) {
  return msgid;
}

}  // namespace

wxString OnlineRefusalSentence(net::OnlineRefusal r) {
  return TypedSentence(TranslateOnlineRefusal(r, Same), TranslateOnlineRefusal(r, Gettext));
}

wxString LoginSentence(const net::LoginResult& r) {
  return TypedSentence(TranslateLogin(r, Same), TranslateLogin(r, Gettext));
}

wxString DeniedSentence(const net::Denied& d) {
  return TypedSentence(TranslateDenied(d, Same), TranslateDenied(d, Gettext));
}

wxString OnlineFailureSentence(const net::OnlineSnapshot& s) {
  return TypedSentence(TranslateOnlineFailure(s, Same), TranslateOnlineFailure(s, Gettext));
}

wxString OnlineFailureTitle(net::OnlineFailure f) {
  return FromUtf8(TranslateOnlineFailureTitle(f, Gettext));
}

wxString RecordErrorSentence(const RecordError& e) {
  // "line N: " goes through the patterns with the message, so that it is translated too.
  const std::string text =
      e.line() > 0 ? "line " + std::to_string(e.line()) + ": " + e.message() : e.message();
  if (e.file().empty()) return AsSentence(text);
  // TRANSLATORS: a file and what is wrong with it, e.g. "/home/a/x.psq: line 3: …".
  return wxString::Format(_("%s: %s"), FromUtf8(e.file()), EndWithPeriod(text));
}

wxString SituationSentence(const Game& game, const wxString& blackName, const wxString& whiteName) {
  if (game.over()) return ResultSentence(game.result(), blackName, whiteName);
  if (game.ply() == 0) return _("Click an intersection to play, or create or join a network game.");
  return wxString::Format(_("%s to move."), ColorLabel(game.toMove()));
}

wxString ResultSentence(const Result& r, const wxString& blackName, const wxString& whiteName) {
  auto player = [&](Stone s) {
    const wxString& name = s == Stone::Black ? blackName : whiteName;
    // TRANSLATORS: a player in a result sentence, e.g. "Alice (Black)".
    return name.empty() ? ColorLabel(s) : wxString::Format(_("%s (%s)"), name, ColorLabel(s));
  };
  const Stone winner = r.outcome == Outcome::BlackWins ? Stone::Black : Stone::White;
  switch (r.outcome) {
    case Outcome::Ongoing:
      return _("The game goes on.");
    case Outcome::Draw:
      if (r.reason == EndReason::Agreement) return _("Draw by agreement.");
      return _("Draw: the board is full.");
    case Outcome::Interrupted:
      if (r.detail.empty()) return _("Game interrupted.");
      return wxString::Format(_("Game interrupted: %s"), EndWithPeriod(r.detail));
    case Outcome::BlackWins:
    case Outcome::WhiteWins:
      if (r.reason == EndReason::Five)
        return wxString::Format(_("%s wins with five in a row."), player(winner));
      if (r.reason == EndReason::Resignation)
        return wxString::Format(_("%s wins by resignation."), player(winner));
      if (r.reason == EndReason::Time)
        return wxString::Format(_("%s wins on time."), player(winner));
      if (r.reason == EndReason::Abandoned)
        return wxString::Format(_("%s wins: the opponent abandoned the game."), player(winner));
      if (r.reason == EndReason::Foul)  // detail: e.g. "double-three at h8 is forbidden for Black"
        return wxString::Format(_("%s wins by foul: %s"), player(winner), EndWithPeriod(r.detail));
      return wxString::Format(_("%s wins."), player(winner));
  }
  return FromUtf8(describeResult(r));
}

wxString RecordResultSentence(const Record& record, const wxString& blackName,
                              const wxString& whiteName) {
  if (!record.result) return {};
  Result r;
  switch (*record.result) {
    case RecordResult::Black:
    case RecordResult::White: {
      r.outcome = *record.result == RecordResult::Black ? Outcome::BlackWins : Outcome::WhiteWins;
      const wxString text = FromUtf8(record.resultText).Upper();
      if (record.foulResult) {
        const Stone winner = r.outcome == Outcome::BlackWins ? Stone::Black : Stone::White;
        const wxString& name = winner == Stone::Black ? blackName : whiteName;
        return wxString::Format(_("%s wins by foul."),
                                name.empty()
                                    ? ColorLabel(winner)
                                    : wxString::Format(_("%s (%s)"), name, ColorLabel(winner)));
      }
      // SGF: "B+R" / "W+Resign" a resignation; "B+T" on time; "B+F" forfeit, "B+" or a count:
      // a win without a reason we can name.
      if (text.Contains("+R")) r.reason = EndReason::Resignation;
      if (text.Contains("+T")) r.reason = EndReason::Time;
      return ResultSentence(r, blackName, whiteName);
    }
    case RecordResult::Draw:
      return _("Draw.");
    case RecordResult::Unknown:
      break;
  }
  return wxString::Format(_("Result: %s"), FromUtf8(record.resultText));
}

}  // namespace gomoku::app
