// The page's API client: one function a route, generated from the route declarations
// (crates/oware-server/src/http/routes.rs). Do not edit: `UPDATE_CLIENT=1 cargo test
// -p oware-server --test routes_documented` rewrites it (docs/web.md).
/** @import * as P from "../../types/protocol" */
/** @import { RequestOptions } from "./request.js" */
import { request } from "./request.js";

/** A path segment, escaped. @param {string} s */
const seg = (s) => encodeURIComponent(s);

/**
 * A query string (`?a=1&b=x`) of the fields that are set, or "".
 * @param {object} [query]
 */
const qs = (query) => {
  if (!query) return "";
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
};

/**
 * `GET /api/health` (anyone; 503: `Health` with `ok: false`, `error`, `code`) → `Health`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.Health>}
 */
export const health = (opts) => request("GET", `/api/health`, opts);

/**
 * `GET /api/openapi.json` (anyone; this table as an OpenAPI 3.1 document) → `Value`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<unknown>}
 */
export const openapiJson = (opts) => request("GET", `/api/openapi.json`, opts);

/**
 * `POST /api/games` (anyone) → `SeatAnswer` (201).
 * @param {P.CreateReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.SeatAnswer>}
 */
export const postGames = (body, opts) => request("POST", `/api/games`, { ...opts, body });

/**
 * `GET /api/games/{id}` (anyone; `?since=V&wait_ms=N`: a long poll (a stream of the budget)) → `StateView`.
 * @param {string} id
 * @param {Record<string, string | number | boolean | null | undefined>} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const getGames = (id, query, opts) => request("GET", `/api/games/${seg(id)}${qs(query)}`, opts);

/**
 * `DELETE /api/games/{id}` (seat token) → `StateView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const deleteGames = (id, opts) => request("DELETE", `/api/games/${seg(id)}`, opts);

/**
 * `GET /api/games/{id}/events` (anyone; `UpdateEvent`, `ThinkingEvent`, `AnalysisEvent`, `ReviewEvent`, `SpectatorsEvent`, `ChatMessage` (names: `EventKind`)) → SSE.
 * @param {string} id
 * @param {Record<string, string | number | boolean | null | undefined>} [query]
 * @returns {string}
 */
export const gamesEventsUrl = (id, query) => `/api/games/${seg(id)}/events${qs(query)}`;

/**
 * `GET /api/lobby` (anyone) → `Lobby`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.Lobby>}
 */
export const lobby = (opts) => request("GET", `/api/lobby`, opts);

/**
 * `GET /api/lobby/events` (anyone; `LobbyList`, `LobbyAdd`, `LobbyRemove`) → SSE.
 * @returns {string}
 */
export const lobbyEventsUrl = () => `/api/lobby/events`;

/**
 * `GET /api/tv` (anyone; `?channel=best|bots|tournament`) → `TvAnswer`.
 * @param {P.TvQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TvAnswer>}
 */
export const tv = (query, opts) => request("GET", `/api/tv${qs(query)}`, opts);

/**
 * `GET /api/tv/games` (anyone; 12 a page) → `LiveGames`.
 * @param {P.LiveGamesQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.LiveGames>}
 */
export const tvGames = (query, opts) => request("GET", `/api/tv/games${qs(query)}`, opts);

/**
 * `GET /api/search/games` (anyone; 20 a page) → `GameSearchPage`.
 * @param {P.GameSearchQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.GameSearchPage>}
 */
export const searchGames = (query, opts) => request("GET", `/api/search/games${qs(query)}`, opts);

/**
 * `POST /api/position` (anyone; a position and a line judged by the core; nothing stored) → `PositionAnswer`.
 * @param {P.PositionReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.PositionAnswer>}
 */
export const position = (body, opts) => request("POST", `/api/position`, { ...opts, body });

/**
 * `GET /api/classes` (session; a teacher's classes, or a pupil's class) → `ClassList`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ClassList>}
 */
export const getClasses = (opts) => request("GET", `/api/classes`, opts);

/**
 * `POST /api/classes` (session) → `ClassSummary` (201).
 * @param {P.NewClassReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ClassSummary>}
 */
export const postClasses = (body, opts) => request("POST", `/api/classes`, { ...opts, body });

