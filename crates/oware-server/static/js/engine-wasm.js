// The rules core and the engine compiled to WebAssembly (crates/oware-wasm): loads the module
// and calls it. One request in, one answer out, both JSON (the crate's docs list the requests).
// Used by the page's worker (engine-worker.js) and by the Node test that checks the module plays
// as the native engine (crates/oware-wasm/tests/agrees_with_native.rs).

/**
 * The module's exports (crates/oware-wasm/src/lib.rs).
 * @typedef {object} OwareExports
 * @property {WebAssembly.Memory} memory
 * @property {(len: number) => number} oware_input room for a request of `len` bytes: its address (0: too long)
 * @property {() => number} oware_call answers the request; the answer's length
 * @property {() => number} oware_output the answer's address
 * @property {(len: number) => number} oware_tables_input room for `len` bytes of table levels: its address (0: too many)
 */

/**
 * A loaded engine.
 * @typedef {object} WasmEngine
 * @property {(request: Record<string, unknown>) => any} call one request, one answer (`{error}` when refused)
 * @property {(request: string) => string} callText the same as JSON text (a seed above 2^53 survives)
 * @property {(rules: string, levels: Uint8Array[]) => any} loadTables gives the engine endgame table levels (level n
 *   is `levels[n]`, a whole `.egdb` file), which `reply` then uses for hard and expert: the `tables` answer
 *   (`{rules, max_seeds, bytes}`, or `{error}` with the tables unchanged)
 */

/** The module's path on the server. */
export const WASM_PATH = '/wasm/oware.wasm';

/**
 * Instantiates the module from its bytes or from a fetched answer (compiled while it downloads).
 * @param {BufferSource | Response} source
 * @returns {Promise<WasmEngine>}
 */
export async function loadEngine(source) {
  const imports = { env: { oware_now_ms: () => performance.now() } };
  const { instance } =
    source instanceof Response
      ? await WebAssembly.instantiateStreaming(source, imports)
      : await WebAssembly.instantiate(source, imports);
  const ex = /** @type {OwareExports} */ (/** @type {unknown} */ (instance.exports));
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  /** @param {string} text */
  function callText(text) {
    const bytes = encoder.encode(text);
    const at = ex.oware_input(bytes.length) >>> 0;
    // 0: over the module's limit; nothing is written and the call answers why. The memory may
    // have grown (and its buffer changed) in the call: views are made after.
    if (at !== 0) new Uint8Array(ex.memory.buffer, at, bytes.length).set(bytes);
    const len = ex.oware_call() >>> 0;
    const out = new Uint8Array(ex.memory.buffer, ex.oware_output() >>> 0, len);
    return decoder.decode(out);
  }
  /** @param {Record<string, unknown>} request */
  const call = (request) => JSON.parse(callText(JSON.stringify(request)));
  /** @param {string} rules @param {Uint8Array[]} levels */
  function loadTables(rules, levels) {
    const total = levels.reduce((sum, l) => sum + l.length, 0);
    const at = ex.oware_tables_input(total) >>> 0;
    if (at === 0) return { error: `tables: ${total} bytes is too many` };
    // One view after the call (the memory may have grown in it), the levels one after another.
    const memory = new Uint8Array(ex.memory.buffer, at, total);
    let offset = 0;
    for (const level of levels) {
      memory.set(level, offset);
      offset += level.length;
    }
    return call({ op: "tables", rules, sizes: levels.map((l) => l.length) });
  }
  return { callText, call, loadTables };
}
