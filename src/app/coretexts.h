#pragma once
/// @file The English sentences that src/core, src/net, src/ai and src/record produce (they know
/// no gettext), as patterns with placeholders, and their translation through a gettext-like
/// callback. std only, so that tests can check the table against them without wxWidgets.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "net/match.h"
#include "net/online.h"

namespace gomoku::app {

/// One sentence of core/net. `msgid` is the English text with a "%s" for each variable part;
/// it is also the gettext msgid of the translated format (translators may reorder with %1$s).
/// `kinds` has one letter per "%s", in order:
///   t  a core/net phrase, translated in turn (e.g. "double-three", an inner reason);
///   n  a nickname, untouched except "The opponent" (what a match calls a nameless peer);
///   p  a point as the user reads it (e.g. "h8" or "(3, 17)"), untouched;
///   d  a number (digits, maybe a decimal point), untouched;
///   v  other text passed through untouched (a host name, an address, a system message).
struct CoreTextPattern {
  const char* msgid;  ///< English pattern and msgid, e.g. "the point %s is occupied"
  const char* kinds;  ///< one letter per "%s", e.g. "p"
};

/// Every pattern (the table in coretexts.cpp).
const std::vector<CoreTextPattern>& CoreTexts();

/// Returns the translation of a msgid (UTF-8 in, UTF-8 out); the msgid itself when none.
using TranslateFn = std::function<std::string(const char* msgid)>;

/// The pattern that `english` matches in full (surrounding blanks ignored), nullptr when none
/// or when the text is longer than 1000 bytes.
/// When several match, the one with the most fixed text wins (e.g. "%s wins by resignation."
/// before "%s wins.").
const CoreTextPattern* MatchCoreText(std::string_view english);

/// `english` (a sentence or phrase of core/net, UTF-8) translated through `translate`: the
/// matching pattern's format with the captured parts put in (t-parts translated in turn,
/// others as they are). nullopt when no pattern matches; never throws for any input.
std::optional<std::string> TranslateCoreText(std::string_view english,
                                             const TranslateFn& translate);

// The match's typed values, translated by value (nettexts.cpp).

/// A refusal of a network request (net/match.h) translated through `translate`, by value: a
/// lower-case phrase without a final period, as net::describe gives it in English (the app
/// makes a sentence of it). BadNickname: its detail through the patterns. "" for None.
std::string TranslateRefusal(const net::RequestError& e, const TranslateFn& translate);

/// A notice of a match (net/match.h) translated through `translate`, by value: a sentence, as
/// net::describe gives it in English, with the nickname and the reason (through the patterns)
/// put in. "" for kind None.
std::string TranslateNotice(const net::Notice& n, const TranslateFn& translate);
/// A withdrawn request (net::Withdrawn) translated through `translate`, by value: a sentence,
/// as net::describe gives it in English. "" for None.
std::string TranslateWithdrawn(net::Withdrawn w, const TranslateFn& translate);

// The online client's typed values (net/online.h), translated by value (onlinetexts.cpp).

/// Why the online client did not send a request, translated through `translate` by value: a
/// lower-case phrase without a final period, in English as net::describe(OnlineRefusal) says
/// it. "" for None.
std::string TranslateOnlineRefusal(net::OnlineRefusal r, const TranslateFn& translate);

/// The answer to a login or registration, translated by value: a lower-case phrase without a
/// final period, in English as net::describe(LoginStatus) says it, except for BadName and
/// BadPassword with a detail (the rule broken, e.g. "a name has 2 to 20 characters"): then the
/// detail, through the patterns. "" for Ok.
std::string TranslateLogin(const net::LoginResult& r, const TranslateFn& translate);

/// A hall request the server refused (DENIED), translated by its code (and the request it
/// refused), e.g. "there is no open room with that code": a lower-case phrase without a final
/// period. For codes that say little alone (BadRequest, TooMany, NoSuchPlayer, PlayerBusy,
/// InviteDeclined, InviteGone) the server's English detail when a pattern knows it.
std::string TranslateDenied(const net::Denied& d, const TranslateFn& translate);

/// Why the connection to the server ended or dropped (OnlineSnapshot::failure and ::message),
/// translated: the message through the patterns; CertificateChanged by value, naming the
/// fingerprint on record (pinnedFingerprint) and the server's (fingerprint). A phrase or
/// sentences, maybe without a final period; "" when there is neither failure nor message.
std::string TranslateOnlineFailure(const net::OnlineSnapshot& s, const TranslateFn& translate);

/// A short headline for a failure, e.g. "Server not found", "Certificate changed"; "" for None.
std::string TranslateOnlineFailureTitle(net::OnlineFailure f, const TranslateFn& translate);

/// Puts `args` into a printf-like `format` that has only "%s", "%N$s" (N from 1) and "%%";
/// a missing argument becomes "" (a broken translation never crashes).
std::string FormatArgs(std::string_view format, const std::vector<std::string>& args);

}  // namespace gomoku::app
