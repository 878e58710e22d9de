// Local discovery through Windows' own DNS-SD service (lan.h): DnsServiceRegister,
// DnsServiceBrowse and DnsServiceResolve of dnsapi.dll (Windows 10 and later). They are looked
// up when first needed: on an older Windows, or a Wine without them, discovery says
// LanStatus::Unavailable and the program runs on (typing a host name still works). Their
// callbacks run on the system's thread pool; each object here waits in its destructor until
// the calls it started have answered (the cancellations are answered too), so no callback
// outlives it. Should that answer never come, the object's state is left in memory rather
// than freed under a late callback.

// Asio first: it brings winsock2.h, which must come before windows.h.
#include <boost/asio/ip/address.hpp>

#include <windns.h>
#include <windows.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string_view>
#include <type_traits>

#include "net/lan.h"

#ifndef DNS_REQUEST_PENDING
#define DNS_REQUEST_PENDING 9506L
#endif

namespace gomoku::net {

namespace {

// How long a destructor waits for the service to answer a cancellation or a withdrawal.
constexpr std::chrono::seconds kAnswerWait{5};

// dnsapi.dll's DNS-SD functions, found at run time.
struct DnsSd {
  decltype(&DnsServiceConstructInstance) construct = nullptr;
  decltype(&DnsServiceFreeInstance) freeInstance = nullptr;
  decltype(&DnsServiceRegister) registerService = nullptr;
  decltype(&DnsServiceDeRegister) deregister = nullptr;
  decltype(&DnsServiceRegisterCancel) registerCancel = nullptr;
  decltype(&DnsServiceBrowse) browse = nullptr;
  decltype(&DnsServiceBrowseCancel) browseCancel = nullptr;
  decltype(&DnsServiceResolve) resolve = nullptr;
  decltype(&DnsServiceResolveCancel) resolveCancel = nullptr;
  decltype(&DnsFree) free = nullptr;
  bool ok = false;
};

const DnsSd& dnsSd() {
  static const DnsSd api = [] {
    DnsSd a;
    HMODULE dll = LoadLibraryW(L"dnsapi.dll");
    if (!dll) return a;
    auto find = [dll](auto& f, const char* name) {
      // Through void (*)(): the one function pointer type every other converts to cleanly.
      const auto any = reinterpret_cast<void (*)()>(GetProcAddress(dll, name));
      f = reinterpret_cast<std::remove_reference_t<decltype(f)>>(any);
      return f != nullptr;
    };
    a.ok = find(a.construct, "DnsServiceConstructInstance") &&
           find(a.freeInstance, "DnsServiceFreeInstance") &&
           find(a.registerService, "DnsServiceRegister") &&
           find(a.deregister, "DnsServiceDeRegister") &&
           find(a.registerCancel, "DnsServiceRegisterCancel") &&
           find(a.browse, "DnsServiceBrowse") && find(a.browseCancel, "DnsServiceBrowseCancel") &&
           find(a.resolve, "DnsServiceResolve") &&
           find(a.resolveCancel, "DnsServiceResolveCancel") && find(a.free, "DnsFree");
    return a;
  }();
  return api;
}

std::wstring wide(std::string_view s) {
  if (s.empty()) return {};
  const int n = MultiByteToWideChar(CP_UTF8, 0, s.data(), int(s.size()), nullptr, 0);
  std::wstring w(std::size_t(std::max(n, 0)), L'\0');
  if (n > 0) MultiByteToWideChar(CP_UTF8, 0, s.data(), int(s.size()), w.data(), n);
  return w;
}

std::string utf8(const wchar_t* w) {
  if (!w || !*w) return {};
  const int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, nullptr, 0, nullptr, nullptr);
  if (n <= 1) return {};
  std::string s(std::size_t(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, w, -1, s.data(), n, nullptr, nullptr);
  s.pop_back();  // the terminating NUL
  return s;
}

const std::wstring kTypeSuffix = L"._gomoku._tcp.local";

// "NICK's game._gomoku._tcp.local" -> "NICK's game"; "" when it is not one of ours.
std::wstring instanceLabel(const std::wstring& fullName) {
  std::wstring n = fullName;
  if (!n.empty() && n.back() == L'.') n.pop_back();
  if (n.size() <= kTypeSuffix.size() ||
      _wcsicmp(n.c_str() + n.size() - kTypeSuffix.size(), kTypeSuffix.c_str()) != 0)
    return {};
  return n.substr(0, n.size() - kTypeSuffix.size());
}

// This machine's name in the .local domain, e.g. "alice-pc.local".
std::wstring localHostName() {
  wchar_t name[256] = {};
  DWORD size = 256;
  if (!GetComputerNameExW(ComputerNameDnsHostname, name, &size) || size == 0) return {};
  return std::wstring(name, size) + L".local";
}

}  // namespace

// ---- announcing ----

struct LanAnnouncer::Impl {
  std::mutex mu;
  std::condition_variable cv;
  LanStatus status = LanStatus::Starting;
  std::string instance;                     // announced as, once accepted
  PDNS_SERVICE_INSTANCE service = nullptr;  // what the request points at
  DNS_SERVICE_REGISTER_REQUEST request{};   // kept for DnsServiceDeRegister
  DNS_SERVICE_CANCEL cancel{};
  bool pending = false;        // a registration or withdrawal not answered yet
  bool deregistering = false;  // the answer awaited is DnsServiceDeRegister's
  bool registered = false;     // the service holds the announcement

