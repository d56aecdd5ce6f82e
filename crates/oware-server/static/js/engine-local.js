// The computer in the page: a Web Worker (engine-worker.js) running the rules core and the engine
// compiled to WebAssembly, the same search and levels as the server's (crates/oware-wasm). Used for
// hints and the Analysis panel of games on this device, and wherever the page plays offline. `null`
// when the browser has no WebAssembly or workers, or the server has no module (then the server's
// engine answers, as before).

/**
 * A game as the engine reads it: rules, start position and moves as text.
 * @typedef {{rules?: string, start?: string, moves: string}} EngineGame
 */
/**
 * An analysis step or result (crates/oware-wasm's `AnalysisAnswer`).
 * @typedef {{best: string | null, score: number, score_text: string, depth: number, nodes: number, time_ms: number, pv: string, error?: string}} LocalAnalysis
 */
/**
 * @typedef {object} LocalEngine
 * @property {(game: EngineGame, level: string, gameId: string) => Promise<string | null>} reply the level's move in game `gameId` (the server's seed for its ply)
 * @property {(game: EngineGame, movetime_ms: number, onStep: (a: LocalAnalysis, done: boolean) => void) => number} analyse deepens until the time is spent; its id
 * @property {(id: number) => void} stop stops an analysis
 * @property {() => {rules?: string, max_seeds?: number | null, bytes?: number, error?: string} | null} tables what the
 *   engine took of the endgame tables its worker downloads at the first hard or expert reply (`null`: none yet)
 */

/** @type {Promise<LocalEngine | null> | null} */
let loading = null;

/** The page's engine once its worker has loaded the module, or `null` (see the file's comment). */
export function localEngine() {
  if (!loading) loading = start();
  return loading;
}

/** @returns {Promise<LocalEngine | null>} */
function start() {
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") return Promise.resolve(null);
  /** @type {Worker} */
  let worker;
  try {
    worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  } catch {
    return Promise.resolve(null);
  }
  let next = 1;
  /** @type {Map<number, (answer: any, done: boolean) => void>} */
  const waiting = new Map();
  /** The worker's last word on the endgame tables. */
  /** @type {any} */
  let tables = null;
  return new Promise((resolve) => {
    worker.onerror = () => resolve(null);
    worker.onmessage = (e) => {
      const m = e.data;
      if ("ready" in m) {
        resolve(m.ready ? engine : null);
        return;
      }
      if ("tables" in m) {
        tables = m.tables;
        return;
      }
      const f = waiting.get(m.id);
      if (!f) return;
      if (m.done) waiting.delete(m.id);
      f(m.answer, m.done);
    };
    /** @type {LocalEngine} */
    const engine = {
      reply(game, level, gameId) {
        const id = next++;
        return new Promise((ok, fail) => {
          waiting.set(id, (a) => (a.error ? fail(new Error(a.error)) : ok(a.move)));
          worker.postMessage({ id, request: { op: "reply", ...game, level, game_id: gameId, time_scale: thinkScale() } });
        });
      },
      analyse(game, movetime_ms, onStep) {
        const id = next++;
        waiting.set(id, onStep);
        worker.postMessage({ id, steps: true, request: { op: "analyse", ...game, movetime_ms } });
        return id;
      },
      stop(id) {
        waiting.delete(id);
        worker.postMessage({ stop: id });
      },
      tables: () => tables,
    };
  });
}

/**
 * The share of the levels' thinking time the page's computer uses: 1, or what localStorage's
 * `oware.think-scale` says (a test's short think time, 0.01 to 1).
 */
function thinkScale() {
  let v = NaN;
  try { v = Number(localStorage.getItem("oware.think-scale")); } catch { /* private mode */ }
  return v > 0 && v <= 1 ? v : 1;
}

/**
 * The game shown up to `ply` (all of it when `null`) as the engine reads it.
 * @param {{rules: string, history: {text: string}[], moves: {text: string}[]}} g
 * @param {number | null} ply
 * @returns {EngineGame}
 */
export function engineGame(g, ply) {
  const moves = ply === null ? g.moves : g.moves.slice(0, ply);
  return { rules: g.rules, start: g.history[0] ? g.history[0].text : undefined, moves: moves.map((m) => m.text).join(" ") };
}

/** Where the browser remembers the game whose computer this page plays (its id). */
const PAGE_PLAYS_KEY = "oware.page-engine";

/**
 * Remembers (`true`) or forgets that this page plays the computer of game `id` (created with
 * `"engine": "page"`), so that a reload goes on playing it.
 * @param {string} id
 * @param {boolean} plays
 */
export function rememberPagePlays(id, plays) {
  try {
    if (plays) localStorage.setItem(PAGE_PLAYS_KEY, id);
    else if (localStorage.getItem(PAGE_PLAYS_KEY) === id) localStorage.removeItem(PAGE_PLAYS_KEY);
  } catch { /* private mode: a reload leaves the game to the server's engine */ }
}

/**
 * Whether this page plays the computer of game `id`.
 * @param {string} id
 */
export function pagePlays(id) {
  try { return localStorage.getItem(PAGE_PLAYS_KEY) === id; } catch { return false; }
}
