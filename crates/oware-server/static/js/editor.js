// The board editor (/editor?position=…&rules=…): seeds set pit by pit (a click or tap adds one; a
// right-click, a shift-click or a long press takes one away; on a focused pit + and − or the arrows, 0
// empties it), the stores, the side to move and the rule options. After each change the server judges
// the position (`POST /api/position`: 48 seeds, a game not already over) and says why it refuses one;
// only a position it accepts opens on the analysis board. The position text is shown to copy and can be
// pasted back.
/** @import * as P from "../../types/protocol" */
import { request } from "./api.js";
import { createAccountMenu } from "./account.js";
import { t } from "./i18n.js";

const LETTERS = "ABCDEFabcdef";
const TOTAL = 48;
/** How long a press lasts before it takes a seed away (a phone's long press), in ms. */
const LONG_PRESS_MS = 500;

/** @param {string} sel */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

const st = {
  /** Seeds in pits A–F, a–f. */
  pits: /** @type {number[]} */ (Array(12).fill(4)),
  /** Captured seeds. @type {{ S: number, N: number }} */
  stores: { S: 0, N: 0 },
  /** @type {P.Side} */
  turn: "S",
  /** The server's judgement of the position shown: null while asking. @type {P.PositionAnswer | null} */
  valid: null,
  /** Bumped by each change: an older judgement is not shown. */
  ticket: 0,
  /** @type {number | undefined} */
  timer: undefined,
};

/** The position text of the board: pits A–F, a–f, the stores, the side to move (`docs/web.md`). */
const positionText = () => [...st.pits, st.stores.S, st.stores.N, st.turn].join("-");

/** The rules' text form from the three options. */
function rulesText() {
  const v = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id)).value;
  return `grand-slam=${v("#ed-grand-slam")},repetition=${v("#ed-repetition")},cycle-seeds=${v("#ed-cycle-seeds")}`;
}

const total = () => st.pits.reduce((a, b) => a + b, 0) + st.stores.S + st.stores.N;

/** A seed added to (`by` 1) or taken from (`by` −1) pit `p` (0–11) or a store (`"S"`, `"N"`). */
function change(/** @type {number | P.Side} */ where, /** @type {number} */ by) {
  if (typeof where === "number") st.pits[where] = Math.max(0, Math.min(TOTAL, st.pits[where] + by));
  else st.stores[where] = Math.max(0, Math.min(TOTAL, st.stores[where] + by));
  changed();
}

/** Sets pit `p` or a store to `n` seeds. */
function set(/** @type {number | P.Side} */ where, /** @type {number} */ n) {
  if (typeof where === "number") st.pits[where] = n;
  else st.stores[where] = n;
  changed();
}

/** Makes a pit or store button: a click adds, a right-click, a shift-click or a long press takes away. */
function wire(/** @type {HTMLElement} */ b, /** @type {number | P.Side} */ where) {
  let pressed = 0, longDone = false;
  b.addEventListener("pointerdown", () => {
    longDone = false;
    pressed = window.setTimeout(() => { longDone = true; change(where, -1); }, LONG_PRESS_MS);
  });
  const cancel = () => window.clearTimeout(pressed);
  b.addEventListener("pointerup", cancel);
  b.addEventListener("pointerleave", cancel);
  b.addEventListener("click", (e) => {
    if (longDone) { longDone = false; return; }
    change(where, e.shiftKey ? -1 : 1);
  });
  b.addEventListener("contextmenu", (e) => { e.preventDefault(); cancel(); change(where, -1); });
  b.addEventListener("keydown", (e) => {
    if (e.key === "+" || e.key === "=" || e.key === "ArrowUp") { e.preventDefault(); change(where, 1); }
    else if (e.key === "-" || e.key === "ArrowDown" || e.key === "Backspace") { e.preventDefault(); change(where, -1); }
    else if (e.key === "0" || e.key === "Delete") { e.preventDefault(); set(where, 0); }
  });
}

/** @type {HTMLButtonElement[]} */
const pits = [];
for (let p = 0; p < 12; p++) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pit";
  b.dataset.letter = LETTERS[p];
  b.innerHTML = '<span class="letter"></span> <span class="count">0</span>'; // the space: "f 4", as its name says (WCAG 2.5.3)
  /** @type {HTMLElement} */ (b.querySelector(".letter")).textContent = LETTERS[p];
  wire(b, p);
  pits.push(b);
}
// South at the bottom, left to right; North on top, from its left (on the right) to its right.
for (let i = 0; i < 6; i++) {
  pits[i].style.gridColumn = String(2 + i);
  $("#row-bottom").append(pits[i]);
  const north = pits[11 - i];
  north.style.gridColumn = String(2 + i);
  $("#row-top").append(north);
}
wire($("#store-left"), "N");
wire($("#store-right"), "S");

const sideName = (/** @type {P.Side} */ s) => (s === "S" ? t("study-south") : t("study-north"));

