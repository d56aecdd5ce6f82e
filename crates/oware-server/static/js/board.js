// The board: twelve pit buttons and two stores, their seeds, the marks on them (playable, last move,
// captures, hint, endgame database values) and the sowing animation. It draws what the server sent; the
// pits a person may press and why not come from `st.game.pits_info`.
import { $, sleep, reducedMotion, replayClass } from "./dom.js";
import { t } from "./i18n.js";
import { LETTERS, fmt, other, owner, sideName, isYou, seatOf, viewSide, pitInfo, canMoveNow, shownPosition, endOf, reviewedMove } from "./state.js";
import { pitReason } from "./status.js";
import { ratingText, diffText, profileUrl } from "./account.js";
import { botMark } from "./challenge.js";

const START = { pits: Array(12).fill(4), stores: { S: 0, N: 0 }, turn: "S" };
const MAX_DRAWN = 24; // seeds drawn in a pit; the count says the rest
const PALETTE = [["#efe4cf", "#a08a68"], ["#e2d3b5", "#8d7555"], ["#d9d0c3", "#7f7568"], ["#f3ead9", "#b29c7a"], ["#cdbfa6", "#6f5f48"]];

/** Stable pseudo-random placement and colour for seed i of a pit. */
function seedStyle(pit, i) {
  let h = (pit * 73856093) ^ (i * 19349663);
  const rnd = () => { h = (h * 1103515245 + 12345) & 0x7fffffff; return h / 0x7fffffff; };
  const [c, c2] = PALETTE[Math.floor(rnd() * PALETTE.length)];
  return { c, c2, r: Math.floor(rnd() * 180), jx: rnd() - 0.5, jy: rnd() - 0.5 };
}

/** n points on a golden-angle spiral inside a unit disc, in percent. */
function seedPositions(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = n === 1 ? 0 : 0.42 * Math.sqrt((i + 0.5) / n);
    const a = i * 2.39996;
    out.push([50 + 100 * r * Math.cos(a), 50 + 100 * r * Math.sin(a)]);
  }
  return out;
}

function seedEl(s, left, top) {
  const d = document.createElement("span");
  d.className = "seed";
  d.style.left = left + "%";
  d.style.top = top + "%";
  d.style.setProperty("--c", s.c);
  d.style.setProperty("--c2", s.c2);
  d.style.setProperty("--r", s.r + "deg");
  return d;
}

function drawSeeds(container, pit, n) {
  const shown = Math.min(n, MAX_DRAWN);
  if (container.childElementCount === shown && container.dataset.n === String(n)) return;
  container.dataset.n = String(n);
  container.textContent = "";
  const pos = seedPositions(shown);
  for (let i = 0; i < shown; i++) {
    const s = seedStyle(pit, i);
    container.appendChild(seedEl(s, pos[i][0] + s.jx * 6, pos[i][1] + s.jy * 6));
  }
}

function drawStoreSeeds(container, side, n) {
  const shown = Math.min(n, 30);
  if (container.dataset.n === String(n)) return;
  container.dataset.n = String(n);
  container.textContent = "";
  for (let i = 0; i < shown; i++) {
    const s = seedStyle(side === "S" ? 40 : 41, i);
    const col = i % 3, row = Math.floor(i / 3);
    container.appendChild(seedEl(s, 22 + col * 28 + s.jx * 8, 6 + row * 9.2 + s.jy * 3));
  }
}

/**
 * Builds the board inside the page's `#board` and returns its drawing functions. `onPit(p)` is called when
 * pit `p` (absolute, 0–11) is pressed, legal or not: the caller explains a refusal.
 */
