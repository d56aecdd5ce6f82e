// Oware page. The server (and so the rules core) decides everything: legal moves, reasons,
// what a move sows and captures, the end of the game. This file only draws and animates it.
"use strict";

const $ = (sel) => document.querySelector(sel);
const LETTERS = "ABCDEFabcdef";
const STORE_KEY = "oware.game";
const SETTINGS_KEY = "oware.settings";

const ui = {
  status: $("#status"),
  message: $("#message"),
  live: $("#live"),
  board: $("#board"),
  rowTop: $("#row-top"),
  rowBottom: $("#row-bottom"),
  storeLeft: $("#store-left"),
  storeRight: $("#store-right"),
  fly: $("#fly-layer"),
  nameTop: $("#name-top"),
  nameBottom: $("#name-bottom"),
  scoreTop: $("#score-top"),
  scoreBottom: $("#score-bottom"),
  moveList: $("#move-list"),
  replayBar: $("#replay-bar"),
  replayText: $("#replay-text"),
  positionText: $("#position-text"),
  rulesText: $("#rules-text"),
  speed: $("#speed"),
};

// ---------- state ----------
const S = {
  id: null,
  token: null,
  game: null, // the last state from the server
  shown: null, // the position drawn: {pits, stores, turn}
  view: null, // ply being viewed in replay mode, null = live
  busy: false, // a request or animation is running
  queue: Promise.resolve(),
  events: null,
  analysis: { on: false, seq: 0 },
  hintSeq: 0,
  endShownFor: null,
};

function loadSettings() {
  try {
    return Object.assign(
      { opponent: "easy", starts: "you", grand_slam: "no-capture", repetition: "third", cycle_seeds: "own-row", speed: "auto" },
      JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}"),
    );
  } catch {
    return { opponent: "easy", starts: "you", grand_slam: "no-capture", repetition: "third", cycle_seeds: "own-row", speed: "auto" };
  }
}
let settings = loadSettings();
function saveSettings() {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* private mode */ }
}

// ---------- helpers ----------
function announce(text) {
  const p = document.createElement("p");
  p.textContent = text;
  ui.live.appendChild(p);
  while (ui.live.childNodes.length > 6) ui.live.removeChild(ui.live.firstChild);
}
function say(text, kind) {
  ui.message.textContent = text || "";
  ui.message.className = "message" + (kind ? " " + kind : "");
}
function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
function reducedMotion() { return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches; }
function stepMs() {
  const s = settings.speed;
  if (s === "off") return 0;
  if (s === "slow") return 420;
  if (s === "fast") return 90;
  if (s === "normal") return 220;
  return reducedMotion() ? 0 : 220; // auto
}
function sideName(side) { return S.game ? S.game.names[side] : side === "S" ? "South" : "North"; }
function other(side) { return side === "S" ? "N" : "S"; }
function owner(pit) { return pit < 6 ? "S" : "N"; }
function isComputerGame() { return S.game && S.game.opponent !== "friend"; }
function levelName() { return S.game ? S.game.opponent[0].toUpperCase() + S.game.opponent.slice(1) : ""; }

async function api(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (S.token) headers["x-seat-token"] = S.token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new Error("The server cannot be reached. Is `oware serve` still running?");
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.error) || `The server answered ${res.status}.`);
    err.status = res.status;
    err.code = data && data.code;
    throw err;
  }
  return data;
}

