// Local discovery where no DNS-SD service is built in (lan.h): nothing is announced or found,
// and both say LanStatus::Unavailable. Typing a host name still works.

#include "net/lan.h"

namespace gomoku::net {

struct LanAnnouncer::Impl {};
LanAnnouncer::LanAnnouncer(const LanAnnouncement&) : impl_(std::make_unique<Impl>()) {}
LanAnnouncer::~LanAnnouncer() = default;
LanStatus LanAnnouncer::status() const {
  return LanStatus::Unavailable;
}
std::string LanAnnouncer::instance() const {
  return {};
}

struct LanBrowser::Impl {};
LanBrowser::LanBrowser(std::function<void()>, std::string) : impl_(std::make_unique<Impl>()) {}
LanBrowser::~LanBrowser() = default;
std::vector<LanGame> LanBrowser::games() const {
  return {};
}
LanStatus LanBrowser::status() const {
  return LanStatus::Unavailable;
}

}  // namespace gomoku::net
