#pragma once
/// @file The main window's command ids: its menu items, and the side panel's buttons that do
/// the same (a button sends a menu event with its command's id).

#include <wx/defs.h>

namespace gomoku::app {

/// Menu and button commands of the main window (mainframe_records.cpp uses wxID_HIGHEST +
/// 200.., mainframe_ai.cpp + 300..).
enum CommandId {
  ID_NewLocal = wxID_HIGHEST + 1,
  ID_Host,
  ID_Join,
  ID_Watch,
  ID_Online,  ///< Game > Play online…
  ID_Leave,
  ID_Nickname,
  ID_ShowCoordinates,
  ID_ShowForbidden,
  ID_ShowAnalysis,  ///< View > Show the computer's analysis
  ID_Takeback,      ///< Undo in a local game, Take back (a request) in a network game
  ID_Draw,
  ID_Resign,
  ID_Again,
  ID_Accept,    ///< the upper request card's Accept
  ID_Decline,   ///< the upper request card's Decline
  ID_Accept2,   ///< the lower request card's (a second request standing at once)
  ID_Decline2,  ///< the lower request card's Decline
  ID_Send,
  ID_Redo,
  ID_Restart,
  ID_NumbersOff,
  ID_NumbersLast,
  ID_NumbersAll,
};

}  // namespace gomoku::app
