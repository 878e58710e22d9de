// The English text of the match's typed refusals and notices (match.h). The app translates
// the values themselves (src/app/coretexts.cpp), with these sentences as its msgids.

#include "core/utf8.h"
#include "net/match.h"

namespace gomoku::net {

namespace {

// How a notice names the opponent: the nickname on one line, or "The opponent" when unnamed.
std::string peerName(const std::string& nickname) {
  return nickname.empty() ? "The opponent" : singleLine(nickname);
}

}  // namespace

std::string describe(const RequestError& e) {
  switch (e.refusal) {
    case RequestRefusal::None:
      return {};
    case RequestRefusal::Suspended:
      return "the connection to the opponent is lost; wait for the reconnection";
    case RequestRefusal::NoGameRunning:
      return "there is no game running";
    case RequestRefusal::TakebackPending:
      return "your takeback request is waiting for an answer";
    case RequestRefusal::AnswerTakebackFirst:
      return "answer the opponent's takeback request first";
    case RequestRefusal::NoMoveToTakeBack:
      return "you have no move to take back";
    case RequestRefusal::ConnectionClosed:
      return "the connection is closed";
    case RequestRefusal::NoTakebackToAnswer:
      return "there is no takeback request to answer";
    case RequestRefusal::WaitForTakebackAnswer:
      return "wait for the answer to your takeback request";
    case RequestRefusal::DrawOfferStands:
      return "your draw offer stands";
    case RequestRefusal::NoDrawOfferToAnswer:
      return "there is no draw offer to answer";
    case RequestRefusal::GameNotOver:
      return "the game is not over";
    case RequestRefusal::NoPlayAgainToAnswer:
      return "the opponent has not asked to play again";
    case RequestRefusal::WaitingForOpponent:
      return "waiting for the opponent";
    case RequestRefusal::NotConnected:
      return "not connected";
    case RequestRefusal::ChatEmpty:
      return "the line is empty";
    case RequestRefusal::ChatNotUtf8:
      return "the line is not valid UTF-8 text";
    case RequestRefusal::ChatTooLong:
      return "the line is longer than " + std::to_string(kMaxChatBytes) + " bytes";
    case RequestRefusal::ChatTooFast:
      return "too many lines at once; wait a moment";
    case RequestRefusal::BadNickname:
      return e.detail;
    case RequestRefusal::DuringOpening:
      return "a draw can be offered once the opening is over";
    case RequestRefusal::WatchersMayNotChat:
      return "the host does not let watchers chat";
  }
  return {};
}

namespace {

// The notice's own sentence, without what it withdrew.
std::string sentenceOf(const Notice& n) {
  const std::string peer = peerName(n.peer);
  switch (n.kind) {
    case NoticeKind::None:
      return {};
    case NoticeKind::TakebackRequested:
      return "Takeback requested; waiting for the answer.";
    case NoticeKind::YouAcceptedTakeback:
      return "You accepted the takeback.";
    case NoticeKind::YouDeclinedTakeback:
      return "You declined the takeback.";
    case NoticeKind::PeerAsksTakeback:
      return peer + " asks to take back " + (n.count == 1 ? "a move." : "two moves.");
    case NoticeKind::PeerAcceptedTakeback:
      return peer + " accepted the takeback.";
    case NoticeKind::PeerDeclinedTakeback:
      return peer + " declined the takeback.";
    case NoticeKind::DrawOffered:
      return "Draw offered; it stands until the opponent moves.";
    case NoticeKind::DrawAgreed:
      return "Draw agreed.";
    case NoticeKind::YouDeclinedDraw:
      return "You declined the draw.";
    case NoticeKind::BothOfferedDraw:
      return "Both offered a draw: draw agreed.";
    case NoticeKind::PeerOffersDraw:
      return peer + " offers a draw.";
    case NoticeKind::PeerAcceptedDraw:
      return peer + " accepted the draw.";
    case NoticeKind::PeerDeclinedDraw:
      return peer + " declined the draw.";
    case NoticeKind::YouResigned:
      return "You resigned.";
    case NoticeKind::PeerResigned:
      return peer + " resigned.";
    case NoticeKind::YouDeclinedAgain:
      return "You declined to play again.";
    case NoticeKind::AskedAgain:
      return "Asked to play again; waiting for the opponent.";
    case NoticeKind::PeerDeclinedAgain:
      return peer + " does not want to play again.";
    case NoticeKind::PeerWantsAgain:
      return peer + " wants to play again.";
    case NoticeKind::PeerRenamed:
      return "The opponent is now called " + peer + ".";
    case NoticeKind::NewGame:
      if (n.count == 1) return "A new game starts; you begin the opening.";
      if (n.count == 2) return "A new game starts; the opponent begins the opening.";
      return "A new game starts; colours are swapped.";
    case NoticeKind::WaitingForReconnect:
      return "Connection lost (" + n.reason + "). Waiting for " + peer + " to reconnect.";
    case NoticeKind::Reconnecting:
      return "Connection lost (" + n.reason + "). Reconnecting to the host.";
    case NoticeKind::ResumeRefused:
      return "A reconnection was refused: " + n.reason + ".";
    case NoticeKind::PeerReconnected:
      return peer + " reconnected; the game goes on.";
    case NoticeKind::Rejoined:
      return "Rejoined the game at move " + std::to_string(n.count) + ".";
    case NoticeKind::ReconnectedNewGame:
      if (n.count == 1) return "Reconnected; a new game starts; you begin the opening.";
      if (n.count == 2) return "Reconnected; a new game starts; the opponent begins the opening.";
      return "Reconnected; a new game starts; colours are swapped.";
    case NoticeKind::Reconnected:
      return "Reconnected; the game goes on.";
    case NoticeKind::ReconnectedMoveArrived:
      return "Reconnected; the game goes on (the host's move in flight arrived).";
    case NoticeKind::ReconnectedTakenBack:
      return "Reconnected; the game goes on (the host's board has " + std::to_string(n.count) +
             " fewer moves; taken back here too).";
  }
  return {};
}

}  // namespace

std::string describe(Withdrawn w) {
  switch (w) {
    case Withdrawn::None:
      return {};
    case Withdrawn::DrawOffer:
      return "The draw offer no longer stands: moves were taken back.";
    case Withdrawn::Takeback:
      return "The takeback request no longer stands: the game is over.";
  }
  return {};
}

std::string describe(const Notice& n) {
  const std::string s = sentenceOf(n);
  return n.withdrawn == Withdrawn::None ? s : s + " " + describe(n.withdrawn);
}

}  // namespace gomoku::net