export function createBoard(st, { onPit }) {
  const el = {
    board: $("#board"),
    rowTop: $("#row-top"),
    rowBottom: $("#row-bottom"),
    storeLeft: $("#store-left"),
    storeRight: $("#store-right"),
    fly: $("#fly-layer"),
    nameTop: $("#name-top"),
    nameBottom: $("#name-bottom"),
    ratingTop: $("#rating-top"),
    ratingBottom: $("#rating-bottom"),
    scoreTop: $("#score-top"),
    scoreBottom: $("#score-bottom"),
  };
  const pits = []; // pit buttons by absolute pit
  let placedFor = null; // the side the rows are laid out for
  let shown = null; // the position drawn: {pits, stores, turn}; differs from the game's during an animation

  for (let p = 0; p < 12; p++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "pit";
    b.dataset.pit = String(p);
    // A space between the letter and the count: the visible text reads "f 4", as the name begins.
    b.innerHTML = '<span class="seeds"></span><span class="letter"></span> <span class="count">4</span>';
    b.querySelector(".letter").textContent = LETTERS[p];
    b.addEventListener("click", () => onPit(p));
    pits.push(b);
  }

  function placePits(side) {
    if (placedFor === side) return;
    placedFor = side;
    const mine = side === "S" ? 0 : 6;
    const theirs = 6 - mine;
    el.rowBottom.textContent = "";
    el.rowTop.textContent = "";
    // Bottom row: the viewer's pits left to right. Top row: the other side's, right to left
    // (counter-clockwise sowing goes along the bottom to the right, then back along the top).
    for (let i = 0; i < 6; i++) {
      const b = pits[mine + i];
      b.style.gridColumn = String(2 + i);
      el.rowBottom.appendChild(b);
    }
    for (let i = 5; i >= 0; i--) {
      const b = pits[theirs + i];
      b.style.gridColumn = String(2 + (5 - i));
      el.rowTop.appendChild(b);
    }
  }

  function labelPit(p) {
    const n = shown ? shown.pits[p] : 0;
    const side = owner(p);
    const args = { name: sideName(st, side), letter: LETTERS[p], count: n };
    let label = isYou(st, side) ? t("game-pit-label-you", args) : t("game-pit-label", args);
    const info = pitInfo(st, p);
    if (info && !info.legal && !st.game.outcome) {
      const why = pitReason(st, info);
      if (why) label = t("game-pit-cannot", { label, why });
    }
    if (pits[p].classList.contains("review-played")) label = t("game-pit-played", { label });
    if (pits[p].classList.contains("review-best")) label = t("game-pit-best", { label });
    pits[p].setAttribute("aria-label", label);
  }

  function setPitCount(p, n) {
    const b = pits[p];
    const c = b.querySelector(".count");
    c.textContent = String(n);
    c.classList.toggle("zero", n === 0);
    drawSeeds(b.querySelector(".seeds"), p, n);
    if (shown) shown.pits[p] = n;
    labelPit(p);
  }

  function setStore(side, n, storeDiv) {
    storeDiv.querySelector(".store-count").textContent = String(n);
    drawStoreSeeds(storeDiv.querySelector(".store-seeds"), side, n);
    const args = { name: sideName(st, side), count: n };
    storeDiv.setAttribute("aria-label", isYou(st, side) ? t("game-store-label-you", args) : t("game-store-label", args));
    storeDiv.dataset.side = side;
  }

  const storeOf = (side) => (side === viewSide(st) ? el.storeRight : el.storeLeft);

  /** Draws counts and seeds of a position {pits, stores, turn}. */
  function draw(pos) {
    shown = { pits: pos.pits.slice(), stores: { S: pos.stores.S, N: pos.stores.N }, turn: pos.turn };
    const vs = viewSide(st);
    placePits(vs);
    for (let p = 0; p < 12; p++) setPitCount(p, pos.pits[p]);
    setStore(vs, pos.stores[vs], el.storeRight);
    setStore(other(vs), pos.stores[other(vs)], el.storeLeft);
    el.scoreBottom.textContent = pos.stores[vs];
    el.scoreTop.textContent = pos.stores[other(vs)];
  }

  /**
   * The scores by the names. While the game goes on, and for an ending where no seeds were left to share out,
   * they are the seeds captured (the stores). Once the rules ended the game and gave out the seeds left on the
   * board (no feeding, a cycle, an agreed cycle), they are the server's final scores (`outcome.scores`), the
   * same as the status line's "You win 25–23", with the seeds captured in the tooltip.
   */
  function showScores(live) {
    const vs = viewSide(st);
    const o = live && !st.busy && st.game ? st.game.outcome : null;
    const shared = !!o && (o.scores.S !== o.captured.S || o.scores.N !== o.captured.N);
    for (const [scoreEl, side] of [[el.scoreBottom, vs], [el.scoreTop, other(vs)]]) {
      scoreEl.classList.toggle("final", shared);
      if (shared) {
        scoreEl.textContent = fmt(o.scores[side]);
        const words = t("game-score-final", { total: fmt(o.scores[side]), captured: o.captured[side], shared: fmt(o.scores[side] - o.captured[side]) });
        scoreEl.title = words;
        scoreEl.setAttribute("aria-label", words);
      } else {
        if (shown) scoreEl.textContent = String(shown.stores[side]);
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
    for (let p = 0; p < 12; p++) {
      const b = pits[p];
      const info = pitInfo(st, p);
      const mover = owner(p) === turn;
      const active = canMoveNow(st) && mover && !st.busy;
      b.classList.toggle("playable", !!(active && info && info.legal));
      b.classList.toggle("illegal", !!(active && info && !info.legal));
      b.classList.toggle("inactive", !active);
      b.setAttribute("aria-disabled", active && info && info.legal ? "false" : "true");
      if (!st.busy) b.classList.toggle("last-from", !!(last && last.from === p));
      b.classList.toggle("last-to", !!(last && last.sown.length && last.sown[last.sown.length - 1] === p));
      if (!st.busy) b.classList.toggle("captured", !!(last && last.captured_pits.includes(p)));
      b.classList.remove("hint");
      b.classList.toggle("review-played", !!(reviewed && LETTERS.indexOf(reviewed.played) === p));
      b.classList.toggle("review-best", !!(reviewed && reviewed.best !== reviewed.played && LETTERS.indexOf(reviewed.best) === p));
      let tag = b.querySelector(".egdb-tag");
      const v = egdb && mover && egdb.find((e) => e.pit + (turn === "S" ? 0 : 6) === p);
      if (v) {
        if (!tag) { tag = document.createElement("span"); tag.className = "egdb-tag"; b.appendChild(tag); }
        const lo = v.lo_halves / 2, hi = v.hi_halves / 2;
        const n = g.position.pits.reduce((a, x) => a + x, 0);
        tag.textContent = lo === hi ? `${fmt(lo)}/${n}` : `${fmt(lo)}–${fmt(hi)}/${n}`;
        tag.title = lo === hi ? t("game-egdb-exact", { lo: fmt(lo), total: n }) : t("game-egdb-range", { lo: fmt(lo), hi: fmt(hi), total: n });
      } else if (tag) {
        tag.remove();
      }
      labelPit(p);
    }
    const vs = viewSide(st);
    showName(el.nameBottom, el.ratingBottom, vs);
    showName(el.nameTop, el.ratingTop, other(vs));
    const shownTurn = shown ? shown.turn : turn;
    const over = endOf(st) && live;
    el.nameBottom.classList.toggle("to-move", !over && shownTurn === vs);
    el.nameTop.classList.toggle("to-move", !over && shownTurn !== vs);
    for (const [row, side] of [[el.rowBottom, vs], [el.rowTop, other(vs)]]) {
      row.setAttribute("aria-label", isYou(st, side) ? t("game-row-you") : t("game-row", { name: sideName(st, side) }));
    }
    showScores(live);
  }

  /**
   * A side's name (a link to the profile for an account's seat) and, in a rated game, its rating ("1500?") and,
   * once the game is rated, the change ("+8").
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

  function centerOf(e) {
    const b = el.board.getBoundingClientRect();
    const r = e.getBoundingClientRect();
    return [r.left - b.left + r.width / 2, r.top - b.top + r.height / 2];
  }

  function flySeed(fromEl, toEl, ms) {
    const [x0, y0] = centerOf(fromEl);
    const [x1, y1] = centerOf(toEl);
    const d = document.createElement("span");
    d.className = "fly";
    d.style.left = x0 + "px";
    d.style.top = y0 + "px";
    el.fly.appendChild(d);
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

  /** Animates one move detail from its `before` position; ends drawing `after`. */
  async function animate(detail) {
    const ms = stepMs();
    pits.forEach((b) => b.classList.remove("last-from", "last-to", "captured", "hint"));
    draw(detail.before);
    decorate();
    if (ms === 0) {
      draw(detail.after);
      for (const p of detail.captured_pits) pits[p].classList.add("captured");
      return;
    }
    const from = pits[detail.from];
    from.classList.add("last-from");
    await sleep(ms / 2);
    setPitCount(detail.from, 0);
    for (const p of detail.sown) {
      await flySeed(from, pits[p], ms * 0.9);
      setPitCount(p, shown.pits[p] + 1);
    }
    if (detail.captured_pits.length) {
      for (const p of detail.captured_pits) pits[p].classList.add("captured");
      await sleep(Math.max(250, ms * 2));
      const store = storeOf(detail.side);
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
    render,
    decorate,
    animate,
    /** Removes the hint mark. */
    clearHint: () => pits.forEach((b) => b.classList.remove("hint")),
    /** Marks pit `p` as the hint. */
    markHint: (p) => pits[p].classList.add("hint"),
    /** Shakes a pit that cannot be played. */
    shake: (p) => replayClass(pits[p], "shake"),
    /** Lays the rows out again at the next draw (another game may be seen from the other side). */
    relayout: () => { placedFor = null; },
  };
}
