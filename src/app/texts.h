#pragma once
/// @file Translatable sentences built from core and net values.

#include <string>

#include <wx/string.h>

#include "core/game.h"
#include "net/netgame.h"
#include "net/online.h"
#include "record/record.h"

namespace gomoku::app {

/// UTF-8 text from core/net as a wxString.
inline wxString FromUtf8(const std::string& s) {
  return wxString::FromUTF8(s.data(), s.size());
}

/// "Black" or "White", translated.
wxString ColorLabel(Stone s);
/// A headline for a failed join or listen, e.g. "Unknown host", "Connection refused".
wxString FailureTitle(net::NetFailure f);
/// The result for the user, naming the players when `blackName` / `whiteName` are given,
/// e.g. "Alice (Black) wins with five in a row." or "Black wins with five in a row.".
wxString ResultSentence(const Result& r, const wxString& blackName, const wxString& whiteName);
/// The status-bar sentence for `game` when no event has one: its result (players named
/// `blackName` / `whiteName`, "" = the colour), what to do on an empty board, or whose turn it is.
wxString SituationSentence(const Game& game, const wxString& blackName, const wxString& whiteName);
/// The result a record states (RE), for the end of its replay, naming the players when
/// given, e.g. "Alice (Black) wins by resignation." (RE[B+R]), "White wins by foul.", "Draw.",
/// "Result: 2-0" (what the file says, when it is none of these); empty when it states none.
wxString RecordResultSentence(const Record& record, const wxString& blackName,
                              const wxString& whiteName);
/// The rule and board for the side panel, e.g. "Renju rule, 15 × 15".
wxString RuleLabel(Rule rule, int size);
/// What a forbidden move does, e.g. "Forbidden moves are refused".
wxString FoulPolicyLabel(FoulPolicy foul);
/// A text from core/net (UTF-8, e.g. "the point h8 is occupied") on one line, in the user's
/// language through the patterns of coretexts.h; as it is when no pattern matches.
wxString CoreText(const std::string& text);
/// A sentence from core/net (lower-case start, maybe without a final period) made ready for
/// a label, translated (CoreText): in English first letter upper-case, ends with a period; in
/// another language as the translation ends a sentence (e.g. "。").
wxString AsSentence(const std::string& text);
/// A record error (reading, saving or pasting a game record) for the user, translated
/// and ended as a sentence, e.g. "/home/a/x.psq: line 3: move 9,9 is off the 8x8 board." or
/// "/home/a/x.psq：第 3 行：着法 9,9 超出了 8×8 棋盘。" (the file's path first when the error
/// names one), "Line 3: …" without one.
wxString RecordErrorSentence(const RecordError& e);
/// The text translated (CoreText) on one line, ending a sentence (for the end of a sentence
/// started elsewhere).
wxString EndWithPeriod(const std::string& text);
/// Why the match refused a request of ours (net::RequestError), translated by value and made a
/// sentence (as AsSentence), e.g. "There is no game running."; "" when not refused.
wxString RefusalSentence(const net::RequestError& e);
/// A notice of the match (net::Notice), translated by value, e.g. "Bob offers a draw."; ""
/// for kind None.
wxString NoticeSentence(const net::Notice& n);
/// A request withdrawn with another's answer (net::Withdrawn), translated by value, e.g. "The
/// draw offer no longer stands: moves were taken back."; "" for None.
wxString WithdrawnSentence(net::Withdrawn w);

/// Why the online client did not send a request (net::OnlineRefusal), translated by value as a
/// sentence; "" for None.
wxString OnlineRefusalSentence(net::OnlineRefusal r);
/// The answer to a login or registration that failed (LoginStatus by value; for BadName/BadPassword
/// the server's English detail, e.g. "a name has 2 to 20 characters", through the patterns), as a
/// sentence; "" for Ok.
wxString LoginSentence(const net::LoginResult& r);
/// A hall request the server refused (DENIED), by its code, as a sentence, e.g. "There is no open
/// room with that code." (detail through the patterns when the code alone says too little).
wxString DeniedSentence(const net::Denied& d);
/// Why the connection to the server ended or dropped (OnlineSnapshot::failure and ::message), as a
/// sentence in the user's language; for CertificateChanged it names both fingerprints (snapshot's
/// fingerprint and pinnedFingerprint) and says the connection was refused.
wxString OnlineFailureSentence(const net::OnlineSnapshot& s);
/// A short headline for a failure, e.g. "Server not found", "Certificate changed".
wxString OnlineFailureTitle(net::OnlineFailure f);

}  // namespace gomoku::app
