// Accounts on every page: the requests of the account API (docs/web.md), the log-in / sign-up control in the
// header (a "Log in" button for a guest; for a player, their name with a menu: profile, log out, log out
// everywhere, change password, API tokens (`tokens.js`), close account) and the small rating texts ("1500?", "+8") other modules show.
// The session is an HttpOnly cookie the page never sees: `GET /api/account` says who is logged in. Every
// text from the server is put in as text, never as HTML.
import * as api from "./api.gen.js";
import { errorText } from "./request.js";
import { createTokensDialog } from "./tokens.js";
import { setChallengeAccount } from "./challenge.js";
import { followAccountLanguage, setUpLanguageMenu, t } from "./i18n.js";
/** @import * as P from "../../types/protocol" */

// ----- Requests -----

/** Who is logged in → `{name}` (`null` for a guest). @type {() => Promise<P.AccountAnswer>} */
export const getAccount = () => api.account();
/** Creates an account and logs in → `{name}`. @type {(name: string, password: string) => Promise<P.AccountAnswer>} */
export const signUp = (name, password) => api.accountSignup({ name, password });
/** Logs in → `{name}`. @type {(name: string, password: string) => Promise<P.AccountAnswer>} */
export const logIn = (name, password) => api.accountLogin({ name, password });
/** Logs out of this device, or of every device with `all`. @type {(all?: boolean) => Promise<P.AccountAnswer>} */
export const logOut = (all) => api.accountLogout({ all: !!all });
/** Changes the password. @type {(current: string, next: string) => Promise<P.AccountAnswer>} */
export const changePassword = (current, next) => api.accountPassword({ current, new: next });
/** Closes the account (its games stay, under a closed name). @type {(password: string) => Promise<P.AccountAnswer>} */
export const closeAccount = (password) => api.accountClose({ password });
/** Sets a new password with the operator's one-time token. @type {(token: string, password: string) => Promise<P.AccountAnswer>} */
export const resetPassword = (token, password) => api.accountReset({ token, password });
/** The account's seat in online game `id` (the game continued on another device) → `{id, token, state}`. @type {(id: string) => Promise<P.SeatAnswer>} */
export const accountSeat = (id) => api.gamesSeat(id);

/** A player's profile: `{name, closed, created_ms, ratings: [...], wins, draws, losses}`. @type {(name: string) => Promise<P.Profile>} */
export const getUser = (name) => api.user(name);
/** A player's rating history: `{blitz: [[ms, rating], ...], rapid, correspondence}`. @type {(name: string) => Promise<P.RatingHistory>} */
export const getRatingHistory = (name) => api.userRatingHistory(name);
/**
 * A page of a player's games, newest first: `{page, games: [...]}`; `category`, `result` filter ("" = all).
 * @param {string} name
 * @param {{ page?: number, category?: string, result?: string }} [filter]
 * @returns {Promise<P.HistoryPage>}
 */
export function getUserGames(name, { page = 1, category = "", result = "" } = {}) {
  // The result's words are the server's (`PlayerResult`); another is refused (422 `bad-field`).
  const only = /** @type {P.PlayerResult | undefined} */ (result || undefined);
  return api.userGames(name, { page, category: category || undefined, result: only });
}
/** Where all of a player's games download from, as OGN. @type {(name: string) => string} */
export const userOgnUrl = (name) => api.gamesUserUrl(name);
/** The leaderboards: `{blitz: [{rank, name, rating, games, bot}], rapid, correspondence}`, of people or of `bots`. @type {(bots?: boolean) => Promise<P.Leaderboards>} */
export const getLeaderboards = (bots) => api.player(bots ? { bots: true } : undefined);

// ----- Texts -----

/** The categories in the order they are shown, with their names. @type {["blitz" | "rapid" | "correspondence", string][]} */
export const CATEGORIES = [["blitz", t("people-cat-blitz")], ["rapid", t("people-cat-rapid")], ["correspondence", t("people-cat-correspondence")]];

/** A rating as shown: "1500", or "1500?" while provisional. `r`: `{rating, provisional}`.
 * @param {{ rating: number, provisional: boolean } | null | undefined} r */
export function ratingText(r) {
  return r ? `${Math.round(r.rating)}${r.provisional ? "?" : ""}` : "";
}

