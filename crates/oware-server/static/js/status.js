// What the page says: the status line over the board, the message line under it, and the polite live
// region read by screen readers. The sentences about moves are built from the server's move detail and
// reasons; none of them decides a rule.
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { LETTERS, fmt, other, owner, sideName, isYou, isComputerGame, viewSide, pitInfo, endOf } from "./state.js";

const statusEl = $("#status");
const messageEl = $("#message");
const liveEl = $("#live");

/** Adds a sentence to the live region (the last six stay). @param {string} text */
export function announce(text) {
  const p = document.createElement("p");
  p.textContent = text;
  liveEl.appendChild(p);
  while (liveEl.childNodes.length > 6) liveEl.removeChild(/** @type {ChildNode} */ (liveEl.firstChild));
}

/** Shows a sentence under the board; `kind` "info" is not an error. Empty text clears it. @param {string | null | undefined} text @param {string} [kind] */
export function say(text, kind) {
  messageEl.textContent = text || "";
  messageEl.className = "message" + (kind ? " " + kind : "");
}

/** The status line: whose turn, thinking, replay, or the result. @param {PageState} st */
export function renderStatus(st) {
  const g = st.game;
  statusEl.classList.remove("your-turn");
  if (!g) { statusEl.textContent = t("game-status-choose"); return; }
  if (st.view !== null) {
    statusEl.textContent = st.view === 0 ? t("game-status-replay-start") : t("game-status-replay", { ply: st.view });
    return;
  }
  const end = endOf(st);
  if (g.online && !end) {
    const o = g.online;
    const turn = g.position.turn;
    const name = sideName(st, turn);
    if (o.status === "open") statusEl.textContent = st.seat ? t("game-status-open-invite") : t("game-status-seat-free");
    else if (o.status === "aborted") statusEl.textContent = t("game-status-aborted");
    else if (o.status === "cancelled") statusEl.textContent = t("game-status-cancelled");
    else if (st.seat === turn) { statusEl.textContent = t("game-status-your-move"); statusEl.classList.add("your-turn"); }
    else if (st.seat) statusEl.textContent = t("game-status-waiting", { name });
    else statusEl.textContent = t("game-status-watching", { name });
    return;
  }
  if (end && end.reason === "aborted") { statusEl.textContent = t("game-status-aborted"); return; }
  if (end) {
    const o = end;
    const vs = viewSide(st);
    const score = { bottom: fmt(o.scores[vs]), top: fmt(o.scores[other(vs)]) };
    statusEl.textContent = !o.winner
      ? t("game-status-over-draw", score)
      : isYou(st, o.winner)
      ? t("game-status-over-you-win", score)
      : t("game-status-over-wins", { name: sideName(st, o.winner), ...score });
    return;
  }
  const turn = g.position.turn;
  if (g.computer_to_move || g.thinking) {
    statusEl.textContent = "";
    statusEl.append(t("game-status-thinking", { name: sideName(st, turn) }));
    const d = document.createElement("span");
    d.className = "dots";
    statusEl.append(d);
    return;
  }
  statusEl.textContent = isComputerGame(st) ? t("game-status-your-turn") : t("game-status-to-move", { name: sideName(st, turn) });
  statusEl.classList.add("your-turn");
}

/** A move in words, from the server's detail: "You played C: 4 seeds sown, capturing 3 from d." @param {PageState} st @param {P.MoveDetailView} d */
export function describeMove(st, d) {
  const you = isYou(st, d.side);
  const args = {
    name: sideName(st, d.side),
    letter: d.letter,
    sown: d.sown.length,
    captured: d.captured,
    pits: d.captured_pits.map((p) => LETTERS[p]).join(", "),
  };
  if (d.captured > 0 && d.grand_slam) return you ? t("game-move-you-slam-capture", args) : t("game-move-slam-capture", args);
  if (d.captured > 0) return you ? t("game-move-you-capture", args) : t("game-move-capture", args);
  if (d.grand_slam) return you ? t("game-move-you-slam", args) : t("game-move-slam", args);
  return you ? t("game-move-you", args) : t("game-move", args);
}

/**
 * Why the server says pit `info` cannot be played, in the page's language: by the reason's code (the
 * server's English `reason` is the same for every watcher), the server's words for a code this page does
 * not know.
 * @param {PageState} st
 * @param {P.PitInfo} info
 */
export function pitReason(st, info) {
  const g = st.game;
  const hungry = g ? other(g.position.turn) : "S";
  switch (info.code) {
    case "empty-pit": return t("game-why-empty-pit", { pit: info.letter });
    case "must-feed":
      return isYou(st, hungry) ? t("game-why-must-feed-you") : t("game-why-must-feed", { name: sideName(st, hungry) });
    case "grand-slam": return t("game-why-grand-slam");
    case "game-over": return t("game-why-game-over");
    default: return info.reason || "";
  }
}

/** Why pit `p` cannot be played now (the server's reason when the pit itself is the problem). @param {PageState} st @param {number} p */
export function explainPit(st, p) {
  const g = st.game;
  if (!g) return t("game-why-no-game");
  if (st.view !== null) return t("game-why-replay");
  if (g.outcome) return t("game-why-game-over");
  const turn = g.position.turn;
  const name = sideName(st, turn);
  if (g.computer_to_move || g.thinking) return t("game-why-wait", { name });
  if (owner(p) !== turn) return isComputerGame(st) ? t("game-why-computers-pit") : t("game-why-not-your-row", { name });
  const info = pitInfo(st, p);
  return info && !info.legal ? pitReason(st, info) : "";
}
