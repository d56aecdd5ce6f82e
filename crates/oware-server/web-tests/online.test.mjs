// Browser tests of online play between people (issue 15): several browser contexts (separate profiles, so
// separate seat tokens) on the real `oware serve`, Debian's Chromium driven by playwright-core. Every wait
// is for a text or a state on the page, never a fixed time. Screenshots go to <repo>/test-artifacts/.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/online.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium),
//      OWARE_URL (use a server that is already running instead of starting one).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import jsQR from "jsqr";

import { artifacts, englishLeft, useServer, waitMessage } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "online", external: true });
const { person, statusText, waitStatus, waitMoves, moveTexts, createOnline, joinByLink, playFirst } = onlineHelpers(env);

/** Decodes the QR code shown in `#invite-qr` (the server's SVG, rendered on a canvas in the page) with jsQR. */
async function decodeInviteQr(page) {
  await page.locator("#invite-qr img").waitFor(WAIT);
  const img = await page.evaluate(async () => {
    const image = document.querySelector("#invite-qr img");
    await image.decode();
    const side = image.naturalWidth * 2;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = side;
    const ctx = canvas.getContext("2d");
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(image, 0, 0, side, side);
    return { side, data: Array.from(ctx.getImageData(0, 0, side, side).data) };
  });
  const found = jsQR(new Uint8ClampedArray(img.data), img.side, img.side);
  return found && found.data;
}

