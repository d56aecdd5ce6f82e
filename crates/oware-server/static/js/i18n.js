// The page's language: the messages of the page scripts, from the server's Fluent catalogue
// (crates/oware-i18n/locales/{lang}/scripts*.ftl, served at /i18n/{lang} with its ETag), and the
// header's language menu.
//
// The catalogue comes as parts already parsed by the server (crates/oware-i18n/src/scripts.rs):
// a string, {v: name} (a variable) or {s: name, k: {key: parts}, d: key} (a selector: the variant
// whose key is the number itself, else the one of the language's plural category by
// Intl.PluralRules, else the default). That is all the scripts' messages use, so formatting here
// gives what fluent-bundle gives (crates/oware-i18n/tests/scripts_js.rs checks every message).
// The module waits for the catalogue at its import (a top-level await), so `t` is ready in every
// module that imports it.

/** @typedef {string | {v: string} | {s: string, k: Record<string, any[]>, d: string}} Part */

/** The page's language, as the server chose it (`<html lang>`). */
export const lang = document.documentElement.lang || "en";

/** @type {Record<string, Part[]>} */
let messages = {};
try {
  const answer = await fetch(`/i18n/${encodeURIComponent(lang)}`);
  if (answer.ok) messages = (await answer.json()).messages || {};
} catch {
  // Without the catalogue the page shows the messages' ids: better than no page.
}

const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang, { useGrouping: false });

/**
 * A value as put into a message: numbers as Fluent writes them (no grouping).
 * @param {unknown} value
 */
function show(value) {
  return typeof value === "number" ? numbers.format(value) : String(value ?? "");
}

/**
 * @param {Part[]} parts
 * @param {Record<string, unknown>} args
 * @returns {string}
 */
function format(parts, args) {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if ("v" in part) out += part.v in args ? show(args[part.v]) : `{$${part.v}}`;
    else {
      const value = args[part.s];
      let key = part.d;
      if (typeof value === "number") {
        if (String(value) in part.k) key = String(value);
        else if (plurals.select(value) in part.k) key = plurals.select(value);
      } else if (typeof value === "string" && value in part.k) key = value;
      out += format(part.k[key] || [], args);
    }
  }
  return out;
}

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
 * Keeps `code` as the visitor's language (the `lang` cookie the server reads) and, when someone
 * is logged in, on their account; then shows the page again in it.
 * @param {string} code
 */
export async function chooseLanguage(code) {
  document.cookie = `lang=${encodeURIComponent(code)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
  try {
    await fetch("/api/account/lang", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ lang: code }),
    });
  } catch {
    // A guest, or the server is away: the cookie is enough.
  }
  location.reload();
}

/** The header's language menu: choosing a language keeps it and shows the page in it. */
export function setUpLanguageMenu() {
  const menu = /** @type {HTMLSelectElement | null} */ (document.getElementById("lang-menu"));
  if (!menu || menu.dataset.ready) return;
  menu.dataset.ready = "1";
  menu.addEventListener("change", () => chooseLanguage(menu.value));
}
