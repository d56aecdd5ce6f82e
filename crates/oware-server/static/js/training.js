// The puzzle page (/training, /training/daily, /training/streak, /training/{id}): the board drawn from what
// the server sends, the player's moves sent one at a time (the server answers the reply, or the right move
// and the line when a move is wrong), the puzzle rating (an account's kept by the server, a guest's in
// localStorage), the streak mode, votes. The page decides no rule: legal moves come with every position.
/** @import * as P from "../../types/protocol" */
import { request, ApiError } from "./api.js";
import { createAccountMenu } from "./account.js";

const LETTERS = "ABCDEFabcdef";
const GUEST_KEY = "oware.puzzleRating";
const BEST_KEY = "oware.bestStreak";
const START = { rating: 1500, deviation: 350, volatility: 0.06 };
const THEMES = ["capture-chain", "grand-slam", "feeding-forced", "big-pit", "endgame-exact", "defend", "cycle"];

/** @param {string} sel */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

/** @type {{ puzzle: P.PuzzleView | null, played: string, board: P.PuzzleBoard | null, over: boolean, busy: boolean,
 *   steps: P.PuzzleBoard[], step: number, streak: number, streakMode: boolean, streakEnded: boolean, guest: boolean, rating: P.PuzzleRating | null }} */
const st = { puzzle: null, played: "", board: null, over: false, busy: false, steps: [], step: 0, streak: 0, streakMode: false, streakEnded: false, guest: true, rating: null };

/** @returns {P.PuzzleRating} */
function guestRating() {
  try {
    const r = JSON.parse(localStorage.getItem(GUEST_KEY) || "null");
    if (r && Number.isFinite(r.rating) && Number.isFinite(r.deviation) && Number.isFinite(r.volatility)) return r;
  } catch { /* private mode or damaged */ }
  return { ...START };
}

/** @param {P.PuzzleRating} r */
function saveGuest(r) {
  try { localStorage.setItem(GUEST_KEY, JSON.stringify(r)); } catch { /* private mode */ }
}

function bestStreak() {
  try { return Number(localStorage.getItem(BEST_KEY)) || 0; } catch { return 0; }
}

/** @param {string} text */
function say(text) { $("#status").textContent = text; }

/** @param {P.PuzzleRating | null} r */
function showRating(r, diff = null) {
  const el = $("#tr-rating");
  if (st.streakMode) {
    el.textContent = `Streak: ${st.streak} (best ${bestStreak()})`;
    return;
  }
  const shown = r ? `${Math.round(r.rating)}${r.deviation > 110 ? "?" : ""}` : "–";
  const d = diff === null ? "" : ` (${diff >= 0 ? "+" : "−"}${Math.abs(diff)})`;
  el.textContent = `Puzzle rating: ${shown}${d}${st.guest ? " (kept in this browser)" : ""}`;
}

/** The solver's side. */
const solver = () => (st.puzzle ? st.puzzle.solver : "S");

/** The letter of the solver's pit number n (1–6, from the solver's left). */
const pitLetter = (n) => (solver() === "S" ? "ABCDEF" : "abcdef")[n - 1];

const pits = [];
for (let p = 0; p < 12; p++) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pit";
  b.dataset.letter = LETTERS[p];
  b.innerHTML = '<span class="letter"></span><span class="count">0</span>';
  b.querySelector(".letter").textContent = LETTERS[p];
  b.addEventListener("click", () => play(LETTERS[p]));
  pits.push(b);
}

