// Talking to the server: JSON requests with the seat token, and the game's live events (server-sent
// events, with a long poll where a proxy blocks the stream). No page state here: callers pass the game id
// and token, and get the server's answers back.

// The JSON's shapes are the protocol's TypeScript declarations (`protocol.d.ts`, generated from the crate
// oware-protocol); `tsc --checkJs` checks these calls and their callers against them (docs/web.md).
/** @import * as P from "../../types/protocol" */

export { ApiError, request } from "./request.js";
import * as api from "./api.gen.js";

/**
 * The handlers of a game's events, each given the event's data as the protocol declares it.
 * @typedef {{
 *   update?: (e: P.UpdateEvent) => void,
 *   thinking?: (e: P.ThinkingEvent) => void,
 *   analysis?: (e: P.AnalysisEvent) => void,
 *   review?: (e: P.ReviewEvent) => void,
 *   spectators?: (e: P.SpectatorsEvent) => void,
 *   chat?: (e: P.ChatMessage) => void,
 * }} GameHandlers
 */

/** Creates a game: `{opponent, starts?, human?, rules?, names?, ogn?}` → `{id, token, state}`. @type {(body: P.CreateReq) => Promise<P.SeatAnswer>} */
export const createGame = (body) => api.postGames(body);
/** The server's health: `{ ok, games, egdb: { max_seeds, building, target, status } | null }`. @type {() => Promise<P.Health>} */
export const getHealth = () => api.health();
/** The game's state. @type {(id: string, token?: string | null) => Promise<P.StateView>} */
export const getGame = (id, token) => api.getGames(id, undefined, { token });
/** The game's state once its version is above `version` (long poll). @type {(id: string, token: string | null | undefined, version: number) => Promise<P.StateView>} */
export const waitForChange = (id, token, version) => api.getGames(id, { since: version }, { token });
/**
 * Plays a move by its letter → `{detail, state}`. `since`: the ply of the whole state the page holds; an online
 * game's answer then carries only what follows it (the state's `since`, see state.js `wholeState`).
 * @type {(id: string, token: string | null | undefined, letter: string, since?: number) => Promise<P.MoveAnswer>}
 */
export const playMove = (id, token, letter, since) => api.gamesMoves(id, { move: letter, since }, { token });
/** Takes back a move (and the computer's reply) → the state. @type {(id: string, token?: string | null) => Promise<P.StateView>} */
export const undoMove = (id, token) => api.gamesUndo(id, { token });
/** Replays an undone move → the state. @type {(id: string, token?: string | null) => Promise<P.StateView>} */
export const redoMove = (id, token) => api.gamesRedo(id, { token });
/**
 * Starts an analysis or a hint `{ply?, purpose, movetime_ms}` → `{seq}`; `analysis` events follow. A spectator of an
 * online game passes `watcher`, the handle of their event stream, which alone receives the analysis.
 * @type {(id: string, token: string | null | undefined, body: P.AnalysisReq, watcher?: string | null) => Promise<P.AnalysisStarted>}
 */
export const startAnalysis = (id, token, body, watcher) => api.postGamesAnalysis(id, body, { token, watcher });
/** Stops the game's analysis (a spectator's own, with their `watcher` handle). */
/** @type {(id: string, token: string | null | undefined, watcher?: string | null) => Promise<null>} */
export const stopAnalysis = (id, token, watcher) => api.deleteGamesAnalysis(id, { token, watcher });
/** Starts the game's review (the stored one when it already judged these moves) → a `ReviewView`; `review` events follow. @type {(id: string, token?: string | null) => Promise<P.ReviewView>} */
export const startReview = (id, token) => api.postGamesReview(id, undefined, { token });
/** The game's review: `{status: none|running|done|failed, done, total, current, computed_at, review}`. @type {(id: string) => Promise<P.ReviewView>} */
export const getReview = (id) => api.getGamesReview(id);
/** Where the OGN record downloads from. */
/** @type {(id: string) => string} */
export const ognUrl = (id) => api.gamesOgnUrl(id);

// ----- Online games (docs/web.md): every action carries the seat token in its header -----

