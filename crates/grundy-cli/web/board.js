// grundy's boards: a position drawn as SVG from the catalogue's board
// descriptor (the `boards` of POST /api/play), one board per component of
// a sum. Nothing here knows a game: only how heaps, piles, coins and graphs
// look.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
const COUNTERS_SHOWN = 30; // the most counters drawn in a row; the count says the rest
const QUEEN_SIDE = 20;     // the largest pile drawn as a board with the queen
const CIRCLE_COINS = 64;   // the most coins drawn as a circle
const GRAPH_VERTICES = 40; // the most vertices drawn as a graph
const GRID_CELLS = 1600;   // the most cells of a grid drawn
const UNIT = 18;           // the side of a counter's place, in pixels

function svg(tag, attributes, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// A picture of `width` x `height` pixels holding `children`, with a title
// for screen readers.
function picture(width, height, title, children) {
  const root = svg('svg', { width, height, viewBox: '0 0 ' + width + ' ' + height, role: 'img', class: 'board' });
  root.append(svg('title', {}, title), ...children);
  return root;
}

function label(x, y, text, anchor) {
  return svg('text', { x, y, 'text-anchor': anchor || 'start', 'dominant-baseline': 'middle' }, text);
}

// The components of a play state: [{game, numbers}], a sum's words split at
// each "+" and the spec after it.
function components(at) {
  const parts = [{ game: at.game, numbers: [] }];
  for (let i = 0; i < at.position.length; i++) {
    const w = at.position[i];
    if (w === '+') { parts.push({ game: at.position[i + 1], numbers: [] }); i++; } else parts[parts.length - 1].numbers.push(w);
  }
  return parts;
}

// Rows of counters: [label, count] each; a count past COUNTERS_SHOWN is cut
// and written out.
function counterRows(rows, title) {
  const labelWidth = 8 + 8 * Math.max(0, ...rows.map(([l]) => l.length));
  const children = [];
  rows.forEach(([name, n], r) => {
    const y = r * UNIT + UNIT / 2;
    children.push(label(0, y, name));
    const shown = Math.min(Number(n), COUNTERS_SHOWN);
    for (let i = 0; i < shown; i++) {
      children.push(svg('circle', { cx: labelWidth + i * UNIT + UNIT / 2, cy: y, r: UNIT / 2 - 2, class: 'counter' }));
    }
    const more = BigInt(n) > BigInt(COUNTERS_SHOWN) ? '\u2026 ' : '';
    children.push(label(labelWidth + shown * UNIT + 4, y, more + '(' + n + ')'));
  });
  const widest = Math.max(0, ...rows.map(([, n]) => Math.min(Number(n), COUNTERS_SHOWN)));
  const width = labelWidth + widest * UNIT + 12 + 8 * Math.max(0, ...rows.map(([, n]) => String(n).length + 4));
  return picture(width, Math.max(rows.length, 1) * UNIT, title, children);
}

function heaps(numbers) {
  if (numbers.length === 1 && String(numbers[0]) === '0') {
    return picture(260, UNIT, 'no heap left', [label(0, UNIT / 2, 'no heap left: the game is over')]);
  }
  return counterRows(numbers.map((n, i) => ['heap ' + (i + 1), n]), numbers.length + ' heaps');
}

// The queen at (x, y) on the board whose corner (0, 0) ends the game: x
// across, y up, as the terminal player draws it.
function queen(numbers) {
  const [x, y] = numbers.map(Number);
  if (numbers.length !== 2 || !(x <= QUEEN_SIDE && y <= QUEEN_SIDE)) {
    return counterRows(numbers.map((n, i) => ['pile ' + (i + 1), n]), 'two piles');
  }
  const children = [];
  const side = (y + 1) * UNIT;
  for (let c = 0; c <= x; c++) {
    for (let r = 0; r <= y; r++) {
      const dark = (c + r) % 2 === 0;
      children.push(svg('rect', { x: c * UNIT, y: side - (r + 1) * UNIT, width: UNIT, height: UNIT, class: dark ? 'dark' : 'light' }));
    }
  }
  children.push(label(UNIT / 2, side - UNIT / 2, '\u2605', 'middle'));
  const q = label(x * UNIT + UNIT / 2, side - y * UNIT - UNIT / 2, '\u265b', 'middle');
  q.setAttribute('class', 'queen');
  children.push(q, label(0, side + UNIT / 2 + 2,
    'queen at (' + x + ', ' + y + '): down, left or diagonally to \u2605 (0, 0)'));
  return picture(Math.max((x + 1) * UNIT, 330), side + UNIT + 4, 'the queen at (' + x + ', ' + y + ')', children);
}

function circle(numbers) {
  const n = Number(numbers[0]);
  if (!(n <= CIRCLE_COINS)) return counterRows([['coins', numbers[0]]], 'a circle of coins');
  const radius = Math.max(2 * UNIT, (n * UNIT) / (2 * Math.PI));
  const c = radius + UNIT;
  const children = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    children.push(svg('circle', { cx: c + radius * Math.cos(a), cy: c + radius * Math.sin(a), r: UNIT / 2 - 2, class: 'counter' }));
  }
  children.push(label(c, c, n + ' coins', 'middle'));
  return picture(2 * c, 2 * c, 'a circle of ' + n + ' coins', children);
}

function pileAndLimit(numbers) {
  const drawn = counterRows([['pile', numbers[0]]], 'a pile');
  drawn.setAttribute('height', 2 * UNIT);
  drawn.setAttribute('viewBox', '0 0 ' + drawn.getAttribute('width') + ' ' + 2 * UNIT);
  drawn.append(label(0, 1.5 * UNIT, 'the next move takes at most ' + numbers[1]));
  return drawn;
}

