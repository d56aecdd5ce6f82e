// Browser test of the engine in the page (crates/oware-wasm, static/js/engine-local.js): the
// computer's moves, a hint and the Analysis panel come from the page's worker (the game is created
// with `"engine": "page"`, the computer's move is sent by the page, no analysis is asked of the
// server); the installable, offline page (manifest, icons, service worker; a whole game at each
// level and one with a friend, a lesson, the counting trainer and a shipped puzzle with the network
// off, sent to the server and the account once it is back); the first
// load on a slow 3G profile (a board played from the page's HTML alone, with the page's modules held
// back: a tap made before they come takes effect once they do) and the WebAssembly engine's speed in
// Chromium (measures printed, not timed checks); the endgame tables (built here up to 6 seeds)
// downloaded by the worker at its first hard reply, given to the engine and kept in their own cache.
//
// Run: sh scripts/build-wasm.sh && cargo build -p oware-cli &&
//      node --test crates/oware-server/web-tests/offline.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { bin, root, useServer, openPage } from "./harness.mjs";
import { PASSWORD } from "./online-helpers.mjs";

// Small endgame tables (up to 6 seeds: well under a second), which the page's engine downloads.
const TABLES_MAX = 6;
const env = useServer({
  name: "offline",
  prepare: (tmp) => new Promise((ok, fail) => {
    const b = spawn(bin, ["egdb", "build", "--max-seeds", String(TABLES_MAX), "--threads", "1", "--dir", join(tmp, "egdb")], { stdio: "ignore" });
    b.on("exit", (code) => (code === 0 ? ok() : fail(new Error(`oware egdb build exited ${code}`))));
  }),
});

/** The line of each shipped puzzle, by id, from the data file (the API keeps it on the server). */
const LINES = new Map(readFileSync(join(root, "crates/oware-puzzles/data/puzzles.jsonl"), "utf8")
  .split("\n").slice(1).filter((l) => l.trim()).map((l) => JSON.parse(l)).map((p) => [p.id, p.line]));

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

test("the page's engine downloads the endgame tables at its first hard reply and keeps them", async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.base);
  await page.evaluate(async () => {
    const { localEngine } = await import("/js/engine-local.js");
    const engine = await localEngine();
    /** @type {any} */ (window).tablesEngine = engine;
    // Five seeds left, the computer (South) to move.
    await engine.reply({ rules: "abapa", start: "0-0-0-1-0-2-1-0-0-0-0-1-22-21-S", moves: "" }, "hard", "tables-test");
  });
  await page.waitForFunction(() => window.tablesEngine.tables() !== null, null, { timeout: 20000 });
  const r = await page.evaluate(async () => ({
    tables: window.tablesEngine.tables(),
    kept: (await (await caches.open("oware-egdb-v1")).keys()).map((k) => new URL(k.url).pathname),
  }));
  // The server has levels 0 to 6: the worker took those and stopped at the first 404.
  assert.equal(r.tables.max_seeds, TABLES_MAX, JSON.stringify(r.tables));
  assert.equal(r.tables.rules, "abapa");
  assert.deepEqual(r.kept.sort(), Array.from({ length: TABLES_MAX + 1 }, (_, n) => `/api/egdb/abapa/${n}`).sort());
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

/** The paths of the first load's answers, fetched once so that each has its brotli variant (compress.rs makes it at its first request). */
async function warmUp() {
  for (const path of ["/", "/style.css", "/js/main.bundle.js", "/i18n/en", "/favicon.svg"]) {
    const r = await fetch(new URL(path, env.base), { headers: { "accept-encoding": "br" } });
    await r.arrayBuffer();
  }
}