test("online: invite link, a spectator sees every move, a reload keeps the seat, draw declined, resign", async () => {
  const a = await person();
  const b = await person();
  const c = await person();
  const id = await createOnline(a.page, { clock: "5+3", color: "S", name: "Ama", lobby: "invite" });

  // The creator sees the invite link and a QR code of it (decoded here by an independent decoder).
  const link = await a.page.locator("#invite-link").inputValue();
  assert.equal(link, `${env.base}game/${id}`);
  assert.equal(await decodeInviteQr(a.page), link);
  assert.match(await a.page.locator("#invite-note").textContent(), /Only someone with the link/);
  assert.ok(await a.page.locator("#btn-undo").isHidden(), "no Undo online");
  assert.ok(await a.page.locator("#btn-hint").isHidden(), "no Hint online");
  const seats = await a.page.evaluate(() => JSON.parse(localStorage.getItem("oware.seats")));
  assert.equal(typeof seats[id], "string");
  await a.page.screenshot({ path: join(artifacts, "online-invite.png") });

  // Kofi opens the link: the free seat (North) is offered.
  await b.page.goto(link);
  await b.page.locator("#form-join:not([hidden])").waitFor(WAIT);
  assert.match(await b.page.locator("#join-text").textContent(), /Ama invites you to play\. You would play North, 5\+3/);
  await b.page.screenshot({ path: join(artifacts, "online-join.png") });
  await b.page.locator("#join-name").fill("Kofi");
  await b.page.locator("#btn-join").click();
  await waitStatus(b.page, /Waiting for Ama to move/);
  await waitStatus(a.page, /^Your move/);
  assert.equal(await a.page.locator("#name-top").textContent(), "Kofi");
  assert.equal(await b.page.locator("#name-bottom").textContent(), "Kofi");
  assert.equal(await b.page.locator("#name-top").textContent(), "Ama");
  // The clocks show the time control; neither runs before both sides have moved.
  assert.equal(await a.page.locator("#clock-bottom").textContent(), "5:00");
  assert.equal(await a.page.locator("#clock-top").textContent(), "5:00");

  // A spectator opens the same link: no seat, no join form; the players see the count.
  await c.page.goto(link);
  await waitStatus(c.page, /Ama to move · you are watching/);
  assert.ok(await c.page.locator("#form-join").isHidden());
  await a.page.waitForFunction(() => document.querySelector("#spectators").textContent === "1 watching.", null, WAIT);
  await a.page.waitForFunction(() => /Kofi \(North\): connected/.test(document.querySelector("#presence").textContent), null, WAIT);
  // Pressing a pit as a spectator explains itself and plays nothing.
  await c.page.locator('.pit[data-pit="2"]').click({ force: true });
  assert.equal(await c.page.locator("#message").textContent(), "You are watching: only the players move.");

  // Six moves; after each the other player and the spectator have it at once (no reload).
  const players = [a.page, b.page];
  const played = [];
  for (let ply = 0; ply < 6; ply++) {
    const mover = players[ply % 2];
    played.push(await playFirst(mover));
    for (const p of [a.page, b.page, c.page]) await waitMoves(p, ply + 1);
    assert.deepEqual((await moveTexts(c.page)).map((t) => t[0]), played, `spectator's move list after ply ${ply + 1}`);
    assert.deepEqual(await moveTexts(c.page), await moveTexts(players[(ply + 1) % 2]));
  }
  await waitStatus(a.page, /^Your move/);
  // Both have moved: South's clock runs now.
  await a.page.locator("#clock-bottom.running").waitFor(WAIT);
  assert.ok(await a.page.locator("#btn-abort").count() === 0, "no Abort once both have moved");
  // No analysis for a player while the game runs; the spectator may analyse.
  assert.ok(await a.page.locator("#btn-analyse").isDisabled());
  assert.ok(await c.page.locator("#btn-analyse").isEnabled());
  // The spectator's analysis fills their panel alone: the players' streams carry none of it.
  await c.page.locator("#btn-analyse").click();
  await c.page.waitForFunction(() => /^\d+/.test(document.querySelector("#analysis-depth").textContent), null, WAIT);
  await c.page.locator("#btn-analyse").click();
  for (const p of players) assert.equal(await p.locator("#analysis-depth").textContent(), "–");
  await a.page.screenshot({ path: join(artifacts, "online-playing.png") });
  await c.page.screenshot({ path: join(artifacts, "online-spectator.png") });

  // Kofi reloads: the page finds the seat token and gives the seat back.
  await b.page.reload();
  await waitMoves(b.page, 6);
  await waitStatus(b.page, /Waiting for Ama to move/);
  await waitMessage(b.page, /Welcome back: you play North/);
  assert.ok(await b.page.locator("#form-join").isHidden());
  await a.page.waitForFunction(() => /Kofi \(North\): connected/.test(document.querySelector("#presence").textContent), null, WAIT);

  // Ama offers a draw; Kofi sees it and declines; the offer disappears for both.
  await a.page.locator("#btn-draw").click();
  await a.page.locator("#btn-draw-withdraw").waitFor(WAIT);
  await b.page.locator("#btn-draw-decline").waitFor(WAIT);
  assert.match(await b.page.locator("#offers").textContent(), /Ama offers a draw/);
  await b.page.screenshot({ path: join(artifacts, "online-draw-offer.png") });
  await b.page.locator("#btn-draw-decline").click();
  await a.page.locator("#btn-draw-withdraw").waitFor({ state: "detached", ...WAIT });
  await a.page.locator("#btn-draw").waitFor(WAIT);

  // Ama plays, then asks to take her move back; Kofi accepts: the move is gone for everyone.
  await playFirst(a.page);
  for (const p of [a.page, b.page, c.page]) await waitMoves(p, 7);
  await a.page.locator("#btn-takeback").click();
  await b.page.locator("#btn-takeback-accept").waitFor(WAIT);
  assert.match(await b.page.locator("#offers").textContent(), /Ama asks to take back their last move/);
  await b.page.locator("#btn-takeback-accept").click();
  for (const p of [a.page, b.page, c.page]) await waitMoves(p, 6);
  await waitStatus(a.page, /^Your move/);

  // Kofi resigns (after confirming); everyone sees the end with the reason in words.
  await b.page.locator("#btn-resign").click();
  await b.page.locator("#dlg-confirm[open]").waitFor();
  await b.page.locator("#btn-confirm-yes").click();
  for (const p of [a.page, b.page, c.page]) await p.locator("#dlg-end[open]").waitFor(WAIT);
  assert.equal(await a.page.locator("#end-title").textContent(), "You win!");
  assert.equal(await b.page.locator("#end-title").textContent(), "Ama wins");
  assert.equal(await c.page.locator("#end-title").textContent(), "Ama wins!");
  for (const p of [a.page, b.page, c.page]) assert.equal(await p.locator("#end-reason").textContent(), "Kofi resigned.");
  assert.ok(await c.page.locator("#btn-rematch").isHidden(), "a spectator has no Rematch");
  await a.page.screenshot({ path: join(artifacts, "online-resigned.png") });
  await a.page.locator("#btn-end-close").click();
  await waitStatus(a.page, /Game over: You win/);

  // Rematch: Ama offers it from the panel, Kofi accepts from the end panel; both go to the new game with
  // the colours swapped (Kofi now South, to move); the spectator is offered the new address.
  await a.page.locator("#btn-rematch-online").click();
  await b.page.locator("#btn-rematch-accept").waitFor(WAIT);
  // Kofi's end panel is still open: its button now accepts.
  await b.page.waitForFunction(() => document.querySelector("#btn-rematch").textContent === "Accept the rematch", null, WAIT);
  await b.page.locator("#btn-rematch").click();
  await b.page.waitForURL((u) => /\/game\//.test(u.pathname) && !u.pathname.endsWith(id), WAIT);
  const next = new URL(b.page.url()).pathname.split("/").pop();
  await a.page.waitForURL(new RegExp(`/game/${next}$`), WAIT);
  await waitStatus(b.page, /^Your move/);
  await waitStatus(a.page, /Waiting for Kofi to move/);
  assert.equal(await a.page.locator("#name-bottom").textContent(), "Ama");
  await c.page.locator("#link-rematch").waitFor(WAIT);
  assert.equal(await c.page.locator("#link-rematch").getAttribute("href"), `/game/${next}`);

  for (const x of [a, b, c]) assert.deepEqual(x.errors, []);
  for (const x of [a, b, c]) await x.context.close();
});

test("online: a challenge posted to the lobby is accepted from another browser; abort before both moved", async () => {
  const a = await person();
  const b = await person();
  // A visitor already on the home page (its lobby stream up) gets the new challenge as a change.
  const c = await person();
  await c.page.goto(env.base);
  await c.page.locator("#lobby-list[data-v]").waitFor({ state: "attached", ...WAIT });
  const id = await createOnline(a.page, { clock: "3+2", color: "N", name: "Esi", lobby: "lobby" });
  assert.match(await a.page.locator("#invite-note").textContent(), /lobby/);
  await c.page.locator(`#lobby-list li[data-id="${id}"]`).waitFor(WAIT);

  // Another person on the home page sees the challenge (live) and accepts it.
  await b.page.goto(env.base);
  await b.page.locator("#dlg-new[open]").waitFor();
  await b.page.locator("#btn-new-cancel").click();
  const row = b.page.locator(`#lobby-list li[data-id="${id}"]`);
  await row.waitFor(WAIT);
  assert.match(await row.textContent(), /Esi.*3\+2 · plays North · abapa/);
  await b.page.screenshot({ path: join(artifacts, "online-lobby.png") });
  // The visitor watching the lobby: the challenge disappears when it is accepted.
  await b.page.locator("#lobby-name").fill("Yaw");
  await row.locator("button").click();
  await b.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
  await waitStatus(b.page, /^Your move/); // Yaw plays South and starts
  await waitStatus(a.page, /Waiting for Yaw to move/);
  await c.page.locator(`#lobby-list li[data-id="${id}"]`).waitFor({ state: "detached", ...WAIT });

  // Accepting one's own challenge is not offered (it is shown as yours).
  // Abort is offered before both have moved; Esi aborts after Yaw's first move.
  await playFirst(b.page);
  await waitMoves(a.page, 1);
  await a.page.locator("#btn-abort").waitFor(WAIT);
  await a.page.locator("#btn-abort").click();
  for (const p of [a.page, b.page]) await p.locator("#dlg-end[open]").waitFor(WAIT);
  assert.equal(await b.page.locator("#end-title").textContent(), "Game aborted");
  assert.match(await b.page.locator("#end-reason").textContent(), /aborted before both players had moved/);
  for (const x of [a, b, c]) assert.deepEqual(x.errors, []);
  for (const x of [a, b, c]) await x.context.close();
});

test("online: a whole game played to its end on phone-sized screens while a third browser watches every move", async () => {
  const phone = { width: 375, height: 740 };
  const a = await person(phone);
  const b = await person(phone);
  const c = await person();
  const id = await createOnline(a.page, { clock: "none", color: "S", name: "Abena", lobby: "invite" });
  await a.page.screenshot({ path: join(artifacts, "online-phone-invite.png"), fullPage: true });
  await joinByLink(b.page, id, "Kwame");
  await waitStatus(a.page, /^Your move/);
  await c.page.goto(`${env.base}game/${id}`);
  await waitStatus(c.page, /Abena to move · you are watching/);
  // No clock: the clocks are not drawn.
  assert.ok(await a.page.locator("#clock-bottom").isHidden());
  // Nothing is wider than the phone.
  for (const p of [a.page, b.page]) assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 375));
  // Each side plays its first playable pit until the server ends the game.
  let ply = 0;
  for (; ply < 600; ply++) {
    const over = await a.page.evaluate(() => /Game over/.test(document.querySelector("#status").textContent));
    if (over) break;
    const mover = ply % 2 === 0 ? a.page : b.page;
    await waitStatus(mover, /^Your move|Game over/);
    if (/Game over/.test(await statusText(mover))) break;
    await playFirst(mover);
    // Each move reaches the other player and the spectator without a reload, the same move list on all three.
    for (const p of [a.page, b.page, c.page]) await waitMoves(p, ply + 1);
    assert.deepEqual(await moveTexts(c.page), await moveTexts(a.page), `spectator's move list after ply ${ply + 1}`);
    if (ply === 9) await a.page.screenshot({ path: join(artifacts, "online-phone-playing.png"), fullPage: true });
  }
  assert.ok(ply < 600, "the game ended");
  for (const p of [a.page, b.page]) await p.locator("#dlg-end[open]").waitFor(WAIT);
  const reason = await a.page.locator("#end-reason").textContent();
  const [mine, theirs] = (await a.page.locator("#end-score").textContent()).split(" – ").map(Number);
  const title = await a.page.locator("#end-title").textContent();
  assert.equal(title, mine === theirs ? "A draw" : mine > theirs ? "You win!" : "Kwame wins", `${title} with ${mine}–${theirs}`);
  assert.doesNotMatch(reason, /\b(North|South)\b/, "the reason names the players");
  assert.match(reason, /more than half|24 seeds|could not move|same position came back/);
  assert.equal(await a.page.locator("#end-score").textContent(), (await b.page.locator("#end-score").textContent()).split(" – ").reverse().join(" – "));
  await b.page.screenshot({ path: join(artifacts, "online-phone-end.png") });
  // The spectator sees the end too, with the same moves as the players.
  await waitStatus(c.page, /Game over/);
  assert.deepEqual(await moveTexts(c.page), await moveTexts(b.page));
  // The page's join of an update's end of the record (state.js), beside the whole game above: a tail joins at
  // its ply, one starting past what is held (a missed update) or at another position is refused (the page then
  // asks for the whole state).
  const joins = await c.page.evaluate(async () => {
    const { wholeState } = await import("/js/state.js");
    const at = (n) => ({ pits: [n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], stores: { S: 0, N: 0 }, turn: n % 2 ? "N" : "S", text: `p${n}` });
    const played = (n) => ({ ply: n, side: n % 2 ? "S" : "N", letter: "CcDd"[n - 1], text: "CcDd"[n - 1] });
    const held = { id: "g", version: 3, ply: 2, history: [at(0), at(1), at(2)], moves: [played(1), played(2)] };
    const tail = { id: "g", version: 4, ply: 3, since: 2, history: [at(2), at(3)], moves: [played(3)] };
    const whole = wholeState(held, tail);
    return {
      moves: whole.moves.map((m) => m.letter).join(""),
      history: whole.history.map((p) => p.text).join(" "),
      whole: !("since" in whole),
      missed: wholeState(held, { ...tail, version: 5, ply: 4, since: 3, history: [at(3), at(4)], moves: [played(4)] }),
      elsewhere: wholeState(held, { ...tail, history: [at(7), at(3)] }),
      takeback: wholeState(held, { ...tail, ply: 1, since: 1, history: [at(1)], moves: [] }).moves.length,
    };
  });
  assert.deepEqual(joins, { moves: "CcD", history: "p0 p1 p2 p3", whole: true, missed: null, elsewhere: null, takeback: 1 });
  for (const x of [a, b, c]) assert.deepEqual(x.errors, []);
  for (const x of [a, b, c]) await x.context.close();
});

