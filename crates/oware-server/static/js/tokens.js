// The account's API tokens (docs/bots.md): a dialog to list them, make one (its text shown once) and revoke
// them. A token lets a program (a bot) use the bots' routes as this account; the server keeps only its hash.
// Every text from the server is put in as text, never as HTML.
import * as api from "./api.gen.js";
import { t, lang } from "./i18n.js";
import { errorText } from "./request.js";
/** @import * as P from "../../types/protocol" */

/** The account's tokens, newest first. @type {() => Promise<P.TokenList>} */
export const getTokens = () => api.getAccountTokens();
/** Makes a token → its text, once. @type {(description: string, scopes: P.TokenScope[]) => Promise<P.CreatedToken>} */
export const createToken = (description, scopes) =>
  api.postAccountTokens({ description, scopes });
/** Revokes a token → the list after. @type {(id: string) => Promise<P.TokenList>} */
export const revokeToken = (id) => api.deleteAccountTokens(id);

/** @type {P.TokenScope[]} */
const SCOPES = ["bot:play", "challenge:read", "challenge:write"];

/**
 * An element with its properties (`class`; a property of the element when the value is not a string, e.g.
 * `checked: true`; others as attributes) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean>} [props]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = String(v);
    else if (k in e && typeof v !== "string") Reflect.set(e, k, v);
    else e.setAttribute(k, String(v));
  }
  e.append(...children);
  return e;
}

/** A date for people, in the page's language. @param {number} ms */
const when = (ms) => new Date(ms).toLocaleString(lang);

/** A token's scopes and dates. @param {P.TokenView} token */
function dates(token) {
  const args = { scopes: token.scopes.join(", "), made: when(token.created_ms) };
  return token.last_used_ms ? t("online-token-used", { ...args, used: when(token.last_used_ms) }) : t("online-token-unused", args);
}

/** The tokens dialog; `open()` shows it with the list fetched afresh. */
export function createTokensDialog() {
  const id = "dlg-tokens";
  const dlg = el("dialog", { id, class: "dialog dialog-account dialog-tokens", "aria-labelledby": `${id}-title` });
  const form = el("form", { method: "dialog" });
  const list = el("ul", { class: "token-list", id: "token-list" });
  const description = /** @type {HTMLInputElement} */ (el("input", { name: "description", type: "text", required: true, maxLength: 200 }));
  const boxes = SCOPES.map((s) => {
    const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", value: s, checked: true }));
    return { scope: s, box, label: el("label", { class: "token-scope" }, box, ` ${s}`) };
  });
  const shown = /** @type {HTMLInputElement} */ (el("input", { type: "text", readOnly: true, id: "token-new", class: "token-new", spellcheck: false, "aria-label": t("online-token-copy-now") }));
  const shownBox = el("p", { class: "token-shown", hidden: true }, `${t("online-token-copy-now")} `, shown);
  const error = el("p", { class: "form-error", role: "alert" });
  const close = el("button", { type: "button", class: "btn" }, t("online-tokens-close"));
  const ok = el("button", { type: "submit", class: "btn btn-primary", id: `${id}-ok` }, t("online-token-create"));
  form.append(
    el("h2", { id: `${id}-title` }, t("online-tokens-title")),
    el("p", { class: "account-intro" }, t("online-tokens-intro"), " ",
      el("a", { href: "/docs/bots.md", target: "_blank", rel: "noopener", id: "tokens-guide" }, t("online-tokens-guide"))),
    list,
    el("label", {}, t("online-token-purpose"), description),
    el("fieldset", { class: "token-scopes" }, el("legend", {}, t("online-token-scopes")), ...boxes.map((b) => b.label)),
    shownBox, error,
    el("div", { class: "dialog-buttons" }, close, ok));
  dlg.append(form);
  document.body.append(dlg);
  close.addEventListener("click", () => dlg.close());

  /** Shows `tokens` in the list. @param {P.TokenView[]} tokens */
  function show(tokens) {
    list.textContent = "";
    if (!tokens.length) list.append(el("li", {}, t("online-tokens-none")));
    for (const token of tokens) {
      const revoke = el("button", { type: "button", class: "btn btn-small btn-danger" }, t("online-token-revoke"));
      revoke.addEventListener("click", async () => {
        error.textContent = "";
        try {
          show((await revokeToken(token.id)).tokens);
        } catch (e) {
          error.textContent = errorText(e);
        }
      });
      list.append(el("li", {},
        el("strong", {}, token.description), ` ${dates(token)} `,
        revoke));
    }
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    ok.disabled = true;
    try {
      const scopes = boxes.filter((b) => b.box.checked).map((b) => b.scope);
      const made = await createToken(description.value.trim(), scopes);
      shown.value = made.token;
      shownBox.hidden = false;
      description.value = "";
      show((await getTokens()).tokens);
      shown.select();
    } catch (e) {
      error.textContent = errorText(e);
    } finally {
      ok.disabled = false;
    }
  });

  return {
    async open() {
      error.textContent = "";
      shown.value = "";
      shownBox.hidden = true;
      dlg.showModal();
      description.focus();
      try {
        show((await getTokens()).tokens);
      } catch (e) {
        error.textContent = errorText(e);
      }
    },
  };
}