// ---------- board drawing ----------
const pitEls = []; // by absolute pit
function seedStyle(pit, i) {
  // Stable pseudo-random placement and colour for seed i of a pit.
  let h = (pit * 73856093) ^ (i * 19349663);
  const rnd = () => { h = (h * 1103515245 + 12345) & 0x7fffffff; return h / 0x7fffffff; };
  const palette = [["#efe4cf", "#a08a68"], ["#e2d3b5", "#8d7555"], ["#d9d0c3", "#7f7568"], ["#f3ead9", "#b29c7a"], ["#cdbfa6", "#6f5f48"]];
  const [c, c2] = palette[Math.floor(rnd() * palette.length)];
  return { c, c2, r: Math.floor(rnd() * 180), jx: rnd() - 0.5, jy: rnd() - 0.5 };
}
function seedPositions(n) {
  // Golden-angle spiral inside a unit disc, in percent.
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = n === 1 ? 0 : 0.42 * Math.sqrt((i + 0.5) / n);
    const a = i * 2.39996;
    out.push([50 + 100 * r * Math.cos(a), 50 + 100 * r * Math.sin(a)]);
  }
  return out;
}
const MAX_DRAWN = 24;
function drawSeeds(container, pit, n) {
  const shown = Math.min(n, MAX_DRAWN);
  if (container.childElementCount === shown && container.dataset.n === String(n)) return;
  container.dataset.n = String(n);
  container.textContent = "";
  const pos = seedPositions(shown);
  for (let i = 0; i < shown; i++) {
    const s = seedStyle(pit, i);
    const d = document.createElement("span");
    d.className = "seed";
    d.style.left = (pos[i][0] + s.jx * 6) + "%";
    d.style.top = (pos[i][1] + s.jy * 6) + "%";
    d.style.setProperty("--c", s.c);
    d.style.setProperty("--c2", s.c2);
    d.style.setProperty("--r", s.r + "deg");
    container.appendChild(d);
  }
}
function drawStoreSeeds(container, side, n) {
  const shown = Math.min(n, 30);
  if (container.dataset.n === String(n)) return;
  container.dataset.n = String(n);
  container.textContent = "";
  for (let i = 0; i < shown; i++) {
    const s = seedStyle(side === "S" ? 40 : 41, i);
    const d = document.createElement("span");
    d.className = "seed";
    const col = i % 3, row = Math.floor(i / 3);
    d.style.left = (22 + col * 28 + s.jx * 8) + "%";
    d.style.top = (6 + row * 9.2 + s.jy * 3) + "%";
    d.style.setProperty("--c", s.c);
    d.style.setProperty("--c2", s.c2);
    d.style.setProperty("--r", s.r + "deg");
    container.appendChild(d);
  }
}

function buildBoard() {
  for (let p = 0; p < 12; p++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "pit";
    b.dataset.pit = String(p);
    b.innerHTML = '<span class="seeds"></span><span class="letter"></span><span class="count">4</span>';
    b.querySelector(".letter").textContent = LETTERS[p];
    b.addEventListener("click", () => onPit(p));
    pitEls.push(b);
  }
}
let placedFor = null;
function placePits(viewSide) {
  if (placedFor === viewSide) return;
  placedFor = viewSide;
  const mine = viewSide === "S" ? 0 : 6;
  const theirs = 6 - mine;
  ui.rowBottom.textContent = "";
  ui.rowTop.textContent = "";
  // Bottom row: the viewer's pits left to right. Top row: the other side's, right to left
  // (counter-clockwise sowing goes along the bottom to the right, then back along the top).
  for (let i = 0; i < 6; i++) {
    const b = pitEls[mine + i];
    b.style.gridColumn = String(2 + i);
    ui.rowBottom.appendChild(b);
  }
  for (let i = 5; i >= 0; i--) {
    const b = pitEls[theirs + i];
    b.style.gridColumn = String(2 + (5 - i));
    ui.rowTop.appendChild(b);
  }
}

function viewSide() { return S.game ? S.game.view_side : "S"; }

/** Draws counts and seeds of a position {pits, stores}. */
function drawPosition(pos) {
  S.shown = { pits: pos.pits.slice(), stores: { S: pos.stores.S, N: pos.stores.N }, turn: pos.turn };
  const vs = viewSide();
  placePits(vs);
  for (let p = 0; p < 12; p++) setPitCount(p, pos.pits[p]);
  setStore(vs, pos.stores[vs], ui.storeRight);
  setStore(other(vs), pos.stores[other(vs)], ui.storeLeft);
  ui.scoreBottom.textContent = pos.stores[vs];
  ui.scoreTop.textContent = pos.stores[other(vs)];
}
function setPitCount(p, n) {
  const b = pitEls[p];
  const c = b.querySelector(".count");
  c.textContent = String(n);
  c.classList.toggle("zero", n === 0);
  drawSeeds(b.querySelector(".seeds"), p, n);
  if (S.shown) S.shown.pits[p] = n;
  labelPit(p);
}
function setStore(side, n, el) {
  el.querySelector(".store-count").textContent = String(n);
  drawStoreSeeds(el.querySelector(".store-seeds"), side, n);
  el.setAttribute("aria-label", `${sideName(side)}'s store: ${n} seeds captured`);
  el.dataset.side = side;
}
function storeEl(side) { return side === viewSide() ? ui.storeRight : ui.storeLeft; }

function labelPit(p) {
  const b = pitEls[p];
  const n = S.shown ? S.shown.pits[p] : 0;
  const who = sideName(owner(p));
  let label = `${who === "You" ? "Your" : who + "'s"} pit ${LETTERS[p]}, ${n} seed${n === 1 ? "" : "s"}`;
  const info = pitInfo(p);
  if (info && !info.legal && info.reason && !S.game.outcome) label += ` (cannot play: ${info.reason})`;
  b.setAttribute("aria-label", label);
}

function pitInfo(p) {
  if (!S.game || S.view !== null) return null;
  return S.game.pits_info.find((i) => i.pit === p) || null;
}

