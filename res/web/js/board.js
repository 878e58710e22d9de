// The board on a canvas, drawn like the app's: wood, grid, star points, coordinates (a.. along
// the bottom, 1.. from the bottom up the left side), stone images, the last move marked, the
// winning line highlighted, renju's forbidden points crossed; in an opening, the square the next
// stone must lie in and the 5th-move alternatives as numbered translucent stones. Sharp on high-DPI screens: the
// canvas has devicePixelRatio pixels per CSS pixel. The data-* attributes say where the points
// are (CSS pixels from the canvas's corner) and which stones lie there (for tests and tools).
import { columnLetter, notation } from './game.js';

const images = {};
function image(src) {
  if (!images[src]) {
    const img = new Image();
    img.src = src;
    images[src] = img;
  }
  return images[src];
}

export class BoardView {
  constructor(canvas, onPoint) {
    this.canvas = canvas;
    this.onPoint = onPoint;
    this.size = 15;
    this.moves = [];
    this.win = null;
    this.forbidden = [];
    this.ghost = null;  // {x, y, black}: the stone a first tap proposes
    this.marks = [];    // [{x, y, black, label}]: numbered translucent stones (5th moves)
    this.area = -1;     // half the side of the central square the next stone must lie in
    this.css = 600;
    for (const src of ['img/board.png', 'img/stone-black-64.png', 'img/stone-white-64.png',
      'img/stone-black-128.png', 'img/stone-white-128.png', 'img/marker-last-64.png'])
      image(src).addEventListener('load', () => this.draw());
    canvas.addEventListener('click', (e) => {
      const p = this.pointAt(e.offsetX, e.offsetY);
      if (p) this.onPoint(p.x, p.y);
    });
  }

  /** The point under CSS pixel (px, py), or null (more than 45% of a cell away). */
  pointAt(px, py) {
    const g = this.geometry();
    const x = Math.round((px - g.left) / g.cell), y = Math.round((py - g.top) / g.cell);
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return null;
    const dx = px - (g.left + x * g.cell), dy = py - (g.top + y * g.cell);
    return Math.hypot(dx, dy) <= g.cell * 0.45 ? { x, y } : null;
  }

  geometry() {
    const cell = this.css / (this.size - 1 + 2.2);
    const left = cell * 1.3, top = cell * 0.9;
    return { cell, left, top };
  }

  /** Fits the board into `cssSize` CSS pixels (square). */
  resize(cssSize) {
    this.css = Math.max(200, Math.floor(cssSize));
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = this.canvas.style.height = `${this.css}px`;
    this.canvas.width = this.canvas.height = Math.round(this.css * dpr);
    this.draw();
  }

  show({ size, moves, win, forbidden, ghost, marks, area }) {
    this.size = size;
    this.moves = moves;
    this.win = win;
    this.forbidden = forbidden || [];
    this.ghost = ghost || null;
    this.marks = marks || [];
    this.area = area ?? -1;
    this.draw();
  }

