// The page's language: the messages of the page scripts, from the server's Fluent catalogue
// (crates/oware-i18n/locales/{lang}/scripts*.ftl, served at /i18n/{lang} with its ETag), and the
// header's language menu.
//
// The catalogue comes as parts already parsed by the server (crates/oware-i18n/src/scripts.rs),
// formatted by i18n-format.js: variables and plural selectors, all the scripts' messages use, so
// the text is what fluent-bundle gives (crates/oware-i18n/tests/catalogue.rs checks every message).
// The module waits for the catalogue at its import (a top-level await), so `t` is ready in every
// module that imports it.

import { formatter } from "./i18n-format.js";
/** @typedef {import("./i18n-format.js").Part} Part */

/** The page's language, as the server chose it (`<html lang>`). */
/** The page's language tag (`pt-PT`: its plural rules) and its code (`pt`: the catalogue's name). */
const tag = document.documentElement.lang || "en";
export const lang = tag.split("-")[0];

/** @type {Record<string, Part[]>} */
let messages = {};
try {
  const answer = await fetch(`/i18n/${encodeURIComponent(lang)}`);
  if (answer.ok) messages = (await answer.json()).messages || {};
} catch {
  // Without the catalogue the page shows the messages' ids: better than no page.
}

const format = formatter(tag);

/**
 * The message `id` in the page's language with `args` (numbers choose plural forms).
 * @param {string} id
 * @param {Record<string, unknown>} [args]
 * @returns {string}
 */
export function t(id, args = {}) {
  const parts = messages[id];
  return parts ? format(parts, args) : id;
}

/** How long the `lang` cookie keeps the choice: a year, in seconds. */
const YEAR_S = 365 * 24 * 3600;

/**
 * Keeps `code` as the visitor's language, then shows the page again in it. The server sets the
 * `lang` cookie and, for a logged-in account, keeps the choice on the account
 * (`POST /api/account/lang`); if it cannot be reached, the cookie is written here.
 * @param {string} code
 */
export async function chooseLanguage(code) {
  try {
    const answer = await fetch("/api/account/lang", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ lang: code }),
    });
    if (!answer.ok) throw new Error(String(answer.status));
  } catch {
    document.cookie = `lang=${encodeURIComponent(code)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
  }
  location.reload();
}

/**
 * After a log-in: the account's language (`lang` of the answer, whose cookie the server has
 * set) shows the page again in it when it is not the page's. Returns whether the page reloads.
 * @param {{ lang?: string | null } | null | undefined} account
 * @returns {boolean}
 */
export function followAccountLanguage(account) {
  if (!account || !account.lang || account.lang === lang) return false;
  location.reload();
  return true;
}

/** The header's language menu: choosing a language keeps it and shows the page in it. */
export function setUpLanguageMenu() {
  const menu = /** @type {HTMLSelectElement | null} */ (document.getElementById("lang-menu"));
  if (!menu || menu.dataset.ready) return;
  menu.dataset.ready = "1";
  menu.addEventListener("change", () => void chooseLanguage(menu.value));
}