/** A rating change as shown: "+8", "−12" (a minus sign), "±0". @param {number} d */
export function diffText(d) {
  if (d > 0) return `+${d}`;
  if (d < 0) return `\u2212${-d}`;
  return "\u00b10";
}

/** A profile's address. @param {string} name */
export const profileUrl = (name) => `/@/${encodeURIComponent(name)}`;

// ----- The header control -----

/**
 * A new element: `props` are its properties where it has one of that name and the value is not a string (`required:
 * true`), else its attributes (`class` its class name); then its children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | boolean>} [props]
 * @param {...(string | Node)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = String(v);
    else if (k in e && typeof v !== "string") Object.assign(e, { [k]: v });
    else e.setAttribute(k, String(v));
  }
  e.append(...children);
  return e;
}

/**
 * A labelled input for the account dialogs.
 * @param {string} label @param {string} name @param {string} type @param {string} autocomplete
 * @returns {[HTMLLabelElement, HTMLInputElement]}
 */
function field(label, name, type, autocomplete) {
  const input = el("input", { name, type, autocomplete, required: true });
  // No pattern or length here: the server checks names and passwords and says what is wrong.
  if (name === "name") { input.spellcheck = false; input.autocapitalize = "none"; }
  return [el("label", {}, label, input), input];
}

/** A dialog with a title, fields, an error line and buttons; `submit(values)` runs on submit and closes it when it resolves.
 * @param {string} id
 * @param {string} title
 * @param {[label: string, name: string, type: string, autocomplete: string][]} fields
 * @param {string} submitText
 * @param {(values: Record<string, string>) => Promise<void>} submit
 */
function accountDialog(id, title, fields, submitText, submit) {
  const dlg = el("dialog", { id, class: "dialog dialog-account", "aria-labelledby": `${id}-title` });
  const form = el("form", { method: "dialog" });
  /** @type {Record<string, HTMLInputElement>} */
  const inputs = {};
  const heading = el("h2", { id: `${id}-title` }, title);
  form.append(heading);
  const intro = el("p", { class: "account-intro" });
  form.append(intro);
  for (const [label, name, type, ac] of fields) {
    const [l, input] = field(label, name, type, ac);
    inputs[name] = input;
    form.append(l);
  }
  const error = el("p", { class: "form-error", role: "alert" });
  const cancel = el("button", { type: "button", class: "btn" }, t("people-cancel"));
  const ok = el("button", { type: "submit", class: "btn btn-primary", id: `${id}-ok` }, submitText);
  form.append(error, el("div", { class: "dialog-buttons" }, cancel, ok));
  dlg.append(form);
  document.body.append(dlg);
  cancel.addEventListener("click", () => dlg.close());
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    ok.disabled = true;
    const values = Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value]));
    try {
      await submit(values);
      dlg.close();
    } catch (e) {
      error.textContent = errorText(e);
    } finally {
      ok.disabled = false;
    }
  });
  return {
    dlg, form, inputs, intro, error, ok, heading,
    /** @param {string} [text] */
    open(text) {
      form.reset();
      error.textContent = "";
      intro.textContent = text || "";
      intro.hidden = !text;
      dlg.showModal();
      const first = Object.values(inputs)[0];
      if (first) first.focus();
    },
  };
}

/**
 * The account control in the header's `#account`. `onChange(name)` is called once the server said who is
 * logged in, and again after each log-in or log-out (`null` for a guest). Returns `{ready, name()}`:
 * `ready` resolves to the name (or null) once known.
 * @param {{ onChange?: (name: string | null) => void }} [options]
 */
