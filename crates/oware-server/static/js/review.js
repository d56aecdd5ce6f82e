// The game review: asks the server to review the game (`POST /api/games/{id}/review`), follows its progress
// (`review` events on the game's stream, and a look every few seconds while it runs), then shows what the
// server sends: an evaluation graph along the game (inline SVG drawn here), each player's accuracy and
// counts per class, and for a selected move the explanation. The move list (movelist.js) shows the class
// symbols and the board (board.js) marks the played and the best move, both from `st.review`. Nothing is
// judged here: values, classes, symbols and sentences are the server's.
import { $, count } from "./dom.js";
import { sideName, reviewFits, endOf } from "./state.js";
import * as api from "./api.js";
import { say, announce } from "./status.js";

const SVG = "http://www.w3.org/2000/svg";
/** The graph's drawing box (the SVG scales to the panel's width). */
const W = 300, H = 90;
/** The value scale's end, in centi-seeds (the server clamps values at ±12 seeds). */
const CLAMP = 1200;
const CLASS_WORDS = { best: "Best move", good: "Good move", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

/**
 * The Review panel. `showPly(ply)` shows a position of the game (game.js or online.js); `screen.all()`
 * redraws the page. Owns `st.review`.
 */
export function createReview(st, { showPly, screen }) {
  const el = {
    panel: $("#review-panel"),
    progress: $("#review-progress"),
    progressText: $("#review-progress-text"),
    graph: $("#review-graph"),
    summary: $("#review-summary"),
    detail: $("#review-detail"),
    note: $("#review-note"),
    again: $("#btn-review-again"),
    close: $("#btn-review-close"),
    menu: $("#btn-review"),
  };
  let poll = null; // the timer looking at a running review (in case events do not arrive)

  /** A fresh review state for the game on screen. `run`, `step`: the version of the newest answer or event taken. */
  function blank() {
    return { id: st.id, status: "none", done: 0, total: 0, data: null, current: false, computedAt: null, error: null, selected: null, open: false, run: 0, step: 0 };
  }

  /**
   * Whether answer or event `v` is at least as new as what `r` shows (the server versions each by `(run, step)`,
   * run first), and if so records its version. An older one crossed a newer one on the way: it is dropped.
   */
  function fresh(r, v) {
    const run = v.run || 0, step = v.step || 0;
    if (run < r.run || (run === r.run && step < r.step)) {
      console.debug(`review: an answer older than the one shown was dropped (${v.status} ${run}.${step} < ${r.run}.${r.step})`);
      return false;
    }
    r.run = run;
    r.step = step;
    return true;
  }

  /** Takes the server's answer (`ReviewView`) into `st.review`, unless it is older than what it shows: `false` then. */
  function take(v) {
    const r = st.review && st.review.id === st.id ? st.review : blank();
    if (!fresh(r, v)) return false;
    r.status = v.status;
    r.done = v.done;
    r.total = v.total;
    r.error = v.error || null;
    if (v.status === "done") {
      r.data = v.review;
      r.current = v.current;
      r.computedAt = v.computed_at;
      if (r.selected !== null && r.selected >= r.data.moves.length) r.selected = null;
    }
    st.review = r;
    watch();
    return true;
  }

  /** Looks at a running review every few seconds: events carry it, this only makes sure. */
  function watch() {
    const running = st.review && st.review.status === "running";
    if (running && !poll) poll = setInterval(fetchState, 3000);
    if (!running && poll) { clearInterval(poll); poll = null; }
  }

  async function fetchState() {
    const id = st.id;
    if (!id) return;
    try {
      const v = await api.getReview(id);
      if (id !== st.id) return;
      const prevAt = st.review && st.review.id === id ? st.review.computedAt : null;
      if (!take(v)) return;
      if (v.status === "done" && v.computed_at !== prevAt) {
        finished();
        screen.all(); // the move list's symbols too
      } else {
        render();
      }
    } catch { /* the next look or event will tell */ }
  }

  /** When a game is opened: shows its stored review, or the one running, if any. */
  async function load() {
    st.review = blank();
    watch();
    render();
    const id = st.id;
    if (!id) return;
    try {
      const v = await api.getReview(id);
      if (id !== st.id) return; // another game opened meanwhile
      // An answer older than one that came first (a review asked for meanwhile, its events) is dropped; either way
      // a review done or running shows, and one asked for meanwhile stays open.
      take(v);
      const r = st.review;
      r.open = r.open || r.status === "done" || r.status === "running";
    } catch { return; }
    screen.all();
  }

  /** "Review the game": asks the server (which answers the stored review when it already judged these moves). */
  async function start() {
    if (!st.game) return;
    if (!st.review || st.review.id !== st.id) st.review = blank();
    st.review.open = true;
    st.review.error = null;
    render();
    try {
      const v = await api.startReview(st.id, st.token);
      // The events may have told more (the end) before this answer came: keep that.
      if (!take(v)) return;
      if (v.status === "running") { say("Reviewing the game…", "info"); announce("Reviewing the game."); }
      else if (v.status === "done") finished();
    } catch (e) {
      st.review.status = st.review.data ? "done" : "none";
      st.review.error = e.message;
      say(e.message);
    }
    screen.all();
  }

  /** A `review` event: progress, the end (the result is fetched), or a failure. */
  function onEvent(ev) {
    if (!st.review || st.review.id !== st.id || !fresh(st.review, ev)) return;
    if (ev.status === "running") {
      st.review.status = "running";
      st.review.done = ev.done;
      st.review.total = ev.total;
      watch();
      render();
    } else if (ev.status === "done") {
      fetchState();
    } else if (ev.status === "failed") {
      st.review.status = st.review.data ? "done" : "failed";
      st.review.error = ev.error;
      watch();
      say(`The review failed: ${ev.error}`);
      render();
    }
  }

  /** The review just finished: say so with each player's accuracy. */
  function finished() {
    const d = st.review.data;
    if (!d) return;
    const acc = ["S", "N"].map((s) => `${sideName(st, s)} ${summaryOf(d, s).accuracy.toFixed(1)} %`).join(", ");
    const msg = `Review ready. Accuracy: ${acc}. Pick a move in the list or on the graph.`;
    say(msg, "info");
    announce(msg);
  }

  const summaryOf = (d, side) => (side === "S" ? d.summary.south : d.summary.north);

  /** Whether the review is on screen with a result: the move list and ← → select reviewed moves. */
  function active() {
    return !!(st.review && st.review.id === st.id && st.review.open && st.review.data && reviewFits(st));
  }

  /** Selects reviewed move `i` (from 0): the board shows the position before it, marked. */
  function select(i) {
    if (!active()) return;
    const n = st.review.data.moves.length;
    const k = Math.max(0, Math.min(n - 1, i));
    st.review.selected = k;
    showPly(k);
    const m = st.review.data.moves[k];
    announce(moveSentence(m) + " " + m.notes.map((x) => x.text).join(" "));
  }

  /** ← → : the previous or next reviewed move (the last one first when none is selected). */
  function step(delta) {
    if (!active()) return;
    const r = st.review;
    const shown = r.selected !== null && st.view === r.selected;
    if (!shown) select(delta < 0 ? r.data.moves.length - 1 : 0);
    else select(r.selected + delta);
  }

  /** Hides the panel and goes back to the game. */
  function close() {
    if (st.review) { st.review.open = false; st.review.selected = null; }
    showPly(Infinity);
    screen.all();
  }

  function moveSentence(m) {
    const who = sideName(st, m.side);
    const sym = m.symbol ? ` ${m.symbol}` : "";
    return `Move ${m.ply + 1}: ${who} played ${m.played}${sym}. ${CLASS_WORDS[m.class] || m.class}.`;
  }

  // ----- drawing -----

  function el2(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (parent) parent.appendChild(e);
    return e;
  }

  /** The evaluation graph: South's value (the server's, clamped at ±12 seeds) after each move. */
  function drawGraph(d) {
    el.graph.textContent = "";
    const g = d.graph;
    const n = g.length - 1;
    if (n < 1) return;
    const PAD = 3; // room for the dots at the ends
    const x = (k) => PAD + (k * (W - 2 * PAD)) / n;
    const y = (v) => H / 2 - (Math.max(-CLAMP, Math.min(CLAMP, v)) / CLAMP) * (H / 2 - 3);
    const svg = el2("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: "eval-graph", role: "img" });
    svg.setAttribute("aria-label", `Evaluation graph: ${sideName(st, "S")}'s advantage in seeds after each move, above the middle line; ${sideName(st, "N")}'s below. Click to see a move.`);
    el2("rect", { x: 0, y: 0, width: W, height: H, class: "eval-bg" }, svg);
    let area = `M 0 ${H / 2}`;
    g.forEach((v, k) => { area += ` L ${x(k).toFixed(2)} ${y(v).toFixed(2)}`; });
    area += ` L ${W} ${H / 2} Z`;
    el2("path", { d: area, class: "eval-area" }, svg);
    el2("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "eval-zero" }, svg);
    el2("polyline", { points: g.map((v, k) => `${x(k).toFixed(2)},${y(v).toFixed(2)}`).join(" "), class: "eval-line" }, svg);
    const r = st.review;
    if (r.selected !== null && st.view === r.selected) {
      el2("line", { x1: x(r.selected + 1), y1: 0, x2: x(r.selected + 1), y2: H, class: "eval-cursor" }, svg);
    }
    d.moves.forEach((m, i) => {
      if (!m.symbol) return;
      const dot = el2("circle", { cx: x(i + 1), cy: y(g[i + 1]), r: 2.6, class: `eval-mark mark-${m.class}` }, svg);
      dot.dataset.ply = String(i);
      el2("title", {}, dot).textContent = `${moveSentence(m)}`;
    });
    svg.addEventListener("click", (ev) => {
      const box = svg.getBoundingClientRect();
      const k = Math.round((((ev.clientX - box.left) / box.width) * W - PAD) / (W - 2 * PAD) * n);
      select(Math.max(1, k) - 1);
    });
    el.graph.appendChild(svg);
  }

  function drawSummary(d) {
    el.summary.textContent = "";
    const table = document.createElement("table");
    table.className = "review-table";
    const head = document.createElement("tr");
    for (const t of ["Player", "Accuracy", "Best", "Good", "?!", "?", "??"]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = t;
      head.appendChild(th);
    }
    const thead = document.createElement("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    const body = document.createElement("tbody");
    for (const side of ["S", "N"]) {
      const s = summaryOf(d, side);
      const tr = document.createElement("tr");
      tr.dataset.side = side;
      const cells = [sideName(st, side), `${s.accuracy.toFixed(1)} %`, s.best, s.good, s.inaccuracy, s.mistake, s.blunder];
      cells.forEach((t, i) => {
        const td = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) td.scope = "row";
        td.textContent = String(t);
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
    table.appendChild(body);
    el.summary.appendChild(table);
  }

  function drawDetail(d) {
    el.detail.textContent = "";
    const r = st.review;
    if (r.selected === null || st.view !== r.selected) {
      const p = document.createElement("p");
      p.className = "review-hint";
      p.textContent = "Pick a move in the list or on the graph (← → step through the moves).";
      el.detail.appendChild(p);
      return;
    }
    const m = d.moves[r.selected];
    const h = document.createElement("h3");
    h.textContent = moveSentence(m);
    h.className = `review-move class-${m.class}`;
    el.detail.appendChild(h);
    const values = document.createElement("p");
    values.className = "review-values";
    const lost = m.lost > 0 ? `${(m.lost / 100).toFixed(2)} seeds lost. ` : "";
    values.textContent = m.played === m.best
      ? `${lost}${m.played} ${m.played_value.text}${m.only_move ? " (the only good move)" : ""}.`
      : `${lost}${m.played} ${m.played_value.text}; best ${m.best} ${m.best_value.text}.`;
    el.detail.appendChild(values);
    for (const note of m.notes) {
      const p = document.createElement("p");
      p.className = `review-note note-${note.kind}`;
      p.textContent = note.text;
      el.detail.appendChild(p);
    }
  }

  /** Draws the panel from `st.review`. */
  function render() {
    const g = st.game;
    // An online game is reviewed once it is over (the server refuses it before, too).
    el.menu.disabled = !g || g.ply === 0 || (!!g.online && !endOf(st));
    const r = st.review;
    const mine = r && r.id === st.id;
    el.panel.hidden = !(mine && r.open);
    if (el.panel.hidden) return;
    const running = r.status === "running";
    el.progress.hidden = !running;
    el.progressText.hidden = !running;
    if (running) {
      el.progress.max = Math.max(1, r.total);
      el.progress.value = r.done;
      el.progressText.textContent = `Reviewing: ${r.done} of ${count(r.total, "move")}`;
    }
    const d = r.data;
    const fits = d && reviewFits(st);
    el.note.textContent = r.error ? r.error : d && !fits ? "The game has changed since this review: review it again to see every move." : "";
    el.again.hidden = !(d && !fits) || running;
    if (!d) {
      el.graph.textContent = "";
      el.summary.textContent = "";
      el.detail.textContent = "";
      return;
    }
    drawGraph(d);
    drawSummary(d);
    drawDetail(d);
  }

  el.menu.addEventListener("click", start);
  el.again.addEventListener("click", start);
  el.close.addEventListener("click", close);

  return { load, start, onEvent, select, step, active, close, render };
}
