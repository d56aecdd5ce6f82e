// The online game's panel: the invite link and its QR code while the creator waits, the free seat offered
// to a visitor, who is connected and how many watch, the players' actions (resign with a confirmation,
// abort, offer a draw, ask for a takeback, claim when the opponent has gone, rematch) and the offers that
// stand (accept, decline, withdraw). What is offered and allowed comes from the server's state; the buttons
// only send requests through the online controller.
import * as api from "./api.gen.js";
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */
/** @import { OnlineGame } from "./online.js" */
import { $, button } from "./dom.js";
import { other, sideName, endOf, SIDES } from "./state.js";
import { gameUrl } from "./online.js";
import { say } from "./status.js";
import { t } from "./i18n.js";

/** This person's standing offer, by kind. @type {Record<P.OfferKind, () => string>} */
const MY_OFFER = {
  draw: () => t("online-you-offer-draw"),
  takeback: () => t("online-you-offer-takeback"),
  rematch: () => t("online-you-offer-rematch"),
  cycle: () => t("online-you-offer-cycle"),
};
/** The other player's standing offer, by kind (`name`: who made it). @type {Record<P.OfferKind, (name: string) => string>} */
const THEIR_OFFER = {
  draw: (name) => t("online-they-offer-draw", { name }),
  takeback: (name) => t("online-they-offer-takeback", { name }),
  rematch: (name) => t("online-they-offer-rematch", { name }),
  cycle: (name) => t("online-they-offer-cycle", { name }),
};

/** A standing offer of `kind` as a line: `text`, then the `buttons` (the tests find it by `data-kind`).
 * @param {string} kind @param {string} text @param {...HTMLElement} buttons */
export function offerBanner(kind, text, ...buttons) {
  const p = document.createElement("p");
  p.className = "offer";
  p.dataset.kind = kind;
  p.append(text);
  for (const b of buttons) p.append(" ", b);
  return p;
}

/** The answers to an offer of `kind`: Accept (the primary one) and Decline, `btn-KIND-accept` and `btn-KIND-decline`.
 * @param {string} kind @param {() => void} onAccept @param {() => void} onDecline */
export function answerButtons(kind, onAccept, onDecline) {
  return [button(`btn-${kind}-accept`, t("online-accept"), onAccept, true), button(`btn-${kind}-decline`, t("online-decline"), onDecline)];
}

/**
 * The online panel; `render()` after every state. `online` is the online controller (none, `{}`, on a local game:
 * the panel is hidden then and calls nothing).
 * @param {PageState} st @param {{ online: Partial<OnlineGame> }} parts
 */