  static VOID WINAPI onAnswer(DWORD result, PVOID context, PDNS_SERVICE_INSTANCE answered) {
    auto* self = static_cast<Impl*>(context);
    if (answered) dnsSd().freeInstance(answered);
    std::lock_guard<std::mutex> lock(self->mu);
    self->pending = false;
    if (self->deregistering) {
      self->registered = false;
    } else {
      self->registered = result == ERROR_SUCCESS;
      self->status = self->registered ? LanStatus::Running : LanStatus::Failed;
    }
    self->cv.notify_all();
  }

  // Starts announcing `a`. Under no lock; nothing else runs on this object meanwhile.
  void start(const LanAnnouncement& a) {
    const DnsSd& api = dnsSd();
    const std::wstring host = localHostName();
    if (!api.ok || host.empty()) {
      status = LanStatus::Unavailable;
      return;
    }
    const std::string label = lanInstanceName(a.nickname, a.full);
    const std::wstring name = wide(label) + kTypeSuffix;
    std::vector<std::wstring> keys, values;
    for (const std::string& kv : lanTxt(a)) {
      const std::size_t eq = kv.find('=');
      keys.push_back(wide(kv.substr(0, eq)));
      values.push_back(eq == std::string::npos ? std::wstring() : wide(kv.substr(eq + 1)));
    }
    std::vector<PCWSTR> k, v;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      k.push_back(keys[i].c_str());
      v.push_back(values[i].c_str());
    }
    service = api.construct(name.c_str(), host.c_str(), nullptr, nullptr, a.port, 0, 0,
                            DWORD(k.size()), k.data(), v.data());
    if (!service) {
      status = LanStatus::Failed;
      return;
    }
    request = {};
    request.Version = DNS_QUERY_REQUEST_VERSION1;
    request.pServiceInstance = service;
    request.pRegisterCompletionCallback = onAnswer;
    request.pQueryContext = this;
    std::lock_guard<std::mutex> lock(mu);
    pending = true;
    if (api.registerService(&request, &cancel) != DWORD(DNS_REQUEST_PENDING)) {
      pending = false;
      status = LanStatus::Failed;
      return;
    }
    instance = label;
  }

  // Withdraws the announcement. False when a callback may still come, so that this object
  // must stay in memory: a registration cancelled before its answer (no answer to the
  // cancellation is documented, so none is waited for), or a withdrawal not answered in time.
  bool withdraw() {
    const DnsSd& api = dnsSd();
    std::unique_lock<std::mutex> lock(mu);
    if (pending) {  // the registration itself is still under way
      lock.unlock();
      api.registerCancel(&cancel);
      return false;
    }
    if (registered) {
      pending = deregistering = true;
      lock.unlock();
      const DWORD r = api.deregister(&request, nullptr);
      lock.lock();
      if (r != DWORD(DNS_REQUEST_PENDING)) pending = false;
      if (!cv.wait_for(lock, kAnswerWait, [this] { return !pending; })) return false;
    }
    if (service) api.freeInstance(service);
    service = nullptr;
    instance.clear();
    return true;
  }
};

LanAnnouncer::LanAnnouncer(const LanAnnouncement& a) : impl_(std::make_unique<Impl>()) {
  impl_->start(a);
}

