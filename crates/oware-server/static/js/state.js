// The page's one state object and the questions asked of it. Nothing here decides a rule: legality,
// reasons and outcomes are fields of the server's game state (`st.game`).
//
// Who writes which field:
//   settings         dialogs.js (New game), controls.js (animation speed); saved through storage.js
//   id, token, game  game.js or online.js (from the server's answers and events only)
//   view, busy       game.js (replay position; a request or an animation is running)
//   analysis         analysis.js (panel on/off, the sequence numbers of the running analysis and hint)
//   seat             online.js (the side this browser holds a seat token for)
//   review           review.js (the game's review as the server sent it, the selected move, panel open)
// Every other module only reads it. Module-private details (the drawn position, the event stream, the
// update queue) stay inside their module.

/** @import * as P from "../../types/protocol" */
import { t, lang } from "./i18n.js";

/** The two sides, South first. @type {readonly P.Side[]} */
export const SIDES = ["S", "N"];

/** Pit letters by absolute pit: South's A–F are 0–5, North's a–f are 6–11. */
export const LETTERS = "ABCDEFabcdef";

/**
 * A state from the server made whole. Updates after a stream's first carry only the end of the game's record
 * (`since`: `history` from that ply on, the moves after it, no OGN); it is joined to `held`, the whole state shown,
 * at ply `since`. `null` when `held` does not hold the same position there (an event was missed): the caller
 * asks the server for the whole state. The join is `StateView::completed` in oware-protocol, written again here.
 * @param {P.StateView | null} held
 * @param {P.StateView} state
 * @returns {P.StateView | null}
 */
export function wholeState(held, state) {
  const from = state.since;
  if (from === undefined || from === null) return state;
  const there = held && held.history[from];
  const joins = held && held.id === state.id && (held.since === undefined || held.since === null)
    && held.moves.length >= from && there && state.history.length > 0 && there.text === state.history[0].text
    && state.moves.length + 1 === state.history.length;
  if (!joins) return null;
  const whole = {
    ...state,
    history: held.history.slice(0, from).concat(state.history),
    moves: held.moves.slice(0, from).concat(state.moves),
  };
  delete whole.since;
  return whole;
}

/**
 * The review on screen as review.js keeps it: the server's `ReviewView` fields it shows, the review itself
 * (`data`: `any`, as the protocol has it untyped, `ReviewView.review: unknown`; see docs/review.md, "JSON"),
 * the selected move and whether the panel is open; `run`, `step`: the version shown.
 * @typedef {{
 *   id: string | null, status: string, done: number, total: number, data: any,
 *   current: boolean, computedAt: number | null, error: string | null, selected: number | null,
 *   open: boolean, run: number, step: number,
 * }} ReviewState
 */

/**
 * The page's one state object (who writes which field: the comment at the top of this file).
 * @typedef {{
 *   settings: import("./storage.js").Settings,
 *   id: string | null,
 *   token: string | null,
 *   game: P.StateView | null,
 *   view: number | null,
 *   busy: boolean,
 *   analysis: { on: boolean, seq: number, hintSeq: number },
 *   seat: P.Side | null,
 *   watcher: string | null,
 *   review: ReviewState | null,
 * }} PageState
 */

/**
 * The game page's parts as the modules that share them see them (main.js makes each and hands it on). `Screen`:
 * main.js's redraws: `all()` everything from the state, `flags()` the marks, status and buttons after a flag
 * (thinking, presence, offers) changed, `controls()` the buttons only, `gameOver()` the end panel when the shown game
 * just ended.
 * @typedef {{ all: () => void, flags: () => void, controls: () => void, gameOver: () => void }} Screen
 */
/**
 * The board (board.js) as game.js, online.js and analysis.js use it: the hint mark, a refused pit's shake, a move
 * animated from the server's detail, the rows laid out again for another game.
 * @typedef {{
 *   clearHint: () => void,
 *   markHint: (p: number) => void,
 *   shake: (p: number) => void,
 *   relayout: () => void,
 *   animate: (detail: P.MoveDetailView) => Promise<void>,
 * }} BoardPart
 */
