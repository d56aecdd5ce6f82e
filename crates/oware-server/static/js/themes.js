// The puzzle themes' names in the page's language, by the codes the server sends (docs/puzzles.md): the
// puzzles page's theme menu, a class's work and the worksheets say them.
import { t } from "./i18n.js";

/** The message of each theme. @type {Record<string, string>} */
const THEME_IDS = {
  "capture-chain": "learn-theme-capture-chain",
  "grand-slam": "learn-theme-grand-slam",
  "feeding-forced": "learn-theme-feeding-forced",
  "big-pit": "learn-theme-big-pit",
  "endgame-exact": "learn-theme-endgame-exact",
  "defend": "learn-theme-defend",
  "cycle": "learn-theme-cycle",
};

/** A theme's name in the page's language (an unknown code as it is, its dashes spaces). @param {string} code */
export const themeName = (code) => (THEME_IDS[code] ? t(THEME_IDS[code]) : code.replace(/-/g, " "));
