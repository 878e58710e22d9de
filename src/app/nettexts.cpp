// The match's typed refusals and notices (net/match.h) in the user's language, by value: the
// sentences net::describe gives in English (src/net/matchtexts.cpp), as msgids of their own.
// Declared in coretexts.h; only the free text inside them (a nickname error, a reason) goes
// through the pattern table of coretexts.cpp.

#include "app/coretexts.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/utf8.h"

// Marks a string for xgettext (keyword N_, see res/po/update-pot.sh) without translating it.
#define N_(text) text

namespace gomoku::app {

std::string TranslateRefusal(const net::RequestError& e, const TranslateFn& translate) {
  using net::RequestRefusal;
  static_assert(net::kMaxChatBytes == 500, "the msgid of ChatTooLong says 500");
  switch (e.refusal) {
    case RequestRefusal::None:
      return {};
    case RequestRefusal::Suspended:
      return translate(N_("the connection to the opponent is lost; wait for the reconnection"));
    case RequestRefusal::NoGameRunning:
      return translate(N_("there is no game running"));
    case RequestRefusal::TakebackPending:
      return translate(N_("your takeback request is waiting for an answer"));
    case RequestRefusal::AnswerTakebackFirst:
      return translate(N_("answer the opponent's takeback request first"));
    case RequestRefusal::NoMoveToTakeBack:
      return translate(N_("you have no move to take back"));
    case RequestRefusal::ConnectionClosed:
      return translate(N_("the connection is closed"));
    case RequestRefusal::NoTakebackToAnswer:
      return translate(N_("there is no takeback request to answer"));
    case RequestRefusal::WaitForTakebackAnswer:
      return translate(N_("wait for the answer to your takeback request"));
    case RequestRefusal::DrawOfferStands:
      return translate(N_("your draw offer stands"));
    case RequestRefusal::NoDrawOfferToAnswer:
      return translate(N_("there is no draw offer to answer"));
    case RequestRefusal::GameNotOver:
      return translate(N_("the game is not over"));
    case RequestRefusal::NoPlayAgainToAnswer:
      return translate(N_("the opponent has not asked to play again"));
    case RequestRefusal::WaitingForOpponent:
      return translate(N_("waiting for the opponent"));
    case RequestRefusal::NotConnected:
      return translate(N_("not connected"));
    case RequestRefusal::ChatEmpty:
      return translate(N_("the line is empty"));
    case RequestRefusal::ChatNotUtf8:
      return translate(N_("the line is not valid UTF-8 text"));
    case RequestRefusal::ChatTooLong:
      return translate(N_("the line is longer than 500 bytes"));
    case RequestRefusal::ChatTooFast:
      return translate(N_("too many lines at once; wait a moment"));
    case RequestRefusal::BadNickname:
      return TranslateCoreText(e.detail, translate).value_or(e.detail);
    case RequestRefusal::DuringOpening:
      return translate(N_("a draw can be offered once the opening is over"));
    case RequestRefusal::WatchersMayNotChat:
      return translate(N_("the host does not let watchers chat"));
  }
  return {};
}

namespace {

// Puts the opponent's name in place of each kPeerMark of a translated sentence. An unnamed
// opponent is named as the catalog says "The opponent"; when that has no Latin letter (Chinese
// "对手"), the blanks the sentence keeps around a Latin nickname go where they meet other
// non-ASCII text ("对手认输了。", not "对手 认输了。").
constexpr char kPeerMark = '\x01';

std::string PutPeer(const std::string& sentence, const std::string& nickname,
                    const TranslateFn& translate) {
  const std::string name = nickname.empty() ? translate("The opponent") : singleLine(nickname);
  const bool tight =
      nickname.empty() && std::none_of(name.begin(), name.end(), [](unsigned char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
      });
  const auto wide = [](char c) { return static_cast<unsigned char>(c) >= 0x80; };
  std::string out;
  for (std::size_t i = 0; i < sentence.size(); ++i) {
    if (sentence[i] != kPeerMark) {
      out += sentence[i];
      continue;
    }
    if (tight && out.size() >= 2 && out.back() == ' ' && wide(out[out.size() - 2])) out.pop_back();
    out += name;
    if (tight && i + 2 < sentence.size() && sentence[i + 1] == ' ' && wide(sentence[i + 2])) ++i;
  }
  return out;
}

// The notice's own sentence, without what it withdrew.
std::string TranslateOwnNotice(const net::Notice& n, const TranslateFn& translate) {
  using net::NoticeKind;
  const auto with = [&](const char* msgid, std::vector<std::string> args) {
    return PutPeer(FormatArgs(translate(msgid), args), n.peer, translate);
  };
  // The nickname's place; PutPeer puts it in ("The opponent" when unnamed).
  const std::string peer(1, kPeerMark);
  std::string reason = TranslateCoreText(n.reason, translate).value_or(singleLine(n.reason));
  std::replace(reason.begin(), reason.end(), kPeerMark, ' ');  // no mark but the nickname's
  switch (n.kind) {
    case NoticeKind::None:
      return {};
    case NoticeKind::TakebackRequested:
      return translate(N_("Takeback requested; waiting for the answer."));
    case NoticeKind::YouAcceptedTakeback:
      return translate(N_("You accepted the takeback."));
    case NoticeKind::YouDeclinedTakeback:
      return translate(N_("You declined the takeback."));
    case NoticeKind::PeerAsksTakeback:
      return n.count == 1
                 // TRANSLATORS: %s: the opponent's nickname.
                 ? with(N_("%s asks to take back a move."), {peer})
                 // TRANSLATORS: %s: the opponent's nickname.
                 : with(N_("%s asks to take back two moves."), {peer});
    case NoticeKind::PeerAcceptedTakeback:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s accepted the takeback."), {peer});
    case NoticeKind::PeerDeclinedTakeback:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s declined the takeback."), {peer});
    case NoticeKind::DrawOffered:
      return translate(N_("Draw offered; it stands until the opponent moves."));
    case NoticeKind::DrawAgreed:
      return translate(N_("Draw agreed."));
    case NoticeKind::YouDeclinedDraw:
      return translate(N_("You declined the draw."));
    case NoticeKind::BothOfferedDraw:
      return translate(N_("Both offered a draw: draw agreed."));
    case NoticeKind::PeerOffersDraw:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s offers a draw."), {peer});
    case NoticeKind::PeerAcceptedDraw:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s accepted the draw."), {peer});
    case NoticeKind::PeerDeclinedDraw:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s declined the draw."), {peer});
    case NoticeKind::YouResigned:
      return translate(N_("You resigned."));
    case NoticeKind::PeerResigned:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s resigned."), {peer});
    case NoticeKind::YouDeclinedAgain:
      return translate(N_("You declined to play again."));
    case NoticeKind::AskedAgain:
      return translate(N_("Asked to play again; waiting for the opponent."));
    case NoticeKind::PeerDeclinedAgain:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s does not want to play again."), {peer});
    case NoticeKind::PeerWantsAgain:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s wants to play again."), {peer});
    case NoticeKind::PeerRenamed:
      // TRANSLATORS: %s: the opponent's new nickname.
      return with(N_("The opponent is now called %s."), {peer});
    case NoticeKind::NewGame:
      if (n.count == 1) return translate(N_("A new game starts; you begin the opening."));
      if (n.count == 2) return translate(N_("A new game starts; the opponent begins the opening."));
      return translate(N_("A new game starts; colours are swapped."));
    case NoticeKind::WaitingForReconnect:
      // TRANSLATORS: %1$s: why (translated), e.g. "the opponent closed the connection"; %2$s:
      // the opponent's nickname.
      return with(N_("Connection lost (%s). Waiting for %s to reconnect."), {reason, peer});
    case NoticeKind::Reconnecting:
      // TRANSLATORS: %s: why (translated), e.g. "the connection dropped".
      return with(N_("Connection lost (%s). Reconnecting to the host."), {reason});
    case NoticeKind::ResumeRefused:
      // TRANSLATORS: %s: why (translated), e.g. "the boards differ at move 12".
      return with(N_("A reconnection was refused: %s."), {reason});
    case NoticeKind::PeerReconnected:
      // TRANSLATORS: %s: the opponent's nickname.
      return with(N_("%s reconnected; the game goes on."), {peer});
    case NoticeKind::Rejoined:
      // TRANSLATORS: %s: a move number.
      return with(N_("Rejoined the game at move %s."), {std::to_string(n.count)});
    case NoticeKind::ReconnectedNewGame:
      if (n.count == 1)
        return translate(N_("Reconnected; a new game starts; you begin the opening."));
      if (n.count == 2)
        return translate(N_("Reconnected; a new game starts; the opponent begins the opening."));
      return translate(N_("Reconnected; a new game starts; colours are swapped."));
    case NoticeKind::Reconnected:
      return translate(N_("Reconnected; the game goes on."));
    case NoticeKind::ReconnectedMoveArrived:
      return translate(N_("Reconnected; the game goes on (the host's move in flight arrived)."));
    case NoticeKind::ReconnectedTakenBack:
      return with(
          // TRANSLATORS: %s: a number of moves.
          N_("Reconnected; the game goes on (the host's board has %s fewer moves; taken back "
             "here too)."),
          {std::to_string(n.count)});
  }
  return {};
}

}  // namespace

std::string TranslateWithdrawn(net::Withdrawn w, const TranslateFn& translate) {
  switch (w) {
    case net::Withdrawn::None:
      return {};
    case net::Withdrawn::DrawOffer:
      return translate(N_("The draw offer no longer stands: moves were taken back."));
    case net::Withdrawn::Takeback:
      return translate(N_("The takeback request no longer stands: the game is over."));
  }
  return {};
}

std::string TranslateNotice(const net::Notice& n, const TranslateFn& translate) {
  const std::string s = TranslateOwnNotice(n, translate);
  if (n.withdrawn == net::Withdrawn::None) return s;
  return FormatArgs(translate(N_("%s %s")), {s, TranslateWithdrawn(n.withdrawn, translate)});
}

}  // namespace gomoku::app
