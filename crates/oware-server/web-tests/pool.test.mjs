// Browser test of quick pairing (issue 29): two guests in two browsers press the same pool on the home page;
// the first waits (its ticket's stream shows the wait), the second's press pairs them, and both pages open the
// same game, each with its own seat token. A third browser presses a pool and cancels:
// its ticket leaves the pool. Every wait is for a text or a state on the page, never a fixed time.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/pool.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { artifacts, useServer } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "pool" });
const { person } = onlineHelpers(env);

/** The home page with the New game dialog closed and the pools shown, as `name`. */
async function home(page, name) {
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();
  await page.locator("#btn-new-cancel").click();
  await page.locator("#pool:not([hidden])").waitFor();
  await page.locator("#lobby-name").fill(name);
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