/** Which pits the user may press now. */
function canMoveNow() {
  const g = S.game;
  if (!g || g.outcome || S.view !== null) return false;
  if (g.computer_to_move || g.thinking) return false;
  return true;
}

function decorate() {
  const g = S.game;
  const live = S.view === null;
  const turn = g ? g.position.turn : "S";
  const last = live && g && !S.busy ? g.last : null;
  const egdb = live && g && g.egdb ? g.egdb : null;
  for (let p = 0; p < 12; p++) {
    const b = pitEls[p];
    const info = pitInfo(p);
    const mover = owner(p) === turn;
    const active = canMoveNow() && mover && !S.busy;
    b.classList.toggle("playable", !!(active && info && info.legal));
    b.classList.toggle("illegal", !!(active && info && !info.legal));
    b.classList.toggle("inactive", !active);
    b.setAttribute("aria-disabled", active && info && info.legal ? "false" : "true");
    if (!S.busy) b.classList.toggle("last-from", !!(last && last.from === p));
    b.classList.toggle("last-to", !!(last && last.sown.length && last.sown[last.sown.length - 1] === p));
    if (!S.busy) b.classList.toggle("captured", !!(last && last.captured_pits.includes(p)));
    b.classList.remove("hint");
    let tag = b.querySelector(".egdb-tag");
    const v = egdb && mover && egdb.find((e) => e.pit + (turn === "S" ? 0 : 6) === p);
    if (v) {
      if (!tag) { tag = document.createElement("span"); tag.className = "egdb-tag"; b.appendChild(tag); }
      const lo = v.lo_halves / 2, hi = v.hi_halves / 2;
      const n = S.game.position.pits.reduce((a, x) => a + x, 0);
      tag.textContent = lo === hi ? `${lo}/${n}` : `${lo}–${hi}/${n}`;
      tag.title = v.text;
    } else if (tag) {
      tag.remove();
    }
    labelPit(p);
  }
  const vs = viewSide();
  ui.nameBottom.textContent = sideName(vs);
  ui.nameTop.textContent = sideName(other(vs));
  const shownTurn = S.shown ? S.shown.turn : turn;
  const over = g && g.outcome && live;
  ui.nameBottom.classList.toggle("to-move", !over && shownTurn === vs);
  ui.nameTop.classList.toggle("to-move", !over && shownTurn !== vs);
  ui.rowBottom.setAttribute("aria-label", `${sideName(vs)}'s pits`);
  ui.rowTop.setAttribute("aria-label", `${sideName(other(vs))}'s pits`);
}

function updateStatus() {
  const g = S.game;
  ui.status.classList.remove("your-turn");
  if (!g) { ui.status.textContent = "Choose an opponent to start."; return; }
  if (S.view !== null) { ui.status.textContent = `Replay: position after move ${S.view}`; if (S.view === 0) ui.status.textContent = "Replay: start position"; return; }
  if (g.outcome) {
    const o = g.outcome;
    const w = o.winner ? `${sideName(o.winner)} ${sideName(o.winner) === "You" ? "win" : "wins"}` : "Draw";
    ui.status.textContent = `Game over: ${w}, ${fmt(o.scores[vs()])}–${fmt(o.scores[other(vs())])}`;
    return;
  }
  const turn = g.position.turn;
  if (g.computer_to_move || g.thinking) {
    ui.status.innerHTML = "";
    ui.status.append(`${sideName(turn)} is thinking`);
    const d = document.createElement("span"); d.className = "dots"; ui.status.append(d);
    return;
  }
  if (isComputerGame()) {
    ui.status.textContent = "Your turn: pick one of your pits";
    ui.status.classList.add("your-turn");
  } else {
    ui.status.textContent = `${sideName(turn)} to move`;
    ui.status.classList.add("your-turn");
  }
}
function vs() { return viewSide(); }
function fmt(x) { return Number.isInteger(x) ? String(x) : x.toFixed(1); }

