// Formats the page scripts' messages as the server sends them (crates/oware-i18n/src/scripts.rs):
// each message is a list of parts, a string, {v: name} (a variable) or {s: name, k: {key: parts},
// d: key} (a selector: the variant whose key is the number itself, else the one of the language's
// plural category by Intl.PluralRules, else the default). No DOM here: i18n.js uses it in the page,
// and crates/oware-i18n/tests/catalogue.rs runs it under node against fluent-bundle's output.

/** @typedef {string | {v: string} | {s: string, k: Record<string, any[]>, d: string}} Part */

/**
 * A formatter for language `lang`: `(parts, args) => text`.
 * @param {string} lang
 * @returns {(parts: Part[], args: Record<string, unknown>) => string}
 */
export function formatter(lang) {
  const plurals = new Intl.PluralRules(lang);
  // Numbers as fluent-bundle writes them without NUMBER(): digits and a dot, no grouping.
  /** @param {unknown} value */
  const show = (value) => String(value ?? "");
  /**
   * @param {Part[]} parts
   * @param {Record<string, unknown>} args
   * @returns {string}
   */
  const format = (parts, args) => {
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
  };
  return format;
}
