// The page's engine worker: the rules core and the engine compiled to WebAssembly
// (engine-wasm.js), off the page's thread. Messages in: `{id, request}` (one answer) or
// `{id, request, steps: true}` (an analysis deepened one ply at a time, each depth posted, until its
// `movetime_ms` is spent, its depth reached, a result proven, or `{stop: id}` arrives). Out:
// `{ready: true}` or `{ready: false, error}` once, then `{id, answer, done}` for each answer or step,
// and `{tables}` (the engine's `tables` answer: `{rules, max_seeds, bytes}` or `{error}`) each time
// it is given endgame tables.
//
// Endgame tables (docs/web-page.md, "Endgame tables in the page"): at the first `hard` or `expert`
// reply the worker fetches the levels 0 to TABLES_MAX of the server's tables (`GET /api/egdb/abapa/{n}`),
// one after the other, smallest first, from a browser cache of their own where it has them, and gives
// them to the engine, which then searches with them as the server's engine does. Until then, and
// without them (the network is off and they were never kept, the server has none yet), the engine
// plays as it does without tables. A set that stopped short (a level the server has not built yet)
// is asked for again a minute later at the next such reply; the levels kept are not downloaded again.
import { loadEngine, WASM_PATH } from "./engine-wasm.js";

/** @typedef {import("./engine-wasm.js").WasmEngine} WasmEngine */
/** @typedef {{id: number, request: Record<string, unknown>, steps?: boolean}} Job */

/** @type {WasmEngine | null} */
let engine = null;
/** The analyses told to stop (ids). */
const stopped = new Set();

/** The rule set of the server's tables (its default rules; the engine uses them for these rules only). */
const TABLES_RULES = "abapa";
/** The largest level the server serves the page (crates/oware-server/src/egdb_files.rs, `PAGE_MAX_SEEDS`). */
const TABLES_MAX = 12;
/**
 * The browser cache the levels are kept in: one of their own, not the service worker's, which a new
 * version of the page replaces (sw.js leaves the `oware-egdb-` caches alone). A level's bytes change only
 * with the file format (version 1 in the name): a new format is a new cache, and the old one is dropped.
 */
const TABLES_CACHE = "oware-egdb-v1";
/** The levels fetched (level n at n), given to the engine (again after a reload of the module). */
/** @type {Uint8Array[]} */
let tableLevels = [];
/** `idle`, `loading`, `done` (every level), `short` (fewer: tried again later). */
let tablesState = "idle";
/** When the last try started (performance.now()). */
let tablesTried = 0;
const scope = /** @type {{postMessage: (m: unknown) => void, onmessage: ((e: MessageEvent) => void) | null}} */ (
  /** @type {unknown} */ (self));

/** The browser's cache of the levels, or `null` (no Cache API: a page on plain HTTP; then the HTTP cache). */
async function tablesCache() {
  if (typeof caches !== "object") return null;
  try {
    for (const key of await caches.keys()) {
      if (key.startsWith("oware-egdb-") && key !== TABLES_CACHE) await caches.delete(key);
    }
    return await caches.open(TABLES_CACHE);
  } catch {
    return null;
  }
}

/**
 * Level `n`'s file, from the cache or the server (and kept), or `null` when neither has it.
 * @param {Cache | null} cache
 * @param {number} n
 */
async function fetchLevel(cache, n) {
  const url = `/api/egdb/${TABLES_RULES}/${n}`;
  try {
    let res = cache ? await cache.match(url) : undefined;
    if (!res) {
      res = await fetch(url);
      if (!res.ok) return null;
      if (cache) await cache.put(url, res.clone()).catch(() => {});
    }
    return new Uint8Array(await res.arrayBuffer());
  } catch {
    return null;
  }
}

/** Gives the engine the levels fetched, and tells the page what it took. */
function giveTables() {
  if (!engine || tableLevels.length === 0) return;
  const answer = engine.loadTables(TABLES_RULES, tableLevels);
  scope.postMessage({ tables: answer });
  if (answer.error) {
    // Kept bytes that are refused are not kept: the next try downloads them again.
    tableLevels = [];
    tablesState = "short";
    if (typeof caches === "object") caches.delete(TABLES_CACHE).catch(() => {});
  }
}

/** Fetches the levels (once; a short set again after a minute) and gives them to the engine. */
function wantTables() {
  if (tablesState === "loading" || tablesState === "done") return;
  if (tablesState === "short" && performance.now() - tablesTried < 60000) return;
  tablesState = "loading";
  tablesTried = performance.now();
  (async () => {
    const cache = await tablesCache();
    /** @type {Uint8Array[]} */
    const levels = [];
    for (let n = 0; n <= TABLES_MAX; n++) {
      const level = await fetchLevel(cache, n);
      if (!level) break;
      levels.push(level);
    }
    tablesState = levels.length > TABLES_MAX ? "done" : "short";
    if (levels.length > tableLevels.length) {
      tableLevels = levels;
      giveTables();
    }
  })().catch(() => { tablesState = "short"; });
}

/** @param {Job} job */
async function run(job) {
  if (!engine) {
    scope.postMessage({ id: job.id, answer: { error: "the engine is loading again" }, done: true });
    return;
  }
  const r = job.request;
  if (r.op === "reply" && (r.level === "hard" || r.level === "expert")) wantTables();
  if (!job.steps) {
    scope.postMessage({ id: job.id, answer: engine.call(job.request), done: true });
    return;
  }
  const budget = Number(job.request.movetime_ms) || 1000;
  const maxDepth = Number(job.request.depth) || 64;
  const started = performance.now();
  for (let depth = 1; depth <= maxDepth; depth++) {
    const left = Math.max(1, budget - (performance.now() - started));
    const answer = engine.call({ ...job.request, depth, movetime_ms: Math.round(left) });
    const proven = typeof answer.score === "number" && Math.abs(answer.score) >= 28000;
    const spent = performance.now() - started >= budget;
    const done = !!answer.error || spent || proven || depth === maxDepth || answer.depth < depth;
    scope.postMessage({ id: job.id, answer, done });
    if (done) return;
    // Lets a `stop` message in between two depths.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (stopped.delete(job.id) || !engine) return;
  }
}

/** Loads the module (again), with the tables fetched so far. */
function load() {
  return fetch(WASM_PATH).then(loadEngine).then((e) => { engine = e; giveTables(); });
}

scope.onmessage = (/** @type {MessageEvent} */ e) => {
  const m = e.data;
  if (m && typeof m.stop === "number") { stopped.add(m.stop); return; }
  run(/** @type {Job} */ (m)).catch((err) => {
    scope.postMessage({ id: m.id, answer: { error: String(err) }, done: true });
    // A trap (a panic in the module) may leave its memory half-changed: the next request gets a
    // fresh instance.
    engine = null;
    load().catch(() => {});
  });
};

load().then(
  () => scope.postMessage({ ready: true }),
  (err) => scope.postMessage({ ready: false, error: String(err) }),
);
