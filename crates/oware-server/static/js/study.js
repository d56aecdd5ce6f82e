// The analysis board (/analysis, /analysis/{position text}?moves=…&rules=…): any position, moves played
// freely with a tree of variations, the engine's lines and the endgame tables' values, a link to share,
// a game against the computer or a friend from the position shown, and games imported from a record
// (OGN or PlayStrategy's export). Every position, legal move, reason and end comes from the server
// (`POST /api/position`); the engine runs in a game on one device the page creates when it is asked
// for (its `analysis` events), kept to the line shown by undo and moves.
/** @import * as P from "../../types/protocol" */
import { request, createGame, subscribe, startAnalysis, stopAnalysis, undoMove, playMove } from "./api.js";
import { rememberGame } from "./storage.js";
import { createAccountMenu } from "./account.js";
import { scoreText } from "./analysis.js";
import { t, lang } from "./i18n.js";

const LETTERS = "ABCDEFabcdef";
const START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";
/** The most answers kept (a line's position by its moves). */
const CACHE_MAX = 400;
/** Past this many undos and moves to reach a line, the engine's game is made anew. */
const SYNC_MAX = 24;

/** @param {string} sel */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

/** A move of the tree: its letter, its text with the capture (`F+2`), the moves after it (the first the main line). */
/** @typedef {{ letter: string, text: string, parent: Node | null, children: Node[] }} Node */

/** @type {Node} */
const root = { letter: "", text: "", parent: null, children: [] };

const st = {
  /** The start position's text. */
  start: START,
  /** The rules' text form. */
  rules: "abapa",
  /** @type {Node} */
  current: root,
  /** @type {P.PositionAnswer | null} */
  shown: null,
  /** Whether North's row is drawn at the bottom. */
  flipped: false,
  /** @type {{ S: string, N: string } | null} the players' names of an imported game */
  names: null,
  /** Bumped by each navigation: an older answer is not drawn. */
  ticket: 0,
};

/** @type {Map<string, P.PositionAnswer>} */
const cache = new Map();

/** The moves from the start to `node`, as letters. */
function pathOf(/** @type {Node} */ node) {
  let s = "";
  for (let n = node; n.parent; n = n.parent) s = n.letter + s;
  return s;
}

/** The answer for the line `moves` from the start (kept for the next time). */
async function fetchLine(/** @type {string} */ moves) {
  const key = `${st.start}|${st.rules}|${moves}`;
  const hit = cache.get(key);
  if (hit) return hit;
  /** @type {P.PositionReq} */
  const body = { position: st.start, rules: st.rules, moves };
  const a = /** @type {P.PositionAnswer} */ (await request("POST", "/api/position", { body }));
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, a);
  return a;
}

/** @param {string} text */
function say(text) { $("#status").textContent = text; }

/** A side's name: the player's of an imported game, else South or North in the page's language. */
function sideName(/** @type {P.Side} */ side) {
  if (st.names && st.names[side]) return st.names[side];
  return side === "S" ? t("study-south") : t("study-north");
}

// The twelve pits, drawn by `draw` in the rows of the side at the bottom.
/** @type {HTMLButtonElement[]} */
const pits = [];
for (let p = 0; p < 12; p++) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pit";
  b.dataset.letter = LETTERS[p];
  b.innerHTML = '<span class="letter"></span> <span class="count">0</span>'; // the space: "f 4", as its name says (WCAG 2.5.3)
  /** @type {HTMLElement} */ (b.querySelector(".letter")).textContent = LETTERS[p];
  b.addEventListener("click", () => play(LETTERS[p]));
  pits.push(b);
}

