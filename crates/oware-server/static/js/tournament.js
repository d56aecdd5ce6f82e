// The tournaments' pages (tournament.html), chosen by the address:
//   /tournaments        the list (running, upcoming, finished) and a form to create one (logged in)
//   /tournament/ID      one tournament: its standings (updated live from its event stream), its games,
//                       Join / Pause / Berserk, a link to the player's game in play, the podium at the end
// Everything shown comes from the JSON API and goes in as text (textContent), never as HTML.
import * as api from "./api.gen.js";
import { $, el, row } from "./dom.js";
import { t as tr, lang } from "./i18n.js";
/** @import * as P from "../../types/protocol" */
import { createAccountMenu, profileUrl } from "./account.js";
import { errorText } from "./request.js";

const status = $("#t-status");
const say = (/** @type {string} */ text) => { status.textContent = text || ""; status.hidden = !text; };

/** A link. @param {string} href @param {string} text */
function link(href, text) {
  const a = /** @type {HTMLAnchorElement} */ (el("a", text));
  a.href = href;
  return a;
}

/** A tournament's clock: "5+3". @param {P.TournamentSummary} t */
const clockText = (t) => `${Math.round(t.initial_s / 60 * 10) / 10}+${t.increment_s}`;
// Dates and times in the page's language: "1 déc. 2026, 18:35".
const DATE_TIME = new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
const when = (/** @type {number} */ ms) => DATE_TIME.format(new Date(ms));
/** @param {P.TournamentSummary} t */
const kindText = (t) => (t.kind === "arena"
  ? tr("people-t-arena", { minutes: t.minutes })
  : tr("people-t-swiss", { rounds: t.rounds }));

const SVG = "http://www.w3.org/2000/svg";
/**
 * The "on fire" mark (an arena streak: the next win counts double) as an inline SVG flame, so that it shows
 * without an emoji font; `role="img"` with its words for screen readers and as a tooltip.
 */
function fireMark() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "t-fire-icon");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "14");
  svg.setAttribute("height", "14");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", tr("people-t-on-fire"));
  const title = document.createElementNS(SVG, "title");
  title.textContent = tr("people-t-on-fire-next");
  const outer = document.createElementNS(SVG, "path");
  outer.setAttribute("d", "M8 0.8C8.6 3.6 12.8 5.6 12.8 10.2A4.8 4.8 0 0 1 3.2 10.2C3.2 7.6 4.8 6.2 5.6 4.6C6 6.2 6.6 7 7.4 7.4C7.4 5 7.2 2.8 8 0.8Z");
  outer.setAttribute("fill", "#d9480f");
  const inner = document.createElementNS(SVG, "path");
  inner.setAttribute("d", "M8 8.2C8.4 9.6 10.4 10.4 10.4 12.2A2.4 2.4 0 0 1 5.6 12.2C5.6 10.8 6.8 10.2 7.2 9.4C7.5 10 7.8 10.3 8.1 10.4C8.1 9.6 7.8 8.9 8 8.2Z");
  inner.setAttribute("fill", "#ffd43b");
  svg.append(title, outer, inner);
  const span = el("span", null, "t-fire");
  span.append(" ", svg);
  return span;
}

// ---- the list ----

async function showList() {
  const list = await (api.getTournaments());
  /** @type {[keyof P.TournamentList, HTMLElement][]} */
  const lists = [["running", $("#t-running")], ["upcoming", $("#t-upcoming")], ["finished", $("#t-finished")]];
  for (const [key, ul] of lists) {
    ul.replaceChildren();
    for (const t of list[key]) {
      const li = el("li");
      li.append(link(`/tournament/${t.id}`, t.name), el("span", ` · ${kindText(t)} · ${clockText(t)} · ${when(t.starts_ms)}`));
      ul.append(li);
    }
    if (!list[key].length) ul.append(el("li", tr("people-t-none"), "people-note"));
  }
  say("");
  $("#t-list").hidden = false;
}

