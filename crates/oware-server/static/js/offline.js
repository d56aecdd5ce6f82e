// Games on this device without the server: against the computer or a friend at the same screen,
// when the network is off (docs/web.md, "Offline"). The rules core compiled to WebAssembly
// (engine-wasm.js, crates/oware-wasm's `view`) builds each state exactly as the server builds its
// own (`oware_protocol::view`): legal moves and why the others are not, the sowing and captures of
// the last move, the outcome. The computer's moves come from the page's engine worker, as in a game
// created with `"engine": "page"`. The game itself (rules, start, moves, undone moves) is kept in
// localStorage, so a reload without the network goes on with it.
//
// `games` answers the calls game.js makes of api.js: a game this browser holds offline is answered
// here, any other goes to the server. A new game is made here when the server cannot be reached; a
// game of the server whose move cannot be sent (the network went) goes on here from its last state.
// Once the network is back, each finished offline game is sent to the server as a record
// (`POST /api/games` with its OGN; its review, its list entry), see `sendFinishedGames`.
/** @import * as P from "../../types/protocol" */
import * as api from "./api.js";
import { ApiError } from "./request.js";
import { loadEngine, WASM_PATH } from "./engine-wasm.js";
import { t } from "./i18n.js";

/** Where the games held offline are kept: `{[id]: OfflineGame}`. */
const STORE_KEY = "oware.offline-games";
/** Levels of the computer. */
const LEVELS = ["easy", "medium", "hard", "expert"];

/**
 * A game held in this browser.
 * @typedef {{
 *   id: string, opponent: string, human: P.Side | null, names: {S: string, N: string},
 *   rules?: string, start?: string, moves: string[], redo: string[], version: number, sent?: boolean,
 * }} OfflineGame
 */

/** @returns {Record<string, OfflineGame>} */
function held() {
  try { return JSON.parse(localStorage.getItem(STORE_KEY) || "{}") || {}; } catch { return {}; }
}
/** @param {OfflineGame} g */
function keep(g) {
  const all = held();
  all[g.id] = g;
  try { localStorage.setItem(STORE_KEY, JSON.stringify(all)); } catch { /* private mode: the game lives until the page closes */ }
  memory.set(g.id, g);
}
/** The games of this page, also when storage is refused. @type {Map<string, OfflineGame>} */
const memory = new Map();
/** @param {string | null | undefined} id @returns {OfflineGame | null} */
function find(id) {
  if (!id) return null;
  return memory.get(id) || held()[id] || null;
}

/** Whether game `id` is held in this browser (played without the server). @param {string | null | undefined} id */
export const isOffline = (id) => find(id) !== null;

/** @type {Promise<import("./engine-wasm.js").WasmEngine> | null} */
let core = null;
/** The rules core on the page's thread (a view is answered in well under a millisecond). */
function rulesCore() {
  if (!core) {
    core = fetch(WASM_PATH).then(loadEngine);
    core.catch(() => { core = null; }); // tried again at the next call
  }
  return core;
}

/** The state of `g`, from the rules core. @param {OfflineGame} g @returns {Promise<P.StateView>} */
async function view(g) {
  const engine = await rulesCore();
  const v = engine.call({
    op: "view", rules: g.rules, start: g.start, moves: g.moves.join(" "), game_id: g.id,
    opponent: g.opponent, human: g.human || undefined, names: g.names, redo: g.redo.length, version: g.version,
  });
  if (v.error) throw new ApiError(v.error, 422);
  return v;
}

/** A fresh id, unlike the server's (which never start with `off-`). */
function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return "off-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The computer's name at `level`, as the server writes it ("Computer (Hard)"). @param {string} level */
const computerName = (level) => `Computer (${level[0].toUpperCase()}${level.slice(1)})`;

/**
 * Makes a game here from `POST /api/games`'s body (against the computer or a friend; no OGN, no
 * online game: those need the server). @param {P.CreateReq} body @returns {Promise<P.SeatAnswer>}
 */
async function create(body) {
  const opponent = String(body.opponent || "easy");
  if (body.ogn || !(LEVELS.includes(opponent) || opponent === "friend")) throw new ApiError(t("offline-needs-network"));
  /** @type {P.Side | null} */
  let human = null;
  /** @type {{S: string, N: string}} */
  let names = { S: "South", N: "North" };
  if (opponent === "friend") {
    const given = body.names || {};
    names = { S: String(given.S || "").trim().slice(0, 32) || "South", N: String(given.N || "").trim().slice(0, 32) || "North" };
  } else {
    human = body.human === "N" || body.starts === "computer" ? "N" : "S";
    names = human === "S" ? { S: "You", N: computerName(opponent) } : { S: computerName(opponent), N: "You" };
  }
  /** @type {OfflineGame} */
  const g = { id: newId(), opponent, human, names, rules: body.rules || undefined, moves: [], redo: [], version: 1 };
  const state = await view(g); // refuses bad rules before anything is kept
  keep(g);
  return { id: g.id, token: "", state };
}

/**
 * Carries on server game `state` here (the server could not be reached): the same id, rules, start
 * and moves. Only a game on this device (computer or friend) can.
 * @param {P.StateView} state @returns {OfflineGame | null}
 */
