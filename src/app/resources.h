#pragma once
/// @file The images in res/: where they are found and how they are loaded. A missing image is
/// not fatal: its getter returns an invalid object and the caller draws a substitute.

#include <memory>

#include <wx/bitmap.h>
#include <wx/bmpbndl.h>
#include <wx/iconbndl.h>
#include <wx/image.h>
#include <wx/string.h>

#include "core/types.h"

namespace gomoku::app {

/// The images of the application, loaded once on first use (on the GUI thread).
class Resources {
 public:
  /// The loaded images, loaded on first use. Needs the PNG image handler (wxInitAllImageHandlers).
  static const Resources& Get();
  /// Frees the images; call before wxWidgets shuts down (wxApp::OnExit). Get() reloads.
  static void Unload();

  /// The tileable wood texture; !IsOk() when missing.
  const wxImage& BoardTexture() const { return board_; }
  /// The wood texture as a bitmap for tiling; !IsOk() when missing.
  const wxBitmap& BoardTile() const { return boardTile_; }
  /// A stone of colour s (Black or White) at 32, 64 and 128 px; !IsOk() when missing.
  const wxBitmapBundle& StoneBundle(Stone s) const { return s == Stone::White ? white_ : black_; }
  /// The largest image of a stone of colour s, for scaling to other sizes; !IsOk() when missing.
  const wxImage& StoneImage(Stone s) const { return s == Stone::White ? whiteImage_ : blackImage_; }
  /// The last-move marker, drawn over a stone at the stone's size; !IsOk() when missing.
  const wxBitmapBundle& LastMoveMarker() const { return marker_; }
  /// The application icon at every size found (may be empty).
  const wxIconBundle& Icons() const { return icons_; }
  /// The application icon as a bundle, for the About box; !IsOk() when missing.
  const wxBitmapBundle& Logo() const { return logo_; }

  /// The directories searched for images, in order: $GOMOKU_RES_DIR, <exe dir>/res,
  /// <exe dir>/../share/gomoku/res, then the source tree's res/ (GOMOKU_SOURCE_RES_DIR).
  static wxArrayString SearchPath();
  /// Full path of the first file called `name` in SearchPath(), or "" when none exists.
  static wxString Find(const wxString& name);

 private:
  Resources();
  static std::unique_ptr<Resources>& Instance();
  wxImage board_;
  wxBitmap boardTile_;
  wxBitmapBundle black_;
  wxImage blackImage_;
  wxImage whiteImage_;
  wxBitmapBundle white_;
  wxBitmapBundle marker_;
  wxBitmapBundle logo_;
  wxIconBundle icons_;
};

}  // namespace gomoku::app
