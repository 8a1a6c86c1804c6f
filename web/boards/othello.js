// Othello: 8x8, row 1 drawn at the top as in Othello notation (a1 top
// left). FEN: 64 cells a1..h8 row by row (X black, O white, - empty), then
// the side to move (docs/rules/othello.md section 4). One part = the
// whole move: a square, or `pass` when forced.
'use strict';

(() => {
  const S = Ludus.svg;
  const FILES = 'abcdefgh';
  const C = 56, M = 28;  // cell size, margin for the coordinates
  const black = ch => ch === 'X' || ch === 'x' || ch === '*';
  const white = ch => ch === 'O' || ch === 'o' || ch === '0';

  function parse(fen) {
    const s = fen.replace(/\s+/g, '');
    if (s.length !== 65) return null;
    const cells = {};
    let nx = 0, no = 0;
    for (let i = 0; i < 64; i++) {
      const ch = s[i];
      const piece = black(ch) ? 'X' : white(ch) ? 'O' : null;
      if (piece === 'X') nx++;
      if (piece === 'O') no++;
      cells[FILES[i % 8] + (1 + Math.floor(i / 8))] = piece;
    }
    return {cells, p1ToMove: black(s[64]), black: nx, white: no};
  }

  function render(svg, pos) {
    const g = S.start(svg, 2 * M + 8 * C, 2 * M + 8 * C);
    S.el('rect', {x: M, y: M, width: 8 * C, height: 8 * C, class: 'felt'}, g);
    for (let r = 1; r <= 8; r++) {
      for (let f = 0; f < 8; f++) {
        const name = FILES[f] + r;
        const x = M + f * C, y = M + (r - 1) * C;
        const cell = S.square(g, name, x, y, C, 'othello-sq');
        const p = pos.cells[name];
        if (p) S.disc(cell, x + C / 2, y + C / 2, C * 0.4, p === 'X' ? 'disc-black' : 'disc-white', '', p);
      }
    }
    // The four small dots of a real Othello board (c3 f3 c6 f6 corners).
    for (const [fx, fy] of [[2, 2], [6, 2], [2, 6], [6, 6]])
      S.el('circle', {cx: M + fx * C, cy: M + fy * C, r: 3, class: 'dot'}, g);
    for (let i = 0; i < 8; i++) {
      S.text(g, M + i * C + C / 2, M - 9, FILES[i]);
      S.text(g, M + i * C + C / 2, M + 8 * C + 19, FILES[i]);
      S.text(g, M / 2, M + i * C + C / 2 + 5, String(i + 1));
      S.text(g, M + 8 * C + M / 2, M + i * C + C / 2 + 5, String(i + 1));
    }
  }

  // GGF (Generic Game Format, as GGS and NBoard write it): the start board
  // in BO[8 <64 cells> <side>] with * black and O white, then B[..]/W[..]
  // per move, PA for a pass; RE is Black's final disc margin, empties to
  // the winner (rules section 6.3), or ? while the game goes on.
  function record(r) {
    const s = r.startFen.replace(/\s+/g, '');
    const bo = s.slice(0, 64).replace(/[Xx*]/g, '*').replace(/[Oo0]/g, 'O').replace(/\./g, '-');
    const side = black(s[64]) ? '*' : 'O';
    let re = '?';
    if (r.result !== 'none') {
      const p = parse(r.finalFen);
      const e = 64 - p.black - p.white;
      const v = p.black > p.white ? p.black - p.white + e : p.white > p.black ? p.black - p.white - e : 0;
      re = (v > 0 ? '+' : '') + v.toFixed(2);
    }
    const d = new Date();
    const z = n => String(n).padStart(2, '0');
    const dt = `${d.getFullYear()}.${z(d.getMonth() + 1)}.${z(d.getDate())}_${z(d.getHours())}:${z(d.getMinutes())}:${z(d.getSeconds())}`;
    const moves = r.history.map(h => `${h.p1ToMove ? 'B' : 'W'}[${h.token === 'pass' ? 'PA' : h.token}]`).join('');
    const text = `(;GM[Othello]PC[Ludus]DT[${dt}]PB[${r.names[0]}]PW[${r.names[1]}]RE[${re}]TY[8]` +
      `BO[8 ${bo} ${side}]${moves};)\n`;
    return {name: 'ludus-othello.ggf', type: 'application/x-ggf', text};
  }

  Ludus.boards.othello = {
    title: 'Othello',
    sides: ['Black', 'White'],
    startFen: '---------------------------OX------XO--------------------------- X',
    input: 'parts',
    unit: {div: 100, digits: 1, name: 'discs', about: '1.0 = one disc of final margin'},
    graphRange: 32,
    parse,
    render,
    caption: pos => `Black ${pos.black} · White ${pos.white} discs`,
    partMove: part => (part === 'pass' ? null : {from: null, to: part}),
    tokenCells: token => (token === 'pass' ? [] : [token]),
    record,
  };
})();
