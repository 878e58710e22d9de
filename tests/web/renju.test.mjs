// The page's renju checks (res/web/js/game.js: forbidden points for Black, five in a row)
// against the positions of ../shared/data/renju_forbidden_cases.txt (skipped with a message
// when the shared data is absent), as the C++ test core.Renju.* does with src/core/renju.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Board, BLACK, WHITE, forbiddenKind, forbiddenPoints, winningLine, notation,
  RULE_RENJU, RULE_STANDARD, RULE_FREESTYLE } from '../../res/web/js/game.js';

const shared = fileURLToPath(new URL('../../../shared/data/renju_forbidden_cases.txt', import.meta.url));
const points = (text) => text.trim().split(/\s+/).filter(Boolean).map((t) => t.split(',').map(Number));

test('the shared renju cases', { skip: !existsSync(shared) && `shared data not found at ${shared}` }, () => {
  let cases = 0, checks = 0;
  for (const line of readFileSync(shared, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const f = line.split('|');
    const b = new Board(15);
    for (const [x, y] of points(f[2])) b.set(x, y, BLACK);
    for (const [x, y] of points(f[3])) b.set(x, y, WHITE);
    const forbidden = new Set();
    for (const c of f[4].trim().split(/\s+/).filter(Boolean)) {
      const [xy, want] = c.split('=');
      const [x, y] = xy.split(',').map(Number);
      assert.equal(forbiddenKind(b, x, y) !== null, want === 'F', `${f[0]}: ${xy} should be ${want}`);
      if (want === 'F') forbidden.add(xy);
      checks++;
    }
    if (f[5].trim() === '1') {
      const all = forbiddenPoints(b).map((p) => `${p.x},${p.y}`).sort();
      assert.deepEqual(all, [...forbidden].sort(), `${f[0]}: the whole forbidden set`);
    }
    cases++;
  }
  assert.ok(cases >= 70 && checks > 0, `${cases} cases`);
});

test('fives by rule', () => {
  const b = new Board(15);
  for (let x = 3; x <= 8; x++) b.set(x, 7, BLACK);  // six in a row
  assert.equal(winningLine(b, RULE_FREESTYLE, 5, 7).length, 6);
  assert.equal(winningLine(b, RULE_STANDARD, 5, 7), null);
  assert.equal(winningLine(b, RULE_RENJU, 5, 7), null);  // Black's overline is no five
  const w = new Board(15);
  for (let x = 3; x <= 8; x++) w.set(x, 7, WHITE);
  assert.equal(winningLine(w, RULE_RENJU, 5, 7).length, 6);  // White's is
  assert.equal(notation(15, 7, 7), 'H8');
  assert.equal(notation(15, 0, 14), 'A1');
  assert.equal(notation(15, 11, 5), 'L10');  // a capital: a lowercase l reads as 1
});
