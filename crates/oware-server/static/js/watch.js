// Watching (watch.html), chosen by the address:
//   /tv      the featured game of a channel (best game, bots, the running tournament), followed on the game's
//            spectator stream like any spectator; when it ends, the next featured game is tuned in. The
//            evaluation bar (off until tapped) asks the engine as a spectator does, within the engine's budget.
//   /games   the games in play, a small board each, filtered and paged, refreshed every few seconds.
// The server chooses the games and sends every number shown; the page decides nothing about the rules.
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { request, subscribe, startAnalysis } from "./api.js";
import { createAccountMenu, ratingText, profileUrl } from "./account.js";
import { formatClock } from "./clock.js";
import { createSmallBoard } from "./board.js";
/** @import * as P from "../../types/protocol" */

/** How long a finished game stays on TV before the next one (ms). */
const NEXT_MS = 2000;
/** How often TV looks again for a game when its channel has none, and the list refreshes (ms). */
const RETRY_MS = 5000;
/** How long the engine thinks for the evaluation bar (ms). */
const EVAL_MS = 1000;

/**
 * A player's line: the name (a profile link for an account), the BOT mark, the rating, the clock.
 * @param {HTMLElement} host
 * @param {{ name: string, account?: boolean, bot?: boolean, rating?: P.SeatRating }} p
 * @param {string} side "S" or "N"
 */
function drawPlayer(host, p, side) {
  host.textContent = "";
  host.dataset.side = side;
  const name = p.account ? el("a", p.name) : el("span", p.name);
  if (p.account && name instanceof HTMLAnchorElement) name.href = profileUrl(p.name);
  name.classList.add("tv-name");
  host.append(name);
  if (p.bot) {
    const mark = el("abbr", t("online-bot-mark"), "bot-mark");
    mark.title = t("online-bot-mark-title");
    host.append(" ", mark);
  }
  if (p.rating) host.append(" ", el("span", ratingText(p.rating), "tv-rating"));
  host.append(" ", el("span", "", "tv-clock"));
}

// ---- /tv ----

function startTv() {
  $("#tv").hidden = false;
  const status = $("#tv-status");
  const box = $("#tv-game");
  const board = createSmallBoard($("#tv-board"));
  const top = $("#tv-top");
  const bottom = $("#tv-bottom");
  const result = $("#tv-result");
  const evalBar = $("#tv-eval");
  const evalFill = /** @type {HTMLElement} */ (evalBar.querySelector(".eval-fill"));
  const evalText = $("#tv-eval-text");
  const evalToggle = $("#tv-eval-toggle");
  const open = /** @type {HTMLAnchorElement} */ ($("#tv-open"));
  const say = (/** @type {string} */ text) => { status.textContent = text; status.hidden = !text; };

  let channel = "best";
  /** @type {{ close: () => void } | null} */
  let events = null;
  /** @type {string | null} */
  let id = null;
  /** @type {string | null} */
  let watcher = null;
  let evalOn = false;
  /** @type {number | null} */
  let timer = null;
  /** The clocks as last sent, and when they arrived (performance.now()). */
  /** @type {{ clock: P.ClockView, at: number } | null} */
  let clock = null;
  /** Each player's line by side. */
  const lines = { S: bottom, N: top };

  function drawClocks() {
    for (const side of /** @type {("S" | "N")[]} */ (["S", "N"])) {
      const c = lines[side].querySelector(".tv-clock");
      if (!c) continue;
      if (!clock) { c.textContent = ""; continue; }
      const k = clock.clock;
      const left = k.remaining_ms[side] - (k.running === side ? performance.now() - clock.at : 0);
      c.textContent = formatClock(left);
      c.classList.toggle("tv-clock-running", k.running === side);
    }
  }
  setInterval(drawClocks, 250);

  function stop() {
    if (events) events.close();
    events = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  /** Looks again (after `ms`) for the channel's featured game. */
  function later(/** @type {number} */ ms) {
    if (timer !== null) clearTimeout(timer);
    timer = window.setTimeout(() => { timer = null; void tune(); }, ms);
  }

  /** The evaluation of the position now, when the bar is on. */
  async function askEval() {
    if (!evalOn || !id || !watcher) return;
    try {
      await startAnalysis(id, null, { purpose: "analysis", movetime_ms: EVAL_MS }, watcher);
    } catch {
      evalText.textContent = t("watch-eval-busy");
    }
  }

  /** @param {P.AnalysisEvent} a */
  function showEval(a) {
    if (!evalOn) return;
    const south = a.side === "S" ? a.score : -a.score;
    // A seed is 100; ten seeds ahead fill most of the bar.
    const pct = 50 + 50 * Math.tanh(south / 800);
    evalFill.style.height = `${pct.toFixed(1)}%`;
    const numeric = /^[+-]?\d/.test(a.score_text);
    const text = numeric ? `${south >= 0 ? "+" : "−"}${(Math.abs(south) / 100).toFixed(2)}` : a.score_text;
    evalText.textContent = t("watch-eval-south", { score: text });
  }

  /** Draws a game's state (from its stream); a finished game shows its result, then the next one comes. */
  function apply(/** @type {P.StateView} */ s) {
    const o = s.online;
    if (!o) return;
    board.draw(s.position, {
      south: o.seats.S.name, north: o.seats.N.name, ply: s.ply, last: s.last ? s.last.letter : null,
    });
    drawPlayer(bottom, o.seats.S, "S");
    drawPlayer(top, o.seats.N, "N");
    clock = o.clock ? { clock: o.clock, at: performance.now() } : null;
    drawClocks();
    if (o.status === "playing") {
      result.textContent = "";
      void askEval();
      return;
    }
    const winner = o.winner ? o.seats[o.winner].name : null;
    result.textContent = winner ? t("watch-result-win", { name: winner })
      : o.end === "aborted" ? t("watch-result-none") : t("watch-result-draw");
    if (events) events.close();
    events = null;
    later(NEXT_MS);
  }

  /** Tunes in the channel's featured game (or says there is none, and looks again later). */
  async function tune() {
    stop();
    /** @type {P.TvAnswer} */
    let answer;
    try {
      answer = await request("GET", `/api/tv?channel=${encodeURIComponent(channel)}`);
    } catch (e) {
      say(e instanceof Error ? e.message : String(e));
      later(RETRY_MS);
      return;
    }
    const g = answer.game;
    if (!g) {
      id = null;
      box.hidden = true;
      say(t("watch-none"));
      later(RETRY_MS);
      return;
    }
    say("");
    box.hidden = false;
    id = g.id;
    box.dataset.game = g.id;
    open.href = `/game/${g.id}`;
    result.textContent = "";
    evalText.textContent = "";
    board.draw(g.position, { south: g.players.S.name, north: g.players.N.name, ply: g.ply, last: g.last });
    drawPlayer(bottom, g.players.S, "S");
    drawPlayer(top, g.players.N, "N");
    clock = g.clock ? { clock: g.clock, at: performance.now() } : null;
    drawClocks();
    const following = g.id;
    events = subscribe(g.id, {
      update: (d) => {
        if (id !== following) return;
        if (d.cause === "connect") watcher = d.watcher || null;
        apply(d.state);
      },
      analysis: (a) => { if (id === following) showEval(a); },
    });
  }

  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(".tv-channels button"))) {
    b.addEventListener("click", () => {
      channel = b.dataset.channel || "best";
      for (const other of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(".tv-channels button"))) {
        other.setAttribute("aria-pressed", String(other === b));
      }
      void tune();
    });
  }
  evalToggle.addEventListener("click", () => {
    evalOn = !evalOn;
    evalToggle.setAttribute("aria-pressed", String(evalOn));
    evalBar.hidden = !evalOn;
    evalText.textContent = "";
    if (evalOn) void askEval();
  });
  void tune();
}

