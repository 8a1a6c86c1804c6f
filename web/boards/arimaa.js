// Arimaa: 8x8 with the traps c3 f3 c6 f6, Gold (p1) at the bottom.
// FEN: ranks 8..1 separated by '/', digits for empty runs, upper case
// gold, lower case silver, then side g|s and the turn number; turn 1 is
// the setup phase (docs/rules/arimaa.md section 4). Parts are steps
// `e2n` (square + direction, pushes and pulls as two steps) and `end`.
'use strict';

(() => {
  const S = Ludus.svg;
  const FILES = 'abcdefgh';
  const C = 56, M = 28;
  const TRAPS = new Set(['c3', 'f3', 'c6', 'f6']);
  const NAMES = {E: 'Elephant', M: 'Camel', H: 'Horse', D: 'Dog', C: 'Cat', R: 'Rabbit'};
  const SET = {R: 8, C: 2, D: 2, H: 2, M: 1, E: 1};

  function parse(fen) {
    const f = fen.trim().split(/\s+/);
    if (f.length !== 3) return null;
    const rows = f[0].split('/');
    if (rows.length !== 8) return null;
    const cells = {};
    for (let i = 0; i < 8; i++) {
      const rank = 8 - i;
      let file = 0;
      for (const ch of rows[i]) {
        if (/[1-8]/.test(ch)) file += Number(ch);
        else cells[FILES[file++] + rank] = ch;
      }
    }
    const side = f[1].toLowerCase() === 'w' ? 'g' : f[1].toLowerCase() === 'b' ? 's' : f[1].toLowerCase();
    const turn = Number(f[2]);
    return {cells, side, turn, p1ToMove: side === 'g', setup: turn === 1};
  }

  // The square one step from `sq` in direction n/s/e/w (null off the board).
  function stepTo(sq, dir) {
    let f = FILES.indexOf(sq[0]), r = Number(sq.slice(1));
    if (dir === 'n') r++; else if (dir === 's') r--; else if (dir === 'e') f++; else if (dir === 'w') f--;
    return f >= 0 && f < 8 && r >= 1 && r <= 8 ? FILES[f] + r : null;
  }

  function render(svg, pos) {
    const g = S.start(svg, 2 * M + 8 * C, 2 * M + 8 * C);
    for (let rank = 8; rank >= 1; rank--) {
      for (let f = 0; f < 8; f++) {
        const name = FILES[f] + rank;
        const x = M + f * C, y = M + (8 - rank) * C;
        const cell = S.square(g, name, x, y, C, TRAPS.has(name) ? 'arimaa-trap' : 'arimaa-sq');
        const p = pos.cells[name];
        if (p) {
          const gold = p === p.toUpperCase();
          const d = S.disc(cell, x + C / 2, y + C / 2, C * 0.4, gold ? 'arimaa-gold' : 'arimaa-silver', p.toUpperCase(), p);
          S.el('title', {}, d).textContent = `${gold ? 'Gold' : 'Silver'} ${NAMES[p.toUpperCase()]}`;
        }
      }
    }
    for (let i = 0; i < 8; i++) {
      S.text(g, M + i * C + C / 2, M + 8 * C + 19, FILES[i]);
      S.text(g, M + i * C + C / 2, M - 9, FILES[i]);
      S.text(g, M / 2, M + i * C + C / 2 + 5, String(8 - i));
      S.text(g, M + 8 * C + M / 2, M + i * C + C / 2 + 5, String(8 - i));
    }
  }

  function partMove(part) {
    const m = /^([a-h][1-8])([nsew])$/.exec(part);
    return m ? {from: m[1], to: stepTo(m[1], m[2])} : null;
  }

  // The squares a turn touched: each step's origin and landing square.
  function tokenCells(token) {
    const out = [];
    for (const item of token.split(',')) {
      const m = /^[EMHDCRemhdcr]([a-h][1-8])([nsew])$/.exec(item);
      if (!m) continue;
      out.push(m[1], stepTo(m[1], m[2]));
    }
    return [...new Set(out)];
  }

  // Setup phase: the mover's 16 squares and a placement token.
  function setupSquares(gold) {
    const ranks = gold ? [1, 2] : [7, 8];
    return ranks.flatMap(r => [...FILES].map(f => f + r));
  }
  function parseSetup(token) {
    const cells = {};
    for (const item of token.split(',')) {
      const m = /^([EMHDCRemhdcr])([a-h][1-8])$/.exec(item);
      if (m) cells[m[2]] = m[1];
    }
    return cells;
  }
  // A full arrangement of `cells` (every square of the setup rows filled
  // with the side's 16 pieces) as a UGI setup token, in the canonical
  // R C D H M E order (any order is accepted; this one reads best).
  function setupToken(cells) {
    const order = 'RCDHME';
    const items = Object.entries(cells).filter(([, p]) => p);
    items.sort((a, b) => order.indexOf(a[1].toUpperCase()) - order.indexOf(b[1].toUpperCase()) ||
      (Number(a[0].slice(1)) - Number(b[0].slice(1))) || a[0].localeCompare(b[0]));
    return items.map(([sq, p]) => p + sq).join(',');
  }
  // The default arrangement before the engine's candidates arrive.
  function defaultSetup(gold) {
    const back = gold ? 'RRRRRRRR' : 'rrrrrrrr';
    const front = gold ? 'HDCMECDH' : 'hdcemcdh';
    const cells = {};
    for (let f = 0; f < 8; f++) {
      cells[FILES[f] + (gold ? 1 : 8)] = back[f];
      cells[FILES[f] + (gold ? 2 : 7)] = front[f];
    }
    return cells;
  }

  // The arimaa.com / pyrimaa move list (docs/rules/arimaa.md 7.7): tags,
  // a blank line, one line per turn `<turn><g|s> <steps separated by spaces>`.
  function record(r) {
    const lines = [`[White "${r.names[0]}"]`, `[Black "${r.names[1]}"]`, `[PlyCount "${r.history.length}"]`];
    if (!r.fromStart) lines.push(`[FEN "${r.startFen}"]`);
    const res = {p1win: '1-0', p2win: '0-1', draw: '1/2-1/2'}[r.result];
    if (res) lines.push(`[Result "${res}"]`);
    lines.push('');
    for (const h of r.history) {
      const p = parse(h.fenBefore);
      lines.push(`${p.turn}${p.side} ${h.token.split(',').join(' ')}`);
    }
    if (res) lines.push(res);
    return {name: 'ludus-arimaa.txt', type: 'text/plain', text: lines.join('\n') + '\n'};
  }

  function caption(pos) {
    if (pos.setup) return `Turn 1: ${pos.side === 'g' ? 'Gold' : 'Silver'} sets up (ranks ${pos.side === 'g' ? '1-2' : '7-8'})`;
    return `Turn ${pos.turn}, ${pos.side === 'g' ? 'Gold' : 'Silver'} to move`;
  }

  Ludus.boards.arimaa = {
    title: 'Arimaa',
    sides: ['Gold', 'Silver'],
    startFen: '8/8/8/8/8/8/8/8 g 1',
    input: 'parts',
    unit: {div: 1, digits: 0, name: 'centi-rabbits', about: '100 = one rabbit'},
    graphDiv: 100,
    graphRange: 8,
    parse,
    render,
    caption,
    partMove,
    tokenCells,
    isSetup: pos => pos.setup,
    setupSquares,
    parseSetup,
    setupToken,
    defaultSetup,
    pieceSet: SET,
    record,
  };
})();