/**
 * `GET /api/classes/{id}` (session; 40 pupils and 50 pieces of work at most) → `ClassView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ClassView>}
 */
export const getClassesById = (id, opts) => request("GET", `/api/classes/${seg(id)}`, opts);

/**
 * `DELETE /api/classes/{id}` (session) → `OkAnswer`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const deleteClasses = (id, opts) => request("DELETE", `/api/classes/${seg(id)}`, opts);

/**
 * `GET /api/classes/{id}/progress.csv` (session; the progress page as CSV) → text (`text/plain`).
 * @param {string} id
 * @returns {string}
 */
export const classesProgressCsvUrl = (id) => `/api/classes/${seg(id)}/progress.csv`;

/**
 * `POST /api/classes/{id}/pupils` (session) → `PupilLogins` (201).
 * @param {string} id
 * @param {P.NewPupilsReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.PupilLogins>}
 */
export const classesPupils = (id, body, opts) => request("POST", `/api/classes/${seg(id)}/pupils`, { ...opts, body });

/**
 * `POST /api/classes/{id}/pupils/{username}/password` (session) → `PupilLogins`.
 * @param {string} id
 * @param {string} username
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.PupilLogins>}
 */
export const classesPupilsPassword = (id, username, opts) => request("POST", `/api/classes/${seg(id)}/pupils/${seg(username)}/password`, opts);

/**
 * `POST /api/classes/{id}/pupils/{username}/open` (session) → `OkAnswer`.
 * @param {string} id
 * @param {string} username
 * @param {P.PupilOpenReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const classesPupilsOpen = (id, username, body, opts) => request("POST", `/api/classes/${seg(id)}/pupils/${seg(username)}/open`, { ...opts, body });

/**
 * `POST /api/classes/{id}/work` (session) → `WorkView` (201).
 * @param {string} id
 * @param {P.NewWorkReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.WorkView>}
 */
export const postClassesWork = (id, body, opts) => request("POST", `/api/classes/${seg(id)}/work`, { ...opts, body });

/**
 * `DELETE /api/classes/{id}/work/{work}` (session) → `OkAnswer`.
 * @param {string} id
 * @param {string} work
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const deleteClassesWork = (id, work, opts) => request("DELETE", `/api/classes/${seg(id)}/work/${seg(work)}`, opts);

/**
 * `POST /api/classes/{id}/arena` (session; a class arena, open to the class only) → `TournamentView` (201).
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TournamentView>}
 */
export const classesArena = (id, opts) => request("POST", `/api/classes/${seg(id)}/arena`, opts);

/**
 * `GET /api/worksheet` (anyone; `?level=&theme=&sheet=`) → `Worksheet`.
 * @param {P.WorksheetQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.Worksheet>}
 */
export const worksheet = (query, opts) => request("GET", `/api/worksheet${qs(query)}`, opts);

/**
 * `GET /api/qr.svg` (anyone; `?text=`) → SVG (`image/svg+xml`).
 * @param {Record<string, string | number | boolean | null | undefined>} [query]
 * @returns {string}
 */
export const qrSvgUrl = (query) => `/api/qr.svg${qs(query)}`;

/**
 * `POST /api/games/{id}/join` (anyone) → `SeatAnswer`.
 * @param {string} id
 * @param {P.JoinReq} [body]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.SeatAnswer>}
 */
export const gamesJoin = (id, body, opts) => request("POST", `/api/games/${seg(id)}/join`, { ...opts, body });

/**
 * `POST /api/games/{id}/resign` (seat token) → `StateView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const gamesResign = (id, opts) => request("POST", `/api/games/${seg(id)}/resign`, opts);

/**
 * `POST /api/games/{id}/abort` (seat token) → `StateView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const gamesAbort = (id, opts) => request("POST", `/api/games/${seg(id)}/abort`, opts);

/**
 * `POST /api/games/{id}/draw` (seat token) → `StateView`.
 * @param {string} id
 * @param {P.OfferReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const gamesDraw = (id, body, opts) => request("POST", `/api/games/${seg(id)}/draw`, { ...opts, body });

/**
 * `POST /api/games/{id}/takeback` (seat token) → `StateView`.
 * @param {string} id
 * @param {P.OfferReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const gamesTakeback = (id, body, opts) => request("POST", `/api/games/${seg(id)}/takeback`, { ...opts, body });

/**
 * `POST /api/games/{id}/cycle` (seat token) → `StateView`.
 * @param {string} id
 * @param {P.OfferReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const gamesCycle = (id, body, opts) => request("POST", `/api/games/${seg(id)}/cycle`, { ...opts, body });

/**
 * `GET /api/games/{id}/chat` (anyone) → `ChatLog`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ChatLog>}
 */
