// Quick pairing on the home page: a button per pool (3+2, 5+3, 10+5, 15+10). Pressing one joins the pool
// (a ticket, POST /api/pool/{pool}) and follows the ticket's event stream: the range widening while the
// player waits, then the game once paired (its seat token remembered, the game opened). Closing the page
// closes the stream, which takes the ticket out of the pool; Cancel does it at once. Also the logged-in
// player's "Your turn" list (GET /api/account/games): games where they are to move, with the time left.
// When the server runs house bots (GET /api/bot/online), a checkbox (remembered) lets a bot take the other
// seat after a wait, and the bots that play now are listed.
import * as api from "./api.gen.js";
import { $ } from "./dom.js";
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */
import { errorText, ApiError } from "./request.js";
import { rememberSeat, saveSettings } from "./storage.js";
import { profileUrl } from "./account.js";
import { botMark, challengeButton } from "./challenge.js";
import { t } from "./i18n.js";

/** "2 d 4 h", "3 h 5 min", "4 min 10 s": a time left for people. @param {number} ms */
export function timeLeftText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d) return t("online-time-days", { days: d, hours: h });
  if (h) return t("online-time-hours", { hours: h, minutes: m });
  return t("online-time-minutes", { minutes: m, seconds: s % 60 });
}

/** A house bot's level (a code of the server) in words. @type {Record<string, () => string>} */
const HOUSE = {
  easy: () => t("online-bot-house-easy"),
  medium: () => t("online-bot-house-medium"),
  hard: () => t("online-bot-house-hard"),
  expert: () => t("online-bot-house-expert"),
};

