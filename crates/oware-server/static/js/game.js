// A local game (against the computer, or two people at one screen): opening, creating and restoring it,
// applying the server's states in order (animating a move that follows what is shown), playing a pit,
// undo, redo and replay. It is the only writer of st.id, st.token, st.game, st.view and st.busy.
/** @import * as P from "../../types/protocol" */
/** @import { PageState, Screen, BoardPart, AnalysisPart, ReviewPart } from "./state.js" */
import { levelName, sideName, pitInfo, canMoveNow, wholeState } from "./state.js";
// The game calls go through offline.js: a game held in this browser is answered there (offline).
import { games as api } from "./offline.js";
import { errorText, errorStatus } from "./request.js";
import { rememberGame, savedGame } from "./storage.js";
import { say, announce, describeMove, explainPit } from "./status.js";
import { t } from "./i18n.js";
import { localEngine, engineGame, pagePlays, rememberPagePlays } from "./engine-local.js";

const LEVELS = ["easy", "medium", "hard", "expert"];

/**
 * The update path shared by the local and the online game: `applyUpdate(state, detail)` applies a state from
 * the server in order (queued), drops older versions, joins a state carrying only the end of the record to the
 * one shown (or asks for the whole one), animates `detail` when it follows what is shown, then
 * redraws through `screen` (`all()`, `flags()` for a same-version change, `controls()`, `gameOver()`);
 * `showPly(ply)` shows an earlier position of the game, or the live one again.
 * @param {PageState} st
 * @param {{ board: BoardPart, analysis: AnalysisPart, screen: Screen }} parts
 */
export function createUpdater(st, { board, analysis, screen }) {
  /** @type {Promise<void>} */
  let queue = Promise.resolve(); // states are applied one after the other, animations included

  /**
   * Applies a state from the server, animating `detail` when it follows what is shown.
   * @param {P.StateView | null | undefined} state
   * @param {P.MoveDetailView | null | undefined} detail
   */
  function applyUpdate(state, detail) {
    queue = queue.then(async () => {
      const id = st.id;
      if (!state || state.id !== id) return; // an event of a game we left
      const prev = st.game;
      if (prev && state.id === prev.id && state.version < prev.version) return;
      const whole = wholeState(prev, state);
      if (whole) {
        state = whole;
      } else {
        // Only the end of the record, and what is shown does not reach its start: ask for all of it.
        const asked = state.version;
        try { state = await api.getGame(id, st.token); } catch { return; }
        if (!state || state.id !== st.id || (prev && state.version < prev.version)) return;
        if (state.version !== asked) detail = null;
      }
      if (prev && state.id === prev.id && state.version === prev.version && !detail) {
        // Same version: only flags may differ (thinking; online: presence, spectators, offers).
        st.game = state;
        screen.flags();
        return;
      }
      const fresh = !prev || prev.id !== state.id || state.version > prev.version;
      if (!fresh) return;
      const follows = detail && prev && prev.id === state.id && prev.position.text === detail.before.text && st.view === null;
      st.game = state;
      if (follows && detail) {
        st.busy = true;
        screen.controls();
        board.clearHint();
        say("");
        try { await board.animate(detail); } finally { st.busy = false; }
        announce(describeMove(st, detail));
      } else if (detail && prev && prev.id === state.id) {
        announce(describeMove(st, detail));
      }
      screen.all();
      analysis.refresh();
      screen.gameOver();
    });
    return queue;
  }

  /** Shows the position after `ply` (0 = the start; the current ply or more = back to the live game). @param {number} ply */
  function showPly(ply) {
    const g = st.game;
    if (!g) return;
    board.clearHint();
    st.view = ply >= g.ply ? null : Math.max(0, ply);
    screen.all();
    analysis.refresh();
  }

  return { applyUpdate, showPly };
}

/**
 * Sends `request` (a function answering a promise) with the page busy: presses are ignored and the buttons
 * off until it is answered; then `apply(answer)`. A refusal is said and read out, and after a conflict or a
 * refused move (409, 422) `refresh()` shows the server's state again. Shared by the local and online games.
 * @template T
 * @param {PageState} st
 * @param {Screen} screen
 * @param {() => Promise<T>} request
 * @param {() => Promise<void>} refresh
 * @param {(answer: T) => Promise<void>} apply
 */
export async function whileBusy(st, screen, request, refresh, apply) {
  st.busy = true;
  screen.controls();
  try {
    const r = await request();
    st.busy = false;
    await apply(r);
  } catch (e) {
    st.busy = false;
    say(errorText(e));
    announce(errorText(e));
    if (errorStatus(e) === 409 || errorStatus(e) === 422) await refresh();
  } finally {
    st.busy = false;
    screen.controls();
  }
}

/** Says why pit `p` cannot be played (`why`, empty when there is nothing to say) and shakes it.
 * @param {BoardPart} board @param {number} p @param {string} why */
export function refusePit(board, p, why) {
  say(why);
  if (why) announce(why);
  board.shake(p);
}

/**
 * The local game controller. `screen` draws: `all()` everything from `st`, `flags()` the marks, status and
 * buttons after a flag (thinking) changed, `controls()` the buttons only, `gameOver()` the end panel if the
 * shown game just ended. `board` and `analysis` are the modules of those names.
 * @param {PageState} st
 * @param {{ board: BoardPart, analysis: AnalysisPart, review: ReviewPart, screen: Screen }} parts
 */
