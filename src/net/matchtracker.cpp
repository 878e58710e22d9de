#include "net/matchtracker.h"

#include <algorithm>

namespace gomoku::net {

namespace {

// The request flags of a snapshot as bits (RequestsChanged compares them).
unsigned requestBits(const NetSnapshot& s) {
  return (s.takebackPending ? 1u : 0u) | (s.takebackRequested ? 2u : 0u) |
         (s.drawOffered ? 4u : 0u) | (s.drawRequested ? 8u : 0u) | (s.wantAgain ? 16u : 0u) |
         (s.peerWantsAgain ? 32u : 0u);
}

}  // namespace

std::vector<MatchUpdate> MatchTracker::update(const NetSnapshot& s) {
  std::vector<MatchUpdate> out;
  const auto add = [&out](MatchUpdateKind kind) -> MatchUpdate& {
    out.emplace_back();
    out.back().kind = kind;
    return out.back();
  };

  if (s.phase == NetPhase::Listening && !listening_) {
    listening_ = true;
    add(MatchUpdateKind::Listening).port = s.port;
  }
  const bool failed = s.phase == NetPhase::Failed;
  if (failed && !failed_) {
    MatchUpdate& u = add(MatchUpdateKind::Failed);
    u.failure = s.failure;
    u.text = s.message;
  }
  failed_ = failed;
  // A host that went back to listening keeps a closed handshake's match in the snapshot: only
  // a connected match counts.
  if (s.phase != NetPhase::InMatch || closed_) return out;

  // The game before the current one got another result when the next one started.
  if (s.previousRevisions > revisions_) {
    revisions_ = s.previousRevisions;
    if (s.gameNumber >= 2 && s.previousGame.over()) {
      MatchUpdate& u = add(MatchUpdateKind::PreviousGameRevised);
      u.gameNumber = s.gameNumber - 1;
      u.result = s.previousGame.result();
    }
  }
  // The first game, and each one after play again (or resumed into the next game).
  if (s.match != MatchPhase::Handshake && s.localColor != Stone::Empty && s.gameNumber > game_) {
    game_ = s.gameNumber;
    moves_.clear();
    MatchUpdate& u = add(MatchUpdateKind::GameStarted);
    u.gameNumber = game_;
    u.color = s.localColor;
  }
  const bool closed = s.match == MatchPhase::Closed;
  if (game_ > 0) {
    // The token is reported while the match lasts, and withdrawn (0) when it closes.
    if (s.resumeToken != 0 && s.resumeToken != token_) {
      token_ = s.resumeToken;
      add(MatchUpdateKind::TokenChanged).token = token_;
    }
    if (closed && token_ != 0) {
      token_ = 0;
      add(MatchUpdateKind::TokenChanged).token = 0;
    }
    // A suspension may already be over when we look: each one still gets Suspended, and the
    // last one Resumed.
    for (; suspensions_ < s.suspensions; ++suspensions_) {
      MatchUpdate& u = add(MatchUpdateKind::Suspended);
      u.text = s.suspendReason;
      u.resumeDeadline = s.resumeDeadline;
      resumePending_ = true;
    }
    if (resumePending_ && s.match != MatchPhase::Suspended && !closed) {
      resumePending_ = false;
      add(MatchUpdateKind::Resumed).ply = s.game.ply();
    }
    if (!peer_.empty() && peer_ != s.peerNickname)
      add(MatchUpdateKind::PeerRenamed).text = s.peerNickname;
    peer_ = s.peerNickname;
    // Moves: what is no longer on the board was taken back; what follows the common part is new.
    const std::vector<Point>& moves = s.game.moves();
    std::size_t common = 0;
    while (common < std::min(moves_.size(), moves.size()) && moves_[common] == moves[common])
      ++common;
    // A takeback whose stones were played again before this look leaves the same moves: the
    // snapshot's count of takebacks tells, and how far back the last one went.
    if (s.takebacks != takebacks_ && s.takenBackTo >= 0)
      common = std::min(common, static_cast<std::size_t>(s.takenBackTo));
    takebacks_ = s.takebacks;
    if (common < moves_.size()) add(MatchUpdateKind::TakenBack).ply = static_cast<int>(common);
    if (moves.size() > common) {
      MatchUpdate& u = add(MatchUpdateKind::MovesAdded);
      u.from = static_cast<int>(common);
      u.ply = static_cast<int>(moves.size());
    }
    moves_ = moves;
    if (const unsigned bits = requestBits(s); bits != requests_) {
      requests_ = bits;
      add(MatchUpdateKind::RequestsChanged);
    }
    for (; chat_ < s.chat.size(); ++chat_) add(MatchUpdateKind::Chat).chat = s.chat[chat_];
    if (s.notices != notices_) {
      // Every notice given since the last snapshot, oldest first (as many as are kept).
      const std::size_t fresh =
          s.notices > notices_ ? static_cast<std::size_t>(s.notices - notices_) : 1;
      notices_ = s.notices;
      if (s.recentNotices.empty() || s.recentNotices.back() != s.notice) {
        if (s.notice.kind != NoticeKind::None) add(MatchUpdateKind::Notice).notice = s.notice;
      } else {
        const std::size_t n = std::min(fresh, s.recentNotices.size());
        for (std::size_t i = s.recentNotices.size() - n; i < s.recentNotices.size(); ++i)
          if (s.recentNotices[i].kind != NoticeKind::None)
            add(MatchUpdateKind::Notice).notice = s.recentNotices[i];
      }
    }
    // Once per game, and again when the ended game's outcome or reason changes (a
    // resignation that crossed the five replaces it: PROTOCOL.md).
    const Result& r = s.game.result();
    if (s.game.over() &&
        (ended_ < game_ || r.outcome != endedOutcome_ || r.reason != endedReason_)) {
      ended_ = game_;
      endedOutcome_ = r.outcome;
      endedReason_ = r.reason;
      MatchUpdate& u = add(MatchUpdateKind::GameEnded);
      u.gameNumber = game_;
      u.result = s.game.result();
    }
  }
  if (closed) {
    closed_ = true;
    MatchUpdate& u = add(MatchUpdateKind::Closed);
    u.gameNumber = game_;
    u.text = s.message;
    u.failure = s.failure;
  }
  return out;
}

const char* matchUpdateName(MatchUpdateKind kind) {
  switch (kind) {
    case MatchUpdateKind::Listening:
      return "Listening";
    case MatchUpdateKind::Failed:
      return "Failed";
    case MatchUpdateKind::PreviousGameRevised:
      return "PreviousGameRevised";
    case MatchUpdateKind::GameStarted:
      return "GameStarted";
    case MatchUpdateKind::TokenChanged:
      return "TokenChanged";
    case MatchUpdateKind::Suspended:
      return "Suspended";
    case MatchUpdateKind::Resumed:
      return "Resumed";
    case MatchUpdateKind::PeerRenamed:
      return "PeerRenamed";
    case MatchUpdateKind::TakenBack:
      return "TakenBack";
    case MatchUpdateKind::MovesAdded:
      return "MovesAdded";
    case MatchUpdateKind::RequestsChanged:
      return "RequestsChanged";
    case MatchUpdateKind::Chat:
      return "Chat";
    case MatchUpdateKind::Notice:
      return "Notice";
    case MatchUpdateKind::GameEnded:
      return "GameEnded";
    case MatchUpdateKind::Closed:
      return "Closed";
  }
  return "?";
}

}  // namespace gomoku::net
