// The classes' page (class.html, issue 56), chosen by the address and the account:
//   /class       a teacher's classes and a form to make one; a pupil's class and work
//   /class/ID    one class: add pupils (their log-ins shown once, printable as cards), give work,
//                each pupil's progress (a table, and a CSV file), open a pupil's account, a new
//                password, the class arena, delete the class
// Everything shown comes from the JSON API and goes in as text (textContent), never as HTML.
/** @import * as P from "../../types/protocol" */
import { request, ApiError } from "./api.js";
import { t, lang } from "./i18n.js";
import { themeName } from "./themes.js";
import { createAccountMenu } from "./account.js";

/** @param {string} sel */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

/**
 * A new element with `text`.
 * @param {string} tag
 * @param {string} [text]
 * @param {string} [cls]
 * @returns {HTMLElement}
 */
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

/** The kinds of work and their names. @type {Record<string, string>} */
const KIND_IDS = { lesson: "classes-s-kind-lesson", counting: "classes-s-kind-counting", puzzles: "classes-s-kind-puzzles" };

/** The lessons' titles in the page's language, by id. @type {Map<string, string>} */
const lessonTitles = new Map();

const DATE = new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric" });
/** @param {string} day `YYYY-MM-DD` */
const dayText = (day) => DATE.format(new Date(`${day}T12:00:00Z`));
/** @param {number} ms */
const whenText = (ms) => DATE.format(new Date(ms));
/** Time spent, in whole minutes (rounded to the nearest). @param {number} ms */
const minutesText = (ms) => t("classes-s-minutes", { count: Math.round(ms / 60000) });

/** A piece of work in words: "Lesson: Sowing", "Counting: Level 2", "Puzzles: capture chain". @param {P.WorkView} w */
function workText(w) {
  const what = w.kind === "lesson" ? lessonTitles.get(w.target) || w.target
    : w.kind === "counting" ? t("classes-s-level", { level: Number(w.target) })
      : themeName(w.target);
  return `${t(KIND_IDS[w.kind] || w.kind)}: ${what}`;
}

/** Where a pupil does a piece of work. @param {P.WorkView} w */
function workHref(w) {
  if (w.kind === "lesson") return `/learn#lesson/${encodeURIComponent(w.target)}/1`;
  if (w.kind === "counting") return "/learn#count";
  return "/training";
}

/** @param {string} text */
function say(text) { $("#cl-status").textContent = text; }
/** @param {unknown} e */
function fail(e) { $("#cl-error").textContent = e instanceof ApiError ? e.message : String(e); }
function clearError() { $("#cl-error").textContent = ""; }

/** @param {string} id */
const classPath = (id) => `/api/classes/${encodeURIComponent(id)}`;

/** The class in the address, if any. */
function classInAddress() {
  const m = /^\/class\/([0-9a-f]{1,64})$/.exec(location.pathname);
  return m ? m[1] : null;
}

/** Shows one of the page's sections. @param {string} id */
function show(id) {
  for (const s of ["#cl-guest", "#cl-pupil", "#cl-list", "#cl-class"]) $(s).hidden = s !== id;
}

/** A pupil's class and their work, each with a link to do it. @param {P.PupilClass} c */
function showPupil(c) {
  show("#cl-pupil");
  $("#cl-pupil-class").textContent = `${c.name} · ${t("classes-s-teacher", { name: c.teacher })}`;
  $("#cl-pupil-safe").hidden = c.open;
  const list = $("#cl-pupil-work");
  list.textContent = "";
  if (!c.work.length) list.append(el("li", t("classes-s-no-work")));
  for (const p of c.work) {
    const li = el("li", undefined, p.done ? "cl-done" : "cl-todo");
    const a = /** @type {HTMLAnchorElement} */ (el("a", workText(p.work)));
    a.href = workHref(p.work);
    li.append(a, ` · ${t("classes-s-due", { date: dayText(p.work.due) })} · ${p.done ? t("classes-s-done") : t("classes-s-todo")} (${t("classes-s-score", { score: p.score, of: p.of })})`);
    list.append(li);
  }
}

/** A teacher's classes. @param {P.ClassList} list */
function showList(list) {
  show("#cl-list");
  const ul = $("#cl-classes");
  ul.textContent = "";
  $("#cl-none").hidden = list.classes.length > 0;
  for (const c of list.classes) {
    const li = el("li");
    const a = /** @type {HTMLAnchorElement} */ (el("a", c.name));
    a.href = `/class/${encodeURIComponent(c.id)}`;
    li.append(a, ` · ${t("classes-s-pupils", { count: c.pupils })}`);
    ul.append(li);
  }
}