/** The open challenges posted to the lobby → `{challenges}`. @type {() => Promise<P.Lobby>} */
export const getLobby = () => api.lobby();
/** Takes the free seat of online game `id` → `{id, token, state}`. @type {(id: string, name?: string) => Promise<P.SeatAnswer>} */
export const joinGame = (id, name) => api.gamesJoin(id, { name });
/** Cancels an open challenge (its creator's token). @type {(id: string, token: string | null | undefined) => Promise<P.StateView>} */
export const cancelGame = (id, token) => api.deleteGames(id, { token });
/** An online action without a body (`resign`, `abort`) → the state. @type {(id: string, token: string | null | undefined, action: "resign" | "abort") => Promise<P.StateView>} */
export const act = (id, token, action) => (action === "resign" ? api.gamesResign : api.gamesAbort)(id, { token });
/**
 * An offer (`draw`, `takeback`, `rematch`) with `action` offer, accept, decline or withdraw → the state; a rematch's
 * answer is always `{state, rematch}`, `rematch` being `null` or, once agreed, `{id, token, state}` (the seat in the new game).
 * @type {(id: string, token: string | null | undefined, kind: P.OfferKind, action: P.OfferAction) => Promise<P.StateView | P.RematchAnswer>}
 */
export const offer = (id, token, kind, action) => {
  const body = { action };
  const opts = { token };
  switch (kind) {
    case "draw": return api.gamesDraw(id, body, opts);
    case "takeback": return api.gamesTakeback(id, body, opts);
    case "cycle": return api.gamesCycle(id, body, opts);
    default: return api.gamesRematch(id, body, opts);
  }
};
/** Claims the win or a draw (`result`) when the opponent has been away too long → the state. @type {(id: string, token: string | null | undefined, result: P.ClaimResult) => Promise<P.StateView>} */
export const claim = (id, token, result) => api.gamesClaim(id, { result }, { token });
/** An online game's chat as the token's holder (or a spectator) reads it. @type {(id: string, token?: string | null) => Promise<P.ChatLog>} */
export const getChat = (id, token) => api.getGamesChat(id, { token });

/** Writes in an online game's chat: `{text, name?}` → the message as kept (a player's token writes as the player). @type {(id: string, token: string | null | undefined, body: P.ChatReq) => Promise<P.ChatMessage>} */
export const postChat = (id, token, body) => api.postGamesChat(id, body, { token });

/** A presence key for the seat, to put on the event stream's address → `{key}`. @type {(id: string, token: string | null | undefined) => Promise<P.PresenceAnswer>} */
export const presenceKey = (id, token) => api.gamesPresence(id, { token });
/** The seat in a rematch game `id`, given the token of the game it follows → `{id, token, state}`. @type {(id: string, oldToken: string | null | undefined) => Promise<P.SeatAnswer>} */
export const rematchSeat = (id, oldToken) => api.gamesSeat(id, { token: oldToken });

/**
 * Listens to the lobby (docs/web.md): `on.list({v, challenges})` on connect (and again after the browser reconnects),
 * then `on.add({v, challenge})` and `on.remove({v, id})` for each change, `v` one more each time. Returns `{close()}`.
 * @param {{ list: (e: P.LobbyList) => void, add: (e: P.LobbyAdd) => void, remove: (e: P.LobbyRemove) => void }} on
 */
export function subscribeLobby(on) {
  const es = new EventSource(api.lobbyEventsUrl());
  /** @type {Partial<Record<P.EventKind, (data: any) => void>>} */
  const handlers = { lobby: on.list, "lobby-add": on.add, "lobby-remove": on.remove };
  for (const [name, handler] of Object.entries(handlers)) {
    es.addEventListener(name, (m) => {
      let data;
      try { data = JSON.parse(m.data); } catch { return; }
      handler(data);
    });
  }
  return { close: () => es.close() };
}

/**
 * Listens to a game's events. `on` maps event names (`update`, `thinking`, `analysis`, `review`) to handlers of the
 * parsed JSON; a message that is not JSON is dropped. `presence` (online games): the seat's presence key. Returns `{close(), open}` (`open`: the stream is up).
 * @param {string} id
 * @param {GameHandlers} on
 * @param {string | null} [presence]
 */
export function subscribe(id, on, presence) {
  const es = new EventSource(api.gamesEventsUrl(id, { presence: presence || undefined }));
  for (const [name, handler] of /** @type {[P.EventKind, (data: any) => void][]} */ (Object.entries(on))) {
    es.addEventListener(name, (m) => {
      let data;
      try { data = JSON.parse(m.data); } catch { return; }
      handler(data);
    });
  }
  return {
    close: () => es.close(),
    get open() { return es.readyState === EventSource.OPEN; },
  };
}