/** @param {P.PuzzleBoard} board */
function draw(board) {
  st.board = board;
  const mine = solver() === "S" ? 0 : 6, theirs = 6 - mine;
  const bottom = $("#row-bottom"), top = $("#row-top");
  bottom.textContent = "";
  top.textContent = "";
  for (let i = 0; i < 6; i++) {
    const b = pits[mine + i];
    b.style.gridColumn = String(2 + i);
    bottom.append(b);
    const t = pits[theirs + 5 - i];
    t.style.gridColumn = String(2 + i);
    top.append(t);
  }
  for (let p = 0; p < 12; p++) {
    const n = board.pits[p], b = pits[p];
    const c = b.querySelector(".count");
    c.textContent = String(n);
    c.classList.toggle("zero", n === 0);
    const yours = (p < 6) === (solver() === "S");
    const legal = board.legal.includes(LETTERS[p]) && yours && !st.over;
    b.classList.toggle("illegal", yours && !legal);
    b.classList.toggle("inactive", !yours);
    b.setAttribute("aria-label", `${yours ? "Your" : "Opponent's"} pit ${LETTERS[p]}${yours ? ` (key ${(p % 6) + 1})` : ""}, ${n} seed${n === 1 ? "" : "s"}`);
  }
  const [left, right] = solver() === "S" ? [board.store_n, board.store_s] : [board.store_s, board.store_n];
  $("#store-left .store-count").textContent = String(left);
  $("#store-right .store-count").textContent = String(right);
  $("#store-left").setAttribute("aria-label", `Opponent's store, ${left} seeds`);
  $("#store-right").setAttribute("aria-label", `Your store, ${right} seeds`);
}

/** Sends the next move `letter` to the server. */
async function play(letter) {
  if (!st.puzzle || !st.board || st.over || st.busy) return;
  if (!st.board.legal.includes(letter)) {
    say(`Pit ${letter} cannot be played now${(letter === letter.toUpperCase()) !== (solver() === "S") ? ": it is the opponent's" : ""}.`);
    return;
  }
  st.busy = true;
  /** @type {P.RoundReq} */
  const body = { moves: st.played + letter };
  if (st.streakMode) body.mode = "streak";
  else if (st.guest) body.guest = guestRating();
  try {
    /** @type {P.RoundAnswer} */
    const a = await request("POST", `/api/puzzle/${st.puzzle.id}/round`, { body });
    $("#tr-error").textContent = "";
    if (a.result === "continue") {
      st.played += letter + a.reply;
      draw(a.board);
      say(`Right: ${letter}. The opponent answers ${a.reply}. Your move.`);
    } else {
      finish(a, letter);
    }
  } catch (e) {
    $("#tr-error").textContent = e instanceof ApiError ? e.message : String(e);
  } finally {
    st.busy = false;
  }
}

/** @param {P.RoundAnswer} a @param {string} letter */
function finish(a, letter) {
  st.over = true;
  const solved = a.result === "solved";
  st.streakEnded = st.streakMode && !solved;
  if (st.streakMode) {
    st.streak = solved ? st.streak + 1 : st.streak;
    if (st.streak > bestStreak()) { try { localStorage.setItem(BEST_KEY, String(st.streak)); } catch { /* private mode */ } }
  } else if (a.rating) {
    st.rating = a.rating;
    if (st.guest) saveGuest(a.rating);
  }
  showRating(st.rating, a.diff ?? null);
  const rated = a.diff !== undefined ? ` Rating ${a.diff >= 0 ? "+" : "−"}${Math.abs(a.diff)}.` : a.rated || st.streakMode ? "" : " (Played before: not rated.)";
  let text = solved ? `Solved!${rated}` : `${letter} is not it: the right move was ${a.expected}.${rated}`;
  if (st.streakMode) text += solved ? ` Streak ${st.streak}.` : ` The streak ends at ${st.streak}.`;
  say(text + " Step through the solution with ◀ ▶.");
  st.steps = a.steps || [];
  st.step = solved ? st.steps.length - 1 : Math.max(0, st.played.length);
  draw(a.board);
  showStep();
  $("#tr-after").hidden = false;
  $("#tr-next").focus();
}

function showStep() {
  const line = st.puzzle ? st.puzzle.solution : "";
  const n = st.steps.length - 1;
  if (n < 0) return;
  draw(st.steps[st.step]);
  $("#tr-step").textContent = st.step === 0 ? `Start (solution ${line})` : `Move ${st.step} of ${n}: ${line[st.step - 1]}`;
}