/** Draws the answer's position. */
function draw(/** @type {P.PositionAnswer} */ a) {
  const g = a.state;
  const bottomSide = st.flipped ? "N" : "S";
  const mine = bottomSide === "S" ? 0 : 6, theirs = 6 - mine;
  const bottom = $("#row-bottom"), top = $("#row-top");
  bottom.textContent = "";
  top.textContent = "";
  for (let i = 0; i < 6; i++) {
    const b = pits[mine + i];
    b.style.gridColumn = String(2 + i);
    bottom.append(b);
    const their = pits[theirs + 5 - i];
    their.style.gridColumn = String(2 + i);
    top.append(their);
  }
  const turn = g.position.turn;
  for (let p = 0; p < 12; p++) {
    const n = g.position.pits[p], b = pits[p];
    const c = /** @type {HTMLElement} */ (b.querySelector(".count"));
    c.textContent = String(n);
    c.classList.toggle("zero", n === 0);
    const side = p < 6 ? "S" : "N";
    const info = g.pits_info.find((i) => i.pit === p);
    const legal = !!info && info.legal && !g.outcome;
    b.classList.toggle("illegal", side === turn && !legal);
    b.classList.toggle("inactive", side !== turn);
    b.setAttribute("aria-label", t("study-pit", { pit: LETTERS[p], name: sideName(side), count: n }));
  }
  const topSide = bottomSide === "S" ? "N" : "S";
  const left = g.position.stores[topSide], right = g.position.stores[bottomSide];
  $("#store-left .store-count").textContent = String(left);
  $("#store-right .store-count").textContent = String(right);
  $("#store-left").setAttribute("aria-label", t("study-store", { name: sideName(topSide), count: left }));
  $("#store-right").setAttribute("aria-label", t("study-store", { name: sideName(bottomSide), count: right }));
  $("#st-top").textContent = sideName(topSide);
  $("#st-bottom").textContent = sideName(bottomSide);
  $("#st-position").textContent = a.position;
  if (g.outcome) {
    const o = g.outcome;
    say(o.winner
      ? t("study-over-win", { name: sideName(o.winner), south: o.scores.S, north: o.scores.N })
      : t("study-over-draw", { south: o.scores.S, north: o.scores.N }));
  } else {
    say(t("study-to-move", { name: sideName(turn) }));
  }
  drawTables(g);
}

/** Half seeds as seeds in the page's language: `7`, `7.5` (`7,5`). */
const halves = (/** @type {number} */ h) => (h % 2 ? (h / 2).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : String(h / 2));

/** The endgame tables' values of each legal move, when the server has them for this position. */
function drawTables(/** @type {P.StateView} */ g) {
  const list = $("#st-egdb");
  list.textContent = "";
  if (!g.egdb || g.egdb.length === 0) {
    const li = document.createElement("li");
    li.textContent = t("study-tables-none");
    list.append(li);
    return;
  }
  const total = g.position.pits.reduce((a, b) => a + b, 0);
  for (const v of g.egdb) {
    const li = document.createElement("li");
    const args = { move: v.letter, name: sideName(g.position.turn), total, seeds: halves(v.lo_halves), low: halves(v.lo_halves), high: halves(v.hi_halves) };
    li.textContent = v.lo_halves === v.hi_halves ? t("review-egdb", args) : t("review-egdb-range", args);
    list.append(li);
  }
}

/** Why pit `info` cannot be played, in the page's language. */
function why(/** @type {P.PitInfo} */ info, /** @type {P.StateView} */ g) {
  const other = g.position.turn === "S" ? "N" : "S";
  switch (info.code) {
    case "empty-pit": return t("game-why-empty-pit", { pit: info.letter });
    case "must-feed": return t("game-why-must-feed", { name: sideName(other) });
    case "grand-slam": return t("game-why-grand-slam");
    case "game-over": return t("game-why-game-over");
    default: return info.reason || "";
  }
}

/** Shows `node`'s position: asks the server (or the cache), then draws the board, the tree and the link. */
async function show(/** @type {Node} */ node) {
  const ticket = ++st.ticket;
  st.current = node;
  renderTree();
  let a;
  try {
    a = await fetchLine(pathOf(node));
  } catch (e) {
    say(/** @type {Error} */ (e).message);
    return;
  }
  if (ticket !== st.ticket) return;
  st.shown = a;
  draw(a);
  updateLink();
  engine.refresh();
}

