#include "app/sounds.h"

#include <array>
#include <memory>

#include <wx/config.h>
#include <wx/frame.h>
#include <wx/intl.h>
#include <wx/log.h>
#include <wx/menu.h>
#include <wx/sound.h>

#include "app/resources.h"

namespace gomoku::app {

namespace {

constexpr std::array<const char*, 4> kFiles{"sound-stone.wav", "sound-opponent.wav",
                                            "sound-gameover.wav", "sound-message.wav"};

bool SoundsOn() {
  return wxConfigBase::Get()->ReadBool(kSoundsKey, true);
}

}  // namespace

void PlaySound(Sound sound) {
#if wxUSE_SOUND
  if (!SoundsOn()) return;
  // Loaded on first use; a file that is missing or cannot be played stays silent.
  // Never freed: wxSound must not outlive wxWidgets, and static destructors run after it.
  static auto& sounds = *new std::array<std::unique_ptr<wxSound>, kFiles.size()>();
  const auto index = static_cast<std::size_t>(sound);
  wxLogNull quiet;  // no sound device (a test under Xvfb, a server): no message either
  if (!sounds[index]) {
    sounds[index] = std::make_unique<wxSound>();
    const wxString path = Resources::Find(kFiles[index]);
    if (!path.empty()) sounds[index]->Create(path);
  }
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
}

}  // namespace gomoku::app