function carryOn(state) {
  if (state.online || !(LEVELS.includes(state.opponent) || state.opponent === "friend") || state.since != null) return null;
  /** @type {OfflineGame} */
  const g = {
    id: state.id, opponent: state.opponent, human: state.human || null, names: { S: state.names.S, N: state.names.N },
    rules: state.rules, start: state.history[0] && state.history[0].text,
    moves: state.moves.map((m) => m.letter), redo: [], version: state.version + 1,
  };
  keep(g);
  return g;
}

/** Plays `letter` in `g`, or refuses it as the server would (422 with the core's reason). @param {OfflineGame} g @param {string} letter */
async function play(g, letter) {
  const before = await view(g);
  const pit = before.pits_info.find((p) => p.letter === letter);
  if (!pit) throw new ApiError(t("game-error-status", { status: 422 }), 422, "bad-move");
  if (!pit.legal) throw new ApiError(pit.reason || "", 422, pit.code || undefined);
  g.moves.push(letter);
  g.redo = [];
  g.version++;
  keep(g);
  const state = await view(g);
  return { detail: state.last, state };
}

/**
 * Undo (`back`) or redo: one move, and against the computer as many more as bring the turn back to
 * the person (the server's undo takes back the computer's reply too).
 * @param {OfflineGame} g @param {boolean} back
 */
async function step(g, back) {
  const start = await view(g);
  if (back ? !start.can_undo : !start.can_redo) throw new ApiError(t("game-error-status", { status: 409 }), 409);
  const turnAt = (/** @type {P.StateView} */ s, /** @type {number} */ ply) => s.history[ply].turn;
  do {
    if (back) g.redo.push(/** @type {string} */ (g.moves.pop()));
    else g.moves.push(/** @type {string} */ (g.redo.pop()));
  } while (g.human && (back ? g.moves.length > 0 : g.redo.length > 0) && turnAt(start, g.moves.length) !== g.human);
  g.version++;
  keep(g);
  return view(g);
}

/** Whether `e` says the server was not reached (no status: the network, not a refusal). @param {unknown} e */
export const unreachable = (e) => e instanceof ApiError && e.status === undefined;

/** The last whole state the server sent of each game on this device, to carry on here when it goes. @type {Map<string, P.StateView>} */
const lastSeen = new Map();
/** @template {P.StateView} T @param {T} s @returns {T} */
function seen(s) {
  if (s && s.id && !s.online && (s.since === undefined || s.since === null)) lastSeen.set(s.id, s);
  return s;
}

/** Game calls as api.js names them, answered here for a game held offline, by the server otherwise. */
export const games = {
  /** @param {P.CreateReq} body @returns {Promise<P.SeatAnswer>} */
  async createGame(body) {
    if (navigator.onLine === false && !body.ogn) return create(body);
    try {
      const r = await api.createGame(body);
      seen(r.state);
      return r;
    } catch (e) {
      if (unreachable(e) && !body.ogn) return create(body);
      throw e;
    }
  },
  /** @param {string} id @param {string | null} [token] */
  async getGame(id, token) {
    const g = find(id);
    return g ? view(g) : seen(await api.getGame(id, token));
  },
  /** @param {string} id @param {string | null | undefined} token @param {number} version */
  async waitForChange(id, token, version) {
    const g = find(id);
    return g ? view(g) : seen(await api.waitForChange(id, token, version));
  },
  /** @param {string} id @param {string | null | undefined} token @param {string} letter @param {number} [since] */
  async playMove(id, token, letter, since) {
    let g = find(id);
    if (!g) {
      try {
        const r = await api.playMove(id, token, letter, since);
        seen(r.state);
        return r;
      } catch (e) {
        const last = lastSeen.get(id);
        if (!unreachable(e) || !last) throw e;
        g = carryOn(last);
        if (!g) throw e;
      }
    }
    return play(g, letter);
  },
  /** @param {string} id @param {string | null} [token] */
  async undoMove(id, token) {
    const g = find(id);
    return g ? step(g, true) : seen(await api.undoMove(id, token));
  },
  /** @param {string} id @param {string | null} [token] */
  async redoMove(id, token) {
    const g = find(id);
    return g ? step(g, false) : seen(await api.redoMove(id, token));
  },
  /** @param {string} id @param {api.GameHandlers} on @param {string | null} [presence] */
  subscribe(id, on, presence) {
    // A game held here has no events: every change is the page's own answer.
    if (find(id)) return { close() {}, get open() { return true; } };
    return api.subscribe(id, on, presence);
  },
};

/**
 * Sends each finished offline game to the server as a record (an import: the server reads its OGN
 * and checks every move, as it checks any record), once. Called when the network comes back.
 */
export async function sendFinishedGames() {
  for (const g of Object.values(held())) {
    if (g.sent) continue;
    let state;
    try { state = await view(g); } catch { continue; }
    if (!state.outcome) continue;
    try {
      /** @type {P.CreateReq} */
      const body = { opponent: g.opponent, ogn: state.ogn };
      if (g.human) body.human = g.human;
      if (g.opponent !== "friend") body.engine = "page";
      await api.createGame(body);
    } catch (e) {
      if (unreachable(e)) return; // gone again: the next time
    }
    g.sent = true; // sent, or refused (a refusal will not change)
    keep(g);
  }
}
