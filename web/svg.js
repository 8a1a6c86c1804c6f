// Shared drawing helpers for the boards (web/boards/*.js) and the graph.
// Every board is rebuilt from its FEN on each change (at most 160 cells),
// so the helpers only create elements; app.js then marks cells by class.
'use strict';

window.Ludus = window.Ludus || {};
Ludus.boards = {};

Ludus.svg = (() => {
  const NS = 'http://www.w3.org/2000/svg';

  function el(tag, attrs, parent) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  function text(parent, x, y, str, cls) {
    const t = el('text', {x, y, class: cls || 'coord'}, parent);
    t.textContent = str;
    return t;
  }

  // Starts a board: clears the SVG and sets its coordinate system.
  function start(svg, w, h) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    return el('g', {}, svg);
  }

  // A clickable cell: a group named by data-cell holding its background,
  // its pieces, and two overlays app.js switches on by class (.mark for
  // selection/targets/hints, .lastmark for the last move).
  function cell(parent, name, shape, attrs, bgClass) {
    const g = el('g', {class: 'cell', 'data-cell': name}, parent);
    el(shape, {...attrs, class: 'bg ' + (bgClass || '')}, g);
    el(shape, {...attrs, class: 'lastmark'}, g);
    el(shape, {...attrs, class: 'mark'}, g);
    return g;
  }

  const square = (parent, name, x, y, size, bgClass) =>
    cell(parent, name, 'rect', {x, y, width: size, height: size}, bgClass);

  // A point of a graph board: a larger invisible hit circle keeps it easy
  // to click; the visible dot and the overlays share its centre.
  function point(parent, name, cx, cy, r, bgClass) {
    const g = cell(parent, name, 'circle', {cx, cy, r}, bgClass);
    for (const o of g.querySelectorAll('.mark, .lastmark')) o.setAttribute('r', r * 1.6);
    el('circle', {cx, cy, r: r * 1.6, class: 'hit'}, g);
    return g;
  }

  // A round piece with an optional letter, placed under the overlays so
  // that a highlighted piece stays visible.
  function disc(g, cx, cy, r, cls, label, piece) {
    const p = el('g', {class: 'piece ' + cls, 'data-piece': piece}, null);
    el('circle', {cx, cy, r}, p);
    if (label) {
      const t = el('text', {x: cx, y: cy, 'font-size': r * 1.15}, p);
      t.textContent = label;
    }
    g.insertBefore(p, g.querySelector('.lastmark'));
    return p;
  }

  // Lines between named points ({name: [x, y]}), drawn below the points.
  function lines(parent, coords, pairs, cls) {
    for (const [a, b] of pairs) {
      const [x1, y1] = coords[a], [x2, y2] = coords[b];
      el('line', {x1, y1, x2, y2, class: cls || 'edge'}, parent);
    }
  }

  return {NS, el, text, start, cell, square, point, disc, lines};
})();