// ---- /games ----

function startList() {
  $("#games").hidden = false;
  const status = $("#games-status");
  const list = $("#games-list");
  const form = /** @type {HTMLFormElement} */ ($("#games-filter"));
  const prev = /** @type {HTMLButtonElement} */ ($("#games-prev"));
  const next = /** @type {HTMLButtonElement} */ ($("#games-next"));
  let page = 1;
  /** @type {number | null} */
  let timer = null;

  function query() {
    const q = new URLSearchParams();
    q.set("page", String(page));
    for (const name of ["clock", "rated", "bots"]) {
      const v = /** @type {HTMLSelectElement} */ (form.elements.namedItem(name)).value;
      if (v && !(name === "bots" && v === "with")) q.set(name, v);
    }
    return q.toString();
  }

  /** @param {P.LiveGame} g */
  function item(g) {
    const li = el("li", null, "live-item");
    li.dataset.game = g.id;
    const a = el("a", null, "live-link");
    if (a instanceof HTMLAnchorElement) a.href = `/game/${g.id}`;
    const b = el("div");
    createSmallBoard(b).draw(g.position, { south: g.players.S.name, north: g.players.N.name, ply: g.ply, last: g.last });
    const who = (/** @type {P.LivePlayer} */ p) => `${p.name}${p.bot ? ` ${t("online-bot-mark")}` : ""}${p.rating ? ` (${ratingText(p.rating)})` : ""}`;
    a.append(b, el("span", `${who(g.players.S)} – ${who(g.players.N)}`, "live-names"), el("span", t("watch-watch"), "btn btn-small"));
    li.append(a);
    return li;
  }

  async function load() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    /** @type {P.LiveGames} */
    let r;
    try {
      r = await request("GET", `/api/tv/games?${query()}`);
    } catch (e) {
      status.textContent = e instanceof Error ? e.message : String(e);
      timer = window.setTimeout(load, RETRY_MS);
      return;
    }
    const pages = Math.max(1, Math.ceil(r.total / r.per_page));
    if (page > pages) { page = pages; void load(); return; }
    status.textContent = r.total
      ? `${t("watch-count", { count: r.total })} · ${t("watch-page", { page, pages })}`
      : t("watch-none-list");
    list.replaceChildren(...r.games.map(item));
    prev.hidden = page <= 1;
    next.hidden = page >= pages;
    // The boards are live: the page asks again every few seconds while it is shown.
    timer = window.setTimeout(() => { if (document.hidden) later(); else void load(); }, RETRY_MS);
  }
  const later = () => { timer = window.setTimeout(load, RETRY_MS); };

  form.addEventListener("change", () => { page = 1; void load(); });
  prev.addEventListener("click", () => { page = Math.max(1, page - 1); void load(); });
  next.addEventListener("click", () => { page += 1; void load(); });
  void load();
}

createAccountMenu();
if (location.pathname.startsWith("/games")) startList();
else startTv();
