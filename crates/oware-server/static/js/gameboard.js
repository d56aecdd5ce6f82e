// The game's board on the home page and an online game's page (and its review): the board component
// (board.js) in `#board`, given the game's position and marks (playable, last move, captures, hint,
// endgame database values, the review's moves), the players' names, ratings and scores beside it, and the
// sowing animation at the chosen speed. The pits a person may press and why not come from
// `st.game.pits_info` (the server's, or the WASM engine's for a game played in the page).
import { $, reducedMotion } from "./dom.js";
import { t } from "./i18n.js";
import { LETTERS, fmt, other, owner, sideName, isYou, seatOf, viewSide, pitInfo, canMoveNow, shownPosition, endOf, reviewedMove } from "./state.js";
import { pitReason } from "./status.js";
import { ratingText, diffText, profileUrl } from "./account.js";
import { botMark } from "./challenge.js";
import { createBoard, pitOfLetter } from "./board.js";
/** @import * as P from "../../types/protocol" */
/** @import { Side } from "./board.js" */

const START = { pits: Array(12).fill(4), stores: { S: 0, N: 0 }, turn: /** @type {Side} */ ("S") };

/**
 * Builds the game's board and returns its drawing functions. `onPit(p)` is called when pit `p` (absolute,
 * 0–11) is pressed, legal or not: the caller explains a refusal.
 * @param {import("./state.js").PageState} st
 * @param {{ onPit: (p: number) => void }} handlers
 */
