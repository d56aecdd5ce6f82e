// The players' pages (player.html), chosen by the address:
//   /@/NAME            a profile: ratings per category, the rating history drawn as an SVG graph, wins, draws and
//                      losses, the games (newest first, 20 a page, filtered by category and result), each linking
//                      to its replay (where the review is one button away)
//   /player            the leaderboards, one table per category
//   /account/reset     the operator's one-time link (?token=…): a form that sets a new password
// Everything shown comes from the JSON API and goes in as text (textContent), never as HTML.
import * as api from "./api.gen.js";
import { $, el, row } from "./dom.js";
import { setUpGameSearch } from "./gamesearch.js";
import { t, lang } from "./i18n.js";
import { botMark, challengeButton } from "./challenge.js";
import {
  createAccountMenu, getUser, getRatingHistory, getUserGames, getLeaderboards, resetPassword, userOgnUrl,
  CATEGORIES, ratingText, diffText, profileUrl,
} from "./account.js";
import { errorText } from "./request.js";
/** @import * as P from "../../types/protocol" */

const SVG = "http://www.w3.org/2000/svg";
const PAGE_SIZE = 20;
/** @type {Record<string, string>} */
const RESULT = { win: t("people-result-win"), draw: t("people-result-draw"), loss: t("people-result-loss") };
// The games' filters: [value, label], after "All".
/** @type {Record<string, [string, string][]>} */
const FILTERS = {
  "#filter-category": CATEGORIES,
  "#filter-result": [["win", t("people-filter-wins")], ["draw", t("people-filter-draws")], ["loss", t("people-filter-losses")]],
};
/** @type {Record<string, string>} */
const SIDE = { S: t("people-side-south"), N: t("people-side-north") };
const CATEGORY = Object.fromEntries(CATEGORIES);
// One colour per category in the graph (the page's accent, the wood, a blue).
/** @type {Record<string, string>} */
const COLOUR = { blitz: "#1f6f5c", rapid: "#9a6434", correspondence: "#3a5b8c" };

const status = $("#people-status");
const say = (/** @type {string} */ text) => { status.textContent = text || ""; status.hidden = !text; };

// Dates and times in the page's language: "1 déc. 2026, 18:35".
const DATE_TIME = new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
const DATE = new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric" });
/**
 * The lessons an account completed, by their titles in the page's language (the list of
 * `/api/learn` gives them), joined as the language joins a list; their ids if it cannot be read.
 * @param {string[]} ids
 */
async function showLessons(ids) {
  const out = $("#profile-lessons");
  if (!ids.length) {
    out.textContent = t("people-lessons-none");
    return;
  }
  let titles = ids;
  try {
    const list = await api.getLearn();
    const byId = new Map(list.lessons.map((l) => [l.id, l.title]));
    titles = ids.map((id) => byId.get(id) || id);
  } catch {
    // The ids, then.
  }
  const joined = new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(titles);
  out.textContent = t("people-lessons", { count: ids.length, list: joined });
}

/** A date and time. @param {number} ms */
const when = (ms) => DATE_TIME.format(new Date(ms));
/** A day. @param {number} ms */
const day = (ms) => DATE.format(new Date(ms));

/** A rating change as an element coloured by its sign. @param {number} d */
function diffEl(d) {
  return el("span", diffText(d), `rating-diff ${d > 0 ? "up" : d < 0 ? "down" : ""}`);
}

// ----- The rating history graph -----

/** An SVG element. @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * Draws `history` ({category: [[ms, rating], ...]}) into `box` as an SVG line per category.
 * @param {HTMLElement} box @param {P.RatingHistory | null} history
 */