/**
 * The Analysis panel (analysis.js) as the game controllers use it: analyse again after a change, empty the panel,
 * an `analysis` event (the page engine's steps have the same fields, `AnalysisStep`).
 * @typedef {Pick<P.AnalysisEvent, "purpose" | "seq" | "ply" | "side" | "done" | "best" | "score_text" | "pv" | "depth" | "nodes">} AnalysisStep
 * @typedef {{ refresh: () => void, idle: () => void, onEvent: (e: AnalysisStep) => void }} AnalysisPart
 */
/**
 * The review (review.js) as the game controllers use it: load the game's stored review, a `review` event.
 * @typedef {{ load: () => unknown, onEvent: (e: P.ReviewEvent) => void }} ReviewPart
 */

/** A fresh state. `settings` comes from storage.js. @param {import("./storage.js").Settings} settings @returns {PageState} */
export function createState(settings) {
  return {
    settings,
    id: null, // the game on screen
    token: null, // its seat token
    game: null, // the last state the server sent
    view: null, // the ply shown in replay, null = the live position
    busy: false, // a request or an animation is running
    analysis: { on: false, seq: 0, hintSeq: 0 },
    seat: null, // online: the side this browser plays ("S", "N"), null for a spectator or a local game
    watcher: null, // online, a spectator: the handle of this page's event stream (its analysis comes there alone)
    review: null, // {id, status, done, total, data, current, computedAt, error, selected, open}, see review.js
  };
}

/** Whether the game on screen is an online game between two people.  @param {PageState} st */
export function isOnline(st) { return !!st.game && !!st.game.online; }
/** Online: whether this browser plays in it (holds a seat) and the game runs.  @param {PageState} st */
export function isPlayingOnline(st) {
  const on = st.game && st.game.online;
  return !!on && !!st.seat && (on.status === "playing" || on.status === "open") && !st.game?.outcome;
}

/**
 * How the game on screen ended, or null while it runs: the server's `outcome`, completed for the endings
 * of online games (resign, time, agreement, abandon, aborted) from `online.end` and `online.winner`.
  @param {PageState} st */
export function endOf(st) {
  const g = st.game;
  if (!g) return null;
  const on = g.online;
  if (on && on.end) {
    const base = g.outcome || { scores: g.position.stores, captured: g.position.stores };
    // A board ending's winner is the outcome's; the online endings name theirs in `online.winner`.
    const winner = g.outcome ? g.outcome.winner : on.winner || null;
    return { ...base, reason: on.end, winner };
  }
  return g.outcome || null;
}

