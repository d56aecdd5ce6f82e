// The board component: twelve pits and two stores drawn from a position, the one piece of code that draws
// the Oware board on every page (the game and its review, the lessons and the counting trainer, the
// puzzles, the analysis board and the editor, TV, the games in play and the home page's TV board). It
// draws what the page gives it (a position and its marks: playable, not playable and why, last move,
// captures, hint, review) and reports presses; it decides no rule. Which pits may be played, and why not,
// come from the server (or the WASM engine for a game played in the page) through the page.
/** @import * as P from "../../types/protocol" */
import { sleep, replayClass } from "./dom.js";
import { t } from "./i18n.js";
import { drawSeeds } from "./seeds.js";

/** The pits' letters by absolute pit: South's A–F (0–5), North's a–f (6–11). */
export const LETTERS = "ABCDEFabcdef";

/** @typedef {"S" | "N"} Side */
/** A position to draw: the twelve pits' seeds (A–F, a–f), the stores, the side to move. */
/** @typedef {{ pits: number[], stores: { S: number, N: number }, turn?: Side }} BoardPosition */

/**
 * The board's options.
 * @typedef {object} BoardOptions
 * @property {boolean} [interactive] pits are buttons whose presses are reported (default true)
 * @property {"normal" | "small"} [size] small: counts only, no seeds drawn, no letters (TV's many boards)
 * @property {Side} [bottom] the side whose row is at the bottom, left to right (default South)
 * @property {(p: number, e: Event) => void} [onPit] a pit pressed (absolute, 0–11), playable or not
 * @property {(p: number, n: number) => string} [pitLabel] a pit's accessible name with `n` seeds
 * @property {(side: Side, n: number) => string} [storeLabel] a store's accessible name
 * @property {(pos: BoardPosition) => string} [label] the whole board's name: the board is then one
 *   image for a screen reader (a small board that is only looked at)
 */

/**
 * The marks on the pits. A key left out leaves its mark as it is (a move being sown keeps its marks).
 * @typedef {object} BoardMarks
 * @property {number[]} [playable] pits the side to move may play
 * @property {number[]} [illegal] pits of the side to move it may not play (dimmed)
 * @property {number[]} [inactive] pits nobody may press now
 * @property {Record<number, string>} [reasons] why a pit cannot be played, said in its name
 * @property {number | null} [lastFrom] the pit the last move emptied
 * @property {number | null} [lastTo] the pit its last seed landed in
 * @property {number[]} [captured] the pits it captured
 * @property {number | null} [hint]
 * @property {number[]} [marked] pits a lesson points at (a dashed frame)
 * @property {number | null} [played] the review's move played
 * @property {number | null} [best] the review's best move
 */

/** The marks' classes by key. @type {[keyof BoardMarks, string][]} */
const MARK_CLASSES = [
  ["playable", "playable"], ["illegal", "illegal"], ["inactive", "inactive"], ["lastFrom", "last-from"], ["lastTo", "last-to"],
  ["captured", "captured"], ["hint", "hint"], ["marked", "marked"], ["played", "review-played"], ["best", "review-best"],
];

/**
 * A child of `host` with class `cls`, made (a `tag`) when the page's markup has none.
 * @param {HTMLElement} host
 * @param {string} cls
 * @param {string} tag
 * @returns {HTMLElement}
 */
function part(host, cls, tag) {
  const found = /** @type {HTMLElement | null} */ (host.querySelector(`:scope > .${cls.split(" ")[1] || cls}`));
  if (found) return found;
  const e = document.createElement(tag);
  e.className = cls;
  host.append(e);
  return e;
}

/**
 * Builds the board in `host` (its stores and rows are kept when the page's markup has them: `.store-left`,
 * `.row-top`, `.row-bottom`, `.store-right`, with their ids and names, and so are the pits of an
 * interactive board, `.pit[data-pit]` buttons with `.seeds`, `.letter` and `.count`) and returns its drawing functions.
 * @param {HTMLElement} host
 * @param {BoardOptions} [options]
 */
