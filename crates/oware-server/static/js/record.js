// The Record panel: the shown position as text, the OGN record (download, copy) and the rules line.
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */
import { $ } from "./dom.js";
import { shownPosition } from "./state.js";
import { ognUrl } from "./api.js";
import { say, announce } from "./status.js";
import { t } from "./i18n.js";

/** Copies text to the clipboard (with the old fallback where the Clipboard API is refused), then says `done`. @param {string} text @param {string} done */
async function copyText(text, done) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = document.createElement("textarea");
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    try { document.execCommand("copy"); } catch { /* nothing more to try */ }
    ta.remove();
  }
  say(done, "info");
  announce(done);
}

/** The rules line in words. @param {P.StateView} g */
function rulesDescription(g) {
  if (g.rules === "abapa") return t("game-rules-standard");
  return g.rules.replace(/,/g, ", ");
}

/** The panel's buttons and its `render()`. @param {PageState} st */
export function createRecord(st) {
  const el = {
    position: /** @type {HTMLInputElement} */ ($("#position-text")),
    rules: $("#rules-text"),
    download: /** @type {HTMLAnchorElement} */ ($("#btn-export")),
  };
  $("#btn-copy-pos").addEventListener("click", () => copyText(el.position.value, t("game-copied-position")));
  $("#btn-copy-ogn").addEventListener("click", async () => {
    const g = st.game;
    if (!g) return;
    // A state joined from updates has no OGN record: the server writes it.
    let text = g.ogn;
    if (!text) {
      try {
        const r = await fetch(ognUrl(g.id));
        if (!r.ok) throw new Error(String(r.status));
        text = await r.text();
      } catch {
        say(t("game-ogn-unavailable"));
        return;
      }
    }
    await copyText(text, t("game-copied-ogn"));
  });

  function render() {
    const g = st.game;
    if (g) el.download.href = ognUrl(g.id);
    const pos = shownPosition(st);
    el.position.value = pos ? pos.text : "";
    el.rules.textContent = g ? rulesDescription(g) : "";
  }

  return { render };
}
