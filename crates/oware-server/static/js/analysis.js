// The engine's help: the hint (one pit marked on the board) and the Analysis panel (score, best line,
// depth, nodes, streamed by `analysis` events) with the endgame database values of the live position.
// Both ask the server, which runs the engine; this module shows its answers. In an online game there is no
// hint, and the panel is off for the players while the game runs (spectators and finished games only).
import { $ } from "./dom.js";
import { LETTERS, sideName, canMoveNow, isOnline, isPlayingOnline } from "./state.js";
import * as api from "./api.js";
import { say, announce } from "./status.js";

/** The Analysis panel and the hint. Owns `st.analysis`. */
export function createAnalysis(st, { board }) {
  const el = {
    button: $("#btn-analyse"),
    score: $("#analysis-score"),
    line: $("#analysis-line"),
    depth: $("#analysis-depth"),
    nodes: $("#analysis-nodes"),
    egdb: $("#egdb"),
    egdbList: $("#egdb-list"),
    egdbBuild: $("#egdb-build"),
  };

  /** Empties the panel, with `text` in place of the best line. */
  function idle(text) {
    el.score.textContent = "–";
    el.line.textContent = text || "–";
    el.depth.textContent = "–";
    el.nodes.textContent = "–";
  }

  /** Asks for a hint for the live position; the answer marks a pit (see `onEvent`). */
  async function hint() {
    if (!canMoveNow(st) || isOnline(st)) return;
    say("Looking for a good move…", "info");
    try {
      const r = await api.startAnalysis(st.id, st.token, { purpose: "hint", movetime_ms: 1200 }, st.watcher);
      st.analysis.hintSeq = r.seq;
    } catch (e) { say(e.message); }
  }

  /** Analyses the shown position (live or replayed); events fill the panel. */
  async function start() {
    const g = st.game;
    if (!g) return;
    if (st.view === null && g.outcome) { idle("The game is over."); return; }
    const ply = st.view === null ? g.ply : st.view;
    el.score.textContent = "…";
    try {
      const r = await api.startAnalysis(st.id, st.token, { ply, purpose: "analysis", movetime_ms: 5000 }, st.watcher);
      st.analysis.seq = r.seq;
    } catch (e) { idle(e.message); }
  }

  /** Analyses again if the panel is on (after a move, undo, or a replay step). */
  function refresh() {
    if (st.analysis.on && isPlayingOnline(st)) { toggle(); idle("No analysis for the players while the game runs."); return; }
    if (st.analysis.on) start();
  }

  /** Turns the panel on or off. */
  function toggle() {
    if (!st.analysis.on && isPlayingOnline(st)) { idle("No analysis for the players while the game runs."); return; }
    st.analysis.on = !st.analysis.on;
    el.button.setAttribute("aria-pressed", String(st.analysis.on));
    el.button.textContent = st.analysis.on ? "Stop" : "Analyse";
    if (st.analysis.on) start();
    else {
      if (st.id) api.stopAnalysis(st.id, st.token, st.watcher).catch(() => {});
      idle();
    }
  }

  /** An `analysis` event: a hint's answer, or a step of the running analysis. Stale ones are dropped. */
  function onEvent(ev) {
    if (ev.purpose === "hint") {
      if (ev.seq !== st.analysis.hintSeq || !ev.done) return;
      if (!st.game || ev.ply !== st.game.ply || st.view !== null) return;
      if (!ev.best) return;
      const p = LETTERS.indexOf(ev.best);
      board.clearHint();
      if (p >= 0) board.markHint(p);
      const msg = `Hint: try ${ev.best} (${ev.score_text} for you).`;
      say(msg, "info");
      announce(msg);
      return;
    }
    if (!st.analysis.on || ev.seq !== st.analysis.seq) return;
    el.score.textContent = `${ev.score_text}`;
    el.score.title = `for ${sideName(st, ev.side)}, the side to move`;
    const line = ev.pv.length ? ev.pv.join(" ") : (ev.best || "–");
    el.line.textContent = `${line}  (${sideName(st, ev.side)} to move)`;
    el.depth.textContent = ev.done ? `${ev.depth} (done)` : String(ev.depth);
    el.nodes.textContent = ev.nodes.toLocaleString();
  }

  /** The Analyse button's state and the endgame database list of the live position. */
  function render() {
    const g = st.game;
    el.button.disabled = !g || isPlayingOnline(st) || (st.view === null && !!g.outcome) || (st.view !== null && st.view === g.ply && !!g.outcome);
    if (!g || !g.egdb || st.view !== null || isPlayingOnline(st)) { el.egdb.hidden = true; return; }
    el.egdb.hidden = false;
    el.egdbList.textContent = "";
    const who = sideName(st, g.position.turn);
    for (const v of g.egdb) {
      const li = document.createElement("li");
      li.textContent = `${v.letter}: ${who === "You" ? v.text.replace(/^wins/, "you win") : `${who} ${v.text}`}`;
      el.egdbList.appendChild(li);
    }
  }

  el.button.addEventListener("click", toggle);
  /** While the server builds its endgame tables, says so in the panel and looks again every 5 s. */
  async function watchTables() {
    let e = null;
    try { e = (await api.getHealth()).egdb; } catch { /* said nothing: try no more */ }
    const building = !!(e && e.building);
    el.egdbBuild.hidden = !building;
    if (!building) return;
    const ready = e.max_seeds === null ? "" : ` (0–${e.max_seeds} seeds ready)`;
    el.egdbBuild.textContent = `endgame database: building (up to ${e.target} seeds)${ready}`;
    setTimeout(watchTables, 5000);
  }

  return { hint, start, refresh, toggle, idle, onEvent, render, watchTables };
}
