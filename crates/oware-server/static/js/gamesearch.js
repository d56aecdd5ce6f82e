// The profile's game search (player.html, "Search the games"): the player's finished games against an
// opponent, by result, time control, ending and opening (`GET /api/search/games`), newest first, a page at a
// time. The server checks every filter; its refusal is shown as it says it.
import { t } from "./i18n.js";
import { request } from "./api.js";
/** @import * as P from "../../types/protocol" */

/**
 * Sets the search box up for player `name`.
 * @param {string} name
 */
export function setUpGameSearch(name) {
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById("game-search-form"));
  const status = document.getElementById("game-search-status");
  const list = document.getElementById("game-search-list");
  const more = /** @type {HTMLButtonElement | null} */ (document.getElementById("game-search-more"));
  if (!form || !status || !list || !more) return;
  let page = 1;

  /** The line of a game found, by its result for the player. */
const HIT = { win: "search-hit-win", draw: "search-hit-draw", loss: "search-hit-loss" };

/** @param {P.GameSearchHit} g */
  function item(g) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/game/${g.id}`;
    const id = g.result === "win" || g.result === "loss" ? HIT[g.result] : HIT.draw;
    a.textContent = t(id, {
      opponent: g.opponent, plies: g.plies,
      date: new Date(g.ended_ms).toLocaleDateString(document.documentElement.lang || "en"),
    });
    li.dataset.game = g.id;
    li.append(a);
    return li;
  }

  /** @param {boolean} next */
  async function run(next) {
    if (!form || !status || !list || !more) return;
    page = next ? page + 1 : 1;
    const q = new URLSearchParams({ player: name, page: String(page) });
    for (const field of ["opponent", "result", "clock", "ending", "opening"]) {
      const v = /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(field)).value.trim();
      if (v) q.set(field, v);
    }
    /** @type {P.GameSearchPage} */
    let r;
    try {
      r = await request("GET", `/api/search/games?${q}`);
    } catch (e) {
      status.textContent = e instanceof Error ? e.message : String(e);
      return;
    }
    if (!next) list.textContent = "";
    list.append(...r.games.map(item));
    status.textContent = list.childElementCount ? "" : t("search-none");
    more.hidden = !r.more;
  }

  form.addEventListener("submit", (e) => { e.preventDefault(); void run(false); });
  more.addEventListener("click", () => void run(true));
}
