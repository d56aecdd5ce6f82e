// Browser test of accounts and ratings (issue 29): two people sign up in two browsers, one posts a rated 3+2
// challenge, the other takes it, they play to the end (a resignation), each sees both rating changes in the end
// panel and their own on their profile; then rated games between the same two accounts are played through the
// HTTP API (the session cookies taken from the browsers) until both ratings are established, and a third
// browser finds both on the leaderboard. A French browser signs up and sees the account menu, the leaderboard,
// a profile and a tournament with no English left. Every wait is for a text or a state on the page, never a
// fixed time.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/accounts.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { artifacts, englishLeft, openPage, useServer } from "./harness.mjs";
import { PASSWORD, WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "accounts" });
const { person, signUp, waitStatus, waitMoves, playFirst } = onlineHelpers(env);

// The page writes a negative change with a minus sign (U+2212).
const CHANGE = /^(\+|\u2212)(\d+)$/;

/** A JSON request from node with a browser's session cookie (and its own Origin, as a page would send). */
function client(cookie) {
  const origin = env.base.replace(/\/$/, "");
  return async (method, path, body, seat) => {
    const headers = { cookie, origin };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (seat) headers["x-seat-token"] = seat;
    const res = await fetch(new URL(path, env.base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await res.json().catch(() => null);
    assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
}

/** The session cookie of a browser context, as a Cookie header. */
async function sessionCookie(context) {
  const cookies = await context.cookies(env.base);
  assert.ok(cookies.length, "the sign-up set a cookie");
  const session = cookies.find((c) => c.httpOnly) || cookies[0];
  return `${session.name}=${session.value}`;
}

test("accounts: sign up, a rated 3+2 game to its end, both rating changes, profiles, the leaderboard", async () => {
  const a = await person();
  const b = await person();
  await signUp(a.page, "ama");
  await signUp(b.page, "kofi");

  // Ama posts a rated 3+2 challenge (the Rated box is enabled once logged in); she plays South.
  await a.page.locator("#btn-new").click();
  await a.page.locator("#dlg-new[open]").waitFor();
  await a.page.locator("#form-new input[name=opponent][value=online]").check();
  await a.page.locator('#form-new input[name=clock][value="3+2"]').check();
  await a.page.locator("#form-new input[name=color][value=S]").check();
  await a.page.locator("#form-new input[name=lobby][value=lobby]").check();
  assert.equal(await a.page.locator("#form-new input[name=name]").inputValue(), "ama", "a player plays under the account's name");
  await a.page.locator("#new-rated:enabled").check();
  await a.page.locator("#btn-new-start").click();
  await a.page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/, WAIT);
  await waitStatus(a.page, /Waiting for an opponent/);
  const id = new URL(a.page.url()).pathname.split("/").pop();

  // Kofi finds it in the lobby, rated, with Ama's provisional rating, and takes it.
  await b.page.goto(env.base);
  await b.page.locator("#dlg-new[open]").waitFor();
  await b.page.locator("#btn-new-cancel").click();
  const row = b.page.locator(`#lobby-list li[data-id="${id}"]`);
  await row.waitFor(WAIT);
  assert.match(await row.textContent(), /ama 1500\? .*3\+2 · plays South · abapa · rated/);
  assert.equal(await b.page.locator("#lobby-name").inputValue(), "kofi");
  await row.locator("button").click();
  await b.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
  await waitStatus(b.page, /Waiting for ama to move/);
  await waitStatus(a.page, /^Your move/);

  // Both see the names (links to the profiles) with the provisional ratings.
  for (const [page, top] of [[a.page, "kofi"], [b.page, "ama"]]) {
    assert.equal(await page.locator("#name-top").textContent(), top);
    assert.equal(await page.locator("#name-top a").getAttribute("href"), `/@/${top}`);
    assert.equal(await page.locator("#rating-top").textContent(), "1500?");
    assert.equal(await page.locator("#rating-bottom").textContent(), "1500?");
  }

  // One move each (so the game counts), then Kofi resigns.
  await playFirst(a.page);
  await waitMoves(b.page, 1);
  await playFirst(b.page);
  await waitMoves(a.page, 2);
  await b.page.locator("#btn-resign").click();
  await b.page.locator("#dlg-confirm[open]").waitFor();
  await b.page.locator("#btn-confirm-yes").click();

  // The end panels show both ratings and both changes once the game is rated: Ama up, Kofi down, by the same
  // amount (equal ratings and deviations).
  const changes = {};
  for (const p of [a.page, b.page]) {
    await p.locator("#dlg-end[open]").waitFor(WAIT);
    await p.locator('#end-rating .rating-diff[data-side="N"]').waitFor(WAIT);
    const up = await p.locator('#end-rating .rating-diff[data-side="S"]').textContent();
    const down = await p.locator('#end-rating .rating-diff[data-side="N"]').textContent();
    assert.match(up, /^\+\d+$/);
    assert.match(down, /^\u2212\d+$/);
    assert.match(await p.locator("#end-rating").textContent(), /^Rating: ama 1500\? \+\d+ · kofi 1500\? \u2212\d+$/);
    changes.S = up;
    changes.N = down;
  }
  assert.equal(changes.S.slice(1), changes.N.slice(1));
  assert.equal(await a.page.locator("#end-reason").textContent(), "kofi resigned.");
  await a.page.screenshot({ path: join(artifacts, "accounts-rated-end.png") });
  await a.page.locator("#btn-end-close").click();
  // On the board too, by each name.
  assert.match(await a.page.locator("#rating-bottom").textContent(), new RegExp(`^1500\\? \\${changes.S}$`));
  assert.match(await a.page.locator("#rating-top").textContent(), new RegExp(`^1500\\? ${changes.N}$`));

  // Each profile: the rated blitz rating moved, one game won or lost, the game with its change, a link to its
  // replay, and the rating graph.
  for (const [x, name, change, result, record] of [
    [a, "ama", changes.S, "Win", /1 game: 1 won, 0 drawn, 0 lost\./],
    [b, "kofi", changes.N, "Loss", /1 game: 0 won, 0 drawn, 1 lost\./],
  ]) {
    await x.page.goto(`${env.base}@/${name}`);
    await x.page.locator("#profile:not([hidden])").waitFor(WAIT);
    assert.equal(await x.page.locator("#profile-name").textContent(), name);
    assert.match(await x.page.locator("#profile-record").textContent(), record);
    const blitz = x.page.locator('#profile-ratings tr[data-category="blitz"] td');
    assert.match(await blitz.nth(1).textContent(), /^1\d{3}\?$/);
    assert.equal(await blitz.nth(3).textContent(), "1");
    const game = x.page.locator(`#profile-games tr[data-id="${id}"]`);
    await game.waitFor(WAIT);
    assert.equal(await game.locator("td").nth(1).textContent(), "Blitz");
    assert.equal(await game.locator("td").nth(3).textContent(), result);
    assert.equal(await game.locator(".rating-diff").textContent(), change);
    assert.equal(await game.locator("a").getAttribute("href"), `/game/${id}`);
    await x.page.locator("#rating-graph polyline[data-category=blitz]").waitFor({ state: "attached", ...WAIT });
    // The result filter: no draws.
    await x.page.locator("#filter-result").selectOption("draw");
    await x.page.locator("#profile-games tr.empty").waitFor(WAIT);
    await x.page.locator("#filter-result").selectOption("");
    await game.waitFor(WAIT);
  }
  await a.page.screenshot({ path: join(artifacts, "accounts-profile.png") });
  // Ama's profile, as Kofi sees it, has the same game with Ama's change.
  await b.page.goto(`${env.base}@/ama`);
  assert.equal(await b.page.locator(`#profile-games tr[data-id="${id}"] .rating-diff`).textContent(), changes.S);
  // The replay opens from the profile.
  await b.page.locator(`#profile-games tr[data-id="${id}"] a`).click();
  await b.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
  await waitStatus(b.page, /Game over: ama wins/);

  // Seeding: rated 3+2 games between the two accounts through the API (one move each, then one resigns, the
  // winner alternating) until both blitz ratings are established; each game's change is checked once.
  const ama = client(await sessionCookie(a.context));
  const kofi = client(await sessionCookie(b.context));
  const established = async (name) => {
    const u = await ama("GET", `/api/user/${name}`);
    const r = u.ratings.find((x) => x.category === "blitz");
    return r && !r.provisional;
  };
  let games = 1;
  while (!((await established("ama")) && (await established("kofi")))) {
    assert.ok(games < 60, "established within 60 games");
    const created = await ama("POST", "/api/games", {
      opponent: "online", clock: { initial_s: 180, increment_s: 2 }, color: "S", lobby: false, rated: true,
    });
    assert.equal(created.state.online.rated, true);
    const joined = await kofi("POST", `/api/games/${created.id}/join`, {});
    await ama("POST", `/api/games/${created.id}/moves`, { move: "C" }, created.token);
    await kofi("POST", `/api/games/${created.id}/moves`, { move: "c" }, joined.token);
    const loser = games % 2 ? [ama, created.token] : [kofi, joined.token];
    const over = await loser[0]("POST", `/api/games/${created.id}/resign`, undefined, loser[1]);
    const state = over.state || over;
    assert.equal(typeof state.online.seats.S.rating.diff, "number", JSON.stringify(state.online.seats.S));
    games += 1;
  }

  // A third browser (no account) finds both on the blitz leaderboard, with links to their profiles.
  const c = await person();
  await c.page.goto(`${env.base}player`);
  await c.page.locator("#leaderboard:not([hidden])").waitFor(WAIT);
  for (const name of ["ama", "kofi"]) {
    const entry = c.page.locator(`#board-blitz tr[data-name="${name}"]`);
    await entry.waitFor(WAIT);
    assert.equal(await entry.locator("a").getAttribute("href"), `/@/${name}`);
    assert.match(await entry.locator("td").nth(2).textContent(), /^\d{3,4}$/);
    assert.equal(await entry.locator("td").nth(3).textContent(), String(games));
  }
  assert.match(await c.page.locator("#board-rapid").textContent(), /No established players yet/);
  await c.page.screenshot({ path: join(artifacts, "accounts-leaderboard.png") });
  // And opens a profile from there: established now (no "?").
  await c.page.locator('#board-blitz tr[data-name="kofi"] a').click();
  await c.page.locator("#profile:not([hidden])").waitFor(WAIT);
  assert.match(await c.page.locator('#profile-ratings tr[data-category="blitz"] td').nth(1).textContent(), /^\d{3,4}$/);

  // Ama's rated invite: Kofi, logged in, opens the link. The page does not ask for a seat his account does not
  // hold (that would be refused); it offers the free seat, says the game is rated, and he takes it.
  const created = await ama("POST", "/api/games", {
    opponent: "online", clock: { initial_s: 600, increment_s: 5 }, color: "S", lobby: false, rated: true,
  });
  await b.page.goto(`${env.base}game/${created.id}`);
  await b.page.locator("#form-join:not([hidden])").waitFor(WAIT);
  assert.deepEqual(
    { refusals: b.refusals, text: await b.page.locator("#join-text").textContent() },
    { refusals: [], text: "ama invites you to play. You would play North, 10+5. The game is rated." });
  assert.equal(await b.page.locator("#join-name").inputValue(), "kofi");
  await b.page.screenshot({ path: join(artifacts, "accounts-rated-invite.png") });
  await b.page.locator("#btn-join").click();
  await waitStatus(b.page, /Waiting for ama to move/);
  assert.equal(await b.page.locator("#name-bottom a").getAttribute("href"), "/@/kofi", "the seat is his account's");
  await ama("POST", `/api/games/${created.id}/moves`, { move: "C" }, created.token);

  // The game continued on another device: Kofi logs in in a fresh browser, opens it (no seat token in this
  // browser) and has his account's seat there; his move is played from it.
  const d = await person();
  await d.page.goto(env.base);
  await d.page.locator("#dlg-new[open]").waitFor();
  await d.page.locator("#btn-new-cancel").click();
  await d.page.locator("#btn-login").click();
  await d.page.locator("#dlg-login input[name=name]").fill("kofi");
  await d.page.locator("#dlg-login input[name=password]").fill(PASSWORD);
  await d.page.locator("#dlg-login-ok").click();
  await d.page.locator('#account[data-name="kofi"]').waitFor(WAIT);
  await d.page.goto(`${env.base}game/${created.id}`);
  await waitStatus(d.page, /^Your move/);
  assert.equal(await d.page.locator("#name-bottom").textContent(), "kofi");
  assert.equal(await d.page.locator("#rating-bottom").textContent(), "1500?", "10+5 is rapid: his first rapid game");
  await playFirst(d.page);
  await waitMoves(d.page, 2);
  // Log out from the menu: the header offers the log-in again.
  await d.page.locator("#account-name").click();
  await d.page.locator("#menu-logout").click();
  await d.page.locator("#btn-login").waitFor(WAIT);

  for (const x of [a, b, c, d]) assert.deepEqual(x.errors, []);
  for (const x of [a, b, c, d]) assert.deepEqual(x.refusals, [], "no request the server refuses");
  for (const x of [a, b, c, d]) await x.context.close();
});

test("accounts: a guest cannot post a rated challenge, log in errors are shown, the reset link's form", async () => {
  const g = await person();
  await g.page.goto(env.base);
  await g.page.locator("#dlg-new[open]").waitFor();
  await g.page.locator("#form-new input[name=opponent][value=online]").check();
  assert.ok(await g.page.locator("#new-rated").isDisabled(), "Rated needs an account");
  await g.page.locator("#btn-new-cancel").click();

  // A wrong password: the server's sentence is shown in the dialog.
  await g.page.locator("#btn-login").click();
  await g.page.locator("#dlg-login input[name=name]").fill("ama");
  await g.page.locator("#dlg-login input[name=password]").fill("not-her-password");
  await g.page.locator("#dlg-login-ok").click();
  await g.page.waitForFunction(() => document.querySelector("#dlg-login .form-error").textContent.length > 0, null, WAIT);
  assert.ok(await g.page.locator("#dlg-login[open]").isVisible());
  // A name someone has: the server's sentence again.
  await g.page.locator("#btn-auth-switch").click();
  await g.page.locator("#dlg-login input[name=password]").fill(PASSWORD);
  await g.page.locator("#dlg-login-ok").click();
  await g.page.waitForFunction(() => /taken/.test(document.querySelector("#dlg-login .form-error").textContent), null, WAIT);
  await g.page.locator("#dlg-login button", { hasText: "Cancel" }).click();

  // A reset link with a token the server does not know: its refusal is shown as text.
  await g.page.goto(`${env.base}account/reset?token=nope`);
  await g.page.locator("#reset:not([hidden])").waitFor(WAIT);
  await g.page.locator("#reset-password").fill(PASSWORD);
  await g.page.locator("#reset-again").fill(PASSWORD);
  await g.page.locator("#btn-reset").click();
  await g.page.waitForFunction(() => document.querySelector("#reset-error").textContent.length > 0, null, WAIT);

  // An unknown player's profile says so.
  // (The status says "Loading…" before the answer: wait for the answer, then for its text.)
  await Promise.all([
    g.page.waitForResponse((r) => r.url().endsWith("/api/user/nobody_here"), WAIT),
    g.page.goto(`${env.base}@/nobody_here`),
  ]);
  await g.page.waitForFunction(() => !/Loading/.test(document.querySelector("#people-status").textContent) && document.querySelector("#profile").hidden, null, WAIT);
  assert.deepEqual(g.errors, []);
  // The refusals are the ones the person was told about, and none other.
  assert.deepEqual(g.refusals, [
    "POST /api/account/login 401",
    "POST /api/account/signup 409",
    "POST /api/account/reset 422",
    "GET /api/user/nobody_here 404",
  ]);
  await g.context.close();
});

test("accounts in French: sign up, the account menu, the leaderboard, a profile, a tournament", async () => {
  const { context, page, errors } = await openPage(env.browser, undefined, { locale: "fr-FR" });
  // "points" is French as well (the standings' column), and so is "Cycle" (the game search's
  // endings on the profile).
  const ignore = ["points", "Cycle"];

  // The leaderboard, and the sign-up dialog from its header.
  await page.goto(`${env.base}player`);
  assert.equal(await page.getAttribute("html", "lang"), "fr");
  await page.locator("#leaderboard:not([hidden])").waitFor(WAIT);
  assert.deepEqual(await englishLeft(page, ignore), []);
  await page.locator("#btn-signup").click();
  await page.locator("#dlg-login[open]").waitFor();
  assert.equal(await page.locator("#dlg-login-ok").textContent(), "S'inscrire");
  assert.deepEqual(await englishLeft(page, ignore), []);
  await page.locator("#dlg-login input[name=name]").fill("awa");
  await page.locator("#dlg-login input[name=password]").fill(PASSWORD);
  await page.locator("#dlg-login-ok").click();
  await page.locator('#account[data-name="awa"]').waitFor(WAIT);

  // The account menu and the password dialog.
  await page.locator("#account-name").click();
  await page.locator("#menu-logout").waitFor();
  assert.deepEqual(await englishLeft(page, ignore), []);
  await page.locator("#menu-password").click();
  await page.locator("#dlg-password[open]").waitFor();
  assert.deepEqual(await englishLeft(page, ignore), []);
  await page.locator("#dlg-password button", { hasText: "Annuler" }).click();

  // Her profile: no games yet, in French.
  await page.goto(`${env.base}@/awa`);
  await page.locator("#profile:not([hidden])").waitFor(WAIT);
  await page.locator("#profile-games tr.empty").waitFor(WAIT);
  await page.locator("#rating-graph p").waitFor(WAIT);
  await page.waitForFunction(() => document.querySelector("#profile-puzzles").textContent.length > 0, null, WAIT);
  assert.equal(await page.locator("#profile-record").textContent(), "0 partie\u00a0: 0 gagnée, 0 nulle, 0 perdue.");
  assert.deepEqual(await englishLeft(page, ignore), []);

  // An arena that starts in an hour: the list, then its page, where she joins.
  const made = await page.evaluate(async () => {
    const res = await fetch("/api/tournaments", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "arena", name: "Arène du soir", minutes: 30, initial_s: 180, increment_s: 2, starts_ms: Date.now() + 3600000 }),
    });
    return { status: res.status, body: await res.json() };
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  await page.goto(`${env.base}tournaments`);
  await page.locator(`#t-list:not([hidden]) a[href="/tournament/${made.body.id}"]`).waitFor(WAIT);
  await page.locator("#t-create-box summary").click();
  assert.deepEqual(await englishLeft(page, ignore), []);
  await page.goto(`${env.base}tournament/${made.body.id}`);
  await page.locator("#t-join:not([hidden])").click();
  await page.locator('#t-standings tr[data-player="awa"]').waitFor(WAIT);
  assert.match(await page.locator("#t-info").textContent(), /^Arène, 30 minutes · 3\+2 · classé · 1 joueur \(100 au maximum\)$/);
  assert.match(await page.locator("#t-when").textContent(), /^Commence le /);
  assert.deepEqual(await englishLeft(page, ignore), []);
  assert.deepEqual(errors, []);
  await context.close();
});