export function createBoard(host, options = {}) {
  const interactive = options.interactive !== false;
  const small = options.size === "small";
  const seeds = !small;
  host.classList.add("board");
  host.classList.toggle("board-small", small);
  // A board named as a whole is an image once it has a name (its first draw): an unnamed image is an error.
  const storeLeft = part(host, "store store-left", "div");
  const rowTop = part(host, "row row-top", "div");
  const rowBottom = part(host, "row row-bottom", "div");
  const storeRight = part(host, "store store-right", "div");
  for (const s of [storeLeft, storeRight]) {
    if (seeds && !s.querySelector(".store-seeds")) s.prepend(Object.assign(document.createElement("span"), { className: "store-seeds" }));
    if (!s.querySelector(".store-count")) s.append(Object.assign(document.createElement("span"), { className: "store-count", textContent: "0" }));
    if (!options.label && s.tagName !== "BUTTON") s.setAttribute("role", "img");
  }
  if (!options.label && !interactive) for (const r of [rowTop, rowBottom]) r.setAttribute("role", "group");

  /** @type {HTMLElement[]} pit elements by absolute pit */
  const pits = [];
  for (let p = 0; p < 12; p++) {
    // A pit the server drew (the home page's first paint, with the seeds early.js placed) is kept as it is.
    const drawn = /** @type {HTMLElement | null} */ (host.querySelector(`.pit[data-pit="${p}"]`));
    if (drawn && interactive && seeds) {
      const onPit = options.onPit;
      if (onPit) drawn.addEventListener("click", (e) => onPit(p, e));
      pits.push(drawn);
      continue;
    }
    const b = document.createElement(interactive ? "button" : small ? "span" : "div");
    if (b instanceof HTMLButtonElement) b.type = "button";
    b.className = "pit";
    b.dataset.pit = String(p);
    b.dataset.letter = LETTERS[p];
    if (!interactive && !options.label) b.setAttribute("role", "img");
    // A space between the letter and the count: the visible text reads "f 4", as the name begins.
    if (seeds) b.innerHTML = '<span class="seeds"></span><span class="letter"></span> <span class="count">0</span>';
    else b.innerHTML = '<span class="count">0</span>';
    const letter = b.querySelector(".letter");
    if (letter) letter.textContent = LETTERS[p];
    const onPit = options.onPit;
    if (interactive && onPit) b.addEventListener("click", (e) => onPit(p, e));
    pits.push(b);
  }

  /** @type {Side | null} the side the rows are laid out for */
  let placedFor = null;
  let bottom = options.bottom || "S";
  /** @type {BoardPosition} the position drawn; during a sowing, the one on the way */
  let shown = { pits: Array(12).fill(0), stores: { S: 0, N: 0 }, turn: "S" };
  /** @type {Record<number, string>} */
  let reasons = {};
  const count = (/** @type {number} */ p) => /** @type {HTMLElement} */ (pits[p].querySelector(".count"));

  function place() {
    if (placedFor === bottom) return;
    placedFor = bottom;
    const mine = bottom === "S" ? 0 : 6;
    const theirs = 6 - mine;
    // Bottom row: the bottom side's pits left to right. Top row: the other side's, right to left
    // (counter-clockwise sowing goes along the bottom to the right, then back along the top).
    rowBottom.textContent = "";
    rowTop.textContent = "";
    for (let i = 0; i < 6; i++) {
      const b = pits[mine + i];
      b.style.gridColumn = String(2 + i);
      rowBottom.append(b);
    }
    for (let i = 5; i >= 0; i--) {
      const b = pits[theirs + i];
      b.style.gridColumn = String(2 + (5 - i));
      rowTop.append(b);
    }
  }

  /** @param {number} p */
  function labelPit(p) {
    if (!options.pitLabel) return;
    let label = options.pitLabel(p, shown.pits[p]);
    const why = reasons[p];
    if (why) label = t("game-pit-cannot", { label, why });
    if (pits[p].classList.contains("review-played")) label = t("game-pit-played", { label });
    if (pits[p].classList.contains("review-best")) label = t("game-pit-best", { label });
    pits[p].setAttribute("aria-label", label);
  }

  /**
   * One pit's seeds (during a sowing).
   * @param {number} p
   * @param {number} n
   */
  function setCount(p, n) {
    shown.pits[p] = n;
    const c = count(p);
    c.textContent = String(n);
    c.classList.toggle("zero", n === 0);
    const s = /** @type {HTMLElement | null} */ (pits[p].querySelector(".seeds"));
    if (s) drawSeeds(s, p, n, false);
    labelPit(p);
  }

  /** The store element of `side`: the bottom side's on the right. @param {Side} side */
  const storeOf = (side) => (side === bottom ? storeRight : storeLeft);

  /**
   * Draws a position and, when given, its marks.
   * @param {BoardPosition} pos
   * @param {BoardMarks} [marks]
   */
  function draw(pos, marks) {
    shown = { pits: pos.pits.slice(), stores: { S: pos.stores.S, N: pos.stores.N }, turn: pos.turn };
    place();
    if (marks) mark(marks);
    for (let p = 0; p < 12; p++) setCount(p, pos.pits[p]);
    for (const side of /** @type {Side[]} */ (["S", "N"])) {
      const s = storeOf(side);
      const n = pos.stores[side];
      /** @type {HTMLElement} */ (s.querySelector(".store-count")).textContent = String(n);
      const ss = /** @type {HTMLElement | null} */ (s.querySelector(".store-seeds"));
      if (ss) drawSeeds(ss, side === "S" ? 40 : 41, n, true);
      s.dataset.side = side;
      if (options.storeLabel) s.setAttribute("aria-label", options.storeLabel(side, n));
    }
    rowBottom.classList.toggle("to-move", pos.turn === bottom);
    rowTop.classList.toggle("to-move", !!pos.turn && pos.turn !== bottom);
    if (options.label) {
      host.setAttribute("role", "img");
      host.setAttribute("aria-label", options.label(pos));
    }
  }

  /**
   * Sets the marks given (see BoardMarks); the others stay.
   * @param {BoardMarks} marks
   */
  function mark(marks) {
    for (const [key, cls] of MARK_CLASSES) {
      const v = marks[key];
      if (v === undefined) continue;
      const set = Array.isArray(v) ? v : v === null ? [] : [v];
      pits.forEach((b, p) => b.classList.toggle(cls, set.includes(p)));
    }
    if (marks.reasons) reasons = marks.reasons;
    if (interactive && (marks.playable || marks.illegal || marks.inactive)) {
      pits.forEach((b) => b.setAttribute("aria-disabled", String(b.classList.contains("illegal") || b.classList.contains("inactive"))));
    }
    for (let p = 0; p < 12; p++) labelPit(p);
  }

  /**
   * Flies one seed from an element of the board to another (the fly layer above the board).
   * @param {HTMLElement} fromEl
   * @param {HTMLElement} toEl
   * @param {number} ms
   */
  function flySeed(fromEl, toEl, ms) {
    const layer = part(host, "fly-layer", "div");
    layer.setAttribute("aria-hidden", "true");
    const box = host.getBoundingClientRect();
    const centre = (/** @type {HTMLElement} */ e) => {
      const r = e.getBoundingClientRect();
      return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2];
    };
    const [x0, y0] = centre(fromEl);
    const [x1, y1] = centre(toEl);
    const d = document.createElement("span");
    d.className = "fly";
    d.style.left = x0 + "px";
    d.style.top = y0 + "px";
    layer.appendChild(d);
    const lift = -Math.min(40, 10 + Math.hypot(x1 - x0, y1 - y0) / 6);
    const anim = d.animate(
      [
        { transform: "translate(0,0) scale(1)" },
        { transform: `translate(${(x1 - x0) / 2}px, ${(y1 - y0) / 2 + lift}px) scale(1.25)`, offset: 0.5 },
        { transform: `translate(${x1 - x0}px, ${y1 - y0}px) scale(1)` },
      ],
      { duration: ms, easing: "ease-in-out" },
    );
    return anim.finished.catch(() => {}).then(() => d.remove());
  }

  /**
   * Sows a move seed by seed from the position drawn (its `before`), `ms` per seed, and ends drawing its
   * `after`; `ms` 0 draws the end at once.
   * @param {P.MoveDetailView} detail
   * @param {number} ms
   */
  async function sow(detail, ms) {
    if (ms === 0) {
      draw(detail.after);
      mark({ captured: detail.captured_pits });
      return;
    }
    const from = pits[detail.from];
    from.classList.add("last-from");
    await sleep(ms / 2);
    setCount(detail.from, 0);
    for (const p of detail.sown) {
      await flySeed(from, pits[p], ms * 0.9);
      setCount(p, shown.pits[p] + 1);
    }
    if (detail.captured_pits.length) {
      for (const p of detail.captured_pits) pits[p].classList.add("captured");
      await sleep(Math.max(250, ms * 2));
      const store = storeOf(detail.side);
      /** @type {Promise<void>[]} */
      const flights = [];
      for (const p of detail.captured_pits) {
        const n = shown.pits[p];
        for (let i = 0; i < Math.min(n, 4); i++) flights.push(sleep(i * 40).then(() => flySeed(pits[p], store, ms * 2)));
      }
      await Promise.all(flights);
      replayClass(store, "gain");
    }
    draw(detail.after);
  }

  return {
    draw,
    mark,
    sow,
    /** The position drawn (during a sowing, the one on the way). */
    shown: () => shown,
    /** Puts `side`'s row at the bottom (drawn at the next `draw`). @param {Side} side */
    setBottom: (side) => { bottom = side; },
    /** The side at the bottom. */
    bottom: () => bottom,
    /** Lays the rows out again at the next draw. */
    relayout: () => { placedFor = null; },
    /** A pit's element (absolute pit). @param {number} p */
    pit: (p) => pits[p],
    /** A store's element. @param {Side} side */
    store: storeOf,
    /** A side's row. @param {Side} side */
    row: (/** @type {Side} */ side) => (side === bottom ? rowBottom : rowTop),
    /** Shakes a pit that cannot be played. @param {number} p */
    shake: (p) => replayClass(pits[p], "shake"),
  };
}