$("#t-create").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(/** @type {HTMLFormElement} */ (ev.currentTarget));
  const num = (/** @type {string} */ k) => Number(f.get(k));
  /** @type {P.NewTournament} */
  const body = {
    kind: String(f.get("kind")),
    initial_s: num("clock") * 60,
    increment_s: num("increment"),
    starts_ms: Date.now() + num("starts") * 60000,
  };
  if (f.get("name")) body.name = String(f.get("name"));
  if (body.kind === "arena") body.minutes = num("minutes"); else body.rounds = num("rounds");
  try {
    const t = await (api.postTournaments(body));
    location.href = `/tournament/${t.id}`;
  } catch (e) {
    $("#t-create-error").textContent = errorText(e);
  }
});

// ---- one tournament ----

/** @type {P.TournamentView | null} */
let current = null;
let loading = false;
let again = false;

/** The page of the standings shown (from 1; the server sends 100 lines a page). */
let standingsPage = 1;

/** Reads tournament `id` and shows it. @param {string} id */
async function load(id) {
  // One request at a time; a change during one asks for one more.
  if (loading) { again = true; return; }
  loading = true;
  try {
    do {
      again = false;
      const t = await api.getTournamentsById(id, { page: standingsPage });
      current = t;
      render(t);
    } while (again);
  } catch (e) {
    say(errorText(e));
  } finally {
    loading = false;
  }
}

/** @param {P.TournamentView} t */
function render(t) {
  say("");
  $("#t-one").hidden = false;
  document.title = tr("people-t-doc-title", { name: t.name });
  $("#t-name").textContent = t.name;
  const info = { kind: kindText(t), clock: clockText(t), players: t.players };
  $("#t-info").textContent = t.max_players
    ? tr("people-t-info-max", { ...info, max: t.max_players })
    : tr("people-t-info", info);
  const date = when(t.starts_ms);
  const whenParts = [
    t.status === "started" ? tr("people-t-running-since", { date })
    : t.status === "finished" ? tr("people-t-finished", { date })
    : tr("people-t-starts", { date }),
  ];
  if (t.kind === "arena" && t.status === "started") whenParts.push(tr("people-t-ends", { date: when(t.ends_ms ?? 0) }));
  if (t.kind === "swiss" && t.round) {
    whenParts.push(tr("people-t-round-of", { round: t.round, rounds: t.rounds }));
    if (t.bye) whenParts.push(tr("people-t-bye", { name: t.bye }));
  }
  $("#t-when").textContent = whenParts.join(" · ");
  // Every round's bye, not only the current one's (a bye is a point: the standings need it explained).
  const byes = t.byes || [];
  $("#t-byes").hidden = !byes.length;
  $("#t-byes").textContent = byes.length
    ? tr("people-t-byes", { list: byes.map((b) => tr("people-t-bye-round", { round: b.round, name: b.name })).join(" · ") })
    : "";

  const me = t.me || { state: null, game: null, can_berserk: false };
  const open = t.status !== "finished";
  $("#t-join").hidden = !open || me.state === "active" || me.state === "withdrawn";
  $("#t-join").textContent = me.state === "paused" ? tr("people-t-come-back") : tr("people-t-join");
  $("#t-withdraw").hidden = !open || me.state !== "active";
  $("#t-withdraw").textContent = t.kind === "arena" && t.status !== "created" ? tr("people-t-pause") : tr("people-t-withdraw");
  $("#t-berserk").hidden = !me.can_berserk;
  const play = /** @type {HTMLAnchorElement} */ ($("#t-play"));
  play.hidden = !me.game;
  if (me.game) play.href = `/game/${me.game}`;

  const podium = $("#t-podium");
  podium.hidden = !t.podium.length;
  // Each name with its place in the standings (equal scores share a place).
  const place = (/** @type {string} */ n, /** @type {number} */ i) => (t.standings.find((l) => l.name === n) || { rank: i + 1 }).rank;
  podium.textContent = t.podium.length ? tr("people-t-podium", { list: t.podium.map((n, i) => `${place(n, i)}. ${n}`).join("  ") }) : "";

  $("#t-detail-head").textContent = t.kind === "arena" ? tr("people-t-games-points") : tr("people-t-tiebreaks");
  const body = $("#t-standings tbody");
  body.replaceChildren();
  for (const l of t.standings) {
    /** @type {string | HTMLElement} */
    let detail;
    if (t.kind === "arena") {
      detail = el("span", "", "t-sheet");
      for (const m of l.sheet || []) {
        const s = el("span", m.points + (m.berserk ? "↯" : ""), m.streak ? "t-fire" : "");
        if (m.streak) s.title = tr("people-t-doubled");
        detail.append(s, " ");
      }
    } else {
      detail = `${l.buchholz} · ${l.sonneborn_berger}`;
    }
    const name = el("span");
    name.append(link(profileUrl(l.name), l.name));
    if (l.on_fire) name.append(fireMark());
    if (l.state !== "active") name.append(" ", el("span", tr("people-t-state", { state: l.state }), "people-note"));
    const line = row([String(l.rank), name, String(l.rating), String(l.points), detail]);
    line.dataset.player = l.name;
    body.append(line);
  }

  $("#t-pager").hidden = t.pages <= 1;
  $("#t-page").textContent = tr("people-t-page", { page: t.page, pages: t.pages });
  /** @type {HTMLButtonElement} */ ($("#t-prev")).disabled = t.page <= 1;
  /** @type {HTMLButtonElement} */ ($("#t-next")).disabled = t.page >= t.pages;

  const games = $("#t-games tbody");
  games.replaceChildren();
  /** @type {Record<string, string>} */
  const RESULT = { S: "1–0", N: "0–1", D: "½–½", X: tr("people-t-aborted") };
  for (const g of t.games) {
    const mark = (/** @type {string} */ name, /** @type {boolean} */ b) => name + (b ? " ↯" : "");
    games.append(row([
      String(g.round || "–"), mark(g.south, g.south_berserk), mark(g.north, g.north_berserk),
      g.result ? RESULT[g.result] || g.result : tr("people-t-playing"), link(`/game/${g.id}`, tr("people-t-watch")),
    ]));
  }
}

