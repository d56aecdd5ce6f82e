// The page's engine worker: the rules core and the engine compiled to WebAssembly
// (engine-wasm.js), off the page's thread. Messages in: `{id, request}` (one answer) or
// `{id, request, steps: true}` (an analysis deepened one ply at a time, each depth posted, until its
// `movetime_ms` is spent, its depth reached, a result proven, or `{stop: id}` arrives). Out:
// `{ready: true}` or `{ready: false, error}` once, then `{id, answer, done}` for each answer or step.
import { loadEngine, WASM_PATH } from "./engine-wasm.js";

/** @typedef {import("./engine-wasm.js").WasmEngine} WasmEngine */
/** @typedef {{id: number, request: Record<string, unknown>, steps?: boolean}} Job */

/** @type {WasmEngine | null} */
let engine = null;
/** The analyses told to stop (ids). */
const stopped = new Set();
const scope = /** @type {{postMessage: (m: unknown) => void, onmessage: ((e: MessageEvent) => void) | null}} */ (
  /** @type {unknown} */ (self));

/** @param {Job} job */
async function run(job) {
  if (!engine) {
    scope.postMessage({ id: job.id, answer: { error: "the engine is loading again" }, done: true });
    return;
  }
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

/** Loads the module (again). */
function load() {
  return fetch(WASM_PATH).then(loadEngine).then((e) => { engine = e; });
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
