// Browser test of Oware as a social game (issue 30): three browsers (two players and a spectator, separate
// profiles) on the real `oware serve`. The players chat; a spectator's message reaches the players only in a
// game opened to advice; a too-long and a too-fast message get the server's message; a cycle agreement ends
// a game in the page. Every wait is for a text or a state on the page.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/social.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { artifacts, useServer } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "social" });
const { person, waitStatus, createOnline, joinByLink, playFirst } = onlineHelpers(env);

const logTexts = (page) => page.locator("#chat-log .chat-text").allTextContents();

async function say(page, text) {
  await page.locator("#chat-text").fill(text);
  await page.locator("#btn-chat-send").click();
}

async function waitLine(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll("#chat-log .chat-text")].some((e) => e.textContent === t), text, WAIT);
}

async function waitError(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#chat-error").textContent), re.source, WAIT);
}

test("social: players chat, the spectators' room stays theirs, limits, a cycle agreement ends the game", async () => {
  const a = await person();
  const b = await person();
  const c = await person();
  const id = await createOnline(a.page, { clock: "none", color: "S", name: "Ama", lobby: "invite" });
  await joinByLink(b.page, id, "Kofi");
  await c.page.goto(`${env.base}game/${id}`);
  await c.page.locator("#chat:not([hidden])").waitFor(WAIT);
  await waitStatus(a.page, /Your move|South to move|Ama/);

  // The players talk; the spectator reads them.
  await say(a.page, "Hello Kofi <b>good luck</b>");
  await waitLine(b.page, "Hello Kofi <b>good luck</b>");
  await waitLine(c.page, "Hello Kofi <b>good luck</b>");
  assert.equal(await b.page.locator("#chat-log b").count(), 0, "text, never HTML");
  await say(b.page, "Thanks, see www.example.org");
  await waitLine(a.page, "Thanks, see www.example.org");
  assert.equal(await a.page.locator("#chat-log a").count(), 0, "no link made");

  // The spectator writes in the spectators' room: the players of a game not open to advice never see it.
  assert.ok(await c.page.locator("#chat-name-label").isVisible());
  await c.page.locator("#chat-name").fill("Yaw");
  await say(c.page, "Ama should play E");
  await waitLine(c.page, "Ama should play E");
  assert.match(await c.page.locator("#chat-log .chat-line[data-room=spectators] .chat-who").first().textContent(), /Yaw/);
  // A guest's message is marked as a guest's; only an account's carries the check mark.
  assert.match(await c.page.locator("#chat-log .chat-line[data-room=spectators] .chat-tag").first().textContent(), /guest spectator/);
  assert.equal(await c.page.locator("#chat-log .chat-line[data-writer=guest] .chat-verified").count(), 0);
  await say(a.page, "Your move soon");
  await waitLine(b.page, "Your move soon");
  for (const p of [a.page, b.page]) assert.ok(!(await logTexts(p)).includes("Ama should play E"), "not shown to the players");

  // A message too long, then too fast: the server's messages, and nothing sent.
  await say(a.page, "x".repeat(141));
  await waitError(a.page, /at most 140 characters/);
  assert.equal(await a.page.locator("#chat-text").inputValue(), "x".repeat(141), "kept to be shortened");
  for (let i = 0; i < 3; i++) {
    await say(a.page, `quick ${i}`);
    await waitLine(a.page, `quick ${i}`);
  }
  await say(a.page, "one too many");
  await waitError(a.page, /too fast/);
  await a.page.screenshot({ path: join(artifacts, "social-chat.png") });
  assert.ok(!(await logTexts(b.page)).includes("one too many"));

  // Hide the chat and show it again.
  await b.page.locator("#btn-chat-hide").click();
  assert.ok(await b.page.locator("#chat-body").isHidden());
  await b.page.locator("#btn-chat-hide").click();
  assert.ok(await b.page.locator("#chat-body").isVisible());

  // A cycle agreement: a move each, Ama proposes, Kofi accepts: the game ends for everyone.
  await playFirst(a.page);
  await b.page.locator("#row-bottom .pit.playable").first().waitFor(WAIT);
  await playFirst(b.page);
  await a.page.locator("#btn-cycle-online").waitFor(WAIT);
  await a.page.locator("#btn-cycle-online").click();
  await b.page.locator("#btn-cycle-accept").waitFor(WAIT);
  assert.match(await b.page.locator("#offers").textContent(), /Ama offers to end the game: the position cycles/);
  await b.page.locator("#btn-cycle-accept").click();
  for (const p of [a.page, b.page, c.page]) {
    await p.locator("#dlg-end[open]").waitFor(WAIT);
    assert.match(await p.locator("#end-reason").textContent(), /endless cycle/);
  }
  await c.page.screenshot({ path: join(artifacts, "social-cycle.png") });
  for (const x of [a, b, c]) assert.deepEqual(x.errors, []);
});

