// Linja: 8 rows, each holding a count of red and of black pieces (order
// inside a row does not matter). Row 1 is Red's home (drawn at the bottom),
// row 8 Black's. FEN: `r<red>b<black>` for rows 1..8 separated by '/',
// then the side r|b (docs/rules/linja.md section 4). Parts are sub-moves
// `1-2` (a piece from row 1 to row 2) and `pass`; a row is one cell.
'use strict';

(() => {
  const S = Ludus.svg;
  const W = 620, RH = 58, M = 24, LEFT = 70, RIGHT = 96;
  const RED_POINTS = [0, 0, 0, 0, 1, 2, 3, 5];  // a red piece on row 1..8 at the end; black mirrored

  function parse(fen) {
    const f = fen.trim().split(/\s+/);
    if (f.length !== 2) return null;
    const rows = f[0].split('/');
    if (rows.length !== 8) return null;
    const red = [], black = [];
    for (const row of rows) {
      const m = /^r(\d+)b(\d+)$/i.exec(row);
      if (!m) return null;
      red.push(Number(m[1]));
      black.push(Number(m[2]));
    }
    const side = f[1].toLowerCase();
    let rs = 0, bs = 0;
    for (let i = 0; i < 8; i++) { rs += RED_POINTS[i] * red[i]; bs += RED_POINTS[7 - i] * black[i]; }
    return {red, black, side, p1ToMove: side === 'r', redScore: rs, blackScore: bs};
  }

  function render(svg, pos) {
    const g = S.start(svg, W, 2 * M + 8 * RH);
    S.text(g, LEFT / 2, M - 8, 'row', 'coord');
    S.text(g, W - RIGHT / 2, M - 8, 'points R|B', 'coord');
    for (let row = 8; row >= 1; row--) {
      const y = M + (8 - row) * RH;
      const end = row === 1 || row === 8;
      const cell = S.cell(g, String(row), 'rect', {x: LEFT, y: y + 2, width: W - LEFT - RIGHT, height: RH - 4, rx: 8},
        end ? 'linja-end' : 'linja-row');
      const red = pos.red[row - 1], black = pos.black[row - 1];
      cell.setAttribute('data-red', red);
      cell.setAttribute('data-black', black);
      // Red pieces from the left, black from the right; 12 fit either way.
      // Up to 12 a side; they close up when a row holds many of both.
      const r = 11, cy = y + RH / 2;
      const step = Math.min(2 * r + 3, (W - LEFT - RIGHT - 36 - 2 * r) / Math.max(1, red + black - 1));
      for (let i = 0; i < red; i++) S.disc(cell, LEFT + 18 + i * step, cy, r, 'linja-red', '', 'r');
      for (let i = 0; i < black; i++) S.disc(cell, W - RIGHT - 18 - i * step, cy, r, 'linja-black', '', 'b');
      const counts = S.text(cell, (LEFT + W - RIGHT) / 2, cy + 5, `${red} : ${black}`, 'linja-count');
      cell.insertBefore(counts, cell.querySelector('.lastmark'));
      S.text(g, LEFT / 2, cy + 6, String(row), 'coord big');
      S.text(g, W - RIGHT / 2, cy + 5, `${RED_POINTS[row - 1]}|${RED_POINTS[8 - row]}`, 'coord');
    }
  }

  function partMove(part) {
    const m = /^([1-8])-([1-8])$/.exec(part);
    return m ? {from: m[1], to: m[2]} : null;
  }

  const tokenCells = token => (token === 'pass' ? [] : [...new Set(token.split(/[-,]/))]);

  Ludus.boards.linja = {
    title: 'Linja',
    sides: ['Red', 'Black'],
    startFen: 'r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r',
    input: 'parts',
    unit: {div: 100, digits: 2, name: 'points', about: '1.00 = about one point of final margin'},
    graphRange: 10,
    parse,
    render,
    caption: pos => `Red ${pos.redScore} · Black ${pos.blackScore} points if the game ended now`,
    partMove,
    tokenCells,
  };
})();