function drawHistory(box, history) {
  box.textContent = "";
  const series = CATEGORIES.map(([c]) => /** @type {[string, [number, number][]]} */ ([c, (history && history[c]) || []])).filter(([, pts]) => pts.length);
  if (!series.length) {
    box.append(el("p", t("people-graph-empty"), "people-note"));
    return;
  }
  const all = series.flatMap(([, pts]) => pts);
  let t0 = Math.min(...all.map((p) => p[0])), t1 = Math.max(...all.map((p) => p[0]));
  let r0 = Math.min(...all.map((p) => p[1])), r1 = Math.max(...all.map((p) => p[1]));
  if (t1 === t0) { t0 -= 1; t1 += 1; }
  // Some room above and below, and whole fifties on the axis.
  r0 = Math.floor((r0 - 10) / 50) * 50;
  r1 = Math.ceil((r1 + 10) / 50) * 50;
  const W = 640, H = 220, L = 48, R = 12, T = 12, B = 28;
  const x = (/** @type {number} */ t) => L + ((t - t0) / (t1 - t0)) * (W - L - R);
  const y = (/** @type {number} */ r) => T + (1 - (r - r0) / (r1 - r0)) * (H - T - B);
  const g = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-svg", "aria-hidden": "true" });
  for (const r of [r0, (r0 + r1) / 2, r1]) {
    g.append(svg("line", { x1: L, x2: W - R, y1: y(r), y2: y(r), class: "grid" }));
    g.append(svg("text", { x: L - 6, y: y(r) + 4, "text-anchor": "end", class: "axis" }, String(Math.round(r))));
  }
  g.append(svg("text", { x: L, y: H - 8, class: "axis" }, day(t0 < 0 ? 0 : t0)));
  g.append(svg("text", { x: W - R, y: H - 8, "text-anchor": "end", class: "axis" }, day(t1)));
  for (const [c, pts] of series) {
    const points = pts.map(([t, r]) => `${x(t).toFixed(1)},${y(r).toFixed(1)}`).join(" ");
    g.append(svg("polyline", { points, fill: "none", stroke: COLOUR[c], "stroke-width": 2, "data-category": c }));
    const [lt, lr] = pts[pts.length - 1];
    g.append(svg("circle", { cx: x(lt), cy: y(lr), r: 3.5, fill: COLOUR[c] }));
  }
  box.append(g);
  const legend = el("ul", undefined, "graph-legend");
  for (const [c, pts] of series) {
    const li = el("li");
    const key = el("span", undefined, `key key-${c}`);
    li.append(key, t("people-graph-legend", { category: CATEGORY[c], count: pts.length, rating: Math.round(pts[pts.length - 1][1]) }));
    legend.append(li);
  }
  box.append(legend);
  const described = series.map(([c, pts]) => t("people-graph-series", { category: CATEGORY[c], from: Math.round(pts[0][1]), to: Math.round(pts[pts.length - 1][1]) }));
  box.setAttribute("aria-label", t("people-graph-label", { series: described.join("; ") }));
}

// ----- /@/NAME -----

/** The player's puzzles (issue 40): their puzzle rating and the newest 20 puzzles played. @param {string} name */
async function showPuzzles(name) {
  const note = $("#profile-puzzles"), body = $("#profile-puzzle-rounds tbody");
  try {
    /** @type {import("../../types/protocol").PuzzleHistory} */
    const h = await api.puzzleHistory({ user: name });
    const counts = { solved: h.solved, failed: h.failed };
    note.textContent = h.rating
      ? t("people-puzzles-rated", { ...counts, rating: `${Math.round(h.rating.rating)}${h.rating.deviation > 110 ? "?" : ""}` })
      : t("people-puzzles", counts);
    body.textContent = "";
    for (const p of h.rounds) {
      const link = el("a", p.id);
      link.setAttribute("href", `/training/${p.id}`);
      body.append(row([when(p.at_ms), link, p.solved ? t("people-puzzle-solved") : t("people-puzzle-failed"), diffEl(p.diff)]));
    }
  } catch (e) {
    note.textContent = errorText(e);
  }
}

