// The dialogs: New game (opponent, who starts, names, rule options, and for a person online the time
// control, colour, name and lobby; the choices are remembered), Import OGN, and the end-of-game panel with
// the reason in words, Review the game and Rematch. Local games are created through the game controller (`game.create`),
// online ones through `online.create`, which goes to the new game's address.
import { $ } from "./dom.js";
import { fmt, other, sideName, isYou, seatOf, isComputerGame, viewSide, endOf } from "./state.js";
import { ratingText, diffText } from "./account.js";
import { saveSettings } from "./storage.js";
import { say, announce } from "./status.js";
import { t } from "./i18n.js";
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */
/** @import { Settings } from "./storage.js" */
/** @import { OnlineGame } from "./online.js" */
import { errorText } from "./request.js";

/** How the shown game ended (`endOf`): the outcome, with an online ending's reason and winner. @typedef {NonNullable<ReturnType<typeof endOf>>} Ending */

/**
 * Why the game ended, in words, by the server's `outcome.reason` or `online.end`: one text for each of the
 * protocol's end reasons (a reason added to `EndReason` and not here fails the type check).
 * `you(side)`: whether that side is the person at this screen (the sentence says "you" then).
 * @type {Record<P.EndReason, (o: Ending, n: (side: P.Side) => string, g: P.StateView, you: (side: P.Side) => boolean) => string>}
 */
const REASONS = {
  capture: (o, n, g, you) => (o.winner && you(o.winner) ? t("game-end-capture-you") : t("game-end-capture", { name: o.winner ? n(o.winner) : "" })),
  draw: () => t("game-end-draw"),
  "no-feed": (o, n, g, you) => (you(g.position.turn) ? t("game-end-no-feed-you") : t("game-end-no-feed", { name: n(g.position.turn) })),
  cycle: (o, n, g) => {
    const first = g.rule_options.repetition === "first";
    if ("allocation" in o && o.allocation === "even") return first ? t("game-end-cycle-first-even") : t("game-end-cycle-third-even");
    return first ? t("game-end-cycle-first") : t("game-end-cycle-third");
  },
  // Online games end in these ways too (`online.end`).
  time: (o, n) => t("game-end-time", { name: o.winner ? n(other(o.winner)) : "" }),
  resign: (o, n) => t("game-end-resign", { name: o.winner ? n(other(o.winner)) : "" }),
  agreement: () => t("game-end-agreement"),
  "agreed-cycle": () => t("game-end-agreed-cycle"),
  abandon: (o, n) => (o.winner ? t("game-end-abandon", { name: n(other(o.winner)), winner: n(o.winner) }) : t("game-end-abandon-draw")),
  aborted: () => t("game-end-aborted"),
};

/**
 * Wires the dialogs; returns `openNew()` and `gameOver()` (shows the end panel once per finished state). `game`
 * creates a local game (main.js's `local`: the local controller, or on an online game's page one that creates it
 * and goes home; typed as main.js holds it, with the online controller, which it never is), `online` an online one; `offers.rematch()` answers the end panel's Rematch online.
 * @param {PageState} st
 * @param {{
 *   game: { create: (body: P.CreateReq) => Promise<void> } | OnlineGame,
 *   online: { create: (settings: Settings, rules: string) => Promise<void> },
 *   offers: { rematch: () => void },
 *   review: { start: () => unknown },
 * }} parts
 */