/** The pools panel and the "Your turn" list. `start()` shows the pools; `account(name)` after each log-in/out. @param {PageState} st */
export function createPool(st) {
  const el = {
    panel: $("#pool"),
    buttons: [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#pool [data-pool]"))],
    status: $("#pool-status"),
    cancel: $("#pool-cancel"),
    error: $("#pool-error"),
    botsRow: $("#pool-bots-row"),
    bots: /** @type {HTMLInputElement} */ ($("#pool-bots")),
    botsAfter: $("#pool-bots-after"),
    online: $("#bots-online"),
    onlineList: $("#bots-online-list"),
    turn: $("#your-turn"),
    turnList: $("#your-turn-list"),
  };
  /** @type {P.TicketView | null} */
  let ticket = null;
  /** @type {EventSource | null} */
  let stream = null;

  /** @param {boolean} on */
  function waiting(on) {
    for (const b of el.buttons) b.disabled = on;
    el.cancel.hidden = !on;
  }

  /** @param {P.TicketView} tk */
  function show(tk) {
    const secs = Math.floor(tk.waited_ms / 1000);
    const parts = [t(tk.account ? "online-pool-waiting-rated" : "online-pool-waiting-casual", { pool: tk.pool })];
    if (tk.range) parts.push(t("online-pool-range", { low: (tk.rating ?? 0) - tk.range, high: (tk.rating ?? 0) + tk.range }));
    if (tk.bots && !el.botsRow.hidden) parts.push(t("online-pool-bot-after", { seconds: Number(el.botsAfter.textContent) }));
    parts.push(t("online-pool-waited", { seconds: secs }));
    el.status.textContent = parts.join(" · ");
  }

  function stop() {
    if (stream) stream.close();
    stream = null;
    ticket = null;
    waiting(false);
  }

  /** @param {P.Pairing} pairing */
  function paired(pairing) {
    stop();
    rememberSeat(pairing.id, pairing.token);
    el.status.textContent = t("online-pool-found");
    location.assign(`/game/${pairing.id}`);
  }

  /** @param {P.TicketView} tk */
  function follow(tk) {
    stream = new EventSource(api.poolTicketEventsUrl(tk.ticket));
    // The stream's data are the protocol's `TicketView` (docs/web.md).
    stream.addEventListener("ticket", (e) => show(/** @type {P.TicketView} */ (JSON.parse(e.data))));
    stream.addEventListener("paired", (e) => {
      const tk = /** @type {P.TicketView} */ (JSON.parse(e.data));
      if (tk.paired) paired(tk.paired);
    });
    stream.onerror = () => {
      // The ticket is gone (it expired, or the server restarted): say so rather than wait for ever.
      if (stream && stream.readyState === EventSource.CLOSED) {
        stop();
        el.status.textContent = "";
        el.error.textContent = t("online-pool-lost");
      }
    };
  }

  /** @param {string} pool */
  async function join(pool) {
    el.error.textContent = "";
    const name = /** @type {HTMLInputElement} */ ($("#lobby-name")).value.trim();
    st.settings.name = name;
    saveSettings(st.settings);
    waiting(true);
    try {
      /** @type {P.PoolReq} */
      const body = { bots: el.bots.checked };
      if (name) body.name = name;
      const tk = await (api.pool(pool, body));
      if (tk.paired) return paired(tk.paired);
      ticket = tk;
      show(tk);
      follow(tk);
    } catch (e) {
      waiting(false);
      el.error.textContent = errorText(e);
    }
  }

  async function cancel() {
    const tk = ticket;
    stop();
    el.status.textContent = "";
    if (!tk) return;
    try {
      await api.deletePoolTicket(tk.ticket);
    } catch (e) {
      if (e instanceof ApiError && e.code === "already-paired") {
        const now = await (api.getPoolTicket(tk.ticket));
        if (now.paired) paired(now.paired);
      } else el.error.textContent = errorText(e);
    }
  }

  /** @param {string | null} name */
  async function account(name) {
    el.turnList.textContent = "";
    el.turn.hidden = true;
    if (!name) return;
    /** @type {P.AccountGame[]} */
    let games = [];
    try {
      games = (await (api.accountGames())).games || [];
    } catch {
      return;
    }
    const mine = games.filter((g) => g.your_turn);
    for (const g of mine) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `/game/${g.id}`;
      a.textContent = g.opponent ? t("online-turn-against", { name: g.opponent }) : t("online-turn-against-someone");
      if (g.opponent_bot) a.append(" ", botMark());
      const what = document.createElement("small");
      const kind = g.days_per_move ? t("online-days-per-move", { days: g.days_per_move }) : t("online-turn-live");
      what.textContent = g.time_left_ms != null ? ` ${kind} · ${t("online-turn-time-left", { time: timeLeftText(g.time_left_ms) })}` : ` ${kind}`;
      li.append(a, what);
      el.turnList.appendChild(li);
    }
    el.turn.hidden = !mine.length;
  }

  /** The house bots' checkbox and the bots online, if the server runs any. */
  async function bots() {
    let online;
    try {
      online = await (api.botOnline());
    } catch {
      return;
    }
    el.botsRow.hidden = !online.pools;
    el.botsAfter.textContent = String(online.after_s);
    // The server's own wait (`--house-bots-after`), not the template's.
    $("#pool-bots-text").textContent = t("online-pool-bots", { seconds: online.after_s });
    el.onlineList.textContent = "";
    for (const b of online.bots) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = profileUrl(b.name);
      a.textContent = b.name;
      const what = document.createElement("small");
      const kind = b.house ? (HOUSE[b.house] ? HOUSE[b.house]() : t("online-bot-house", { level: b.house })) : t("online-bot");
      what.textContent = b.rating != null ? ` ${kind} · ${b.rating}` : ` ${kind}`;
      li.append(a, what, " ", challengeButton(b.name, `btn-challenge-${b.name}`));
      el.onlineList.appendChild(li);
    }
    el.online.hidden = !online.bots.length;
  }

  function start() {
    el.panel.hidden = false;
    el.bots.checked = st.settings.poolBots !== false;
    el.bots.addEventListener("change", () => {
      st.settings.poolBots = el.bots.checked;
      saveSettings(st.settings);
    });
    bots();
    for (const b of el.buttons) b.addEventListener("click", () => join(b.dataset.pool || ""));
    el.cancel.addEventListener("click", cancel);
  }

  return { start, account };
}
