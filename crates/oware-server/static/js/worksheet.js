// Printable worksheets (worksheet.html, issue 56): counting exercises and puzzles of the shipped set by
// level and theme, made by the server (the boards checked and the answers computed by the rules core), the
// answers on a page of their own when printed. The address keeps the choice (?level=&theme=&sheet=).
/** @import * as P from "../../types/protocol" */
import { request, ApiError } from "./api.js";
import { t } from "./i18n.js";
import { themeName } from "./themes.js";
import { createAccountMenu } from "./account.js";

/** @param {string} sel */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));
/** @param {string} sel */
const input = (sel) => /** @type {HTMLInputElement} */ (document.querySelector(sel));

const LETTERS = "ABCDEFabcdef";

/**
 * A board as a small table: North's pits f…a above, South's A…F below, the stores at the ends when
 * given; the pit `marked` (0–11) framed.
 * @param {number[]} pits
 * @param {number} [marked]
 * @param {number[]} [stores] South's, North's
 * @returns {HTMLTableElement}
 */
function board(pits, marked, stores) {
  const table = document.createElement("table");
  table.className = "ws-board";
  const caption = table.createCaption();
  caption.className = "sr-only";
  caption.textContent = t("classes-s-ws-board");
  for (const order of [[11, 10, 9, 8, 7, 6], [0, 1, 2, 3, 4, 5]]) {
    const tr = table.insertRow();
    for (const p of order) {
      const td = tr.insertCell();
      td.className = p === marked ? "ws-pit ws-marked" : "ws-pit";
      const letter = document.createElement("span");
      letter.className = "ws-letter";
      letter.textContent = LETTERS[p];
      td.append(letter, String(pits[p]));
    }
  }
  if (stores) {
    const p = document.createElement("caption");
    p.className = "ws-stores";
    p.textContent = t("classes-s-ws-stores", { south: stores[0], north: stores[1] });
    table.append(p);
  }
  return table;
}

/** Shows sheet `w` and its answers. @param {P.Worksheet} w */
function show(w) {
  const counting = $("#ws-counting");
  const puzzles = $("#ws-puzzles");
  const answersC = $("#ws-answers-counting");
  const answersP = $("#ws-answers-puzzles");
  for (const box of [counting, puzzles, answersC, answersP]) box.textContent = "";
  w.counting.forEach((e, i) => {
    const li = document.createElement("li");
    const pit = LETTERS.indexOf(e.pit);
    const task = document.createElement("p");
    task.textContent = t("classes-s-ws-pit", { pit: e.pit });
    li.append(board(e.pits, pit), task);
    counting.append(li);
    const a = document.createElement("li");
    a.textContent = t("classes-s-ws-answer-count", { number: i + 1, pit: e.pit, landing: e.landing, seeds: e.seeds });
    answersC.append(a);
  });
  w.puzzles.forEach((p, i) => {
    const li = document.createElement("li");
    const task = document.createElement("p");
    task.textContent = `${t(p.solver === "S" ? "classes-s-ws-south-plays" : "classes-s-ws-north-plays")} · ${p.themes.map(themeName).join(", ")}`;
    li.append(board(p.pits, undefined, p.stores), task);
    puzzles.append(li);
    const a = document.createElement("li");
    a.textContent = t("classes-s-ws-answer-puzzle", { number: w.counting.length + i + 1, line: p.line });
    answersP.append(a);
  });
  puzzles.setAttribute("start", String(w.counting.length + 1));
  $("#ws-page").hidden = false;
  $("#ws-answers").hidden = false;
}

/** Asks the server for the sheet the form names, and keeps the choice in the address. */
async function make() {
  const q = new URLSearchParams();
  q.set("level", input("#ws-level").value);
  const theme = input("#ws-theme").value;
  if (theme) q.set("theme", theme);
  q.set("sheet", input("#ws-sheet").value || "1");
  history.replaceState(null, "", `/worksheets?${q}`);
  $("#ws-error").textContent = "";
  try {
    show(/** @type {P.Worksheet} */ (await request("GET", `/api/worksheet?${q}`)));
  } catch (e) {
    $("#ws-error").textContent = e instanceof ApiError ? e.message : String(e);
  }
}

async function start() {
  const themes = /** @type {P.PuzzleThemes} */ (await request("GET", "/api/puzzle/themes"));
  const select = $("#ws-theme");
  for (const th of themes.themes) {
    const o = document.createElement("option");
    o.value = th.name;
    o.textContent = themeName(th.name);
    select.append(o);
  }
  const q = new URLSearchParams(location.search);
  if (q.get("level")) input("#ws-level").value = q.get("level") || "1";
  if (q.get("theme")) input("#ws-theme").value = q.get("theme") || "";
  if (q.get("sheet")) input("#ws-sheet").value = q.get("sheet") || "1";
  $("#ws-form").addEventListener("submit", (ev) => { ev.preventDefault(); make(); });
  $("#ws-print").addEventListener("click", () => window.print());
  await make();
}

createAccountMenu();
start().catch((e) => { $("#ws-error").textContent = String(e); });
