// An online game between two people, on its own address `/game/{id}` (the invite link and the spectator
// link at once). Like game.js it is the only writer of st.id, st.token, st.game, st.view, st.busy, and it
// also writes st.seat. The seat token of each game this browser plays is kept in storage.js, so that
// reopening the link gives the seat back; a browser without a token watches, or may take a free seat.
// The server decides everything (whose move, the clocks, which offers stand, the end); this module sends
// the person's requests and applies the states that come back or arrive as events.
/** @import * as P from "../../types/protocol" */
/** @import { PageState, Screen, BoardPart, AnalysisPart, ReviewPart } from "./state.js" */
/** @import { Settings } from "./storage.js" */
import { canMoveNow, pitInfo, sideName, other } from "./state.js";
import * as api from "./api.js";
import { errorText, errorStatus } from "./request.js";
import { rememberSeat, seatToken, saveSettings } from "./storage.js";
import { createUpdater, whileBusy, refusePit } from "./game.js";
import { say, announce, explainPit } from "./status.js";
import { t } from "./i18n.js";
import { sleep } from "./dom.js";

/** How long an action waits for an animation or a request under way before it gives up (ms). */
const BUSY_WAIT_MS = 15000;

/** The address of online game `id` (its invite link). @param {string} id */
export const gameUrl = (id) => `${location.origin}/game/${id}`;

/** The clock settings for `POST /api/games` from a "M+S" choice ("none" = no clock). @param {string | null | undefined} choice @returns {P.ClockReq | null} */
export function clockBody(choice) {
  const m = /^(\d+)\+(\d+)$/.exec(choice || "");
  return m ? { initial_s: Number(m[1]) * 60, increment_s: Number(m[2]) } : null;
}

/**
 * Creates an online game (`settings` from the New game dialog: rules, clock, color, name, lobby, rated) and goes
 * to its address. Rejects with the server's error (a rated game needs an account, the standard rules and a clock).
 * @param {Settings} settings @param {string} rules
 */
export async function createOnline(settings, rules) {
  const r = await api.createGame({
    opponent: "online",
    rules,
    clock: settings.days ? { days: Number(settings.days) } : clockBody(settings.clock) || undefined,
    ...(settings.range ? { range: settings.range } : {}),
    color: settings.color === "S" || settings.color === "N" ? settings.color : "random",
    name: settings.name,
    lobby: settings.lobby === "lobby",
    ...(settings.rated ? { rated: true } : {}),
    ...(settings.advice ? { advice: true } : {}),
  });
  rememberSeat(r.id, r.token);
  location.assign(`/game/${r.id}`);
}

/**
 * Takes the free seat of game `id` under `name`, remembers the token and goes to the game. Rejects with the
 * server's error (the seat was taken, the challenge is gone...).
 * @param {string} id @param {string} [name]
 */
export async function joinOnline(id, name) {
  const r = await api.joinGame(id, name);
  rememberSeat(id, r.token);
  return r;
}

/**
 * The online game controller: `open(id)`, `pressPit`, `showPly` (the names the board, move list and
 * controls call), `join(name)`, and the actions `resign`, `abort`, `cancel`, `offer(kind, action)`,
 * `claim(result)`. `screen` is main.js's redraw object; `chat` the game's chat (chat.js), if shown.
 * @typedef {ReturnType<typeof createOnlineGame>} OnlineGame
 * @param {PageState} st
 * @param {{
 *   board: BoardPart, analysis: AnalysisPart, review: ReviewPart, screen: Screen,
 *   chat: { open: () => Promise<void>, onEvent: (m: P.ChatMessage) => void } | null,
 * }} parts
 */
