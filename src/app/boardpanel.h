#pragma once
/// @file The board view: wood, grid, star points, coordinates, stones, move numbers, last-move
/// marker, winning line, renju forbidden points and the hover ghost stone; maps clicks to
/// intersections.

#include <functional>
#include <optional>
#include <vector>

#include <wx/bitmap.h>
#include <wx/colour.h>
#include <wx/window.h>

#include "core/game.h"

class wxDC;

namespace gomoku::app {

/// Which stones carry their move number (View menu).
enum class MoveNumbers { Off = 0, LastN = 1, All = 2 };

/// Shows one Game and reports clicks on intersections; the owner decides whether the move is
/// played or refused. Under renju, while Black is to move, marks every forbidden point with a
/// small red cross (and a game lost by a foul shows the cross on the stone that lost it). The board
/// stays square and centred in whatever client size it gets.
class BoardPanel : public wxWindow {
 public:
  /// Called with the clicked intersection (on the board, within ~0.45 cell of the click),
  /// whether or not a stone may go there: the owner plays the move or says why not.
  using MoveHandler = std::function<void(Point)>;

  /// A board panel showing an empty 15x15 freestyle game.
  explicit BoardPanel(wxWindow* parent);

  /// Shows `game` (copied) and repaints; recomputes the forbidden points when the position
  /// changed.
  void SetGame(const Game& game);
  /// The game shown.
  const Game& GetGame() const { return game_; }
  /// Marks a suggested move (a hint) until the position changes; nullopt removes the mark.
  void SetHint(std::optional<Point> p);
  /// The marks of an opening rule (core/opening.h), kept until set again: `area` is half the
  /// side of the central square the next stone must lie in (0: the centre; -1: no square), shown
  /// as a faint square; `numbered` are 5th moves (picked out, or offered to choose from) shown as
  /// translucent stones of `colour` numbered from 1 in their order.
  void SetOpeningMarks(int area, const std::vector<Point>& numbered, Stone colour);
  /// Whether the local user may place a stone now (enables the hover ghost and cursor).
  void SetInteractive(bool interactive);
  /// Shows or hides the coordinates (a..o along the top and bottom, 1..15 from the bottom).
  void SetShowCoordinates(bool show);
  /// True when the coordinates are shown.
  bool GetShowCoordinates() const { return showCoordinates_; }
  /// Shows or hides the red crosses on the forbidden points (renju, Black to move).
  void SetShowForbidden(bool show);
  /// True when the forbidden points are marked.
  bool GetShowForbidden() const { return showForbidden_; }
  /// The forbidden points of the game shown, row-major (Game::forbiddenPoints(), cached):
  /// empty unless the game is renju, running, with Black to move.
  const std::vector<Point>& ForbiddenPoints() const { return forbidden_; }
  /// Shows or hides the hover ghost: a translucent stone of the colour to move under the mouse
  /// (the bold cross over a renju forbidden point stays).
  void SetShowGhost(bool show);
  /// True when the hover ghost is shown.
  bool GetShowGhost() const { return showGhost_; }
  /// The board's look: the wood texture (`plain` false) or one plain colour `board`; `grid` is
  /// the colour of the grid lines and star points (and, on a plain board, of the coordinates).
  void SetLook(bool plain, const wxColour& board, const wxColour& grid);
  /// Shows move numbers on the stones: none, the last `lastN` moves, or all. The last move's
  /// number is drawn in red in place of the last-move marker.
  void SetMoveNumbers(MoveNumbers mode, int lastN = 10);
  /// The move-number mode.
  MoveNumbers GetMoveNumbers() const { return moveNumbers_; }
  /// Sets the function called when the user clicks an intersection.
  void SetMoveHandler(MoveHandler handler) { onMove_ = std::move(handler); }
  /// Called with the keyboard cursor's intersection whenever an arrow key puts it there (also
  /// when it stays at an edge), so that the owner can say what is there (e.g. for a player who
  /// cannot see the board).
  using CursorHandler = std::function<void(Point)>;
  /// Sets the function called when the keyboard cursor moves.
  void SetCursorHandler(CursorHandler handler) { onCursor_ = std::move(handler); }

  /// Keyboard play: handles an arrow key (moves the cursor one intersection; it starts at the
  /// last move or the centre) or Enter / Space (the cursor's intersection goes to the move
  /// handler, as a click there). Returns false for other keys, when the board is not
  /// interactive, or when a text field or (Enter / Space) a button has the keyboard.
  bool HandleKey(const wxKeyEvent& event);

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
  bool IsForbidden(Point p) const;
  void DrawCross(wxDC& dc, wxPoint centre, double half, double width, bool bold) const;
  void SetHover(std::optional<Point> p);
  wxBitmap StoneBitmap(Stone s, int diameter, double scale) const;

  void OnPaint(wxPaintEvent& event);
  void OnMotion(wxMouseEvent& event);
  void OnLeave(wxMouseEvent& event);
  void OnLeftDown(wxMouseEvent& event);

  Game game_;
  bool interactive_ = false;
  bool showCoordinates_ = true;
  bool showForbidden_ = true;
  bool showGhost_ = true;
  bool plain_ = false;
  wxColour boardColour_;  // the plain board (invalid: the default wood tone)
  wxColour gridColour_;   // grid lines and star points (invalid: the default)
  MoveNumbers moveNumbers_ = MoveNumbers::Off;
  int lastN_ = 10;
  std::vector<Point> forbidden_;  // game_.forbiddenPoints(), recomputed in SetGame
  bool painted_ = false;
  std::optional<Point> hint_;    // a suggested move, cleared when the position changes
  int openingArea_ = -1;         // SetOpeningMarks: the central square (-1: none)
  std::vector<Point> numbered_;  // SetOpeningMarks: the numbered 5th moves
  Stone numberedColour_ = Stone::Black;
  std::optional<Point> hover_;   // a playable or (renju) forbidden point under the mouse
  std::optional<Point> cursor_;  // the keyboard cursor, shown once an arrow key was pressed
  MoveHandler onMove_;
  CursorHandler onCursor_;
};

}  // namespace gomoku::app
