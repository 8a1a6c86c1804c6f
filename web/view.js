// Drawing the page from the state app.js keeps: the board (from the FEN,
// or mid-turn from the FEN after the parts so far), the marks on its cells,
// the captions, panels and which buttons apply. Nothing here changes the
// state; the legal-move helpers are shared with app.js's click handling.
'use strict';

Ludus.view = (() => {
  const $ = id => document.getElementById(id);
  const P = Ludus.panels;
  // Who plays a side: 'human' or 'engine', from its menu.
  const player = p1 => $(p1 ? 'p1-player' : 'p2-player').value;

  // Parts mode (Othello, Arimaa, Linja): a part is a move from one cell to
  // another (an Arimaa step, a Linja sub-move) or onto one cell (Othello).
  function partMoves(st) {
    return st.legal.map(p => ({p, m: st.board.partMove(p)})).filter(x => x.m);
  }

  // Path mode (Camelot, the hunt games): the clicked squares must be a
  // prefix of a legal token's squares; a token is committed when the path
  // equals it and nothing longer extends it (else "End move here").
  function pathMatches(st, path) {
    return st.legal.map(t => ({t, sq: st.board.tokenSquares(t)}))
      .filter(x => x.sq.length >= path.length && path.every((s, i) => x.sq[i] === s));
  }

  function pathExact(st) {
    if (st.path.length < 2) return null;
    const m = pathMatches(st, st.path).find(x => x.sq.length === st.path.length);
    return m ? m.t : null;
  }

  // A move being entered square by square is shown as far as it goes: the
  // piece on the last square clicked, the pieces jumped by `x` legs gone
  // (midway between two squares named by file letter and rank number).
  function preview(pos, st) {
    const m = pathMatches(st, st.path)[0];
    if (!m) return;
    const seps = m.t.match(/[-x]/g) || [];
    const piece = pos.cells[st.path[0]];
    delete pos.cells[st.path[0]];
    for (let i = 1; i < st.path.length; i++) {
      if (seps[i - 1] !== 'x') continue;
      const a = st.path[i - 1], b = st.path[i];
      const mid = String.fromCharCode((a.charCodeAt(0) + b.charCodeAt(0)) / 2) + (Number(a.slice(1)) + Number(b.slice(1))) / 2;
      delete pos.cells[mid];
    }
    pos.cells[st.path[st.path.length - 1]] = piece;
  }

  function render(st) {
    const b = st.board;
    const svg = $('board');
    const pos = b.parse(st.shownFen || st.fen) || b.parse(b.startFen);
    if (st.setup) Object.assign(pos.cells, st.setup.cells);
    if (b.input === 'path' && st.path.length > 1) preview(pos, st);
    b.render(svg, pos);
    svg.dataset.game = st.game;
    svg.dataset.fen = st.shownFen || st.fen;

    const mark = (cells, cls) => {
      for (const c of cells) {
        const e = svg.querySelector(`[data-cell="${c}"]`);
        if (e) e.classList.add(cls);
      }
    };
    // The last move, or the parts of the turn entered so far.
    if (st.parts.length) mark(st.parts.flatMap(p => {
      const m = b.partMove(p);
      return m ? [m.from, m.to].filter(Boolean) : [];
    }), 'last');
    else if (st.history.length) mark(b.tokenCells(st.history[st.history.length - 1].token), 'last');
    if (st.hint) mark(st.hint.cells, 'hint');

    if (st.phase === 'human' && b.input === 'parts') {
      const moves = partMoves(st);
      mark(moves.filter(x => x.m.from === null).map(x => x.m.to), 'target');
      mark(moves.filter(x => x.m.from).map(x => x.m.from), 'movable');
      if (st.selected) {
        mark([st.selected], 'selected');
        mark(moves.filter(x => x.m.from === st.selected).map(x => x.m.to), 'target');
      }
    } else if (st.phase === 'human') {
      if (!st.path.length) mark(st.legal.map(t => b.tokenSquares(t)[0]), 'movable');
      else {
        mark(st.path, 'selected');
        mark(pathMatches(st, st.path).filter(x => x.sq.length > st.path.length).map(x => x.sq[st.path.length]), 'target');
      }
    } else if (st.phase === 'setup') {
      mark(b.setupSquares(pos.p1ToMove), 'movable');
      if (st.setup.selected) mark([st.setup.selected], 'selected');
    }

    $('p1-label').textContent = `${b.sides[0]} (p1)`;
    $('p2-label').textContent = `${b.sides[1]} (p2)`;
    $('board-caption').textContent = b.caption ? b.caption(pos) : '';
    $('fen-display').textContent = st.fen;
    $('turn-parts').textContent = st.parts.length ? `this turn so far: ${st.parts.join(' ')}` :
      st.path.length ? `this move so far: ${st.path.join(' ')}` : '';
    let who = `${st.board.sides[st.p1turn ? 0 : 1]} to move (${player(st.p1turn)})`;
    if (st.phase === 'over') who = 'Game over';
    if (st.phase === 'engine') who = `${st.board.sides[st.p1turn ? 0 : 1]} (engine) is thinking...`;
    $('turn').textContent = who;
    P.moves($('moves-list'), b, st.history);
    P.graph($('eval-graph'), b, st.evals, st.history.length);
    if (!st.search) P.think(b, st.lastSearch && st.lastSearch.done ? st.lastSearch : null);
    controls(st);
  }

  function controls(st) {
    const ph = st.phase;
    const idle = ['human', 'setup', 'over', 'engine', 'stalled'].includes(ph);
    $('hint').disabled = !(ph === 'human' || ph === 'setup');
    $('undo').disabled = !(idle || ph === 'hint') || (!st.history.length && !st.parts.length && !st.path.length);
    const end = $('end-turn');
    if (st.board.input === 'path') {
      end.textContent = 'End move here';
      end.disabled = !(ph === 'human' && pathExact(st) && pathMatches(st, st.path).some(x => x.sq.length > st.path.length));
    } else {
      end.textContent = 'End turn';
      end.disabled = !(ph === 'human' && st.legal.includes('end'));
    }
    $('pass').disabled = !(ph === 'human' && st.legal.includes('pass'));
    const setup = ph === 'setup';
    $('setup-controls').hidden = !setup;
    $('end-turn').hidden = !(st.game === 'arimaa' || st.board.input === 'path') || setup;
    $('pass').hidden = !(st.game === 'othello' || st.game === 'linja');
    for (const id of ['new-game', 'set-fen', 'copy-fen', 'download', 'game-select'])
      $(id).disabled = !st.connected && id !== 'copy-fen' && id !== 'download';
  }

  return {player, partMoves, pathMatches, pathExact, render, controls};
})();
