// Browser test of watching: /tv follows the featured game in play on the game's spectator stream and tunes
// in the next one when it ends (the games are made, played and resigned through the API, as any client
// would); /games lists the games in play as small boards and opens one; the home page shows the TV board.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/tv.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";

import { useServer } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "tv" });
const { person } = onlineHelpers(env);

/** One JSON request to the server (`token`: a seat's); resolves to the answer's JSON, rejects on an error. */
async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers["x-seat-token"] = token;
  const r = await fetch(new URL(path, env.base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** An online game without a clock between `south` and `north`, both seats taken: {id, tokens: {S, N}}. */
async function playing(south, north) {
  const created = await api("POST", "/api/games", { opponent: "online", color: "S", name: south, lobby: false });
  const joined = await api("POST", `/api/games/${created.id}/join`, { name: north });
  return { id: created.id, tokens: { S: created.token, N: joined.token } };
}

test("tv: follows the featured game live, switches to the next when it ends; /games opens a game in play", async () => {
  const first = await playing("Ama", "Kofi");
  const second = await playing("Esi", "Yaw");
  const games = new Map([[first.id, first], [second.id, second]]);

  const viewer = await person();
  const { page } = viewer;
  await page.goto(`${env.base}tv`);
  const box = page.locator("#tv-game:not([hidden])");
  await box.waitFor(WAIT);
  const shown = await box.getAttribute("data-game");
  assert.ok(games.has(shown), `TV shows one of the games in play, not ${shown}`);
  const other = shown === first.id ? second : first;
  const featured = games.get(shown);
  assert.match(await page.locator("#tv-bottom .tv-name").textContent(), /^(Ama|Esi)$/);

  // A move reaches TV on the game's stream (the board's position text changes, the moved pit is marked).
  const before = await page.locator("#tv-board").getAttribute("data-text");
  await api("POST", `/api/games/${shown}/moves`, { move: "C" }, featured.tokens.S);
  await page.waitForFunction((b) => document.querySelector("#tv-board").dataset.text !== b, before, WAIT);
  assert.equal(await page.locator("#tv-board .pit.last-from").getAttribute("data-pit"), "2");

  // The evaluation bar is off until tapped.
  assert.ok(await page.locator("#tv-eval").isHidden());
  await page.locator("#tv-eval-toggle").click();
  assert.equal(await page.locator("#tv-eval-toggle").getAttribute("aria-pressed"), "true");
  await page.locator("#tv-eval:not([hidden])").waitFor(WAIT);
  await page.waitForFunction(() => /^South [+−]\d/.test(document.querySelector("#tv-eval-text").textContent), null, WAIT);
  if (process.env.TV_SHOT) await page.screenshot({ path: process.env.TV_SHOT });

  // North resigns: TV says who won, then tunes in the other game.
  await api("POST", `/api/games/${shown}/resign`, undefined, featured.tokens.N);
  await page.waitForFunction(() => /won/.test(document.querySelector("#tv-result").textContent), null, WAIT);
  await page.locator(`#tv-game[data-game="${other.id}"]`).waitFor(WAIT);

  // The games in play: only the other game is left; it opens at its own address, as a spectator sees it.
  await page.goto(`${env.base}games`);
  const item = page.locator(`.live-item[data-game="${other.id}"]`);
  await item.waitFor(WAIT);
  assert.equal(await page.locator(".live-item").count(), 1);
  assert.equal(await item.locator(".pit").count(), 12);
  await page.locator("#games-filter select[name=bots]").selectOption("only");
  await page.locator(".live-item").first().waitFor({ state: "detached", ...WAIT });
  await page.locator("#games-filter select[name=bots]").selectOption("with");
  await item.locator("a").click();
  await page.waitForURL(`${env.base}game/${other.id}`, WAIT);
  await page.locator("#row-bottom .pit").first().waitFor(WAIT);

  // The home page shows the TV board.
  await page.goto(env.base);
  await page.locator("#home-tv:not([hidden]) .board-small").waitFor(WAIT);
  assert.deepEqual(viewer.errors, []);
  await viewer.context.close();
});
