// The steps of online play as a person takes them in the page, shared by the browser test files of online
// games: a fresh browser profile, waiting for the status line or the move list, creating a game from the
// New game dialog, taking a seat by the invite link, playing a pit. Each takes the server's address from
// the `env` of `useServer` at call time, or from `base` where a test runs several servers. Not a test
// file itself.
import assert from "node:assert/strict";

import { openPage, waitText } from "./harness.mjs";

export const WAIT = { timeout: 20000 };
/** The password of the accounts the tests sign up. */
export const PASSWORD = "seeds-in-the-store-48";

export function onlineHelpers(env) {
  /**
   * A fresh browser profile (its own localStorage, so its own seat tokens) with one page (see `openPage`;
   * `options` for the context, e.g. `{ locale: "fr-FR" }`).
   */
  async function person(viewport, options = {}) {
    const { context, page, errors, refusals } = await openPage(env.browser, viewport, options);
    // No sowing animation: the tests wait for states, and the moves follow each other quickly.
    await context.addInitScript(() => {
      const s = JSON.parse(localStorage.getItem("oware.settings") || "{}");
      if (!s.speed) localStorage.setItem("oware.settings", JSON.stringify({ ...s, speed: "off" }));
    });
    return { context, page, errors, refusals };
  }

  /** Signs up as `name` from the header control of the home page; resolves once the header shows the name. */
  async function signUp(page, name) {
    await page.goto(env.base);
    await page.locator("#dlg-new[open]").waitFor();
    await page.locator("#btn-new-cancel").click();
    await page.locator("#btn-signup").click();
    await page.locator("#dlg-login[open]").waitFor();
    await page.locator("#dlg-login input[name=name]").fill(name);
    await page.locator("#dlg-login input[name=password]").fill(PASSWORD);
    await page.locator("#dlg-login-ok").click();
    await page.locator(`#account[data-name="${name}"]`).waitFor(WAIT);
    assert.equal(await page.locator("#account-name").textContent(), name);
  }

  const statusText = (page) => page.locator("#status").textContent();
  const waitStatus = (page, re) => waitText(page, "#status", re);
  async function waitMoves(page, n) {
    await page.waitForFunction((k) => document.querySelectorAll("#move-list button").length === k, n, WAIT);
  }
  const moveTexts = (page) => page.locator("#move-list button").allTextContents();

  /** Creates an online game from the New game dialog; resolves to its id once the page is at /game/{id}. */
  async function createOnline(page, { clock = "5+3", color = "S", name = "Ama", lobby = "invite", base = env.base } = {}) {
    await page.goto(base);
    await page.locator("#dlg-new[open]").waitFor();
    await page.locator("#form-new input[name=opponent][value=online]").check();
    await page.locator("#online-field").waitFor();
    assert.ok(await page.locator("#starts-field").isHidden(), "Who starts? is not asked online");
    await page.locator(`#form-new input[name=clock][value="${clock}"]`).check();
    await page.locator(`#form-new input[name=color][value=${color}]`).check();
    await page.locator("#form-new input[name=name]").fill(name);
    await page.locator(`#form-new input[name=lobby][value=${lobby}]`).check();
    await page.locator("#btn-new-start").click();
    await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/, WAIT);
    await waitStatus(page, /Waiting for an opponent/);
    return new URL(page.url()).pathname.split("/").pop();
  }

  /** Opens the invite link and takes the free seat under `name`. */
  async function joinByLink(page, id, name, base = env.base) {
    await page.goto(`${base}game/${id}`);
    await page.locator("#form-join:not([hidden])").waitFor(WAIT);
    await page.locator("#join-name").fill(name);
    await page.locator("#btn-join").click();
    await page.locator("#form-join").waitFor({ state: "hidden", ...WAIT });
  }

  /** The player to move plays its first playable pit (left to right on its own row); returns its letter. */
  async function playFirst(page) {
    const pit = page.locator("#row-bottom .pit.playable").first();
    await pit.waitFor(WAIT);
    const letter = await pit.locator(".letter").textContent();
    await pit.click();
    return letter;
  }

  return { person, signUp, statusText, waitStatus, waitMoves, moveTexts, createOnline, joinByLink, playFirst };
}
