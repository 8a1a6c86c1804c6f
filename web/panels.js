// The side panels: the search ("think") read-out, the evaluation graph and
// the move list, plus the plain-text game record of the games without a
// record format of their own. Pure functions of the state app.js passes.
'use strict';

Ludus.panels = (() => {
  const S = Ludus.svg;
  const $ = id => document.getElementById(id);

  // A UGI score (side to move's view) in the game's unit.
  function scoreText(board, kind, value, side) {
    if (kind === 'mate') return `${value > 0 ? 'win' : 'loss'} in ${Math.abs(value)} for ${side}`;
    const u = board.unit;
    const v = value / u.div;
    return `${v > 0 ? '+' : ''}${v.toFixed(u.digits)} ${u.name} for ${side}`;
  }

  // The graph's value of a score: p1's view in whole units, mates and large
  // scores clipped to the board's range. UGI scores are the side to move's.
  function p1Value(board, kind, value, p1ToMove) {
    const range = board.graphRange;
    let v = kind === 'mate' ? (value > 0 ? range : -range) : value / (board.graphDiv || board.unit.div);
    v = Math.max(-range, Math.min(range, v));
    return p1ToMove ? v : -v;
  }

  function think(board, s) {
    const info = s && s.info;
    // A book move or the only legal move comes without any search line.
    $('think-state').textContent = !s ? 'idle' : s.done ? (info ? 'done' : 'done: book or only move, no search')
      : s.purpose === 'hint' ? 'thinking (hint)' : 'thinking';
    $('think-side').textContent = s ? board.sides[s.p1ToMove ? 0 : 1] : '';
    $('think-depth').textContent = info ? `${info.depth}/${info.seldepth}` : '';
    $('think-score').textContent = info && info.kind
      ? scoreText(board, info.kind, info.value, board.sides[s.p1ToMove ? 0 : 1]) + (info.bound ? ` (${info.bound})` : '') : '';
    $('think-nodes').textContent = info ? info.nodes.toLocaleString('en') : '';
    $('think-nps').textContent = info ? info.nps.toLocaleString('en') : '';
    $('think-time').textContent = info ? `${info.time} ms` : '';
    $('think-pv').textContent = info ? info.pv.join(' ') : '';
    $('think-unit').textContent = `${board.unit.name}: ${board.unit.about}`;
  }

  // evals: {ply: p1 value}; plies: the number of moves so far.
  function graph(svg, board, evals, plies) {
    const W = 320, H = 140, L = 30, R = 8, T = 8, B = 18;
    const g = S.start(svg, W, H);
    const range = board.graphRange;
    const n = Math.max(plies, 10);
    const x = i => L + (W - L - R) * i / n;
    const y = v => T + (H - T - B) * (range - v) / (2 * range);
    S.el('rect', {x: L, y: T, width: W - L - R, height: H - T - B, class: 'graph-bg'}, g);
    S.el('line', {x1: L, y1: y(0), x2: W - R, y2: y(0), class: 'graph-zero'}, g);
    S.text(g, L - 4, y(range) + 8, `+${range}`, 'graph-label');
    S.text(g, L - 4, y(-range), `-${range}`, 'graph-label');
    S.text(g, L - 4, y(0) + 4, '0', 'graph-label');
    S.text(g, W - R, H - 4, `ply ${plies}`, 'graph-label');
    S.text(g, L + 4, T + 12, `${board.sides[0]} ahead`, 'graph-note');
    const pts = Object.keys(evals).map(Number).filter(i => i <= plies).sort((a, b) => a - b);
    if (pts.length > 1)
      S.el('polyline', {points: pts.map(i => `${x(i)},${y(evals[i])}`).join(' '), class: 'graph-line'}, g);
    for (const i of pts) {
      const c = S.el('circle', {cx: x(i), cy: y(evals[i]), r: 3, class: 'graph-dot', 'data-ply': i}, g);
      S.el('title', {}, c).textContent = `ply ${i}: ${evals[i] > 0 ? '+' : ''}${evals[i].toFixed(2)}`;
    }
  }

  function moves(list, board, history) {
    list.textContent = '';
    history.forEach((h, i) => {
      const li = document.createElement('li');
      li.dataset.ply = i + 1;
      let label = `${i + 1}.`;
      if (board.title === 'Arimaa') {
        const p = board.parse(h.fenBefore);
        label = `${p.turn}${p.side}`;
      }
      li.innerHTML = '<span class="num"></span> <span class="who"></span> <span class="tok"></span>';
      li.querySelector('.num').textContent = label;
      li.querySelector('.who').textContent = board.sides[h.p1ToMove ? 0 : 1];
      li.querySelector('.tok').textContent = h.token;
      if (i === history.length - 1) li.classList.add('last');
      list.appendChild(li);
    });
    list.scrollTop = list.scrollHeight;
  }

  // The record of the games without a format of their own: the start FEN
  // and the tokens, ready for `position fen <FEN> moves <tokens>`.
  function plainRecord(r) {
    const text = [`game ${r.game}`, `fen ${r.startFen}`, `moves ${r.history.map(h => h.token).join(' ')}`,
      `result ${r.result}`].join('\n') + '\n';
    return {name: `ludus-${r.game}.txt`, type: 'text/plain', text};
  }

  return {scoreText, p1Value, think, graph, moves, plainRecord};
})();