LanAnnouncer::~LanAnnouncer() {
  if (!impl_->withdraw()) (void)impl_.release();  // a late answer may still come: left alive
}

LanStatus LanAnnouncer::status() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->status;
}

std::string LanAnnouncer::instance() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->registered ? impl_->instance : std::string();
}

// ---- browsing ----

struct LanBrowser::Impl {
  std::function<void()> changed;
  std::string prefix;
  std::mutex mu;
  std::condition_variable cv;
  LanStatus status = LanStatus::Starting;
  std::vector<LanGame> games;
  DNS_SERVICE_CANCEL browseCancel{};
  bool browsing = false;  // the browse has not given its last answer
  bool stopping = false;  // the destructor runs: no more calls of `changed`, no new lookups
  int notifying = 0;      // calls of `changed` running now

  // One instance looked up. Kept until the destructor: the service may answer a lookup more
  // than once, and its cancel handle must stay valid; only the first answer counts, and the
  // lookup is cancelled after it.
  struct Lookup {
    Impl* self = nullptr;
    std::wstring name;  // the full instance name; QueryName points into it
    DNS_SERVICE_RESOLVE_REQUEST request{};
    DNS_SERVICE_CANCEL cancel{};
    bool answered = false;
  };
  std::map<std::wstring, std::unique_ptr<Lookup>> lookups;  // at most 4 * kMaxLanGames
  int open = 0;                                             // lookups not answered yet

  // Calls `changed` outside the lock, unless the destructor runs.
  void notify(std::unique_lock<std::mutex>& lock) {
    if (stopping || !changed) return;
    ++notifying;
    lock.unlock();
    changed();
    lock.lock();
    --notifying;
    cv.notify_all();
  }

  static VOID WINAPI onBrowse(DWORD result, PVOID context, PDNS_RECORD records) {
    auto* self = static_cast<Impl*>(context);
    std::unique_lock<std::mutex> lock(self->mu);
    bool changedList = false;
    if (result == ERROR_CANCELLED) {
      self->browsing = false;  // the last answer: the browse is over
    } else if (self->stopping) {
      // an answer that crossed the cancellation: nothing more to do with it
    } else if (result != ERROR_SUCCESS) {
      self->status = LanStatus::Failed;
      changedList = true;
    } else {
      changedList = self->status != LanStatus::Running;
      self->status = LanStatus::Running;
      for (auto* r = reinterpret_cast<PDNS_RECORDW>(records); r; r = r->pNext) {
        if (r->wType != DNS_TYPE_PTR || !r->Data.PTR.pNameHost) continue;
        const std::wstring full = r->Data.PTR.pNameHost;
        const std::string label = utf8(instanceLabel(full).c_str());
        if (label.empty()) continue;
        if (r->dwTtl == 0) {  // a goodbye: the game is gone
          changedList |=
              std::erase_if(self->games, [&](const LanGame& g) { return g.instance == label; }) > 0;
          continue;
        }
        self->lookUp(full, label);
      }
    }
    self->cv.notify_all();
    if (records) dnsSd().free(records, DnsFreeRecordList);
    if (changedList) self->notify(lock);
  }

  // Starts resolving a new instance, within the bounds (lan.h: kMaxLanGames). Under mu.
  void lookUp(const std::wstring& full, const std::string& label) {
    if (std::string_view(label).substr(0, prefix.size()) != prefix) return;
    if (lookups.count(full) || lookups.size() >= 4 * kMaxLanGames) return;  // (once each)
    if (open >= int(kMaxLanGames) || games.size() >= kMaxLanGames ||
        std::any_of(games.begin(), games.end(),
                    [&](const LanGame& g) { return g.instance == label; }))
      return;
    auto l = std::make_unique<Lookup>();
    l->self = this;
    l->name = full;
    l->request.Version = DNS_QUERY_REQUEST_VERSION1;
    l->request.QueryName = l->name.data();
    l->request.pResolveCompletionCallback = onResolve;
    l->request.pQueryContext = l.get();
    Lookup* raw = l.get();
    lookups.emplace(full, std::move(l));
    if (dnsSd().resolve(&raw->request, &raw->cancel) == DNS_REQUEST_PENDING)
      ++open;
    else
      lookups.erase(full);
  }