export function createGameBoard(st, { onPit }) {
  const el = {
    nameTop: $("#name-top"),
    nameBottom: $("#name-bottom"),
    ratingTop: $("#rating-top"),
    ratingBottom: $("#rating-bottom"),
    scoreTop: $("#score-top"),
    scoreBottom: $("#score-bottom"),
  };
  const board = createBoard(/** @type {HTMLElement} */ ($("#board")), {
    onPit: (p) => onPit(p),
    pitLabel: (p, n) => {
      const side = owner(p);
      const args = { name: sideName(st, side), letter: LETTERS[p], count: n };
      return isYou(st, side) ? t("game-pit-label-you", args) : t("game-pit-label", args);
    },
    storeLabel: (side, n) => {
      const args = { name: sideName(st, side), count: n };
      return isYou(st, side) ? t("game-store-label-you", args) : t("game-store-label", args);
    },
  });
  /** @type {HTMLElement[]} */
  const pits = Array.from({ length: 12 }, (_, p) => board.pit(p));

  /** Draws counts and seeds of a position, the scores beside it. @param {{ pits: number[], stores: { S: number, N: number }, turn: Side }} pos */
  function draw(pos) {
    const vs = viewSide(st);
    if (board.bottom() !== vs) { board.setBottom(vs); board.relayout(); }
    board.draw(pos);
    el.scoreBottom.textContent = String(pos.stores[vs]);
    el.scoreTop.textContent = String(pos.stores[other(vs)]);
  }

  /**
   * The scores by the names. While the game goes on, and for an ending where no seeds were left to share out,
   * they are the seeds captured (the stores). Once the rules ended the game and gave out the seeds left on the
   * board (no feeding, a cycle, an agreed cycle), they are the server's final scores (`outcome.scores`), the
   * same as the status line's "You win 25–23", with the seeds captured in the tooltip.
   * @param {boolean} live
   */
  function showScores(live) {
    const vs = viewSide(st);
    const o = live && !st.busy && st.game ? st.game.outcome : null;
    const shared = !!o && (o.scores.S !== o.captured.S || o.scores.N !== o.captured.N);
    const shown = board.shown();
    for (const [scoreEl, side] of /** @type {[HTMLElement, Side][]} */ ([[el.scoreBottom, vs], [el.scoreTop, other(vs)]])) {
      scoreEl.classList.toggle("final", shared);
      if (shared) {
        scoreEl.textContent = fmt(o.scores[side]);
        const words = t("game-score-final", { total: fmt(o.scores[side]), captured: o.captured[side], shared: fmt(o.scores[side] - o.captured[side]) });
        scoreEl.title = words;
        scoreEl.setAttribute("aria-label", words);
      } else {
        scoreEl.textContent = String(shown.stores[side]);
        scoreEl.removeAttribute("title");
        scoreEl.setAttribute("aria-label", t("game-captured-seeds"));
      }
    }
  }

  /** Marks the pits (playable, illegal, last move, endgame values), the labels and the player names. */
  function decorate() {
    const g = st.game;
    const live = st.view === null;
    const turn = g ? g.position.turn : "S";
    const last = live && g && !st.busy ? g.last : null;
    const egdb = live && g && g.egdb ? g.egdb : null;
    const reviewed = reviewedMove(st); // the review's selected move: its played and best pits are marked
    const active = canMoveNow(st) && !st.busy;
    /** @type {number[]} */
    const playable = [], illegal = [], inactive = [];
    /** @type {Record<number, string>} */
    const reasons = {};
    for (let p = 0; p < 12; p++) {
      const info = pitInfo(st, p);
      const mine = active && owner(p) === turn;
      if (mine && info && info.legal) playable.push(p);
      else if (mine && info) illegal.push(p);
      else inactive.push(p);
      if (info && !info.legal && g && !g.outcome) {
        const why = pitReason(st, info);
        if (why) reasons[p] = why;
      }
    }
    board.mark({
      playable, illegal, inactive, reasons,
      hint: null,
      ...(st.busy ? {} : { lastFrom: last ? last.from : null, captured: last ? last.captured_pits : [] }),
      lastTo: last && last.sown.length ? last.sown[last.sown.length - 1] : null,
      played: reviewed ? pitOfLetter(reviewed.played) : null,
      best: reviewed && reviewed.best !== reviewed.played ? pitOfLetter(reviewed.best) : null,
    });
    const seeds = g ? g.position.pits.reduce((/** @type {number} */ a, /** @type {number} */ x) => a + x, 0) : 0;
    for (let p = 0; p < 12; p++) {
      const b = pits[p];
      let tag = b.querySelector(".egdb-tag");
      const v = egdb && owner(p) === turn && egdb.find((e) => e.pit + (turn === "S" ? 0 : 6) === p);
      if (v) {
        if (!tag) { tag = document.createElement("span"); tag.className = "egdb-tag"; b.appendChild(tag); }
        const lo = v.lo_halves / 2, hi = v.hi_halves / 2;
        const n = seeds;
        tag.textContent = lo === hi ? `${fmt(lo)}/${n}` : `${fmt(lo)}–${fmt(hi)}/${n}`;
        /** @type {HTMLElement} */ (tag).title = lo === hi ? t("game-egdb-exact", { lo: fmt(lo), total: n }) : t("game-egdb-range", { lo: fmt(lo), hi: fmt(hi), total: n });
      } else if (tag) {
        tag.remove();
      }
    }
    const vs = viewSide(st);
    showName(el.nameBottom, el.ratingBottom, vs);
    showName(el.nameTop, el.ratingTop, other(vs));
    const shownTurn = board.shown().turn || turn;
    const over = endOf(st) && live;
    el.nameBottom.classList.toggle("to-move", !over && shownTurn === vs);
    el.nameTop.classList.toggle("to-move", !over && shownTurn !== vs);
    for (const side of /** @type {Side[]} */ ([vs, other(vs)])) {
      board.row(side).setAttribute("aria-label", isYou(st, side) ? t("game-row-you") : t("game-row", { name: sideName(st, side) }));
    }
    showScores(live);
  }

  /**
   * A side's name (a link to the profile for an account's seat) and, in a rated game, its rating ("1500?") and,
   * once the game is rated, the change ("+8").
   * @param {HTMLElement} nameEl
   * @param {HTMLElement} ratingEl
   * @param {Side} side
   */
  function showName(nameEl, ratingEl, side) {
    const name = sideName(st, side);
    const seat = seatOf(st, side);
    const link = nameEl.firstElementChild;
    if (seat && seat.account && seat.name) {
      if (!link || link.textContent !== name) {
        const a = document.createElement("a");
        a.href = profileUrl(seat.name);
        a.textContent = name;
        a.className = "profile-link";
        nameEl.textContent = "";
        nameEl.append(a);
      }
    } else if (link || nameEl.textContent !== name) {
      nameEl.textContent = name;
    }
    // A bot's seat: the BOT mark beside the name.
    const mark = nameEl.querySelector(".bot-mark");
    const bot = !!(seat && seat.account && seat.bot);
    if (bot && !mark) nameEl.append(" ", botMark());
    else if (!bot && mark) { mark.previousSibling?.remove(); mark.remove(); }
    const r = seat && seat.rating;
    ratingEl.hidden = !r;
    ratingEl.textContent = "";
    if (!r) return;
    ratingEl.append(ratingText(r));
    // A rated game's changes once the move that ended it has been shown (not while it animates).
    if (typeof r.diff === "number" && !st.busy) {
      const d = document.createElement("span");
      d.className = `rating-diff ${r.diff > 0 ? "up" : r.diff < 0 ? "down" : ""}`;
      d.textContent = diffText(r.diff);
      ratingEl.append(" ", d);
    }
  }

  /** Draws the state's shown position (the start position without a game) and its marks. */
  function render() {
    draw(shownPosition(st) || START);
    decorate();
  }

  /** Milliseconds per sown seed for the chosen speed ("auto" follows the reduced-motion setting). */
  function stepMs() {
    const s = st.settings.speed;
    if (s === "off") return 0;
    if (s === "slow") return 420;
    if (s === "fast") return 90;
    if (s === "normal") return 220;
    return reducedMotion() ? 0 : 220; // auto
  }

  /** Animates one move detail from its `before` position; ends drawing `after`. @param {P.MoveDetailView} detail */
  async function animate(detail) {
    board.mark({ lastFrom: null, lastTo: null, captured: [], hint: null });
    draw(detail.before);
    decorate();
    await board.sow(detail, stepMs());
    const vs = viewSide(st);
    el.scoreBottom.textContent = String(detail.after.stores[vs]);
    el.scoreTop.textContent = String(detail.after.stores[other(vs)]);
  }

  return {
    render,
    decorate,
    animate,
    /** Removes the hint mark. */
    clearHint: () => board.mark({ hint: null }),
    /** Marks pit `p` as the hint. @param {number} p */
    markHint: (p) => board.mark({ hint: p }),
    /** Shakes a pit that cannot be played. @param {number} p */
    shake: (p) => board.shake(p),
    /** Lays the rows out again at the next draw (another game may be seen from the other side). */
    relayout: () => board.relayout(),
  };
}
