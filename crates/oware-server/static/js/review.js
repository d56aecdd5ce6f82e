// The game review: asks the server to review the game (`POST /api/games/{id}/review`), follows its progress
// (`review` events on the game's stream, and a look every few seconds while it runs), then shows what the
// server sends: an evaluation graph along the game (inline SVG drawn here), each player's accuracy and
// counts per class, and for a selected move the explanation. The move list (movelist.js) shows the class
// symbols and the board (board.js) marks the played and the best move, both from `st.review`. Nothing is
// judged here: values, classes, symbols and the explanations' facts are the server's; the page words them in
// its language (scripts-review.ftl).
import { $ } from "./dom.js";
import { sideName, reviewFits, endOf, SIDES } from "./state.js";
import * as api from "./api.js";
import { errorText } from "./request.js";
import { say, announce } from "./status.js";
import { t, lang } from "./i18n.js";
/** @import * as P from "../../types/protocol" */
/** @import { PageState, ReviewState } from "./state.js" */
/**
 * The review itself and its parts (`ReviewView.review`, untyped in the protocol: docs/review.md, "JSON"): read
 * as the server writes them.
 * @typedef {any} ReviewData
 * @typedef {any} ReviewMove
 * @typedef {any} ReviewNote
 */

const SVG = "http://www.w3.org/2000/svg";
/** The graph's drawing box (the SVG scales to the panel's width). */
const W = 300, H = 90;
/** The value scale's end, in centi-seeds (the server clamps values at ±12 seeds). */
const CLAMP = 1200;
/** Each class's name in the page's language. @type {Record<string, () => string>} */
const CLASS_WORDS = {
  best: () => t("review-class-best"),
  good: () => t("review-class-good"),
  inaccuracy: () => t("review-class-inaccuracy"),
  mistake: () => t("review-class-mistake"),
  blunder: () => t("review-class-blunder"),
};

/** `n` with `digits` decimals as the page's language writes it (`12.27`, `12,27`). @param {number} n @param {number} digits */
export function decimal(n, digits) {
  return Number(n).toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}

/** A list joined as the page's language joins it: `a, b and c`, `a, b et c`. @param {string[]} items */
function list(items) {
  // British English ("a, b and c"), as the server's sentences.
  const tag = lang === "en" ? "en-GB" : lang;
  try { return new Intl.ListFormat(tag, { type: "conjunction" }).format(items); } catch { return items.join(", "); }
}

/**
 * A value of the review (`ValueJson`: `kind`, `text`, and `halves` or `plies`) in the page's language:
 * `+1.50`, `+4 exact`, `win in 7`. A review stored before the values had their numbers shows their text.
 * @param {any} v
 * @returns {string}
 */
export function valueText(v) {
  if (!v) return "";
  if (v.kind === "eval") return v.text;
  if (v.kind === "exact" && typeof v.halves === "number") {
    const h = v.halves;
    const margin = h === 0 ? "0" : `${h > 0 ? "+" : "-"}${Math.abs(h) % 2 ? decimal(Math.abs(h) / 2, 1) : Math.abs(h) / 2}`;
    return t("review-value-exact", { margin });
  }
  if (v.kind === "win" && typeof v.plies === "number") return t("review-value-win-in", { plies: v.plies });
  if (v.kind === "loss" && typeof v.plies === "number") return t("review-value-loss-in", { plies: v.plies });
  if (v.kind === "win" && !/\d/.test(v.text)) return t("review-value-win");
  if (v.kind === "loss" && !/\d/.test(v.text)) return t("review-value-loss");
  return v.text;
}

/**
 * One sentence of a move's explanation in the page's language, from its `code` and `args` (the server's
 * facts, oware-review's explain.rs). A note without a code (a review stored before codes) shows its text.
 * @param {ReviewNote} note
 * @returns {string}
 */