export const getGamesChat = (id, opts) => request("GET", `/api/games/${seg(id)}/chat`, opts);

/**
 * `POST /api/games/{id}/chat` (anyone) → `ChatMessage` (201).
 * @param {string} id
 * @param {P.ChatReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ChatMessage>}
 */
export const postGamesChat = (id, body, opts) => request("POST", `/api/games/${seg(id)}/chat`, { ...opts, body });

/**
 * `POST /api/games/{id}/claim` (seat token) → `StateView`.
 * @param {string} id
 * @param {P.ClaimReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const gamesClaim = (id, body, opts) => request("POST", `/api/games/${seg(id)}/claim`, { ...opts, body });

/**
 * `POST /api/games/{id}/rematch` (seat token) → `RematchAnswer`.
 * @param {string} id
 * @param {P.OfferReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.RematchAnswer>}
 */
export const gamesRematch = (id, body, opts) => request("POST", `/api/games/${seg(id)}/rematch`, { ...opts, body });

/**
 * `POST /api/games/{id}/seat` (seat token) → `SeatAnswer`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.SeatAnswer>}
 */
export const gamesSeat = (id, opts) => request("POST", `/api/games/${seg(id)}/seat`, opts);

/**
 * `POST /api/games/{id}/presence` (seat token) → `PresenceAnswer`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.PresenceAnswer>}
 */
export const gamesPresence = (id, opts) => request("POST", `/api/games/${seg(id)}/presence`, opts);

/**
 * `POST /api/games/{id}/moves` (seat token) → `MoveAnswer`.
 * @param {string} id
 * @param {P.MoveReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.MoveAnswer>}
 */
export const gamesMoves = (id, body, opts) => request("POST", `/api/games/${seg(id)}/moves`, { ...opts, body });

/**
 * `POST /api/games/{id}/undo` (seat token) → `StateView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const gamesUndo = (id, opts) => request("POST", `/api/games/${seg(id)}/undo`, opts);

/**
 * `POST /api/games/{id}/redo` (seat token) → `StateView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StateView>}
 */
export const gamesRedo = (id, opts) => request("POST", `/api/games/${seg(id)}/redo`, opts);

/**
 * `GET /api/games/{id}/ogn` (anyone; the OGN record (download)) → text (`text/plain`).
 * @param {string} id
 * @returns {string}
 */
export const gamesOgnUrl = (id) => `/api/games/${seg(id)}/ogn`;

/**
 * `POST /api/games/{id}/analysis` (seat token; or a spectator's `X-Watcher`) → `AnalysisStarted` (202).
 * @param {string} id
 * @param {P.AnalysisReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AnalysisStarted>}
 */
export const postGamesAnalysis = (id, body, opts) => request("POST", `/api/games/${seg(id)}/analysis`, { ...opts, body });

/**
 * `DELETE /api/games/{id}/analysis` (seat token) → 204, no body.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<null>}
 */
export const deleteGamesAnalysis = (id, opts) => request("DELETE", `/api/games/${seg(id)}/analysis`, opts);

/**
 * `POST /api/games/{id}/review` (anyone; 200 with the stored review; a seat token for a game on one device) → `ReviewView` (202).
 * @param {string} id
 * @param {P.ReviewReq} [body]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ReviewView>}
 */
export const postGamesReview = (id, body, opts) => request("POST", `/api/games/${seg(id)}/review`, { ...opts, body });

/**
 * `GET /api/games/{id}/review` (anyone) → `ReviewView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ReviewView>}
 */
export const getGamesReview = (id, opts) => request("GET", `/api/games/${seg(id)}/review`, opts);

/**
 * `GET /api/account` (anyone; a Bearer token answers `BotAccount`) → `AccountAnswer`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AccountAnswer>}
 */
