// The board page's controller. The page keeps the game record itself (a
// start FEN and the list of whole-turn tokens) and resends the position
// after every change, so the engine behind the WebSocket never holds
// anything the page does not know; undo is the record less its last
// tokens. A turn is entered part by part, each part checked by the engine
// with `query parts`, and committed as its whole-turn token.
'use strict';

(() => {
  const $ = id => document.getElementById(id);
  const P = Ludus.panels;
  const V = Ludus.view;

  const st = {
    game: 'othello',
    board: Ludus.boards.othello,
    startFen: null,        // null: the game's start position (`position startpos`)
    history: [],           // {token, fenBefore, p1ToMove}
    fen: Ludus.boards.othello.startFen,
    result: 'none',
    p1turn: true,
    phase: 'connecting',   // connecting|busy|human|setup|engine|hint|over|stalled|offline
    legal: [],             // parts mode: the legal next parts; path mode: whole tokens
    partNames: [],         // path mode: what `query parts` lists
    parts: [],             // the parts of the turn entered so far
    shownFen: null,        // the board mid-turn (after st.parts), else null
    selected: null,        // parts mode: the square whose parts are shown
    path: [],              // path mode: the squares clicked so far
    setup: null,           // Arimaa setup: {cells, candidates, selected}
    hint: null,            // {token, cells}
    evals: {},             // ply -> score in p1's view (graph units)
    search: null,          // the running search
    lastSearch: null,
    status: '',
    statusKind: '',
    gen: 0,                // bumped by every change; stale async results compare it
    lastDownload: null,
    connected: false,
    newGames: 0,           // games started with New game or the game menu
  };

  const link = new Ludus.Link(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`, {
    search: onSearchLine,
    stray: onStrayLine,
    open: () => act(onOpen),
    closed: onClosed,
  });

  // Every change runs through one chain, so two clicks never interleave
  // their requests; a failure ends up in the status line.
  let chain = Promise.resolve();
  function act(fn) {
    chain = chain.then(fn).catch(err => {
      setStatus(String(err && err.message ? err.message : err), 'error');
      if (st.connected && ['busy'].includes(st.phase)) setPhase('human');
    });
    return chain;
  }

  // ---- status, phase ------------------------------------------------------

  function setStatus(text, kind) {
    st.status = text;
    st.statusKind = kind || 'info';
    const el = $('status');
    el.textContent = text;
    el.className = st.statusKind;
  }

  function setPhase(p) {
    st.phase = p;
    document.body.dataset.phase = p;
    V.controls(st);
  }

  const render = () => V.render(st);

  const player = side => V.player(side === 'p1');
  const sideName = p1 => st.board.sides[p1 ? 0 : 1];
  const level = () => Math.max(1, Math.min(20, Math.round(Number($('level').value) || 20)));
  const movetime = () => Math.max(10, Math.min(600000, Math.round(Number($('movetime').value) || 1000)));

  // ---- talking to the engine ----------------------------------------------

  // A batch and its replies; every error line is shown in the status line.
  async function ask(lines) {
    const out = await link.request(lines);
    const errors = out.filter(l => l.startsWith('info string error:'));
    if (errors.length) setStatus(errors[errors.length - 1].slice('info string '.length), 'error');
    const responses = out.filter(l => l === 'response' || l.startsWith('response ')).map(l => l.slice(9));
    return {lines: out, errors, responses};
  }

  function expect(r, n, what) {
    if (r.responses.length !== n)
      throw new Error(`unexpected reply to ${what}: ${r.lines.slice(0, 3).join(' | ') || '(nothing)'}`);
  }

  function positionCmd(startFen, history) {
    const base = startFen ? `position fen ${startFen}` : 'position startpos';
    return history.length ? `${base} moves ${history.map(h => h.token).join(' ')}` : base;
  }

  // `response parts fen <FEN> next <part>...` or `... turn <token>`.
  function parseParts(resp) {
    const w = resp.split(' ');
    if (w[0] !== 'parts' || w[1] !== 'fen') return null;
    const i = w.findIndex((x, k) => k > 2 && (x === 'next' || x === 'turn'));
    if (i < 0) return null;
    return {fen: w.slice(2, i).join(' '), kind: w[i], items: w.slice(i + 1)};
  }

  // Puts the engine on a record; changes the page's record only when the
  // engine took it (an error changes nothing on either side).
  async function load(startFen, history) {
    const r = await ask([positionCmd(startFen, history), 'query fen', 'query result', 'query p1turn']);
    if (r.errors.length) return false;
    expect(r, 3, 'position/query');
    const [fen, result, p1turn] = r.responses;
    if (!['p1win', 'p2win', 'draw', 'none'].includes(result) || !['true', 'false'].includes(p1turn) || !st.board.parse(fen))
      throw new Error(`unexpected reply to query: ${r.responses.join(' | ')}`);
    st.startFen = startFen;
    st.history = history;
    st.fen = fen;
    st.result = result;
    st.p1turn = p1turn === 'true';
    for (const k of Object.keys(st.evals)) if (Number(k) > history.length) delete st.evals[k];
    return true;
  }

  // ---- the flow of a game -------------------------------------------------

  function clearInput() {
    st.parts = [];
    st.shownFen = null;
    st.selected = null;
    st.path = [];
    st.legal = [];
    st.partNames = [];
    st.setup = null;
    st.hint = null;
  }

  // Starts the turn of the side to move: the engine searches, or the
  // legal parts are fetched for a person.
  async function turn() {
    const my = ++st.gen;
    clearInput();
    setPhase('busy');
    render();
    if (st.result !== 'none') {
      const text = {p1win: `${sideName(true)} wins`, p2win: `${sideName(false)} wins`, draw: 'a draw'}[st.result];
      setPhase('over');
      setStatus(`Game over: ${text}.`, 'info');
      return;
    }
    const side = st.p1turn ? 'p1' : 'p2';
    if (player(side) === 'engine') return engineTurn(my);
    setPhase('busy');
    const pos = st.board.parse(st.fen);
    if (st.board.isSetup && st.board.isSetup(pos)) {
      const r = await ask(['query moves']);
      if (my !== st.gen) return;
      expect(r, 1, 'query moves');
      const candidates = r.responses[0].split(' ').filter(Boolean);
      st.setup = {candidates, selected: null,
        cells: candidates.length ? st.board.parseSetup(candidates[0]) : st.board.defaultSetup(pos.p1ToMove)};
      fillCandidates(candidates);
      setPhase('setup');
    } else if (st.board.input === 'parts') {
      if (!(await queryParts([], my))) {
        // Refused (the error is in the status line): wait for New game or Undo.
        if (my === st.gen) setPhase('stalled');
        return;
      }
      setPhase('human');
    } else {
      const r = await ask(['query moves', 'query parts']);
      if (my !== st.gen) return;
      expect(r, 2, 'query moves/parts');
      st.legal = r.responses[0].split(' ').filter(Boolean);
      const p = parseParts(r.responses[1]);
      st.partNames = p ? p.items : [];
      setPhase('human');
    }
    render();
  }

  // Sets st.legal from `query parts <parts>`; commits when they make a turn.
  async function queryParts(parts, my) {
    const r = await ask([`query parts ${parts.join(' ')}`.trim()]);
    if (my !== st.gen) return false;
    if (r.errors.length) return false;
    expect(r, 1, 'query parts');
    const p = parseParts(r.responses[0]);
    if (!p) throw new Error(`unexpected reply to query parts: ${r.responses[0]}`);
    if (p.kind === 'turn') {
      await commit(p.items[0]);
      return false;
    }
    st.parts = parts;
    st.legal = p.items;
    st.shownFen = parts.length ? p.fen : null;
    st.selected = null;
    return true;
  }

  async function playPart(part) {
    const my = st.gen;
    setPhase('busy');
    const ok = await queryParts([...st.parts, part], my);
    if (my !== st.gen) return;
    setPhase('human');
    if (ok) setStatus(`${sideName(st.p1turn)}: ${st.parts.join(' ')}`, 'info');
    render();
  }

  async function commit(token) {
    const entry = {token, fenBefore: st.fen, p1ToMove: st.p1turn};
    const who = `${sideName(st.p1turn)} (${player(st.p1turn ? 'p1' : 'p2')})`;
    if (await load(st.startFen, [...st.history, entry])) setStatus(`${who} played ${token}`, 'info');
    await turn();
  }

  function engineTurn(my) {
    setPhase('engine');
    link.send(`setoption name Level value ${level()}`);
    const s = startSearch('move');
    s.finished.then(best => act(async () => {
      if (my !== st.gen) return;
      if (!best) return setPhase('stalled');  // New game, Undo or a player menu goes on
      if (best === 'none') {
        await load(st.startFen, st.history);
        return turn();
      }
      await commit(best);
    }));
  }

  function startSearch(purpose) {
    const s = {purpose, p1ToMove: st.p1turn, ply: st.history.length, info: null, done: false};
    s.finished = new Promise(res => { s.resolve = res; });
    st.search = s;
    st.lastSearch = s;
    const ms = movetime();
    link.send(`go movetime ${ms}`);
    P.think(st.board, s);
    // A `go` the engine refused has no bestmove: rather than wait forever,
    // ask it to stop, then give the search up.
    setTimeout(() => {
      if (st.search !== s) return;
      link.send('stop');
      setTimeout(() => {
        if (st.search !== s) return;
        st.search = null;
        s.done = true;
        setStatus('error: the engine did not answer go with a bestmove', 'error');
        s.resolve(null);
      }, 3000);
    }, ms + 10000);
    return s;
  }

  async function cancelSearch() {
    const s = st.search;
    if (!s) return;
    link.send('stop');
    await s.finished;
  }

  function onSearchLine(l) {
    const s = st.search;
    if (l.startsWith('bestmove')) {
      if (!s) return;
      st.search = null;
      s.done = true;
      P.think(st.board, s);
      s.resolve(l.split(' ')[1] || null);
      return;
    }
    const info = Ludus.parseInfo(l);
    if (!info) return setStatus(`unexpected line from the engine: ${l.slice(0, 200)}`, 'error');
    if (!s) return;
    s.info = info;
    if (info.kind) {
      st.evals[s.ply] = P.p1Value(st.board, info.kind, info.value, s.p1ToMove);
      P.graph($('eval-graph'), st.board, st.evals, st.history.length);
    }
    P.think(st.board, s);
  }

  function onStrayLine(l) {
    if (l.startsWith('info string error:')) setStatus(l.slice('info string '.length), 'error');
    else if (l.startsWith('info string ')) setStatus(l.slice('info string '.length), 'info');
    else if (l !== 'readyok') setStatus(`unexpected line from the engine: ${l.slice(0, 200)}`, 'error');
  }

  // A new connection (also after a lost one): its engine knows nothing yet.
  async function onOpen() {
    st.connected = true;
    const r = await ask(['ugi']);
    if (!r.lines.includes('ugiok')) throw new Error('the server did not answer ugi with ugiok');
    const n = await ask([`newgame ${st.game}`]);
    if (n.errors.length) return;
    if (!(await load(st.startFen, st.history))) await load(null, []);
    setStatus('Connected.', 'info');
    await turn();
  }

  function onClosed(wasOpen) {
    st.connected = false;
    st.gen++;
    if (st.search) {
      const s = st.search;
      st.search = null;
      s.resolve(null);
    }
    setPhase('offline');
    // A refused connection is most often a server with every game taken
    // (ludus serve --max-games) or one that has stopped.
    setStatus(wasOpen ? 'The connection to the server closed; reconnecting (the game is restored)...'
      : 'Cannot connect to the server (stopped, or every game taken: ludus serve --max-games); retrying...', 'error');
    setTimeout(() => link.connect(), 2000);
  }

  // ---- the controls -------------------------------------------------------

  async function newGame() {
    st.gen++;
    await cancelSearch();
    clearInput();
    setPhase('busy');
    const game = $('game-select').value;
    const r = await ask([`newgame ${game}`]);
    if (r.errors.length) return;
    st.game = game;
    st.board = Ludus.boards[game];
    st.evals = {};
    document.body.dataset.game = game;
    if (await load(null, [])) setStatus(`New game of ${st.board.title}.`, 'info');
    st.newGames++;
    await turn();
  }

  async function undo() {
    st.gen++;
    await cancelSearch();
    if (st.parts.length && st.phase !== 'over') {
      // Take back the last part of the turn being entered.
      const my = ++st.gen;
      setPhase('busy');
      if (await queryParts(st.parts.slice(0, -1), my)) setPhase('human');
      return render();
    }
    if (st.path.length > 0 && st.phase === 'human') {
      st.path = [];
      return render();
    }
    if (!st.history.length) {
      setStatus('Nothing to undo.', 'info');
      return turn();
    }
    // Against the engine, back to the person's last turn: drop moves up
    // to and including the last one a person made.
    const h = [...st.history];
    const people = ['p1', 'p2'].filter(s => player(s) === 'human');
    if (!people.length) h.pop();
    else while (h.length) if (player(h.pop().p1ToMove ? 'p1' : 'p2') === 'human') break;
    const n = st.history.length - h.length;
    if (await load(st.startFen, h)) setStatus(`Took back ${n} move${n === 1 ? '' : 's'}.`, 'info');
    await turn();
  }

  async function setFen() {
    const text = $('fen-input').value.replace(/[\r\n]+/g, ' ').trim();
    if (!text) return setStatus('Type a FEN in the box first.', 'error');
    st.gen++;
    await cancelSearch();
    const r = await ask([`position fen ${text}`, 'query fen']);
    if (r.errors.length) return turn();  // the engine kept the old position
    expect(r, 1, 'query fen');
    st.evals = {};
    if (await load(r.responses[0], [])) setStatus(`Position set: ${r.responses[0]}`, 'info');
    await turn();
  }

  async function copyFen() {
    const fen = st.shownFen || st.fen;
    $('fen-input').value = fen;
    try {
      await navigator.clipboard.writeText(fen);
      setStatus('FEN copied to the clipboard.', 'info');
    } catch (e) {
      // No clipboard (a plain-http host other than 127.0.0.1): leave the
      // FEN selected in the box for Ctrl+C.
      $('fen-input').select();
      setStatus('FEN placed in the box (the clipboard is not available here).', 'info');
    }
  }

  function record() {
    const b = st.board;
    const names = [1, 2].map(i => ($(`p${i}-player`).value === 'engine' ? `Ludus level ${level()}` : 'Human'));
    const r = {game: st.game, startFen: st.startFen || b.startFen, fromStart: !st.startFen, history: st.history,
      finalFen: st.fen, result: st.result, names};
    return (b.record || P.plainRecord)(r);
  }

  function download() {
    const rec = record();
    st.lastDownload = rec;
    const url = URL.createObjectURL(new Blob([rec.text], {type: rec.type}));
    const a = document.createElement('a');
    a.href = url;
    a.download = rec.name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
    setStatus(`Saved ${rec.name}.`, 'info');
  }

  function hint() {
    if (st.phase !== 'human' && st.phase !== 'setup') return;
    if (st.parts.length || st.path.length) return setStatus('A hint is for a whole turn: undo the parts entered first.', 'error');
    const my = st.gen;
    const wasSetup = st.phase === 'setup';
    setPhase('hint');
    link.send(`setoption name Level value ${level()}`);
    const s = startSearch('hint');
    s.finished.then(best => act(async () => {
      if (my !== st.gen) return;
      setPhase(wasSetup ? 'setup' : 'human');
      if (!best || best === 'none') return;
      if (wasSetup) st.setup.cells = st.board.parseSetup(best);
      st.hint = {token: best, cells: st.board.tokenCells(best)};
      setStatus(`Hint: ${best}`, 'info');
      render();
    }));
  }

  async function endTurn() {
    if (st.phase !== 'human') return;
    if (st.board.input === 'parts') {
      if (st.legal.includes('end')) await playPart('end');
    } else {
      const exact = V.pathExact(st);
      if (exact) await finishPath(exact);
    }
  }

  async function commitSetup() {
    if (st.phase !== 'setup') return;
    setPhase('busy');
    await commit(st.board.setupToken(st.setup.cells));
  }

  async function cancelInput() {
    if (st.phase !== 'human' && st.phase !== 'setup') return;
    st.selected = null;
    st.path = [];
    if (st.setup) st.setup.selected = null;
    if (st.parts.length) {
      const my = ++st.gen;
      setPhase('busy');
      if (await queryParts([], my)) setPhase('human');
    }
    render();
  }

  function fillCandidates(c) {
    const sel = $('setup-choice');
    sel.textContent = '';
    c.forEach((tok, i) => {
      const o = document.createElement('option');
      o.value = tok;
      o.textContent = `Engine setup ${i + 1}`;
      sel.appendChild(o);
    });
  }

  // ---- board input --------------------------------------------------------

  async function partsClick(cell) {
    const moves = V.partMoves(st);
    const direct = moves.find(x => x.m.from === null && x.m.to === cell);
    if (direct) return playPart(direct.p);
    if (st.selected) {
      const hit = moves.find(x => x.m.from === st.selected && x.m.to === cell);
      if (hit) return playPart(hit.p);
    }
    st.selected = st.selected !== cell && moves.some(x => x.m.from === cell) ? cell : null;
    render();
  }

  async function pathClick(cell) {
    if (st.path.length) {
      const ext = [...st.path, cell];
      const m = V.pathMatches(st, ext);
      if (m.length) {
        st.path = ext;
        const exact = m.find(x => x.sq.length === ext.length);
        if (exact && !m.some(x => x.sq.length > ext.length)) return finishPath(exact.t);
        return render();
      }
      if (st.path.length === 1 && cell === st.path[0]) {
        st.path = [];
        return render();
      }
    }
    if (V.pathMatches(st, [cell]).length) st.path = [cell];
    else if (st.path.length <= 1) st.path = [];
    else setStatus(`${cell} does not continue the move ${st.path.join(' ')} (Esc cancels it).`, 'error');
    render();
  }

  async function finishPath(token) {
    const my = st.gen;
    setPhase('busy');
    if (st.partNames.includes(token)) {
      // The engine's word on the whole move before it is committed.
      const r = await ask([`query parts ${token}`]);
      if (my !== st.gen) return;
      const p = r.errors.length ? null : parseParts(r.responses[0] || '');
      if (!p || p.kind !== 'turn') {
        st.path = [];
        setPhase('human');
        return render();
      }
      token = p.items[0];
    }
    await commit(token);
  }

  function setupClick(cell) {
    const s = st.setup;
    const squares = st.board.setupSquares(st.board.parse(st.fen).p1ToMove);
    if (!squares.includes(cell)) return;
    if (s.selected && s.selected !== cell) swap(s.selected, cell);
    else s.selected = s.selected === cell ? null : cell;
    render();
  }

  function swap(a, b) {
    const c = st.setup.cells;
    [c[a], c[b]] = [c[b], c[a]];
    st.setup.selected = null;
    st.hint = null;
    render();
  }

  // ---- wiring -------------------------------------------------------------

  function cellOf(target) {
    const c = target && target.closest ? target.closest('[data-cell]') : null;
    return c ? c.dataset.cell : null;
  }

  function wire() {
    const svg = $('board');
    let dragFrom = null;
    svg.addEventListener('click', e => {
      // Enter is End turn: not a press of the button clicked last.
      const f = document.activeElement;
      if (f && (f.tagName === 'BUTTON' || f.tagName === 'SELECT')) f.blur();
      const cell = cellOf(e.target);
      if (!cell) return;
      act(async () => {
        if (st.phase === 'setup') return setupClick(cell);
        if (st.phase !== 'human') return;
        return st.board.input === 'parts' ? partsClick(cell) : pathClick(cell);
      });
    });
    // Arimaa setup: drag a piece onto another square to swap the two.
    svg.addEventListener('pointerdown', e => {
      dragFrom = st.phase === 'setup' ? cellOf(e.target) : null;
    });
    svg.addEventListener('pointerup', e => {
      const from = dragFrom;
      dragFrom = null;
      if (!from || st.phase !== 'setup') return;
      const to = cellOf(document.elementFromPoint(e.clientX, e.clientY));
      const squares = st.board.setupSquares(st.board.parse(st.fen).p1ToMove);
      if (to && to !== from && squares.includes(from) && squares.includes(to)) act(() => swap(from, to));
    });

    $('game-select').addEventListener('change', () => act(newGame));
    $('new-game').addEventListener('click', () => act(newGame));
    $('undo').addEventListener('click', () => act(undo));
    $('set-fen').addEventListener('click', () => act(setFen));
    $('fen-input').addEventListener('keydown', e => { if (e.key === 'Enter') act(setFen); });
    $('copy-fen').addEventListener('click', () => act(copyFen));
    $('download').addEventListener('click', () => act(download));
    $('hint').addEventListener('click', () => act(hint));
    $('end-turn').addEventListener('click', () => act(endTurn));
    $('pass').addEventListener('click', () => act(() => (st.phase === 'human' && st.legal.includes('pass') ? playPart('pass') : null)));
    $('setup-done').addEventListener('click', () => act(commitSetup));
    $('setup-choice').addEventListener('change', () => act(() => {
      if (!st.setup) return;
      st.setup.cells = st.board.parseSetup($('setup-choice').value);
      render();
    }));
    for (const id of ['p1-player', 'p2-player'])
      $(id).addEventListener('change', () => act(async () => {
        if (!st.connected) return;
        st.gen++;
        setPhase('busy');
        await cancelSearch();
        await turn();
      }));
    document.addEventListener('keydown', e => {
      if (['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(document.activeElement && document.activeElement.tagName)) return;
      if (e.key === 'Escape') act(cancelInput);
      else if (e.key === 'Enter' && !$('end-turn').disabled && !$('end-turn').hidden) act(endTurn);
    });
  }

  // Read-only state for tests and the console, plus two hooks that talk to
  // the engine through the page's own socket (tests send malformed lines).
  window.ludus = Object.freeze({
    get game() { return st.game; },
    get fen() { return st.fen; },
    get shownFen() { return st.shownFen || st.fen; },
    get startFen() { return st.startFen || st.board.startFen; },
    get moves() { return st.history.map(h => h.token); },
    get result() { return st.result; },
    get p1turn() { return st.p1turn; },
    get phase() { return st.phase; },
    get legal() { return [...st.legal]; },
    get parts() { return [...st.parts]; },
    get path() { return [...st.path]; },
    get setup() { return st.setup ? {...st.setup.cells} : null; },
    get hint() { return st.hint ? st.hint.token : null; },
    get evals() { return {...st.evals}; },
    get think() { return st.lastSearch && st.lastSearch.info ? {...st.lastSearch.info} : null; },
    get status() { return st.status; },
    get statusKind() { return st.statusKind; },
    get lastDownload() { return st.lastDownload ? {...st.lastDownload} : null; },
    get connected() { return st.connected; },
    get newGames() { return st.newGames; },
    record: () => record().text,
    request: lines => link.request(lines),
    rawSend: text => link.send(text),
    transcript: () => [...link.log],
  });

  wire();
  document.body.dataset.game = st.game;
  setPhase('connecting');
  render();
  if (location.protocol === 'file:') setStatus('Opened as a file: start `ludus serve` and open http://127.0.0.1:8080/ to play.', 'error');
  else link.connect();
})();
