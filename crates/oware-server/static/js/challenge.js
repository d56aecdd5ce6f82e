// Challenges between accounts on every page (docs/bots.md, "Challenges"): the "Challenge" button of a
// profile and of the bots online (`challengeButton`), its dialog (time control, rated or casual, side), and
// the notices at the foot of the page: a challenge received (accept, or decline with a reason) and the state
// of one sent (waiting, declined with the reason, expired). The logged-in account's event stream
// (`GET /api/stream/event`, NDJSON, read with the session cookie) tells of both; once a challenge is accepted
// both players land on the game (the acceptor from the answer, the challenger on `gameStart`).
// `setChallengeAccount(name)` is called by the header's account control (account.js) as the account changes.
// Every text from the server goes in as text, never as HTML.
import * as api from "./api.gen.js";
import { t } from "./i18n.js";
import { errorText } from "./request.js";
/** @import * as P from "../../types/protocol" */

/** The time controls offered: `initial+increment` in seconds, "" for no clock. */
const CLOCKS = ["180+2", "300+3", "600+5", "900+10", "1800+0", "86400+0", "259200+0", ""];
/** How long a lost event stream waits before it is opened again (ms). */
const RETRY_MS = 5000;

/** @type {string | null} the logged-in account */
let me = null;
/** @type {(() => void)[]} the challenge buttons, redrawn when the account changes */
const buttons = [];
/** @type {AbortController | null} the event stream's */
let listening = null;
/** @type {Map<string, { view: P.ChallengeView, box: HTMLElement, timer: number }>} notices shown, by challenge */
const shown = new Map();

/**
 * @param {string} tag
 * @param {Record<string, any>} [props]
 * @param {(Node | string)[]} children
 */