  static VOID WINAPI onResolve(DWORD result, PVOID context, PDNS_SERVICE_INSTANCE found) {
    auto* l = static_cast<Lookup*>(context);
    Impl* self = l->self;
    std::unique_lock<std::mutex> lock(self->mu);
    bool added = false;
    const bool first = !l->answered;
    if (first) {
      l->answered = true;
      --self->open;
    }
    if (first && result == ERROR_SUCCESS && found && !self->stopping) {
      LanGame g;
      g.instance = utf8(instanceLabel(l->name).c_str());
      std::vector<std::string> txt;
      for (DWORD i = 0; i < found->dwPropertyCount; ++i)
        txt.push_back(utf8(found->keys[i]) + "=" + utf8(found->values[i]));
      if (!parseLanTxt(txt, g)) {
        g.game.port = found->wPort;  // (0: not listed, below)
        g.hostName = utf8(found->pszHostName);
        if (!g.hostName.empty() && g.hostName.back() == '.') g.hostName.pop_back();
        if (found->ip4Address) {
          // IP4_ADDRESS holds the address in network byte order.
          const auto* b = reinterpret_cast<const unsigned char*>(found->ip4Address);
          g.address = boost::asio::ip::address_v4({b[0], b[1], b[2], b[3]}).to_string();
        } else if (found->ip6Address) {
          boost::asio::ip::address_v6::bytes_type bytes;
          std::copy_n(reinterpret_cast<const unsigned char*>(found->ip6Address), 16, bytes.begin());
          boost::asio::ip::address_v6 v6(bytes);
          if (v6.is_link_local()) v6.scope_id(found->dwInterfaceIndex);
          g.address = v6.to_string();
        }
        const bool listed = std::any_of(self->games.begin(), self->games.end(),
                                        [&](const LanGame& x) { return x.instance == g.instance; });
        if (!g.address.empty() && g.game.port != 0 && !listed &&
            self->games.size() < kMaxLanGames) {
          self->games.push_back(std::move(g));
          added = true;
        }
      }
    }
    if (found) dnsSd().freeInstance(found);
    self->cv.notify_all();
    const bool cancel = first && !self->stopping;
    if (added) self->notify(lock);
    if (cancel) {  // no further answers wanted (the handle stays valid: `l` is kept)
      lock.unlock();
      dnsSd().resolveCancel(&l->cancel);
    }
  }
};

LanBrowser::LanBrowser(std::function<void()> changed, std::string instancePrefix)
    : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  d.changed = std::move(changed);
  d.prefix = std::move(instancePrefix);
  const DnsSd& api = dnsSd();
  if (!api.ok) {
    d.status = LanStatus::Unavailable;
    return;
  }
  DNS_SERVICE_BROWSE_REQUEST request{};
  request.Version = DNS_QUERY_REQUEST_VERSION1;
  request.QueryName = L"_gomoku._tcp.local";
  request.pBrowseCallback = Impl::onBrowse;
  request.pQueryContext = &d;
  std::lock_guard<std::mutex> lock(d.mu);
  d.browsing = api.browse(&request, &d.browseCancel) == DNS_REQUEST_PENDING;
  if (!d.browsing) d.status = LanStatus::Unavailable;
}

LanBrowser::~LanBrowser() {
  Impl& d = *impl_;
  const DnsSd& api = dnsSd();
  std::vector<Impl::Lookup*> open;
  bool browsing = false;
  {
    std::lock_guard<std::mutex> lock(d.mu);
    d.stopping = true;  // from here on the callbacks call nobody and start nothing
    browsing = d.browsing;
    for (auto& [name, l] : d.lookups)
      if (!l->answered) open.push_back(l.get());
  }
  for (Impl::Lookup* l : open) api.resolveCancel(&l->cancel);
  if (browsing) api.browseCancel(&d.browseCancel);
  // The browse's cancellation is answered (documented): waited for, briefly. A lookup's is
  // not documented to be: with lookups made, a late answer may still come, so the state is
  // left in memory (a few hundred bytes a lookup) rather than freed under it.
  std::unique_lock<std::mutex> lock(d.mu);
  const bool done =
      d.cv.wait_for(lock, kAnswerWait, [&d] { return !d.browsing && d.notifying == 0; });
  const bool lookedUp = !d.lookups.empty();
  lock.unlock();
  if (!done || lookedUp) (void)impl_.release();
}

std::vector<LanGame> LanBrowser::games() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->games;
}

LanStatus LanBrowser::status() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->status;
}

}  // namespace gomoku::net
