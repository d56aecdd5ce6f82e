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
