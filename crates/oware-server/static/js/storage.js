// What the browser remembers between visits (localStorage): the last game's id and seat token, the seat
// tokens of online games (`oware.seats`: {id: token}), and the New game dialog's choices. Every access survives a browser that refuses storage (private mode).

const GAME_KEY = "oware.game";
const SETTINGS_KEY = "oware.settings";
const SEATS_KEY = "oware.seats";
const MAX_SEATS = 50; // the oldest online seats are forgotten beyond this

const DEFAULT_SETTINGS = {
  opponent: "easy",
  starts: "you",
  grand_slam: "no-capture",
  repetition: "third",
  cycle_seeds: "own-row",
  speed: "auto",
  clock: "5+3", // online: minutes + seconds a move, or "none"
  color: "random", // online: the creator's side (random, S, N)
  name: "", // online: the display name
  lobby: "lobby", // online: "lobby" (post the challenge) or "invite" (invite link only)
  poolBots: true, // quick pairing: a house bot may take the other seat when no one comes
};

/**
 * The New game dialog's choices and the page's settings; the online game's last choices beside them (`rated`,
 * `advice`, `days`: a correspondence game's days a move, "" for a clock; `range`: the rating range, or null), and two friends' names (`name_s`, `name_n`).
 * @typedef {typeof DEFAULT_SETTINGS & {
 *   rated?: boolean, advice?: boolean, days?: string, range?: [number, number] | null, name_s?: string, name_n?: string,
 * }} Settings
 */

/** The remembered settings over the defaults (a fresh object). @returns {Settings} */
export function loadSettings() {
  try {
    return Object.assign({ ...DEFAULT_SETTINGS }, JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}"));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** Stores the settings object as it is. @param {object} settings */
export function saveSettings(settings) {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* private mode */ }
}

/**
 * Remembers the local game on this page: `{id, token}`.
 * @param {string} id
 * @param {string | null | undefined} token
 */
export function rememberGame(id, token) {
  try { localStorage.setItem(GAME_KEY, JSON.stringify({ id, token })); } catch { /* private mode */ }
}

/** The remembered local game `{id, token}`, or null. */
export function savedGame() {
  try {
    const saved = JSON.parse(localStorage.getItem(GAME_KEY) || "null");
    return saved && saved.id ? saved : null;
  } catch {
    return null;
  }
}

function seats() {
  try {
    const s = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return s && typeof s === "object" ? s : {};
  } catch {
    return {};
  }
}

/** The seat token this browser holds in online game `id`, or null. @param {string} id */
export function seatToken(id) {
  const t = seats()[id];
  return typeof t === "string" ? t : null;
}

/**
 * Remembers this browser's seat token in online game `id` (`null` forgets it).
 * @param {string} id
 * @param {string | null} token
 */
export function rememberSeat(id, token) {
  const s = seats();
  delete s[id];
  if (token) s[id] = token;
  const ids = Object.keys(s);
  for (const old of ids.slice(0, Math.max(0, ids.length - MAX_SEATS))) delete s[old];
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(s)); } catch { /* private mode */ }
}
