// The move list (OGN numbering, the server's move texts with capture suffixes): one button per move that
// shows the position after it.
import { $ } from "./dom.js";
import { sideName } from "./state.js";

/** The list in `#move-list`; `onSelect(ply)` is called when a move is pressed. */
export function createMoveList(st, { onSelect }) {
  const list = $("#move-list");

  function render() {
    const g = st.game;
    list.textContent = "";
    if (!g || g.moves.length === 0) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = "No moves yet.";
      list.appendChild(li);
      return;
    }
    const current = st.view === null ? g.ply : st.view;
    const startTurn = g.history[0].turn;
    let num = 1;
    let li = null;
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
      b.setAttribute("aria-label", `Move ${m.ply}: ${sideName(st, m.side)} played ${m.text}. Show this position.`);
      if (m.ply === current) { b.classList.add("current"); b.setAttribute("aria-current", "step"); }
      b.addEventListener("click", () => onSelect(m.ply));
      li.appendChild(b);
      if (m.side === "N") num++;
    });
    const cur = list.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  return { render };
}