function renderMoves() {
  const g = S.game;
  ui.moveList.textContent = "";
  if (!g || g.moves.length === 0) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "No moves yet.";
    ui.moveList.appendChild(li);
    return;
  }
  const current = S.view === null ? g.ply : S.view;
  const startTurn = g.history[0].turn;
  let num = 1;
  let li = null;
  g.moves.forEach((m, i) => {
    const newRow = m.side === "S" || i === 0;
    if (newRow) {
      li = document.createElement("li");
      const n = document.createElement("span");
      n.className = "num";
      n.textContent = num + ".";
      li.appendChild(n);
      if (i === 0 && startTurn === "N") {
        const gap = document.createElement("span");
        gap.textContent = "…";
        li.appendChild(gap);
      }
      ui.moveList.appendChild(li);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.text;
    b.setAttribute("aria-label", `Move ${m.ply}: ${sideName(m.side)} played ${m.text}. Show this position.`);
    if (m.ply === current) { b.classList.add("current"); b.setAttribute("aria-current", "step"); }
    b.addEventListener("click", () => showPly(m.ply));
    li.appendChild(b);
    if (m.side === "N") num++;
  });
  const cur = ui.moveList.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function renderControls() {
  const g = S.game;
  const idle = g && !S.busy;
  $("#btn-undo").disabled = !(idle && g.can_undo && !g.thinking);
  $("#btn-redo").disabled = !(idle && g.can_redo);
  $("#btn-hint").disabled = !(g && !g.outcome && canMoveNow());
  $("#btn-analyse").disabled = !g || (S.view === null && !!g.outcome) || (S.view !== null && S.view === g.ply && !!g.outcome);
  $("#nav-first").disabled = !g || (S.view ?? g.ply) === 0;
  $("#nav-prev").disabled = !g || (S.view ?? g.ply) === 0;
  $("#nav-next").disabled = !g || S.view === null;
  $("#nav-last").disabled = !g || S.view === null;
  ui.replayBar.hidden = S.view === null;
  if (g && S.view !== null) ui.replayText.textContent = S.view === 0 ? "Viewing the start position" : `Viewing the position after move ${S.view}`;
  const exp = $("#btn-export");
  if (g) exp.href = `/api/games/${g.id}/ogn`;
  const pos = g ? (S.view === null ? g.position : g.history[S.view]) : null;
  ui.positionText.value = pos ? pos.text : "";
  ui.rulesText.textContent = g ? rulesDescription(g) : "";
  renderEgdbPanel();
}
function rulesDescription(g) {
  if (g.rules === "abapa") return "abapa (standard)";
  return g.rules.replace(/,/g, ", ");
}
function renderEgdbPanel() {
  const g = S.game;
  const box = $("#egdb");
  const list = $("#egdb-list");
  if (!g || !g.egdb || S.view !== null) { box.hidden = true; return; }
  box.hidden = false;
  list.textContent = "";
  for (const v of g.egdb) {
    const li = document.createElement("li");
    const who = sideName(g.position.turn);
    li.textContent = `${v.letter}: ${who === "You" ? v.text.replace(/^wins/, "you win") : `${who} ${v.text}`}`;
    list.appendChild(li);
  }
}

/** Draws the whole state (no animation). */
function render() {
  const g = S.game;
  if (!g) { drawPosition({ pits: Array(12).fill(4), stores: { S: 0, N: 0 }, turn: "S" }); decorate(); updateStatus(); renderControls(); renderMoves(); return; }
  const pos = S.view === null ? g.position : g.history[S.view];
  drawPosition(pos);
  decorate();
  updateStatus();
  renderMoves();
  renderControls();
}

// ---------- animation ----------
function centerOf(el) {
  const b = ui.board.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return [r.left - b.left + r.width / 2, r.top - b.top + r.height / 2];
}
function flySeed(fromEl, toEl, ms) {
  const [x0, y0] = centerOf(fromEl);
  const [x1, y1] = centerOf(toEl);
  const d = document.createElement("span");
  d.className = "fly";
  d.style.left = x0 + "px";
  d.style.top = y0 + "px";
  ui.fly.appendChild(d);
  const lift = -Math.min(40, 10 + Math.hypot(x1 - x0, y1 - y0) / 6);
  const anim = d.animate(
    [
      { transform: "translate(0,0) scale(1)" },
      { transform: `translate(${(x1 - x0) / 2}px, ${(y1 - y0) / 2 + lift}px) scale(1.25)`, offset: 0.5 },
      { transform: `translate(${x1 - x0}px, ${y1 - y0}px) scale(1)` },
    ],
    { duration: ms, easing: "ease-in-out" },
  );
  return anim.finished.catch(() => {}).then(() => d.remove());
}

/** Animates one move detail from its `before` position; ends drawing `after`. */
async function animateMove(detail) {
  const ms = stepMs();
  pitEls.forEach((b) => b.classList.remove("last-from", "last-to", "captured", "hint"));
  drawPosition(detail.before);
  decorate();
  if (ms === 0) {
    drawPosition(detail.after);
    for (const p of detail.captured_pits) pitEls[p].classList.add("captured");
    return;
  }
  const from = pitEls[detail.from];
  from.classList.add("last-from");
  await sleep(ms / 2);
  let inHand = S.shown.pits[detail.from];
  setPitCount(detail.from, 0);
  for (const p of detail.sown) {
    await flySeed(from, pitEls[p], ms * 0.9);
    inHand--;
    setPitCount(p, S.shown.pits[p] + 1);
  }
  if (detail.captured_pits.length) {
    for (const p of detail.captured_pits) pitEls[p].classList.add("captured");
    await sleep(Math.max(250, ms * 2));
    const store = storeEl(detail.side);
    const flights = [];
    for (const p of detail.captured_pits) {
      const n = S.shown.pits[p];
      for (let i = 0; i < Math.min(n, 4); i++) flights.push(sleep(i * 40).then(() => flySeed(pitEls[p], store, ms * 2)));
    }
    await Promise.all(flights);
    store.classList.remove("gain");
    void store.offsetWidth;
    store.classList.add("gain");
  }
  drawPosition(detail.after);
}

function describeMove(d) {
  const who = sideName(d.side);
  const verb = who === "You" ? "played" : "plays";
  let text = `${who} ${verb} ${d.letter}: ${d.sown.length} seed${d.sown.length === 1 ? "" : "s"} sown`;
  if (d.captured > 0) {
    const pits = d.captured_pits.map((p) => LETTERS[p]).join(", ");
    text += `, capturing ${d.captured} from ${pits}`;
    if (d.grand_slam) text += " (grand slam)";
  } else if (d.grand_slam) {
    text += " (a grand slam: no capture under these rules)";
  }
  return text + ".";
}

/** Applies a new state from the server, animating `detail` when it follows what we show. */
function applyUpdate(state, detail) {
  S.queue = S.queue.then(async () => {
    if (!state || state.id !== S.id) return; // an event of a game we left
    if (S.game && state.id === S.game.id && state.version < S.game.version) return;
    if (S.game && state.id === S.game.id && state.version === S.game.version && !detail) {
      // Same version: only flags (thinking) may differ.
      S.game = state;
      decorate(); updateStatus(); renderControls();
      return;
    }
    const prev = S.game;
    const fresh = !prev || prev.id !== state.id || state.version > prev.version;
    if (!fresh) return;
    const follows = detail && prev && prev.id === state.id && prev.position.text === detail.before.text && S.view === null;
    S.game = state;
    if (follows) {
      S.busy = true;
      renderControls();
      clearHint();
      say("");
      try { await animateMove(detail); } finally { S.busy = false; }
      announce(describeMove(detail));
    } else if (detail && prev && prev.id === state.id) {
      announce(describeMove(detail));
    }
    render();
    if (S.analysis.on) startAnalysis();
    maybeShowEnd();
  });
  return S.queue;
}

// ---------- playing ----------
function explainPit(p) {
  const g = S.game;
  if (!g) return "Start a game first.";
  if (S.view !== null) return "You are looking at an earlier position: go back to the game to play.";
  if (g.outcome) return "The game is over.";
  const turn = g.position.turn;
  if (g.computer_to_move || g.thinking) return `Wait: ${sideName(turn)} is thinking.`;
  if (owner(p) !== turn) {
    return isComputerGame() ? `That pit is the computer's. Yours are the bottom row.` : `It is ${sideName(turn)}'s turn: play a pit on ${sideName(turn)}'s row.`;
  }
  const info = pitInfo(p);
  return info && info.reason ? info.reason : "";
}

async function onPit(p) {
  if (S.busy) return;
  const info = pitInfo(p);
  if (!canMoveNow() || !info || !info.legal) {
    const why = explainPit(p);
    say(why);
    if (why) announce(why);
    pitEls[p].classList.remove("shake");
    void pitEls[p].offsetWidth;
    pitEls[p].classList.add("shake");
    return;
  }
  await play(info.letter);
}

async function play(letter) {
  S.busy = true;
  renderControls();
  try {
    const r = await api("POST", `/api/games/${S.id}/moves`, { move: letter });
    S.busy = false;
    await applyUpdate(r.state, r.detail);
    if (r.state.computer_to_move && (!S.events || S.events.readyState !== EventSource.OPEN)) {
      // No event stream (a proxy may block it): wait for the reply with a long poll instead.
      api("GET", `/api/games/${S.id}?since=${r.state.version}`)
        .then((st) => applyUpdate(st, st.last && st.last.before.text === r.state.position.text ? st.last : null))
        .catch(() => {});
    }
  } catch (e) {
    S.busy = false;
    say(e.message);
    announce(e.message);
    if (e.status === 409 || e.status === 422) await refresh();
  } finally {
    S.busy = false;
    renderControls();
  }
}

async function refresh() {
  if (!S.id) return;
  try {
    const st = await api("GET", `/api/games/${S.id}`);
    await applyUpdate(st, null);
  } catch (e) { say(e.message); }
}

async function undo() {
  if (!S.game || S.busy) return;
  try {
    const st = await api("POST", `/api/games/${S.id}/undo`);
    S.view = null;
    say("Move taken back.", "info");
    announce("Move taken back.");
    await applyUpdate(st, null);
  } catch (e) { say(e.message); }
}
async function redo() {
  if (!S.game || S.busy) return;
  try {
    const st = await api("POST", `/api/games/${S.id}/redo`);
    S.view = null;
    say("Move replayed.", "info");
    announce("Move replayed.");
    await applyUpdate(st, null);
  } catch (e) { say(e.message); }
}

// ---------- replay ----------
function showPly(ply) {
  const g = S.game;
  if (!g) return;
  clearHint();
  S.view = ply >= g.ply ? null : Math.max(0, ply);
  render();
  if (S.analysis.on) startAnalysis();
}

// ---------- hint & analysis ----------
function clearHint() { pitEls.forEach((b) => b.classList.remove("hint")); }
async function hint() {
  if (!canMoveNow()) return;
  say("Looking for a good move…", "info");
  try {
    const r = await api("POST", `/api/games/${S.id}/analysis`, { purpose: "hint", movetime_ms: 1200 });
    S.hintSeq = r.seq;
  } catch (e) { say(e.message); }
}
async function startAnalysis() {
  const g = S.game;
  if (!g) return;
  const ply = S.view === null ? g.ply : S.view;
  const pos = g.history[ply];
  if (S.view === null && g.outcome) { setAnalysisIdle("The game is over."); return; }
  $("#analysis-score").textContent = "…";
  try {
    const r = await api("POST", `/api/games/${S.id}/analysis`, { ply, purpose: "analysis", movetime_ms: 5000 });
    S.analysis.seq = r.seq;
    S.analysis.turn = pos.turn;
  } catch (e) { setAnalysisIdle(e.message); }
}
function setAnalysisIdle(text) {
  $("#analysis-score").textContent = "–";
  $("#analysis-line").textContent = text || "–";
  $("#analysis-depth").textContent = "–";
  $("#analysis-nodes").textContent = "–";
}
function toggleAnalysis() {
  S.analysis.on = !S.analysis.on;
  const b = $("#btn-analyse");
  b.setAttribute("aria-pressed", String(S.analysis.on));
  b.textContent = S.analysis.on ? "Stop" : "Analyse";
  if (S.analysis.on) startAnalysis();
  else {
    if (S.id) api("DELETE", `/api/games/${S.id}/analysis`).catch(() => {});
    setAnalysisIdle();
  }
}
function onAnalysis(ev) {
  if (ev.purpose === "hint") {
    if (ev.seq !== S.hintSeq || !ev.done) return;
    if (!S.game || ev.ply !== S.game.ply || S.view !== null) return;
    if (!ev.best) return;
    const p = LETTERS.indexOf(ev.best);
    clearHint();
    if (p >= 0) pitEls[p].classList.add("hint");
    const msg = `Hint: try ${ev.best} (${ev.score_text} for you).`;
    say(msg, "info");
    announce(msg);
    return;
  }
  if (!S.analysis.on || ev.seq !== S.analysis.seq) return;
  $("#analysis-score").textContent = `${ev.score_text}`;
  $("#analysis-score").title = `for ${sideName(ev.side)}, the side to move`;
  const line = ev.pv.length ? ev.pv.join(" ") : (ev.best || "–");
  $("#analysis-line").textContent = `${line}  (${sideName(ev.side)} to move)`;
  $("#analysis-depth").textContent = ev.done ? `${ev.depth} (done)` : String(ev.depth);
  $("#analysis-nodes").textContent = ev.nodes.toLocaleString();
}

// ---------- end of game ----------
const REASONS = {
  capture: (o, n) => `${n(o.winner)} captured more than half of the 48 seeds.`,
  draw: () => "Both players captured 24 seeds.",
  "no-feed": (o, n, g) => `${n(g.position.turn)} could not move, or could not give the other side any seeds. Each player takes the seeds left on their own row.`,
  cycle: (o, n, g) => `The same position came back${g.rule_options.repetition === "first" ? "" : " a third time"}, so the game ended. ${o.allocation === "even" ? "The seeds left were split evenly." : "Each player takes the seeds left on their own row."}`,
};
function maybeShowEnd() {
  const g = S.game;
  if (!g || !g.outcome || S.view !== null) return;
  const key = g.id + ":" + g.version;
  if (S.endShownFor === key) return;
  S.endShownFor = key;
  const o = g.outcome;
  const v = vs();
  const n = (side) => sideName(side);
  let title;
  if (!o.winner) title = "A draw";
  else if (isComputerGame()) title = o.winner === g.human ? "You win!" : "The computer wins";
  else title = `${n(o.winner)} wins!`;
  $("#end-title").textContent = title;
  $("#end-score").textContent = `${fmt(o.scores[v])} – ${fmt(o.scores[other(v)])}`;
  $("#end-reason").textContent = (REASONS[o.reason] || (() => ""))(o, n, g);
  const rows = $("#end-rows");
  rows.textContent = "";
  for (const side of [v, other(v)]) {
    const tr = document.createElement("tr");
    const alloc = o.scores[side] - o.captured[side];
    for (const t of [n(side), o.captured[side], fmt(alloc), fmt(o.scores[side])]) {
      const td = document.createElement("td");
      td.textContent = String(t);
      tr.appendChild(td);
    }
    rows.appendChild(tr);
  }
  announce(`Game over. ${title} ${fmt(o.scores[v])} to ${fmt(o.scores[other(v)])}. ${$("#end-reason").textContent}`);
  const d = $("#dlg-end");
  if (!d.open) d.showModal();
}

// ---------- games ----------
function remember() {
  try { localStorage.setItem(STORE_KEY, JSON.stringify({ id: S.id, token: S.token })); } catch { /* private mode */ }
}
function connect() {
  if (S.events) S.events.close();
  const es = new EventSource(`/api/games/${S.id}/events`);
  S.events = es;
  es.addEventListener("update", (m) => {
    let d;
    try { d = JSON.parse(m.data); } catch { return; }
    applyUpdate(d.state, d.detail);
  });
  es.addEventListener("thinking", (m) => {
    let d;
    try { d = JSON.parse(m.data); } catch { return; }
    if (S.game && d.version === S.game.version) {
      S.game.thinking = d.thinking;
      if (!S.busy) { updateStatus(); decorate(); renderControls(); }
    }
  });
  es.addEventListener("analysis", (m) => {
    try { onAnalysis(JSON.parse(m.data)); } catch { /* ignore */ }
  });
}
async function openGame(id, token, state) {
  S.id = id;
  S.token = token;
  S.view = null;
  S.game = null;
  S.endShownFor = null;
  placedFor = null;
  remember();
  clearHint();
  setAnalysisIdle();
  await applyUpdate(state, null);
  connect();
}
async function newGame(body) {
  const r = await api("POST", "/api/games", body);
  S.token = r.token;
  await openGame(r.id, r.token, r.state);
  const g = r.state;
  const whoMoves = g.opponent === "friend" ? `${sideName(g.position.turn)} to move.` : g.position.turn === g.human ? "Your move." : "The computer moves next.";
  const msg = body.ogn
    ? `Game imported: it continues after move ${g.ply}. ${g.outcome ? "It is already over." : whoMoves}`
    : g.opponent === "friend"
    ? "New game against a friend. South starts."
    : `New game against the computer (${levelName()}). ${g.position.turn === g.human ? "You start." : "The computer starts."}`;
  say(msg, "info");
  announce(msg);
}

// ---------- dialogs ----------
function openNewDialog() {
  const f = $("#form-new");
  for (const [k, v] of Object.entries(settings)) {
    const els = f.elements[k];
    if (!els) continue;
    if (els instanceof RadioNodeList) { for (const r of els) r.checked = r.value === v; } else els.value = v;
  }
  syncStarts();
  $("#new-error").textContent = "";
  $("#dlg-new").showModal();
}
function syncStarts() {
  const f = $("#form-new");
  const friend = f.elements.opponent.value === "friend";
  $("#starts-field").hidden = friend;
  $("#names-field").hidden = !friend;
}
async function submitNew(ev) {
  ev.preventDefault();
  const f = $("#form-new");
  settings.opponent = f.elements.opponent.value;
  settings.starts = f.elements.starts.value;
  settings.grand_slam = f.elements.grand_slam.value;
  settings.repetition = f.elements.repetition.value;
  settings.cycle_seeds = f.elements.cycle_seeds.value;
  saveSettings();
  const rules = `grand-slam=${settings.grand_slam},repetition=${settings.repetition},cycle-seeds=${settings.cycle_seeds}`;
  try {
    const body = { opponent: settings.opponent, starts: settings.starts, rules };
    if (settings.opponent === "friend") {
      settings.name_s = f.elements.name_s.value.trim();
      settings.name_n = f.elements.name_n.value.trim();
      saveSettings();
      body.names = { S: settings.name_s, N: settings.name_n };
    }
    await newGame(body);
    $("#dlg-new").close();
  } catch (e) {
    $("#new-error").textContent = e.message;
  }
}
async function rematch() {
  const g = S.game;
  $("#dlg-end").close();
  if (!g) return openNewDialog();
  const body = { opponent: g.opponent, rules: g.rules };
  if (g.opponent !== "friend") body.human = other(g.human); // swap who starts
  else if (g.names.S !== "South" || g.names.N !== "North") body.names = { S: g.names.N, N: g.names.S }; // the other player starts
  try { await newGame(body); } catch (e) { say(e.message); }
}
function openImport() {
  $("#import-error").textContent = "";
  $("#import-opponent").value = settings.opponent;
  $("#dlg-import").showModal();
  $("#import-text").focus();
}
async function submitImport(ev) {
  ev.preventDefault();
  const text = $("#import-text").value;
  const opponent = $("#import-opponent").value;
  try {
    await newGame({ opponent, ogn: text });
    $("#dlg-import").close();
  } catch (e) {
    $("#import-error").textContent = e.message;
  }
}
async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = document.createElement("textarea");
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    try { document.execCommand("copy"); } catch { /* nothing more to try */ }
    ta.remove();
  }
  say(`${what} copied.`, "info");
  announce(`${what} copied.`);
}