/** The log-in cards of `logins` (printable: one card per pupil). @param {P.PupilLogins} logins */
function showCards(logins) {
  const box = $("#cl-cards");
  box.textContent = "";
  for (const l of logins.logins) {
    const card = el("div", undefined, "cl-card");
    card.append(el("p", l.name, "cl-card-name"), el("p", logins.class, "cl-card-class"));
    const dl = el("dl");
    dl.append(el("dt", t("classes-s-card-user")), el("dd", l.username, "cl-login-user"));
    dl.append(el("dt", t("classes-s-card-password")), el("dd", l.password, "cl-login-password"));
    card.append(dl, el("p", t("classes-s-card-site", { site: location.host }), "cl-card-site"));
    box.append(card);
  }
  $("#cl-sheet").hidden = false;
}

/** The target choices of the kind of work chosen. */
async function fillTargets() {
  const kind = /** @type {HTMLSelectElement} */ ($("#cl-kind")).value;
  const sel = /** @type {HTMLSelectElement} */ ($("#cl-target"));
  sel.textContent = "";
  /** @type {[string, string][]} */
  let options = [];
  if (kind === "lesson") options = [...lessonTitles.entries()];
  else if (kind === "counting") options = ["1", "2", "3", "4"].map((n) => [n, t("classes-s-level", { level: Number(n) })]);
  else {
    const themes = /** @type {P.PuzzleThemes} */ (await request("GET", "/api/puzzle/themes"));
    options = themes.themes.map((th) => [th.name, themeName(th.name)]);
  }
  for (const [value, text] of options) {
    const o = /** @type {HTMLOptionElement} */ (el("option", text));
    o.value = value;
    sel.append(o);
  }
}

/** One class with its pupils' progress. @param {P.ClassView} c */
function showClass(c) {
  show("#cl-class");
  $("#cl-class-h").textContent = `${c.name} · ${t("classes-s-pupils", { count: c.pupils.length })}`;
  /** @type {HTMLAnchorElement} */ ($("#cl-csv")).href = `${classPath(c.id)}/progress.csv`;
  const arena = $("#cl-arena-link");
  arena.textContent = "";
  if (c.arena) arenaLink(c.arena);
  const table = /** @type {HTMLTableElement} */ ($("#cl-progress"));
  table.textContent = "";
  const head = table.createTHead().insertRow();
  const th = (/** @type {string} */ text) => { const h = el("th", text); h.setAttribute("scope", "col"); head.append(h); return h; };
  th(t("classes-s-col-pupil"));
  for (const w of c.work) {
    const h = th(workText(w));
    h.append(el("br"), el("span", t("classes-s-due", { date: dayText(w.due) }), "cl-due"));
    const remove = el("button", t("classes-s-remove-work"), "btn btn-small");
    remove.addEventListener("click", () => act("DELETE", `${classPath(c.id)}/work/${encodeURIComponent(w.id)}`));
    h.append(el("br"), remove);
  }
  th(t("classes-s-col-stars"));
  th(t("classes-s-col-puzzles"));
  th(t("classes-s-col-last"));
  th(t("classes-s-col-time"));
  th(t("classes-s-col-account"));
  const body = table.createTBody();
  for (const p of c.pupils) {
    const tr = body.insertRow();
    tr.dataset.pupil = p.username;
    const name = el("th", `${p.name} (${p.username})`);
    name.setAttribute("scope", "row");
    tr.append(name);
    for (const w of p.work) {
      const td = tr.insertCell();
      td.className = w.done ? "cl-done" : "cl-todo";
      td.textContent = `${w.done ? "✓ " : ""}${t("classes-s-score", { score: w.score, of: w.of })}`;
      if (w.spent_ms) td.append(el("br"), el("span", minutesText(w.spent_ms), "cl-due"));
      if (w.last_ms) td.title = whenText(w.last_ms);
    }
    tr.insertCell().textContent = String(p.stars);
    tr.insertCell().textContent = String(p.puzzles_solved);
    tr.insertCell().textContent = p.last_ms ? whenText(p.last_ms) : t("classes-s-never");
    tr.insertCell().textContent = minutesText(p.spent_ms);
    const account = tr.insertCell();
    const label = el("label");
    const box = /** @type {HTMLInputElement} */ (el("input"));
    box.type = "checkbox";
    box.checked = p.open;
    box.addEventListener("change", () => act("POST", `${classPath(c.id)}/pupils/${encodeURIComponent(p.username)}/open`, { open: box.checked }));
    label.append(box, ` ${t("classes-s-open")}`);
    const reset = el("button", t("classes-s-reset"), "btn btn-small");
    reset.addEventListener("click", async () => {
      clearError();
      try {
        showCards(/** @type {P.PupilLogins} */ (await request("POST", `${classPath(c.id)}/pupils/${encodeURIComponent(p.username)}/password`)));
      } catch (e) { fail(e); }
    });
    account.append(label, " ", reset);
  }
}