/** @typedef {ReturnType<typeof createBoard>} Board */

/**
 * The pit number (1–6) a key stroke names for a board, or 0: a digit typed on the page itself, not in a
 * field, without Ctrl, Alt or Meta. The pages' keys 1–6 play the side to move's (or the player's) pits.
 * @param {KeyboardEvent} e
 */
export function pitKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || typingIn(e)) return 0;
  return /^[1-6]$/.test(e.key) ? Number(e.key) : 0;
}

/**
 * Whether a key stroke goes to a text field or a select (the page's keys then do nothing).
 * @param {KeyboardEvent} e
 */
export function typingIn(e) {
  const target = /** @type {HTMLElement | null} */ (e.target);
  return !!target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
}

/**
 * The absolute pit of `side`'s pit number n (1–6, from that side's left).
 * @param {Side} side
 * @param {number} n
 */
export const pitOfKey = (side, n) => (side === "S" ? 0 : 6) + n - 1;

/**
 * The absolute pit a move names by its first letter (`A`–`F` South's 0–5, `a`–`f` North's 6–11), or −1.
 * @param {string | null | undefined} move
 */
export const pitOfLetter = (move) => (move ? LETTERS.indexOf(move[0]) : -1);

/**
 * A small board that is only looked at (TV, the games in play, the home page's TV board): counts only, the
 * last move's pit ringed, the whole position said in the board's name. `draw(position, about)`: `about`
 * names the players, the moves played (`ply`) and the last move's letter.
 * @param {HTMLElement} host
 */
export function createSmallBoard(host) {
  /** @type {{ south: string, north: string, ply: number, last?: string | null }} */
  let about = { south: "", north: "", ply: 0 };
  /** @type {P.PositionView | null} */
  let position = null;
  const view = createBoard(host, {
    interactive: false,
    size: "small",
    label: (pos) => t("watch-board-label", {
      south: about.south, north: about.north, ply: about.ply, turn: pos.turn === "S" ? about.south : about.north,
      south_store: pos.stores.S, north_store: pos.stores.N,
    }) + (position ? " " + position.text : ""),
  });
  return {
    /**
     * @param {P.PositionView} pos
     * @param {{ south: string, north: string, ply: number, last?: string | null }} who
     */
    draw(pos, who) {
      about = who;
      position = pos;
      view.draw(pos, { lastFrom: pitOfLetter(who.last) });
      host.dataset.text = pos.text;
    },
  };
}
