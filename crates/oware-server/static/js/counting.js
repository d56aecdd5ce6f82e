// The counting trainer (/learn#count, issue 41): a pit of your row to sow on a board of small numbers;
// say where the last seed lands and how many seeds will be there. The numbers grow with the score (level 1:
// up to 5 seeds, level 4: round the board). Untimed, or 20 seconds a question. The server checks each
// answer (the rules core sows the pit); the page only makes the questions. Also the pit rows both boards
// of the lessons page draw.
/** @import * as P from "../../types/protocol" */
// The lessons' calls go through offline-learn.js: answered in the page when the server cannot be reached.
import { learnApi as api } from "./offline-learn.js";
import { t } from "./i18n.js";

const $ = (/** @type {string} */ s) => /** @type {HTMLElement} */ (document.querySelector(s));
const LETTERS = "ABCDEFabcdef";
const SECONDS = 20;

/**
 * Draws one row of `pos` into `box`: South's pits A–F as buttons (pressing one calls `onPress(i)`), North's
 * f…a as labelled boxes. Pits in `marked` (absolute, 0–11) get a dashed frame and say so in words.
 * @param {HTMLElement} box
 * @param {{ pits: number[] }} pos
 * @param {"S" | "N"} side
 * @param {number[]} [marked]
 * @param {(i: number) => void} [onPress]
 */
export function pitRow(box, pos, side, marked = [], onPress) {
  box.textContent = "";
  const order = side === "S" ? [0, 1, 2, 3, 4, 5] : [11, 10, 9, 8, 7, 6];
  for (const p of order) {
    const n = pos.pits[p];
    const mark = marked.includes(p);
    const pit = document.createElement(onPress ? "button" : "div");
    pit.className = `pit-cell${mark ? " pit-marked" : ""}`;
    if (onPress) {
      /** @type {HTMLButtonElement} */ (pit).type = "button";
      pit.addEventListener("click", () => onPress(p));
      pit.dataset.pit = LETTERS[p];
    } else {
      pit.setAttribute("role", "img");
      pit.setAttribute("aria-label", t(mark ? "learn-pit-north-changed" : "learn-pit-north", { pit: LETTERS[p], count: n }));
    }
    // The visible letter and count are the button's name, with the words a screen reader needs around
    // them: the whole sentence in the page's language, its pit and count shown where the sentence puts them.
    const hidden = (/** @type {string} */ text) => {
      const h = document.createElement("span");
      h.className = "sr-only";
      h.textContent = text;
      return h;
    };
    const letter = document.createElement("span");
    letter.className = "pit-letter";
    letter.textContent = LETTERS[p];
    const count = document.createElement("span");
    count.className = "pit-count";
    count.textContent = String(n);
    if (onPress) {
      // The sentence with markers where the letter and the count go (\u0001, \u0002).
      const sentence = t(mark ? "learn-pit-yours-changed" : "learn-pit-yours", { pit: "\u0001", count: n, seeds: "\u0002" });
      for (const part of sentence.split(/(\u0001|\u0002)/)) {
        if (part === "\u0001") pit.append(letter);
        else if (part === "\u0002") pit.append(count);
        else if (part) pit.append(hidden(part));
      }
    } else {
      letter.setAttribute("aria-hidden", "true");
      count.setAttribute("aria-hidden", "true");
      pit.append(letter, count);
    }
    box.append(pit);
  }
}

/** The question's sentence, its pit in bold (`#count-pit`) where the language puts it. */
function showQuestion(/** @type {string} */ pit) {
  const strong = $("#count-pit");
  strong.textContent = pit;
  const [before, ...after] = t("learn-count-question", { pit: "\u0001" }).split("\u0001");
  $("#count-question").replaceChildren(before, strong, after.join(""));
}

let started = false;
let score = 0;
/** @type {{ position: string, pits: number[], pit: string } | null} */
let question = null;
/** @type {ReturnType<typeof setInterval> | null} */
let timer = null;
let left = 0;
let answered = false;