/** The link to the class's arena. @param {string} id */
function arenaLink(id) {
  const box = $("#cl-arena-link");
  box.textContent = "";
  const a = /** @type {HTMLAnchorElement} */ (el("a", t("classes-s-go")));
  a.href = `/tournament/${encodeURIComponent(id)}`;
  const [before, after] = t("classes-s-arena-made", { link: "\u0001" }).split("\u0001");
  box.append(before || "", a, after || "");
}

/**
 * Sends a change of the class shown and shows it again.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 */
async function act(method, path, body) {
  clearError();
  try {
    await request(method, path, { body });
    await load();
  } catch (e) { fail(e); }
}

/** Shows what the address and the account ask for. */
async function load() {
  const id = classInAddress();
  try {
    if (id) showClass(/** @type {P.ClassView} */ (await request("GET", classPath(id))));
    else {
      const list = /** @type {P.ClassList} */ (await request("GET", "/api/classes"));
      if (list.pupil_of) showPupil(list.pupil_of);
      else showList(list);
    }
    say("");
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) { show("#cl-guest"); say(""); } else fail(e);
  }
}

async function start() {
  const lessons = /** @type {P.LessonList} */ (await request("GET", "/api/learn"));
  for (const l of lessons.lessons) lessonTitles.set(l.id, l.title);
  const kinds = /** @type {HTMLSelectElement} */ ($("#cl-kind"));
  for (const k of ["lesson", "counting", "puzzles"]) {
    const o = /** @type {HTMLOptionElement} */ (el("option", t(KIND_IDS[k])));
    o.value = k;
    kinds.append(o);
  }
  kinds.addEventListener("change", () => { fillTargets().catch(fail); });
  await fillTargets();
  // Due in a week by default.
  /** @type {HTMLInputElement} */ ($("#cl-due")).value = new Date(Date.now() + 7 * 86400000).toISOString().slice(0, 10);

  $("#cl-new").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearError();
    const input = /** @type {HTMLInputElement} */ ($("#cl-new-name"));
    try {
      const c = /** @type {P.ClassSummary} */ (await request("POST", "/api/classes", { body: /** @type {P.NewClassReq} */ ({ name: input.value }) }));
      location.assign(`/class/${encodeURIComponent(c.id)}`);
    } catch (e) { fail(e); }
  });
  $("#cl-add").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearError();
    const id = classInAddress();
    const area = /** @type {HTMLTextAreaElement} */ ($("#cl-add-names"));
    const names = area.value.split("\n").map((n) => n.trim()).filter((n) => n);
    if (!id) return;
    try {
      const logins = /** @type {P.PupilLogins} */ (await request("POST", `${classPath(id)}/pupils`, { body: /** @type {P.NewPupilsReq} */ ({ names }) }));
      area.value = "";
      showCards(logins);
      await load();
    } catch (e) { fail(e); }
  });
  $("#cl-assign").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const id = classInAddress();
    if (!id) return;
    /** @type {P.NewWorkReq} */
    const body = {
      kind: /** @type {HTMLSelectElement} */ ($("#cl-kind")).value,
      target: /** @type {HTMLSelectElement} */ ($("#cl-target")).value,
      due: /** @type {HTMLInputElement} */ ($("#cl-due")).value,
    };
    await act("POST", `${classPath(id)}/work`, body);
  });
  $("#cl-print").addEventListener("click", () => {
    // Only the cards are printed (style.css, `body.cl-printing`).
    document.body.classList.add("cl-printing");
    window.print();
    document.body.classList.remove("cl-printing");
  });
  $("#cl-arena").addEventListener("click", async () => {
    const id = classInAddress();
    if (!id) return;
    clearError();
    try {
      const view = /** @type {P.TournamentView} */ (await request("POST", `${classPath(id)}/arena`));
      arenaLink(view.id);
    } catch (e) { fail(e); }
  });
  $("#cl-delete").addEventListener("click", async () => {
    const id = classInAddress();
    if (!id || !window.confirm(t("classes-s-confirm-delete"))) return;
    clearError();
    try {
      await request("DELETE", classPath(id));
      location.assign("/class");
    } catch (e) { fail(e); }
  });
  await load();
}

createAccountMenu({ onChange: () => { load(); } });
start().catch(fail);
