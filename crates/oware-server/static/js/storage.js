// What the browser remembers between visits (localStorage): the last game's id and seat token, and the
// New game dialog's choices. Every access survives a browser that refuses storage (private mode).

const GAME_KEY = "oware.game";
const SETTINGS_KEY = "oware.settings";

const DEFAULT_SETTINGS = {
  opponent: "easy",
  starts: "you",
  grand_slam: "no-capture",
  repetition: "third",
  cycle_seeds: "own-row",
  speed: "auto",
};

/** The remembered settings over the defaults (a fresh object). */
export function loadSettings() {
  try {
    return Object.assign({ ...DEFAULT_SETTINGS }, JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}"));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** Stores the settings object as it is. */
export function saveSettings(settings) {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* private mode */ }
}

/** Remembers the local game on this page: `{id, token}`. */
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