export function noteText(note) {
  const a = note.args || {};
  const seedsOf = (/** @type {unknown} */ x) => (typeof x === "number" ? x : 0);
  const base = {
    side: a.side, opponent: a.opponent, move: a.move, best: a.best, reply: a.reply, pit: a.pit, line: a.line,
    result: a.result, seeds: seedsOf(a.seeds), sown: seedsOf(a.sown),
    value: valueText(a.value), after: valueText(a.after),
    pits: list(a.pits || []),
  };
  switch (note.code) {
    case "missed-win": return t("review-note-missed-win", base);
    case "missed-win-eval": return t("review-note-missed-win-eval", base);
    case "best-captures": return t("review-note-best-captures", base);
    case "best-captures-kroo": return t("review-note-best-captures-kroo", base);
    case "best-line": return t("review-note-best-line", base);
    case "allowed-next":
    case "allowed-can": {
      const left = list((a.left || []).map((/** @type {{ pit: string, seeds: number }} */ l, /** @type {number} */ i) => (i === 0
        ? t("review-left-first", { pit: l.pit, seeds: l.seeds })
        : t("review-left-more", { pit: l.pit, seeds: l.seeds }))));
      return note.code === "allowed-next"
        ? t("review-note-allowed-next", { ...base, left })
        : t("review-note-allowed-can", { ...base, left });
    }
    case "kroo-sown": return t("review-note-kroo-sown", base);
    case "kroo-sown-capture": return t("review-note-kroo-sown-capture", base);
    case "kroo-built": return t("review-note-kroo-built", base);
    case "kroo-missed-sown": return t("review-note-kroo-missed-sown", base);
    case "kroo-missed-sown-capture": return t("review-note-kroo-missed-sown-capture", base);
    case "kroo-missed-built": return t("review-note-kroo-missed-built", base);
    case "forced-feed": {
      const moves = a.moves || [];
      return t("review-note-forced-feed", { ...base, moves: list(moves), count: moves.length });
    }
    case "only-legal": return t("review-note-only-legal", base);
    case "only-move": return t("review-note-only-move", { ...base, seeds: decimal(seedsOf(a.lost) / 100, 2) });
    default: return note.text;
  }
}

/**
 * The Review panel. `showPly(ply)` shows a position of the game (game.js or online.js); `screen.all()`
 * redraws the page. Owns `st.review`.
 * @param {PageState} st
 * @param {{ showPly: (ply: number) => void, screen: { all: () => void } }} parts
 */
