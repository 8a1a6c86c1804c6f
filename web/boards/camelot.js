// Camelot: 160 squares on 12 files a-l and 16 ranks; ranks 1 and 16 have
// only f and g (the castles), 2 and 15 c-j, 3 and 14 b-k, the rest a-l.
// White (p1) at the bottom. FEN: ranks 16..1, each listing only its own
// squares left to right (K/M white, k/m black, counts for empty runs), then
// side w|b and three counters (docs/rules/camelot.md section 4). A move is
// one whole token, a path of squares (`-` steps and canters, `x` jumps),
// entered square by square in app.js.
'use strict';

(() => {
  const S = Ludus.svg;
  const FILES = 'abcdefghijkl';
  const C = 36, M = 26;
  const width = rank => (rank === 1 || rank === 16 ? 2 : rank === 2 || rank === 15 ? 8 : rank === 3 || rank === 14 ? 10 : 12);
  const first = rank => (12 - width(rank)) / 2;  // file index of the rank's first square
  const castle = name => ['f1', 'g1', 'f16', 'g16'].includes(name);

  function parse(fen) {
    const f = fen.trim().split(/\s+/);
    if (f.length !== 2 && f.length !== 5) return null;
    const rows = f[0].split('/');
    if (rows.length !== 16) return null;
    const cells = {};
    for (let i = 0; i < 16; i++) {
      const rank = 16 - i;
      let file = first(rank);
      for (const m of rows[i].matchAll(/(\d+)|([KMkm])/g)) {
        if (m[1]) file += Number(m[1]);
        else cells[FILES[file++] + rank] = m[2];
      }
    }
    const side = f[1].toLowerCase();
    return {cells, side, p1ToMove: side === 'w', counters: f.slice(2).map(Number)};
  }

  function render(svg, pos) {
    const g = S.start(svg, 2 * M + 12 * C, 2 * M + 16 * C);
    for (let rank = 16; rank >= 1; rank--) {
      for (let fi = first(rank); fi < first(rank) + width(rank); fi++) {
        const name = FILES[fi] + rank;
        const x = M + fi * C, y = M + (16 - rank) * C;
        const cls = castle(name) ? 'camelot-castle' : (fi + rank) % 2 ? 'camelot-light' : 'camelot-dark';
        const cell = S.square(g, name, x, y, C, cls);
        const p = pos.cells[name];
        if (p) {
          const white = p === p.toUpperCase();
          const knight = p.toUpperCase() === 'K';
          S.disc(cell, x + C / 2, y + C / 2, C * 0.38, (white ? 'camelot-white' : 'camelot-black') + (knight ? ' knight' : ''),
            knight ? 'K' : '', p);
        }
      }
    }
    for (let i = 0; i < 12; i++) {
      S.text(g, M + i * C + C / 2, M + 16 * C + 18, FILES[i]);
      S.text(g, M + i * C + C / 2, M - 8, FILES[i]);
    }
    for (let rank = 1; rank <= 16; rank++) {
      const y = M + (16 - rank) * C + C / 2 + 5;
      S.text(g, M / 2, y, String(rank));
      S.text(g, M + 12 * C + M / 2, y, String(rank));
    }
  }

  const tokenSquares = token => token.split(/[-x]/);

  function caption(pos) {
    const n = {K: 0, M: 0, k: 0, m: 0};
    for (const p of Object.values(pos.cells)) n[p]++;
    const [wc, bc, clock] = pos.counters.length ? pos.counters : [0, 0, 0];
    return `White ${n.K} knights ${n.M} men · Black ${n.k} knights ${n.m} men · castle moves ${wc}/${bc} · clock ${clock}`;
  }

  Ludus.boards.camelot = {
    title: 'Camelot',
    sides: ['White', 'Black'],
    startFen: '2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 0',
    input: 'path',
    unit: {div: 100, digits: 2, name: 'men', about: '1.00 = one Man'},
    graphRange: 6,
    parse,
    render,
    caption,
    tokenSquares,
    tokenCells: tokenSquares,
  };
})();