// A grid of `.` free and `#` blocked cells, the token (numbers[0], the cell
// row * width + column) marked.
function grid(text, numbers) {
  const rows = text.split('\n').filter((l) => l.length);
  const width = Math.max(1, ...rows.map((r) => r.length));
  if (rows.length * width > GRID_CELLS) return picture(300, UNIT, 'a grid', [label(0, UNIT / 2, rows.length + ' x ' + width + ' grid')]);
  const token = numbers.length ? Number(numbers[0]) : null;
  const children = [];
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    children.push(svg('rect', { x: c * UNIT, y: r * UNIT, width: UNIT, height: UNIT, class: ch === '#' ? 'blocked' : 'free' }));
    if (token === r * width + c) children.push(svg('circle', { cx: c * UNIT + UNIT / 2, cy: r * UNIT + UNIT / 2, r: UNIT / 2 - 3, class: 'token' }));
  }));
  const note = token === null ? 'place the token on a free cell' : 'the token; dark cells are blocked or visited';
  children.push(label(0, rows.length * UNIT + UNIT / 2 + 2, note));
  return picture(Math.max(width * UNIT, 300), (rows.length + 1) * UNIT + 4, 'a grid', children);
}

// A graph's vertices on a circle and its edges (arcs with an arrowhead);
// the tokens, the token or the ground (board.ground) marked.
function graph(board, text, numbers) {
  const edges = [];
  const vertices = new Set();
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const ends = line.split(/\s+/);
    ends.forEach((v) => vertices.add(v));
    if (ends.length === 2) edges.push(ends);
  }
  const ground = String(board.ground);
  if (board.tokens === 'ground') vertices.add(ground);
  const names = [...vertices].sort((a, b) => Number(a) - Number(b));
  if (names.length > GRAPH_VERTICES) {
    return picture(360, UNIT, 'a graph', [label(0, UNIT / 2, names.length + ' vertices, ' + edges.length + ' edges (too many to draw)')]);
  }
  const radius = Math.max(4 * UNIT, (names.length * 2 * UNIT) / (2 * Math.PI));
  const c = radius + UNIT;
  const at = new Map(names.map((v, i) => {
    const a = (2 * Math.PI * i) / names.length - Math.PI / 2;
    return [v, [c + radius * Math.cos(a), c + radius * Math.sin(a)]];
  }));
  const marked = new Map();
  for (const n of numbers.map(String)) marked.set(n, (marked.get(n) || 0) + 1);
  const children = [svg('defs', {}), ...edges.map(([u, v]) => edge(at.get(u), at.get(v), board.arrow === '->'))];
  children[0].append(arrowHead());
  for (const v of names) {
    const [x, y] = at.get(v);
    const isGround = board.tokens === 'ground' && v === ground;
    const kind = isGround ? 'ground' : marked.has(v) ? 'token' : 'vertex';
    children.push(isGround
      ? svg('rect', { x: x - UNIT / 2, y: y - UNIT / 2, width: UNIT, height: UNIT, class: kind })
      : svg('circle', { cx: x, cy: y, r: UNIT / 2, class: kind }));
    const count = marked.get(v) > 1 ? ' (' + marked.get(v) + ')' : '';
    children.push(label(x, y, v + count, 'middle'));
  }
  const what = { many: 'tokens shown dark', one: numbers.length ? 'the token shown dark; visited vertices are gone' : 'no token yet', ground: 'the square is the ground' }[board.tokens];
  children.push(label(0, 2 * c + UNIT / 2, what));
  return picture(Math.max(2 * c, 320), 2 * c + UNIT + 4, 'a graph', children);
}

function edge([x1, y1], [x2, y2], arc) {
  // An arc stops at the target's rim, so that its head shows.
  const d = Math.hypot(x2 - x1, y2 - y1) || 1;
  const back = arc ? UNIT / 2 + 2 : 0;
  const line = svg('line', { x1, y1, x2: x2 - ((x2 - x1) * back) / d, y2: y2 - ((y2 - y1) * back) / d, class: 'edge' });
  if (arc) line.setAttribute('marker-end', 'url(#head)');
  return line;
}

function arrowHead() {
  const marker = svg('marker', { id: 'head', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'head' }));
  return marker;
}

// One component's board.
function drawBoard(board, part, at) {
  const edges = at.graph;
  switch (board.kind) {
    case 'heaps': return heaps(part.numbers);
    case 'piles': return queen(part.numbers);
    case 'circle': return circle(part.numbers);
    case 'pile_and_limit': return pileAndLimit(part.numbers);
    case 'graph':
      if (at.grid !== undefined) return grid(at.grid, part.numbers);
      return edges === undefined ? counterRows([], 'a graph') : graph(board, edges, part.numbers);
    default: return counterRows(part.numbers.map((n, i) => [board.label + ' ' + (i + 1), n]), board.label + 's');
  }
}

// The boards of a play answer: each component under its game for a sum.
function drawBoards(answer) {
  const box = document.createElement('div');
  box.className = 'boards';
  const parts = components(answer.at);
  parts.forEach((part, i) => {
    if (parts.length > 1) box.append(Object.assign(document.createElement('div'), { textContent: 'component ' + (i + 1) + ': ' + part.game }));
    box.append(drawBoard(answer.boards[i], part, answer.at));
  });
  return box;
}
