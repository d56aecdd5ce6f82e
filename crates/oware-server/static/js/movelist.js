// The move list (OGN numbering, the server's move texts with capture suffixes): one button per move that
// shows the position after it, or with the game's review open, that move's review (with the review's class
// symbol, ?! ? ??, after the move).
/** @import { PageState } from "./state.js" */
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { sideName, isYou, reviewFits, reviewedMove } from "./state.js";

/** The review's word for a move's class ("Mistake."), or "" without one. @param {string} cls */
function verdictText(cls) {
  switch (cls) {
    case "best": return t("game-class-best");
    case "good": return t("game-class-good");
    case "inaccuracy": return t("game-class-inaccuracy");
    case "mistake": return t("game-class-mistake");
    case "blunder": return t("game-class-blunder");
    default: return "";
  }
}

/** The list in `#move-list`; `onSelect(ply)` is called when a move is pressed.
 * @param {PageState} st @param {{ onSelect: (ply: number) => void }} handlers */
export function createMoveList(st, { onSelect }) {
  const list = $("#move-list");

  function render() {
    const g = st.game;
    list.textContent = "";
    if (!g || g.moves.length === 0) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = t("game-no-moves");
      list.appendChild(li);
      return;
    }
    // With the review's selected move on the board (the position before it), that move is the current one.
    const reviewed = reviewedMove(st);
    const current = reviewed ? reviewed.ply + 1 : st.view === null ? g.ply : st.view;
    const judged = st.review && st.review.open && reviewFits(st) ? st.review.data.moves : null;
    const startTurn = g.history[0].turn;
    let num = 1;
    /** @type {HTMLLIElement | null} */
    let li = null; // the line of the move pair, made at the first move
    g.moves.forEach((m, i) => {
      if (m.side === "S" || i === 0) {
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
        list.appendChild(li);
      }
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m.text;
      const verdict = judged && judged[m.ply - 1];
      if (verdict && verdict.symbol) {
        const sym = document.createElement("span");
        sym.className = `review-sym class-${verdict.class}`;
        sym.textContent = verdict.symbol;
        b.appendChild(sym);
      }
      const args = { ply: m.ply, name: sideName(st, m.side), move: m.text, verdict: verdict ? verdictText(verdict.class) : "" };
      const you = isYou(st, m.side);
      const label = judged
        ? (you ? t("game-movelist-review-you", args) : t("game-movelist-review", args))
        : (you ? t("game-movelist-move-you", args) : t("game-movelist-move", args));
      b.setAttribute("aria-label", label);
      if (m.ply === current) { b.classList.add("current"); b.setAttribute("aria-current", "step"); }
      b.addEventListener("click", () => onSelect(m.ply));
      if (li) li.appendChild(b);
      if (m.side === "N") num++;
    });
    const cur = list.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  return { render };
}
