// The lessons page (/learn, issue 41): the list of lessons with the stars earned, a lesson's steps played
// on a board of pit buttons (keys 1–6, a live region that says what each move did), and the counting
// trainer (counting.js). Every move is checked by the server (the rules core); the page knows no rule.
// Stars: 3 for a step solved at the first try without the hint, 2 at the second try or with the hint,
// 1 later. A guest's stars stay in this browser (learnstore.js); an account's are also sent to the
// server, and a guest's stars are sent there once they sign up or log in.
/** @import * as P from "../../types/protocol" */
// The lessons' calls go through offline-learn.js: answered in the page when the server cannot be reached.
import { learnApi as api } from "./offline-learn.js";
import { createAccountMenu } from "./account.js";
import { loadProgress, saveProgress } from "./learnstore.js";
import { startCounting, lessonBoard } from "./counting.js";
import { LETTERS, pitKey, typingIn } from "./board.js";
import { t } from "./i18n.js";

const $ = (/** @type {string} */ s) => /** @type {HTMLElement} */ (document.querySelector(s));

let progress = loadProgress();
/** @type {P.LessonList | null} */
let list = null;
let account = false;

/** @type {{ lesson: P.LessonView, index: number, moves: string[], tries: number, hinted: boolean, busy: boolean, done: boolean, met: boolean } | null} */
let current = null;

/** An error's message. @param {unknown} e */
const errorText = (e) => (e instanceof Error ? e.message : String(e));
const starText = (/** @type {number} */ n) => `${"★".repeat(n)}${"☆".repeat(3 - n)}`;
const starsOf = (/** @type {string} */ id, /** @type {number} */ step) => progress.stars[`${id}/${step}`] || 0;

/** Sends `entries` to the account (when logged in): each step's stars with the moves that solved it,
 * which the server plays again; it keeps the higher count.
 * @param {P.StepSolved[]} entries */
async function sendStars(entries) {
  if (!account || entries.length === 0) return;
  try {
    const r = await api.learnProgress({ stars: entries });
    mergeServer(/** @type {P.ProgressAnswer} */ (r).stars);
    $("#learn-saved").textContent = t("learn-saved-account");
  } catch (e) {
    $("#learn-saved").textContent = t("learn-saved-browser", { error: errorText(e) });
  }
}

/** @param {P.StepStars[]} stars */
function mergeServer(stars) {
  for (const s of stars) {
    const k = `${s.lesson}/${s.step}`;
    progress.stars[k] = Math.max(progress.stars[k] || 0, s.stars);
  }
  saveProgress(progress);
}

/** The browser's stars that have their solving moves (older ones without stay in the browser only). */
function localEntries() {
  return Object.entries(progress.stars).filter(([k]) => progress.moves[k]).map(([k, stars]) => {
    const [lesson, step] = k.split("/");
    return /** @type {P.StepSolved} */ ({ lesson, step: Number(step), stars, moves: progress.moves[k] });
  });
}

async function loadList() {
  list = await api.getLearn();
  account = list.account;
  if (account) {
    mergeServer(list.stars);
    await sendStars(localEntries());
  }
}

function renderList() {
  if (!list) return;
  const ol = $("#lesson-list");
  ol.textContent = "";
  for (const l of list.lessons) {
    let got = 0, done = 0;
    for (let i = 1; i <= l.steps; i++) { const s = starsOf(l.id, i); got += s; if (s) done++; }
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.className = "lesson-link";
    a.href = `#lesson/${l.id}/1`;
    a.dataset.lesson = l.id;
    const title = document.createElement("strong");
    title.textContent = l.title;
    const intro = document.createElement("span");
    intro.className = "lesson-intro";
    intro.textContent = l.intro;
    const stars = document.createElement("span");
    stars.className = "lesson-stars";
    const complete = done === l.steps;
    stars.textContent = t(complete ? "learn-list-done" : "learn-list-stars", { count: got, total: 3 * l.steps });
    if (complete) a.classList.add("lesson-done");
    a.append(title, intro, stars);
    li.append(a);
    ol.append(li);
  }
  const cont = /** @type {HTMLAnchorElement} */ ($("#learn-continue"));
  cont.hidden = !progress.last;
  if (progress.last) cont.href = `#lesson/${progress.last}`;
}