export function createDialogs(st, { game, online, offers, review }) {
  const el = {
    dlgNew: /** @type {HTMLDialogElement} */ ($("#dlg-new")),
    formNew: /** @type {HTMLFormElement} */ ($("#form-new")),
    newError: $("#new-error"),
    dlgImport: /** @type {HTMLDialogElement} */ ($("#dlg-import")),
    importText: /** @type {HTMLTextAreaElement} */ ($("#import-text")),
    importOpponent: /** @type {HTMLSelectElement} */ ($("#import-opponent")),
    importError: $("#import-error"),
    dlgEnd: /** @type {HTMLDialogElement} */ ($("#dlg-end")),
  };
  /**
   * The New game form's control `name`: an input or a select, or a group of radio buttons (a `RadioNodeList`); each
   * has the `value` read here, the check boxes `checked` and `disabled`.
   * @param {string} name
   */
  const control = (name) => /** @type {HTMLInputElement} */ (el.formNew.elements.namedItem(name));
  /** Creates a local game through `game`. @param {P.CreateReq} body */
  const create = async (body) => { if ("create" in game) await game.create(body); };
  /** @type {string | null} */
  let endShownFor = null; // "id:version" of the finished state the end panel was shown for

  // ----- New game -----
  function syncStarts() {
    const opponent = control("opponent").value;
    $("#starts-field").hidden = opponent === "friend" || opponent === "online";
    $("#names-field").hidden = opponent !== "friend";
    $("#online-field").hidden = opponent !== "online";
  }

  function openNew() {
    const f = el.formNew;
    // The choices the visitor made before the page was set up (early.js: their names, or `*` after a tap
    // on the dialog) stay as they are.
    const touched = (f.dataset.touched || "").split(" ");
    delete f.dataset.touched;
    for (const [k, v] of Object.entries(st.settings)) {
      const els = f.elements.namedItem(k);
      if (!els || touched.includes(k) || touched.includes("*")) continue;
      if (els instanceof RadioNodeList) {
        for (const r of els) if (r instanceof HTMLInputElement) r.checked = r.value === v;
        continue;
      }
      const input = /** @type {HTMLInputElement} */ (els);
      if (input.readOnly) continue; // the name of a logged-in player is their account's
      if (input.type === "checkbox") input.checked = !!v && !input.disabled; else input.value = v === null || v === undefined ? "" : String(v);
    }
    syncStarts();
    el.newError.textContent = "";
    if (!el.dlgNew.open) el.dlgNew.showModal(); // early.js opens it on the home page's first paint
  }

  /** @param {SubmitEvent} ev */
  async function submitNew(ev) {
    ev.preventDefault();
    const s = st.settings;
    s.opponent = control("opponent").value;
    s.starts = control("starts").value;
    s.grand_slam = control("grand_slam").value;
    s.repetition = control("repetition").value;
    s.cycle_seeds = control("cycle_seeds").value;
    saveSettings(s);
    const rules = `grand-slam=${s.grand_slam},repetition=${s.repetition},cycle-seeds=${s.cycle_seeds}`;
    if (s.opponent === "online") {
      s.clock = control("clock").value;
      s.color = control("color").value;
      s.name = control("name").value.trim();
      s.lobby = control("lobby").value;
      s.rated = control("rated").checked && !control("rated").disabled;
      s.advice = control("advice").checked && !s.rated;
      s.days = control("days").value;
      const low = control("range_low").value, high = control("range_high").value;
      s.range = low && high ? [Number(low), Number(high)] : null;
      saveSettings(s);
      try {
        await online.create(s, rules);
      } catch (e) {
        el.newError.textContent = errorText(e);
      }
      return;
    }
    try {
      /** @type {P.CreateReq} */
      const body = { opponent: s.opponent, starts: s.starts === "computer" ? "computer" : "you", rules };
      if (s.opponent === "friend") {
        s.name_s = control("name_s").value.trim();
        s.name_n = control("name_n").value.trim();
        saveSettings(s);
        body.names = { S: s.name_s, N: s.name_n };
      }
      await create(body);
      el.dlgNew.close();
    } catch (e) {
      el.newError.textContent = errorText(e);
    }
  }

  // ----- Import -----
  function openImport() {
    el.importError.textContent = "";
    el.importOpponent.value = st.settings.opponent;
    el.dlgImport.showModal();
    el.importText.focus();
  }

  /** @param {SubmitEvent} ev */
  async function submitImport(ev) {
    ev.preventDefault();
    try {
      await create({ opponent: el.importOpponent.value, ogn: el.importText.value });
      el.dlgImport.close();
    } catch (e) {
      el.importError.textContent = errorText(e);
    }
  }

  // ----- End of the game -----

  /** A rated game's ratings and, once applied, their changes: "Rating: Ama 1500? +8 · Kofi 1500? −8". */
  function endRatings() {
    const line = $("#end-rating");
    /** @type {P.Side[]} */
    const both = ["S", "N"];
    /** @type {[P.Side, P.SeatView][]} */
    const sides = [];
    for (const s of both) {
      const seat = seatOf(st, s);
      if (seat && seat.rating) sides.push([s, seat]);
    }
    line.hidden = !(st.game && st.game.online && st.game.online.rated && sides.length);
    line.textContent = "";
    if (line.hidden) return;
    line.append(t("game-end-rating"), " ");
    sides.forEach(([side, seat], i) => {
      if (i) line.append(" · ");
      line.append(t("game-end-rating-of", { name: sideName(st, side), rating: ratingText(seat.rating) }));
      const diff = seat.rating && seat.rating.diff;
      if (typeof diff === "number") {
        const d = document.createElement("b");
        d.className = `rating-diff ${diff > 0 ? "up" : diff < 0 ? "down" : ""}`;
        d.dataset.side = side;
        d.textContent = diffText(diff);
        line.append(" ", d);
      }
    });
  }

  function gameOver() {
    const g = st.game;
    if (!g || st.view !== null) return;
    const end = endOf(st);
    if (!end) return;
    endRatings();
    const aborted = end.reason === "aborted";
    const key = g.id + ":" + (g.online ? "end" : g.version);
    if (endShownFor === key) return;
    endShownFor = key;
    const o = end;
    const v = viewSide(st);
    const n = (/** @type {P.Side} */ side) => sideName(st, side);
    let title;
    if (aborted) title = t("game-over-aborted");
    else if (!o.winner) title = t("game-over-draw");
    else if (isYou(st, o.winner)) title = t("game-over-you-win");
    else if (isComputerGame(st)) title = t("game-over-computer-wins");
    else if (g.online && st.seat) title = t("game-over-opponent-wins", { name: n(o.winner) }); // the loser's panel
    else title = t("game-over-wins", { name: n(o.winner) });
    $("#end-title").textContent = title;
    $("#end-score").textContent = `${fmt(o.scores[v])} – ${fmt(o.scores[other(v)])}`;
    const reason = (REASONS[o.reason] || (() => ""))(o, n, g, (side) => isYou(st, side));
    $("#end-reason").textContent = reason;
    const rows = $("#end-rows");
    rows.textContent = "";
    for (const side of [v, other(v)]) {
      const tr = document.createElement("tr");
      const alloc = o.scores[side] - o.captured[side];
      for (const cell of [n(side), o.captured[side], fmt(alloc), fmt(o.scores[side])]) {
        const td = document.createElement("td");
        td.textContent = String(cell);
        tr.appendChild(td);
      }
      rows.appendChild(tr);
    }
    $("#btn-rematch").hidden = !!g.online && (!st.seat || aborted);
    announce(t("game-over-announce", { title, bottom: fmt(o.scores[v]), top: fmt(o.scores[other(v)]), reason }));
    if (!el.dlgEnd.open) el.dlgEnd.showModal();
  }

  /** The same opponent and rules; the other side starts. */
  async function rematch() {
    const g = st.game;
    el.dlgEnd.close();
    if (!g) return openNew();
    if (g.online) return offers.rematch();
    /** @type {P.CreateReq} */
    const body = { opponent: g.opponent, rules: g.rules };
    if (g.opponent !== "friend") { if (g.human) body.human = other(g.human); } // swap who starts
    else if (g.names.S !== "South" || g.names.N !== "North") body.names = { S: g.names.N, N: g.names.S }; // the other player starts
    try { await create(body); } catch (e) { say(errorText(e)); }
  }

  $("#btn-new").addEventListener("click", openNew);
  el.formNew.addEventListener("submit", submitNew);
  el.formNew.addEventListener("change", syncStarts);
  $("#btn-new-cancel").addEventListener("click", () => el.dlgNew.close());
  $("#btn-import").addEventListener("click", openImport);
  $("#form-import").addEventListener("submit", submitImport);
  $("#btn-import-cancel").addEventListener("click", () => el.dlgImport.close());
  $("#btn-end-close").addEventListener("click", () => el.dlgEnd.close());
  $("#btn-end-review").addEventListener("click", () => { el.dlgEnd.close(); review.start(); });
  $("#btn-rematch").addEventListener("click", rematch);

  return { openNew, gameOver };
}