test("online in French: create, join, a draw offered, a chat line, resign — no English left", async () => {
  // French words the list of English ones holds too ("Analyse", "grand chelem", "cycle").
  const others = ["analyse", "grand", "cycle"];
  const fr = { locale: "fr-FR" };
  const a = await person(undefined, fr);
  const b = await person(undefined, fr);
  const english = async (page, step) => assert.deepEqual(await englishLeft(page, others), [], step);

  // Ama creates the game from the New game dialog (by its fields, not its words) and waits for a player.
  await a.page.goto(env.base);
  await a.page.locator("#dlg-new[open]").waitFor();
  await a.page.locator("#form-new input[name=opponent][value=online]").check();
  await a.page.locator('#form-new input[name=clock][value="5+3"]').check();
  await a.page.locator("#form-new input[name=color][value=S]").check();
  await a.page.locator("#form-new input[name=name]").fill("Ama");
  await a.page.locator("#form-new input[name=lobby][value=invite]").check();
  await a.page.locator("#btn-new-start").click();
  await a.page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/, WAIT);
  await a.page.locator("#invite:not([hidden])").waitFor(WAIT);
  assert.match(await a.page.locator("#invite-note").textContent(), /Seule une personne qui a le lien/);
  await english(a.page, "the invitation");
  const link = await a.page.locator("#invite-link").inputValue();

  // Kofi opens the link: the free seat is offered in French; he takes it.
  await b.page.goto(link);
  await b.page.locator("#form-join:not([hidden])").waitFor(WAIT);
  assert.match(await b.page.locator("#join-text").textContent(), /^Ama vous invite à jouer\. Vous joueriez Nord, en 5\+3\.$/);
  await english(b.page, "the free seat");
  await b.page.locator("#join-name").fill("Kofi");
  await b.page.locator("#btn-join").click();
  await b.page.locator("#form-join").waitFor({ state: "hidden", ...WAIT });
  await a.page.waitForFunction(() => /Kofi \(Nord\)\s: en ligne/.test(document.querySelector("#presence").textContent), null, WAIT);
  await a.page.locator("#btn-draw").waitFor(WAIT);
  await english(a.page, "playing");
  await english(b.page, "playing");

  // Ama offers a draw: both see it in French; Kofi declines.
  await a.page.locator("#btn-draw").click();
  await a.page.locator("#btn-draw-withdraw").waitFor(WAIT);
  await b.page.locator("#btn-draw-decline").waitFor(WAIT);
  assert.equal(await b.page.locator("#offers").textContent(), "Ama propose la nulle. Accepter Refuser");
  await english(a.page, "a draw offered");
  await english(b.page, "a draw offered");
  await b.page.locator("#btn-draw-decline").click();
  await a.page.locator("#btn-draw-withdraw").waitFor({ state: "detached", ...WAIT });

  // A chat line each way.
  await a.page.locator("#chat-text").fill("Bonne chance");
  await a.page.locator("#btn-chat-send").click();
  await b.page.waitForFunction(() => [...document.querySelectorAll("#chat-log .chat-text")].some((e) => e.textContent === "Bonne chance"), null, WAIT);
  assert.equal(await b.page.locator("#chat-log .chat-tag").first().textContent(), " (Sud)");
  await english(a.page, "the chat");
  await english(b.page, "the chat");

  // Kofi resigns after confirming.
  await b.page.locator("#btn-resign").click();
  await b.page.locator("#dlg-confirm[open]").waitFor();
  assert.equal(await b.page.locator("#confirm-text").textContent(), "Abandonner cette partie\u202f? Votre adversaire gagne.");
  await english(b.page, "the confirmation");
  await b.page.locator("#btn-confirm-yes").click();
  for (const p of [a.page, b.page]) await p.locator("#dlg-end[open]").waitFor(WAIT);
  await b.page.locator("#btn-end-close").click();
  await b.page.locator("#btn-rematch-online").waitFor(WAIT);
  assert.equal(await b.page.locator("#btn-rematch-online").textContent(), "Revanche");
  await english(b.page, "the game over");
  await a.page.screenshot({ path: join(artifacts, "online-fr.png") });

  for (const x of [a, b]) assert.deepEqual(x.errors, []);
  for (const x of [a, b]) await x.context.close();
});
