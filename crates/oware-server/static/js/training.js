// The puzzle page (/training, /training/daily, /training/streak, /training/{id}): the board drawn from what
// the server sends, the player's moves sent one at a time (the server answers the reply, or the right move
// and the line when a move is wrong: the page never has the answer before), a sentence or two on what the
// moves did, the puzzle rating (an account's kept by the server, a guest's in localStorage), the streak
// mode, votes. The page decides no rule: legal moves come with every position. Without the network the
// same calls are answered by the rules core in WebAssembly from the shipped set (offline-puzzles.js), the
// rounds unrated and kept to be sent to the account.
/** @import * as P from "../../types/protocol" */
// The puzzles' calls go through offline-puzzles.js: answered in the page when the server cannot be reached.
import { puzzleApi as api } from "./offline-puzzles.js";
import { ApiError } from "./api.js";
import { createAccountMenu } from "./account.js";
import { t } from "./i18n.js";
import { themeName } from "./themes.js";
import { createBoard, LETTERS, pitKey, pitOfKey, typingIn } from "./board.js";

const GUEST_KEY = "oware.puzzleRating";
const BEST_KEY = "oware.bestStreak";
const START = { rating: 1500, deviation: 350, volatility: 0.06 };
/** A rating change with its sign: +12, −5. */
const signed = (/** @type {number} */ d) => `${d >= 0 ? "+" : "−"}${Math.abs(d)}`;

/** @param {string} sel */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

/** @type {{ puzzle: P.PuzzleView | null, played: string, board: P.PuzzleBoard | null, over: boolean, busy: boolean, line: string,
 *   steps: P.PuzzleBoard[], step: number, streak: number, streakMode: boolean, streakEnded: boolean, guest: boolean, rating: P.PuzzleRating | null }} */
const st = { puzzle: null, played: "", board: null, over: false, busy: false, line: "", steps: [], step: 0, streak: 0, streakMode: false, streakEnded: false, guest: true, rating: null };

/** The message of each reason the server gives for an unrated round. @type {Record<string, string>} */
const UNRATED_IDS = {
  "played-before": "learn-tr-not-rated",
  "not-served": "learn-tr-unrated-not-served",
  "too-fast": "learn-tr-unrated-too-fast",
  "too-many": "learn-tr-unrated-too-many",
  offline: "learn-tr-unrated-offline",
};

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

/** @param {P.PuzzleRating | null} r @param {number | null} [diff] */
function showRating(r, diff = null) {
  const el = $("#tr-rating");
  if (st.streakMode) {
    el.textContent = t("learn-tr-streak", { count: st.streak, best: bestStreak() });
    return;
  }
  const shown = r ? `${Math.round(r.rating)}${r.deviation > 110 ? "?" : ""}` : "–";
  const rating = diff === null ? shown : `${shown} (${signed(diff)})`;
  el.textContent = t(st.guest ? "learn-tr-rating-guest" : "learn-tr-rating", { rating });
}

/** The solver's side. */
/** @returns {"S" | "N"} */
const solver = () => (st.puzzle && st.puzzle.solver === "N" ? "N" : "S");


/** Whether pit `p` is the solver's. @param {number} p */
const yours = (p) => (p < 6) === (solver() === "S");

const view = createBoard($("#board"), {
  onPit: (p) => play(LETTERS[p]),
  pitLabel: (p, n) => (yours(p)
    ? t("learn-tr-your-pit", { pit: LETTERS[p], key: (p % 6) + 1, count: n })
    : t("learn-tr-their-pit", { pit: LETTERS[p], count: n })),
  storeLabel: (side, n) => t(side === solver() ? "learn-tr-your-store" : "learn-tr-their-store", { count: n }),
});

/** Draws a position the server sent, the solver's row at the bottom, the moves it may play marked. @param {P.PuzzleBoard} board */
function draw(board) {
  st.board = board;
  view.setBottom(solver());
  /** @type {number[]} */
  const playable = [], illegal = [], inactive = [];
  for (let p = 0; p < 12; p++) {
    if (!yours(p)) inactive.push(p);
    else if (board.legal.includes(LETTERS[p]) && !st.over) playable.push(p);
    else illegal.push(p);
  }
  view.draw({ pits: board.pits, stores: { S: board.store_s, N: board.store_n }, turn: board.turn === "N" ? "N" : "S" }, { playable, illegal, inactive });
}