  draw() {
    const c = this.canvas, ctx = c.getContext('2d');
    const dpr = c.width / this.css;
    const { cell, left, top } = this.geometry();
    const n = this.size;
    Object.assign(c.dataset, {
      size: String(n), left: left.toFixed(2), top: top.toFixed(2), cell: cell.toFixed(3),
      moves: this.moves.map((m) => notation(n, m.x, m.y)).join(','),
      alternatives: this.marks.map((m) => notation(n, m.x, m.y)).join(','),
    });
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    // Wood.
    const wood = image('img/board.png');
    if (wood.complete && wood.naturalWidth) ctx.drawImage(wood, 0, 0, this.css, this.css);
    else {
      ctx.fillStyle = '#dcb36b';
      ctx.fillRect(0, 0, this.css, this.css);
    }
    // Grid.
    const span = (n - 1) * cell;
    ctx.strokeStyle = '#2b1d0e';
    ctx.lineWidth = Math.max(1, cell / 32);
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const p = Math.round((left + i * cell) * dpr) / dpr + 0.5 / dpr;
      const q = Math.round((top + i * cell) * dpr) / dpr + 0.5 / dpr;
      ctx.moveTo(p, top); ctx.lineTo(p, top + span);
      ctx.moveTo(left, q); ctx.lineTo(left + span, q);
    }
    ctx.stroke();
    ctx.lineWidth = Math.max(1.5, cell / 16);
    ctx.strokeRect(left, top, span, span);
    // Star points.
    ctx.fillStyle = '#2b1d0e';
    const stars = n >= 13 ? [3, (n - 1) / 2, n - 4] : n >= 9 ? [2, (n - 1) / 2, n - 3] : [];
    for (const sx of stars) for (const sy of stars) {
      if (!Number.isInteger(sx) || !Number.isInteger(sy)) continue;
      if (n < 13 && sx !== sy && (sx === (n - 1) / 2 || sy === (n - 1) / 2)) continue;
      ctx.beginPath();
      ctx.arc(left + sx * cell, top + sy * cell, Math.max(2, cell / 9), 0, 2 * Math.PI);
      ctx.fill();
    }
    // Coordinates: letters below, numbers on the left (1 at the bottom, as the app).
    ctx.fillStyle = '#3b2a1c';
    ctx.font = `${Math.max(9, Math.round(cell * 0.38))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < n; i++) {
      ctx.fillText(columnLetter(i), left + i * cell, top + span + cell * 0.75);
      ctx.fillText(String(n - i), left - cell * 0.8, top + i * cell);
    }
    // The central square the next opening stone must lie in.
    if (this.area >= 0) {
      const c = Math.floor(n / 2), a = this.area;
      ctx.fillStyle = 'rgba(138, 75, 28, 0.16)';
      ctx.strokeStyle = 'rgba(138, 75, 28, 0.8)';
      ctx.lineWidth = Math.max(1.5, cell / 16);
      ctx.setLineDash([cell / 5, cell / 8]);
      const x0 = left + (c - a - 0.45) * cell, y0 = top + (c - a - 0.45) * cell;
      const w = (2 * a + 0.9) * cell;
      ctx.fillRect(x0, y0, w, w);
      ctx.strokeRect(x0, y0, w, w);
      ctx.setLineDash([]);
    }
    // Forbidden points (renju, Black to move).
    ctx.strokeStyle = 'rgba(200, 20, 20, 0.85)';
    ctx.lineWidth = Math.max(1.5, cell / 14);
    for (const f of this.forbidden) {
      const x = left + f.x * cell, y = top + f.y * cell, r = cell * 0.2;
      ctx.beginPath();
      ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r);
      ctx.moveTo(x + r, y - r); ctx.lineTo(x - r, y + r);
      ctx.stroke();
    }
    // Stones.
    const big = cell * dpr > 48;
    const black = image(`img/stone-black-${big ? 128 : 64}.png`);
    const white = image(`img/stone-white-${big ? 128 : 64}.png`);
    const d = cell * 0.94;
    const stone = (x, y, isBlack, alpha = 1) => {
      const img = isBlack ? black : white;
      const cx = left + x * cell, cy = top + y * cell;
      ctx.globalAlpha = alpha;
      if (img.complete && img.naturalWidth) ctx.drawImage(img, cx - d / 2, cy - d / 2, d, d);
      else {
        ctx.beginPath();
        ctx.arc(cx, cy, d / 2, 0, 2 * Math.PI);
        ctx.fillStyle = isBlack ? '#111' : '#f4f4f4';
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    };
    this.moves.forEach((m, i) => stone(m.x, m.y, i % 2 === 0));
    if (this.ghost) stone(this.ghost.x, this.ghost.y, this.ghost.black, 0.5);
    // The 5th-move alternatives: translucent, numbered in the order given.
    ctx.font = `700 ${Math.max(10, Math.round(cell * 0.46))}px system-ui, sans-serif`;
    for (const m of this.marks) {
      stone(m.x, m.y, m.black, 0.55);
      ctx.fillStyle = m.black ? '#fff' : '#111';
      ctx.fillText(String(m.label), left + m.x * cell, top + m.y * cell + 0.5);
    }
    // The last move.
    const last = this.moves[this.moves.length - 1];
    if (last) {
      const isBlack = (this.moves.length - 1) % 2 === 0;
      ctx.fillStyle = isBlack ? '#e8e8e8' : '#c0392b';
      ctx.beginPath();
      ctx.arc(left + last.x * cell, top + last.y * cell, cell * 0.12, 0, 2 * Math.PI);
      ctx.fill();
    }
    // The winning line.
    if (this.win && this.win.length) {
      const a = this.win[0], b = this.win[this.win.length - 1];
      ctx.strokeStyle = 'rgba(214, 40, 40, 0.85)';
      ctx.lineWidth = Math.max(3, cell / 7);
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(left + a.x * cell, top + a.y * cell);
      ctx.lineTo(left + b.x * cell, top + b.y * cell);
      ctx.stroke();
      ctx.lineCap = 'butt';
    }
  }
}