const level = () => Math.min(1 + Math.floor(score / 3), 4);
const rnd = (/** @type {number} */ lo, /** @type {number} */ hi) => lo + Math.floor(Math.random() * (hi - lo + 1));

function newQuestion() {
  const ranges = [[1, 5], [4, 11], [8, 16], [12, 22]];
  const [lo, hi] = ranges[level() - 1];
  const pits = Array.from({ length: 12 }, () => rnd(0, 4));
  const i = rnd(0, 5);
  pits[i] = rnd(lo, hi);
  if (pits.slice(6).every((n) => n === 0)) pits[6 + rnd(0, 5)] = 1;
  // 48 seeds in all (the stores take what the pits leave): take seeds from the other pits, never the
  // question's, while there are too many; North's row keeps one seed.
  const total = () => pits.reduce((a, b) => a + b, 0);
  for (let p = 0; total() > 48; p = (p + 1) % 12) {
    const north = pits.slice(6).reduce((a, b) => a + b, 0);
    if (p !== i && pits[p] > 0 && !(p >= 6 && north === 1)) pits[p]--;
  }
  const rest = 48 - total();
  const south = Math.floor(rest / 2);
  const position = `${pits.join("-")}-${south}-${rest - south}-S`;
  question = { position, pits, pit: LETTERS[i] };
  answered = false;
  showQuestion(question.pit);
  pitRow($("#count-north"), question, "N");
  pitRow($("#count-south"), question, "S", [i]);
  $("#count-level").textContent = String(level());
  $("#count-said").textContent = t("learn-count-has", { pit: question.pit, count: pits[i] });
  /** @type {HTMLInputElement} */ ($("#count-seeds")).value = "";
  startClock();
}

function startClock() {
  if (timer) clearInterval(timer);
  timer = null;
  $("#count-clock").textContent = "";
  if (!/** @type {HTMLInputElement} */ ($("#count-timed")).checked) return;
  left = SECONDS;
  $("#count-clock").textContent = `· ${t("learn-count-left", { count: left })}`;
  timer = setInterval(() => {
    left--;
    $("#count-clock").textContent = `· ${t("learn-count-left", { count: left })}`;
    if (left <= 0) {
      if (timer) clearInterval(timer);
      timer = null;
      check(true);
    }
  }, 1000);
}

async function check(late = false) {
  if (!question || answered) return;
  answered = true;
  if (timer) clearInterval(timer);
  timer = null;
  const landing = /** @type {HTMLSelectElement} */ ($("#count-landing")).value || "A";
  const seeds = Number(/** @type {HTMLInputElement} */ ($("#count-seeds")).value) || 0;
  try {
    const body = /** @type {P.CountReq} */ ({ position: question.position, pit: question.pit, landing, seeds: Math.min(Math.max(seeds, 0), 255) });
    const a = await api.counting(body);
    if (a.correct && !late) score++;
    $("#count-score").textContent = String(score);
    $("#count-said").textContent = `${t(late ? "learn-count-late" : a.correct ? "learn-count-right" : "learn-count-wrong")} ${a.explanation}`;
    $("#count-next").focus();
  } catch (e) {
    // The server could not check this question (it should not happen): a new one, said in words.
    newQuestion();
    $("#count-said").textContent = t("learn-count-cannot-check");
  }
}

/** Opens the trainer (its controls are wired once). */
export function startCounting() {
  if (!started) {
    started = true;
    const select = /** @type {HTMLSelectElement} */ ($("#count-landing"));
    for (const l of LETTERS) {
      const o = document.createElement("option");
      o.value = l;
      o.textContent = t(l <= "F" ? "learn-count-your-pit" : "learn-count-north-pit", { pit: l });
      select.append(o);
    }
    $("#count-form").addEventListener("submit", (e) => { e.preventDefault(); check(); });
    $("#count-next").addEventListener("click", newQuestion);
    $("#count-timed").addEventListener("change", startClock);
  }
  newQuestion();
}