export function createOffers(st, { online }) {
  const el = {
    panel: $("#online-panel"),
    invite: $("#invite"),
    inviteLink: /** @type {HTMLInputElement} */ ($("#invite-link")),
    inviteNote: $("#invite-note"),
    qr: $("#invite-qr"),
    join: $("#form-join"),
    joinText: $("#join-text"),
    joinName: /** @type {HTMLInputElement} */ ($("#join-name")),
    joinButton: /** @type {HTMLButtonElement} */ ($("#btn-join")),
    presence: $("#presence"),
    spectators: $("#spectators"),
    offers: $("#offers"),
    actions: $("#online-actions"),
    confirm: /** @type {HTMLDialogElement} */ ($("#dlg-confirm")),
    confirmText: $("#confirm-text"),
  };
  /** @type {string | null} */
  let qrFor = null; // the link the QR code shows
  /** @type {string | null} */
  let offersKey = null; // what the offer rows were built for (rebuilt only when it changes, keeping focus)
  /** @type {string | null} */
  let actionsKey = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let claimTimer = null;
  /** @type {(() => void) | null} */
  let confirmAction = null;

  /** @param {string} text @param {() => void} action */
  function confirm(text, action) {
    el.confirmText.textContent = text;
    confirmAction = action;
    el.confirm.showModal();
  }

  /** @param {P.StateView} g @param {P.OnlineView} o */
  function renderInvite(g, o) {
    const mine = !!st.seat && o.status === "open";
    el.invite.hidden = !mine;
    if (!mine) return;
    const url = gameUrl(g.id);
    el.inviteLink.value = url;
    const note = t(o.lobby === false ? "online-invite-private" : "online-invite-lobby");
    el.inviteNote.textContent = o.rated ? `${note} ${t("online-invite-rated")}` : note;
    if (qrFor !== url) {
      qrFor = url;
      el.qr.textContent = "";
      // The server draws it (GET /api/qr.svg); if it cannot (a link too long), the link suffices.
      const img = document.createElement("img");
      img.alt = t("online-qr-alt");
      img.addEventListener("error", () => img.remove());
      img.src = api.qrSvgUrl({ text: url });
      el.qr.appendChild(img);
    }
  }

  /** @param {P.OnlineView} o */
  function renderJoin(o) {
    const free = /** @type {[P.Side, P.SeatView][]} */ (Object.entries(o.seats)).find(([, s]) => !s.taken);
    const show = !st.seat && o.status === "open" && !!free;
    el.join.hidden = !show;
    if (!show || !free) return;
    const creator = other(free[0]);
    // main.js makes the name field read-only, the account's name, while someone is logged in.
    const account = el.joinName.readOnly;
    const args = { creator: o.seats[creator].name || t("online-side", { side: creator }), side: free[0] };
    const invite = o.clock
      ? t("online-join-clock", { ...args, minutes: Math.round(o.clock.initial_ms / 60000), increment: Math.round(o.clock.increment_ms / 1000) })
      : t("online-join-no-clock", args);
    el.joinText.textContent = !o.rated ? invite : `${invite} ${t(account ? "online-join-rated" : "online-join-rated-log-in")}`;
    el.joinButton.disabled = !!o.rated && !account;
    if (!el.joinName.value) el.joinName.value = st.settings.name || "";
  }

  /** @param {P.OnlineView} o */
  function renderPresence(o) {
    el.presence.textContent = "";
    for (const side of SIDES) {
      const s = o.seats[side];
      const li = document.createElement("li");
      const dot = document.createElement("span");
      dot.className = "dot " + (s.taken ? (s.connected ? "on" : "off") : "free");
      dot.setAttribute("aria-hidden", "true");
      const args = { side, name: sideName(st, side) };
      const you = st.seat === side;
      li.append(dot, !s.taken ? t("online-seat-free", args)
        : s.connected ? t(you ? "online-seat-you-connected" : "online-seat-connected", args)
          : t(you ? "online-seat-you-away" : "online-seat-away", args));
      li.dataset.side = side;
      el.presence.appendChild(li);
    }
    const n = o.spectators || 0;
    el.spectators.textContent = t("online-spectators", { count: n });
  }

  /** One standing offer as a sentence with its buttons. @param {P.OfferKind} kind @param {P.Side} by */
  function offerRow(kind, by) {
    const me = st.seat;
    if (me && by === me) {
      const mine = MY_OFFER[kind]();
      if (kind === "rematch") return offerBanner(kind, mine);
      return offerBanner(kind, mine, button(`btn-${kind}-withdraw`, t("online-withdraw"), () => online.offer?.(kind, "withdraw")));
    }
    const name = sideName(st, by);
    if (me) {
      return offerBanner(kind, THEIR_OFFER[kind](name),
        ...answerButtons(kind, () => online.offer?.(kind, "accept"), () => online.offer?.(kind, "decline")));
    }
    return offerBanner(kind, kind === "takeback" ? t("online-watch-offer-takeback", { name }) : THEIR_OFFER[kind](name));
  }

  /** @param {P.OnlineView} o */
  function renderOffers(o) {
    const key = JSON.stringify([st.seat, o.draw_offer, o.takeback_offer, o.rematch_offer, o.cycle_offer, o.seats.S.name, o.seats.N.name]);
    if (key === offersKey) return;
    offersKey = key;
    el.offers.textContent = "";
    for (const kind of /** @type {P.OfferKind[]} */ (["draw", "takeback", "rematch", "cycle"])) {
      const by = o[`${kind}_offer`];
      if (by) el.offers.appendChild(offerRow(kind, by));
    }
  }

  /** @param {P.StateView} g @param {P.OnlineView} o */
  function renderActions(g, o) {
    const me = st.seat;
    const playing = o.status === "playing" && !endOf(st);
    const over = !playing && o.status !== "open";
    const claimIn = me && playing && g.position.turn !== me && o.claimable_ms !== null && o.claimable_ms !== undefined ? o.claimable_ms : null;
    const key = JSON.stringify([me, o.status, !!g.outcome, g.ply, o.draw_offer, o.takeback_offer, o.rematch_offer, o.cycle_offer, o.rematch_id, claimIn, g.version]);
    if (key === actionsKey) return;
    actionsKey = key;
    el.actions.textContent = "";
    if (claimTimer) { clearTimeout(claimTimer); claimTimer = null; }
    if (me && o.status === "open") {
      el.actions.append(button("btn-cancel-challenge", t("online-cancel-challenge"), () => online.cancel?.()));
    }
    if (me && playing) {
      if (g.ply < 2) el.actions.append(button("btn-abort", t("online-abort"), () => online.abort?.()));
      el.actions.append(button("btn-resign", t("online-resign"), () => confirm(t("online-resign-confirm"), () => online.resign?.())));
      if (!o.draw_offer) el.actions.append(button("btn-draw", t("online-offer-draw"), () => online.offer?.("draw", "offer")));
      if (!o.takeback_offer && g.ply > 0) el.actions.append(button("btn-takeback", t("online-ask-takeback"), () => online.offer?.("takeback", "offer")));
      if (!o.cycle_offer) el.actions.append(button("btn-cycle-online", t("online-propose-cycle"), () => online.offer?.("cycle", "offer")));
      if (claimIn !== null) {
        const opp = sideName(st, other(me));
        if (claimIn <= 0) {
          const p = document.createElement("p");
          p.className = "claim";
          p.append(`${t("online-opponent-left", { name: opp })} `,
            button("btn-claim-win", t("online-claim-win"), () => online.claim?.("win"), true), " ",
            button("btn-claim-draw", t("online-claim-draw"), () => online.claim?.("draw")));
          el.actions.append(p);
        } else {
          const p = document.createElement("p");
          p.className = "claim";
          p.textContent = t("online-opponent-away", { name: opp, seconds: Math.ceil(claimIn / 1000) });
          el.actions.append(p);
          claimTimer = setTimeout(() => { actionsKey = null; o.claimable_ms = 0; renderActions(g, o); }, claimIn);
        }
      }
    }
    if (over && o.rematch_id) {
      const a = document.createElement("a");
      a.href = `/game/${o.rematch_id}`;
      a.className = "btn btn-small";
      a.id = "link-rematch";
      a.textContent = t(me ? "online-go-to-rematch" : "online-watch-rematch");
      el.actions.append(a);
    } else if (me && over && o.status === "over" && !o.rematch_offer) {
      el.actions.append(button("btn-rematch-online", t("online-rematch"), () => online.offer?.("rematch", "offer"), true));
    }
    if (over || !me) {
      const home = document.createElement("a");
      home.href = "/";
      home.className = "btn btn-small";
      home.textContent = t("online-home-lobby");
      el.actions.append(home);
    }
  }

  function render() {
    const g = st.game;
    const o = g && g.online;
    el.panel.hidden = !o;
    if (!o) return;
    // The move that ended the game still animates: the end (Rematch, the way home) waits for it, to come
    // with the status line and the last move (screen.all() after the animation draws it).
    if (st.busy && endOf(st)) return;
    renderInvite(g, o);
    renderJoin(o);
    renderPresence(o);
    renderOffers(o);
    renderActions(g, o);
    // The end panel's Rematch button accepts an offer that stands.
    const endButton = /** @type {HTMLButtonElement} */ ($("#btn-rematch"));
    endButton.textContent = t(st.seat && o.rematch_offer === other(st.seat) ? "online-accept-rematch" : o.rematch_offer === st.seat ? "online-rematch-offered" : "online-rematch");
    endButton.disabled = !!st.seat && o.rematch_offer === st.seat;
  }

  /** The Rematch button of the end panel: offer (or accept the opponent's offer). */
  function rematch() {
    const o = st.game && st.game.online;
    if (!o || !st.seat) return;
    online.offer?.("rematch", o.rematch_offer && o.rematch_offer !== st.seat ? "accept" : "offer");
  }

  $("#btn-copy-invite").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(el.inviteLink.value);
      say(t("online-invite-copied"), "info");
    } catch {
      el.inviteLink.select();
      say(t("online-invite-copy-refused"));
    }
  });
  $("#form-join").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const name = el.joinName.value.trim();
    online.join?.(name);
  });
  $("#btn-confirm-yes").addEventListener("click", () => {
    el.confirm.close();
    if (confirmAction) confirmAction();
    confirmAction = null;
  });
  $("#btn-confirm-no").addEventListener("click", () => { el.confirm.close(); confirmAction = null; });

  return { render, rematch };
}
