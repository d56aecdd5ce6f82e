// One JSON request to the server, and the error it rejects with. The page's calls go through the
// generated client (api.gen.js, one function a route), which names each route's types.
import { t } from "./i18n.js";

/**
 * What a request may carry beside its path: a JSON body, the seat token (`X-Seat-Token`), a spectator's
 * stream handle (`X-Watcher`).
 * @typedef {{ body?: unknown, token?: string | null, watcher?: string | null }} RequestOptions
 */

/** An error the server (or the network) gave, with the sentence to show in `message`. */
export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {number} [status]
   * @param {string} [code]
   */
  constructor(message, status, code) {
    super(message);
    this.status = status; // HTTP status, undefined when the server was not reached
    this.code = code; // the server's error code ("empty-pit", ...), if any
  }
}

/**
 * The sentence of a caught error (an `ApiError`'s is the server's, in the page's language).
 * @param {unknown} e
 */
export const errorText = (e) => (e instanceof Error ? e.message : String(e));

/**
 * The HTTP status of a caught error: an `ApiError`'s, else undefined (the server was not reached, or the error is
 * the page's own).
 * @param {unknown} e
 */
export const errorStatus = (e) => (e instanceof ApiError ? e.status : undefined);

/**
 * One JSON request. Resolves to the parsed body, of the answer type `T` the caller names (the generated client,
 * api.gen.js, names each route's; called without one, `unknown`, to be narrowed before use); rejects with an
 * ApiError carrying the server's sentence (the protocol's `ErrorBody`).
 * @template [T=unknown]
 * @param {string} method
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<T>}
 */
export async function request(method, path, { body, token, watcher } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers["x-seat-token"] = token;
  if (watcher) headers["x-watcher"] = watcher; // a spectator's stream handle: their analysis goes there alone
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(t("game-error-unreachable"));
  }
  const text = await res.text();
  /** @type {unknown} */
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    // The protocol's `ErrorBody` (`{error, code}`), read field by field: a proxy's page may answer instead.
    const body = typeof data === "object" && data !== null ? /** @type {Record<string, unknown>} */ (data) : {};
    const error = typeof body.error === "string" && body.error ? body.error : t("game-error-status", { status: res.status });
    throw new ApiError(error, res.status, typeof body.code === "string" ? body.code : undefined);
  }
  // The route's answer type, as the route table declares it (tests/page_client.rs and the protocol's tests keep the
  // server's JSON to it).
  return /** @type {T} */ (data);
}

