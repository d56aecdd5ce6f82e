// Small DOM helpers shared by the modules.

/**
 * The first element matching a CSS selector: one of the page's own elements, which its markup holds (hence the
 * type without null).
 * @param {string} sel
 */
export const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

/** Resolves after `ms` milliseconds. @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The online game's id when the address is `/game/{id}` (the home page's other screen), else null. */
export function gameIdInAddress() {
  const m = /^\/game\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  return m ? m[1] : null;
}

/**
 * The event main.js sends on the document once the home page is set up: the inline script (early.js)
 * then gives it the taps it kept.
 */
export const READY_EVENT = "oware:ready";

/** Whether the person asked their system for less motion. */
export const reducedMotion = () => !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

/** Restarts a one-shot CSS animation class on an element (shake, gain). @param {HTMLElement} el @param {string} cls */
export function replayClass(el, cls) {
  el.classList.remove(cls);
  void el.offsetWidth; // reflow, so that adding the class again starts the animation over
  el.classList.add(cls);
}

/** A count with its noun, singular for one: `count(1, "minute")` is "1 minute", `count(3, "minute")` "3 minutes".
 * @param {number} n @param {string} one @param {string} [many] */
export function count(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * An element with text content.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string | number | null} [text] @param {string} [cls]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

/** A small button with `text` that calls `onClick`; `id` for tests and labels, `primary` for the one to press.
 * @param {string} id @param {string} text @param {(ev: MouseEvent) => void} onClick @param {boolean} [primary] */
export function button(id, text, onClick, primary) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = "btn btn-small" + (primary ? " btn-primary" : "");
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

/** A table row of cells (strings or elements). @param {(string | Node)[]} cells */
export function row(cells) {
  const tr = document.createElement("tr");
  for (const c of cells) {
    const td = document.createElement("td");
    td.append(c);
    tr.append(td);
  }
  return tr;
}
