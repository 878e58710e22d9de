// Local discovery through the system's Avahi daemon (lan.h): its client library over D-Bus,
// on a threaded poll of its own. Every callback below runs on that thread with the poll's lock
// held; public members take the lock before touching Avahi objects.

#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <string_view>
#include <tuple>

#include "net/lan.h"

namespace gomoku::net {

namespace {

// A threaded poll and a client that waits for the daemon (AVAHI_CLIENT_NO_FAIL: a daemon that
// starts or restarts later is picked up).
struct AvahiBase {
  AvahiThreadedPoll* poll = nullptr;
  AvahiClient* client = nullptr;

  bool start(AvahiClientCallback cb, void* user) {
    poll = avahi_threaded_poll_new();
    if (!poll) return false;
    int error = 0;
    client =
        avahi_client_new(avahi_threaded_poll_get(poll), AVAHI_CLIENT_NO_FAIL, cb, user, &error);
    if (!client) return false;
    return avahi_threaded_poll_start(poll) == 0;
  }
  // From a client callback, on AVAHI_CLIENT_FAILURE: when the daemon went away (it stopped or
  // restarted) a client does not come back by itself; a new one waits for the daemon again.
  // True when a new client was made (the old one and its objects are gone).
  bool reconnect(AvahiClient* c, AvahiClientCallback cb, void* user) {
    if (avahi_client_errno(c) != AVAHI_ERR_DISCONNECTED) return false;
    avahi_client_free(c);
    client = nullptr;
    int error = 0;
    AvahiClient* fresh =
        avahi_client_new(avahi_threaded_poll_get(poll), AVAHI_CLIENT_NO_FAIL, cb, user, &error);
    client = fresh;
    return fresh != nullptr;
  }
  void stop() {
    if (poll) avahi_threaded_poll_stop(poll);
    if (client) avahi_client_free(client);  // frees its browsers, resolvers and groups
    if (poll) avahi_threaded_poll_free(poll);
    client = nullptr;
    poll = nullptr;
  }
  struct Lock {
    explicit Lock(AvahiThreadedPoll* p) : p(p) {
      if (p) avahi_threaded_poll_lock(p);
    }
    ~Lock() {
      if (p) avahi_threaded_poll_unlock(p);
    }
    AvahiThreadedPoll* p;
  };
};

LanStatus clientStatus(AvahiClientState s) {
  switch (s) {
    case AVAHI_CLIENT_S_RUNNING:
      return LanStatus::Running;
    case AVAHI_CLIENT_S_REGISTERING:
    case AVAHI_CLIENT_S_COLLISION:
      return LanStatus::Starting;
    case AVAHI_CLIENT_CONNECTING:
      return LanStatus::Unavailable;  // no daemon (yet)
    case AVAHI_CLIENT_FAILURE:
      return LanStatus::Failed;
  }
  return LanStatus::Failed;
}

AvahiStringList* txtList(const LanAnnouncement& a) {
  AvahiStringList* l = nullptr;
  const std::vector<std::string> txt = lanTxt(a);
  for (auto it = txt.rbegin(); it != txt.rend(); ++it) l = avahi_string_list_add(l, it->c_str());
  return l;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Announcer

struct LanAnnouncer::Impl : AvahiBase {
  LanAnnouncement ad;
  std::string name;  // the instance name, with a number after a conflict
  AvahiEntryGroup* group = nullptr;
  LanStatus status = LanStatus::Starting;
  bool registered = false;

  static void onClient(AvahiClient* c, AvahiClientState state, void* user) {
    auto* self = static_cast<Impl*>(user);
    self->client = c;  // (the callback may run inside avahi_client_new)
    self->status = clientStatus(state);
    if (state == AVAHI_CLIENT_S_RUNNING) {
      self->publish();
    } else if (state == AVAHI_CLIENT_S_COLLISION || state == AVAHI_CLIENT_S_REGISTERING) {
      if (self->group) avahi_entry_group_reset(self->group);
      self->registered = false;
    } else if (state == AVAHI_CLIENT_CONNECTING || state == AVAHI_CLIENT_FAILURE) {
      self->group = nullptr;  // the daemon went away: its objects are gone with it
      self->registered = false;
      // Published again once a restarted daemon is back.
      if (state == AVAHI_CLIENT_FAILURE && self->reconnect(c, onClient, self))
        self->status = LanStatus::Unavailable;
    }
  }

  static void onGroup(AvahiEntryGroup* g, AvahiEntryGroupState state, void* user) {
    auto* self = static_cast<Impl*>(user);
    self->group = g;
    if (state == AVAHI_ENTRY_GROUP_ESTABLISHED) {
      self->registered = true;
      self->status = LanStatus::Running;
    } else if (state == AVAHI_ENTRY_GROUP_COLLISION) {
      self->rename();
      self->publish();
    } else if (state == AVAHI_ENTRY_GROUP_FAILURE) {
      self->status = LanStatus::Failed;
    }
  }

  void rename() {
    char* alt = avahi_alternative_service_name(name.c_str());
    if (alt) name = alt;
    avahi_free(alt);
    registered = false;
  }

  void publish() {
    if (!client || avahi_client_get_state(client) != AVAHI_CLIENT_S_RUNNING) return;
    if (!group) group = avahi_entry_group_new(client, onGroup, this);
    if (!group) {
      status = LanStatus::Failed;
      return;
    }
    avahi_entry_group_reset(group);
    for (int attempt = 0; attempt < 10; ++attempt) {
      AvahiStringList* txt = txtList(ad);
      const int r = avahi_entry_group_add_service_strlst(
          group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, AvahiPublishFlags(0), name.c_str(),
          kLanServiceType, nullptr, nullptr, ad.port, txt);
      avahi_string_list_free(txt);
      if (r == AVAHI_ERR_COLLISION) {
        rename();
        continue;
      }
      if (r < 0 || avahi_entry_group_commit(group) < 0) status = LanStatus::Failed;
      return;
    }
    status = LanStatus::Failed;
  }
};

LanAnnouncer::LanAnnouncer(const LanAnnouncement& a) : impl_(std::make_unique<Impl>()) {
  impl_->ad = a;
  impl_->name = lanInstanceName(a.nickname, a.full);
  if (!impl_->start(Impl::onClient, impl_.get())) {
    impl_->stop();
    impl_->status = LanStatus::Unavailable;
  }
}

LanAnnouncer::~LanAnnouncer() {
  impl_->stop();
}

LanStatus LanAnnouncer::status() const {
  AvahiBase::Lock lock(impl_->poll);
  return impl_->status;
}

std::string LanAnnouncer::instance() const {
  AvahiBase::Lock lock(impl_->poll);
  return impl_->registered ? impl_->name : std::string();
}

// ---------------------------------------------------------------------------------------------
// Browser

struct LanBrowser::Impl : AvahiBase {
  std::function<void()> changed;
  std::string prefix;  // only instances whose name starts with it
  AvahiServiceBrowser* browser = nullptr;
  LanStatus status = LanStatus::Starting;
  // Services seen, by (interface, protocol, name): one entry per game instance in `games`
  // (the first address resolved), the rest count only for its removal.
  using Key = std::tuple<AvahiIfIndex, AvahiProtocol, std::string>;
  std::map<Key, int> seen;  // 0: resolving, 1: listed, -1: ignored (malformed)
  // Services announced while the list or the lookups were full, oldest first: looked up when
  // there is room (Avahi says NEW only once). At most 4 * kMaxLanGames; more are dropped.
  struct Later {
    Key key;
    std::string type, domain;
  };
  std::deque<Later> deferred;
  std::vector<LanGame> games;
  int resolving = 0;
  mutable std::mutex mu;  // games and status, for readers off the poll thread

  void notify() {
    if (changed) changed();
  }

  static void onClient(AvahiClient* c, AvahiClientState state, void* user) {
    auto* self = static_cast<Impl*>(user);
    self->client = c;
    {
      std::lock_guard<std::mutex> g(self->mu);
      self->status = clientStatus(state);
      if (state == AVAHI_CLIENT_CONNECTING || state == AVAHI_CLIENT_FAILURE) self->games.clear();
    }
    if (state == AVAHI_CLIENT_S_RUNNING && !self->browser) {
      self->browser =
          avahi_service_browser_new(c, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, kLanServiceType,
                                    nullptr, AvahiLookupFlags(0), onBrowse, self);
      if (!self->browser) {
        std::lock_guard<std::mutex> g(self->mu);
        self->status = LanStatus::Failed;
      }
    } else if (state == AVAHI_CLIENT_CONNECTING || state == AVAHI_CLIENT_FAILURE) {
      self->browser = nullptr;  // gone with the daemon's connection
      self->seen.clear();
      self->deferred.clear();
      self->resolving = 0;
      // Browsing again once a restarted daemon is back.
      if (state == AVAHI_CLIENT_FAILURE && self->reconnect(c, onClient, self)) {
        std::lock_guard<std::mutex> g(self->mu);
        self->status = LanStatus::Unavailable;
      }
    }
    self->notify();
  }

  static void onBrowse(AvahiServiceBrowser*, AvahiIfIndex iface, AvahiProtocol proto,
                       AvahiBrowserEvent event, const char* name, const char* type,
                       const char* domain, AvahiLookupResultFlags, void* user) {
    auto* self = static_cast<Impl*>(user);
    if (!name) return;
    const Key key{iface, proto, name};
    if (event == AVAHI_BROWSER_NEW) {
      if (self->seen.count(key) ||
          std::string_view(name).substr(0, self->prefix.size()) != self->prefix)
        return;
      // Bounded work: at most kMaxLanGames listed and as many lookups at once; the others
      // wait their turn (deferred, itself bounded).
      if (!self->room()) {
        if (self->deferred.size() < 4 * kMaxLanGames)
          self->deferred.push_back({key, type ? type : "", domain ? domain : ""});
        return;
      }
      self->resolve(key, type, domain);
    } else if (event == AVAHI_BROWSER_REMOVE) {
      std::erase_if(self->deferred, [&](const Later& l) { return l.key == key; });
      auto it = self->seen.find(key);
      if (it == self->seen.end()) return;
      const bool listed = it->second == 1;
      self->seen.erase(it);
      if (!listed) return;
      // Listed under its instance name: removed when no interface still has it listed.
      const bool elsewhere = std::any_of(self->seen.begin(), self->seen.end(), [&](auto& e) {
        return std::get<2>(e.first) == name && e.second == 1;
      });
      if (elsewhere) return;
      {
        std::lock_guard<std::mutex> g(self->mu);
        std::erase_if(self->games, [&](const LanGame& x) { return x.instance == name; });
      }
      self->resolveDeferred();
      self->notify();
    } else if (event == AVAHI_BROWSER_FAILURE) {
      {
        std::lock_guard<std::mutex> g(self->mu);
        self->status = LanStatus::Failed;
      }
      self->notify();
    }
  }

  // Whether another service may be looked up now.
  bool room() const {
    if (seen.size() >= 4 * kMaxLanGames || resolving >= int(kMaxLanGames)) return false;
    std::lock_guard<std::mutex> g(mu);
    return games.size() + std::size_t(resolving) < kMaxLanGames;
  }

  void resolve(const Key& key, const char* type, const char* domain) {
    const auto& [iface, proto, name] = key;
    // The address of the protocol the announcement came over: IPv4 for IPv4, so that a
    // game seen over both has its IPv4 address among those resolved.
    if (avahi_service_resolver_new(client, iface, proto, name.c_str(), type, domain, proto,
                                   AvahiLookupFlags(0), onResolve, this)) {
      seen[key] = 0;
      ++resolving;
    }
  }

  // Looks up deferred services while there is room.
  void resolveDeferred() {
    while (!deferred.empty() && room()) {
      const Later l = deferred.front();
      deferred.pop_front();
      if (!seen.count(l.key)) resolve(l.key, l.type.c_str(), l.domain.c_str());
    }
  }

  static void onResolve(AvahiServiceResolver* r, AvahiIfIndex iface, AvahiProtocol proto,
                        AvahiResolverEvent event, const char* name, const char* type,
                        const char* domain, const char* hostName, const AvahiAddress* address,
                        uint16_t port, AvahiStringList* txt, AvahiLookupResultFlags, void* user) {
    auto* self = static_cast<Impl*>(user);
    --self->resolving;
    const Key key{iface, proto, name ? name : ""};
    auto it = self->seen.find(key);
    if (event == AVAHI_RESOLVER_FOUND && it != self->seen.end() && it->second == 0) {
      LanGame g;
      g.instance = name;
      std::vector<std::string> strings;
      for (AvahiStringList* s = txt; s; s = avahi_string_list_get_next(s))
        strings.emplace_back(reinterpret_cast<const char*>(avahi_string_list_get_text(s)),
                             avahi_string_list_get_size(s));
      if (!parseLanTxt(strings, g) && port != 0) {
        g.game.port = port;
        g.hostName = hostName ? hostName : "";
        char text[AVAHI_ADDRESS_STR_MAX] = {};
        if (address) avahi_address_snprint(text, sizeof text, address);
        g.address = text;
        // An IPv6 link-local address needs its interface to be reached.
        if (address && address->proto == AVAHI_PROTO_INET6 && g.address.rfind("fe80:", 0) == 0)
          g.address += "%" + std::to_string(iface);
        const bool v4 = address && address->proto == AVAHI_PROTO_INET;
        bool added = false, full = false, better = false;
        {
          std::lock_guard<std::mutex> lock(self->mu);
          const auto listed =
              std::find_if(self->games.begin(), self->games.end(),
                           [&](const LanGame& x) { return x.instance == g.instance; });
          const bool known = listed != self->games.end();
          if (!known && self->games.size() < kMaxLanGames) {
            self->games.push_back(std::move(g));
            added = true;
          } else if (known && v4 && listed->address.find(':') != std::string::npos) {
            // The same game found over IPv4 too: its IPv4 address is the one shown and
            // joined, whichever lookup answered first (a link-local IPv6 address works
            // but reads badly, and the choice should not depend on a race).
            listed->address = std::move(g.address);
            better = true;
          }
          full = !known && !added;
          it->second = 1;
        }
        if (full) {  // no room after all: its turn comes again
          self->seen.erase(it);
          if (self->deferred.size() < 4 * kMaxLanGames)
            self->deferred.push_back({key, type ? type : "", domain ? domain : ""});
        }
        if (added || better) self->notify();
      } else {
        it->second = -1;  // a malformed announcement (or port 0) is not listed
      }
    } else if (it != self->seen.end() && it->second == 0) {
      self->seen.erase(it);  // not resolved: tried again when announced again
    }
    avahi_service_resolver_free(r);
    self->resolveDeferred();
  }
};

LanBrowser::LanBrowser(std::function<void()> changed, std::string instancePrefix)
    : impl_(std::make_unique<Impl>()) {
  impl_->changed = std::move(changed);
  impl_->prefix = std::move(instancePrefix);
  if (!impl_->start(Impl::onClient, impl_.get())) {
    impl_->stop();
    impl_->status = LanStatus::Unavailable;
  }
}

LanBrowser::~LanBrowser() {
  impl_->stop();
}

std::vector<LanGame> LanBrowser::games() const {
  std::lock_guard<std::mutex> g(impl_->mu);
  return impl_->games;
}

LanStatus LanBrowser::status() const {
  std::lock_guard<std::mutex> g(impl_->mu);
  return impl_->status;
}

}  // namespace gomoku::net
