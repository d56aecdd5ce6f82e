// The home page's first seconds on a slow network (issue 57): the server puts this module into the
// page itself, as an inline script at the end of the body (http/assets.rs, allowed by its hash in the
// page's CSP), so it runs as soon as the page's HTML is read, long before the page's modules
// (/js/main.bundle.js) arrive. The server drew the board (the rules core's first position); this script
//  - draws its seeds (seeds.js, as the board component draws them, which then keeps them),
//  - opens the New game dialog as main.js would (not on an online game's address `/game/{id}`, nor
//    when a game is remembered, which main.js shows instead),
//  - lets the whole of style.css apply once it has come (the page's first paint needs only the part
//    the server put into the page),
//  - keeps the visitor's taps on the page's buttons (the dialog's Start and Cancel, the pits), shown
//    as busy, until main.js says the page is set up (`READY_EVENT`), then gives them to it in their
//    order: no tap is lost. The choices made in the dialog meanwhile stay (`data-touched` on the form).
import { drawSeeds } from "./seeds.js";
import { savedGame } from "./storage.js";
import { gameIdInAddress, READY_EVENT } from "./dom.js";

const board = document.getElementById("board");
const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("dlg-new"));
const form = /** @type {HTMLFormElement | null} */ (document.getElementById("form-new"));

/** The number shown in `host`'s `.count` (a pit) or `.store-count` (a store). @param {Element} host */
const countIn = (host) => Number((host.querySelector(".count, .store-count") || {}).textContent) || 0;

if (board) {
  for (const pit of board.querySelectorAll(".pit")) {
    const seeds = /** @type {HTMLElement | null} */ (pit.querySelector(".seeds"));
    if (seeds) drawSeeds(seeds, Number(/** @type {HTMLElement} */ (pit).dataset.pit), countIn(pit), false);
  }
  for (const store of board.querySelectorAll(".store")) {
    const seeds = /** @type {HTMLElement | null} */ (store.querySelector(".store-seeds"));
    if (seeds) drawSeeds(seeds, /** @type {HTMLElement} */ (store).dataset.side === "S" ? 40 : 41, countIn(store), true);
  }
}

// The board drawn is the one the page will play: no game to show instead.
const fresh = !savedGame() && !gameIdInAddress();
if (dialog && form && fresh && !dialog.open) dialog.showModal();

const late = /** @type {HTMLLinkElement | null} */ (document.getElementById("style-late"));
if (late) {
  const apply = () => { late.media = "all"; };
  if (late.sheet) apply();
  else late.addEventListener("load", apply);
}

/** @type {HTMLElement[]} the buttons tapped, in order */
const kept = [];
/** @param {HTMLElement} button */
function keep(button) {
  kept.push(button);
  button.setAttribute("aria-busy", "true");
  // A tap on the dialog: the choices as they are shown are the ones it was made with.
  if (form && form.contains(button)) form.dataset.touched = "*";
}

/** A tap on a button of the page (a pit only when the board drawn is the game's). @param {Event} e */
function onClick(e) {
  const button = e.target instanceof Element ? e.target.closest("button") : null;
  if (!button || button.disabled || (button.classList.contains("pit") && !fresh)) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  keep(button);
}

/** The New game form sent from the keyboard (Enter): its Start button, kept. @param {Event} e */
function onSubmit(e) {
  if (!form || e.target !== form) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  const start = /** @type {SubmitEvent} */ (e).submitter || form.querySelector("button[type=submit]");
  if (start instanceof HTMLElement) keep(start);
}

/** Escape on the dialog: its Cancel button, kept. @param {Event} e */
function onCancel(e) {
  e.preventDefault();
  const cancel = document.getElementById("btn-new-cancel");
  if (cancel) keep(cancel);
}

/** A choice changed in the dialog: main.js leaves it as the visitor made it. @param {Event} e */
function onChange(e) {
  const name = /** @type {HTMLInputElement} */ (e.target).name;
  if (!form || !name || form.dataset.touched === "*") return;
  const touched = new Set((form.dataset.touched || "").split(" ").filter(Boolean));
  touched.add(name);
  form.dataset.touched = [...touched].join(" ");
}

document.addEventListener("click", onClick, true);
document.addEventListener("submit", onSubmit, true);
if (dialog) dialog.addEventListener("cancel", onCancel);
if (form) form.addEventListener("change", onChange);

document.addEventListener(READY_EVENT, () => {
  document.removeEventListener("click", onClick, true);
  document.removeEventListener("submit", onSubmit, true);
  if (dialog) dialog.removeEventListener("cancel", onCancel);
  if (form) form.removeEventListener("change", onChange);
  for (const button of kept.splice(0)) {
    button.removeAttribute("aria-busy");
    button.click();
  }
}, { once: true });
