// Browser test of the engine in the page (crates/oware-wasm, static/js/engine-local.js): the
// computer's moves, a hint and the Analysis panel come from the page's worker (the game is created
// with `"engine": "page"`, the computer's move is sent by the page, no analysis is asked of the
// server); and the WebAssembly engine's speed in Chromium (a measure printed, not a timed check).
//
// Run: sh scripts/build-wasm.sh && cargo build -p oware-cli &&
//      node --test crates/oware-server/web-tests/offline.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { root, useServer, openPage } from "./harness.mjs";

const env = useServer({ name: "offline" });

test("the page's engine plays the computer's moves, the hint and the analysis", async () => {
  const { context, page, errors } = await openPage(env.browser);
  const asked = [];
  const created = [];
  let moves = 0;
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/api\/games\/[^/]+\/analys/.test(path)) asked.push(path);
    if (r.method() === "POST" && path === "/api/games") created.push(JSON.parse(r.postData() || "{}"));
    if (r.method() === "POST" && /\/api\/games\/[^/]+\/moves$/.test(path)) moves++;
  });
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();
  await page.locator("#form-new input[name=opponent][value=medium]").check();
  await page.locator("#btn-new-start").click();
  await page.locator("#dlg-new").waitFor({ state: "hidden" });
  const yourTurn = () => page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Your turn"), null, { timeout: 20000 });
  await yourTurn();
  await page.locator('.pit[data-pit="2"]').click();
  await page.waitForFunction(() => document.querySelectorAll("#move-list button").length === 2, null, { timeout: 20000 });
  await yourTurn();
  assert.equal(created.length, 1);
  assert.equal(created[0].engine, "page", "the page asked to play the computer itself");
  assert.equal(moves, 2, "my move and the computer's, both sent by the page");

  await page.locator("#btn-hint").click();
  await page.locator(".pit.hint").waitFor({ timeout: 20000 });
  await page.locator("#btn-analyse").click();
  await page.waitForFunction(() => /done|fini|fertig|conclu|\d/.test(document.querySelector("#analysis-depth").textContent || ""), null, { timeout: 20000 });
  assert.notEqual(await page.locator("#analysis-line").textContent(), "–");
  await page.locator("#btn-analyse").click();
  assert.deepEqual(asked, [], "no analysis or hint asked of the server");
  assert.deepEqual(errors, []);
  await context.close();
});

test("benchmark: the WebAssembly engine in Chromium searches the bench to its signature", async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.base);
  const r = await page.evaluate(async () => {
    const m = await import("/js/engine-wasm.js");
    const engine = await m.loadEngine(await fetch(m.WASM_PATH));
    return engine.call({ op: "bench" });
  });
  const expected = Number(readFileSync(join(root, "bench.expected"), "utf8").trim());
  assert.equal(r.nodes, expected, "the same nodes as `oware bench`");
  console.log(`# WebAssembly engine in Chromium: bench depth 12, ${r.nodes} nodes in ${r.time_ms} ms, ${r.nps} nodes/s`);
  assert.deepEqual(errors, []);
  await context.close();
});
