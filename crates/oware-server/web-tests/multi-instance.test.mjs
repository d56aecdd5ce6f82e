// Browser test of several `oware serve` instances on one PostgreSQL database (docs/deploy.md): the two
// players of an online game and a spectator each on an instance of their own, in Debian's Chromium, see
// every move live, and the instances answer the same game. The database comes from
// OWARE_TEST_PG_BROWSER_URL (scripts/test.sh creates it on its throwaway cluster); without it the test is
// skipped with a note, except in CI, where it fails.
//
// Run: cargo build -p oware-cli && OWARE_TEST_PG_BROWSER_URL=postgres://… node --test crates/oware-server/web-tests/multi-instance.test.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { artifacts, bin, chromiumPath, startServer, launchBrowser } from "./harness.mjs";
import { onlineHelpers } from "./online-helpers.mjs";

const db = process.env.OWARE_TEST_PG_BROWSER_URL;
if (!db && process.env.CI) throw new Error("OWARE_TEST_PG_BROWSER_URL is not set: scripts/test.sh sets it");
const skip = db ? false : "OWARE_TEST_PG_BROWSER_URL is not set (scripts/test.sh sets it)";

const env = { base: null, browser: null };
const servers = [];
let tmp = null;
before(async () => {
  if (skip) return;
  assert.ok(existsSync(chromiumPath), `Chromium is missing at ${chromiumPath}: apt-get install chromium`);
  assert.ok(existsSync(bin), `the oware binary is missing at ${bin}: run cargo build -p oware-cli first`);
  tmp = mkdtempSync(join(tmpdir(), "oware-instances-"));
  mkdirSync(join(tmp, "egdb"));
  // One after the other: the first applies the migrations, the others find them applied.
  for (let i = 0; i < 3; i++) {
    servers.push(await startServer(["--db", db, "--egdb", join(tmp, "egdb"), "--no-egdb-build"]));
  }
  env.base = servers[0].url;
  env.browser = await launchBrowser();
});
after(async () => {
  if (env.browser) await env.browser.close();
  for (const s of servers) s.child.kill("SIGTERM");
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const { person, waitStatus, waitMoves, moveTexts, createOnline, joinByLink, playFirst } = onlineHelpers(env);

test("several instances: the players on two instances and a spectator on a third see every move live", { skip }, async () => {
  const [one, two, three] = servers.map((s) => s.url);
  assert.equal(new Set([one, two, three]).size, 3, "three servers");
  const a = await person();
  const b = await person();
  const c = await person();
  const id = await createOnline(a.page, { clock: "10+5", color: "S", name: "Ama", base: one });
  await joinByLink(b.page, id, "Kofi", two);
  await waitStatus(a.page, /^Your move/);
  await waitStatus(b.page, /Waiting for Ama to move/);
  await c.page.goto(`${three}game/${id}`);
  await waitStatus(c.page, /Ama to move · you are watching/);
  // Presence crosses instances: Ama (on the first) sees Kofi (on the second) connected.
  await a.page.waitForFunction(() => /Kofi \(North\): connected/.test(document.querySelector("#presence").textContent), null, { timeout: 20000 });
  for (let ply = 0; ply < 8; ply++) {
    await playFirst(ply % 2 === 0 ? a.page : b.page);
    for (const p of [a.page, b.page, c.page]) await waitMoves(p, ply + 1);
    assert.deepEqual(await moveTexts(c.page), await moveTexts(a.page), `the spectator's moves after ply ${ply + 1}`);
    assert.deepEqual(await moveTexts(b.page), await moveTexts(a.page), `Kofi's moves after ply ${ply + 1}`);
  }
  await waitStatus(a.page, /^Your move/);
  await a.page.screenshot({ path: join(artifacts, "instances-player-one.png") });
  await b.page.screenshot({ path: join(artifacts, "instances-player-two.png") });
  // Each instance answers the same game.
  const states = await Promise.all([one, two, three].map(async (base) => (await fetch(`${base}api/games/${id}`)).json()));
  for (const s of states) {
    assert.equal(s.ply, 8);
    assert.equal(s.version, states[0].version);
    assert.deepEqual(s.position, states[0].position);
  }
  const health = await (await fetch(`${two}api/health`)).json();
  assert.equal(health.database.kind, "postgresql");
  for (const x of [a, b, c]) assert.deepEqual(x.errors, []);
  for (const x of [a, b, c]) await x.context.close();
});