/** @param {P.PuzzleView} p */
function show(p) {
  st.puzzle = p;
  st.played = "";
  st.over = false;
  st.steps = [];
  $("#tr-after").hidden = true;
  $("#tr-up-n").textContent = String(p.up);
  $("#tr-down-n").textContent = String(p.down);
  const side = p.solver === "S" ? "South" : "North";
  $("#tr-info").textContent = `Puzzle ${p.id} · rating ${p.rating} · ${p.solver_moves} move${p.solver_moves === 1 ? "" : "s"} to find${p.themes.length ? " · " + p.themes.join(", ") : ""}`;
  draw(p.board);
  say(`You play ${side} (the bottom row). Find the best move: tap a pit or press 1–6.`);
}

/** The next puzzle: by the address the first time, then by rating (and theme, streak). */
async function next(first = false) {
  $("#tr-error").textContent = "";
  const path = location.pathname.replace(/\/+$/, "");
  const which = first ? path.split("/")[2] || "" : "";
  try {
    if (which === "daily") {
      /** @type {P.DailyPuzzle} */
      const d = await request("GET", "/api/puzzle/daily");
      show(d.puzzle);
      $("#tr-title").textContent = `Puzzle of the day, ${d.date}`;
      return;
    }
    if (which && which !== "streak") {
      show(await request("GET", `/api/puzzle/${encodeURIComponent(which)}`));
      return;
    }
    const q = new URLSearchParams();
    const theme = /** @type {HTMLSelectElement} */ ($("#tr-theme")).value;
    if (theme) q.set("theme", theme);
    if (st.streakMode) q.set("streak", String(st.streak));
    else if (st.guest) q.set("rating", String(Math.round(guestRating().rating)));
    if (st.puzzle) q.set("after", st.puzzle.id);
    $("#tr-title").textContent = st.streakMode ? "Puzzle streak" : "Puzzles";
    show(await request("GET", `/api/puzzle/next?${q}`));
  } catch (e) {
    say(e instanceof ApiError ? e.message : String(e));
  }
}

/** @param {boolean} up */
async function vote(up) {
  if (!st.puzzle) return;
  try {
    /** @type {P.VoteAnswer} */
    const v = await request("POST", `/api/puzzle/${st.puzzle.id}/vote`, { body: { up } });
    $("#tr-up-n").textContent = String(v.up);
    $("#tr-down-n").textContent = String(v.down);
    say(`Thanks: your vote is ${up ? "up" : "down"}.`);
  } catch (e) {
    $("#tr-error").textContent = e instanceof ApiError && e.status === 401 ? "Log in to vote." : String(e.message || e);
  }
}

/** @param {boolean} on */
function setStreak(on) {
  st.streakMode = on;
  st.streak = 0;
  $("#tr-mode").setAttribute("aria-pressed", String(on));
  showRating(st.rating);
}

async function init() {
  createAccountMenu();
  const select = /** @type {HTMLSelectElement} */ ($("#tr-theme"));
  for (const t of THEMES) {
    const o = document.createElement("option");
    o.value = t;
    o.textContent = t.replace(/-/g, " ");
    select.append(o);
  }
  try {
    /** @type {P.PuzzleHistory} */
    const h = await request("GET", "/api/puzzle/history");
    st.guest = false;
    st.rating = h.rating || { ...START };
  } catch {
    st.guest = true;
    st.rating = guestRating();
  }
  if (location.pathname.startsWith("/training/streak")) setStreak(true);
  showRating(st.rating);
  select.addEventListener("change", () => next());
  $("#tr-mode").addEventListener("click", () => { setStreak(!st.streakMode); next(); });
  $("#tr-next").addEventListener("click", () => {
    if (st.streakMode && st.over && st.streakEnded) setStreak(true);
    next();
  });
  $("#tr-back").addEventListener("click", () => { if (st.step > 0) { st.step--; showStep(); } });
  $("#tr-forward").addEventListener("click", () => { if (st.step < st.steps.length - 1) { st.step++; showStep(); } });
  $("#tr-up").addEventListener("click", () => vote(true));
  $("#tr-down").addEventListener("click", () => vote(false));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = /** @type {HTMLElement} */ (e.target);
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    if (e.key >= "1" && e.key <= "6") { e.preventDefault(); play(pitLetter(Number(e.key))); }
    else if (st.over && e.key === "ArrowLeft") $("#tr-back").click();
    else if (st.over && e.key === "ArrowRight") $("#tr-forward").click();
  });
  await next(true);
}

init();