test("social: a game open to advice shows the spectators' messages to the players; mute one person", async () => {
  const a = await person();
  const b = await person();
  const c = await person();
  await a.page.goto(env.base);
  await a.page.locator("#dlg-new[open]").waitFor();
  await a.page.locator("#form-new input[name=opponent][value=online]").check();
  await a.page.locator("#online-field").waitFor();
  await a.page.locator(`#form-new input[name=clock][value="none"]`).check();
  await a.page.locator(`#form-new input[name=color][value=S]`).check();
  await a.page.locator("#form-new input[name=name]").fill("Ama");
  await a.page.locator(`#form-new input[name=lobby][value=invite]`).check();
  await a.page.locator("#new-advice").check();
  await a.page.locator("#btn-new-start").click();
  await a.page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/, WAIT);
  const id = new URL(a.page.url()).pathname.split("/").pop();
  await joinByLink(b.page, id, "Kofi");
  await c.page.goto(`${env.base}game/${id}`);
  await c.page.locator("#chat:not([hidden])").waitFor(WAIT);
  assert.match(await a.page.locator("#chat-note").textContent(), /open to advice/);
  await c.page.locator("#chat-name").fill("Yaw");
  await say(c.page, "Kofi, keep your seeds in F");
  for (const p of [a.page, b.page]) await waitLine(p, "Kofi, keep your seeds in F");
  // Ama mutes Yaw: gone from her page, still on Kofi's.
  await a.page.locator("#chat-log .chat-line[data-room=spectators] .chat-mute").first().click();
  await a.page.waitForFunction(() => ![...document.querySelectorAll("#chat-log .chat-text")].some((e) => e.textContent === "Kofi, keep your seeds in F"), null, WAIT);
  await say(c.page, "and then E");
  await waitLine(b.page, "and then E");
  assert.ok(!(await logTexts(a.page)).includes("and then E"), "muted");
  await a.page.locator("#btn-chat-unmute").click();
  await waitLine(a.page, "and then E");
  for (const x of [a, b, c]) assert.deepEqual(x.errors, []);
});

test("social: the computer accepts a proposal it cannot beat and proposes one; two people on one device agree", async () => {
  const a = await person();
  // A position where the split wins for the computer (North 24 + 2 against South 21 + 1): it accepts.
  const r = await a.page.request.post(`${env.base}api/games`, {
    data: { opponent: "easy", human: "S", ogn: "[FEN \"1-0-0-0-0-0-2-0-0-0-0-0-21-24-S\"]\n*" },
  });
  const created = await r.json();
  await a.page.addInitScript(([gid, tok]) => localStorage.setItem("oware.game", JSON.stringify({ id: gid, token: tok })), [created.id, created.token]);
  await a.page.goto(env.base);
  await a.page.locator("#btn-cycle:not([hidden])").waitFor(WAIT);
  await a.page.locator("#btn-cycle").click();
  await a.page.locator("#dlg-end[open]").waitFor(WAIT);
  assert.match(await a.page.locator("#end-reason").textContent(), /endless cycle/);
  // Its answer replaces "considers your proposal" under the board, and the scores by the names are the final
  // ones (the seeds on each row swept in), as in the status line.
  await a.page.locator("#btn-end-close").click();
  assert.match(await a.page.locator("#status").textContent(), /22–26$/);
  const text = (sel) => a.page.locator(sel).textContent();
  assert.deepEqual(
    { message: await text("#message"), bottom: await text("#score-bottom"), top: await text("#score-top"), title: await a.page.locator("#score-bottom").getAttribute("title") },
    { message: "The computer agrees: the game ends, and each player takes the seeds on their own row.", bottom: "22", top: "26", title: "22 in all: 21 captured, 1 from the board" });
  await a.page.screenshot({ path: join(artifacts, "social-computer-cycle.png") });
  assert.deepEqual(a.errors, []);
  assert.deepEqual(a.refusals, []);

  // Two people on one device: the page asks the other player first.
  const d = await person();
  const f = await (await d.page.request.post(`${env.base}api/games`, {
    data: { opponent: "friend", names: { S: "Esi", N: "Yaw" }, ogn: "[FEN \"0-0-0-0-3-4-1-0-2-0-0-0-18-20-S\"]\n*" },
  })).json();
  await d.page.addInitScript(([gid, tok]) => localStorage.setItem("oware.game", JSON.stringify({ id: gid, token: tok })), [f.id, f.token]);
  await d.page.goto(env.base);
  await d.page.locator("#btn-cycle:not([hidden])").waitFor(WAIT);
  await d.page.locator("#btn-cycle").click();
  await d.page.locator("#btn-cycle-accept").waitFor(WAIT);
  assert.match(await d.page.locator("#cycle-local").textContent(), /Esi proposes to end the game: the position cycles .* Yaw, do you agree\?/);
  await d.page.locator("#btn-cycle-accept").click();
  await d.page.locator("#dlg-end[open]").waitFor(WAIT);
  assert.match(await d.page.locator("#end-reason").textContent(), /endless cycle/);
  await d.page.screenshot({ path: join(artifacts, "social-friend-cycle.png") });
  assert.deepEqual(d.errors, []);

  // The computer proposes when a cycle is all that is left (two lone seeds chasing each other).
  const e = await person();
  const g = await (await e.page.request.post(`${env.base}api/games`, {
    data: { opponent: "medium", human: "S", ogn: "[FEN \"1-0-0-0-0-0-1-0-0-0-0-0-23-23-S\"]\n*" },
  })).json();
  await e.page.addInitScript(([gid, tok]) => localStorage.setItem("oware.game", JSON.stringify({ id: gid, token: tok })), [g.id, g.token]);
  await e.page.goto(env.base);
  await playFirst(e.page);
  await e.page.locator("#btn-cycle-accept").waitFor(WAIT);
  assert.match(await e.page.locator("#cycle-local").textContent(), /proposes to end the game: the position cycles/);
  await e.page.locator("#btn-cycle-accept").click();
  await e.page.locator("#dlg-end[open]").waitFor(WAIT);
  assert.match(await e.page.locator("#end-reason").textContent(), /endless cycle/);
  assert.deepEqual(e.errors, []);
});
