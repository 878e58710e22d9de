#pragma once
/// @file The board view: wood, grid, star points, coordinates, stones, last-move marker,
/// winning line and the hover ghost stone; maps clicks to intersections.

#include <functional>
#include <optional>

#include <wx/bitmap.h>
#include <wx/window.h>

#include "core/game.h"

class wxDC;

namespace gomoku::app {

/// Shows one Game and reports clicks on empty intersections while the owner allows a move.
/// The board stays square and centred in whatever client size it gets.
class BoardPanel : public wxWindow {
 public:
  /// Called with the clicked intersection (on the board, empty, within ~0.45 cell of the click).
  using MoveHandler = std::function<void(Point)>;

  /// A board panel showing an empty 15x15 freestyle game.
  explicit BoardPanel(wxWindow* parent);

  /// Shows `game` (copied) and repaints.
  void SetGame(const Game& game);
  /// The game shown.
  const Game& GetGame() const { return game_; }
  /// Whether the local user may place a stone now (enables clicks and the hover ghost).
  void SetInteractive(bool interactive);
  /// Shows or hides the coordinates (a..o along the top and bottom, 1..15 from the bottom).
  void SetShowCoordinates(bool show);
  /// True when the coordinates are shown.
  bool GetShowCoordinates() const { return showCoordinates_; }
  /// Sets the function called when the user clicks a playable intersection.
  void SetMoveHandler(MoveHandler handler) { onMove_ = std::move(handler); }

  /// Where intersection (0,0) is on the screen and the grid spacing, in physical pixels (what
  /// xdotool and other input tools use): intersection (x,y) is at origin + (x,y) * cell.
  void ScreenGeometry(wxPoint* origin, int* cell) const;

  /// Draws the whole board view (background included) into `dc`, which covers `size`.
  /// Anti-aliased when `dc` is a wxGCDC. Used for painting and for saving pictures.
  void Render(wxDC& dc, wxSize size) const;
  /// The board view drawn into a new bitmap of `size` pixels (e.g. to save a PNG).
  wxBitmap RenderToBitmap(wxSize size) const;

 private:
  // Where things go for one client size. All lengths in logical pixels.
  struct Geometry {
    int cell = 1;    // distance between grid lines
    int stone = 1;   // stone diameter
    wxPoint origin;  // the intersection (0,0): top-left corner of the grid
    wxRect wood;     // the wooden board, coordinates margin included
  };
  Geometry Layout(wxSize size) const;
  wxPoint Centre(const Geometry& g, Point p) const;
  std::optional<Point> PointAt(wxPoint pos) const;
  bool Playable(Point p) const;
  void SetHover(std::optional<Point> p);
  wxBitmap StoneBitmap(Stone s, int diameter, double scale) const;

  void OnPaint(wxPaintEvent& event);
  void OnMotion(wxMouseEvent& event);
  void OnLeave(wxMouseEvent& event);
  void OnLeftDown(wxMouseEvent& event);

  Game game_;
  bool interactive_ = false;
  bool showCoordinates_ = true;
  bool painted_ = false;
  std::optional<Point> hover_;
  MoveHandler onMove_;
};

}  // namespace gomoku::app