export const account = (opts) => request("GET", `/api/account`, opts);

/**
 * `GET /api/account/games` (session; `?offset=N`) → `AccountGames`.
 * @param {Record<string, string | number | boolean | null | undefined>} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AccountGames>}
 */
export const accountGames = (query, opts) => request("GET", `/api/account/games${qs(query)}`, opts);

/**
 * `POST /api/account/signup` (anyone) → `AccountAnswer`.
 * @param {P.Credentials} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AccountAnswer>}
 */
export const accountSignup = (body, opts) => request("POST", `/api/account/signup`, { ...opts, body });

/**
 * `POST /api/account/login` (anyone) → `AccountAnswer`.
 * @param {P.Credentials} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AccountAnswer>}
 */
export const accountLogin = (body, opts) => request("POST", `/api/account/login`, { ...opts, body });

/**
 * `POST /api/account/logout` (anyone) → `AccountAnswer`.
 * @param {P.LogOutReq} [body]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AccountAnswer>}
 */
export const accountLogout = (body, opts) => request("POST", `/api/account/logout`, { ...opts, body });

/**
 * `POST /api/account/lang` (anyone) → `LangReq`.
 * @param {P.LangReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.LangReq>}
 */
export const accountLang = (body, opts) => request("POST", `/api/account/lang`, { ...opts, body });

/**
 * `POST /api/account/password` (session) → `AccountAnswer`.
 * @param {P.NewPasswordReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AccountAnswer>}
 */
export const accountPassword = (body, opts) => request("POST", `/api/account/password`, { ...opts, body });

/**
 * `POST /api/account/close` (session) → `AccountAnswer`.
 * @param {P.CloseReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AccountAnswer>}
 */
export const accountClose = (body, opts) => request("POST", `/api/account/close`, { ...opts, body });

/**
 * `POST /api/account/reset` (anyone) → `AccountAnswer`.
 * @param {P.ResetReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.AccountAnswer>}
 */
export const accountReset = (body, opts) => request("POST", `/api/account/reset`, { ...opts, body });

/**
 * `GET /api/account/tokens` (session) → `TokenList`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TokenList>}
 */
export const getAccountTokens = (opts) => request("GET", `/api/account/tokens`, opts);

/**
 * `POST /api/account/tokens` (session) → `CreatedToken` (201).
 * @param {P.NewTokenReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.CreatedToken>}
 */
export const postAccountTokens = (body, opts) => request("POST", `/api/account/tokens`, { ...opts, body });

/**
 * `DELETE /api/account/tokens/{id}` (session) → `TokenList`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TokenList>}
 */
export const deleteAccountTokens = (id, opts) => request("DELETE", `/api/account/tokens/${seg(id)}`, opts);

/**
 * `POST /api/bot/account/upgrade` (token `bot:play`) → `BotAccount`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.BotAccount>}
 */
export const botAccountUpgrade = (opts) => request("POST", `/api/bot/account/upgrade`, opts);

/**
 * `GET /api/bot/online` (anyone) → `OnlineBots`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OnlineBots>}
 */
export const botOnline = (opts) => request("GET", `/api/bot/online`, opts);

/**
 * `GET /api/stream/event` (session or token `challenge:read`; a token with `bot:play` also reads it) → NDJSON: `AccountEvent` lines.
 * @returns {string}
 */
export const streamEventUrl = () => `/api/stream/event`;

/**
 * `GET /api/bot/game/stream/{id}` (bot token (`bot:play`); `gameFull` first) → NDJSON: `GameEvent` lines.
 * @param {string} id
 * @returns {string}
 */
export const botGameStreamUrl = (id) => `/api/bot/game/stream/${seg(id)}`;

