// The lobby on the home page: the open challenges other people posted, updated live by the server's
// lobby event stream, each with an Accept button (the name to play under is remembered). Accepting takes
// the free seat and goes to the game's address; a challenge this browser posted itself is shown as such.
import { $ } from "./dom.js";
import * as api from "./api.js";
import { saveSettings, seatToken } from "./storage.js";
import { joinOnline } from "./online.js";

const COLOR = { random: "colour drawn at random", S: "plays South", N: "plays North" };

/** The lobby panel. `start()` shows it and follows the lobby's events. */
export function createLobby(st) {
  const el = { panel: $("#lobby"), list: $("#lobby-list"), name: $("#lobby-name"), error: $("#lobby-error") };

  function describe(c) {
    const clock = c.clock ? `${Math.round(c.clock.initial_s / 60)}+${c.clock.increment_s}` : "no clock";
    // Only the options that differ from abapa's defaults are named.
    const defaults = ["grand-slam=no-capture", "repetition=third", "cycle-seeds=own-row"];
    const changed = (c.rules || "abapa").split(",").filter((o) => o !== "abapa" && !defaults.includes(o));
    const rules = changed.length ? `rules: ${changed.join(", ")}` : "abapa";
    return `${clock} · ${COLOR[c.color] || c.color} · ${rules}`;
  }

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
      el.error.textContent = e.message;
      btn.disabled = false;
    }
  }

  function render(challenges) {
    el.list.textContent = "";
    if (!challenges.length) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = "No open challenges. Post one: New game → A person online.";
      el.list.appendChild(li);
      return;
    }
    for (const c of challenges) {
      const li = document.createElement("li");
      li.dataset.id = c.id;
      const who = document.createElement("b");
      who.textContent = c.name || "Someone";
      const what = document.createElement("small");
      what.textContent = describe(c);
      li.append(who, " ", what, " ");
      if (seatToken(c.id)) {
        const a = document.createElement("a");
        a.href = `/game/${c.id}`;
        a.className = "btn btn-small";
        a.textContent = "Yours: open";
        li.append(a);
      } else {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "btn btn-small btn-primary";
        b.textContent = "Accept";
        b.setAttribute("aria-label", `Accept ${c.name || "the"} challenge, ${describe(c)}`);
        b.addEventListener("click", () => accept(c, b));
        li.append(b);
      }
      el.list.appendChild(li);
    }
  }

  function start() {
    el.panel.hidden = false;
    el.name.value = st.settings.name || "";
    api.getLobby().then((d) => render(d.challenges || [])).catch(() => {});
    api.subscribeLobby((d) => render(d.challenges || []));
  }

  return { start };
}
