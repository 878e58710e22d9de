#include "app/watchcontroller.h"

#include <utility>

#include <wx/app.h>
#include <wx/filename.h>
#include <wx/intl.h>

#include "app/reportobserver.h"
#include "app/texts.h"
#include "session/storedgame.h"

namespace gomoku::app {

namespace {

// The empty 15x15 board a watch shows until the game comes.
ReplayModel EmptyModel() {
  return ReplayModel(Record{}, Rule::Freestyle);
}

}  // namespace

WatchController::WatchController(FrameServices& frame, std::string host, std::uint16_t port,
                                 std::string nickname, std::chrono::milliseconds timeout)
    : ReplayController(frame, EmptyModel(), FromUtf8(net::hostPortKey(host, port))),
      host_(std::move(host)),
      port_(port),
      nickname_(std::move(nickname)),
      timeout_(timeout) {
  std::shared_ptr<bool> alive = alive_;
  watcher_ = std::make_unique<net::NetWatcher>([alive, this] {
    if (wxTheApp)
      wxTheApp->CallAfter([alive, this] {
        if (*alive) OnUpdate();
      });
  });
}

WatchController::~WatchController() {
  *alive_ = false;
  watcher_.reset();  // says goodbye and joins its thread: no listener call after this
}

void WatchController::Begin() {
  if (ReportObserver* report = frame_.Report()) report->OnGeometry(true);
  frame_.ShowState();
  frame_.SetStatus(SituationStatus());
  watcher_->watch(host_, port_, nickname_, timeout_);
}

wxString WatchController::Title() const {
  const net::WatchSnapshot s = watcher_->snapshot();
  if (s.views == 0) return wxString::Format(_("Watching %s - Gomoku"), path_);
  // TRANSLATORS: the window's title while watching; %1$s: Black's nickname, %2$s: White's.
  return wxString::Format(_("Watching %s vs %s - Gomoku"), FromUtf8(s.blackNickname()),
                          FromUtf8(s.whiteNickname()));
}

wxString WatchController::SituationStatus() const {
  const net::WatchSnapshot s = watcher_->snapshot();
  switch (s.phase) {
    case net::WatchPhase::Idle:
    case net::WatchPhase::Connecting:
      return wxString::Format(_(L"Connecting to %s to watch the game\u2026"), path_);
    case net::WatchPhase::Failed:
    case net::WatchPhase::Ended:
      return AsSentence(s.message);
    case net::WatchPhase::Watching:
      break;
  }
  return ReplayController::SituationStatus();
}

wxString WatchController::SaveName() const {
  const net::WatchSnapshot s = watcher_->snapshot();
  wxString name = FromUtf8(s.blackNickname() + "-" + s.whiteNickname() + ".sgf");
  for (const wxChar bad : wxFileName::GetForbiddenChars()) name.Replace(wxString(bad), "_");
  return name;
}

void WatchController::FillSideInput(SideInput& in) const {
  ReplayController::FillSideInput(in);
  const net::WatchSnapshot s = watcher_->snapshot();
  if (s.phase == net::WatchPhase::Watching) {
    in.watchHost = path_.utf8_string();
    in.watchers = s.watchers;
  }
}

void WatchController::Leave() {
  watcher_->cancel();
}

void WatchController::OnUpdate() {
  if (!frame_.Shows(*this)) {
    watcher_->cancel();  // another game is shown: this one is not watched any more
    return;
  }
  const net::WatchSnapshot s = watcher_->snapshot();
  ReportObserver* report = frame_.Report();
  if (s.views != shownViews_) {
    const bool first = shownViews_ == 0;
    shownViews_ = s.views;
    try {
      Record record = session::recordOfWatchedGame(s);
      Reload(ReplayModel(std::move(record), s.game.rule()));
    } catch (const std::invalid_argument&) {
      return;  // a size or rule the board cannot show: applyView refused those already
    }
    if (report) {
      if (first)
        report->Line("WATCHING " + s.blackNickname() + " " + s.whiteNickname() + " " +
                     std::to_string(s.game.ply()));
      report->Line("WATCHERS " + std::to_string(s.watchers));
    }
    if (s.game.over() != shownOver_) {
      shownOver_ = s.game.over();
      if (shownOver_) {
        const wxString result = ResultSentence(s.game.result(), FromUtf8(s.blackNickname()),
                                               FromUtf8(s.whiteNickname()));
        frame_.SetStatus(result);
        if (report) report->Line("WATCH result " + describeResult(s.game.result()));
      }
    }
  }
  // The chat: the lines not reported yet, in the status bar (the last one) and the report.
  const int fresh = std::min<int>(s.chatLines - shownChat_, static_cast<int>(s.chat.size()));
  for (auto i = s.chat.size() - static_cast<std::size_t>(fresh); i < s.chat.size(); ++i) {
    const net::WatchChat& line = s.chat[i];
    // TRANSLATORS: a chat line while watching; %1$s: who wrote it, %2$s: the line.
    frame_.SetStatus(wxString::Format(_("%s: %s"), FromUtf8(line.from), FromUtf8(line.text)));
    if (report) report->Line("WATCH chat " + line.from + ": " + line.text);
  }
  shownChat_ = s.chatLines;
  if (s.phase != shownPhase_) {
    shownPhase_ = s.phase;
    if (s.phase == net::WatchPhase::Failed || s.phase == net::WatchPhase::Ended) {
      frame_.SetStatus(AsSentence(s.message));
      if (report)
        report->Line(
            std::string(s.phase == net::WatchPhase::Failed ? "WATCH failed " : "WATCH ended ") +
            s.message);
    }
  }
  frame_.ShowState();
}

}  // namespace gomoku::app