/**
 * `POST /api/bot/game/{id}/move/{move}` (bot token (`bot:play`)) → `OkAnswer`.
 * @param {string} id
 * @param {string} move
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const botGameMove = (id, move, opts) => request("POST", `/api/bot/game/${seg(id)}/move/${seg(move)}`, opts);

/**
 * `POST /api/bot/game/{id}/chat` (bot token (`bot:play`)) → `OkAnswer`.
 * @param {string} id
 * @param {P.ChatReq} [body]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const botGameChat = (id, body, opts) => request("POST", `/api/bot/game/${seg(id)}/chat`, { ...opts, body });

/**
 * `POST /api/bot/game/{id}/resign` (bot token (`bot:play`)) → `OkAnswer`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const botGameResign = (id, opts) => request("POST", `/api/bot/game/${seg(id)}/resign`, opts);

/**
 * `POST /api/bot/game/{id}/abort` (bot token (`bot:play`)) → `OkAnswer`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const botGameAbort = (id, opts) => request("POST", `/api/bot/game/${seg(id)}/abort`, opts);

/**
 * `POST /api/bot/game/{id}/claim-victory` (bot token (`bot:play`)) → `OkAnswer`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const botGameClaimVictory = (id, opts) => request("POST", `/api/bot/game/${seg(id)}/claim-victory`, opts);

/**
 * `POST /api/bot/game/{id}/draw/{answer}` (bot token (`bot:play`); `answer`: `yes` or `no`) → `OkAnswer`.
 * @param {string} id
 * @param {string} answer
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const botGameDraw = (id, answer, opts) => request("POST", `/api/bot/game/${seg(id)}/draw/${seg(answer)}`, opts);

/**
 * `POST /api/bot/game/{id}/takeback/{answer}` (bot token (`bot:play`)) → `OkAnswer`.
 * @param {string} id
 * @param {string} answer
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const botGameTakeback = (id, answer, opts) => request("POST", `/api/bot/game/${seg(id)}/takeback/${seg(answer)}`, opts);

/**
 * `POST /api/bot/game/{id}/cycle/{answer}` (bot token (`bot:play`); `yes`: offer or accept ending a cycle by agreement; `no`: decline or withdraw) → `OkAnswer`.
 * @param {string} id
 * @param {string} answer
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const botGameCycle = (id, answer, opts) => request("POST", `/api/bot/game/${seg(id)}/cycle/${seg(answer)}`, opts);

/**
 * `POST /api/board/game/{id}/draw/{answer}` (bot token (`bot:play`); lichess's board route, for bot accounts) → `OkAnswer`.
 * @param {string} id
 * @param {string} answer
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const boardGameDraw = (id, answer, opts) => request("POST", `/api/board/game/${seg(id)}/draw/${seg(answer)}`, opts);

/**
 * `POST /api/board/game/{id}/takeback/{answer}` (bot token (`bot:play`)) → `OkAnswer`.
 * @param {string} id
 * @param {string} answer
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const boardGameTakeback = (id, answer, opts) => request("POST", `/api/board/game/${seg(id)}/takeback/${seg(answer)}`, opts);

/**
 * `POST /api/board/game/{id}/claim-victory` (bot token (`bot:play`)) → `OkAnswer`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OkAnswer>}
 */
export const boardGameClaimVictory = (id, opts) => request("POST", `/api/board/game/${seg(id)}/claim-victory`, opts);

/**
 * `POST /api/challenge/{name}` (session or token `challenge:write`) → `ChallengeView` (201).
 * @param {string} name
 * @param {P.ChallengeReq} [body]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ChallengeView>}
 */
export const postChallenge = (name, body, opts) => request("POST", `/api/challenge/${seg(name)}`, { ...opts, body });

/**
 * `GET /api/challenge` (session or token `challenge:read`) → `ChallengeList`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ChallengeList>}
 */
export const getChallenge = (opts) => request("GET", `/api/challenge`, opts);

/**
 * `POST /api/challenge/{id}/accept` (session or token `challenge:write`; with `game_id`) → `ChallengeView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ChallengeView>}
 */
export const challengeAccept = (id, opts) => request("POST", `/api/challenge/${seg(id)}/accept`, opts);

/**
 * `POST /api/challenge/{id}/decline` (session or token `challenge:write`) → `ChallengeView`.
 * @param {string} id
 * @param {P.DeclineReq} [body]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ChallengeView>}
 */
export const challengeDecline = (id, body, opts) => request("POST", `/api/challenge/${seg(id)}/decline`, { ...opts, body });

/**
 * `POST /api/challenge/{id}/cancel` (session or token `challenge:write`) → `ChallengeView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ChallengeView>}
 */
export const challengeCancel = (id, opts) => request("POST", `/api/challenge/${seg(id)}/cancel`, opts);