export function createOnlineGame(st, { board, analysis, review, screen, chat }) {
  const { applyUpdate, showPly } = createUpdater(st, { board, analysis, screen });
  /** @type {ReturnType<typeof api.subscribe> | null} */
  let events = null;
  let followingRematch = false;

  /** Listens to the game; a player first gets a presence key so the opponent sees them connected. */
  /** @param {string} id */
  async function connect(id) {
    if (events) events.close();
    /** @type {string | null} */
    let key = null;
    if (st.token) {
      try { key = (await api.presenceKey(id, st.token)).key; } catch { key = null; }
    }
    events = api.subscribe(id, {
      update: (d) => {
        // The stream's first event: a spectator's handle (their analysis comes on this stream alone).
        if (d.cause === "connect") st.watcher = d.watcher || null;
        return applyUpdate(d.state, d.detail).then(followRematch);
      },
      // Spectators came or went: the count alone.
      spectators: (d) => {
        if (st.game && st.game.online && st.game.id === st.id) {
          st.game.online.spectators = d.spectators;
          screen.flags();
        }
      },
      analysis: (d) => analysis.onEvent(d),
      review: (d) => review.onEvent(d),
      chat: (d) => chat && chat.onEvent(d),
    }, key);
  }

  /** Shows online game `id`: with this browser's seat if it holds one, else as a spectator. @param {string} id */
  async function open(id) {
    st.id = id;
    st.view = null;
    st.game = null;
    st.token = seatToken(id);
    let state;
    try {
      state = await api.getGame(id, st.token);
    } catch (e) {
      if (st.token && (errorStatus(e) === 401 || errorStatus(e) === 403)) {
        // A token the server does not know for this game: forget it and watch.
        rememberSeat(id, null);
        st.token = null;
        state = await api.getGame(id, null);
      } else {
        throw e;
      }
    }
    if (!state.online) throw new api.ApiError(t("online-not-online"), 404, "not-online");
    st.seat = state.online.you || null;
    if (!st.seat && st.token) { rememberSeat(id, null); st.token = null; }
    board.relayout();
    board.clearHint();
    analysis.idle();
    await applyUpdate(state, null);
    await connect(id);
    if (chat) await chat.open();
    review.load();
    if (st.seat && state.online.status !== "open") {
      const msg = t("online-welcome-back", { side: st.seat });
      say(msg, "info");
      announce(msg);
    } else if (!st.seat && state.online.status === "playing") {
      announce(t("online-you-watch"));
    }
    return state;
  }

  /** Takes the free seat under `name` (remembered for next time). @param {string} name */
  async function join(name) {
    st.settings.name = name;
    saveSettings(st.settings);
    const id = st.id;
    if (!id) return;
    try {
      const r = await joinOnline(id, name);
      st.token = r.token;
      st.seat = r.state.online?.you || (await api.getGame(id, st.token)).online?.you || null;
      board.relayout();
      await applyUpdate(r.state, null);
      screen.all();
      await connect(id);
      const seat = st.seat;
      const msg = t("online-you-play", { side: seat || "", opponent: seat ? sideName(st, other(seat)) : "" });
      say(msg, "info");
      announce(msg);
    } catch (e) {
      say(errorText(e));
      announce(errorText(e));
      await refresh();
    }
  }

  async function refresh() {
    const id = st.id;
    if (!id) return;
    try { await applyUpdate(await api.getGame(id, st.token), null); } catch (e) { say(errorText(e)); }
  }

  /**
   * Sends one request that answers with a state, `{detail, state}` (a move) or `{state, rematch}` (a rematch), and
   * applies it. A move pressed while the page is busy is dropped (the board refuses presses then); an action
   * (resign, abort, an offer or its answer, a claim) waits for the animation or the request under way and follows
   * it, so that "Yes, resign" pressed during the opponent's move is never lost.
   * @param {(id: string) => Promise<P.StateView | P.MoveAnswer | P.RematchAnswer>} request the request for game `id`
   * @param {string} [words] @param {boolean} [move]
   */
  async function send(request, words, move = false) {
    if (!st.game) return;
    if (st.busy) {
      if (move) return;
      for (let waited = 0; st.busy && waited < BUSY_WAIT_MS; waited += 25) await sleep(25);
      if (st.busy || !st.game) return;
    }
    const id = st.id;
    if (!id) return;
    await whileBusy(st, screen, () => request(id), refresh, async (r) => {
      const seat = "rematch" in r ? r.rematch : null;
      if (seat && seat.id && seat.token && seat.id !== id) {
        // An agreed rematch: the answer carries this browser's seat in the new game.
        rememberSeat(seat.id, seat.token);
        if (!followingRematch) location.assign(`/game/${seat.id}`);
        followingRematch = true;
        return;
      }
      const state = "state" in r ? r.state : r;
      if (state && state.id) await applyUpdate(state, "detail" in r ? r.detail : null);
      if (words) { say(words, "info"); announce(words); }
      followRematch();
    });
  }

  /** A pit was pressed: play it if it is this browser's move, or say why not. @param {number} p */
  async function pressPit(p) {
    if (st.busy) return;
    const g = st.game;
    const info = pitInfo(st, p);
    if (!canMoveNow(st) || !info || !info.legal) {
      let why;
      if (g && g.online && !st.seat && !g.outcome) why = t("online-refuse-watching");
      else if (g && g.online && g.online.status === "open") why = t("online-refuse-no-opponent");
      else if (g && g.online && g.online.status === "playing" && st.seat && g.position.turn !== st.seat) why = t("online-refuse-their-move", { name: sideName(st, g.position.turn) });
      else why = explainPit(st, p);
      refusePit(board, p, why);
      return;
    }
    await send((id) => api.playMove(id, st.token, info.letter, g ? g.ply : undefined), undefined, true);
  }

  /** When a rematch was agreed: a player takes their seat in the new game and goes there. */
  async function followRematch() {
    const g = st.game;
    const next = g && g.online && g.online.rematch_id;
    if (!next || !st.seat || followingRematch) return;
    followingRematch = true;
    try {
      if (!seatToken(next)) rememberSeat(next, (await api.rematchSeat(next, st.token)).token);
      location.assign(`/game/${next}`);
    } catch (e) {
      followingRematch = false;
      say(errorText(e));
    }
  }

  return {
    open,
    join,
    pressPit,
    showPly,
    /** Online games have no undo or redo (controls.js hides the buttons; the keys do nothing). */
    undo() {},
    redo() {},
    resign: () => send((id) => api.act(id, st.token, "resign"), t("online-you-resigned")),
    abort: () => send((id) => api.act(id, st.token, "abort"), t("online-game-aborted")),
    cancel: async () => {
      const id = st.id;
      if (!id) return;
      try {
        await api.cancelGame(id, st.token);
        rememberSeat(id, null);
        location.assign("/");
      } catch (e) { say(errorText(e)); await refresh(); }
    },
    /** @param {P.OfferKind} kind @param {P.OfferAction} action */
    offer: (kind, action) => send((id) => api.offer(id, st.token, kind, action)),
    /** @param {P.ClaimResult} result */
    claim: (result) => send((id) => api.claim(id, st.token, result)),
  };
}
