// The counting trainer (/learn#count, issue 41): a pit of your row to sow on a board of small numbers;
// say where the last seed lands and how many seeds will be there. The numbers grow with the score (level 1:
// up to 5 seeds, level 4: round the board). Untimed, or 20 seconds a question. The server checks each
// answer (the rules core sows the pit); the page only makes the questions. Also the lessons page's board
// (the board component with the lessons' words).
/** @import * as P from "../../types/protocol" */
// The lessons' calls go through offline-learn.js: answered in the page when the server cannot be reached.
import { learnApi as api } from "./offline-learn.js";
import { t } from "./i18n.js";
import { createBoard, LETTERS } from "./board.js";

const $ = (/** @type {string} */ s) => /** @type {HTMLElement} */ (document.querySelector(s));
const SECONDS = 20;

/**
 * A board of the lessons page (a lesson's step, the counting trainer): the board component with the
 * lessons' words, your row (South) at the bottom. `draw(pos, marked)` frames the pits in `marked`
 * (absolute, 0–11) and says so in their names; `onPit` is told of a press on your row's pits, North's
 * being only looked at.
 * @param {HTMLElement} host
 * @param {(p: number) => void} [onPit] (none: the board is only looked at)
 */
export function lessonBoard(host, onPit) {
  /** @type {number[]} */
  let marked = [];
  const view = createBoard(host, {
    interactive: !!onPit,
    onPit: (p) => { if (p < 6 && onPit) onPit(p); },
    pitLabel: (p, n) => {
      const mark = marked.includes(p);
      return p < 6
        ? t(mark ? "learn-pit-yours-changed" : "learn-pit-yours", { pit: LETTERS[p], count: n, seeds: String(n) })
        : t(mark ? "learn-pit-north-changed" : "learn-pit-north", { pit: LETTERS[p], count: n });
    },
    storeLabel: (side, n) => t(side === "S" ? "learn-store-south" : "learn-store-north", { count: n }),
  });
  const inactive = [6, 7, 8, 9, 10, 11];
  return {
    /**
     * @param {{ pits: number[], stores: { S: number, N: number } }} pos
     * @param {number[]} [marks]
     */
    draw(pos, marks = []) {
      marked = marks;
      view.draw({ pits: pos.pits, stores: pos.stores, turn: "S" }, { marked: marks, ...(onPit ? { inactive } : {}) });
    },
  };
}

/** The question's sentence, its pit in bold (`#count-pit`) where the language puts it. */
function showQuestion(/** @type {string} */ pit) {
  const strong = $("#count-pit");
  strong.textContent = pit;
  const [before, ...after] = t("learn-count-question", { pit: "\u0001" }).split("\u0001");
  $("#count-question").replaceChildren(before, strong, after.join(""));
}

let started = false;
/** @type {ReturnType<typeof lessonBoard> | null} */
let board = null;
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
  if (!board) board = lessonBoard($("#count-board"));
  board.draw({ pits, stores: { S: south, N: rest - south } }, [i]);
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
