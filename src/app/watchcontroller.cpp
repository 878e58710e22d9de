#include "app/watchcontroller.h"

#include <algorithm>
#include <utility>

#include <wx/app.h>
#include <wx/filename.h>
#include <wx/intl.h>

#include "app/reportobserver.h"
#include "app/sidepanel.h"
#include "app/texts.h"
#include "session/storedgame.h"

namespace gomoku::app {

namespace {

// The empty 15x15 board a watch shows until the game comes.
ReplayModel EmptyModel() {
  return ReplayModel(Record{}, Rule::Freestyle);
}

// A game hosted by a P2P host, through a NetWatcher.
class HostSource : public WatchSource {
 public:
  HostSource(std::string host, std::uint16_t port, std::string nickname,
             std::chrono::milliseconds timeout)
      : host_(std::move(host)), port_(port), nickname_(std::move(nickname)), timeout_(timeout) {}
  ~HostSource() override {
    *alive_ = false;
    watcher_.reset();  // says goodbye and joins its thread: no listener call after this
  }

  void Begin(std::function<void()> changed) override {
    changed_ = std::move(changed);
    std::shared_ptr<bool> alive = alive_;
    watcher_ = std::make_unique<net::NetWatcher>([alive, this] {
      if (wxTheApp)
        wxTheApp->CallAfter([alive, this] {
          if (*alive && changed_) changed_();
        });
    });
    watcher_->watch(host_, port_, nickname_, timeout_);
  }
  net::WatchSnapshot Snapshot() const override {
    return watcher_ ? watcher_->snapshot() : net::WatchSnapshot();
  }
  void Stop() override {
    if (watcher_) watcher_->cancel();
  }
  net::RequestError SendChat(const std::string& text) override {
    if (!watcher_) return {net::RequestRefusal::NotConnected, {}};
    return watcher_->sendChat(text);
  }
  std::string Where() const override { return net::hostPortKey(host_, port_); }
  bool Online() const override { return false; }

 private:
  std::string host_;
  std::uint16_t port_;
  std::string nickname_;
  std::chrono::milliseconds timeout_;
  std::function<void()> changed_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  std::unique_ptr<net::NetWatcher> watcher_;
};

}  // namespace

std::unique_ptr<WatchSource> hostWatchSource(std::string host, std::uint16_t port,
                                             std::string nickname,
                                             std::chrono::milliseconds timeout) {
  return std::make_unique<HostSource>(std::move(host), port, std::move(nickname), timeout);
}

WatchController::WatchController(FrameServices& frame, std::unique_ptr<WatchSource> source)
    : ReplayController(frame, EmptyModel(), FromUtf8(source->Where())),
      source_(std::move(source)) {}

WatchController::~WatchController() = default;

void WatchController::Begin() {
  if (ReportObserver* report = frame_.Report()) report->OnGeometry(true);
  if (SidePanel* side = frame_.Side()) side->ClearChat();
  frame_.ShowState();
  frame_.SetStatus(SituationStatus());
  source_->Begin([this] { OnUpdate(); });
}

wxString WatchController::Title() const {
  const net::WatchSnapshot s = source_->Snapshot();
  if (s.views == 0) return wxString::Format(_("Watching %s - Gomoku"), path_);
  // TRANSLATORS: the window's title while watching; %1$s: Black's nickname, %2$s: White's.
  return wxString::Format(_("Watching %s vs %s - Gomoku"), FromUtf8(s.blackNickname()),
                          FromUtf8(s.whiteNickname()));
}

wxString WatchController::SituationStatus() const {
  const net::WatchSnapshot s = source_->Snapshot();
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
  const net::WatchSnapshot s = source_->Snapshot();
  wxString name = FromUtf8(s.blackNickname() + "-" + s.whiteNickname() + ".sgf");
  for (const wxChar bad : wxFileName::GetForbiddenChars()) name.Replace(wxString(bad), "_");
  return name;
}

namespace {

// The watch still follows its game (connecting or watching).
bool Follows(const net::WatchSnapshot& s) {
  return s.phase == net::WatchPhase::Connecting || s.phase == net::WatchPhase::Watching;
}

}  // namespace

bool WatchController::Following() const {
  return Follows(source_->Snapshot());
}

void WatchController::FillSideInput(SideInput& in) const {
  ReplayController::FillSideInput(in);
  const net::WatchSnapshot s = source_->Snapshot();
  in.watchFollowing = Follows(s);
  in.watchOnline = source_->Online();
  if (s.phase == net::WatchPhase::Watching) {
    in.watchHost = path_.utf8_string();
    in.watchers = s.watchers;
    in.watchChat = s.chatAllowed && !source_->Online();  // a server's watchers only read
  }
  // The clocks of the game as it is now (also while an earlier move is shown: they are the
  // players' time, not the position's).
  if (s.views > 0 && s.clock.enabled()) {
    in.blackClock = s.clockNow(Stone::Black);
    in.whiteClock = s.clockNow(Stone::White);
  }
}

bool WatchController::ClockRunning() const {
  const net::WatchSnapshot s = source_->Snapshot();
  return s.phase == net::WatchPhase::Watching && s.clock.running() != Stone::Empty;
}

void WatchController::Leave() {
  source_->Stop();
}

void WatchController::SendChat() {
  SidePanel* side = frame_.Side();
  if (!side) return;
  const std::string text = side->ChatText().utf8_string();
  if (text.empty()) return;
  if (const net::RequestError error = source_->SendChat(text)) {
    side->ShowChatError(RefusalSentence(error), /*wrap=*/true);
    return;
  }
  side->ChatSent();  // the line comes back from the host with the others
}

void WatchController::OnUpdate() {
  if (!frame_.Shows(*this)) {
    // Another game is shown: this one is not watched any more (once: stopping is news too).
    if (Following()) source_->Stop();
    return;
  }
  const net::WatchSnapshot s = source_->Snapshot();
  // A server's client tells every change of the hall too: only the watch's own are shown.
  if (s.views == shownViews_ && s.chatLines == shownChat_ && s.phase == shownPhase_) return;
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
  // The chat: the lines not shown yet, in the side panel's log and the report.
  const int fresh = std::min<int>(s.chatLines - shownChat_, static_cast<int>(s.chat.size()));
  SidePanel* side = frame_.Side();
  for (auto i = s.chat.size() - static_cast<std::size_t>(std::max(fresh, 0)); i < s.chat.size();
       ++i) {
    const net::WatchChat& line = s.chat[i];
    // TRANSLATORS: the writer of a watcher's chat line in the chat log, e.g. "Carol (watching)".
    const wxString who = line.player ? FromUtf8(line.from)
                                     : wxString::Format(_("%s (watching)"), FromUtf8(line.from));
    if (side) side->AppendChat(false, who, line.text);
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
