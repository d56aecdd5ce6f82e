// Browser tests of challenges between accounts and of bots on the page (issue 53): a person challenges a bot
// from its profile, the bot (driven here through the bot API, as an engine's bridge would) accepts, they play
// and both see the BOT mark; a person challenges another person from a profile, who declines (the reason
// reaches the challenger in words), then accepts from the notice, and both land on the game; "Yes, resign"
// pressed while a move animates ends the game (D4); with the animation "Auto", the end (Rematch, the rating
// changes) waits for the last move's animation (D7). Every wait is for a text or a state, never a fixed time.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/challenge.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";

import { join } from "node:path";

import { artifacts, useServer, waitText } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "challenge" });
const { person, signUp, waitStatus, waitMoves, playFirst } = onlineHelpers(env);

/** A JSON request from node: with a browser's session cookie (and the page's Origin), or a Bearer token. */
function client({ cookie, token }) {
  const origin = env.base.replace(/\/$/, "");
  return async (method, path, body, seat) => {
    const headers = cookie ? { cookie, origin } : { authorization: `Bearer ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (seat) headers["x-seat-token"] = seat;
    const res = await fetch(new URL(path, env.base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await res.json().catch(() => null);
    return { status: res.status, data };
  };
}

/** The session cookie of a browser context, as a Cookie header. */
async function sessionCookie(context) {
  const cookies = await context.cookies(env.base);
  const session = cookies.find((c) => c.httpOnly) || cookies[0];
  return `${session.name}=${session.value}`;
}

/** The lines of an NDJSON stream read by node (the bot's event stream): `next(check)` resolves to the next line passing `check`. */
async function ndjson(path, token) {
  const controller = new AbortController();
  const res = await fetch(new URL(path, env.base), { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  assert.equal(res.status, 200);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  return {
    async next(check = () => true) {
      for (;;) {
        let nl;
        while ((nl = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (line) {
            const v = JSON.parse(line);
            if (check(v)) return v;
          }
        }
        const { done, value } = await reader.read();
        assert.ok(!done, "the stream went on");
        buf += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

/** Plays a legal move of `side` ("S" or "N") in game `id` through `send` (seat `token`, or the bot route when `bot`). */
async function playLegal(send, id, token, bot = false) {
  const state = await (await fetch(new URL(`/api/games/${id}`, env.base))).json();
  const legal = state.pits_info.filter((p) => p.legal).map((p) => p.letter);
  assert.ok(legal.length, "a legal move");
  const r = bot ? await send("POST", `/api/bot/game/${id}/move/${legal[0]}`) : await send("POST", `/api/games/${id}/moves`, { move: legal[0] }, token);
  assert.equal(r.status, 200, JSON.stringify(r.data));
}

test("challenges: a person challenges a bot from its profile, the bot accepts through the API, both see the BOT mark", async () => {
  const ama = await person();
  const deep = await person({ width: 375, height: 740 });
  await signUp(ama.page, "Ama");
  await signUp(deep.page, "DeepBot");
  // D6: a server without house bots shows no house-bot checkbox.
  assert.ok(await ama.page.locator("#pool-bots-row").isHidden());
  // DeepBot's owner makes a token in the page's session and upgrades the account.
  const deepWeb = client({ cookie: await sessionCookie(deep.context) });
  const made = await deepWeb("POST", "/api/account/tokens", { description: "engine", scopes: ["bot:play", "challenge:read", "challenge:write"] });
  assert.equal(made.status, 201);
  const bot = client({ token: made.data.token });
  assert.equal((await bot("POST", "/api/bot/account/upgrade")).status, 200);
  const events = await ndjson("/api/stream/event", made.data.token);

  // Ama opens the bot's profile: the BOT mark, and Challenge.
  await ama.page.goto(`${env.base}@/DeepBot`);
  await ama.page.locator("#profile-name .bot-mark").waitFor(WAIT);
  await ama.page.locator("#btn-challenge:not([hidden])").click();
  await ama.page.locator("#dlg-challenge[open]").waitFor();
  await ama.page.locator("#challenge-clock").selectOption("600+5");
  await ama.page.screenshot({ path: join(artifacts, "challenge-dialog.png") });
  await ama.page.locator("#challenge-side").selectOption("south");
  await ama.page.locator("#challenge-send").click();
  await waitText(ama.page, "#challenge-notices", /Waiting for DeepBot to answer your challenge/);

  // The bot hears of it and accepts; Ama's page opens the game.
  const c = await events.next((e) => e.type === "challenge" && e.challenge.challenger.name === "Ama");
  assert.equal(c.challenge.side, "south");
  assert.deepEqual(c.challenge.clock, { initial_s: 600, increment_s: 5 });
  const accepted = await bot("POST", `/api/challenge/${c.challenge.id}/accept`);
  assert.equal(accepted.status, 200);
  const id = accepted.data.game_id;
  await ama.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
  await waitStatus(ama.page, /^Your move/);
  assert.equal(await ama.page.locator("#name-top .bot-mark").textContent(), "BOT");

  // They play two moves each: Ama on the board, the bot through its route.
  for (let i = 0; i < 2; i++) {
    await playFirst(ama.page);
    await waitMoves(ama.page, 2 * i + 1);
    await playLegal(bot, id, null, true);
    await waitMoves(ama.page, 2 * i + 2);
  }
  // The bot writes; its line in Ama's chat carries the mark.
  assert.equal((await bot("POST", `/api/bot/game/${id}/chat`, { room: "player", text: "good game" })).status, 200);
  await ama.page.locator("#chat-log .chat-line .bot-mark").waitFor(WAIT);
  // The bot's owner watches its game on a phone: the mark beside its own name too.
  await deep.page.goto(`${env.base}game/${id}`);
  await deep.page.locator(".player-name .bot-mark").first().waitFor(WAIT);
  assert.equal(await deep.page.locator(".player-name .bot-mark").count(), 1, "one bot in the game");
  assert.match(await deep.page.locator(".player-name:has(.bot-mark)").textContent(), /DeepBot\s*BOT/);
  // The leaderboard's bots tab.
  await ama.page.goto(`${env.base}player`);
  await ama.page.locator("#tab-bots").click();
  await ama.page.waitForURL(/bots=true/, WAIT);
  assert.equal(await ama.page.locator("#tab-bots").getAttribute("aria-selected"), "true");
  events.close();
  assert.deepEqual([...ama.errors, ...deep.errors], []);
});

test("challenges: a person challenges a person from the profile, is declined with a reason, then accepted from the notice; resign during an animation", async () => {
  const ama = await person();
  const kofi = await person({ width: 375, height: 740 });
  await signUp(ama.page, "Abena");
  await signUp(kofi.page, "Kwame");

  // Declined, by keyboard, with a reason: Abena reads it in words.
  await ama.page.goto(`${env.base}@/Kwame`);
  await ama.page.locator("#btn-challenge:not([hidden])").focus();
  await ama.page.keyboard.press("Enter");
  await ama.page.locator("#dlg-challenge[open]").waitFor();
  await ama.page.locator("#challenge-clock").selectOption("300+3");
  await ama.page.locator("#challenge-side").selectOption("south");
  await ama.page.locator("#challenge-send").click();
  const notice = kofi.page.locator(".challenge-notice.incoming");
  await notice.waitFor(WAIT);
  assert.match(await notice.textContent(), /Abena challenges you: 5\+3, casual, you play North/);
  await kofi.page.screenshot({ path: join(artifacts, "challenge-notice-phone.png") });
  await notice.locator("[data-action=reason]").selectOption("later");
  await notice.locator("[data-action=decline]").click();
  await waitText(ama.page, "#challenge-notices", /Kwame declined your challenge: not now, ask again later/);
  await ama.page.locator("#challenge-notices [data-action=close]").click();

  // Again, accepted from the notice: both land on the game.
  await ama.page.locator("#btn-challenge").click();
  await ama.page.locator("#challenge-side").selectOption("south");
  await ama.page.locator("#challenge-send").click();
  await notice.waitFor(WAIT);
  await notice.locator("[data-action=accept]").click();
  await kofi.page.waitForURL(/\/game\//, WAIT);
  const id = new URL(kofi.page.url()).pathname.split("/").pop();
  await ama.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
  await waitStatus(ama.page, /^Your move/);

  // D4: a move each; then Kwame's page sows slowly, and while Abena's next move animates there he resigns.
  await playFirst(ama.page);
  await waitStatus(kofi.page, /^Your move/);
  await playFirst(kofi.page);
  await waitStatus(ama.page, /^Your move/);
  await kofi.page.locator("#speed").selectOption("slow");
  await playFirst(ama.page);
  await kofi.page.locator("#board .fly").first().waitFor(WAIT);
  await kofi.page.locator("#btn-resign").click();
  await kofi.page.locator("#dlg-confirm[open]").waitFor();
  await kofi.page.locator("#btn-confirm-yes").click();
  for (const p of [ama.page, kofi.page]) await p.locator("#dlg-end[open]").waitFor(WAIT);
  assert.equal(await ama.page.locator("#end-reason").textContent(), "Kwame resigned.");
  assert.deepEqual([...ama.errors, ...kofi.errors], []);
});

test("challenges: with the animation Auto, the end of a rated game waits for its last move", async () => {
  const ama = await person();
  const kofi = await person();
  await signUp(ama.page, "Esi");
  await signUp(kofi.page, "Yaw");
  const esi = client({ cookie: await sessionCookie(ama.context) });
  const yaw = client({ cookie: await sessionCookie(kofi.context) });

  // The moves of a game where each side plays its first legal pit, to its end, found on a local game.
  const local = (await esi("POST", "/api/games", { opponent: "friend" })).data;
  const line = [];
  for (let state = local.state; !state.outcome;) {
    const letter = state.pits_info.find((p) => p.legal).letter;
    line.push(letter);
    state = (await esi("POST", `/api/games/${local.id}/moves`, { move: letter }, local.token)).data.state;
  }
  assert.ok(line.length > 2, "a game of some moves");

  // The same moves in a rated game by challenge, all but the last through the API.
  const c = await esi("POST", "/api/challenge/Yaw", { rated: true, clock: { initial_s: 1800, increment_s: 0 }, side: "south" });
  assert.equal(c.status, 201, JSON.stringify(c.data));
  const accepted = await yaw("POST", `/api/challenge/${c.data.id}/accept`);
  const id = accepted.data.game_id;
  const seats = { S: (await esi("POST", `/api/games/${id}/seat`, {})).data.token, N: (await yaw("POST", `/api/games/${id}/seat`, {})).data.token };
  const send = { S: esi, N: yaw };
  for (let i = 0; i < line.length - 1; i++) {
    const side = i % 2 ? "N" : "S";
    const r = await send[side]("POST", `/api/games/${id}/moves`, { move: line[i] }, seats[side]);
    assert.equal(r.status, 200, JSON.stringify(r.data));
  }

  // Esi watches with the animation Auto (the page's default); whatever is drawn while the last move's seeds
  // fly is noted: neither Rematch nor a rating change may show before the move has.
  await ama.page.goto(`${env.base}game/${id}`);
  await waitMoves(ama.page, line.length - 1);
  await ama.page.locator("#speed").selectOption("auto");
  await ama.page.evaluate(() => {
    const seen = (window.__early = []);
    new MutationObserver(() => {
      if (!document.querySelector("#board .fly")) return;
      if (document.querySelector("#btn-rematch-online")) seen.push("rematch");
      if (document.querySelector(".player-rating .rating-diff")) seen.push("rating change");
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const last = line.length - 1;
  const side = last % 2 ? "N" : "S";
  assert.equal((await send[side]("POST", `/api/games/${id}/moves`, { move: line[last] }, seats[side])).status, 200);
  await ama.page.locator("#board .fly").first().waitFor(WAIT);
  await ama.page.locator("#dlg-end[open]").waitFor(WAIT);
  assert.deepEqual(await ama.page.evaluate(() => window.__early), [], "nothing of the end before the last move");
  // After it: the end, the last move, Rematch and both changes together.
  await waitStatus(ama.page, /Game over/);
  await waitMoves(ama.page, line.length);
  await ama.page.locator("#btn-end-close").click();
  await ama.page.locator("#btn-rematch-online").waitFor(WAIT);
  await ama.page.locator("#rating-bottom .rating-diff").waitFor(WAIT);
  assert.deepEqual(ama.errors, []);
});