/** The page of tournament `id`, followed live. @param {string} id */
function showTournament(id) {
  /** @param {(id: string) => Promise<P.TournamentView>} call */
  const act = (call) => async () => {
    $("#t-error").textContent = "";
    try {
      render(await call(id));
    } catch (e) {
      $("#t-error").textContent = errorText(e);
    }
  };
  $("#t-join").addEventListener("click", act(api.tournamentsJoin));
  $("#t-withdraw").addEventListener("click", act(api.tournamentsWithdraw));
  $("#t-berserk").addEventListener("click", act(api.tournamentsBerserk));
  const turn = (/** @type {number} */ step) => () => {
    standingsPage = Math.max(1, standingsPage + step);
    load(id);
  };
  $("#t-prev").addEventListener("click", turn(-1));
  $("#t-next").addEventListener("click", turn(1));
  load(id);
  // The standings change: the server says so on the stream, the page reads the tournament again.
  const events = new EventSource(api.tournamentsEventsUrl(id));
  events.addEventListener("standings", (ev) => {
    // The event's data: `{version}`, read as unknown JSON.
    /** @type {unknown} */
    const data = JSON.parse(ev.data);
    const v = typeof data === "object" && data !== null && "version" in data ? data.version : undefined;
    if (!current || v !== current.version) load(id);
  });
}

createAccountMenu({ onChange: () => { if (current) load(current.id); } });
const path = location.pathname;
const one = /^\/tournament\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
if (one) showTournament(one[1]);
else if (path === "/tournaments" || path === "/tournament") showList().catch((e) => say(errorText(e)));
else say(tr("people-t-nothing"));