export function createLocalGame(st, { board, analysis, review, screen }) {
  const { applyUpdate, showPly } = createUpdater(st, { board, analysis, screen });
  /** @type {ReturnType<typeof api.subscribe> | null} */
  let events = null; // the game's event stream

  /** Follows the events of game `id`. @param {string} id */
  function connect(id) {
    if (events) events.close();
    events = api.subscribe(id, {
      update: (d) => applyUpdate(d.state, d.detail),
      thinking: (d) => {
        if (st.game && d.version === st.game.version) {
          st.game.thinking = d.thinking;
          if (!st.busy) screen.flags();
        }
      },
      analysis: (d) => analysis.onEvent(d),
      review: (d) => review.onEvent(d),
    });
  }

  /** Shows game `id` (seat `token`) from its `state` and follows its events. @param {string} id @param {string | null} token @param {P.StateView} state */
  async function open(id, token, state) {
    st.id = id;
    st.token = token;
    st.view = null;
    st.game = null;
    board.relayout();
    rememberGame(id, token);
    board.clearHint();
    analysis.idle();
    await applyUpdate(state, null);
    connect(id);
    review.load();
  }

  /**
   * Plays the computer's move with the page's engine when this page plays it (a game created with
   * `"engine": "page"`) and it is the computer's turn: the level's search with the server's seed, the
   * move sent as the server's computer would play it. A refusal (the server played first, after a
   * restart) shows the server's state again.
   */
  async function pageReply() {
    const g = st.game;
    if (!g || !st.id || !g.computer_to_move || !pagePlays(st.id)) return;
    const local = await localEngine();
    if (!local) return;
    const id = st.id;
    let move;
    try {
      move = await local.reply(engineGame(g, null), g.opponent, id);
    } catch (e) { say(t("review-engine-failed", { error: errorText(e) })); return; }
    if (!move || st.id !== id || !st.game || st.game.version !== g.version) return;
    try {
      const r = await api.playMove(id, st.token, move);
      await applyUpdate(r.state, r.detail);
    } catch (e) {
      // 409: the server's engine moved first (the game was read again from its store).
      if (errorStatus(e) !== 409) say(errorText(e));
      await refresh();
    }
  }

  /** Creates a game on the server (`body` as `POST /api/games` takes it) and shows it. Rejects with its error. @param {P.CreateReq} body */
  async function create(body) {
    // Against the computer, the page's own engine plays when the browser can run it.
    const pageEngine = LEVELS.includes(String(body.opponent || "easy")) && (await localEngine()) !== null;
    if (pageEngine) body = { ...body, engine: "page" };
    const r = await api.createGame(body);
    rememberPagePlays(r.id, pageEngine);
    await open(r.id, r.token, r.state);
    pageReply();
    const g = r.state;
    const name = sideName(st, g.position.turn);
    const ply = g.ply;
    const msg = body.ogn
      ? g.outcome
        ? t("game-imported-over", { ply })
        : g.opponent === "friend"
        ? t("game-imported-to-move", { ply, name })
        : g.position.turn === g.human
        ? t("game-imported-you-move", { ply })
        : t("game-imported-computer-moves", { ply })
      : g.opponent === "friend"
      ? t("game-new-friend", { name })
      : g.position.turn === g.human
      ? t("game-new-computer-you-start", { level: levelName(st) })
      : t("game-new-computer-starts", { level: levelName(st) });
    say(msg, "info");
    announce(msg);
  }

  /** Reopens the game this browser remembers. Resolves to false when there is none (or it is gone). */
  async function restore() {
    const saved = savedGame();
    if (!saved) return false;
    try {
      const state = await api.getGame(saved.id, saved.token);
      await open(saved.id, saved.token, state);
    } catch {
      return false;
    }
    const msg = t("game-welcome-back");
    say(msg, "info");
    announce(msg);
    pageReply();
    return true;
  }

  async function refresh() {
    if (!st.id) return;
    try {
      await applyUpdate(await api.getGame(st.id, st.token), null);
    } catch (e) { say(errorText(e)); }
  }

  /** Plays the move of `letter` in the game on screen. @param {string} letter */
  async function play(letter) {
    const id = st.id;
    if (!id) return;
    await whileBusy(st, screen, () => api.playMove(id, st.token, letter), refresh, async (r) => {
      await applyUpdate(r.state, r.detail);
      if (r.state.computer_to_move && pagePlays(id)) {
        await pageReply();
      } else if (r.state.computer_to_move && !(events && events.open)) {
        // No event stream (a proxy may block it): wait for the reply with a long poll instead.
        api.waitForChange(id, st.token, r.state.version)
          .then((s) => applyUpdate(s, s.last && s.last.before.text === r.state.position.text ? s.last : null))
          .catch(() => {});
      }
    });
  }

  /** A pit was pressed (by click, tap, Enter or a number key): play it, or say why not. @param {number} p */
  async function pressPit(p) {
    if (st.busy) return;
    const info = pitInfo(st, p);
    if (!canMoveNow(st) || !info || !info.legal) {
      refusePit(board, p, explainPit(st, p));
      return;
    }
    await play(info.letter);
  }

  /**
   * Undo or redo (`request`), then says `words`.
   * @param {(id: string, token?: string | null) => Promise<P.StateView>} request @param {string} words
   */
  async function takeBack(request, words) {
    if (!st.game || st.busy || !st.id) return;
    try {
      const state = await request(st.id, st.token);
      st.view = null;
      say(words, "info");
      announce(words);
      await applyUpdate(state, null);
    } catch (e) { say(errorText(e)); }
  }
  /** Takes back the last move (and the computer's reply). */
  const undo = () => takeBack(api.undoMove, t("game-undone"));
  /** Replays an undone move. */
  const redo = () => takeBack(api.redoMove, t("game-redone"));

  return { create, restore, pressPit, undo, redo, showPly };
}