/** Sends the next move `letter` to the server. @param {string} letter */
async function play(letter) {
  if (!st.puzzle || !st.board || st.over || st.busy) return;
  if (!st.board.legal.includes(letter)) {
    const theirs = (letter === letter.toUpperCase()) !== (solver() === "S");
    say(t(theirs ? "learn-tr-not-yours" : "learn-tr-not-now", { pit: letter }));
    return;
  }
  st.busy = true;
  /** @type {P.RoundReq} */
  const body = { moves: st.played + letter, round: st.puzzle.round };
  if (st.streakMode) body.mode = "streak";
  else if (st.guest) body.guest = guestRating();
  try {
    /** @type {P.RoundAnswer} */
    const a = await api.puzzleRound(st.puzzle.id, body);
    $("#tr-error").textContent = "";
    if (a.result === "continue") {
      st.played += letter + a.reply;
      draw(a.board);
      say(t("learn-tr-right", { move: letter, reply: a.reply }));
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
  const said = [solved ? t("learn-tr-solved") : t("learn-tr-failed", { move: letter, expected: a.expected })];
  if (a.explain) said.push(...explain(a.explain, solved ? "" : letter));
  if (a.diff !== undefined) said.push(t("learn-tr-rating-change", { diff: signed(a.diff) }));
  else if (a.unrated && UNRATED_IDS[a.unrated]) said.push(t(UNRATED_IDS[a.unrated]));
  if (st.streakMode) said.push(t(solved ? "learn-tr-streak-now" : "learn-tr-streak-ends", { count: st.streak }));
  said.push(t("learn-tr-step-through"));
  say(said.join(" "));
  st.steps = a.steps || [];
  st.line = a.solution || "";
  st.step = solved ? st.steps.length - 1 : Math.max(0, st.played.length);
  draw(a.board);
  showStep();
  $("#tr-after").hidden = false;
  $("#tr-next").focus();
}

/** One or two sentences on what the moves did (`wrong`: the wrong move played, "" when solved).
 * @param {P.PuzzleExplain} e @param {string} wrong */
function explain(e, wrong) {
  const out = [];
  if (wrong && e.refute && e.refute_takes) out.push(t("learn-tr-explain-refute", { move: wrong, reply: e.refute, count: e.refute_takes }));
  out.push(e.right_takes > 0 ? t("learn-tr-explain-takes", { move: e.right, count: e.right_takes }) : t("learn-tr-explain-quiet", { move: e.right }));
  if (e.line_wins > 0 && !wrong) out.push(t("learn-tr-explain-line", { count: e.line_wins }));
  return out;
}

function showStep() {
  const line = st.line;
  const n = st.steps.length - 1;
  if (n < 0) return;
  draw(st.steps[st.step]);
  $("#tr-step").textContent = st.step === 0 ? t("learn-tr-start", { line }) : t("learn-tr-move-of", { n: st.step, total: n, move: line[st.step - 1] });
}

/** @param {P.PuzzleView} p */
function show(p) {
  st.puzzle = p;
  st.played = "";
  st.over = false;
  st.line = "";
  st.steps = [];
  $("#tr-after").hidden = true;
  $("#tr-up-n").textContent = String(p.up);
  $("#tr-down-n").textContent = String(p.down);
  const info = t("learn-tr-info", { id: p.id, rating: p.rating, count: p.solver_moves });
  $("#tr-info").textContent = p.themes.length ? `${info} · ${p.themes.map(themeName).join(", ")}` : info;
  draw(p.board);
  say(t(p.solver === "S" ? "learn-tr-you-play-south" : "learn-tr-you-play-north"));
}

/** The next puzzle: by the address the first time, then by rating (and theme, streak). */
async function next(first = false) {
  $("#tr-error").textContent = "";
  const path = location.pathname.replace(/\/+$/, "");
  const which = first ? path.split("/")[2] || "" : "";
  try {
    if (which === "daily") {
      /** @type {P.DailyPuzzle} */
      const d = await api.puzzleDaily();
      show(d.puzzle);
      $("#tr-title").textContent = t("learn-tr-daily", { date: d.date });
      return;
    }
    if (which && which !== "streak") {
      show(await api.puzzle(which));
      return;
    }
    /** @type {P.NextQuery} */
    const q = {};
    const theme = /** @type {HTMLSelectElement} */ ($("#tr-theme")).value;
    if (theme) q.theme = theme;
    if (st.streakMode) q.streak = st.streak;
    else if (st.guest) q.rating = Math.round(guestRating().rating);
    if (st.puzzle) q.after = st.puzzle.id;
    $("#tr-title").textContent = t(st.streakMode ? "learn-tr-streak-title" : "learn-tr-heading");
    show(await api.puzzleNext(q));
  } catch (e) {
    say(e instanceof ApiError ? e.message : String(e));
  }
}

/** @param {boolean} up */
async function vote(up) {
  if (!st.puzzle) return;
  try {
    /** @type {P.VoteAnswer} */
    const v = await api.puzzleVote(st.puzzle.id, { up });
    $("#tr-up-n").textContent = String(v.up);
    $("#tr-down-n").textContent = String(v.down);
    say(t(up ? "learn-tr-voted-up" : "learn-tr-voted-down"));
  } catch (e) {
    $("#tr-error").textContent = e instanceof ApiError && e.status === 401 ? t("learn-tr-login-to-vote") : e instanceof Error ? e.message : String(e);
  }
}

/** @param {boolean} on */
function setStreak(on) {
  st.streakMode = on;
  st.streak = 0;
  $("#tr-mode").setAttribute("aria-pressed", String(on));
  showRating(st.rating);
}

/** Offers the themes that have puzzles (the server says which). */
async function offerThemes() {
  const select = /** @type {HTMLSelectElement} */ ($("#tr-theme"));
  try {
    /** @type {P.PuzzleThemes} */
    const th = await api.puzzleThemes();
    for (const { name } of th.themes) {
      const o = document.createElement("option");
      o.value = name;
      o.textContent = themeName(name);
      select.append(o);
    }
  } catch { /* no themes to offer: any puzzle */ }
}

async function init() {
  const account = createAccountMenu();
  const select = /** @type {HTMLSelectElement} */ ($("#tr-theme"));
  const themes = offerThemes();
  // A guest asks nothing of the account's routes (no 401 in the console).
  st.guest = !(await account.ready);
  st.rating = guestRating();
  if (!st.guest) {
    try {
      /** @type {P.PuzzleHistory} */
      const h = await api.puzzleHistory();
      st.rating = h.rating || { ...START };
    } catch {
      st.guest = true;
    }
  }
  await themes;
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
    if (e.altKey || e.ctrlKey || e.metaKey || typingIn(e)) return;
    const n = pitKey(e);
    if (n) { e.preventDefault(); play(LETTERS[pitOfKey(solver(), n)]); }
    else if (st.over && e.key === "ArrowLeft") $("#tr-back").click();
    else if (st.over && e.key === "ArrowRight") $("#tr-forward").click();
  });
  await next(true);
}

init();
