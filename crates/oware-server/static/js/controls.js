// The game's controls: Undo, Redo, Hint and the animation speed under the board, the replay bar and the
// replay buttons under the move list, and the keyboard shortcuts (1–6, U, R, H, A, N, ← →; with the game's
// review open, ← → step through the reviewed moves). Online games
// have no Undo, Redo or Hint: the buttons are hidden (body.online) and the keys do nothing.
/** @import { PageState } from "./state.js" */
import { $ } from "./dom.js";
import { canMoveNow, isComputerGame, isOnline } from "./state.js";
import { saveSettings } from "./storage.js";
import { t } from "./i18n.js";

/**
 * Wires the controls to `game` (pressPit, undo, redo, showPly), `analysis` (hint, toggle) and `dialogs`
 * (openNew). `render()` enables what can be used now.
 * @param {PageState} st
 * @param {{
 *   game: { showPly: (ply: number) => void, pressPit: (p: number) => unknown, undo: () => void, redo: () => void },
 *   analysis: { hint: () => void, toggle: () => void },
 *   dialogs: { openNew: () => void },
 *   review: { active: () => boolean, step: (d: number) => void },
 * }} parts
 */
export function createControls(st, { game, analysis, dialogs, review }) {
  const el = {
    undo: /** @type {HTMLButtonElement} */ ($("#btn-undo")),
    redo: /** @type {HTMLButtonElement} */ ($("#btn-redo")),
    hint: /** @type {HTMLButtonElement} */ ($("#btn-hint")),
    speed: /** @type {HTMLSelectElement} */ ($("#speed")),
    first: /** @type {HTMLButtonElement} */ ($("#nav-first")),
    prev: /** @type {HTMLButtonElement} */ ($("#nav-prev")),
    next: /** @type {HTMLButtonElement} */ ($("#nav-next")),
    last: /** @type {HTMLButtonElement} */ ($("#nav-last")),
    replayBar: $("#replay-bar"),
    replayText: $("#replay-text"),
  };

  const back = () => st.game && game.showPly((st.view ?? st.game.ply) - 1);
  const forward = () => st.game && st.view !== null && game.showPly(st.view + 1);
  const live = () => game.showPly(Infinity);

  /** @param {KeyboardEvent} ev */
  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target instanceof HTMLElement ? ev.target : null;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
    if (document.querySelector("dialog[open]")) return;
    const k = ev.key;
    if (k >= "1" && k <= "6") {
      ev.preventDefault();
      const g = st.game;
      if (!g) return;
      // Keys are the pits of the side to move from its own left (the bottom row, left to right, for you).
      const turn = st.view === null ? g.position.turn : g.view_side;
      const side = st.seat || (isComputerGame(st) ? g.human : turn);
      game.pressPit((side === "S" ? 0 : 6) + Number(k) - 1);
    } else if (k === "u" || k === "U") { ev.preventDefault(); game.undo(); }
    else if (k === "r" || k === "R") { ev.preventDefault(); game.redo(); }
    else if ((k === "h" || k === "H") && !isOnline(st)) { ev.preventDefault(); analysis.hint(); }
    else if ((k === "a" || k === "A") && st.game) { ev.preventDefault(); analysis.toggle(); }
    else if (k === "n" || k === "N") { ev.preventDefault(); dialogs.openNew(); }
    else if ((k === "ArrowLeft" || k === "ArrowRight") && review.active()) { ev.preventDefault(); review.step(k === "ArrowLeft" ? -1 : 1); }
    else if (k === "ArrowLeft" && st.game) { ev.preventDefault(); back(); }
    else if (k === "ArrowRight" && st.game && st.view !== null) { ev.preventDefault(); forward(); }
  }

  function render() {
    const g = st.game;
    const idle = g && !st.busy;
    const ply = g ? st.view ?? g.ply : 0;
    const online = isOnline(st);
    document.body.classList.toggle("online", online);
    el.undo.disabled = online || !(idle && g && g.can_undo && !g.thinking);
    el.redo.disabled = online || !(idle && g && g.can_redo);
    el.hint.disabled = online || !(g && !g.outcome && canMoveNow(st));
    el.first.disabled = !g || ply === 0;
    el.prev.disabled = !g || ply === 0;
    el.next.disabled = !g || st.view === null;
    el.last.disabled = !g || st.view === null;
    el.replayBar.hidden = st.view === null;
    if (g && st.view !== null) el.replayText.textContent = st.view === 0 ? t("game-replay-start") : t("game-replay-after", { ply: st.view });
  }

  el.undo.addEventListener("click", game.undo);
  el.redo.addEventListener("click", game.redo);
  el.hint.addEventListener("click", analysis.hint);
  $("#btn-back-to-game").addEventListener("click", live);
  el.first.addEventListener("click", () => game.showPly(0));
  el.prev.addEventListener("click", back);
  el.next.addEventListener("click", forward);
  el.last.addEventListener("click", live);
  el.speed.value = st.settings.speed;
  el.speed.addEventListener("change", () => { st.settings.speed = el.speed.value; saveSettings(st.settings); });
  document.addEventListener("keydown", onKey);

  return { render };
}