/**
 * `GET /api/user/{name}` (anyone) → `Profile`.
 * @param {string} name
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.Profile>}
 */
export const user = (name, opts) => request("GET", `/api/user/${seg(name)}`, opts);

/**
 * `GET /api/user/{name}/rating-history` (anyone) → `RatingHistory`.
 * @param {string} name
 * @param {P.RatingHistoryQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.RatingHistory>}
 */
export const userRatingHistory = (name, query, opts) => request("GET", `/api/user/${seg(name)}/rating-history${qs(query)}`, opts);

/**
 * `GET /api/user/{name}/games` (anyone) → `HistoryPage`.
 * @param {string} name
 * @param {P.HistoryQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.HistoryPage>}
 */
export const userGames = (name, query, opts) => request("GET", `/api/user/${seg(name)}/games${qs(query)}`, opts);

/**
 * `GET /api/games/user/{name}` (anyone; OGN, streamed) → text (`text/plain`).
 * @param {string} name
 * @returns {string}
 */
export const gamesUserUrl = (name) => `/api/games/user/${seg(name)}`;

/**
 * `GET /api/player` (anyone; `?bots=true`) → `Leaderboards`.
 * @param {P.LeadersQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.Leaderboards>}
 */
export const player = (query, opts) => request("GET", `/api/player${qs(query)}`, opts);

/**
 * `POST /api/pool/{pool}` (anyone) → `TicketView` (201).
 * @param {string} pool
 * @param {P.PoolReq} [body]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TicketView>}
 */
export const pool = (pool, body, opts) => request("POST", `/api/pool/${seg(pool)}`, { ...opts, body });

/**
 * `GET /api/pool/ticket/{id}` (anyone; `?wait_ms=`) → `TicketView`.
 * @param {string} id
 * @param {Record<string, string | number | boolean | null | undefined>} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TicketView>}
 */
export const getPoolTicket = (id, query, opts) => request("GET", `/api/pool/ticket/${seg(id)}${qs(query)}`, opts);

/**
 * `DELETE /api/pool/ticket/{id}` (anyone) → `LeftAnswer`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.LeftAnswer>}
 */
export const deletePoolTicket = (id, opts) => request("DELETE", `/api/pool/ticket/${seg(id)}`, opts);

/**
 * `GET /api/pool/ticket/{id}/events` (anyone; `ticket`, `paired` (each a `TicketView`)) → SSE.
 * @param {string} id
 * @returns {string}
 */
export const poolTicketEventsUrl = (id) => `/api/pool/ticket/${seg(id)}/events`;

/**
 * `GET /api/tournaments` (anyone) → `TournamentList`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TournamentList>}
 */
export const getTournaments = (opts) => request("GET", `/api/tournaments`, opts);

/**
 * `POST /api/tournaments` (session) → `TournamentView` (201).
 * @param {P.NewTournament} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TournamentView>}
 */
export const postTournaments = (body, opts) => request("POST", `/api/tournaments`, { ...opts, body });

/**
 * `GET /api/tournaments/{id}` (anyone; the standings, `?page=N`, 100 lines a page) → `TournamentView`.
 * @param {string} id
 * @param {P.TournamentQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TournamentView>}
 */
export const getTournamentsById = (id, query, opts) => request("GET", `/api/tournaments/${seg(id)}${qs(query)}`, opts);

/**
 * `POST /api/tournaments/{id}/join` (session) → `TournamentView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TournamentView>}
 */
export const tournamentsJoin = (id, opts) => request("POST", `/api/tournaments/${seg(id)}/join`, opts);

/**
 * `POST /api/tournaments/{id}/withdraw` (session) → `TournamentView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TournamentView>}
 */
export const tournamentsWithdraw = (id, opts) => request("POST", `/api/tournaments/${seg(id)}/withdraw`, opts);

/**
 * `POST /api/tournaments/{id}/berserk` (session) → `TournamentView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.TournamentView>}
 */
export const tournamentsBerserk = (id, opts) => request("POST", `/api/tournaments/${seg(id)}/berserk`, opts);

/**
 * `GET /api/tournaments/{id}/events` (anyone; `standings` `{"version"}`) → SSE.
 * @param {string} id
 * @returns {string}
 */
export const tournamentsEventsUrl = (id) => `/api/tournaments/${seg(id)}/events`;