/** Plays `letter` from the position shown: the move already in the tree, or a new one (a variation when
 * the position already has a next move). */
async function play(/** @type {string} */ letter) {
  const a = st.shown;
  if (!a) return;
  const g = a.state;
  if (g.outcome) { say(t("game-why-game-over")); return; }
  const info = g.pits_info.find((i) => i.letter === letter);
  if (!info) { say(t("study-why-other-row", { name: sideName(g.position.turn) })); return; }
  if (!info.legal) { say(why(info, g)); return; }
  const from = st.current;
  let child = from.children.find((c) => c.letter === letter);
  if (!child) {
    let next;
    try {
      next = await fetchLine(pathOf(from) + letter);
    } catch (e) {
      say(/** @type {Error} */ (e).message);
      return;
    }
    const last = next.state.moves[next.state.moves.length - 1];
    child = { letter, text: last ? last.text : letter, parent: from, children: [] };
    from.children.push(child);
  }
  await show(child);
}

/** The side that plays the move at `ply` (1 for the first). */
function moverAt(/** @type {number} */ ply) {
  const first = st.start.trim().toUpperCase().endsWith("N") ? "N" : "S";
  return (ply % 2 === 1) === (first === "S") ? "S" : "N";
}

/** The tree as the move list: the main line, each variation indented under the move it replaces. */
function renderTree() {
  const tree = $("#st-tree");
  tree.textContent = "";
  const line = document.createElement("div");
  line.className = "st-line";
  renderFrom(root, line, 0);
  tree.append(line);
  if (!root.children.length) {
    const p = document.createElement("p");
    p.className = "people-note";
    p.textContent = t("study-tree-empty");
    tree.append(p);
  }
}

/** The moves after `node` (at `ply`) into `el`: its main line, and under each move its alternatives. */
function renderFrom(/** @type {Node} */ node, /** @type {HTMLElement} */ el, /** @type {number} */ ply) {
  let n = node, p = ply, first = true;
  while (n.children.length) {
    const [main, ...alts] = n.children;
    el.append(moveButton(main, p + 1, first));
    for (const alt of alts) {
      const v = document.createElement("div");
      v.className = "st-var";
      v.append(moveButton(alt, p + 1, true));
      renderFrom(alt, v, p + 1);
      el.append(v);
    }
    first = alts.length > 0;
    n = main;
    p++;
  }
}

/** A move's button: its number (before South's moves, and before the first of a line), its text. */
function moveButton(/** @type {Node} */ node, /** @type {number} */ ply, /** @type {boolean} */ lead) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "st-move";
  const side = moverAt(ply);
  const firstSide = moverAt(1);
  const number = firstSide === "S" ? Math.ceil(ply / 2) : Math.floor(ply / 2) + 1;
  const prefix = side === "S" ? `${number}. ` : lead ? `${number}… ` : "";
  b.textContent = prefix + node.text;
  if (node === st.current) b.setAttribute("aria-current", "true");
  b.setAttribute("aria-label", t("study-move-label", { number, name: sideName(side), move: node.text }));
  b.addEventListener("click", () => show(node));
  return b;
}

/** The link of the position shown: the start, the moves to it, the rules; the address bar follows it. */
function updateLink() {
  const moves = pathOf(st.current);
  const q = new URLSearchParams();
  if (moves) q.set("moves", moves);
  if (st.rules !== "abapa") q.set("rules", st.rules);
  const query = q.toString();
  const path = `/analysis/${st.start}${query ? `?${query}` : ""}`;
  /** @type {HTMLInputElement} */ ($("#st-link")).value = location.origin + path;
  try { history.replaceState(null, "", path); } catch { /* a sandboxed page */ }
  const here = st.shown ? st.shown.position : st.start;
  const ed = new URLSearchParams({ position: here });
  if (st.rules !== "abapa") ed.set("rules", st.rules);
  /** @type {HTMLAnchorElement} */ ($("#st-editor")).href = `/editor?${ed}`;
}

