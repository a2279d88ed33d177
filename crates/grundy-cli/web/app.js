// grundy's page: a thin client of POST /api/VERB, which answers the JSON of
// `grundy VERB ... --json`. No game logic here: every answer is the server's.
'use strict';

const $ = (id) => document.getElementById(id);
let games = [];     // the registry, from /api/games
let entry = null;   // the registry entry picked
let table = null;   // the table drawn, from /api/table
let zoom = 12;      // pixels per cell of the table
let palette = null; // the pictures' colours, from /palette.json
let anchors = [];   // the colour scale's anchors as [r, g, b], read once from it
let origin = { left: 0, top: 0 };  // where the table's cell (0, 0) is drawn
let examples = [];  // the example scripts and graphs, from /examples.json
const MAX_CANVAS = 8192;

async function api(verb, body) {
  const response = await fetch('/api/' + verb, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error);
  return answer;
}

// A ticket for a request of `kind`: it is current until the next of that
// kind, so that a slow answer never overwrites a newer one.
const latest = {};
function ticket(kind) {
  const mine = (latest[kind] || 0) + 1;
  latest[kind] = mine;
  return () => latest[kind] === mine;
}

function element(tag, text, className) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
}

function showError(e) {
  $('error').textContent = e ? 'error: ' + e.message : '';
  if (e) markSource(e.message);
}

// A script's or graph file's error ("line 2, column 11: ...") shown at its
// place: the message, the line quoted and a caret under the column; the text
// there selected.
function markSource(message) {
  const at = message.match(/line (\d+)(?:, column (\d+))?/);
  const box = $('source-error');
  if (!at || !sourceKind(entry)) return;
  const lines = $('source').value.split('\n');
  const line = Number(at[1]);
  const column = at[2] ? Number(at[2]) : 1;
  if (line < 1 || line > lines.length) return;
  box.hidden = false;
  const why = message.slice(message.indexOf(at[0]) + at[0].length).replace(/^: /, '');
  box.textContent = at[0] + ': ' + why + '\n' + lines[line - 1] + '\n' + ' '.repeat(Math.max(column - 1, 0)) + '^';
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  $('source').setSelectionRange(start, Math.min(start + 1, start + lines[line - 1].length - column + 1));
}

// The spec, position and file text of a registry example such as
// "printf '0 1\n1 2\n' | grundy analyze hackenbush -".
function readExample(example) {
  let source = '';
  const piped = example.match(/^printf '(.*)' \| (.*)$/);
  if (piped) { source = piped[1].replace(/\\n/g, '\n'); example = piped[2]; }
  const words = example.split(/\s+/).slice(2);
  return { spec: words[0], position: words.slice(1).filter((w) => w !== '-').join(' '), source };
}

// What the game reads besides its position: "script", "graph" or nothing.
function sourceKind(e) {
  if (e.spec.startsWith('script:')) return 'script';
  return /file/.test(e.position) ? 'graph' : null;
}

