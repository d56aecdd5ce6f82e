// The lessons' progress kept in the browser (`localStorage` "oware.learn"): the stars of each step
// ("lesson/step" → 1–3), the moves that solved each step (the server keeps an account's stars only
// with moves that meet the step's goal), and the last step opened, for "continue where you left off".
// Shared by the lessons page and the home page's card. A logged-in account's stars are kept on the
// server too.

const KEY = "oware.learn";

/** @typedef {{ stars: Record<string, number>, moves: Record<string, string[]>, last: string | null }} LearnProgress */

/** @returns {LearnProgress} */
export function loadProgress() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "null");
    if (v && typeof v === "object" && v.stars && typeof v.stars === "object") {
      /** @type {Record<string, number>} */
      const stars = {};
      for (const [k, n] of Object.entries(v.stars)) {
        if (typeof n === "number" && n >= 1 && n <= 3 && /^[a-z0-9-]+\/\d+$/.test(k)) stars[k] = n;
      }
      /** @type {Record<string, string[]>} */
      const moves = {};
      for (const [k, m] of Object.entries(v.moves && typeof v.moves === "object" ? v.moves : {})) {
        if (k in stars && Array.isArray(m) && m.length <= 8 && m.every((x) => typeof x === "string" && x.length <= 8)) moves[k] = m;
      }
      return { stars, moves, last: typeof v.last === "string" ? v.last : null };
    }
  } catch { /* a broken entry: start afresh */ }
  return { stars: {}, moves: {}, last: null };
}

/** @param {LearnProgress} p */
export function saveProgress(p) {
  try { localStorage.setItem(KEY, JSON.stringify(p)); } catch { /* private mode: kept for this page only */ }
}
