#pragma once
/// @file The program's sounds (res/sound-*.wav, made by installer/make-sounds.py), played on
/// Linux by the sound server's player (pw-play, paplay or aplay, the first in PATH), elsewhere
/// and without one by wxSound; View > Sounds (wxConfig key /View/Sounds, default on) turns them
/// off. Without a sound device (e.g. under Xvfb) nothing is played and nothing is reported.

class wxFrame;
class wxMenu;

namespace gomoku::app {

/// The events that have a sound.
enum class Sound {
  Stone,     ///< a stone placed by you (or by either player at one computer)
  Opponent,  ///< a stone placed by the opponent (network peer or the computer)
  GameOver,  ///< the game ended
  Message,   ///< a chat message came in
  ClockLow,  ///< the running clock fell under 10 seconds
};

/// wxConfig key of the sound switch (bool, default true).
inline constexpr const char* kSoundsKey = "/View/Sounds";

/// True when sounds are on (kSoundsKey in wxConfig).
bool SoundsOn();

/// Plays `sound` at once without waiting (when sounds are on and the file is found).
void PlaySound(Sound sound);

/// Appends the View > Sounds check item to `view`; it stores its state with wxConfig, and its
/// check mark follows the stored state.
void AppendSoundMenuItem(wxMenu* view, wxFrame* frame);

}  // namespace gomoku::app
