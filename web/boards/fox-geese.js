// Fox & geese: the 33-point cross (files a-g, ranks 1-7; a point exists
// on files c-e or ranks 3-5), orthogonal lines plus the 20 diagonals
// through the points whose file number + rank is even. The geese (p1)
// advance towards rank 7 to trap the fox; the fox jumps geese, in chains.
'use strict';

(() => {
  const S = Ludus.svg, H = Ludus.hunt;
  const FILES = 'abcdefg';
  const D = 70, M = 40;
  const exists = (f, r) => f >= 0 && f < 7 && r >= 1 && r <= 7 && ((f >= 2 && f <= 4) || (r >= 3 && r <= 5));
  const COORDS = {}, EDGES = [];
  for (let r = 1; r <= 7; r++)
    for (let f = 0; f < 7; f++)
      if (exists(f, r)) COORDS[FILES[f] + r] = [M + f * D, M + (7 - r) * D];
  for (let r = 1; r <= 7; r++)
    for (let f = 0; f < 7; f++) {
      if (!exists(f, r)) continue;
      const a = FILES[f] + r;
      if (exists(f + 1, r)) EDGES.push({pair: [a, FILES[f + 1] + r]});
      if (exists(f, r + 1)) EDGES.push({pair: [a, FILES[f] + (r + 1)]});
      if ((f + 1 + r) % 2 === 0)  // a dark point: its diagonals up
        for (const df of [-1, 1]) if (exists(f + df, r + 1)) EDGES.push({pair: [a, FILES[f + df] + (r + 1)], diag: true});
    }
  const LOOK = {
    prey: {cls: 'hunt-prey', letter: 'F', piece: 'fox'},
    hunter: {cls: 'hunt-hunter', letter: 'G', piece: 'goose'},
  };

  function render(svg, pos) {
    const g = S.start(svg, 2 * M + 6 * D, 2 * M + 6 * D + 10);
    H.renderGraph(g, COORDS, EDGES, pos, LOOK, 12);
    for (let i = 0; i < 7; i++) {
      S.text(g, M + i * D, M + 6 * D + 36, FILES[i]);
      S.text(g, M - 30, M + (6 - i) * D + 5, String(i + 1));
    }
  }

  Ludus.boards['fox-geese'] = {
    title: 'Fox & geese',
    sides: ['Geese', 'Fox'],
    startFen: 'd7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0',
    input: 'path',
    unit: {div: 100, digits: 2, name: 'geese', about: '1.00 = one goose'},
    graphRange: 5,
    parse: fen => H.parse(fen, 'geese', 4),
    render,
    caption: pos => `${pos.hunters} geese · ${pos.side === 'geese' ? 'Geese' : 'Fox'} to move · stall counter ${pos.stall}`,
    tokenSquares: H.tokenSquares,
    tokenCells: H.tokenSquares,
    edgeCount: EDGES.length,
  };
})();
