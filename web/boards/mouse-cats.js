// Mouse & cats: the 32 dark squares of an 8x8 board (a1 dark, file
// number + rank even), joined by their diagonals; the mouse (p1) starts on
// e1 and tries to pass the four cats on rank 8.
'use strict';

(() => {
  const S = Ludus.svg, H = Ludus.hunt;
  const FILES = 'abcdefgh';
  const C = 56, M = 28;
  const LOOK = {
    prey: {cls: 'hunt-prey', letter: 'M', piece: 'mouse'},
    hunter: {cls: 'hunt-hunter', letter: 'C', piece: 'cat'},
  };
  const centre = (f, r) => [M + f * C + C / 2, M + (8 - r) * C + C / 2];

  function render(svg, pos) {
    const g = S.start(svg, 2 * M + 8 * C, 2 * M + 8 * C);
    // Squares first, then the 49 diagonal connections, then the dark
    // squares as cells (transparent, so the lines show) with the pieces.
    for (let r = 8; r >= 1; r--)
      for (let f = 0; f < 8; f++)
        S.el('rect', {x: M + f * C, y: M + (8 - r) * C, width: C, height: C, class: (f + 1 + r) % 2 ? 'mc-light' : 'mc-dark'}, g);
    for (let r = 1; r < 8; r++)
      for (let f = 0; f < 8; f++) {
        if ((f + 1 + r) % 2) continue;
        for (const df of [-1, 1]) {
          if (f + df < 0 || f + df > 7) continue;
          const [x1, y1] = centre(f, r), [x2, y2] = centre(f + df, r + 1);
          S.el('line', {x1, y1, x2, y2, class: 'edge diag mc-edge'}, g);
        }
      }
    for (let r = 8; r >= 1; r--)
      for (let f = 0; f < 8; f++) {
        if ((f + 1 + r) % 2) continue;
        const name = FILES[f] + r;
        const x = M + f * C, y = M + (8 - r) * C;
        const cell = S.square(g, name, x, y, C, 'mc-cell');
        const p = pos.cells[name];
        if (p) S.disc(cell, x + C / 2, y + C / 2, C * 0.36, LOOK[p].cls, LOOK[p].letter, LOOK[p].piece);
      }
    for (let i = 0; i < 8; i++) {
      S.text(g, M + i * C + C / 2, M + 8 * C + 19, FILES[i]);
      S.text(g, M / 2, M + i * C + C / 2 + 5, String(8 - i));
    }
  }

  Ludus.boards['mouse-cats'] = {
    title: 'Mouse & cats',
    sides: ['Mouse', 'Cats'],
    startFen: 'e1 b8,d8,f8,h8 mouse',
    input: 'path',
    unit: {div: 100, digits: 2, name: 'points', about: 'the game is solved: scores are mostly win/loss in N'},
    graphRange: 5,
    parse: fen => H.parse(fen, 'mouse', 3),
    render,
    caption: pos => `${pos.side === 'mouse' ? 'Mouse' : 'Cats'} to move`,
    tokenSquares: H.tokenSquares,
    tokenCells: H.tokenSquares,
  };
})();