// The request body of the form, for `verb`, with `extra` keys; a graph of
// `.` and `#` cells is a grid.
function body(extra) {
  const b = { game: $('spec').value.trim() };
  const kind = sourceKind(entry);
  const text = $('source').value;
  if (kind) b[kind === 'graph' && /^[.#\s]+$/.test(text) ? 'grid' : kind] = text;
  return Object.assign(b, extra);
}

function positionWords() { return $('position').value.trim().split(/\s+/).filter((w) => w); }

function pick(e, example) {
  entry = e;
  const ex = example || readExample(e.example);
  $('summary').textContent = e.summary + ' (position: ' + e.position + '; theory: ' + e.theory + ')';
  $('spec').value = ex.spec;
  $('position').value = ex.position;
  const kind = sourceKind(e);
  $('source-box').hidden = !kind;
  $('source-name').textContent = kind === 'script' ? 'Script' : 'Graph';
  $('source').value = ex.source;
  listExamples(kind);
  refresh();
}

// The examples of `kind` (scripts or graph files) in the box's menu.
function listExamples(kind) {
  const menu = $('source-examples');
  menu.replaceChildren(element('option', 'load an example\u2026'));
  for (const x of examples.filter((x) => x.name.endsWith(kind === 'script' ? '.rhai' : '.txt'))) {
    menu.append(element('option', x.name));
  }
}

// Loads example `name` into the box. A script's position is the one its
// header's command line analyzes (`grundy analyze script:FILE 3 5 7`), else
// one of the size its verb reads: one number for a sequence, two for a table.
function loadExample(name) {
  const x = examples.find((x) => x.name === name);
  if (!x) return;
  $('source').value = x.text;
  if (sourceKind(entry) === 'script') {
    const analyzed = x.text.match(/grundy analyze \S+((?: \d+)+)/);
    const verb = (x.text.match(/grundy (\w+) script:/) || [])[1];
    $('position').value = analyzed ? analyzed[1].trim() : ['table', 'conjecture'].includes(verb) ? '3 5' : '10';
  }
  refresh();
}

// The workbench: an edit of the script or graph refreshes every answer,
// once the typing pauses.
let editing = null;
function sourceEdited() {
  clearTimeout(editing);
  editing = setTimeout(refresh, 600);
}

// Everything the game answers, for the spec and position of the form.
function refresh() {
  showError(null);
  $('source-error').hidden = true;
  analyze();
  for (const [id, verb, load] of [['table', 'table', loadTable], ['sequence', 'sequence', loadSequence],
    ['conjectures', 'conjecture', loadConjectures]]) {
    $(id).hidden = !entry.verbs.includes(verb);
    if (!$(id).hidden) load();
  }
  resetPlay();
}

// The address the page shows (#game=...&position=...), set as it analyzes:
// Back and Forward change the address, and a change the page did not make
// brings the page to it.
let shownAddress = '';
function showAddress(params) {
  shownAddress = '#' + params.toString();
  if (location.hash !== shownAddress) location.hash = shownAddress;
}

async function analyze() {
  const words = positionWords();
  showAddress(new URLSearchParams({ game: $('spec').value, position: words.join(' ') }));
  const current = ticket('analyze');
  try {
    const a = await api('analyze', body({ position: words }));
    if (current()) showAnalysis(a);
  } catch (e) {
    if (!current()) return;
    $('analysis').hidden = true;
    showError(e);
  }
}

const OUTCOMES = { P: 'P: the player to move loses', N: 'N: the player to move wins', D: 'D: a draw' };

function showAnalysis(a) {
  $('analysis').hidden = false;
  if (table && !$('table').hidden) drawTable();
  $('outcome').textContent = OUTCOMES[a.outcome] || a.outcome;
  $('outcome').className = a.outcome;
  $('value').textContent = a.grundy === null ? '' : 'Grundy value ' + a.grundy;
  $('method').textContent = a.method;
  const moves = $('moves');
  moves.replaceChildren();
  if (a.winning_moves.length) {
    moves.append(element('p', 'Winning moves (click one to go there):'));
    for (const m of a.winning_moves) moves.append(moveButton(a, m));
  } else if (a.longest_move) {
    moves.append(element('p', 'Every move loses; the longest defence (' + a.remoteness + ' moves to the end):'));
    moves.append(moveButton(a, a.longest_move));
  }
}

// A button for move `m` of analysis `a` that analyzes the position it leads
// to; graph games' moves (an edge cut, a vertex reached) are not positions.
function moveButton(a, m) {
  const button = element('button', m.move + '  \u2192 ' + m.to.join(' '));
  button.type = 'button';
  const target = a.components ? sumAfter(a, m) : sourceKind(entry) ? null : { spec: $('spec').value, words: m.to };
  if (target) {
    button.onclick = () => {
      $('spec').value = target.spec;
      $('position').value = target.words.join(' ');
      analyze();
    };
  } else {
    button.disabled = true;
  }
  return button;
}

// The words of a sum after move `m` in one of its components.
function sumAfter(a, m) {
  const words = a.components.flatMap((c, i) => ['+', c.game, ...(i === m.component ? m.to : c.position)]);
  return { spec: words[1], words: words.slice(2) };
}

async function loadTable() {
  const current = ticket('table');
  try {
    const values = $('values').checked;
    const answer = await api('table', body({ size: Number($('size').value), values }));
    if (!current()) return;
    table = answer;
    drawTable();
  } catch (e) {
    // No stale table beside an error (a script being edited).
    if (current()) { showError(e); $('table').hidden = true; }
  }
}

// The colour of a cell, as the PNG draws it: in a table of values 0 (a
// P-position) red and the others on the scale from dark blue (1) to yellow
// (the largest); in a table of outcomes P black and N white.
function cellColour(cell, largest) {
  if (cell === 'P' || cell === 'N') return cell === 'P' ? palette.p : palette.n;
  return cell === 0 ? palette.p_value : scaleColour(cell / Math.max(largest, 1));
}

// The colour of `f` (0 to 1) on the pictures' scale, between its anchors.
function scaleColour(f) {
  const at = Math.min(Math.max(f, 0), 1) * (anchors.length - 1);
  const i = Math.min(Math.floor(at), anchors.length - 2);
  const t = at - i;
  const mix = anchors[i].map((c, k) => Math.round(c * (1 - t) + anchors[i + 1][k] * t));
  return 'rgb(' + mix.join(',') + ')';
}

// Ticks every 1, 2 or 5 times a power of ten, at most ten of them (the PNG's).
function tickStep(n) {
  for (let step = 1; ; step *= 10) {
    for (const m of [1, 2, 5]) if (n / (step * m) <= 10) return step * m;
  }
}

function tableCells() { return table.values || table.outcomes; }

const FONT = 12;        // the size of the labels, in pixels
const LEGEND = 3 * FONT; // the height of the legend under the table

// The table with its axes (x, the first pile, down; y, the second, across),
// ticks and a legend; the position analyzed framed.
function drawTable() {
  const cells = tableCells();
  const n = cells.length;
  zoom = Math.max(1, Math.min(zoom, Math.floor(MAX_CANVAS / Math.max(n, 1))));
  const canvas = $('canvas');
  const g = canvas.getContext('2d');
  g.font = FONT + 'px system-ui, sans-serif';
  const labelWidth = g.measureText(String(Math.max(n - 1, 0))).width;
  origin = { left: Math.ceil(FONT * 1.5 + labelWidth + 8), top: Math.ceil(FONT * 2.5 + 8) };
  const side = n * zoom;
  canvas.width = Math.max(origin.left + side + 8, origin.left + 260);
  canvas.height = origin.top + side + 8 + LEGEND;
  g.font = FONT + 'px system-ui, sans-serif';
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  const largest = table.values ? Math.max(0, ...cells.map((row) => Math.max(...row))) : 0;
  cells.forEach((row, x) => row.forEach((cell, y) => {
    g.fillStyle = cellColour(cell, largest);
    g.fillRect(origin.left + y * zoom, origin.top + x * zoom, zoom, zoom);
  }));
  drawAxes(g, n);
  drawLegend(g, origin.top + side + 8, largest);
  // The position analyzed, framed.
  const [x, y] = positionWords().map(Number);
  if (x < n && y < n) {
    g.strokeStyle = '#e40';
    g.lineWidth = Math.max(1, zoom / 5);
    g.strokeRect(origin.left + y * zoom, origin.top + x * zoom, zoom, zoom);
  }
}

// The frame, a tick and its label every tickStep(n) cells, and the axes' titles.
function drawAxes(g, n) {
  const side = n * zoom;
  g.strokeStyle = '#000';
  g.lineWidth = 1;
  g.strokeRect(origin.left - 0.5, origin.top - 0.5, side + 1, side + 1);
  g.fillStyle = '#000';
  for (let v = 0; v < n; v += tickStep(n)) {
    const at = v * zoom + zoom / 2;
    g.fillRect(origin.left + at, origin.top - 5, 1, 4);
    g.fillRect(origin.left - 5, origin.top + at, 4, 1);
    g.textAlign = 'center';
    g.textBaseline = 'bottom';
    g.fillText(String(v), origin.left + at, origin.top - 6);
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    g.fillText(String(v), origin.left - 7, origin.top + at);
  }
  g.textAlign = 'left';
  g.textBaseline = 'top';
  g.fillText('y (second pile) \u2192', origin.left, 2);
  g.save();
  g.translate(2, origin.top);
  g.rotate(Math.PI / 2);
  g.textBaseline = 'bottom';
  g.fillText('x (first pile) \u2192', 0, 0);
  g.restore();
}

// Under the table: the colours of P and N, or value 0 and the scale of the others.
function drawLegend(g, top, largest) {
  const swatch = (left, colour, label) => {
    g.fillStyle = colour;
    g.fillRect(left, top, FONT, FONT);
    g.strokeStyle = '#000';
    g.strokeRect(left + 0.5, top + 0.5, FONT - 1, FONT - 1);
    g.fillStyle = '#000';
    g.fillText(label, left + FONT + 4, top);
    return left + FONT + 8 + g.measureText(label).width + 12;
  };
  g.textAlign = 'left';
  g.textBaseline = 'top';
  let left = origin.left;
  if (!table.values) {
    left = swatch(left, palette.p, 'P: the player to move loses');
    swatch(left, palette.n, 'N: wins');
    return;
  }
  left = swatch(left, palette.p_value, '0 (P)');
  const width = 120;
  for (let i = 0; i < width; i++) {
    g.fillStyle = scaleColour(i / (width - 1));
    g.fillRect(left + i, top, 1, FONT);
  }
  g.fillStyle = '#000';
  g.fillText('1', left, top + FONT + 2);
  g.textAlign = 'right';
  g.fillText(String(Math.max(largest, 1)), left + width, top + FONT + 2);
}

// The position (x, y) under a mouse event on the canvas: row x, column y.
function cellAt(event) {
  const x = Math.floor((event.offsetY - origin.top) / zoom);
  const y = Math.floor((event.offsetX - origin.left) / zoom);
  const cells = tableCells();
  return x >= 0 && y >= 0 && x < cells.length && y < cells.length ? [x, y, cells[x][y]] : null;
}

function setZoom(factor) { zoom = Math.max(1, Math.round(zoom * factor) || 1); if (table) drawTable(); }

async function loadSequence() {
  const terms = $('terms');
  const current = ticket('sequence');
  try {
    const s = await api('sequence', body({ count: Number($('count').value) }));
    const p = entry.verbs.includes('period') ? await periodOf(current) : null;
    if (!current()) return;
    terms.replaceChildren();
    if (s.pairs) {
      $('period').textContent = 'The first P-positions (a, b), a <= b:';
      for (const [a, b] of s.pairs) terms.append(element('span', a + ',' + b));
      return;
    }
    // Rows of one period, the period's first term starting a row, so that
    // the period shows as columns (a long period wraps as the page does).
    const wrap = p && p.period > 1 && p.period <= WRAP_MOST;
    terms.classList.toggle('wrapped', Boolean(wrap));
    if (wrap) {
      terms.style.setProperty('--period', p.period);
      const offset = (p.period - (p.preperiod % p.period)) % p.period;
      for (let i = 0; i < offset; i++) terms.append(element('i'));
    }
    s.values.forEach((v, n) => {
      const span = element('span', String(v), p ? periodClass(p, n) : '');
      span.append(element('small', String(n)));
      span.title = 'G(' + n + ') = ' + v;
      terms.append(span);
    });
  } catch (e) {
    if (current()) { showError(e); $('sequence').hidden = true; }
  }
}

// The longest period whose terms are laid out a period a row.
const WRAP_MOST = 40;

async function periodOf(current) {
  $('period').textContent = '';
  try {
    const p = await api('period', body({}));
    if (!current()) return null;
    $('period').textContent = 'G(n + ' + p.period + ') = G(n)' + (p.saltus ? ' + ' + p.saltus : '') +
      ' for n >= ' + p.preperiod +
      (p.certified ? ', certified (' + p.method + ')' : ', not certified: checked up to ' + p.checked_to) +
      '. Preperiod in sand, each period in blue.';
    return p;
  } catch (e) {
    if (current()) $('period').textContent = 'period: ' + e.message;
    return null;
  }
}

function periodClass(p, n) {
  if (n < p.preperiod) return 'pre';
  const cycle = Math.floor((n - p.preperiod) / p.period);
  return 'cycle' + (cycle % 2) + (n === p.preperiod ? ' start' : '');
}

async function loadConjectures() {
  const list = $('conjecture-list');
  const current = ticket('conjecture');
  try {
    const r = await api('conjecture', body({}));
    if (!current()) return;
    list.replaceChildren();
    for (const c of r.conjectures) {
      const item = element('li', c.statement + ' ');
      item.append(element('span', '(' + kindInWords(c.kind) + ', ' + howChecked(c) + ')', 'checked'));
      list.append(item);
    }
    if (!r.conjectures.length) list.append(element('li', 'no pattern found'));
  } catch (e) {
    if (current()) list.replaceChildren(element('li', e.message));
  }
}

// A conjecture's kind as the command line writes it: "one P per row".
function kindInWords(kind) {
  return kind.split('_').map((w) => ({ p: 'P', beatty: 'Beatty' })[w] || w).join(' ');
}

// How far a conjecture was checked; a certified one is proved (a closed
// form checks no values).
function howChecked(c) {
  const checked = 'checked up to ' + c.verified_up_to;
  if (!c.certified) return checked;
  return c.verified_up_to ? 'certified, ' + checked : 'certified';
}

// Play against the program (POST /api/play): the page keeps the game, the
// server answers each turn. `visited` holds the positions where it was the
// user's turn (`at`) and how long the log was then (`logged`), for undo and
// restart.
let visited = [];
let log = [];

function resetPlay() {
  $('play').hidden = false;
  visited = [];
  log = [];
  $('play-body').replaceChildren();
  $('play-status').textContent = 'Press Start to play from the position above.';
}

// The request for state `s` (a position as /api/play writes it).
function playBody(s, reply) {
  const b = Object.assign({}, s, { reply, misere: $('misere').checked });
  const kind = sourceKind(entry);
  if (kind === 'script') b.script = $('source').value;
  return b;
}

async function turn(state, reply, said) {
  const current = ticket('play');
  try {
    const answer = await api('play', playBody(state, reply));
    if (!current()) return;
    if (said) log.push(said);
    if (reply) {
      log.push(answer.reply ? 'Program: ' + answer.reply.move + ' (' + answer.reply.reason + ')'
        : 'Program: no move left.');
    }
    if (!reply || answer.reply) visited.push({ at: answer.at, logged: log.length });
    showTurn(answer, reply && !answer.reply);
  } catch (e) {
    if (!current()) return;
    $('play-status').textContent = 'error: ' + e.message;
    // Misère play refused for this game: back to normal play, same request.
    if ($('misere').checked) {
      $('misere').checked = false;
      turn(state, reply, '(no misère play here: ' + e.message + ')');
    }
  }
}

function showTurn(answer, programLost) {
  const body = $('play-body');
  body.replaceChildren();
  const shown = log.slice(-8).map((line) => element('div', line));
  body.append(element('div', '', 'play-log'));
  body.lastChild.append(...shown);
  body.append(drawBoards(answer));
  const hint = answer.hint;
  // Under misère play the player left without a move has won.
  const misere = answer.play === 'misere';
  if (programLost) {
    $('play-status').textContent = misere
      ? 'The program wins (misère play): it has no move, you moved last.'
      : 'You win: the program has no move.';
    return;
  }
  if (answer.over) {
    $('play-status').textContent = misere
      ? 'You win (misère play): you have no move, the program moved last.'
      : 'The program wins: you have no move.';
    return;
  }
  const words = answer.at.position.join(' ');
  const from = words.includes('+') ? answer.at.game + ' ' + words : words;
  $('play-status').textContent = (misere ? 'Misère play. ' : '') + 'Your move' + (from ? ', from ' + from : '') + ':';
  answer.moves.forEach((m, i) => {
    const button = element('button', m.move, hint && $('hints').checked && hint.winning.includes(i) ? 'win' : '');
    button.type = 'button';
    button.onclick = () => turn(m.to, true, 'You: ' + m.move);
    body.append(button);
  });
  if (answer.move_count > answer.moves.length) {
    body.append(element('p', (answer.move_count - answer.moves.length) + ' more moves not listed'));
  }
  if ($('hints').checked) {
    const a = hint.analysis;
    body.append(element('p', 'Hint: ' + (OUTCOMES[a.outcome] || a.outcome) +
      (a.grundy === null || a.grundy === undefined ? '' : ', Grundy value ' + a.grundy) + '; ' + hint.why +
      (hint.winning.length ? '. Winning moves are marked.' : '.'), 'hint'));
  }
}

function startPlay(programFirst) {
  visited = [];
  log = [];
  const start = body({ position: positionWords() });
  delete start.script;
  turn(start, programFirst);
}

function wirePlay() {
  $('play-start').onclick = () => startPlay(false);
  $('play-program').onclick = () => {
    const now = visited.length ? visited[visited.length - 1].at : null;
    if (now) turn(now, true, 'You let the program move.'); else startPlay(true);
  };
  // Undo takes back the user's last move and the reply, from the log too.
  $('play-undo').onclick = () => {
    if (visited.length < 2) return;
    visited.pop();
    const back = visited.pop();
    log.length = back.logged;
    turn(back.at, false);
  };
  $('play-restart').onclick = () => {
    if (!visited.length) return;
    const first = visited[0];
    visited = [];
    log = [];
    turn(first.at, false);
  };
  $('hints').onchange = () => { if (visited.length) turn(visited.pop().at, false); };
  $('misere').onchange = () => {
    if (!visited.length) return;
    log.push($('misere').checked ? '(misère play: the last mover loses)' : '(normal play)');
    turn(visited.pop().at, false);
  };
}

function wire() {
  wirePlay();
  $('games').onchange = () => pick(games[$('games').selectedIndex]);
  $('source-examples').onchange = () => loadExample($('source-examples').value);
  $('source').oninput = sourceEdited;
  $('ask').onsubmit = (event) => { event.preventDefault(); refresh(); };
  $('size').onchange = loadTable;
  $('values').onchange = loadTable;
  $('count').onchange = loadSequence;
  $('zoom-in').onclick = () => setZoom(1.5);
  $('zoom-out').onclick = () => setZoom(1 / 1.5);
  const canvas = $('canvas');
  canvas.onmousemove = (event) => {
    const cell = cellAt(event);
    $('cell').textContent = cell ? '(' + cell[0] + ', ' + cell[1] + '): ' + cell[2] : '';
  };
  canvas.onclick = (event) => {
    const cell = cellAt(event);
    if (cell) { $('position').value = cell[0] + ' ' + cell[1]; analyze(); }
  };
  canvas.onwheel = (event) => { event.preventDefault(); setZoom(event.deltaY < 0 ? 1.25 : 0.8); };
  window.addEventListener('hashchange', () => { if (location.hash !== shownAddress) fromAddress(); });
}

// The game of the address (#game=SPEC&position=...), else the first.
function fromAddress() {
  const wanted = new URLSearchParams(location.hash.slice(1));
  const spec = wanted.get('game');
  if (!spec) return pick(games[0]);
  const name = spec.split(':')[0];
  const index = Math.max(0, games.findIndex((g) => readExample(g.example).spec.split(':')[0] === name ||
    g.spec.split(':')[0] === name));
  $('games').selectedIndex = index;
  const ex = readExample(games[index].example);
  pick(games[index], { spec, position: wanted.get('position') || '', source: ex.source });
  // #...&play=1 starts a game at once (&hints=1 with hints, &misere=1 in misère play).
  $('hints').checked = wanted.get('hints') === '1';
  $('misere').checked = wanted.get('misere') === '1';
  if (wanted.get('play') === '1') startPlay(false);
}

async function start() {
  wire();
  try {
    games = (await api('games', {})).games;
    palette = await (await fetch('/palette.json')).json();
    examples = (await (await fetch('/examples.json')).json()).examples;
    anchors = palette.anchors.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
  } catch (e) {
    return showError(e);
  }
  for (const g of games) $('games').append(element('option', g.spec + ': ' + g.summary));
  fromAddress();
}

start();
