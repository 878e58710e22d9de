#include "app/boardpanel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <wx/button.h>
#include <wx/dcbuffer.h>
#include <wx/dcgraph.h>
#include <wx/dcmemory.h>
#include <wx/graphics.h>
#include <wx/intl.h>
#include <wx/textctrl.h>

#include "app/app.h"
#include "app/resources.h"
#include "core/notation.h"

namespace gomoku::app {

namespace {

// Colours of the board, chosen to read well on the wood texture.
const wxColour kWood(222, 178, 106);     // used when board.png is missing
const wxColour kWoodDark(196, 146, 78);  // its gradient end
const wxColour kGrid(45, 30, 16);        // grid lines, star points
const wxColour kLabel(84, 56, 28);       // coordinates
const wxColour kEdge(112, 76, 36);       // the outline of the wooden board
// The winning five: a red line through the stones' centres and a red ring on each stone, both
// edged in white: they stand out on black and white stones, on wood and on a plain board, and
// by shape and lightness as well as colour (colour-blind players).
const wxColour kWinCore(215, 25, 32);
const wxColour kWinEdge(255, 255, 255, 235);
const wxColour kForbidden(206, 24, 24);             // the crosses on renju forbidden points
const wxColour kForbiddenHalo(255, 244, 226, 150);  // a light rim that lifts them off the grid

// Star points (hoshi) for a board of `size`: the centre and the 4-4 points ((3,3) 0-based) on
// boards of 13 and more; only the centre on small boards.
std::vector<Point> StarPoints(int size) {
  std::vector<Point> points;
  if (size >= 13) {
    const int a = 3, b = size - 4;
    points = {{a, a}, {b, a}, {a, b}, {b, b}};
  }
  if (size % 2 == 1) points.push_back({size / 2, size / 2});
  return points;
}

// Column letter for x: A, B, C, ... (RIF: I included), as pointName() writes points.
wxString ColumnLabel(int x) {
  return wxString(static_cast<wxChar>(columnLetter(x)));
}

bool TraceStartup() {
  const char* v = std::getenv("GOMOKU_TRACE_STARTUP");
  return v && std::strcmp(v, "1") == 0;
}

}  // namespace

BoardPanel::BoardPanel(wxWindow* parent) {
  SetBackgroundStyle(wxBG_STYLE_PAINT);
  Create(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize,
         wxFULL_REPAINT_ON_RESIZE | wxBORDER_NONE);
  SetMinSize(FromDIP(wxSize(320, 320)));
  SetCanFocus(true);  // keyboard play (HandleKey)
  SetName("board");   // tests name it
  // What assistive tools say about the board (no tooltip: it would cover the stones).
  SetLabel(_("Game board"));
  SetHelpText(
      _("Arrow keys move the cursor; the status bar says what is at its point. Enter or "
        "Space places a stone there."));
  Bind(wxEVT_PAINT, &BoardPanel::OnPaint, this);
  Bind(wxEVT_SIZE, [this](wxSizeEvent& event) {
    Refresh();
    event.Skip();
  });
  Bind(wxEVT_MOTION, &BoardPanel::OnMotion, this);
  Bind(wxEVT_LEAVE_WINDOW, &BoardPanel::OnLeave, this);
  Bind(wxEVT_LEFT_DOWN, &BoardPanel::OnLeftDown, this);
}

void BoardPanel::SetShowGhost(bool show) {
  if (showGhost_ == show) return;
  showGhost_ = show;
  Refresh();
}

void BoardPanel::SetLook(bool plain, const wxColour& board, const wxColour& grid) {
  plain_ = plain;
  boardColour_ = board;
  gridColour_ = grid;
  Refresh();
}

void BoardPanel::SetHint(std::optional<Point> p) {
  hint_ = p;
  Refresh();
}

void BoardPanel::SetOpeningMarks(int area, const std::vector<Point>& numbered, Stone colour) {
  if (area == openingArea_ && numbered == numbered_ && colour == numberedColour_) return;
  openingArea_ = area;
  numbered_ = numbered;
  numberedColour_ = colour;
  Refresh();
}

void BoardPanel::SetGame(const Game& game) {
  const bool same = game.board() == game_.board() && game.ply() == game_.ply() &&
                    game.rule() == game_.rule() && game.foulPolicy() == game_.foulPolicy() &&
                    game.result().outcome == game_.result().outcome;
  if (same) return;  // repaint only on a change
  game_ = game;
  hint_.reset();
  forbidden_ = game_.forbiddenPoints();  // once per position, not per paint
  if (hover_) {
    const std::optional<Point> p = hover_;
    hover_.reset();
    SetHover(p);  // the point may have become occupied, forbidden or allowed
  }
  Refresh();
}

void BoardPanel::SetShowForbidden(bool show) {
  if (showForbidden_ == show) return;
  showForbidden_ = show;
  if (!forbidden_.empty()) Refresh();
}

void BoardPanel::SetInteractive(bool interactive) {
  if (interactive_ == interactive) return;
  interactive_ = interactive;
  if (!interactive) {
    SetHover(std::nullopt);
  } else if (!IsShownOnScreen()) {
    return;  // no mouse over a hidden board
  } else if (const wxPoint mouse = ScreenToClient(wxGetMousePosition());
             GetClientRect().Contains(mouse)) {
    SetHover(PointAt(mouse));  // the mouse may already rest on the board
  }
}

void BoardPanel::SetShowCoordinates(bool show) {
  if (showCoordinates_ == show) return;
  showCoordinates_ = show;
  Refresh();
}

BoardPanel::Geometry BoardPanel::Layout(wxSize size) const {
  Geometry g;
  const int n = game_.size();
  // Margin between the outer grid lines and the edge of the wood, in cells: room for the
  // half stones on the edge lines, plus the coordinates when shown.
  const double margin = showCoordinates_ ? 1.4 : 0.8;
  const int pad = FromDIP(16);
  const int side = std::max(1, std::min(size.x, size.y) - 2 * pad);
  // Whole pixels per cell keep every grid line crisp.
  g.cell = std::max(4, static_cast<int>(side / (n - 1 + 2 * margin)));
  const int grid = g.cell * (n - 1);
  const int edge = static_cast<int>(std::lround(g.cell * margin));
  const int wood = grid + 2 * edge;
  g.wood = wxRect((size.x - wood) / 2, (size.y - wood) / 2, wood, wood);
  g.origin = g.wood.GetTopLeft() + wxPoint(edge, edge);
  g.stone = std::max(3, static_cast<int>(std::lround(g.cell * 0.94)));  // nearly touching
  return g;
}

wxPoint BoardPanel::Centre(const Geometry& g, Point p) const {
  return g.origin + wxPoint(p.x * g.cell, p.y * g.cell);
}

void BoardPanel::ScreenGeometry(wxPoint* origin, int* cell) const {
  const Geometry g = Layout(GetClientSize());
  const double scale = GetContentScaleFactor();  // GTK/macOS: logical -> physical; MSW: 1
  const wxPoint screen = ClientToScreen(g.origin);
  *origin = wxPoint(static_cast<int>(std::lround(screen.x * scale)),
                    static_cast<int>(std::lround(screen.y * scale)));
  *cell = static_cast<int>(std::lround(g.cell * scale));
}

std::optional<Point> BoardPanel::PointAt(wxPoint pos) const {
  const Geometry g = Layout(GetClientSize());
  const double fx = static_cast<double>(pos.x - g.origin.x) / g.cell;
  const double fy = static_cast<double>(pos.y - g.origin.y) / g.cell;
  const Point p{static_cast<int>(std::lround(fx)), static_cast<int>(std::lround(fy))};
  if (!game_.board().inside(p)) return std::nullopt;
  if (std::hypot(fx - p.x, fy - p.y) > 0.45) return std::nullopt;
  return p;
}

bool BoardPanel::Playable(Point p) const {
  return game_.check(p) == MoveError::None;
}

bool BoardPanel::IsForbidden(Point p) const {
  return std::find(forbidden_.begin(), forbidden_.end(), p) != forbidden_.end();
}

void BoardPanel::SetHover(std::optional<Point> p) {
  if (p && (!interactive_ || !(IsForbidden(*p) || Playable(*p)))) p.reset();
  if (p == hover_) return;
  hover_ = p;
  SetCursor(!hover_                ? wxNullCursor
            : IsForbidden(*hover_) ? wxCursor(wxCURSOR_NO_ENTRY)
                                   : wxCursor(wxCURSOR_HAND));
  Refresh();
}

void BoardPanel::OnMotion(wxMouseEvent& event) {
  SetHover(interactive_ ? PointAt(event.GetPosition()) : std::nullopt);
  event.Skip();
}

void BoardPanel::OnLeave(wxMouseEvent& event) {
  SetHover(std::nullopt);
  event.Skip();
}

void BoardPanel::OnLeftDown(wxMouseEvent& event) {
  event.Skip();  // focus handling
  if (!onMove_) return;
  const auto p = PointAt(event.GetPosition());
  if (!p) return;
  if (Playable(*p)) SetHover(std::nullopt);
  onMove_(*p);  // plays or refuses; may change the game and interactivity
}

bool BoardPanel::HandleKey(const wxKeyEvent& event) {
  if (!interactive_ || event.HasAnyModifiers()) return false;
  wxWindow* focus = wxWindow::FindFocus();
  if (dynamic_cast<wxTextCtrl*>(focus)) return false;
  const int n = game_.size();
  const auto start = [&] {
    if (!cursor_) cursor_ = game_.lastMove() ? *game_.lastMove() : Point{n / 2, n / 2};
  };
  int dx = 0, dy = 0;
  switch (event.GetKeyCode()) {
    case WXK_LEFT:
    case WXK_NUMPAD_LEFT:
      dx = -1;
      break;
    case WXK_RIGHT:
    case WXK_NUMPAD_RIGHT:
      dx = 1;
      break;
    case WXK_UP:
    case WXK_NUMPAD_UP:
      dy = -1;
      break;
    case WXK_DOWN:
    case WXK_NUMPAD_DOWN:
      dy = 1;
      break;
    case WXK_RETURN:
    case WXK_NUMPAD_ENTER:
    case WXK_SPACE: {
      if (dynamic_cast<wxButton*>(focus)) return false;
      if (!cursor_ || !onMove_) return false;
      const Point p = *cursor_;
      if (Playable(p)) SetHover(std::nullopt);
      onMove_(p);  // plays or refuses, as a click
      return true;
    }
    default:
      return false;
  }
  const bool fresh = !cursor_;
  start();
  if (!HasFocus()) SetFocus();  // Enter and Space then reach the board, not a button
  if (!fresh)
    cursor_ = Point{std::clamp(cursor_->x + dx, 0, n - 1), std::clamp(cursor_->y + dy, 0, n - 1)};
  SetHover(cursor_);
  Refresh();
  if (onCursor_) onCursor_(*cursor_);
  return true;
}

void BoardPanel::OnPaint(wxPaintEvent&) {
  wxAutoBufferedPaintDC paintDC(this);
  {
    wxGCDC dc(paintDC);
    Render(dc, GetClientSize());
  }
  if (!painted_) {
    painted_ = true;
    if (TraceStartup()) {
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - ProcessStartTime());
      std::fprintf(stderr, "first-paint-ms %lld\n", static_cast<long long>(ms.count()));
      std::fflush(stderr);
    }
  }
}

