// Browser test of quick pairing (issue 29): two guests in two browsers press the same pool on the home page;
// the first waits (its ticket's stream shows the wait), the second's press pairs them, and both pages open the
// same game, each with its own seat token. A third browser presses a pool and cancels:
// its ticket leaves the pool. These three untick "Play a house bot" (people only; the page remembers it).
// Then house bots (issue 38; the server runs them, a lone player waits 2 s): a signed-up player presses 3+2
// alone, a house bot takes the seat, the game is played from the page and is rated. Every wait is for a text
// or a state on the page, never a fixed time.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/pool.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { artifacts, useServer } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "pool", args: ["--house-bots", "easy", "--house-bots-after", "2"] });
const { person, signUp, playFirst, waitMoves } = onlineHelpers(env);

/** The home page with the New game dialog closed and the pools shown, as `name`, for people only (the house
 * bots' box unticked) unless `bots`. */
async function home(page, name, bots = false) {
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();
  await page.locator("#btn-new-cancel").click();
  await page.locator("#pool:not([hidden])").waitFor();
  await page.locator("#pool-bots-row:not([hidden])").waitFor();
  // The server's own wait (`--house-bots-after 2`), not a fixed 20 s (D6).
  assert.match(await page.locator("#pool-bots-text").textContent(), /within 2 s$/);
  await page.locator("#pool-bots").setChecked(bots);
  if (name) await page.locator("#lobby-name").fill(name);
}

test("pool: two browsers press 3+2 and are paired into one game, a third cancels", async () => {
  const a = await person();
  const b = await person();
  const c = await person();
  await home(a.page, "Ama");
  await home(b.page, "Kofi");
  await a.page.locator('#pool [data-pool="3+2"]').click();
  await a.page.waitForFunction(() => /Waiting for an opponent in 3\+2 \(casual\)/.test(document.querySelector("#pool-status").textContent), null, WAIT);
  assert.equal(await a.page.locator("#pool-cancel").isVisible(), true);
  await b.page.locator('#pool [data-pool="3+2"]').click();
  await a.page.waitForURL(/\/game\/[0-9a-f]+$/, WAIT);
  await b.page.waitForURL(/\/game\/[0-9a-f]+$/, WAIT);
  assert.equal(a.page.url(), b.page.url(), "one game for both");
  // Both seats are taken by these two browsers: the names on the board, and South's player moves first.
  for (const p of [a.page, b.page]) {
    await p.waitForFunction(() => {
      const t = document.body.textContent;
      return t.includes("Ama") && t.includes("Kofi");
    }, null, WAIT);
  }
  const tokens = await Promise.all([a.page, b.page].map((p) => p.evaluate(() => JSON.stringify(localStorage))));
  const id = a.page.url().split("/").pop();
  for (const t of tokens) assert.ok(t.includes(id), "each browser keeps its seat token for the game");
  const state = await (await fetch(new URL(`/api/games/${id}`, env.base))).json();
  assert.equal(state.online.status, "playing");
  assert.equal(state.online.rated, false);
  assert.equal(state.online.clock.initial_ms, 180000);
  await a.page.screenshot({ path: join(artifacts, "pool-paired.png") });

  // A third person waits, then cancels: the ticket leaves the pool.
  await home(c.page, "Esi");
  await c.page.locator('#pool [data-pool="10+5"]').click();
  await c.page.waitForFunction(() => /Waiting for an opponent in 10\+5/.test(document.querySelector("#pool-status").textContent), null, WAIT);
  await c.page.locator("#pool-cancel").click();
  await c.page.waitForFunction(() => !document.querySelector("#pool [data-pool]").disabled, null, WAIT);
  assert.equal(await c.page.locator("#pool-status").textContent(), "");
  for (const p of [a, b, c]) assert.deepEqual(p.errors, [], "no script errors");
});

test("pool: alone in 3+2, a house bot takes the seat after the wait and the rated game is played", async () => {
  const a = await person({ width: 390, height: 844 });
  await signUp(a.page, "yaw");
  // The bots online are listed under the pools; the box is ticked by default.
  await a.page.reload();
  await a.page.locator("#dlg-new[open]").waitFor();
  await a.page.locator("#btn-new-cancel").click();
  await a.page.locator("#bots-online:not([hidden])").waitFor(WAIT);
  assert.match(await a.page.locator("#bots-online-list").textContent(), /HouseBot-Easy house bot, easy/);
  assert.equal(await a.page.locator("#pool-bots").isChecked(), true);
  await a.page.locator('#pool [data-pool="3+2"]').click();
  await a.page.waitForFunction(() => /a house bot plays you after 2 s/.test(document.querySelector("#pool-status").textContent), null, WAIT);
  await a.page.waitForURL(/\/game\/[0-9a-f]+$/, WAIT);
  const id = a.page.url().split("/").pop();
  await a.page.waitForFunction(() => document.body.textContent.includes("HouseBot-Easy"), null, WAIT);
  // Three moves each from the page (the bot answers each), then the player resigns.
  const state0 = await (await fetch(new URL(`/api/games/${id}`, env.base))).json();
  assert.equal(state0.online.rated, true, "an account against a house bot plays rated");
  const southIsMe = state0.online.seats.S.name === "yaw";
  let plies = southIsMe ? 0 : 1;
  if (!southIsMe) await waitMoves(a.page, 1);
  for (let i = 0; i < 3; i++) {
    await playFirst(a.page);
    plies += 2;
    await waitMoves(a.page, plies);
  }
  await a.page.locator("#btn-resign").click();
  await a.page.locator("#dlg-confirm[open]").waitFor();
  await a.page.locator("#btn-confirm-yes").click();
  await a.page.locator("#dlg-end[open]").waitFor(WAIT);
  await a.page.locator('#end-rating .rating-diff[data-side="S"]').waitFor(WAIT);
  await a.page.screenshot({ path: join(artifacts, "pool-house-bot.png") });
  const end = await (await fetch(new URL(`/api/games/${id}`, env.base))).json();
  assert.equal(end.online.status, "over");
  const bot = await (await fetch(new URL("/api/user/HouseBot-Easy", env.base))).json();
  assert.equal(bot.bot, true);
  assert.deepEqual(a.errors, [], "no script errors");
});
