#include "app/sounds.h"

#include <array>
#include <memory>
#include <string>

#include <wx/config.h>
#include <wx/filefn.h>
#include <wx/frame.h>
#include <wx/intl.h>
#include <wx/log.h>
#include <wx/menu.h>
#include <wx/sound.h>
#include <wx/utils.h>

#include "app/resources.h"

namespace gomoku::app {

namespace {

constexpr std::array<const char*, 5> kFiles{"sound-stone.wav", "sound-opponent.wav",
                                            "sound-gameover.wav", "sound-message.wav",
                                            "sound-clock.wav"};

#if defined(__UNIX__) && !defined(__WXMAC__)
// wxWidgets on Linux plays through OSS (/dev/dsp), which PipeWire and PulseAudio desktops seldom
// provide (and without it wxSound silently "plays" nothing). So the sound server's own player
// is used when there is one: the first of pw-play, paplay and aplay found in PATH ("" when none
// is), its output discarded; wxSound only without one.
const wxString& ExternalPlayer() {
  static const wxString player = [] {
    wxPathList path;
    path.AddEnvList("PATH");
    for (const char* name : {"pw-play", "paplay", "aplay"})
      if (wxString found = path.FindAbsoluteValidPath(name); !found.empty()) return found;
    return wxString();
  }();
  return player;
}

bool PlayExternally(const wxString& file) {
  if (ExternalPlayer().empty()) return false;
  // sh runs the player (argument $0) on the file ($1) with its output discarded; no quoting.
  const std::wstring player = ExternalPlayer().ToStdWstring(), path = file.ToStdWstring();
  const wchar_t* argv[] = {L"sh",          L"-c",        L"exec \"$0\" \"$1\" >/dev/null 2>&1",
                           player.c_str(), path.c_str(), nullptr};
  return wxExecute(argv, wxEXEC_ASYNC | wxEXEC_HIDE_CONSOLE) > 0;
}
#endif

}  // namespace

bool SoundsOn() {
  return wxConfigBase::Get()->ReadBool(kSoundsKey, true);
}

void PlaySound(Sound sound) {
#if wxUSE_SOUND
  if (!SoundsOn()) return;
  // Loaded on first use; a file that is missing or cannot be played stays silent.
  // Never freed: wxSound must not outlive wxWidgets, and static destructors run after it.
  static auto& sounds = *new std::array<std::unique_ptr<wxSound>, kFiles.size()>();
  const auto index = static_cast<std::size_t>(sound);
  wxLogNull quiet;  // no sound device (a test under Xvfb, a server): no message either
  static std::array<wxString, kFiles.size()> paths;
  if (!sounds[index]) {
    sounds[index] = std::make_unique<wxSound>();
    paths[index] = Resources::Find(kFiles[index]);
    if (!paths[index].empty()) sounds[index]->Create(paths[index]);
  }
#if defined(__UNIX__) && !defined(__WXMAC__)
  if (!paths[index].empty() && PlayExternally(paths[index])) return;
#endif
  if (sounds[index]->IsOk()) sounds[index]->Play(wxSOUND_ASYNC);
#else
  (void)sound;
#endif
}

void AppendSoundMenuItem(wxMenu* view, wxFrame* frame) {
  wxMenuItem* item = view->AppendCheckItem(wxID_ANY, _("&Sounds"),
                                           _("Play a sound for moves, the end of a game and "
                                             "chat messages"));
  item->Check(SoundsOn());
  frame->Bind(
      wxEVT_MENU,
      [](wxCommandEvent& event) {
        wxConfigBase::Get()->Write(kSoundsKey, event.IsChecked());
        wxConfigBase::Get()->Flush();
      },
      item->GetId());
  // The check mark follows the stored switch (Settings > Preferences changes it too).
  frame->Bind(
      wxEVT_UPDATE_UI, [](wxUpdateUIEvent& e) { e.Check(SoundsOn()); }, item->GetId());
}

}  // namespace gomoku::app