function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k in e && typeof v !== "string") /** @type {any} */ (e)[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/** Names compare as the server's do: without case. @type {(a: string | null | undefined, b: string | null | undefined) => boolean} */
const same = (a, b) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** A clock in words: "5+3", "1 day per move", "no clock". @param {P.TimeControl | null | undefined} c */
function clockText(c) {
  if (!c) return t("online-challenge-no-clock");
  if (c.initial_s >= 86400 && c.initial_s % 86400 === 0 && !c.increment_s) return t("online-days-per-move", { days: c.initial_s / 86400 });
  const m = c.initial_s / 60;
  return `${Number.isInteger(m) ? m : m.toFixed(1)}+${c.increment_s}`;
}

/** The terms of `v` as its target reads them: clock, rated or casual, side. @param {P.ChallengeView} v */
function terms(v) {
  const side = v.side === "random" ? t("online-challenge-terms-random")
    : t(v.side === "south" ? "online-challenge-terms-you-north" : "online-challenge-terms-you-south");
  return `${clockText(v.clock)}, ${t(v.rated ? "online-challenge-terms-rated" : "online-challenge-terms-casual")}, ${side}`;
}

/** The decline reasons' messages. @type {Record<P.DeclineReason, string>} */
const REASON_TEXT = {
  generic: "online-challenge-reason-generic",
  later: "online-challenge-reason-later",
  "too-fast": "online-challenge-reason-too-fast",
  "too-slow": "online-challenge-reason-too-slow",
  "time-control": "online-challenge-reason-time-control",
  rated: "online-challenge-reason-rated",
  casual: "online-challenge-reason-casual",
  "no-bot": "online-challenge-reason-no-bot",
  "only-bot": "online-challenge-reason-only-bot",
};

/** A decline reason in the page's language. @param {P.DeclineReason | null | undefined} r */
const reasonText = (r) => t(REASON_TEXT[r || "generic"] || REASON_TEXT.generic);

// ----- The notices -----

function noticeArea() {
  let area = document.getElementById("challenge-notices");
  if (!area) {
    area = el("div", { id: "challenge-notices", class: "challenge-notices", "aria-live": "polite" });
    document.body.append(area);
  }
  return area;
}

/** Takes challenge `id`'s notice off. @param {string} id */
function drop(id) {
  const n = shown.get(id);
  if (!n) return;
  clearTimeout(n.timer);
  n.box.remove();
  shown.delete(id);
}

/**
 * Shows `text` as challenge `id`'s last word, with a button to close it.
 * @param {string} id
 * @param {string} text
 */
function conclude(id, text) {
  const n = shown.get(id);
  if (!n) return;
  clearTimeout(n.timer);
  const close = el("button", { type: "button", class: "btn btn-small", "data-action": "close" }, t("online-challenge-close"));
  close.addEventListener("click", () => drop(id));
  n.box.replaceChildren(el("p", { class: "challenge-text", "data-state": "over" }, text), el("div", { class: "challenge-buttons" }, close));
}

/** The notice's box for challenge `v`, new or emptied, and its lapse. @param {P.ChallengeView} v @param {() => void} lapse */
function box(v, lapse) {
  const old = shown.get(v.id);
  if (old) clearTimeout(old.timer);
  const b = old ? old.box : el("div", { class: "challenge-notice", "data-challenge": v.id, role: "group" });
  b.replaceChildren();
  if (!old) noticeArea().append(b);
  // The server's clock may differ from this one: the lapse counts from now.
  const timer = window.setTimeout(lapse, Math.max(1000, v.expires_ms - v.created_ms));
  shown.set(v.id, { view: v, box: b, timer });
  return b;
}

/** A challenge to this account: its terms, Accept, a reason and Decline. @param {P.ChallengeView} v */
function incoming(v) {
  if (shown.has(v.id)) return;
  const b = box(v, () => drop(v.id));
  b.classList.add("incoming");
  b.setAttribute("aria-label", t("online-challenge-from", { name: v.challenger.name }));
  const text = el("p", { class: "challenge-text", "data-state": "incoming" }, t("online-challenge-incoming", { name: v.challenger.name, terms: terms(v) }));
  if (v.challenger.bot) text.append(" ", botMark());
  const error = el("p", { class: "form-error", role: "alert" });
  const accept = el("button", { type: "button", class: "btn btn-small btn-primary", "data-action": "accept" }, t("online-challenge-accept"));
  const reason = /** @type {HTMLSelectElement} */ (el("select", { "data-action": "reason", "aria-label": t("online-challenge-reason") },
    ...Object.keys(REASON_TEXT).map((r) => el("option", { value: r }, reasonText(/** @type {P.DeclineReason} */ (r))))));
  const decline = el("button", { type: "button", class: "btn btn-small", "data-action": "decline" }, t("online-challenge-decline"));
  accept.addEventListener("click", async () => {
    error.textContent = "";
    try {
      /** @type {P.ChallengeView} */
      const done = await api.challengeAccept(v.id);
      drop(v.id);
      if (done.game_id) location.assign(`/game/${done.game_id}`);
    } catch (e) {
      error.textContent = errorText(e);
    }
  });
  decline.addEventListener("click", async () => {
    error.textContent = "";
    try {
      // The select's values are `DeclineReason`'s words.
      await api.challengeDecline(v.id, { reason: /** @type {P.DeclineReason} */ (reason.value) });
      drop(v.id);
    } catch (e) {
      error.textContent = errorText(e);
    }
  });
  b.append(text, el("div", { class: "challenge-buttons" }, accept, el("label", { class: "challenge-reason" }, t("online-challenge-reason"), " ", reason), decline), error);
}

/** A challenge this account made: waiting, with Withdraw. @param {P.ChallengeView} v */
function outgoing(v) {
  if (shown.has(v.id)) return;
  const name = v.target.name;
  const b = box(v, () => conclude(v.id, t("online-challenge-expired", { name })));
  b.classList.add("outgoing");
  if (v.status === "declined") {
    // Declined at once: the bot is not online.
    conclude(v.id, t("online-challenge-offline", { name }));
    return;
  }
  const withdraw = el("button", { type: "button", class: "btn btn-small", "data-action": "withdraw" }, t("online-challenge-withdraw"));
  withdraw.addEventListener("click", async () => {
    try {
      await api.challengeCancel(v.id);
    } catch {
      // Answered or lapsed meanwhile: its event says which.
    }
    drop(v.id);
  });
  b.append(el("p", { class: "challenge-text", "data-state": "waiting" }, t("online-challenge-waiting", { name }), " ", el("small", {}, `(${terms(v)})`)),
    el("div", { class: "challenge-buttons" }, withdraw));
}

/** One line of the event stream. @param {P.AccountEvent} ev */
function onEvent(ev) {
  if (ev.type === "challenge") {
    const v = ev.challenge;
    if (same(v.target.name, me)) incoming(v);
    else if (same(v.challenger.name, me)) outgoing(v);
  } else if (ev.type === "challengeCanceled") {
    drop(ev.challenge.id);
  } else if (ev.type === "challengeDeclined") {
    const v = ev.challenge;
    if (same(v.challenger.name, me) && shown.has(v.id)) {
      if (shown.get(v.id)?.box.querySelector("[data-state=over]")) return; // already told (declined at once)
      conclude(v.id, t("online-challenge-declined", { name: v.target.name, reason: reasonText(v.decline_reason) }));
    } else {
      drop(v.id);
    }
  } else if (ev.type === "gameStart") {
    // A challenge of ours accepted: the game with its target.
    const mine = [...shown.values()].find((n) => same(n.view.challenger.name, me) && same(n.view.target.name, ev.game.opponent.name)
      && !n.box.querySelector("[data-state=over]"));
    if (!mine) return;
    drop(mine.view.id);
    if (location.pathname !== `/game/${ev.game.id}`) location.assign(`/game/${ev.game.id}`);
  }
}

/** Reads the account's event stream until `signal` aborts; opened again after a loss. @param {AbortSignal} signal */
async function listen(signal) {
  while (!signal.aborted) {
    try {
      const res = await fetch(api.streamEventUrl(), { signal, headers: { accept: "application/x-ndjson" } });
      if (!res.ok || !res.body) {
        if (res.status === 401 || res.status === 403) return; // not logged in (any more)
        throw new Error(String(res.status));
      }
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buf = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let nl;
        while ((nl = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (!line) continue;
          try {
            onEvent(JSON.parse(line));
          } catch {
            // A line that is not an event: dropped.
          }
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

/**
 * The logged-in account (`null`: a guest): opens or closes its event stream and shows or hides the
 * challenge buttons.
 * @param {string | null} name
 */
export function setChallengeAccount(name) {
  if (name === me) return;
  me = name;
  if (listening) listening.abort();
  listening = null;
  for (const id of [...shown.keys()]) drop(id);
  if (me) {
    listening = new AbortController();
    void listen(listening.signal);
  }
  for (const redraw of buttons) redraw();
}

// ----- The dialog -----

/** @type {{ open: (name: string) => void } | null} */
let dialog = null;

function createDialog() {
  const id = "dlg-challenge";
  const dlg = /** @type {HTMLDialogElement} */ (el("dialog", { id, class: "dialog dialog-account", "aria-labelledby": `${id}-title` }));
  const form = el("form", { method: "dialog" });
  const title = el("h2", { id: `${id}-title` });
  const clock = /** @type {HTMLSelectElement} */ (el("select", { id: "challenge-clock", name: "clock" },
    ...CLOCKS.map((c) => {
      const [i, inc] = c.split("+").map(Number);
      return el("option", { value: c }, clockText(c ? { initial_s: i, increment_s: inc } : null));
    })));
  clock.value = "300+3";
  const rated = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "challenge-rated", name: "rated" }));
  const side = /** @type {HTMLSelectElement} */ (el("select", { id: "challenge-side", name: "side" },
    el("option", { value: "random" }, t("online-challenge-side-random")),
    el("option", { value: "south" }, t("online-challenge-side-south")),
    el("option", { value: "north" }, t("online-challenge-side-north"))));
  const error = el("p", { class: "form-error", role: "alert" });
  const cancel = el("button", { type: "button", class: "btn" }, t("online-challenge-cancel"));
  const ok = /** @type {HTMLButtonElement} */ (el("button", { type: "submit", class: "btn btn-primary", id: "challenge-send" }, t("online-challenge-send")));
  const syncRated = () => {
    rated.disabled = !clock.value;
    if (!clock.value) rated.checked = false;
  };
  clock.addEventListener("change", syncRated);
  form.append(title,
    el("label", {}, t("online-challenge-clock"), clock),
    el("label", { class: "challenge-check" }, rated, ` ${t("online-challenge-rated")}`),
    el("label", {}, t("online-challenge-side"), side),
    error, el("div", { class: "dialog-buttons" }, cancel, ok));
  dlg.append(form);
  document.body.append(dlg);
  cancel.addEventListener("click", () => dlg.close());
  let target = "";
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    ok.disabled = true;
    const [i, inc] = clock.value ? clock.value.split("+").map(Number) : [0, 0];
    /** @type {P.ChallengeReq} */
    const body = {
      rated: rated.checked,
      clock: clock.value ? { initial_s: i, increment_s: inc } : null,
      side: /** @type {P.ChallengeSide} */ (side.value),
    };
    try {
      /** @type {P.ChallengeView} */
      const v = await api.postChallenge(target, body);
      dlg.close();
      outgoing(v);
    } catch (e) {
      error.textContent = errorText(e);
    } finally {
      ok.disabled = false;
    }
  });
  return {
    /** @param {string} name */
    open(name) {
      target = name;
      title.textContent = t("online-challenge-title", { name });
      error.textContent = "";
      syncRated();
      dlg.showModal();
      clock.focus();
    },
  };
}

/** Opens the challenge dialog for account `name`. @param {string} name */
export function openChallenge(name) {
  if (!dialog) dialog = createDialog();
  dialog.open(name);
}

/**
 * A "Challenge" button for account `name`, shown while someone else is logged in.
 * @param {string} name
 * @param {string} [id]
 */
export function challengeButton(name, id = "btn-challenge") {
  const b = /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "btn btn-small btn-challenge", id, "data-name": name }, t("online-challenge")));
  b.setAttribute("aria-label", t("online-challenge-title", { name }));
  b.addEventListener("click", () => openChallenge(name));
  const redraw = () => { b.hidden = !me || same(me, name); };
  buttons.push(redraw);
  redraw();
  return b;
}

/** The BOT mark shown beside a bot's name. */
export function botMark() {
  const m = el("abbr", { class: "bot-mark", title: t("online-bot-mark-title") }, t("online-bot-mark"));
  return m;
}