/** Puts `moves` (letters) in the tree as its main line from the start and shows its end. */
async function loadLine(/** @type {string} */ moves) {
  root.children = [];
  st.current = root;
  const a = await fetchLine(moves);
  let n = root;
  a.state.moves.forEach((m) => {
    const child = { letter: m.letter, text: m.text, parent: n, children: [] };
    n.children.push(child);
    n = child;
  });
  await show(n);
}

// The engine: a game on one device holding the line shown, analysed at the ply shown.
const engine = (() => {
  const e = {
    on: false, id: "", token: "", moves: "", start: "", rules: "", seq: -1,
    /** @type {{ close(): void } | null} */ sub: null,
    /** @type {Promise<void>} */ chain: Promise.resolve(),
  };

  function idle(/** @type {string} */ text) {
    $("#st-score").textContent = "–";
    $("#st-line").textContent = text || "–";
    $("#st-depth").textContent = "–";
  }

  /** A new game on one device holding `path`, its events followed. */
  async function newGame(/** @type {string} */ path) {
    const ogn = (await fetchLine(path)).state.ogn;
    const r = await createGame(/** @type {P.CreateReq} */ ({ opponent: "friend", ogn }));
    if (e.sub) e.sub.close();
    e.id = r.id; e.token = r.token; e.moves = path; e.start = st.start; e.rules = st.rules;
    e.sub = subscribe(r.id, { analysis: onEvent });
  }

  /** The engine's game brought to hold `path` (its moves may go on past it). */
  async function reach(/** @type {string} */ path) {
    if (!e.id || e.start !== st.start || e.rules !== st.rules) return newGame(path);
    let k = 0;
    while (k < e.moves.length && k < path.length && e.moves[k] === path[k]) k++;
    if (k === path.length) return;
    const undos = e.moves.length - k;
    if (undos + path.length - k > SYNC_MAX) return newGame(path);
    for (let i = 0; i < undos; i++) await undoMove(e.id, e.token);
    e.moves = e.moves.slice(0, k);
    for (const c of path.slice(k)) {
      await playMove(e.id, e.token, c);
      e.moves += c;
    }
  }

  async function run() {
    const a = st.shown;
    if (!e.on || !a) return;
    if (a.state.outcome) { idle(t("study-engine-over")); return; }
    const path = pathOf(st.current);
    $("#st-score").textContent = "…";
    try {
      await reach(path);
      if (path !== pathOf(st.current)) return; // moved on meanwhile: the next run analyses
      const r = await startAnalysis(e.id, e.token, /** @type {P.AnalysisReq} */ ({ ply: path.length, purpose: "analysis", movetime_ms: 5000 }));
      e.seq = r.seq;
    } catch (err) {
      e.id = ""; // made anew next time
      idle(/** @type {Error} */ (err).message);
    }
  }

  /** An `analysis` event of the running analysis (older ones are dropped). */
  function onEvent(/** @type {P.AnalysisEvent} */ ev) {
    if (!e.on || ev.seq !== e.seq) return;
    $("#st-score").textContent = scoreText(ev.score_text);
    const line = ev.pv.length ? ev.pv.join(" ") : (ev.best || "–");
    $("#st-line").textContent = t("study-engine-pv", { line, name: sideName(ev.side) });
    $("#st-depth").textContent = ev.done ? t("study-engine-depth-done", { depth: ev.depth }) : String(ev.depth);
  }

  function refresh() {
    if (e.on) e.chain = e.chain.then(run);
    else idle("");
  }

  function toggle() {
    e.on = !e.on;
    const b = $("#st-engine");
    b.setAttribute("aria-pressed", String(e.on));
    b.textContent = e.on ? t("study-engine-stop") : t("study-engine-start");
    if (e.on) refresh();
    else {
      if (e.id) stopAnalysis(e.id, e.token).catch(() => {});
      idle("");
    }
  }

  return { refresh, toggle };
})();