/** The profile of player `name`. @param {string} name */
async function showProfile(name) {
  document.title = `${name} · Oware`;
  const section = $("#profile");
  /** @type {P.Profile} */
  let u;
  try {
    u = await getUser(name);
  } catch (e) {
    say(errorText(e));
    return;
  }
  say("");
  section.hidden = false;
  document.title = `${u.name} · Oware`;
  const h1 = $("#profile-name");
  h1.textContent = u.name;
  if (u.bot) h1.append(" ", botMark());
  if (u.closed) h1.append(" ", el("small", t("people-account-closed"), "closed"));
  else h1.after(el("p", undefined, "profile-actions"));
  const actions = section.querySelector(".profile-actions");
  if (actions) actions.append(challengeButton(u.name));
  $("#profile-since").textContent = u.created_ms ? t("people-since", { date: day(u.created_ms) }) : "";

  const ratings = $("#profile-ratings tbody");
  ratings.textContent = "";
  const byCat = Object.fromEntries((u.ratings || []).map((r) => [r.category, r]));
  for (const [c, label] of CATEGORIES) {
    const r = byCat[c];
    const tr = r
      ? row([label, ratingText(r), String(Math.round(r.deviation)), String(r.games)])
      : row([label, "–", "–", "0"]);
    tr.dataset.category = c;
    ratings.append(tr);
  }
  const total = u.wins + u.draws + u.losses;
  $("#profile-record").textContent = t("people-record", { games: total, wins: u.wins, draws: u.draws, losses: u.losses });
  showLessons(u.lessons || []);
  /** @type {HTMLAnchorElement} */ ($("#profile-ogn")).href = userOgnUrl(u.name);
  setUpGameSearch(u.name);
  $("#profile-ogn").setAttribute("download", `${u.name}.ogn`);

  getRatingHistory(u.name).then((h) => drawHistory($("#rating-graph"), h), (e) => { $("#rating-graph").textContent = errorText(e); });
  showPuzzles(u.name);

  // The games: page, category and result, in the address's query so that a reload keeps them.
  const q = new URLSearchParams(location.search);
  const filter = { page: Math.max(1, Number(q.get("page")) || 1), category: q.get("category") || "", result: q.get("result") || "" };
  for (const [sel, choices] of Object.entries(FILTERS)) {
    for (const [value, label] of [["", t("people-filter-all")], ...choices]) {
      const option = el("option", label);
      option.value = value;
      $(sel).append(option);
    }
  }
  const categorySelect = /** @type {HTMLSelectElement} */ ($("#filter-category"));
  const resultSelect = /** @type {HTMLSelectElement} */ ($("#filter-result"));
  categorySelect.value = filter.category;
  resultSelect.value = filter.result;
  const body = $("#profile-games tbody");
  const newer = /** @type {HTMLButtonElement} */ ($("#games-newer")), older = /** @type {HTMLButtonElement} */ ($("#games-older"));

  let seq = 0; // the latest request: an older answer that comes late is dropped
  async function load() {
    const mine = ++seq;
    const params = new URLSearchParams();
    if (filter.page > 1) params.set("page", String(filter.page));
    if (filter.category) params.set("category", filter.category);
    if (filter.result) params.set("result", filter.result);
    const query = params.toString();
    history.replaceState(null, "", `${location.pathname}${query ? `?${query}` : ""}`);
    newer.disabled = older.disabled = true;
    let r;
    try {
      r = await getUserGames(u.name, filter);
      if (mine !== seq) return;
    } catch (e) {
      if (mine !== seq) return;
      body.textContent = "";
      const tr = row([errorText(e)]);
      /** @type {HTMLTableCellElement} */ (tr.firstChild).colSpan = 6;
      body.append(tr);
      return;
    }
    body.textContent = "";
    body.dataset.page = String(r.page);
    for (const gm of r.games) {
      const link = el("a", t("people-replay"));
      link.href = `/game/${encodeURIComponent(gm.id)}`;
      link.setAttribute("aria-label", t("people-replay-label", { date: when(gm.ended_ms) }));
      /** @type {string | HTMLElement} */
      let rating;
      if (gm.rated && gm.rating !== undefined && gm.rating !== null) {
        rating = el("span", `${Math.round(gm.rating)} `);
        if (gm.diff !== undefined && gm.diff !== null) rating.append(diffEl(gm.diff));
      } else {
        rating = gm.rated ? t("people-rated") : t("people-casual");
      }
      const tr = row([when(gm.ended_ms), (gm.category && CATEGORY[gm.category]) || gm.category || "–", SIDE[gm.side] || gm.side, RESULT[gm.result] || gm.result, rating, link]);
      tr.dataset.id = gm.id;
      tr.className = `result-${gm.result}`;
      body.append(tr);
    }
    if (!r.games.length) {
      const tr = row([filter.page > 1 ? t("people-games-no-more") : t("people-games-none")]);
      /** @type {HTMLTableCellElement} */ (tr.firstChild).colSpan = 6;
      tr.className = "empty";
      body.append(tr);
    }
    $("#games-page").textContent = t("people-page", { page: r.page });
    newer.disabled = filter.page <= 1;
    older.disabled = r.games.length < PAGE_SIZE;
  }

  $("#games-filter").addEventListener("change", () => {
    filter.category = categorySelect.value;
    filter.result = resultSelect.value;
    filter.page = 1;
    load();
  });
  $("#games-filter").addEventListener("submit", (e) => e.preventDefault());
  newer.addEventListener("click", () => { filter.page = Math.max(1, filter.page - 1); load(); });
  older.addEventListener("click", () => { filter.page += 1; load(); });
  await load();
}

