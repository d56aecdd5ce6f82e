// The lobby on the home page: the open challenges other people posted, updated live by the server's
// lobby event stream (the whole list once, then each challenge added or removed), each with an Accept
// button (the name to play under is remembered). Accepting takes the free seat and goes to the game's
// address; a challenge this browser posted itself is shown as such.
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */
import { $ } from "./dom.js";
import { errorText } from "./request.js";
import * as api from "./api.js";
import { saveSettings, seatToken } from "./storage.js";
import { joinOnline } from "./online.js";
import { ratingText } from "./account.js";
import { t } from "./i18n.js";
import { botMark } from "./challenge.js";

/** The creator's colour in words. @type {Record<string, () => string>} */
const COLOR = {
  random: () => t("online-color-random"),
  S: () => t("online-color-south"),
  N: () => t("online-color-north"),
};

/** The lobby panel. `start()` shows it and follows the lobby's events. @param {PageState} st */
export function createLobby(st) {
  const el = { panel: $("#lobby"), list: $("#lobby-list"), name: /** @type {HTMLInputElement} */ ($("#lobby-name")), error: $("#lobby-error") };

  /** A challenge's terms in words. @param {P.LobbyEntry} c */
  function describe(c) {
    const days = c.clock && c.clock.increment_s === 0 && c.clock.initial_s >= 86400 && c.clock.initial_s % 86400 === 0
      ? c.clock.initial_s / 86400 : 0;
    const clock = days ? t("online-days-per-move", { days }) : c.clock ? `${Math.round(c.clock.initial_s / 60)}+${c.clock.increment_s}` : t("online-no-clock");
    const range = c.range ? ` · ${t("online-lobby-range", { low: c.range[0], high: c.range[1] })}` : "";
    // Only the options that differ from abapa's defaults are named.
    const defaults = ["grand-slam=no-capture", "repetition=third", "cycle-seeds=own-row"];
    const changed = (c.rules || "abapa").split(",").filter((o) => o !== "abapa" && !defaults.includes(o));
    const rules = changed.length ? t("online-lobby-rules", { rules: changed.join(", ") }) : "abapa";
    const color = COLOR[c.color] ? COLOR[c.color]() : c.color;
    return `${clock} · ${color} · ${rules} · ${t(c.rated ? "online-rated" : "online-casual")}${range}`;
  }

  /** @param {P.LobbyEntry} c @param {HTMLButtonElement} btn */
  async function accept(c, btn) {
    const name = el.name.value.trim();
    st.settings.name = name;
    saveSettings(st.settings);
    btn.disabled = true;
    el.error.textContent = "";
    try {
      await joinOnline(c.id, name);
      location.assign(`/game/${c.id}`);
    } catch (e) {
      el.error.textContent = errorText(e);
      btn.disabled = false;
    }
  }

  // The open challenges by id, as of the lobby's change `v` (`null`: no whole list yet).
  /** @type {Map<string, P.LobbyEntry>} */
  let challenges = new Map();
  /** @type {number | null} */
  let v = null;
  /** @type {{ close: () => void } | null} */
  let sub = null;

  function render() {
    el.list.textContent = "";
    // The change the list is at (the browser tests wait for it: the stream is up).
    if (v === null) delete el.list.dataset.v;
    else el.list.dataset.v = String(v);
    if (!challenges.size) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = t("online-lobby-empty");
      el.list.appendChild(li);
      return;
    }
    const oldestFirst = [...challenges.values()].sort((a, b) => a.created_ms - b.created_ms || (a.id < b.id ? -1 : 1));
    for (const c of oldestFirst) {
      const li = document.createElement("li");
      li.dataset.id = c.id;
      const who = document.createElement("b");
      who.textContent = c.name || t("online-someone");
      const what = document.createElement("small");
      what.textContent = describe(c);
      li.append(who, " ");
      if (c.bot) li.append(botMark(), " ");
      // The creator's rating in the challenge's category (an account's challenge): "1500?" while provisional.
      if (c.rating) li.append(Object.assign(document.createElement("span"), { className: "player-rating", textContent: ratingText(c.rating) }), " ");
      if (c.rated) li.classList.add("rated");
      li.append(what, " ");
      if (seatToken(c.id)) {
        const a = document.createElement("a");
        a.href = `/game/${c.id}`;
        a.className = "btn btn-small";
        a.textContent = t("online-lobby-yours");
        li.append(a);
      } else {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "btn btn-small btn-primary";
        b.textContent = t("online-accept");
        b.setAttribute("aria-label", c.name ? t("online-lobby-accept-named", { name: c.name, details: describe(c) }) : t("online-lobby-accept", { details: describe(c) }));
        b.addEventListener("click", () => accept(c, b));
        li.append(b);
      }
      el.list.appendChild(li);
    }
  }

  // A change applies on top of the list it follows; one that skips some (the stream fell behind) starts again
  // from a whole list.
  /** @param {{ v: number }} d @param {() => void} apply */
  function change(d, apply) {
    if (v === null || d.v <= v) return;
    if (d.v !== v + 1) {
      if (sub) sub.close();
      follow();
      return;
    }
    v = d.v;
    apply();
    render();
  }

  function follow() {
    v = null;
    sub = api.subscribeLobby({
      list: (d) => {
        v = d.v;
        challenges = new Map((d.challenges || []).map((c) => [c.id, c]));
        render();
      },
      add: (d) => change(d, () => challenges.set(d.challenge.id, d.challenge)),
      remove: (d) => change(d, () => challenges.delete(d.id)),
    });
  }

  function start() {
    el.panel.hidden = false;
    el.name.value = st.settings.name || "";
    // Shown at once where the stream is slow to come (or blocked); its first event replaces it.
    api.getLobby().then((d) => {
      if (v !== null) return;
      challenges = new Map((d.challenges || []).map((c) => [c.id, c]));
      render();
    }).catch(() => {});
    follow();
  }

  return { start };
}