/** The other side.  @param {P.Side} side @returns {P.Side} */
export function other(side) { return side === "S" ? "N" : "S"; }
/** The side a pit belongs to (board geometry: South's row is pits 0–5).  @param {number} pit @returns {P.Side} */
export function owner(pit) { return pit < 6 ? "S" : "N"; }
/** A score: whole numbers plain, halves (an even split) with one decimal, as the page's language writes it.  @param {number} x */
export function fmt(x) {
  return Number.isInteger(x) ? String(x) : x.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "South" or "North" in the page's language.  @param {P.Side} side */
export function plainSideName(side) { return side === "S" ? t("game-side-south") : t("game-side-north"); }

/**
 * A name as the server gave it, in the page's language when it is one of the server's own words ("You",
 * "Computer (Easy)", "South", "North": the state is shared by all watchers, so the server names in English; a
 * player may not take those words as a name).
  @param {PageState} st @param {string} name */
function ownName(st, name) {
  if (name === "South") return t("game-side-south");
  if (name === "North") return t("game-side-north");
  if (name === "You") return t("game-name-you");
  const computer = /^Computer \((Easy|Medium|Hard|Expert)\)$/.exec(name);
  if (computer) return t("game-name-computer", { level: levelWord(computer[1].toLowerCase()) });
  return name;
}

/** The name shown for a side ("You", "Computer (Easy)", a friend's name...), in the page's language.  @param {PageState} st @param {P.Side} side */
export function sideName(st, side) {
  const plain = plainSideName(side);
  if (!st.game) return plain;
  if (st.game.online) {
    const seat = st.game.online.seats && st.game.online.seats[side];
    return ownName(st, (seat && seat.name) || st.game.names[side]) || plain;
  }
  return ownName(st, st.game.names[side]);
}
/** Whether `side` is the person at this screen: their seat online, their side against the computer.  @param {PageState} st @param {P.Side} side */
export function isYou(st, side) {
  return !!st.game && (st.seat ? st.seat === side : isComputerGame(st) && st.game.human === side);
}
/**
 * Online: the seat of `side` as the state shows it (`{name, taken, connected, account, rating?}`), or null. A
 * rated game's seats carry `rating: {rating, provisional, diff?}` (`diff` once the game is over and rated).
  @param {PageState} st @param {P.Side} side */
export function seatOf(st, side) {
  const seats = st.game && st.game.online && st.game.online.seats;
  return (seats && seats[side]) || null;
}
/** Whether the computer plays one side.  @param {PageState} st */
export function isComputerGame(st) { return !!st.game && st.game.opponent !== "friend" && !st.game.online; }
/** The computer's level, a word with a capital ("Easy"), in the page's language.  @param {PageState} st */
export function levelName(st) { return levelWord(st.game ? st.game.opponent : ""); }
/** A level ("easy") as a word with a capital, in the page's language.  @param {string} level */
function levelWord(level) {
  switch (level) {
    case "easy": return t("game-level-easy");
    case "medium": return t("game-level-medium");
    case "hard": return t("game-level-hard");
    case "expert": return t("game-level-expert");
    default: return "";
  }
}
/** The side drawn on the bottom row.  @param {PageState} st @returns {P.Side} */
export function viewSide(st) { return st.seat || (st.game ? st.game.view_side : "S"); }

/** The position on screen: the live one or the replayed one.  @param {PageState} st */
export function shownPosition(st) {
  const g = st.game;
  if (!g) return null;
  return st.view === null ? g.position : g.history[st.view];
}

/** The server's word on a pit of the live position ({pit, letter, legal, reason}), or null.  @param {PageState} st @param {number} p */
export function pitInfo(st, p) {
  if (!st.game || st.view !== null) return null;
  return st.game.pits_info.find((i) => i.pit === p) || null;
}

/** Whether a person may press a pit now (not: which pit; that is `pitInfo`).  @param {PageState} st */
export function canMoveNow(st) {
  const g = st.game;
  if (!g || g.outcome || st.view !== null) return false;
  if (g.computer_to_move || g.thinking) return false;
  if (g.online) return g.online.status === "playing" && st.seat === g.position.turn;
  return true;
}

/** Whether the review on screen judges exactly the moves of the game on screen (same start, same moves).  @param {PageState} st */
export function reviewFits(st) {
  const r = st.review, g = st.game;
  if (!r || !r.data || !g || r.id !== g.id) return false;
  const moves = r.data.moves;
  if (moves.length !== g.moves.length) return false;
  return moves.every((/** @type {{ played: string, before: string }} */ m, /** @type {number} */ i) => m.played === g.moves[i].letter && (i > 0 || m.before === g.history[0].text));
}

/** The reviewed move whose position the board shows (the review open, that move selected), or null.  @param {PageState} st */
export function reviewedMove(st) {
  const r = st.review;
  if (!r || !r.open || r.selected === null || st.view !== r.selected || !reviewFits(st)) return null;
  return r.data.moves[r.selected];
}