export function createReview(st, { showPly, screen }) {
  const el = {
    panel: $("#review-panel"),
    progress: /** @type {HTMLProgressElement} */ ($("#review-progress")),
    progressText: $("#review-progress-text"),
    graph: $("#review-graph"),
    summary: $("#review-summary"),
    detail: $("#review-detail"),
    note: $("#review-note"),
    again: $("#btn-review-again"),
    close: $("#btn-review-close"),
    menu: /** @type {HTMLButtonElement} */ ($("#btn-review")),
  };
  /** @type {ReturnType<typeof setInterval> | null} */
  let poll = null; // the timer looking at a running review (in case events do not arrive)

  /** A fresh review state for the game on screen. `run`, `step`: the version of the newest answer or event taken. */
  /** @returns {ReviewState} */
  function blank() {
    return { id: st.id, status: "none", done: 0, total: 0, data: null, current: false, computedAt: null, error: null, selected: null, open: false, run: 0, step: 0 };
  }

  /**
   * Whether answer or event `v` is at least as new as what `r` shows (the server versions each by `(run, step)`,
   * run first), and if so records its version. An older one crossed a newer one on the way: it is dropped.
   * @param {ReviewState} r
   * @param {{ run?: number, step?: number, status: string }} v
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

  /** Takes the server's answer (`ReviewView`) into `st.review`, unless it is older than what it shows: `false` then. @param {P.ReviewView} v */
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
    const id = st.id;
    if (!st.game || !id) return;
    const r = st.review && st.review.id === id ? st.review : (st.review = blank());
    r.open = true;
    r.error = null;
    render();
    try {
      const v = await api.startReview(id, st.token);
      // The events may have told more (the end) before this answer came: keep that.
      if (!take(v)) return;
      if (v.status === "running") { say(t("review-running"), "info"); announce(t("review-running-spoken")); }
      else if (v.status === "done") finished();
    } catch (e) {
      r.status = r.data ? "done" : "none";
      r.error = errorText(e);
      say(r.error);
    }
    screen.all();
  }

  /** A `review` event: progress, the end (the result is fetched), or a failure. @param {P.ReviewEvent} ev */
  function onEvent(ev) {
    const r = st.review;
    if (!r || r.id !== st.id || !fresh(r, ev)) return;
    if (ev.status === "running") {
      r.status = "running";
      r.done = ev.done || 0;
      r.total = ev.total || 0;
      watch();
      render();
    } else if (ev.status === "done") {
      fetchState();
    } else if (ev.status === "failed") {
      r.status = r.data ? "done" : "failed";
      r.error = ev.error || null;
      watch();
      say(t("review-failed", { error: ev.error }));
      render();
    }
  }

  /** The review just finished: say so with each player's accuracy. */
  function finished() {
    const d = st.review && st.review.data;
    if (!d) return;
    const msg = t("review-ready", {
      south: sideName(st, "S"), southAccuracy: decimal(summaryOf(d, "S").accuracy, 1),
      north: sideName(st, "N"), northAccuracy: decimal(summaryOf(d, "N").accuracy, 1),
    });
    say(msg, "info");
    announce(msg);
  }

  const summaryOf = (/** @type {ReviewData} */ d, /** @type {P.Side} */ side) => (side === "S" ? d.summary.south : d.summary.north);

  /** Whether the review is on screen with a result: the move list and ← → select reviewed moves. */
  function active() {
    return !!(st.review && st.review.id === st.id && st.review.open && st.review.data && reviewFits(st));
  }

  /** Selects reviewed move `i` (from 0): the board shows the position before it, marked. @param {number} i */
  function select(i) {
    const r = st.review;
    if (!r || !active()) return;
    const n = r.data.moves.length;
    const k = Math.max(0, Math.min(n - 1, i));
    r.selected = k;
    showPly(k);
    const m = r.data.moves[k];
    announce(moveSentence(m) + " " + m.notes.map(noteText).join(" "));
  }

  /** ← → : the previous or next reviewed move (the last one first when none is selected). @param {number} delta */
  function step(delta) {
    const r = st.review;
    if (!r || !active()) return;
    if (r.selected === null || st.view !== r.selected) select(delta < 0 ? r.data.moves.length - 1 : 0);
    else select(r.selected + delta);
  }

  /** Hides the panel and goes back to the game. */
  function close() {
    if (st.review) { st.review.open = false; st.review.selected = null; }
    showPly(Infinity);
    screen.all();
  }

  /** @param {ReviewMove} m */
  function moveSentence(m) {
    const who = sideName(st, m.side);
    const symbol = m.symbol ? ` ${m.symbol}` : "";
    const word = CLASS_WORDS[m.class] ? CLASS_WORDS[m.class]() : m.class;
    return `${t("review-move", { number: m.ply + 1, name: who, move: m.played, symbol })} ${word}.`;
  }

  // ----- drawing -----

  /**
   * An SVG element with attributes, appended to `parent` when given.
   * @param {string} name
   * @param {Record<string, string | number>} attrs
   * @param {Element} [parent]
   * @returns {SVGElement}
   */
  function el2(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (parent) parent.appendChild(e);
    return e;
  }

  /** The evaluation graph: South's value (the server's, clamped at ±12 seeds) after each move. @param {ReviewState} r @param {ReviewData} d */
  function drawGraph(r, d) {
    el.graph.textContent = "";
    const g = d.graph;
    const n = g.length - 1;
    if (n < 1) return;
    const PAD = 3; // room for the dots at the ends
    const x = (/** @type {number} */ k) => PAD + (k * (W - 2 * PAD)) / n;
    const y = (/** @type {number} */ v) => H / 2 - (Math.max(-CLAMP, Math.min(CLAMP, v)) / CLAMP) * (H / 2 - 3);
    const svg = el2("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: "eval-graph", role: "img" });
    svg.setAttribute("aria-label", t("review-graph-label", { south: sideName(st, "S"), north: sideName(st, "N") }));
    el2("rect", { x: 0, y: 0, width: W, height: H, class: "eval-bg" }, svg);
    let area = `M 0 ${H / 2}`;
    g.forEach((/** @type {number} */ v, /** @type {number} */ k) => { area += ` L ${x(k).toFixed(2)} ${y(v).toFixed(2)}`; });
    area += ` L ${W} ${H / 2} Z`;
    el2("path", { d: area, class: "eval-area" }, svg);
    el2("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "eval-zero" }, svg);
    el2("polyline", { points: g.map((/** @type {number} */ v, /** @type {number} */ k) => `${x(k).toFixed(2)},${y(v).toFixed(2)}`).join(" "), class: "eval-line" }, svg);
    if (r.selected !== null && st.view === r.selected) {
      el2("line", { x1: x(r.selected + 1), y1: 0, x2: x(r.selected + 1), y2: H, class: "eval-cursor" }, svg);
    }
    d.moves.forEach((/** @type {ReviewMove} */ m, /** @type {number} */ i) => {
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

  /** @param {ReviewData} d */
  function drawSummary(d) {
    el.summary.textContent = "";
    const table = document.createElement("table");
    table.className = "review-table";
    const head = document.createElement("tr");
    const heads = [t("review-col-player"), t("review-col-accuracy"), t("review-col-best"), t("review-col-good"), "?!", "?", "??"];
    for (const text of heads) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = text;
      head.appendChild(th);
    }
    const thead = document.createElement("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    const body = document.createElement("tbody");
    for (const side of SIDES) {
      const s = summaryOf(d, side);
      const tr = document.createElement("tr");
      tr.dataset.side = side;
      const cells = [sideName(st, side), t("review-accuracy", { accuracy: decimal(s.accuracy, 1) }), s.best, s.good, s.inaccuracy, s.mistake, s.blunder];
      cells.forEach((text, i) => {
        const td = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) td.scope = "row";
        td.textContent = String(text);
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
    table.appendChild(body);
    el.summary.appendChild(table);
  }

  /** @param {ReviewState} r @param {ReviewData} d */
  function drawDetail(r, d) {
    el.detail.textContent = "";
    if (r.selected === null || st.view !== r.selected) {
      const p = document.createElement("p");
      p.className = "review-hint";
      p.textContent = t("review-hint");
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
    const lost = m.lost > 0 ? `${t("review-lost", { seeds: decimal(m.lost / 100, 2) })} ` : "";
    const value = valueText(m.played_value);
    let said;
    if (m.played !== m.best) said = t("review-values", { move: m.played, value, best: m.best, bestValue: valueText(m.best_value) });
    else if (m.only_move) said = t("review-values-only", { move: m.played, value });
    else said = t("review-values-best", { move: m.played, value });
    values.textContent = `${lost}${said}`;
    el.detail.appendChild(values);
    for (const note of m.notes) {
      const p = document.createElement("p");
      p.className = `review-note note-${note.kind}`;
      p.textContent = noteText(note);
      el.detail.appendChild(p);
    }
  }

  /** Draws the panel from `st.review`. */
  function render() {
    const g = st.game;
    // An online game is reviewed once it is over (the server refuses it before, too).
    el.menu.disabled = !g || g.ply === 0 || (!!g.online && !endOf(st));
    const r = st.review;
    el.panel.hidden = !(r && r.id === st.id && r.open);
    if (!r || el.panel.hidden) return;
    const running = r.status === "running";
    el.progress.hidden = !running;
    el.progressText.hidden = !running;
    if (running) {
      el.progress.max = Math.max(1, r.total);
      el.progress.value = r.done;
      el.progressText.textContent = t("review-progress", { done: r.done, total: r.total });
    }
    const d = r.data;
    const fits = d && reviewFits(st);
    el.note.textContent = r.error ? r.error : d && !fits ? t("review-outdated") : "";
    el.again.hidden = !(d && !fits) || running;
    if (!d) {
      el.graph.textContent = "";
      el.summary.textContent = "";
      el.detail.textContent = "";
      return;
    }
    drawGraph(r, d);
    drawSummary(d);
    drawDetail(r, d);
  }

  el.menu.addEventListener("click", start);
  el.again.addEventListener("click", start);
  el.close.addEventListener("click", close);

  return { load, start, onEvent, select, step, active, close, render };
}