/** A game against the computer (`level`) or a friend from the position shown, opened on the home page. */
async function continueGame(/** @type {string} */ opponent) {
  const a = st.shown;
  if (!a) return;
  try {
    const r = await createGame(/** @type {P.CreateReq} */ ({ opponent, ogn: a.state.ogn }));
    rememberGame(r.id, r.token);
    location.assign("/");
  } catch (e) {
    say(/** @type {Error} */ (e).message);
  }
}

/** Reads the record pasted in the import box (OGN or PlayStrategy's): its start, rules, players and moves. */
async function importRecord() {
  const text = /** @type {HTMLTextAreaElement} */ ($("#st-record")).value;
  const err = $("#st-error");
  err.textContent = "";
  try {
    /** @type {P.PositionReq} */
    const body = { record: text };
    const a = /** @type {P.PositionAnswer} */ (await request("POST", "/api/position", { body }));
    st.start = a.start;
    st.rules = a.rules;
    st.names = { S: a.state.names.S, N: a.state.names.N };
    cache.clear();
    await loadLine(a.moves);
    say(t("study-imported", { plies: a.state.ply, format: a.format || "ogn" }));
  } catch (e) {
    err.textContent = /** @type {Error} */ (e).message;
  }
}

/** Deletes the move shown and what follows it, and shows the position before it. */
function deleteMove() {
  const n = st.current, parent = n.parent;
  if (!parent) return;
  parent.children = parent.children.filter((c) => c !== n);
  show(parent);
}

/** The end of the main line from `node`. */
function lineEnd(/** @type {Node} */ node) {
  let n = node;
  while (n.children.length) n = n.children[0];
  return n;
}

async function init() {
  createAccountMenu();
  const m = /^\/analysis\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  const q = new URLSearchParams(location.search);
  if (m) st.start = m[1];
  const rules = q.get("rules");
  if (rules) st.rules = rules;
  $("#st-first").addEventListener("click", () => show(root));
  $("#st-back").addEventListener("click", () => { if (st.current.parent) show(st.current.parent); });
  $("#st-forward").addEventListener("click", () => { if (st.current.children.length) show(st.current.children[0]); });
  $("#st-last").addEventListener("click", () => show(lineEnd(st.current)));
  $("#st-flip").addEventListener("click", () => { st.flipped = !st.flipped; if (st.shown) draw(st.shown); });
  $("#st-delete").addEventListener("click", deleteMove);
  $("#st-engine").addEventListener("click", () => engine.toggle());
  $("#st-copy").addEventListener("click", async () => {
    const input = /** @type {HTMLInputElement} */ ($("#st-link"));
    try { await navigator.clipboard.writeText(input.value); say(t("study-copied")); } catch { input.select(); }
  });
  $("#st-computer").addEventListener("click", () => continueGame(/** @type {HTMLSelectElement} */ ($("#st-level")).value));
  $("#st-friend").addEventListener("click", () => continueGame("friend"));
  $("#st-import-go").addEventListener("click", importRecord);
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = /** @type {HTMLElement} */ (e.target);
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    const turn = st.shown ? st.shown.state.position.turn : "S";
    if (e.key >= "1" && e.key <= "6") { e.preventDefault(); play((turn === "S" ? "ABCDEF" : "abcdef")[Number(e.key) - 1]); }
    else if (e.key === "ArrowLeft") { e.preventDefault(); $("#st-back").click(); }
    else if (e.key === "ArrowRight") { e.preventDefault(); $("#st-forward").click(); }
    else if (e.key === "Home") { e.preventDefault(); $("#st-first").click(); }
    else if (e.key === "End") { e.preventDefault(); $("#st-last").click(); }
    else if (e.key === "f") $("#st-flip").click();
  });
  try {
    await loadLine(q.get("moves") || "");
  } catch (e) {
    // A link with a position or moves the server refuses: say why, and show the start instead.
    const why = /** @type {Error} */ (e).message;
    st.start = START;
    st.rules = "abapa";
    await loadLine("");
    say(t("study-bad-link", { why }));
  }
}

init();
