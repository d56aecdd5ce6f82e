// The chat of an online game: the players' room and the spectators' room (docs/web.md, "Chat"). The server
// decides who reads what (a player sees the spectators' room only in a game opened to advice) and checks
// every message; the page shows what it is sent, always as text (textContent, no links made), and lets this
// person hide the chat or mute someone (in this browser only).
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */
import * as api from "./api.js";
import { errorText } from "./request.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { botMark } from "./challenge.js";
import { seatOf } from "./state.js";

const MUTED_KEY = "oware.chatMuted";
const HIDDEN_KEY = "oware.chatHidden";

/** What this browser stored under `key` (JSON, unknown until read), or `fallback`. @param {string} key @param {unknown} fallback @returns {unknown} */
function load(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key) || "null") ?? fallback; } catch { return fallback; }
}
/** @param {string} key @param {unknown} value */
function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage refused: this visit only */ }
}

/**
 * Who a message is by, for muting: a player by seat, a logged-in spectator by account (account names are
 * unique without regard to case), a guest by the name they gave. Muting a guest never mutes an account
 * or a player of the same name, nor the other way round.
 * @param {P.ChatMessage} m
 */
const whoKey = (m) => {
  if (m.side) return `seat:${m.side}`;
  if (m.account) return `account:${String(m.name).toLowerCase()}`;
  return `guest:${m.name}`;
};

/** The chat panel; `open()` once the game is shown, `onEvent(message)` for each `chat` event, `render()` after states. @param {PageState} st */
export function createChat(st) {
  const el = {
    panel: $("#chat"),
    body: $("#chat-body"),
    note: $("#chat-note"),
    log: $("#chat-log"),
    muted: $("#chat-muted"),
    form: /** @type {HTMLFormElement} */ ($("#form-chat")),
    nameLabel: $("#chat-name-label"),
    name: /** @type {HTMLInputElement} */ ($("#chat-name")),
    text: /** @type {HTMLInputElement} */ ($("#chat-text")),
    error: $("#chat-error"),
    hide: $("#btn-chat-hide"),
  };
  // Shown by the style sheet while the log is empty (`.chat-log:empty::before`).
  el.log.dataset.empty = t("online-chat-empty");
  /** @type {P.ChatMessage[]} */
  let messages = [];
  let lastSeq = 0;
  const stored = load(MUTED_KEY, []);
  /** @type {Set<string>} */
  let muted = new Set(Array.isArray(stored) ? stored.filter((k) => typeof k === "string") : []);
  let hidden = !!load(HIDDEN_KEY, false);
  /** @type {string | null} */
  let noteKey = null;

  /** @param {P.ChatMessage} m */
  function line(m) {
    const li = document.createElement("li");
    li.className = "chat-line";
    li.dataset.room = m.room;
    li.dataset.seq = String(m.seq);
    const who = document.createElement("span");
    who.className = "chat-who";
    who.textContent = m.name;
    li.dataset.writer = m.account ? "account" : "guest";
    const parts = [who];
    if (m.account) {
      // An account's message: the verified mark, which a guest's name can never carry.
      const mark = document.createElement("span");
      mark.className = "chat-verified";
      mark.textContent = "\u2713";
      mark.title = t("online-chat-verified-title");
      mark.setAttribute("aria-label", t("online-chat-verified"));
      parts.push(mark);
      // A player's seat held by a bot: the BOT mark.
      const seat = m.side ? seatOf(st, m.side) : null;
      if (seat && seat.bot) parts.push(botMark());
    }
    const tag = document.createElement("span");
    tag.className = "chat-tag";
    const role = m.side ? t("online-chat-tag-side", { side: m.side }) : t(m.account ? "online-chat-tag-spectator" : "online-chat-tag-guest");
    tag.textContent = ` ${role}`;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = m.text;
    li.append(...parts, tag, ": ", text);
    const mine = m.side ? st.seat === m.side : !st.seat && m.name === (el.name.value.trim() || "Spectator");
    if (!mine) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn btn-tiny chat-mute";
      b.textContent = t("online-chat-mute");
      b.title = t("online-chat-mute-title", { name: m.name });
      b.addEventListener("click", () => { muted.add(whoKey(m)); save(MUTED_KEY, [...muted]); draw(); });
      li.append(" ", b);
    }
    return li;
  }

  function draw() {
    el.log.textContent = "";
    for (const m of messages) if (!muted.has(whoKey(m))) el.log.appendChild(line(m));
    el.log.scrollTop = el.log.scrollHeight;
    el.muted.textContent = "";
    el.muted.hidden = muted.size === 0;
    if (muted.size) {
      el.muted.append(`${t("online-chat-muted", { count: muted.size })} `);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn btn-tiny";
      b.id = "btn-chat-unmute";
      b.textContent = t("online-chat-unmute");
      b.addEventListener("click", () => { muted = new Set(); save(MUTED_KEY, []); draw(); });
      el.muted.append(b);
    }
  }

  /** @param {P.ChatMessage} m */
  function add(m) {
    if (!m || typeof m.seq !== "number" || m.seq <= lastSeq) return false;
    lastSeq = m.seq;
    messages.push(m);
    if (messages.length > 500) messages = messages.slice(-500);
    return true;
  }

  function render() {
    const o = st.game && st.game.online;
    el.panel.hidden = !o;
    if (!o) return;
    const key = JSON.stringify([st.seat, o.advice, hidden]);
    if (key === noteKey) return;
    noteKey = key;
    el.body.hidden = hidden;
    el.hide.textContent = t(hidden ? "online-chat-show" : "online-chat-hide");
    el.hide.setAttribute("aria-expanded", String(!hidden));
    el.nameLabel.hidden = !!st.seat;
    if (!st.seat && !el.name.value) el.name.value = st.settings.name || "";
    el.note.textContent = st.seat
      ? t(o.advice ? "online-chat-note-player-advice" : "online-chat-note-player")
      : t(o.advice ? "online-chat-note-spectator-advice" : "online-chat-note-spectator");
  }

  /** Loads the messages this person may read. */
  async function open() {
    messages = [];
    lastSeq = 0;
    if (!st.id) return;
    try {
      const log = await api.getChat(st.id, st.token);
      for (const m of log.messages) add(m);
    } catch (e) {
      el.error.textContent = errorText(e);
    }
    render();
    draw();
  }

  /** @param {P.ChatMessage} m */
  function onEvent(m) {
    if (add(m)) draw();
  }

  el.form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    el.error.textContent = "";
    const text = el.text.value;
    /** @type {P.ChatReq} */
    const body = { text };
    if (!st.seat) {
      const name = el.name.value.trim();
      if (name) { body.name = name; st.settings.name = name; }
    }
    if (!st.id) return;
    try {
      const m = await api.postChat(st.id, st.token, body);
      el.text.value = "";
      onEvent(m);
    } catch (e) {
      el.error.textContent = errorText(e);
    }
  });
  el.hide.addEventListener("click", () => {
    hidden = !hidden;
    save(HIDDEN_KEY, hidden);
    noteKey = null;
    render();
  });

  return { open, onEvent, render };
}
