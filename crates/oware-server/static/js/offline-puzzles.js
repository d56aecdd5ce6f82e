// The shipped puzzles without the network (docs/web.md, "Offline"; docs/puzzles.md, "Offline"): the
// calls training.js makes of api.gen.js, each sent to the server first and, when it cannot be reached,
// answered by the rules core in WebAssembly (`/wasm/oware-learn.wasm`, crates/oware-wasm's puzzle ops),
// which holds the shipped set (2,433 puzzles) and follows a round's moves with the server's own code
// (`oware_puzzles::views`): the same puzzles, the same checks, the same words. A round finished here is
// not rated; it is kept in the browser ("oware.offline-puzzles") and sent to the account when the network
// comes back (`sendOfflineRounds`, from pwa.js: `POST /api/puzzle/offline`, which checks each round again
// and records it unrated).
/** @import * as P from "../../types/protocol" */
/** @import { RequestOptions } from "./request.js" */
import * as api from "./api.gen.js";
import { ApiError } from "./request.js";
import { here, serverOr } from "./offline-learn.js";

/** Where the rounds finished offline wait to be sent: `OfflineRound[]`, oldest first. */
const ROUNDS_KEY = "oware.offline-puzzles";
/** The most rounds kept (the oldest dropped first). */
const ROUNDS_MAX = 500;
/** The most rounds sent in one request (the server's `OFFLINE_ROUNDS_PER_REQUEST`). */
const BATCH = 50;

/** @returns {P.OfflineRound[]} */
function kept() {
  try {
    const v = JSON.parse(localStorage.getItem(ROUNDS_KEY) || "[]");
    if (Array.isArray(v)) return v.filter((r) => r && typeof r.id === "string" && typeof r.moves === "string");
  } catch { /* a broken entry: start afresh */ }
  return [];
}
/** @param {P.OfflineRound[]} rounds */
function keepRounds(rounds) {
  try { localStorage.setItem(ROUNDS_KEY, JSON.stringify(rounds.slice(-ROUNDS_MAX))); } catch { /* private mode */ }
}

/** The ids of the puzzles played on this device and not yet sent (not drawn again offline). */
const playedHere = () => kept().map((r) => r.id);

/** Days since 1970-01-01, UTC, by this device's clock. */
const today = () => Math.floor(Date.now() / 86_400_000);

/** api.gen.js's puzzle calls, with the offline answers. */
export const puzzleApi = {
  ...api,
  /** @param {RequestOptions} [opts] @returns {Promise<P.PuzzleThemes>} */
  puzzleThemes: (opts) => serverOr(() => api.puzzleThemes(opts), () => here({ op: "puzzle-themes" })),
  /** @param {string} id @param {RequestOptions} [opts] @returns {Promise<P.PuzzleView>} */
  puzzle: (id, opts) => serverOr(() => api.puzzle(id, opts), () => here({ op: "puzzle", puzzle: id })),
  /** @param {RequestOptions} [opts] @returns {Promise<P.DailyPuzzle>} */
  puzzleDaily: (opts) => serverOr(() => api.puzzleDaily(opts), async () => {
    const day = today();
    return { date: new Date(day * 86_400_000).toISOString().slice(0, 10), puzzle: await here({ op: "puzzle-daily", day }) };
  }),
  /** @param {P.NextQuery} q @param {RequestOptions} [opts] @returns {Promise<P.PuzzleView>} */
  puzzleNext: (q, opts) => serverOr(() => api.puzzleNext(q, opts), () => here({
    op: "puzzle-next", theme: q.theme, rating: q.rating, streak: q.streak, after: q.after,
    skip: playedHere(), roll: crypto.getRandomValues(new Uint32Array(1))[0],
  })),
  /** @param {string} id @param {P.RoundReq} body @param {RequestOptions} [opts] @returns {Promise<P.RoundAnswer>} */
  async puzzleRound(id, body, opts) {
    /** @type {P.RoundAnswer} */
    const a = await serverOr(() => api.puzzleRound(id, body, opts), () => here({ op: "puzzle-round", puzzle: id, moves: body.moves }));
    // A round finished here (not a streak's: those are not stored) waits to go to the account.
    if (a.unrated === "offline" && body.mode !== "streak") keepRounds([...kept(), { id, moves: body.moves }]);
    return a;
  },
};

/**
 * Sends the rounds finished offline to the logged-in account (unrated), a batch at a time; a
 * guest's stay here. A refusal of a batch's content drops it (it will not change); a refusal for
 * the day's budget or the network keeps the rest for the next time.
 */
export async function sendOfflineRounds() {
  let rounds = kept();
  while (rounds.length > 0) {
    const batch = rounds.slice(0, BATCH);
    try {
      await api.puzzleOffline({ rounds: batch });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === undefined || e.status === 401 || e.status === 429 || e.status >= 500) return;
    }
    rounds = kept().slice(batch.length);
    keepRounds(rounds);
  }
}
