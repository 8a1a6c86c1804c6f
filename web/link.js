// The WebSocket to `ludus serve` (/ws): every message is one UGI line, each
// way. A batch of commands is followed by `isready`: the engine answers in
// order, so every line up to its `readyok` belongs to the batch, errors
// included (an error line replaces a `response`, it does not add to it).
// A search's lines (`info depth ...`, `bestmove`) come whenever they come
// and go to their own handler.
'use strict';

Ludus.Link = class {
  constructor(url, handlers) {
    this.url = url;
    this.h = handlers;       // {search(line), stray(line), open(), closed(wasOpen)}
    this.waiting = [];       // batches sent, oldest first, awaiting readyok
    this.log = [];           // the last lines both ways, for tests and bug reports
    this.ws = null;
  }

  connect() {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.h.open();
    };
    ws.onmessage = e => {
      if (typeof e.data !== 'string') return this.h.stray('info string error: the server sent a binary message');
      for (const line of e.data.split('\n')) {
        const l = line.replace(/\r$/, '');
        if (l) this.receive(l);
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      const w = this.waiting;
      this.waiting = [];
      for (const b of w) b.reject(new Error('the connection to the server closed'));
      this.h.closed(opened);
    };
  }

  get open() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  note(dir, line) {
    this.log.push(dir + ' ' + (line.length > 300 ? line.slice(0, 300) + `...(${line.length} chars)` : line));
    if (this.log.length > 400) this.log.splice(0, this.log.length - 400);
  }

  send(line) {
    if (!this.open) throw new Error('not connected to the server');
    this.note('>', line);
    this.ws.send(line);
  }

  // Sends `lines` then isready; resolves with every line before readyok.
  request(lines) {
    return new Promise((resolve, reject) => {
      try {
        for (const l of lines) this.send(l);
        this.send('isready');
      } catch (err) {
        reject(err);
        return;
      }
      this.waiting.push({resolve, reject, lines: []});
    });
  }

  receive(l) {
    this.note('<', l);
    if (l.startsWith('bestmove') || (l.startsWith('info ') && !l.startsWith('info string'))) return this.h.search(l);
    const head = this.waiting[0];
    if (l === 'readyok') {
      if (!head) return this.h.stray(l);
      this.waiting.shift();
      head.resolve(head.lines);
      return;
    }
    if (head) head.lines.push(l);
    else this.h.stray(l);
  }
};

// `info depth D seldepth S [score cp X|mate N [lowerbound|upperbound]] nodes N
// nps N time T hashfull H [pv ...]` (docs/PROTOCOL.md section 1) as an
// object, or null for any other line.
Ludus.parseInfo = line => {
  const m = /^info depth (\d+) seldepth (\d+)(?: score (cp|mate) (-?\d+)(?: (lowerbound|upperbound))?)? nodes (\d+) nps (\d+) time (\d+)(?: hashfull (\d+))?(?: pv (.+))?$/.exec(line);
  if (!m) return null;
  return {
    depth: +m[1], seldepth: +m[2], kind: m[3] || null, value: m[4] === undefined ? null : +m[4],
    bound: m[5] || '', nodes: +m[6], nps: +m[7], time: +m[8], pv: m[10] ? m[10].split(' ') : [],
  };
};
