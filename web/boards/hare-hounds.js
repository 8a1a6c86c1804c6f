// Hare & hounds: the 11-point board, points 0-10 numbered column by column
// (rules' coordinates, y = 0 at the top), 22 lines; the three hounds (p1)
// advance towards larger x, the hare tries to slip past them to point 0.
'use strict';

(() => {
  const S = Ludus.svg, H = Ludus.hunt;
  const XY = [[0, 1], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2], [3, 0], [3, 1], [3, 2], [4, 1]];
  const DX = 130, DY = 120, M = 50;
  const COORDS = Object.fromEntries(XY.map(([x, y], i) => [String(i), [M + x * DX, M + y * DY]]));
  const pairs = s => s.split(' ').map(p => p.split('-'));
  const EDGES = [
    ...pairs('0-2 1-4 4-7 2-5 5-8 8-10 3-6 6-9 1-2 2-3 4-5 5-6 7-8 8-9').map(pair => ({pair})),
    ...pairs('0-1 0-3 1-5 3-5 5-7 5-9 7-10 9-10').map(pair => ({pair, diag: true})),
  ];
  const LOOK = {
    prey: {cls: 'hunt-prey', letter: 'H', piece: 'hare'},
    hunter: {cls: 'hunt-hunter', letter: 'D', piece: 'hound'},
  };

  function render(svg, pos) {
    const g = S.start(svg, 2 * M + 4 * DX, 2 * M + 2 * DY + 10);
    H.renderGraph(g, COORDS, EDGES, pos, LOOK, 16);
    // Point numbers beside the points: the names moves use.
    for (const [name, [x, y]] of Object.entries(COORDS)) S.text(g, x + 24, y - 20, name, 'coord');
  }

  Ludus.boards['hare-hounds'] = {
    title: 'Hare & hounds',
    sides: ['Hounds', 'Hare'],
    startFen: '10 0,1,3 hounds 0',
    input: 'path',
    unit: {div: 100, digits: 2, name: 'points', about: 'the game is solved: scores are mostly win/loss in N'},
    graphRange: 5,
    parse: fen => H.parse(fen, 'hounds', 4),
    render,
    caption: pos => `${pos.side === 'hounds' ? 'Hounds' : 'Hare'} to move · stall counter ${pos.stall}`,
    tokenSquares: H.tokenSquares,
    tokenCells: H.tokenSquares,
  };
})();