/** The step's board: North's row f…a on top, yours A…F below (their presses play). */
const board = lessonBoard($("#learn-board"), (p) => play(LETTERS[p]));

function showStep() {
  if (!current) return;
  const { lesson, index } = current;
  const step = lesson.steps[index];
  $("#lesson-title").textContent = lesson.title;
  $("#step-title").textContent = t("learn-step-title", { step: index + 1, steps: lesson.steps.length, title: step.title });
  $("#step-text").textContent = step.text;
  $("#step-task").textContent = step.task;
  $("#step-said").textContent = "";
  more("");
  $("#step-hint").hidden = true;
  $("#step-hint").textContent = t("learn-hint-said", { hint: step.hint });
  $("#btn-agree").hidden = !step.agree;
  $("#btn-retry").hidden = true;
  $("#btn-next").hidden = true;
  current.moves = [];
  current.tries = 0;
  current.hinted = false;
  current.done = false;
  current.met = false;
  $("#learn-board").dataset.moves = "0";
  board.draw(step.position);
  progress.last = `${lesson.id}/${index + 1}`;
  saveProgress(progress);
}

function retry() {
  if (!current) return;
  const step = current.lesson.steps[current.index];
  current.moves = [];
  current.done = false;
  $("#learn-board").dataset.moves = "0";
  $("#btn-retry").hidden = true;
  board.draw(step.position);
  more("");
  $("#step-said").textContent = t("learn-step-again", { task: step.task });
}

/** The whole explanation under "More" (hidden when there is nothing more than the first reading). */
function more(/** @type {string} */ text) {
  $("#step-more-text").textContent = text;
  $("#step-more").hidden = !text;
  /** @type {HTMLDetailsElement} */ ($("#step-more")).open = false;
}

/** Brings what was just said, and the button after it, into view (a phone's screen is short). */
function reveal() {
  $("#step-said").scrollIntoView({ block: "nearest" });
  const button = [$("#btn-next"), $("#btn-retry")].find((b) => !b.hidden);
  if (button) {
    button.scrollIntoView({ block: "nearest" });
    button.focus({ preventScroll: true });
  }
}

/** Plays `move` (a pit letter or "agree") in the current step. A tap after a missed try starts the
 * step again with that move; a tap after the step is done says how to go on. */
async function play(/** @type {string} */ move) {
  if (!current || current.busy) return;
  if (current.done && current.met) {
    $("#step-said").textContent = t("learn-tap-done", { next: $("#btn-next").textContent || "" });
    reveal();
    return;
  }
  if (current.done) retry();
  const { lesson, index } = current;
  current.busy = true;
  const moves = [...current.moves, move];
  try {
    const a = await api.learnMove(lesson.id, String(index + 1), { moves, hint: current.hinted });
    let said = a.summary;
    more(a.explanation === a.summary ? "" : a.explanation);
    if (a.illegal) {
      // Not counted: the same position, the same moves, no try lost.
      $("#step-said").textContent = said;
      reveal();
      return;
    }
    current.moves = moves;
    $("#learn-board").dataset.moves = String(moves.length); // how many moves count (for the tests)
    const last = a.played[a.played.length - 1];
    board.draw(a.position, last ? [...last.captured_pits, last.sown[last.sown.length - 1]] : []);
    if (a.over) {
      current.tries++;
      current.done = true;
      current.met = a.met;
      if (a.met) {
        const stars = current.tries === 1 && !current.hinted ? 3 : current.tries <= 2 ? 2 : 1;
        const k = `${lesson.id}/${index + 1}`;
        progress.stars[k] = Math.max(progress.stars[k] || 0, stars);
        progress.moves[k] = moves;
        saveProgress(progress);
        sendStars([{ lesson: lesson.id, step: index + 1, stars, moves }]);
        said += " " + t("learn-step-done", { count: stars, stars: starText(stars) });
        const lastStep = index + 1 === lesson.steps.length;
        const next = /** @type {HTMLButtonElement} */ ($("#btn-next"));
        next.textContent = t(lastStep ? (nextLesson() ? "learn-next-lesson" : "learn-back") : "learn-next-step");
        next.hidden = false;
      } else {
        $("#btn-retry").hidden = false;
      }
    }
    $("#step-said").textContent = said;
    reveal();
  } catch (e) {
    $("#step-said").textContent = errorText(e);
  } finally {
    current.busy = false;
  }
}

