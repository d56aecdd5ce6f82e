// The engine's help: the hint (one pit marked on the board) and the Analysis panel (score, best line,
// depth, nodes, streamed by `analysis` events) with the endgame database values of the live position.
// Both run in the page's engine worker (engine-local.js: the engine compiled to WebAssembly) when the
// browser has one, else ask the server, which runs the engine; this module shows the answers, which have
// the same shape either way (`analysis` events). In an online game there is no
// hint, and the panel is off for the players while the game runs (spectators and finished games only).
/** @import * as P from "../../types/protocol" */
/** @import { PageState, BoardPart, AnalysisStep } from "./state.js" */
import { $ } from "./dom.js";
import { errorText } from "./request.js";
import { LETTERS, sideName, canMoveNow, isOnline, isPlayingOnline, isComputerGame, viewSide } from "./state.js";
import * as api from "./api.js";
import { say, announce } from "./status.js";
import { t, lang } from "./i18n.js";
import { localEngine, engineGame } from "./engine-local.js";

/**
 * The engine's score text (`+1.50`, `win in 7`, `loss in 4`, `proven win`, `proven loss`: oware-engine's
 * `score_to_text`) in the page's language; an evaluation is notation and stays as it is.
 * @param {string | null | undefined} text
 */
export function scoreText(text) {
  const s = String(text || "");
  let m;
  if ((m = /^win in (\d+)$/.exec(s))) return t("review-value-win-in", { plies: Number(m[1]) });
  if ((m = /^loss in (\d+)$/.exec(s))) return t("review-value-loss-in", { plies: Number(m[1]) });
  if (s === "proven win") return t("review-value-proven-win");
  if (s === "proven loss") return t("review-value-proven-loss");
  return s;
}

/** Half seeds as seeds in the page's language: `7`, `7.5` (`7,5`). @param {number} h */
const halves = (h) => (h % 2 ? (h / 2).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : String(h / 2));

