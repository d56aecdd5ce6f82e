// The home page's TV board: the featured game in play (`GET /api/tv`) as a small board linking to /tv,
// asked again every few seconds while the page is shown (a read of the server's in-memory list, not a
// game stream). Hidden when no game is being played, and on a game's own page.
import { t } from "./i18n.js";
import { request } from "./api.js";
import { createSmallBoard } from "./board.js";
import { ratingText } from "./account.js";
/** @import * as P from "../../types/protocol" */

/** How often the board is asked for again (ms). */
const REFRESH_MS = 10000;

export function showHomeTv() {
  const box = document.getElementById("home-tv");
  const board = document.getElementById("home-tv-board");
  const names = document.getElementById("home-tv-players");
  if (!box || !board || !names || location.pathname !== "/") return;
  void follow(box, board, names);
}

/**
 * Shows the featured game in `box` (its board in `board`, the players in `names`), again every few seconds.
 * @param {HTMLElement} box
 * @param {HTMLElement} board
 * @param {HTMLElement} names
 */
async function follow(box, board, names) {
  const view = createSmallBoard(board);
  async function load() {
    if (!document.hidden) {
      try {
        /** @type {P.TvAnswer} */
        const r = await request("GET", "/api/tv");
        const g = r.game;
        box.hidden = !g;
        if (g) {
          view.draw(g.position, { south: g.players.S.name, north: g.players.N.name, ply: g.ply, last: g.last });
          const who = (/** @type {P.LivePlayer} */ p) => `${p.name}${p.bot ? ` ${t("online-bot-mark")}` : ""}${p.rating ? ` (${ratingText(p.rating)})` : ""}`;
          names.textContent = `${who(g.players.S)} – ${who(g.players.N)}`;
        }
      } catch {
        box.hidden = true;
      }
    }
    setTimeout(load, REFRESH_MS);
  }
  await load();
}