wxBitmap BoardPanel::StoneBitmap(Stone s, int diameter, double scale) const {
  const wxBitmapBundle& bundle = Resources::Get().StoneBundle(s);
  if (!bundle.IsOk()) return {};
  const int px = std::max(1, static_cast<int>(std::lround(diameter * scale)));
  return bundle.GetBitmap(wxSize(px, px));
}

wxBitmap BoardPanel::RenderToBitmap(wxSize size) const {
  wxBitmap bitmap(size, 24);
  {
    wxMemoryDC memoryDC(bitmap);
    wxGCDC dc(memoryDC);
    Render(dc, size);
  }
  return bitmap;
}

void BoardPanel::Render(wxDC& dc, wxSize size) const {
  const Resources& res = Resources::Get();
  const Geometry g = Layout(size);
  const int n = game_.size();
  const double scale = dc.GetContentScaleFactor();
  wxGraphicsContext* gc = dc.GetGraphicsContext();  // set for a wxGCDC: alpha, AA, gradients

  // Background around the board, and a soft shadow under it.
  dc.SetBackground(wxBrush(GetBackgroundColour()));
  dc.Clear();
  if (gc) {
    gc->SetPen(*wxTRANSPARENT_PEN);
    const int blur = FromDIP(6);
    for (int i = blur; i > 0; --i) {
      gc->SetBrush(wxBrush(wxColour(0, 0, 0, 10)));
      wxRect r = g.wood;
      r.Inflate(i);
      r.Offset(0, FromDIP(3));
      gc->DrawRoundedRectangle(r.x, r.y, r.width, r.height, FromDIP(3) + i);
    }
  }

  // The wood: the tileable texture, else a warm gradient; or the plain colour chosen.
  const wxBitmap& tile = res.BoardTile();
  const wxColour grid = gridColour_.IsOk() ? gridColour_ : kGrid;
  if (plain_) {
    dc.SetPen(*wxTRANSPARENT_PEN);
    dc.SetBrush(wxBrush(boardColour_.IsOk() ? boardColour_ : kWood));
    dc.DrawRectangle(g.wood);
  } else if (tile.IsOk()) {
    wxDCClipper clip(dc, g.wood);
    for (int y = g.wood.y; y < g.wood.GetBottom() + 1; y += tile.GetHeight())
      for (int x = g.wood.x; x < g.wood.GetRight() + 1; x += tile.GetWidth())
        dc.DrawBitmap(tile, x, y);
  } else {
    dc.GradientFillLinear(g.wood, kWood, kWoodDark, wxSOUTH);
  }
  dc.SetBrush(*wxTRANSPARENT_BRUSH);
  dc.SetPen(wxPen(kEdge, FromDIP(1)));
  dc.DrawRectangle(g.wood);

  // Grid: thin inner lines, a stronger border.
  const int last = (n - 1) * g.cell;
  dc.SetPen(wxPen(grid, std::max(1, FromDIP(1))));
  for (int i = 1; i < n - 1; ++i) {
    const int d = i * g.cell;
    dc.DrawLine(g.origin.x + d, g.origin.y, g.origin.x + d, g.origin.y + last);
    dc.DrawLine(g.origin.x, g.origin.y + d, g.origin.x + last, g.origin.y + d);
  }
  dc.SetPen(wxPen(grid, std::max(2, FromDIP(2))));
  dc.DrawRectangle(g.origin.x, g.origin.y, last + 1, last + 1);

  // Star points.
  dc.SetPen(*wxTRANSPARENT_PEN);
  dc.SetBrush(wxBrush(grid));
  const int starRadius = std::max(2, static_cast<int>(std::lround(g.cell * 0.1)));
  for (Point p : StarPoints(n)) dc.DrawCircle(Centre(g, p), starRadius);

  // Coordinates: columns a.. along the top and bottom, rows 1.. from the bottom on both sides.
  if (showCoordinates_) {
    // Readable on a small board too: never below 13 pixels (the label band is 1.4 cells wide,
    // room enough down to the smallest cell the minimum window size gives).
    const int px = std::clamp(static_cast<int>(g.cell * 0.5), FromDIP(13), FromDIP(22));
    dc.SetFont(wxFont(wxFontInfo(wxSize(0, px)).Family(wxFONTFAMILY_SWISS)));
    dc.SetTextForeground(plain_ ? grid : kLabel);
    // Centre of the label band: halfway between the wood edge and the edge stones.
    const int band = (g.origin.x - g.wood.x + g.cell / 2) / 2;
    auto label = [&dc](const wxString& text, wxPoint centre) {
      const wxSize extent = dc.GetTextExtent(text);
      dc.DrawText(text, centre.x - extent.x / 2, centre.y - extent.y / 2);
    };
    for (int i = 0; i < n; ++i) {
      const int d = i * g.cell;
      const wxString column = ColumnLabel(i);
      label(column, wxPoint(g.origin.x + d, g.origin.y - band));
      label(column, wxPoint(g.origin.x + d, g.origin.y + last + band));
      const wxString row = wxString::Format("%d", n - i);
      label(row, wxPoint(g.origin.x - band, g.origin.y + d));
      label(row, wxPoint(g.origin.x + last + band, g.origin.y + d));
    }
  }

  // Stones.
  const int d = g.stone;
  auto drawStone = [&](Stone s, wxPoint c, bool shadow) {
    const wxRect r(c.x - d / 2, c.y - d / 2, d, d);
    if (gc && shadow) {  // contact shadow: the stone sits on the wood
      gc->SetPen(*wxTRANSPARENT_PEN);
      const double off = std::max(1.0, d * 0.045);
      gc->SetBrush(wxBrush(wxColour(0, 0, 0, 34)));
      gc->DrawEllipse(r.x + off * 0.4, r.y + off * 1.2, d + off * 0.4, d + off * 0.4);
      gc->SetBrush(wxBrush(wxColour(0, 0, 0, 40)));
      gc->DrawEllipse(r.x + off * 0.6, r.y + off, d, d);
    }
    const wxBitmap bitmap = StoneBitmap(s, d, scale);
    if (bitmap.IsOk()) {
      if (gc)
        gc->DrawBitmap(bitmap, r.x, r.y, d, d);
      else
        dc.DrawBitmap(bitmap, r.GetTopLeft(), true);
      return;
    }
    // No image: a shaded disc.
    const bool black = s == Stone::Black;
    if (gc) {
      const double radius = d / 2.0;
      const double cx = c.x - radius * 0.3, cy = c.y - radius * 0.35;
      gc->SetBrush(
          gc->CreateRadialGradientBrush(cx, cy, c.x, c.y, radius * 1.25,
                                        black ? wxColour(105, 105, 110) : wxColour(255, 255, 255),
                                        black ? wxColour(12, 12, 14) : wxColour(196, 194, 186)));
      gc->SetPen(wxPen(black ? wxColour(0, 0, 0) : wxColour(150, 146, 136), 1));
      gc->DrawEllipse(r.x, r.y, d, d);
    } else {
      dc.SetPen(wxPen(black ? *wxBLACK : wxColour(150, 146, 136)));
      dc.SetBrush(wxBrush(black ? wxColour(20, 20, 20) : wxColour(244, 242, 236)));
      dc.DrawCircle(c, d / 2);
    }
  };
  const std::vector<Point>& line = game_.result().line;
  const Board& board = game_.board();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (const Stone s = board.at({x, y}); s != Stone::Empty)
        drawStone(s, Centre(g, {x, y}), true);

  // Move numbers: white on black stones, black on white ones; the last move's in red.
  const int plies = game_.ply();
  const int firstNumbered = moveNumbers_ == MoveNumbers::All     ? 0
                            : moveNumbers_ == MoveNumbers::LastN ? std::max(0, plies - lastN_)
                                                                 : plies;
  for (int k = firstNumbered; k < plies; ++k) {
    const Point p = game_.moves()[static_cast<std::size_t>(k)];
    if (!board.inside(p) || board.at(p) == Stone::Empty) continue;
    const wxString text = wxString::Format("%d", k + 1);
    const double size = d * (text.length() >= 3 ? 0.34 : 0.42);
    wxFont font(wxFontInfo(wxSize(0, std::max(6, static_cast<int>(std::lround(size)))))
                    .Family(wxFONTFAMILY_SWISS)
                    .Bold());
    const bool onBlack = board.at(p) == Stone::Black;
    const wxColour colour = k + 1 == plies
                                ? (onBlack ? wxColour(255, 120, 110) : wxColour(210, 30, 30))
                            : onBlack ? wxColour(245, 245, 245)
                                      : wxColour(20, 20, 20);
    const wxPoint c = Centre(g, p);
    if (gc) {
      gc->SetFont(font, colour);
      double w = 0, h = 0;
      gc->GetTextExtent(text, &w, &h);
      gc->DrawText(text, c.x - w / 2, c.y - h / 2);
    } else {
      dc.SetFont(font);
      dc.SetTextForeground(colour);
      const wxSize ext = dc.GetTextExtent(text);
      dc.DrawText(text, c.x - ext.x / 2, c.y - ext.y / 2);
    }
  }

  // The last move (unless its number stands on it).
  if (const Point* lastMove = game_.lastMove(); lastMove && firstNumbered >= plies) {
    const wxPoint c = Centre(g, *lastMove);
    const wxBitmapBundle& marker = res.LastMoveMarker();
    if (marker.IsOk()) {
      const int mpx = std::max(1, static_cast<int>(std::lround(d * scale)));
      const wxBitmap bitmap = marker.GetBitmap(wxSize(mpx, mpx));
      if (gc)
        gc->DrawBitmap(bitmap, c.x - d / 2, c.y - d / 2, d, d);
      else
        dc.DrawBitmap(bitmap, c.x - d / 2, c.y - d / 2, true);
    } else {
      dc.SetPen(*wxTRANSPARENT_PEN);
      dc.SetBrush(wxBrush(wxColour(220, 30, 30)));
      dc.DrawCircle(c, std::max(2, d / 6));
    }
  }

  // The winning five, over the stones: each mark drawn twice, a wide white edge then the red.
  if (gc && line.size() >= 2) {
    const double core = std::max(2.0, g.cell * 0.08);
    const double edge = std::max(1.5, g.cell * 0.04);
    const wxPoint a = Centre(g, line.front()), b = Centre(g, line.back());
    gc->SetBrush(*wxTRANSPARENT_BRUSH);
    for (const bool inner : {false, true}) {
      const wxColour colour = inner ? kWinCore : kWinEdge;
      wxGraphicsPenInfo stroke(colour, inner ? core : core + 2 * edge);
      stroke.Cap(wxCAP_ROUND);
      gc->SetPen(gc->CreatePen(stroke));
      gc->StrokeLine(a.x, a.y, b.x, b.y);
      gc->SetPen(gc->CreatePen(wxGraphicsPenInfo(colour, inner ? core : core + 2 * edge)));
      for (Point p : line) {
        const wxPoint c = Centre(g, p);
        const double radius = d / 2.0 - core / 2.0 - edge;
        gc->DrawEllipse(c.x - radius, c.y - radius, 2 * radius, 2 * radius);
      }
    }
  } else if (line.size() >= 2) {
    dc.SetPen(wxPen(wxColour(230, 170, 20), std::max(3, g.cell / 6)));
    dc.DrawLine(Centre(g, line.front()), Centre(g, line.back()));
  }

  // Renju, strict policy: the forbidden stone that lost the game carries a red cross.
  if (game_.result().reason == EndReason::Foul && game_.lastMove())
    DrawCross(dc, Centre(g, *game_.lastMove()), g.cell * 0.21, std::max(2.5, g.cell * 0.12), false);

  // Renju: a small red cross on each point forbidden for Black (about 0.3 cell across).
  const bool hoverForbidden = interactive_ && hover_ && IsForbidden(*hover_);
  if (showForbidden_) {
    const double width = std::max(1.5, g.cell * 0.07);
    for (Point p : forbidden_)
      if (!(hoverForbidden && p == *hover_))
        DrawCross(dc, Centre(g, p), g.cell * 0.15, width, false);
  }

  // An opening's central square: where the next stone may go, faintly shaded and outlined.
  if (openingArea_ >= 0 && n % 2 == 1) {
    const wxPoint c = Centre(g, {n / 2, n / 2});
    const int half = openingArea_ * g.cell + g.cell / 2;
    const wxRect square(c.x - half, c.y - half, 2 * half, 2 * half);
    if (gc) {
      gc->SetBrush(wxBrush(wxColour(30, 110, 230, 34)));
      gc->SetPen(
          gc->CreatePen(wxGraphicsPenInfo(wxColour(30, 110, 230, 150), std::max(1.5, g.cell * 0.05))
                            .Style(wxPENSTYLE_SHORT_DASH)));
      gc->DrawRectangle(square.x, square.y, square.width, square.height);
    } else {
      dc.SetPen(wxPen(wxColour(30, 110, 230), 1, wxPENSTYLE_SHORT_DASH));
      dc.SetBrush(*wxTRANSPARENT_BRUSH);
      dc.DrawRectangle(square);
    }
  }

  // An opening's 5th moves: translucent stones numbered 1, 2, ... in the order given.
  for (std::size_t i = 0; i < numbered_.size(); ++i) {
    const Point p = numbered_[i];
    if (!board.inside(p) || board.at(p) != Stone::Empty) continue;
    const wxPoint c = Centre(g, p);
    if (gc) {
      gc->BeginLayer(0.55);
      drawStone(numberedColour_, c, false);
      gc->EndLayer();
    }
    dc.SetPen(wxPen(wxColour(30, 110, 230), std::max(2, g.cell / 14)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawCircle(c, d / 2);
    const wxString text = wxString::Format("%d", static_cast<int>(i) + 1);
    wxFont font(wxFontInfo(wxSize(0, std::max(6, static_cast<int>(std::lround(d * 0.46)))))
                    .Family(wxFONTFAMILY_SWISS)
                    .Bold());
    const wxColour colour =
        numberedColour_ == Stone::Black ? wxColour(255, 255, 255) : wxColour(20, 20, 20);
    if (gc) {
      gc->SetFont(font, colour);
      double w = 0, h = 0;
      gc->GetTextExtent(text, &w, &h);
      gc->DrawText(text, c.x - w / 2, c.y - h / 2);
    } else {
      dc.SetFont(font);
      dc.SetTextForeground(colour);
      const wxSize ext = dc.GetTextExtent(text);
      dc.DrawText(text, c.x - ext.x / 2, c.y - ext.y / 2);
    }
  }

  // A hint: a translucent stone of the colour to move with a blue ring.
  if (hint_ && game_.board().inside(*hint_) && game_.board().at(*hint_) == Stone::Empty) {
    const wxPoint c = Centre(g, *hint_);
    if (gc) {
      gc->BeginLayer(0.6);
      drawStone(game_.toMove(), c, false);
      gc->EndLayer();
    }
    dc.SetPen(wxPen(wxColour(30, 110, 230), std::max(2, g.cell / 12)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawCircle(c, d / 2);
  }

  // The hover ghost: a translucent stone of the colour to move; on a forbidden point a bolder
  // cross instead ("not allowed").
  if (hoverForbidden) {
    DrawCross(dc, Centre(g, *hover_), g.cell * 0.21, std::max(2.5, g.cell * 0.12), true);
  } else if (gc && showGhost_ && interactive_ && hover_ && Playable(*hover_)) {
    gc->BeginLayer(0.45);
    drawStone(game_.toMove(), Centre(g, *hover_), false);
    gc->EndLayer();
  }

  // The keyboard cursor: a blue square around the intersection.
  if (interactive_ && cursor_ && game_.board().inside(*cursor_)) {
    const wxPoint c = Centre(g, *cursor_);
    const int half = g.cell / 2;
    dc.SetPen(wxPen(wxColour(30, 110, 230), std::max(2, g.cell / 14)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawRectangle(c.x - half, c.y - half, 2 * half, 2 * half);
  }
}

void BoardPanel::SetMoveNumbers(MoveNumbers mode, int lastN) {
  if (mode == moveNumbers_ && lastN == lastN_) return;
  moveNumbers_ = mode;
  lastN_ = std::max(1, lastN);
  Refresh();
}

void BoardPanel::DrawCross(wxDC& dc, wxPoint c, double half, double width, bool bold) const {
  wxGraphicsContext* gc = dc.GetGraphicsContext();
  if (!gc) {  // plain DC: no alpha, no anti-aliasing
    const int h = static_cast<int>(std::lround(half));
    dc.SetPen(wxPen(kForbidden, std::max(1, static_cast<int>(std::lround(width)))));
    dc.DrawLine(c.x - h, c.y - h, c.x + h + 1, c.y + h + 1);
    dc.DrawLine(c.x - h, c.y + h, c.x + h + 1, c.y - h - 1);
    return;
  }
  gc->SetAntialiasMode(wxANTIALIAS_DEFAULT);
  wxGraphicsPath path = gc->CreatePath();
  path.MoveToPoint(c.x - half, c.y - half);
  path.AddLineToPoint(c.x + half, c.y + half);
  path.MoveToPoint(c.x - half, c.y + half);
  path.AddLineToPoint(c.x + half, c.y - half);
  if (bold) {  // a pale disc under the bold cross, so it reads as a sign, not as a mark
    gc->SetPen(*wxTRANSPARENT_PEN);
    gc->SetBrush(wxBrush(wxColour(255, 250, 240, 120)));
    const double r = half * 1.75;
    gc->DrawEllipse(c.x - r, c.y - r, 2 * r, 2 * r);
  }
  const double rim = std::max(1.0, width * 0.45);
  gc->SetPen(gc->CreatePen(wxGraphicsPenInfo(kForbiddenHalo, width + 2 * rim).Cap(wxCAP_ROUND)));
  gc->StrokePath(path);
  gc->SetPen(gc->CreatePen(wxGraphicsPenInfo(kForbidden, width).Cap(wxCAP_ROUND)));
  gc->StrokePath(path);
}

}  // namespace gomoku::app