// ----- /player -----

/** The leaderboards' tabs: people's boards and bots' (`?bots=true`, the address keeps the choice). */
async function showLeaderboard() {
  document.title = t("people-leaderboard-title");
  $('.nav a[href="/player"]').setAttribute("aria-current", "page");
  const tabs = $("#board-tabs");
  const bots = new URLSearchParams(location.search).get("bots") === "true";
  for (const b of tabs.querySelectorAll("button")) {
    const mine = (b.dataset.bots === "true") === bots;
    b.setAttribute("aria-selected", String(mine));
    b.tabIndex = mine ? 0 : -1;
    b.onclick = () => {
      history.replaceState(null, "", b.dataset.bots === "true" ? "/player?bots=true" : "/player");
      showLeaderboard();
    };
  }
  tabs.onkeydown = (e) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const other = tabs.querySelector('button[aria-selected="false"]');
    if (!(other instanceof HTMLElement)) return;
    other.click(); other.focus();
  };
  let boards;
  try {
    boards = await getLeaderboards(bots);
  } catch (e) {
    say(errorText(e));
    return;
  }
  say("");
  $("#leaderboard").hidden = false;
  const box = $("#boards");
  box.dataset.bots = String(bots);
  box.textContent = "";
  for (const [c, label] of CATEGORIES) {
    const section = el("section", undefined, "panel board-panel");
    section.id = `board-${c}`;
    section.append(el("h2", label));
    const list = (boards && boards[c]) || [];
    if (!list.length) {
      section.append(el("p", t("people-board-empty"), "people-note"));
    } else {
      const table = el("table", undefined, "people-table");
      const head = el("thead");
      head.append(row(["#", t("people-col-player"), t("people-col-rating"), t("people-col-games")]));
      for (const td of head.querySelectorAll("td")) { const th = el("th", td.textContent); th.scope = "col"; td.replaceWith(th); }
      const tbody = el("tbody");
      for (const p of list) {
        const a = el("a", p.name);
        a.href = profileUrl(p.name);
        const who = el("span");
        who.append(a);
        if (p.bot) who.append(" ", botMark());
        const tr = row([String(p.rank), who, String(Math.round(p.rating)), String(p.games)]);
        tr.dataset.name = p.name;
        tbody.append(tr);
      }
      table.append(head, tbody);
      section.append(table);
    }
    box.append(section);
  }
}

// ----- /account/reset -----

function showReset() {
  document.title = t("people-reset-title");
  const token = new URLSearchParams(location.search).get("token") || "";
  say(token ? "" : t("people-reset-no-token"));
  if (!token) return;
  $("#reset").hidden = false;
  const form = /** @type {HTMLFormElement} */ ($("#form-reset"));
  const submit = /** @type {HTMLButtonElement} */ ($("#btn-reset"));
  const error = $("#reset-error");
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    const password = /** @type {HTMLInputElement} */ ($("#reset-password")).value;
    if (password !== /** @type {HTMLInputElement} */ ($("#reset-again")).value) {
      error.textContent = t("people-reset-differ");
      return;
    }
    submit.disabled = true;
    try {
      await resetPassword(token, password);
      form.hidden = true;
      $("#reset-done").hidden = false;
      // The token is used up: keep it out of the history.
      history.replaceState(null, "", location.pathname);
    } catch (err) {
      error.textContent = errorText(err);
    } finally {
      submit.disabled = false;
    }
  });
}

// ----- Start -----

createAccountMenu();
const path = location.pathname;
const profile = /^\/@\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
if (profile) showProfile(profile[1]);
else if (/^\/player(\.html)?\/?$/.test(path)) showLeaderboard();
else if (path === "/account/reset") showReset();
else say(t("people-nothing-here"));
