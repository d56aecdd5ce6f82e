// What the page says: the status line over the board, the message line under it, and the polite live
// region read by screen readers. The sentences about moves are built from the server's move detail and
// reasons; none of them decides a rule.
import { $, count } from "./dom.js";
import { LETTERS, fmt, other, owner, sideName, isComputerGame, viewSide, pitInfo, endOf } from "./state.js";

const statusEl = $("#status");
const messageEl = $("#message");
const liveEl = $("#live");

/** Adds a sentence to the live region (the last six stay). */
export function announce(text) {
  const p = document.createElement("p");
  p.textContent = text;
  liveEl.appendChild(p);
  while (liveEl.childNodes.length > 6) liveEl.removeChild(liveEl.firstChild);
}

/** Shows a sentence under the board; `kind` "info" is not an error. Empty text clears it. */
export function say(text, kind) {
  messageEl.textContent = text || "";
  messageEl.className = "message" + (kind ? " " + kind : "");
}

/** The status line: whose turn, thinking, replay, or the result. */
export function renderStatus(st) {
  const g = st.game;
  statusEl.classList.remove("your-turn");
  if (!g) { statusEl.textContent = "Choose an opponent to start."; return; }
  if (st.view !== null) {
    statusEl.textContent = st.view === 0 ? "Replay: start position" : `Replay: position after move ${st.view}`;
    return;
  }
  const end = endOf(st);
  if (g.online && !end) {
    const o = g.online;
    const turn = g.position.turn;
    if (o.status === "open") statusEl.textContent = st.seat ? "Waiting for an opponent: send the invite link" : "A seat is free: take it to play";
    else if (o.status === "aborted") statusEl.textContent = "Game aborted";
    else if (o.status === "cancelled") statusEl.textContent = "This challenge was cancelled";
    else if (st.seat === turn) { statusEl.textContent = "Your move"; statusEl.classList.add("your-turn"); }
    else if (st.seat) statusEl.textContent = `Waiting for ${sideName(st, turn)} to move`;
    else statusEl.textContent = `${sideName(st, turn)} to move · you are watching`;
    return;
  }
  if (end && end.reason === "aborted") { statusEl.textContent = "Game aborted"; return; }
  if (end) {
    const o = end;
    const vs = viewSide(st);
    const winner = o.winner && sideName(st, o.winner);
    const w = o.winner ? (g.online && st.seat === o.winner ? "You win" : `${winner} ${winner === "You" ? "win" : "wins"}`) : "Draw";
    statusEl.textContent = `Game over: ${w}, ${fmt(o.scores[vs])}–${fmt(o.scores[other(vs)])}`;
    return;
  }
  const turn = g.position.turn;
  if (g.computer_to_move || g.thinking) {
    statusEl.textContent = "";
    statusEl.append(`${sideName(st, turn)} is thinking`);
    const d = document.createElement("span");
    d.className = "dots";
    statusEl.append(d);
    return;
  }
  statusEl.textContent = isComputerGame(st) ? "Your turn: pick one of your pits" : `${sideName(st, turn)} to move`;
  statusEl.classList.add("your-turn");
}

/** A move in words, from the server's detail: "You played C: 4 seeds sown, capturing 3 from d." */
export function describeMove(st, d) {
  const who = st.seat === d.side ? "You" : sideName(st, d.side);
  const verb = who === "You" ? "played" : "plays";
  let text = `${who} ${verb} ${d.letter}: ${count(d.sown.length, "seed")} sown`;
  if (d.captured > 0) {
    const pits = d.captured_pits.map((p) => LETTERS[p]).join(", ");
    text += `, capturing ${d.captured} from ${pits}`;
    if (d.grand_slam) text += " (grand slam)";
  } else if (d.grand_slam) {
    text += " (a grand slam: no capture under these rules)";
  }
  return text + ".";
}

/** Why pit `p` cannot be played now (the server's reason when the pit itself is the problem). */
export function explainPit(st, p) {
  const g = st.game;
  if (!g) return "Start a game first.";
  if (st.view !== null) return "You are looking at an earlier position: go back to the game to play.";
  if (g.outcome) return "The game is over.";
  const turn = g.position.turn;
  if (g.computer_to_move || g.thinking) return `Wait: ${sideName(st, turn)} is thinking.`;
  if (owner(p) !== turn) {
    return isComputerGame(st) ? "That pit is the computer's. Yours are the bottom row." : `It is ${sideName(st, turn)}'s turn: play a pit on ${sideName(st, turn)}'s row.`;
  }
  const info = pitInfo(st, p);
  return info && info.reason ? info.reason : "";
}