/** The Analysis panel and the hint. Owns `st.analysis`. @param {PageState} st @param {{ board: BoardPart }} parts */
export function createAnalysis(st, { board }) {
  const el = {
    button: /** @type {HTMLButtonElement} */ ($("#btn-analyse")),
    score: $("#analysis-score"),
    line: $("#analysis-line"),
    depth: $("#analysis-depth"),
    nodes: $("#analysis-nodes"),
    egdb: $("#egdb"),
    egdbList: $("#egdb-list"),
    egdbBuild: $("#egdb-build"),
  };

  /** Empties the panel, with `text` in place of the best line. @param {string} [text] */
  function idle(text) {
    el.score.textContent = "–";
    el.line.textContent = text || "–";
    el.depth.textContent = "–";
    el.nodes.textContent = "–";
  }

  /** The page engine's analysis running for the panel (its id), if any; the last local sequence number. */
  /** @type {number | null} */
  let localRun = null;
  let localSeq = 0;

  /**
   * Runs a search of the game up to `ply` in the page's engine for `movetime_ms`, its steps given to
   * `onEvent` as the server's `analysis` events would be (local sequence numbers are negative). `null`
   * when the page has no engine; else the run's id.
   * @param {P.Purpose} purpose @param {number} ply @param {number} movetime_ms
   */
  async function analyseHere(purpose, ply, movetime_ms) {
    const local = await localEngine();
    const g = st.game;
    if (!local || !g) return null;
    const seq = -++localSeq;
    if (purpose === "hint") st.analysis.hintSeq = seq;
    else st.analysis.seq = seq;
    const side = (g.history[ply] || g.position).turn;
    return local.analyse(engineGame(g, ply === g.ply ? null : ply), movetime_ms, (a, done) => {
      if (a.error) {
        const msg = t("review-engine-failed", { error: a.error });
        if (purpose === "hint") say(msg); else idle(msg);
        return;
      }
      onEvent({ purpose, seq, ply, side, done, best: a.best, score_text: a.score_text, pv: a.pv ? a.pv.split(" ") : [], depth: a.depth, nodes: a.nodes });
    });
  }

  /** Asks for a hint for the live position; the answer marks a pit (see `onEvent`). */
  async function hint() {
    if (!canMoveNow(st) || isOnline(st)) return;
    say(t("review-hint-looking"), "info");
    const g = st.game, id = st.id;
    if (!g || !id) return;
    if ((await analyseHere("hint", g.ply, 1200)) !== null) return;
    try {
      const r = await api.startAnalysis(id, st.token, { purpose: "hint", movetime_ms: 1200 }, st.watcher);
      st.analysis.hintSeq = r.seq;
    } catch (e) { say(errorText(e)); }
  }

  /** Analyses the shown position (live or replayed); events fill the panel. */
  async function start() {
    const g = st.game;
    if (!g) return;
    if (st.view === null && g.outcome) { idle(t("review-analysis-over")); return; }
    const ply = st.view === null ? g.ply : st.view;
    el.score.textContent = "…";
    stopHere();
    localRun = await analyseHere("analysis", ply, 5000);
    if (localRun !== null || !st.id) return;
    try {
      const r = await api.startAnalysis(st.id, st.token, { ply, purpose: "analysis", movetime_ms: 5000 }, st.watcher);
      st.analysis.seq = r.seq;
    } catch (e) { idle(errorText(e)); }
  }

  /** Stops the page engine's analysis for the panel, if one runs. */
  function stopHere() {
    if (localRun === null) return;
    const id = localRun;
    localRun = null;
    localEngine().then((local) => local && local.stop(id));
  }

  /** Analyses again if the panel is on (after a move, undo, or a replay step). */
  function refresh() {
    if (st.analysis.on && isPlayingOnline(st)) { toggle(); idle(t("review-analysis-players")); return; }
    if (st.analysis.on) start();
  }

  /** Turns the panel on or off. */
  function toggle() {
    if (!st.analysis.on && isPlayingOnline(st)) { idle(t("review-analysis-players")); return; }
    st.analysis.on = !st.analysis.on;
    el.button.setAttribute("aria-pressed", String(st.analysis.on));
    el.button.textContent = st.analysis.on ? t("review-analysis-stop") : t("review-analysis-start");
    if (st.analysis.on) start();
    else {
      stopHere();
      // (Negative sequence numbers are the page engine's analyses: nothing runs on the server.)
      if (st.id && !(st.analysis.seq < 0)) api.stopAnalysis(st.id, st.token, st.watcher).catch(() => {});
      idle();
    }
  }

  /** An `analysis` event: a hint's answer, or a step of the running analysis. Stale ones are dropped. @param {AnalysisStep} ev */
  function onEvent(ev) {
    if (ev.purpose === "hint") {
      if (ev.seq !== st.analysis.hintSeq || !ev.done) return;
      if (!st.game || ev.ply !== st.game.ply || st.view !== null) return;
      if (!ev.best) return;
      const p = LETTERS.indexOf(ev.best);
      board.clearHint();
      if (p >= 0) board.markHint(p);
      const msg = t("review-hint-found", { move: ev.best, score: scoreText(ev.score_text) });
      say(msg, "info");
      announce(msg);
      return;
    }
    if (!st.analysis.on || ev.seq !== st.analysis.seq) return;
    el.score.textContent = scoreText(ev.score_text);
    el.score.title = t("review-analysis-score-title", { name: sideName(st, ev.side) });
    const line = ev.pv.length ? ev.pv.join(" ") : (ev.best || "–");
    el.line.textContent = t("review-analysis-line", { line, name: sideName(st, ev.side) });
    el.depth.textContent = ev.done ? t("review-analysis-depth-done", { depth: ev.depth }) : String(ev.depth);
    el.nodes.textContent = ev.nodes.toLocaleString(lang);
  }

  /** The Analyse button's state and the endgame database list of the live position. */
  function render() {
    const g = st.game;
    el.button.disabled = !g || isPlayingOnline(st) || (st.view === null && !!g.outcome) || (st.view !== null && st.view === g.ply && !!g.outcome);
    if (!g || !g.egdb || st.view !== null || isPlayingOnline(st)) { el.egdb.hidden = true; return; }
    el.egdb.hidden = false;
    el.egdbList.textContent = "";
    const who = sideName(st, g.position.turn);
    // In a game against the computer the side to move on the bottom row is the player: "you win".
    const you = isComputerGame(st) && g.position.turn === viewSide(st);
    const total = g.position.pits.reduce((a, b) => a + b, 0);
    for (const v of g.egdb) {
      const li = document.createElement("li");
      const args = { move: v.letter, name: who, total, seeds: halves(v.lo_halves), low: halves(v.lo_halves), high: halves(v.hi_halves) };
      const exact = v.lo_halves === v.hi_halves;
      if (you) li.textContent = exact ? t("review-egdb-you", args) : t("review-egdb-you-range", args);
      else li.textContent = exact ? t("review-egdb", args) : t("review-egdb-range", args);
      el.egdbList.appendChild(li);
    }
  }

  el.button.addEventListener("click", toggle);
  /** While the server builds its endgame tables, says so in the panel and looks again every 5 s. */
  async function watchTables() {
    /** @type {P.EgdbHealth | null | undefined} */
    let e = null;
    try { e = (await api.getHealth()).egdb; } catch { /* said nothing: try no more */ }
    const building = !!(e && e.building);
    el.egdbBuild.hidden = !building;
    if (!e || !building) return;
    el.egdbBuild.textContent = e.max_seeds === null
      ? t("review-egdb-building", { target: e.target })
      : t("review-egdb-building-ready", { target: e.target, ready: e.max_seeds });
    setTimeout(watchTables, 5000);
  }

  return { hint, start, refresh, toggle, idle, onEvent, render, watchTables };
}
