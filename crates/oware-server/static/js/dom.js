// Small DOM helpers shared by the modules.

/** The first element matching a CSS selector. */
export const $ = (sel) => document.querySelector(sel);

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether the person asked their system for less motion. */
export const reducedMotion = () => !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

/** Restarts a one-shot CSS animation class on an element (shake, gain). */
export function replayClass(el, cls) {
  el.classList.remove(cls);
  void el.offsetWidth; // reflow, so that adding the class again starts the animation over
  el.classList.add(cls);
}

/** A count with its noun, singular for one: `count(1, "minute")` is "1 minute", `count(3, "minute")` "3 minutes". */
export function count(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** An element with text content. */
export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

/** A small button with `text` that calls `onClick`; `id` for tests and labels, `primary` for the one to press. */
export function button(id, text, onClick, primary) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = "btn btn-small" + (primary ? " btn-primary" : "");
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

/** A table row of cells (strings or elements). */
export function row(cells) {
  const tr = document.createElement("tr");
  for (const c of cells) {
    const td = document.createElement("td");
    td.append(c);
    tr.append(td);
  }
  return tr;
}
