// Browser test of tournaments (issue 31): two people sign up in two browsers, an arena that starts at once is
// made through the API, both find it in the tournament list and join it from its page, the next pairing wave
// pairs them (the page's standings come from its event stream), each goes to the game from the tournament page,
// one move each, one resigns, and both tournament pages show the winner's 2 points. Every wait is for a text or
// a state on the page, never a fixed time (the server's waves run every 2 s of its clock).
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/tournament.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { artifacts, useServer } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "tournament" });
const { person, signUp, waitMoves, playFirst } = onlineHelpers(env);

test("tournament: two players join an arena from the list, are paired, play, and see the standings change", async () => {
  const a = await person();
  const b = await person();
  await signUp(a.page, "ama");
  await signUp(b.page, "kofi");

  // Ama makes a 10-minute 3+2 arena starting now, from the page's own fetch (her session cookie).
  const made = await a.page.evaluate(async () => {
    const res = await fetch("/api/tournaments", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "arena", name: "Browser Arena", minutes: 10, initial_s: 180, increment_s: 2, starts_ms: Date.now() }),
    });
    return { status: res.status, body: await res.json() };
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;

  // Both find it in the list and join from its page.
  for (const p of [a, b]) {
    await p.page.goto(`${env.base}tournaments`);
    const entry = p.page.locator(`#t-list a[href="/tournament/${id}"]`);
    await entry.waitFor(WAIT);
    assert.equal(await entry.textContent(), "Browser Arena");
    await entry.click();
    await p.page.waitForURL(new RegExp(`/tournament/${id}$`), WAIT);
    await p.page.locator("#t-join:not([hidden])").click();
    await p.page.locator("#t-withdraw:not([hidden])").waitFor(WAIT);
    // Ama joins first: one player, in the singular.
    if (p === a) assert.match(await a.page.locator("#t-info").textContent(), / · 1 player \(at most 100\)$/);
  }
  for (const p of [a, b]) {
    await p.page.locator('#t-standings tr[data-player="ama"]').waitFor(WAIT);
    await p.page.locator('#t-standings tr[data-player="kofi"]').waitFor(WAIT);
  }

  // The next wave pairs them: the page (told by its event stream) offers the game.
  for (const p of [a, b]) await p.page.locator("#t-play:not([hidden])").waitFor(WAIT);
  assert.equal(await a.page.locator("#t-play").getAttribute("href"), await b.page.locator("#t-play").getAttribute("href"));
  // Ama keeps her tournament page open in a second tab to watch the standings change.
  const watch = await a.context.newPage();
  await watch.goto(`${env.base}tournament/${id}`);
  await watch.locator("#t-play:not([hidden])").waitFor(WAIT);
  assert.equal(await watch.locator('#t-standings tr[data-player="ama"] td:nth-child(4)').textContent(), "0");

  await a.page.locator("#t-play").click();
  await b.page.locator("#t-play").click();
  for (const p of [a, b]) await p.page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/, WAIT);

  // One move each (South first), then the second mover resigns.
  const isMyMove = (p) => p.page.locator("#status").textContent().then((t) => /^Your move/.test(t));
  await a.page.waitForFunction(() => /Your move|Waiting for/.test(document.querySelector("#status").textContent), null, WAIT);
  await b.page.waitForFunction(() => /Your move|Waiting for/.test(document.querySelector("#status").textContent), null, WAIT);
  let [first, second] = [a, b];
  for (let i = 0; i < 200 && !(await isMyMove(first)) && !(await isMyMove(second)); i++) await a.page.waitForTimeout(50);
  if (!(await isMyMove(first))) [first, second] = [b, a];
  await playFirst(first.page);
  await waitMoves(second.page, 1);
  await playFirst(second.page);
  await waitMoves(first.page, 2);
  await second.page.locator("#btn-resign").click();
  await second.page.locator("#dlg-confirm[open]").waitFor();
  await second.page.locator("#btn-confirm-yes").click();

  // The watching tab sees the winner's 2 points without a reload.
  const winner = first === a ? "ama" : "kofi";
  const loser = first === a ? "kofi" : "ama";
  await watch.waitForFunction(
    (n) => document.querySelector(`#t-standings tr[data-player="${n}"] td:nth-child(4)`)?.textContent === "2",
    winner, WAIT);
  assert.equal(await watch.locator(`#t-standings tr[data-player="${loser}"] td:nth-child(4)`).textContent(), "0");
  assert.equal(await watch.locator("#t-standings tbody tr:first-child").getAttribute("data-player"), winner);
  assert.match(await watch.locator("#t-games tbody").textContent(), /1–0|0–1/);

  // How the page draws what only longer tournaments reach, from this tournament's own answer with those parts
  // changed (the server's side of each is checked in tests/tournaments.rs): a finished arena whose leader is
  // on fire, with a podium of players sharing a place; then a Swiss in its second round, with both rounds' byes.
  const real = await (await watch.request.get(`${env.base}api/tournaments/${id}`)).json();
  const line = (l, rank, more) => ({ ...l, rank, ...more });
  const [top, next] = real.standings;
  // The page asks for a page of the standings (`?page=N`): the route matches with or without a query.
  const own = new RegExp(`/api/tournaments/${id}(\\?.*)?$`);
  const shown = async (view) => {
    await watch.unroute(own);
    await watch.route(own, (r) => r.fulfill({ json: view }));
    await watch.reload();
    await watch.locator("#t-one:not([hidden])").waitFor(WAIT);
  };
  await shown({
    ...real, status: "finished", players: 3, podium: [top.name, next.name, "esi"],
    standings: [line(top, 1, { on_fire: true }), line(next, 2, {}), line(next, 2, { name: "esi", sheet: [] })],
  });
  // The mark is drawn (an SVG with its words), not an emoji a browser without an emoji font shows as a box.
  const fire = watch.locator(`#t-standings tr[data-player="${top.name}"] svg[role=img][aria-label="on fire"]`);
  assert.equal(await fire.count(), 1);
  assert.doesNotMatch(await watch.locator("#t-standings").textContent(), /\p{Extended_Pictographic}/u);
  assert.equal(await watch.locator("#t-podium").textContent(), `Podium: 1. ${top.name}  2. ${next.name}  2. esi`);
  assert.match(await watch.locator("#t-info").textContent(), /^Arena, 10 minutes · 3\+2 · rated · 3 players \(at most 100\)$/);
  await watch.screenshot({ path: join(artifacts, "tournament-arena-end.png") });
  const swissLine = (l, rank) => ({ ...l, rank, sheet: undefined, on_fire: undefined, buchholz: 1, sonneborn_berger: 0.5 });
  await shown({
    ...real, kind: "swiss", minutes: null, rounds: 2, round: 2, status: "started", bye: next.name,
    byes: [{ round: 1, name: top.name }, { round: 2, name: next.name }],
    standings: [swissLine(top, 1), swissLine(next, 2)],
  });
  assert.match(await watch.locator("#t-info").textContent(), /^Swiss, 2 rounds · /);
  assert.match(await watch.locator("#t-when").textContent(), new RegExp(`round 2 of 2 · bye: ${next.name}$`));
  assert.equal(await watch.locator("#t-byes").textContent(), `Byes (a point without a game): round 1 ${top.name} · round 2 ${next.name}`);
  for (const x of [a, b]) assert.deepEqual(x.errors, []);
});
