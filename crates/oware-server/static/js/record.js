// The Record panel: the shown position as text, the OGN record (download, copy) and the rules line.
import { $ } from "./dom.js";
import { shownPosition } from "./state.js";
import { ognUrl } from "./api.js";
import { say, announce } from "./status.js";

/** Copies text to the clipboard (with the old fallback where the Clipboard API is refused). */
async function copyText(text, what) {
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
  say(`${what} copied.`, "info");
  announce(`${what} copied.`);
}

function rulesDescription(g) {
  if (g.rules === "abapa") return "abapa (standard)";
  return g.rules.replace(/,/g, ", ");
}

/** The panel's buttons and its `render()`. */
export function createRecord(st) {
  const el = { position: $("#position-text"), rules: $("#rules-text"), download: $("#btn-export") };
  $("#btn-copy-pos").addEventListener("click", () => copyText(el.position.value, "Position text"));
  $("#btn-copy-ogn").addEventListener("click", () => st.game && copyText(st.game.ogn, "OGN record"));

  function render() {
    const g = st.game;
    if (g) el.download.href = ognUrl(g.id);
    const pos = shownPosition(st);
    el.position.value = pos ? pos.text : "";
    el.rules.textContent = g ? rulesDescription(g) : "";
  }

  return { render };
}
