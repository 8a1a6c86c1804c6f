// Shared by the three hunt games (mouse-cats, hare-hounds, fox-geese):
// FEN `<prey> <hunters,...|-> <side> [<stall>]` (docs/rules/hunt.md
// section 4), moves as square paths (`e1-d2`, `d1xd3xf3`) entered square by
// square in app.js, and a graph board drawn from point coordinates.
'use strict';

Ludus.hunt = (() => {
  const S = Ludus.svg;

  function parse(fen, p1Side, fields) {
    const f = fen.trim().split(/\s+/);
    if (f.length !== fields) return null;
    const cells = {};
    const hunters = f[1] === '-' ? [] : f[1].split(',');
    for (const h of hunters) cells[h.toLowerCase()] = 'hunter';
    cells[f[0].toLowerCase()] = 'prey';
    const side = f[2].toLowerCase();
    return {cells, side, p1ToMove: side === p1Side, stall: f.length > 3 ? Number(f[3]) : null, hunters: hunters.length};
  }

  // Draws points at coords ({name: [x, y]}) joined by `edges`, with the
  // pieces of `pos`; `look` names the two pieces' letters and classes.
  function renderGraph(g, coords, edges, pos, look, r) {
    S.lines(g, coords, edges.filter(e => !e.diag).map(e => e.pair), 'edge');
    S.lines(g, coords, edges.filter(e => e.diag).map(e => e.pair), 'edge diag');
    for (const [name, [x, y]] of Object.entries(coords)) {
      const cell = S.point(g, name, x, y, r, 'hunt-point');
      const p = pos.cells[name];
      if (p) S.disc(cell, x, y, r * 1.25, look[p].cls, look[p].letter, look[p].piece);
    }
  }

  const tokenSquares = token => token.split(/[-x]/);

  return {parse, renderGraph, tokenSquares};
})();