/**
 * `GET /api/puzzle/daily` (anyone; opens a round; no solution) → `DailyPuzzle`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.DailyPuzzle>}
 */
export const puzzleDaily = (opts) => request("GET", `/api/puzzle/daily`, opts);

/**
 * `GET /api/puzzle/next` (anyone; opens a round; no solution) → `PuzzleView`.
 * @param {P.NextQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.PuzzleView>}
 */
export const puzzleNext = (query, opts) => request("GET", `/api/puzzle/next${qs(query)}`, opts);

/**
 * `GET /api/puzzle/history` (anyone) → `PuzzleHistory`.
 * @param {P.PuzzleHistoryQuery} [query]
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.PuzzleHistory>}
 */
export const puzzleHistory = (query, opts) => request("GET", `/api/puzzle/history${qs(query)}`, opts);

/**
 * `GET /api/puzzle/themes` (anyone) → `PuzzleThemes`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.PuzzleThemes>}
 */
export const puzzleThemes = (opts) => request("GET", `/api/puzzle/themes`, opts);

/**
 * `GET /api/puzzle/{id}` (anyone; opens a round; no solution) → `PuzzleView`.
 * @param {string} id
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.PuzzleView>}
 */
export const puzzle = (id, opts) => request("GET", `/api/puzzle/${seg(id)}`, opts);

/**
 * `POST /api/puzzle/offline` (session; unrated; at most 50 rounds a request, 200 a day an account) → `OfflineRoundsAnswer`.
 * @param {P.OfflineRoundsReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.OfflineRoundsAnswer>}
 */
export const puzzleOffline = (body, opts) => request("POST", `/api/puzzle/offline`, { ...opts, body });

/**
 * `POST /api/puzzle/{id}/round` (anyone; rated only for a served round at 1 s a move and 10 a minute, see docs/puzzles.md) → `RoundAnswer`.
 * @param {string} id
 * @param {P.RoundReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.RoundAnswer>}
 */
export const puzzleRound = (id, body, opts) => request("POST", `/api/puzzle/${seg(id)}/round`, { ...opts, body });

/**
 * `POST /api/puzzle/{id}/vote` (session) → `VoteAnswer`.
 * @param {string} id
 * @param {P.VoteReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.VoteAnswer>}
 */
export const puzzleVote = (id, body, opts) => request("POST", `/api/puzzle/${seg(id)}/vote`, { ...opts, body });

/**
 * `GET /api/learn` (anyone; the account's stars; none for a guest) → `LessonList`.
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.LessonList>}
 */
export const getLearn = (opts) => request("GET", `/api/learn`, opts);

/**
 * `POST /api/learn/progress` (session) → `ProgressAnswer`.
 * @param {P.ProgressReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.ProgressAnswer>}
 */
export const learnProgress = (body, opts) => request("POST", `/api/learn/progress`, { ...opts, body });

/**
 * `POST /api/counting` (anyone) → `CountAnswer`.
 * @param {P.CountReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.CountAnswer>}
 */
export const counting = (body, opts) => request("POST", `/api/counting`, { ...opts, body });

/**
 * `GET /api/learn/{lesson}` (anyone) → `LessonView`.
 * @param {string} lesson
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.LessonView>}
 */
export const getLearnByLesson = (lesson, opts) => request("GET", `/api/learn/${seg(lesson)}`, opts);

/**
 * `POST /api/learn/{lesson}/{step}/move` (anyone) → `StepAnswer`.
 * @param {string} lesson
 * @param {string} step
 * @param {P.StepMovesReq} body
 * @param {RequestOptions} [opts]
 * @returns {Promise<P.StepAnswer>}
 */
export const learnMove = (lesson, step, body, opts) => request("POST", `/api/learn/${seg(lesson)}/${seg(step)}/move`, { ...opts, body });

/**
 * `GET /api/egdb/{rules}/{n}` (anyone; level `n` (0 to 12) of the server's tables, `rules` `abapa`; immutable, see docs/web-page.md) → bytes (`application/octet-stream`).
 * @param {string} rules
 * @param {string} n
 * @returns {string}
 */
export const egdbUrl = (rules, n) => `/api/egdb/${seg(rules)}/${seg(n)}`;