function nextLesson() {
  if (!list || !current) return null;
  const lesson = current.lesson;
  const i = list.lessons.findIndex((l) => l.id === lesson.id);
  return list.lessons[i + 1] || null;
}

function next() {
  if (!current) return;
  if (current.index + 1 < current.lesson.steps.length) {
    location.hash = `#lesson/${current.lesson.id}/${current.index + 2}`;
    return;
  }
  const n = nextLesson();
  location.hash = n ? `#lesson/${n.id}/1` : "#";
}

function show(/** @type {string} */ which) {
  for (const id of ["learn-home", "learn-lesson", "learn-count"]) $(`#${id}`).hidden = id !== which;
}

/** Shows what the address names: a lesson's step, the counting trainer, or the list. */
async function route() {
  const m = /^#lesson\/([a-z0-9-]+)(?:\/(\d+))?$/.exec(location.hash);
  if (m) {
    try {
      const lesson = current && current.lesson.id === m[1] ? current.lesson
        : await api.getLearnByLesson(m[1]);
      const index = Math.min(Math.max(Number(m[2] || 1), 1), lesson.steps.length) - 1;
      current = { lesson, index, moves: [], tries: 0, hinted: false, busy: false, done: false, met: false };
      show("learn-lesson");
      showStep();
      $("#step-title").focus();
      return;
    } catch (e) {
      $("#learn-saved").textContent = errorText(e);
    }
  }
  current = null;
  if (location.hash === "#count") {
    show("learn-count");
    startCounting();
    return;
  }
  show("learn-home");
  renderList();
}

function keys(/** @type {KeyboardEvent} */ e) {
  if (!current || e.ctrlKey || e.metaKey || e.altKey || typingIn(e)) return;
  const n = pitKey(e);
  if (n) {
    e.preventDefault();
    play(LETTERS[n - 1]);
  } else if (e.key === "h" || e.key === "H") {
    $("#btn-hint").click();
  } else if ((e.key === "r" || e.key === "R") && current.done) {
    retry();
  }
}

async function start() {
  $("#step-title").tabIndex = -1;
  $("#btn-hint").addEventListener("click", () => {
    if (!current) return;
    current.hinted = true;
    // Said once, in its own paragraph (a live region): not again in the answer's box.
    $("#step-hint").hidden = false;
  });
  $("#btn-retry").addEventListener("click", retry);
  $("#btn-next").addEventListener("click", next);
  $("#btn-agree").addEventListener("click", () => play("agree"));
  document.addEventListener("keydown", keys);
  window.addEventListener("hashchange", route);
  createAccountMenu({
    onChange: async (name) => {
      if (!list) return; // the list's answer says whether this is an account
      if (name && !account) {
        account = true;
        await sendStars(localEntries());
      } else if (!name) {
        account = false;
      }
      if (!current) renderList();
    },
  });
  try {
    await loadList();
  } catch (e) {
    $("#learn-saved").textContent = errorText(e);
    return;
  }
  await route();
}

start();
