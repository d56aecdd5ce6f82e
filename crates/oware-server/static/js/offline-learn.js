// The lessons and the counting trainer without the network (docs/web.md, "Offline"): the calls
// learn.js and counting.js make of api.gen.js, each sent to the server first and, when it cannot be
// reached, answered by the rules core in WebAssembly (`/wasm/oware-learn.wasm`: crates/oware-wasm's `lessons`, `lesson`,
// `lesson-move` and `count`), which builds the server's own answers with the same functions
// (`oware_lessons::views`): the same lessons, the same checks, the same words. Stars earned offline
// are kept in the browser with their solving moves (learnstore.js), as a guest's are; the lessons
// page sends them to the account when it next loads online, and pwa.js when the network comes back.
/** @import * as P from "../../types/protocol" */
/** @import { RequestOptions } from "./request.js" */
import * as api from "./api.gen.js";
import { ApiError } from "./request.js";
import { lang, t } from "./i18n.js";
import { unreachable } from "./offline.js";
import { loadEngine } from "./engine-wasm.js";

/** The rules core with the lessons and the shipped puzzles (crate features `lessons`, `puzzles`). */
const LEARN_WASM_PATH = "/wasm/oware-learn.wasm";
/** @type {Promise<import("./engine-wasm.js").WasmEngine> | null} */
let core = null;
/** The lessons' module, loaded the first time the server cannot be reached. */
function learnCore() {
  if (!core) {
    core = fetch(LEARN_WASM_PATH).then(loadEngine);
    core.catch(() => { core = null; }); // tried again at the next call
  }
  return core;
}

/**
 * An op of the lessons' and puzzles' module, in the page's language (offline-puzzles.js asks it too).
 * @param {Record<string, unknown>} request
 */
export async function here(request) {
  const engine = await learnCore().catch(() => null);
  if (!engine) throw new ApiError(t("offline-needs-network"));
  const answer = engine.call({ ...request, lang });
  if (answer.error) throw new ApiError(answer.error, 422);
  return answer;
}

/**
 * `call()` from the server, else `local()` when the server cannot be reached.
 * @template T @param {() => Promise<T>} call @param {() => Promise<T>} local @returns {Promise<T>}
 */
export async function serverOr(call, local) {
  if (navigator.onLine === false) return local();
  try {
    return await call();
  } catch (e) {
    if (unreachable(e)) return local();
    throw e;
  }
}

/**
 * `call()` from the server, else `request` answered here when the server cannot be reached.
 * @template T @param {() => Promise<T>} call @param {Record<string, unknown>} request @returns {Promise<T>}
 */
const serverOrHere = (call, request) => serverOr(call, () => here(request));

/** api.gen.js's lessons calls, with the offline answers. */
export const learnApi = {
  ...api,
  /** @param {RequestOptions} [opts] @returns {Promise<P.LessonList>} */
  getLearn: (opts) => serverOrHere(() => api.getLearn(opts), { op: "lessons" }),
  /** @param {string} lesson @param {RequestOptions} [opts] @returns {Promise<P.LessonView>} */
  getLearnByLesson: (lesson, opts) => serverOrHere(() => api.getLearnByLesson(lesson, opts), { op: "lesson", lesson }),
  /** @param {string} lesson @param {string} step @param {P.StepMovesReq} body @param {RequestOptions} [opts] @returns {Promise<P.StepAnswer>} */
  learnMove: (lesson, step, body, opts) =>
    serverOrHere(() => api.learnMove(lesson, step, body, opts), { op: "lesson-move", lesson, step: Number(step), moves: body.moves.join(" ") }),
  /** @param {P.CountReq} body @param {RequestOptions} [opts] @returns {Promise<P.CountAnswer>} */
  counting: (body, opts) => serverOrHere(() => api.counting(body, opts), { op: "count", question: body }),
};
