// A small read-only board: the twelve pits' seed counts, the two stores, the last move marked and the
// side to move. It draws a position the server sent (the protocol's `PositionView`), decides nothing,
// and is what TV, the games in play and the home page's TV board show. The seeds are numbers, not
// drawings, so that twelve boards on a phone stay readable; the board's label says the whole position
// for screen readers.
import { t } from "./i18n.js";
/** @import * as P from "../../types/protocol" */

/** North's pits as drawn from South's side (f on the left), then South's (A on the left). */
const TOP = [11, 10, 9, 8, 7, 6];
const BOTTOM = [0, 1, 2, 3, 4, 5];

/**
 * The pit a move letter names: `A`–`F` South's 0–5, `a`–`f` North's 6–11.
 * @param {string | null | undefined} letter
 * @returns {number}
 */
function pitOf(letter) {
  if (!letter) return -1;
  const c = letter.charCodeAt(0);
  if (c >= 65 && c <= 70) return c - 65;
  if (c >= 97 && c <= 102) return c - 97 + 6;
  return -1;
}

/**
 * @param {string} cls
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function cell(cls, text) {
  const d = document.createElement("span");
  d.className = cls;
  if (text !== undefined) d.textContent = text;
  return d;
}

/**
 * Draws `position` into `host` (emptied first): `names` for the label, `ply` the moves played, `last` the last
 * move's letter.
 * @param {HTMLElement} host
 * @param {P.PositionView} position
 * @param {{ south: string, north: string, ply: number, last?: string | null }} about
 */
export function drawMiniBoard(host, position, about) {
  host.textContent = "";
  host.classList.add("mini-board");
  host.setAttribute("role", "img");
  const turn = position.turn === "S" ? about.south : about.north;
  host.setAttribute("aria-label", t("watch-board-label", {
    south: about.south, north: about.north, ply: about.ply, turn,
    south_store: position.stores.S, north_store: position.stores.N,
  }) + " " + position.text);
  const last = pitOf(about.last);
  const store = (/** @type {"S" | "N"} */ side) => cell(`mini-store mini-store-${side}`, String(position.stores[side]));
  const row = (/** @type {number[]} */ pits, /** @type {"S" | "N"} */ side) => {
    const r = cell(`mini-row mini-row-${side}` + (position.turn === side ? " mini-to-move" : ""));
    for (const p of pits) {
      const pit = cell("mini-pit" + (p === last ? " mini-last" : ""), String(position.pits[p]));
      pit.dataset.pit = String(p);
      r.append(pit);
    }
    return r;
  };
  const rows = cell("mini-rows");
  rows.append(row(TOP, "N"), row(BOTTOM, "S"));
  host.append(store("N"), rows, store("S"));
  host.dataset.text = position.text;
}