test("the first load on slow 3G: the page's HTML alone draws a playable board, and a tap made before the page's modules arrive takes effect", async () => {
  await warmUp();
  const { context, page, errors } = await openPage(env.browser);
  // Chromium's slow 3G profile (DevTools' preset: 400 kbit/s each way, 2 s latency). Measured: the
  // time until the board can be played (its pits drawn with their seeds, the New game dialog open,
  // painted: the taps are then kept, see below), the requests done until then and their bytes on the
  // wire (compressed, headers too).
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const slow = { offline: false, latency: 2000, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };
  await cdp.send("Network.emulateNetworkConditions", slow);
  const wire = { files: 0, bytes: 0 };
  const counted = (e) => { wire.files++; wire.bytes += e.encodedDataLength; };
  cdp.on("Network.loadingFinished", counted);
  // The page's modules held back until the board has been tapped: the board must be playable without them.
  let release = () => {};
  const held = new Promise((r) => { release = r; });
  await page.route("**/js/main.bundle.js", async (route) => { await held; await route.continue(); });
  const created = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/games") created.push(JSON.parse(r.postData() || "{}"));
  });
  const started = Date.now();
  await page.goto(env.base, { waitUntil: "commit" });
  await page.locator("#dlg-new[open]").waitFor({ timeout: 120000 });
  await page.locator('.pit[data-pit="0"] .seed').first().waitFor({ timeout: 120000 });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 120000 });
  const playable = Date.now() - started;
  cdp.off("Network.loadingFinished", counted);
  const paint = await page.evaluate(() => Math.round(performance.getEntriesByName("first-contentful-paint")[0].startTime));
  console.log(`# first load on slow 3G (400 kbit/s, 2 s latency) to a playable board: ${playable} ms (first paint at ${paint} ms; ${wire.files} requests done, ${Math.round(wire.bytes / 1024)} KB on the wire)`);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The board the server drew: the rules core's first position, seeds drawn, in the board component's order.
  assert.equal(await page.locator("#board .pit").count(), 12);
  assert.equal(await page.locator("#board .pit .seed").count(), 48);
  assert.deepEqual(await page.locator("#row-top .pit").evaluateAll((ps) => ps.map((p) => p.dataset.letter).join("")), "fedcba");
  assert.deepEqual(await page.locator("#row-bottom .pit").evaluateAll((ps) => ps.map((p) => p.dataset.letter).join("")), "ABCDEF");
  // Taps before the modules: a choice in the dialog, then Start, kept (shown busy); no game yet.
  await page.locator("#form-new input[name=opponent][value=medium]").check();
  await page.locator("#btn-new-start").click();
  assert.equal(await page.locator("#btn-new-start").getAttribute("aria-busy"), "true");
  assert.equal(await page.locator("#dlg-new[open]").count(), 1, "the dialog waits for the page");
  assert.deepEqual(created, []);
  // The modules come: the tap takes effect, with the choice made.
  release();
  await page.locator("#dlg-new").waitFor({ state: "hidden", timeout: 60000 });
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Your turn"), null, { timeout: 20000 });
  assert.equal(created.length, 1, "one game started");
  assert.equal(created[0].opponent, "medium", "with the opponent chosen before the modules came");
  assert.equal(await page.locator("#btn-new-start").getAttribute("aria-busy"), null);
  // The board component kept the server's pits and their seeds.
  assert.equal(await page.locator("#board .pit").count(), 12);
  assert.equal(await page.locator('.pit[data-pit="0"] .seed').count(), 4);
  await page.locator('.pit[data-pit="2"]').click();
  await page.waitForFunction(() => document.querySelectorAll("#move-list button").length === 2, null, { timeout: 20000 });
  assert.deepEqual(errors, []);
  await cdp.detach();
  await context.close();
});

/** Plays the first playable pit until the game ends (the end panel opens); the number of moves pressed. */
async function playToTheEnd(page) {
  for (let pressed = 0; pressed < 2000; pressed++) {
    const next = await page.waitForFunction(
      () => (document.querySelector("#dlg-end[open]") ? "end" : document.querySelector(".pit.playable") ? "move" : null),
      null, { timeout: 60000 });
    if ((await next.jsonValue()) === "end") return pressed;
    await page.locator(".pit.playable").first().click().catch(() => {}); // redrawn meanwhile: look again
  }
  throw new Error("the game did not end");
}