export function createAccountMenu({ onChange } = {}) {
  setUpLanguageMenu();
  const box = /** @type {HTMLElement | null} */ (document.querySelector("#account"));
  /** @type {string | null} */
  let name = null;
  const changed = (/** @type {string | null | undefined} */ n) => {
    name = n || null;
    render();
    setChallengeAccount(name);
    if (onChange) onChange(name);
  };

  // Log in / sign up: one dialog with a switch between the two.
  /** @type {"login" | "signup"} */
  let mode = "login";
  const auth = accountDialog("dlg-login", t("people-login"), [
    [t("people-field-name"), "name", "text", "username"],
    [t("people-field-password"), "password", "password", "current-password"],
  ], t("people-login"), async ({ name: n, password }) => {
    const r = mode === "login" ? await logIn(n.trim(), password) : await signUp(n.trim(), password);
    // An account that chose another language: the server has set its cookie, show the page in it.
    if (followAccountLanguage(r)) return;
    changed(r.name);
  });
  const switcher = el("button", { type: "button", class: "btn btn-small btn-link", id: "btn-auth-switch" });
  auth.form.insertBefore(el("p", { class: "account-switch" }, switcher), auth.error);
  /** @param {"login" | "signup"} m */
  function setMode(m) {
    mode = m;
    const login = m === "login";
    auth.heading.textContent = login ? t("people-login") : t("people-signup-title");
    auth.ok.textContent = login ? t("people-login") : t("people-signup");
    switcher.textContent = login ? t("people-to-signup") : t("people-to-login");
    auth.inputs.password.autocomplete = login ? "current-password" : "new-password";
    auth.intro.textContent = login ? "" : t("people-signup-intro");
    auth.intro.hidden = login;
    auth.error.textContent = "";
  }
  switcher.addEventListener("click", () => setMode(mode === "login" ? "signup" : "login"));

  const password = accountDialog("dlg-password", t("people-password-title"), [
    [t("people-field-current"), "current", "password", "current-password"],
    [t("people-field-new"), "new", "password", "new-password"],
  ], t("people-password-ok"), async (v) => {
    await changePassword(v.current, v.new);
    flash(t("people-password-changed"));
  });
  const close = accountDialog("dlg-close", t("people-close-title"), [
    [t("people-field-password"), "password", "password", "current-password"],
  ], t("people-close-ok"), async (v) => {
    await closeAccount(v.password);
    changed(null);
    flash(t("people-closed"));
  });
  close.ok.classList.remove("btn-primary");
  close.ok.classList.add("btn-danger");
  const tokens = createTokensDialog();

  const note = el("span", { class: "account-note", role: "status" });
  /** @param {string} text */
  function flash(text) {
    note.textContent = text;
    setTimeout(() => { if (note.textContent === text) note.textContent = ""; }, 6000);
  }

  /** @param {boolean} all */
  async function out(all) {
    try {
      await logOut(all);
      changed(null);
      flash(all ? t("people-logged-out-all") : t("people-logged-out"));
    } catch (e) {
      flash(errorText(e));
    }
  }

  function render() {
    if (!box) return;
    box.textContent = "";
    box.dataset.name = name || "";
    if (!name) {
      const login = el("button", { type: "button", class: "btn btn-small", id: "btn-login" }, t("people-login"));
      const signup = el("button", { type: "button", class: "btn btn-small btn-primary", id: "btn-signup" }, t("people-signup"));
      login.addEventListener("click", () => { auth.open(); setMode("login"); });
      signup.addEventListener("click", () => { auth.open(); setMode("signup"); });
      box.append(login, signup, note);
      return;
    }
    const menu = el("details", { class: "account-menu", id: "account-menu" });
    const summary = el("summary", { class: "btn btn-small", id: "account-name" }, name);
    /** @param {string} id @param {string} text @param {() => void} onClick */
    const item = (id, text, onClick) => {
      const b = el("button", { type: "button", id, class: "menu-item" }, text);
      b.addEventListener("click", () => { menu.open = false; onClick(); });
      return el("li", {}, b);
    };
    const profile = el("a", { href: profileUrl(name), id: "menu-profile", class: "menu-item" }, t("people-menu-profile"));
    menu.append(summary, el("ul", { class: "menu-list" },
      el("li", {}, profile),
      el("li", {}, el("a", { href: "/player", class: "menu-item" }, t("people-menu-leaderboard"))),
      item("menu-logout", t("people-menu-logout"), () => out(false)),
      item("menu-logout-all", t("people-menu-logout-all"), () => out(true)),
      item("menu-password", t("people-password-title"), () => password.open()),
      item("menu-tokens", t("people-menu-tokens"), () => tokens.open()),
      item("menu-close", t("people-close-title"), () => close.open(t("people-close-intro")))));
    box.append(menu, note);
  }
  // A click elsewhere closes the menu.
  document.addEventListener("click", (e) => {
    const menu = /** @type {HTMLDetailsElement | null} */ (box && box.querySelector("#account-menu"));
    if (menu && !menu.contains(/** @type {Node} */ (e.target))) menu.open = false;
  });

  render();
  const ready = getAccount().then((r) => (r && r.name) || null, () => null).then((n) => { changed(n); return n; });
  return { ready, name: () => name };
}
