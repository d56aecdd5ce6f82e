// Ending a game on one device as an endless cycle by agreement (docs/web.md, "Cycles by agreement"): the
// button under the board and the proposal's answer. Against the computer the server asks it and answers at
// once; the computer may propose itself (`cycle_offer` in the state). Two people on one device: the page asks
// the other player before it tells the server. Online games have theirs in the online panel (offers.js).
import * as api from "./api.js";
import { $ } from "./dom.js";
import { offerBanner, answerButtons } from "./offers.js";
import { other, sideName } from "./state.js";
import { say, announce } from "./status.js";
import { t } from "./i18n.js";
import { errorText } from "./request.js";
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */

/** The local games' cycle button and proposal row; `render()` after each state. @param {PageState} st */
export function createCycle(st) {
  const el = { button: /** @type {HTMLButtonElement} */ ($("#btn-cycle")), panel: $("#cycle-local") };
  /** @type {P.Side | null} */
  let asking = null; // two people: the side proposing, while the other is asked
  /** @type {string | null} */
  let key = null;

  /**
   * Sends the cycle's `action` → the state (a cycle's answer is the state alone), or null after a refusal (said).
   * @param {P.OfferAction} action @returns {Promise<P.StateView | null>}
   */
  async function send(action) {
    if (!st.id) return null;
    try {
      const answer = await api.offer(st.id, st.token, "cycle", action);
      return "state" in answer ? answer.state : answer;
    } catch (e) {
      say(errorText(e));
      announce(errorText(e));
      return null;
    }
  }

  function live() {
    const g = st.game;
    return !!g && !g.online && !g.outcome && st.view === null;
  }

  function render() {
    const g = st.game;
    const show = live();
    el.button.hidden = !g || !!g.online;
    el.button.disabled = !show || st.busy || !!(g && g.thinking) || !!(g && g.cycle_offer) || !!asking;
    if (g && g.human && g.position.turn !== g.human) el.button.disabled = true;
    const k = JSON.stringify([g && g.id, g && g.version, show, asking, g && g.cycle_offer]);
    if (k === key) return;
    key = k;
    el.panel.textContent = "";
    el.panel.hidden = true;
    if (!show || !g) { asking = null; return; }
    let p;
    if (g.cycle_offer) {
      p = offerBanner("cycle", t("game-cycle-proposes", { name: sideName(st, g.cycle_offer) }),
        ...answerButtons("cycle", () => answer("accept"), () => answer("decline")));
    } else if (asking) {
      p = offerBanner("cycle", t("game-cycle-ask", { name: sideName(st, asking), other: sideName(st, other(asking)) }),
        ...answerButtons("cycle", () => answer("accept"), () => { asking = null; say(t("game-cycle-declined"), "info"); key = null; render(); }));
    } else {
      return;
    }
    el.panel.appendChild(p);
    el.panel.hidden = false;
  }

  /** @param {P.OfferAction} action */
  async function answer(action) {
    asking = null;
    const state = await send(action);
    if (state && action === "decline") say(t("game-cycle-computer-moves"), "info");
    key = null;
    render();
  }

  el.button.addEventListener("click", async () => {
    const g = st.game;
    if (!live() || !g) return;
    if (!g.human) {
      // Two people on one device: ask the other one first.
      asking = g.position.turn;
      key = null;
      render();
      return;
    }
    say(t("game-cycle-considers"), "info");
    const state = await send("offer");
    if (!state) return; // the refusal is said already
    // Its answer replaces "considers" in either case: the end panel tells the rest of an agreement.
    const msg = state.outcome ? t("game-cycle-computer-agrees") : t("game-cycle-computer-declines");
    say(msg, "info");
    announce(msg);
  });

  return { render };
}