/** Draws the board, the count of seeds left and the position text. */
function draw() {
  for (let p = 0; p < 12; p++) {
    const c = /** @type {HTMLElement} */ (pits[p].querySelector(".count"));
    c.textContent = String(st.pits[p]);
    c.classList.toggle("zero", st.pits[p] === 0);
    pits[p].setAttribute("aria-label", t("editor-pit", { pit: LETTERS[p], name: sideName(p < 6 ? "S" : "N"), count: st.pits[p] }));
  }
  for (const [id, side] of /** @type {[string, P.Side][]} */ ([["#store-left", "N"], ["#store-right", "S"]])) {
    $(`${id} .store-count`).textContent = String(st.stores[side]);
    $(id).setAttribute("aria-label", t("editor-store", { name: sideName(side), count: st.stores[side] }));
  }
  const left = TOTAL - total();
  $("#ed-left").textContent = left >= 0 ? t("editor-left", { left, total: TOTAL }) : t("editor-too-many", { over: -left, total: TOTAL });
  $("#ed-left").classList.toggle("ed-over", left < 0);
  const input = /** @type {HTMLInputElement} */ ($("#ed-position"));
  if (document.activeElement !== input) input.value = positionText();
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="ed-turn"]'))) r.checked = r.value === st.turn;
}

/** After a change: drawn at once, judged by the server a moment later (one request for a burst of clicks). */
function changed() {
  draw();
  st.valid = null;
  setAnalyse(null);
  window.clearTimeout(st.timer);
  st.timer = window.setTimeout(judge, 150);
}

/** The link to the analysis board: on for a position the server accepted, off otherwise. */
function setAnalyse(/** @type {P.PositionAnswer | null} */ a) {
  const link = /** @type {HTMLAnchorElement} */ ($("#ed-analyse"));
  if (a) {
    const q = a.rules === "abapa" ? "" : `?rules=${encodeURIComponent(a.rules)}`;
    link.href = `/analysis/${a.start}${q}`;
    link.removeAttribute("aria-disabled");
  } else {
    link.removeAttribute("href");
    link.setAttribute("aria-disabled", "true");
  }
}

/** Asks the server whether the position is one a game can be in, and says why not. */
async function judge() {
  const ticket = ++st.ticket;
  /** @type {P.PositionReq} */
  const body = { position: positionText(), rules: rulesText() };
  try {
    const a = /** @type {P.PositionAnswer} */ (await request("POST", "/api/position", { body }));
    if (ticket !== st.ticket) return;
    st.valid = a;
    setAnalyse(a);
    $("#status").textContent = t("editor-valid", { name: sideName(a.state.position.turn) });
    $("#status").classList.remove("ed-refused");
  } catch (e) {
    if (ticket !== st.ticket) return;
    $("#status").textContent = t("editor-refused", { why: /** @type {Error} */ (e).message });
    $("#status").classList.add("ed-refused");
  }
}

/** Reads position text into the board (the server judges it after); false when it is not 15 fields of counts and a side. */
function load(/** @type {string} */ text) {
  const f = text.trim().split("-").map((s) => s.trim());
  if (f.length !== 15) return false;
  const n = f.slice(0, 14).map((s) => (/^\d{1,2}$/.test(s) ? Number(s) : NaN));
  const side = f[14].toUpperCase();
  if (n.some((x) => !(x >= 0 && x <= TOTAL)) || (side !== "S" && side !== "N")) return false;
  st.pits = n.slice(0, 12);
  st.stores = { S: n[12], N: n[13] };
  st.turn = side;
  return true;
}

/** Sets the three rule selects from a rules text (a preset's name or options), as the server reads it. */
async function loadRules(/** @type {string} */ text) {
  /** @type {P.PositionReq} */
  const body = { rules: text };
  try {
    const a = /** @type {P.PositionAnswer} */ (await request("POST", "/api/position", { body }));
    const o = a.state.rule_options;
    /** @type {HTMLSelectElement} */ ($("#ed-grand-slam")).value = o.grand_slam;
    /** @type {HTMLSelectElement} */ ($("#ed-repetition")).value = o.repetition;
    /** @type {HTMLSelectElement} */ ($("#ed-cycle-seeds")).value = o.cycle_seeds;
  } catch { /* unknown rules: the selects keep abapa's */ }
}

async function init() {
  createAccountMenu();
  const q = new URLSearchParams(location.search);
  const pos = q.get("position");
  if (pos) load(pos);
  const rules = q.get("rules");
  if (rules) await loadRules(rules);
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="ed-turn"]'))) {
    r.addEventListener("change", () => { if (r.checked) { st.turn = r.value === "N" ? "N" : "S"; changed(); } });
  }
  for (const id of ["#ed-grand-slam", "#ed-repetition", "#ed-cycle-seeds"]) $(id).addEventListener("change", changed);
  $("#ed-clear").addEventListener("click", () => { st.pits = Array(12).fill(0); st.stores = { S: 0, N: 0 }; changed(); });
  $("#ed-start").addEventListener("click", () => { st.pits = Array(12).fill(4); st.stores = { S: 0, N: 0 }; st.turn = "S"; changed(); });
  $("#ed-load").addEventListener("click", () => {
    const input = /** @type {HTMLInputElement} */ ($("#ed-position"));
    if (load(input.value)) changed();
    else $("#status").textContent = t("editor-bad-text");
  });
  $("#ed-copy").addEventListener("click", async () => {
    const input = /** @type {HTMLInputElement} */ ($("#ed-position"));
    input.value = positionText();
    try { await navigator.clipboard.writeText(input.value); $("#status").textContent = t("editor-copied"); } catch { input.select(); }
  });
  $("#ed-analyse").addEventListener("click", (e) => { if (!st.valid) { e.preventDefault(); judge(); } });
  changed();
}

init();