// ---------- keys ----------
function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
  if (document.querySelector("dialog[open]")) return;
  const k = ev.key;
  if (k >= "1" && k <= "6") {
    ev.preventDefault();
    const g = S.game;
    if (!g) return;
    const i = Number(k) - 1;
    // Keys are the pits of the side to move from its own left (the bottom row, left to right, for you).
    const turn = S.view === null ? g.position.turn : g.view_side;
    const side = isComputerGame() ? g.human : turn;
    const p = (side === "S" ? 0 : 6) + i;
    onPit(p);
  } else if (k === "u" || k === "U") { ev.preventDefault(); undo(); }
  else if (k === "r" || k === "R") { ev.preventDefault(); redo(); }
  else if (k === "h" || k === "H") { ev.preventDefault(); hint(); }
  else if ((k === "a" || k === "A") && S.game) { ev.preventDefault(); toggleAnalysis(); }
  else if (k === "n" || k === "N") { ev.preventDefault(); openNewDialog(); }
  else if (k === "ArrowLeft" && S.game) { ev.preventDefault(); showPly((S.view ?? S.game.ply) - 1); }
  else if (k === "ArrowRight" && S.game && S.view !== null) { ev.preventDefault(); showPly(S.view + 1); }
}

// ---------- start ----------
function wire() {
  buildBoard();
  $("#btn-new").addEventListener("click", openNewDialog);
  $("#form-new").addEventListener("submit", submitNew);
  $("#form-new").addEventListener("change", syncStarts);
  $("#btn-new-cancel").addEventListener("click", () => $("#dlg-new").close());
  $("#btn-undo").addEventListener("click", undo);
  $("#btn-redo").addEventListener("click", redo);
  $("#btn-hint").addEventListener("click", hint);
  $("#btn-analyse").addEventListener("click", toggleAnalysis);
  $("#btn-back-to-game").addEventListener("click", () => showPly(Infinity));
  $("#nav-first").addEventListener("click", () => showPly(0));
  $("#nav-prev").addEventListener("click", () => S.game && showPly((S.view ?? S.game.ply) - 1));
  $("#nav-next").addEventListener("click", () => S.game && S.view !== null && showPly(S.view + 1));
  $("#nav-last").addEventListener("click", () => showPly(Infinity));
  $("#btn-copy-pos").addEventListener("click", () => copyText(ui.positionText.value, "Position text"));
  $("#btn-copy-ogn").addEventListener("click", () => S.game && copyText(S.game.ogn, "OGN record"));
  $("#btn-import").addEventListener("click", openImport);
  $("#form-import").addEventListener("submit", submitImport);
  $("#btn-import-cancel").addEventListener("click", () => $("#dlg-import").close());
  $("#btn-end-close").addEventListener("click", () => $("#dlg-end").close());
  $("#btn-rematch").addEventListener("click", rematch);
  ui.speed.value = settings.speed;
  ui.speed.addEventListener("change", () => { settings.speed = ui.speed.value; saveSettings(); });
  document.addEventListener("keydown", onKey);
}

async function boot() {
  wire();
  render();
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(STORE_KEY) || "null"); } catch { saved = null; }
  if (saved && saved.id) {
    S.token = saved.token;
    try {
      const st = await api("GET", `/api/games/${saved.id}`);
      await openGame(saved.id, saved.token, st);
      const msg = "Welcome back: your game is where you left it.";
      say(msg, "info");
      announce(msg);
      return;
    } catch {
      S.token = null;
    }
  }
  render();
  openNewDialog();
}

boot();