/**
 * Waits for the page to say it is offline. Chromium (148) gives a document loaded from the
 * service worker under Playwright's offline emulation `navigator.onLine === true`, which a real
 * device without a network does not: the emulation is set again, so that the page gets the
 * `offline` event a device would give it.
 * @param {import("playwright-core").BrowserContext} context
 * @param {import("playwright-core").Page} page
 */
async function offlineSaid(context, page) {
  if (await page.evaluate(() => navigator.onLine)) {
    await context.setOffline(false);
    await context.setOffline(true);
  }
  await page.locator(".offline-banner").waitFor();
}

test("installable and offline: a lesson, the counting trainer, a puzzle and whole games at every level and with a friend without the network", async () => {
  const { context, page, errors } = await openPage(env.browser, undefined, { reducedMotion: "reduce" });
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();

  // Installable: the manifest's fields, its icons fetched, a service worker controlling the page.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await page.evaluate(async (href) => (await fetch(href)).json(), manifestHref);
  for (const field of ["name", "short_name", "start_url", "display", "icons"]) assert.ok(manifest[field], field);
  assert.equal(manifest.display, "standalone");
  const sizes = manifest.icons.map((i) => i.sizes);
  assert.ok(sizes.includes("192x192") && sizes.includes("512x512"), sizes.join());
  for (const icon of manifest.icons) {
    const type = await page.evaluate(async (src) => { const r = await fetch(src); return r.ok ? r.headers.get("content-type") : null; }, icon.src);
    assert.equal(type, icon.type, icon.src);
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  const sw = await page.evaluate(async () => {
    const r = await fetch("/sw.js");
    return { type: r.headers.get("content-type"), cache: r.headers.get("cache-control"), text: await r.text() };
  });
  assert.match(sw.type, /^text\/javascript/);
  assert.equal(sw.cache, "no-cache");
  assert.match(sw.text, /^const VERSION = "[0-9a-f]{16}";/);
  assert.match(sw.text, /"\/wasm\/oware\.wasm"/);

  // An account, made while online: what is done offline goes to it once the network is back.
  const signup = await page.evaluate(async (password) => (await fetch("/api/account/signup", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Kofi", password }),
  })).status, PASSWORD);
  assert.equal(signup, 200);

  // The network off: the pages come back from the service worker; the lessons, the counting trainer
  // and the games run in the page (the rules core in WebAssembly).
  await page.evaluate(() => localStorage.setItem("oware.think-scale", "0.02"));
  await context.setOffline(true);
  await page.goto(new URL("learn#lesson/sowing/1", env.base).href);
  await offlineSaid(context, page);
  const steps = [["B"], ["E"], ["F"]];
  for (let i = 0; i < steps.length; i++) {
    await page.waitForFunction((t) => document.querySelector("#step-title").textContent.startsWith(t), `Step ${i + 1} of ${steps.length}`, { timeout: 20000 });
    for (const pit of steps[i]) await page.locator(`#learn-south [data-letter="${pit}"]`).click();
    await page.waitForFunction(() => document.querySelector("#step-said").textContent.includes("Step done"), null, { timeout: 20000 });
    await page.locator("#btn-next").click();
  }
  await page.goto(new URL("learn#count", env.base).href);
  await page.locator("#learn-count:not([hidden])").waitFor({ timeout: 20000 });
  await page.locator("#count-landing").selectOption("a");
  await page.locator("#count-seeds").fill("3");
  await page.locator("#count-form button[type=submit]").click();
  await page.waitForFunction(() => / the last one lands in [A-Fa-f], which then holds \d+\./.test(document.querySelector("#count-said").textContent), null, { timeout: 20000 });
  // A shipped puzzle: drawn, followed and explained by the module (the server's code), kept unrated.
  await page.goto(new URL("training", env.base).href);
  await offlineSaid(context, page);
  await page.waitForFunction(() => /Puzzle [0-9a-f]{12}/.test(document.querySelector("#tr-info").textContent), null, { timeout: 20000 });
  const puzzleId = (await page.locator("#tr-info").textContent()).match(/Puzzle ([0-9a-f]{12})/)[1];
  const line = LINES.get(puzzleId);
  for (let k = 0; k < line.length; k += 2) {
    await page.locator(`#board .pit[data-letter="${line[k]}"]`).click();
    if (k + 1 < line.length) {
      await page.waitForFunction((re) => new RegExp(re).test(document.querySelector("#status").textContent), `Right: ${line[k]}\\. The opponent answers ${line[k + 1]}`, { timeout: 20000 });
    }
  }
  await page.waitForFunction(() => /^Solved! .*Not rated: played offline/.test(document.querySelector("#status").textContent), null, { timeout: 20000 });
  const rounds = await page.evaluate(() => JSON.parse(localStorage.getItem("oware.offline-puzzles")));
  assert.deepEqual(rounds, [{ id: puzzleId, moves: line }], "the round kept to be sent");

  const imported = [];
  page.on("response", (r) => {
    const req = r.request();
    if (req.method() === "POST" && new URL(r.url()).pathname === "/api/games" && (req.postData() || "").includes('"ogn"')) imported.push(r.status());
  });
  await page.goto(env.base);
  await offlineSaid(context, page);
  for (const level of ["easy", "medium", "hard", "expert", "friend"]) {
    if (!(await page.locator("#dlg-new[open]").count())) {
      if (await page.locator("#dlg-end[open]").count()) await page.locator("#btn-end-close").click();
      await page.locator("#btn-new").click();
    }
    await page.locator(`#form-new input[name=opponent][value=${level}]`).check();
    await page.locator("#btn-new-start").click();
    await page.locator("#dlg-new").waitFor({ state: "hidden" });
    const pressed = await playToTheEnd(page);
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem("oware.game")).id);
    assert.match(id, /^off-/, `${level}: a game held in the browser`);
    assert.ok(pressed > 0, level);
    assert.match(await page.locator("#end-title").textContent(), /\S/);
  }
  const held = await page.evaluate(() => Object.values(JSON.parse(localStorage.getItem("oware.offline-games"))));
  assert.equal(held.length, 5);
  assert.ok(held.every((g) => !g.sent));

  // The network back: each finished game goes to the server as a record, which accepts it, and the
  // lesson's stars go to the account, which plays their moves again before keeping them.
  const progressSent = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/learn/progress" && r.request().method() === "POST", { timeout: 30000 });
  const roundsSent = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/puzzle/offline" && r.request().method() === "POST", { timeout: 30000 });
  await context.setOffline(false);
  await page.waitForFunction(() => Object.values(JSON.parse(localStorage.getItem("oware.offline-games"))).every((g) => g.sent), null, { timeout: 30000 });
  assert.deepEqual(imported, [201, 201, 201, 201, 201]);
  assert.equal((await progressSent).status(), 200);
  const kept = await page.evaluate(async () => {
    const list = await (await fetch("/api/learn")).json();
    return list.account ? list.stars.filter((s) => s.lesson === "sowing").map((s) => s.step).sort() : null;
  });
  assert.deepEqual(kept, [1, 2, 3], "the lesson's stars on the account");
  assert.equal((await roundsSent).status(), 200);
  await page.waitForFunction(() => localStorage.getItem("oware.offline-puzzles") === "[]", null, { timeout: 30000 });
  const history = await page.evaluate(async () => (await fetch("/api/puzzle/history")).json());
  assert.deepEqual(history.rounds.map((r) => [r.id, r.solved, r.diff]), [[puzzleId, true, 0]], "the puzzle on the account, unrated");
  assert.deepEqual(errors.filter((e) => !/Failed to fetch|NetworkError|ERR_INTERNET_DISCONNECTED/.test(e)), []);
  await context.close();
});
