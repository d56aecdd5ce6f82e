// Browser tests of the Oware page: the real `oware serve` on a free loopback port, Debian's
// Chromium driven by playwright-core. Screenshots go to <repo>/test-artifacts/.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/web.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";

import { bin, artifacts, useServer, openPage, englishLeft, waitMessage } from "./harness.mjs";

// Small endgame databases (up to 6 seeds on the board: well under a second).
const env = useServer({
  name: "web",
  prepare: (tmp) => new Promise((ok, fail) => {
    const b = spawn(bin, ["egdb", "build", "--max-seeds", "6", "--threads", "1", "--dir", join(tmp, "egdb")], { stdio: "ignore" });
    b.on("exit", (code) => (code === 0 ? ok() : fail(new Error(`oware egdb build exited ${code}`))));
  }),
});

/** A fresh profile per context: each test starts with empty localStorage. */
const newPage = (viewport, options) => openPage(env.browser, viewport, options);

const moveCount = (page) => page.locator("#move-list button").count();
async function waitMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll("#move-list button").length === k, n, { timeout: 20000 });
}
/** Waits until `selector`'s text is `text`: an answer's message may come after the event stream has moved the board. */
async function waitText(page, selector, text) {
  await page.waitForFunction(([sel, t]) => document.querySelector(sel)?.textContent === t, [selector, text], { timeout: 20000 });
}
async function waitYourTurn(page) {
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Your turn"), null, { timeout: 20000 });
}
async function startGame(page, opponent, speed = "fast") {
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();
  await page.locator(`#form-new input[name=opponent][value=${opponent}]`).check();
  await page.locator("#btn-new-start").click();
  await page.locator("#dlg-new").waitFor({ state: "hidden" });
  await page.selectOption("#speed", speed);
}

test("play against Easy by click and by key, undo, reload and find the game", async () => {
  const { context, page, errors } = await newPage();
  await startGame(page, "easy");
  await waitYourTurn(page);
  assert.equal(await page.locator("#name-bottom").textContent(), "You");
  assert.match(await page.locator("#name-top").textContent(), /Computer \(Easy\)/);
  assert.equal(await page.locator(".pit").count(), 12);
  // Every pit shows its count and draws its seeds.
  assert.equal(await page.locator('.pit[data-pit="0"] .count').textContent(), "4");
  assert.equal(await page.locator('.pit[data-pit="0"] .seed').count(), 4);
  assert.match(await page.locator('.pit[data-pit="2"]').getAttribute("aria-label"), /^C, 4 seeds, your pit/);

  // Click pit C; the computer replies.
  await page.locator('.pit[data-pit="2"]').click();
  await waitMoves(page, 2);
  await waitYourTurn(page);
  assert.equal(await page.locator("#move-list button").first().textContent(), "C");
  const live = await page.locator("#live").textContent();
  assert.match(live, /You played C: 4 seeds sown/);
  assert.match(live, /Computer \(Easy\) plays [a-f]/);

  // Key 4 plays D (the fourth pit from the left); the computer replies again.
  await page.locator("body").press("4");
  await waitMoves(page, 4);
  await waitYourTurn(page);
  assert.match(await page.locator("#move-list button").nth(2).textContent(), /^D/);
  await page.screenshot({ path: join(artifacts, "desktop-game.png") });

  // Undo takes back my move and the reply.
  await page.locator("#btn-undo").click();
  await waitMoves(page, 2);
  assert.equal(await page.locator("#btn-redo").isEnabled(), true);

  // Replay: click the first move to see that position, then go back.
  await page.locator("#move-list button").first().click();
  await page.locator("#replay-bar").waitFor();
  assert.match(await page.locator("#status").textContent(), /Replay/);
  await page.locator("#btn-back-to-game").click();
  await page.locator("#replay-bar").waitFor({ state: "hidden" });

  // Reload: the same game comes back, two moves in.
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem("oware.game")).id);
  await page.reload();
  await waitMoves(page, 2);
  await waitYourTurn(page);
  await waitMessage(page, /Welcome back/);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("oware.game")).id), id);
  assert.equal(await moveCount(page), 2);

  // Hint marks a pit; analysis streams a line and a score.
  await page.locator("#btn-hint").click();
  await page.locator(".pit.hint").waitFor({ timeout: 20000 });
  await page.locator("#btn-analyse").click();
  await page.waitForFunction(() => document.querySelector("#analysis-depth").textContent !== "–", null, { timeout: 20000 });
  assert.notEqual(await page.locator("#analysis-line").textContent(), "–");
  await page.screenshot({ path: join(artifacts, "desktop-hint-analysis.png") });
  await page.locator("#btn-analyse").click();

  // Rule options remembered for the next game.
  const settings = await page.evaluate(() => JSON.parse(localStorage.getItem("oware.settings")));
  assert.equal(settings.opponent, "easy");
  assert.deepEqual(errors, []);
  await context.close();
});

test("import an OGN near the end, finish the game and see the result", async () => {
  const { context, page, errors } = await newPage();
  await startGame(page, "easy");
  await waitYourTurn(page);
  await page.locator("#btn-import").click();
  // South to move: F drops its seed in a (2 -> 3), capturing 3 for 25.
  const ogn = '[Event "endgame test"]\n[FEN "0-0-0-0-1-1-2-1-0-0-0-1-22-20-N"]\n\n1... f *\n';
  await page.locator("#import-text").fill(ogn);
  await page.locator("#import-opponent").selectOption("easy");
  await page.locator("#btn-import-go").click();
  await page.locator("#dlg-import").waitFor({ state: "hidden" });
  await waitYourTurn(page);
  assert.equal(await moveCount(page), 1);
  // An empty pit is dimmed and explains itself when tried
  // (aria-disabled: the click is forced, as a person's click would land anyway).
  assert.ok(await page.locator('.pit[data-pit="1"]').evaluate((b) => b.classList.contains("illegal")));
  await page.locator('.pit[data-pit="1"]').click({ force: true });
  assert.equal(await page.locator("#message").textContent(), "Pit B is empty.");
  assert.match(await page.locator("#live").textContent(), /Pit B is empty\./);
  // Six seeds on the board: the endgame database values show on the playable pits.
  await page.locator("#egdb:not([hidden])").waitFor();
  assert.equal(await page.locator(".pit .egdb-tag").count(), 3);
  assert.equal(await page.locator('.pit[data-pit="5"] .egdb-tag').textContent(), "3/6");
  assert.match(await page.locator("#egdb-list").textContent(), /F: you win 3 of the 6 seeds/);
  await page.screenshot({ path: join(artifacts, "desktop-imported.png") });
  await page.locator("body").press("6");
  await page.locator("#dlg-end[open]").waitFor({ timeout: 20000 });
  assert.equal(await page.locator("#end-title").textContent(), "You win!");
  assert.equal(await page.locator("#end-score").textContent(), "25 – 20");
  assert.match(await page.locator("#end-reason").textContent(), /more than half/);
  assert.match(await page.locator("#status").textContent(), /Game over/);
  await page.screenshot({ path: join(artifacts, "desktop-game-over.png") });
  // The record can be exported with the result.
  const ognText = await page.evaluate(async () => {
    const id = JSON.parse(localStorage.getItem("oware.game")).id;
    return (await fetch(`/api/games/${id}/ogn`)).text();
  });
  assert.match(ognText, /25-20/);
  // A bad record is refused with the reason.
  await page.locator("#btn-end-close").click();
  await page.locator("#btn-import").click();
  await page.locator("#import-text").fill("1. C C");
  await page.locator("#btn-import-go").click();
  await page.waitForFunction(() => document.querySelector("#import-error").textContent.length > 0);
  assert.match(await page.locator("#import-error").textContent(), /ply 2/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("when the computer starts you play North, from the bottom row", async () => {
  const { context, page, errors } = await newPage();
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();
  await page.locator("#form-new input[name=starts][value=computer]").check();
  await page.locator(".rule-options summary").click();
  await page.screenshot({ path: join(artifacts, "new-game-dialog.png") });
  await page.locator("#btn-new-start").click();
  await waitMoves(page, 1);
  await waitYourTurn(page);
  assert.equal(await page.locator("#row-bottom .pit").first().getAttribute("data-pit"), "6");
  assert.equal(await page.locator("#name-bottom").textContent(), "You");
  assert.equal(await page.locator("#store-right").getAttribute("data-side"), "N");
  await page.locator("#row-bottom .pit.playable").first().waitFor();
  const firstLegal = await page.evaluate(() => [...document.querySelectorAll("#row-bottom .pit")].findIndex((b) => b.classList.contains("playable")));
  assert.ok(firstLegal >= 0, "a pit of the bottom row is playable");
  await page.locator("body").press(String(firstLegal + 1));
  await waitMoves(page, 3);
  assert.match(await page.locator("#move-list button").nth(1).textContent(), /^[a-f]/);
  await page.screenshot({ path: join(artifacts, "desktop-north.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("phone-sized viewport (375 px) with a friend on this device", async () => {
  const { context, page, errors } = await newPage({ width: 375, height: 740 });
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();
  await page.locator("#form-new input[name=opponent][value=friend]").check();
  await page.locator("#form-new input[name=name_s]").fill("Ama");
  await page.locator("#form-new input[name=name_n]").fill("Kofi");
  await page.locator("#btn-new-start").click();
  await page.locator("#dlg-new").waitFor({ state: "hidden" });
  await page.selectOption("#speed", "fast");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("Ama to move"));
  assert.equal(await page.locator("#name-top").textContent(), "Kofi");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 375, `page is ${overflow} px wide`);
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 375, `board at ${box.x}..${box.x + box.width}`);
  // Tap a pit for South, then North plays with a key (its pits from its own left).
  await page.locator('.pit[data-pit="5"]').click();
  await waitMoves(page, 1);
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("Kofi to move"));
  await page.locator("body").press("1");
  await waitMoves(page, 2);
  await page.screenshot({ path: join(artifacts, "phone-375.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("keyboard only, with reduced motion: tab to a pit and press Enter; the help pages load", async () => {
  const { context, page, errors } = await newPage(undefined, { reducedMotion: "reduce" });
  await startGame(page, "easy", "auto");
  await waitYourTurn(page);
  // Tab through the page (header, opponent's pits) to my pit A, then press Enter.
  let found = false;
  for (let i = 0; i < 60 && !found; i++) {
    await page.keyboard.press("Tab");
    found = await page.evaluate(() => document.activeElement && document.activeElement.dataset.pit === "0");
  }
  assert.ok(found, "pit A is reachable with Tab");
  await page.keyboard.press("Enter");
  await waitMoves(page, 2);
  for (const [path, heading] of [["/rules", "How to play Oware"], ["/strategy", "Strategy tips"], ["/faq", "Questions and answers"]]) {
    await page.goto(env.base.replace(/\/$/, "") + path);
    assert.equal(await page.locator("h1").textContent(), heading);
  }
  await page.goto(env.base.replace(/\/$/, "") + "/rules");
  await page.screenshot({ path: join(artifacts, "rules.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("keys: ← → replay, U undo, R redo, A analysis, N new game; Rematch swaps who starts", async () => {
  const { context, page, errors } = await newPage();
  await startGame(page, "easy");
  await waitYourTurn(page);
  await page.locator("body").press("3");
  await waitMoves(page, 2);
  await waitYourTurn(page);
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem("oware.game")).id);
  assert.equal(await page.locator("#btn-export").getAttribute("href"), `/api/games/${id}/ogn`);

  // ← steps back through the moves, → forward to the live position.
  await page.locator("body").press("ArrowLeft");
  await page.locator("#replay-bar").waitFor();
  assert.equal(await page.locator("#status").textContent(), "Replay: position after move 1");
  assert.equal(await page.locator('#move-list button[aria-current="step"]').textContent(), "C");
  assert.ok(await page.locator('.pit[data-pit="2"]').evaluate((b) => b.classList.contains("inactive")), "no pit is playable in replay");
  await page.locator("body").press("ArrowLeft");
  assert.equal(await page.locator("#status").textContent(), "Replay: start position");
  assert.equal(await page.locator('.pit[data-pit="2"] .count').textContent(), "4");
  assert.equal(await page.locator("#nav-first").isDisabled(), true);
  await page.locator("body").press("ArrowRight");
  await page.locator("body").press("ArrowRight");
  await page.locator("#replay-bar").waitFor({ state: "hidden" });
  await waitYourTurn(page);

  // U takes back my move and the reply; R plays them again.
  await page.locator("body").press("u");
  await waitMoves(page, 0);
  await waitText(page, "#message", "Move taken back.");
  assert.equal(await page.locator("#btn-undo").isDisabled(), true);
  await page.locator("body").press("r");
  await waitMoves(page, 2);
  await waitText(page, "#message", "Move replayed.");
  assert.equal(await page.locator("#btn-redo").isDisabled(), true);

  // A turns the analysis on and off.
  await page.locator("body").press("a");
  assert.equal(await page.locator("#btn-analyse").getAttribute("aria-pressed"), "true");
  await page.waitForFunction(() => document.querySelector("#analysis-depth").textContent !== "–", null, { timeout: 20000 });
  await page.locator("body").press("a");
  assert.equal(await page.locator("#btn-analyse").textContent(), "Analyse");
  assert.equal(await page.locator("#analysis-depth").textContent(), "–");

  // N opens the New game dialog; Escape closes it and the game stays.
  await page.locator("body").press("n");
  await page.locator("#dlg-new[open]").waitFor();
  await page.keyboard.press("Escape");
  await page.locator("#dlg-new").waitFor({ state: "hidden" });
  assert.equal(await moveCount(page), 2);

  // Finish an imported game, then Rematch: a new game where the computer starts and I play North.
  await page.locator("#btn-import").click();
  await page.locator("#import-text").fill('[FEN "0-0-0-0-1-1-2-1-0-0-0-1-22-20-N"]\n\n1... f *\n');
  await page.locator("#btn-import-go").click();
  await page.locator("#dlg-import").waitFor({ state: "hidden" });
  await waitYourTurn(page);
  await page.locator("body").press("6");
  await page.locator("#dlg-end[open]").waitFor({ timeout: 20000 });
  const finished = await page.evaluate(() => JSON.parse(localStorage.getItem("oware.game")).id);
  await page.locator("#btn-rematch").click();
  await page.locator("#dlg-end").waitFor({ state: "hidden" });
  await page.waitForFunction((old) => JSON.parse(localStorage.getItem("oware.game")).id !== old, finished);
  // The sentence is said just after the new game is saved, so wait for it in the live region (which keeps the last six).
  await page.waitForFunction(() => /New game against the computer \(Easy\)\. The computer starts\./.test(document.querySelector("#live").textContent), null, { timeout: 10000 });
  await waitMoves(page, 1);
  await waitYourTurn(page);
  assert.equal(await page.locator("#row-bottom .pit").first().getAttribute("data-pit"), "6");
  assert.deepEqual(errors, []);
  await context.close();
});

test("in French: play the computer, hint, undo, an illegal pit, an imported ending to the end panel", async () => {
  const { context, page, errors } = await newPage(undefined, { locale: "fr-FR" });
  // French words the English list holds too ("Analyse", "Grand chelem", "cycle").
  const others = [
    "analyse", "grand", "cycle",
  ];
  const frenchTurn = () => page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("À vous"), null, { timeout: 20000 });
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();
  assert.equal(await page.getAttribute("html", "lang"), "fr");
  assert.deepEqual(await englishLeft(page, others), [], "the New game dialog");
  await page.locator("#form-new input[name=opponent][value=easy]").check();
  await page.locator("#btn-new-start").click();
  await page.locator("#dlg-new").waitFor({ state: "hidden" });
  await page.selectOption("#speed", "off");
  await frenchTurn();
  assert.equal(await page.locator("#name-bottom").textContent(), "Vous");
  assert.equal(await page.locator("#name-top").textContent(), "Ordinateur (Facile)");
  await waitMessage(page, /Nouvelle partie contre l'ordinateur \(Facile\)/);
  await page.locator('.pit[data-pit="2"]').click();
  await waitMoves(page, 2);
  await frenchTurn();
  assert.match(await page.locator("#live").textContent(), /Vous jouez C\s: 4 graines semées\./);
  assert.deepEqual(await englishLeft(page, others), [], "the game");
  await page.locator("#btn-hint").click();
  await page.locator(".pit.hint").waitFor({ timeout: 20000 });
  assert.deepEqual(await englishLeft(page, others), [], "the game with a hint");
  await page.locator("#btn-undo").click();
  await waitMoves(page, 0);
  await waitText(page, "#message", "Coup repris.");
  assert.deepEqual(await englishLeft(page, others), [], "after an undo");

  // An imported ending: an empty pit explains itself in French, then F captures for 25.
  await page.locator("#btn-import").click();
  assert.deepEqual(await englishLeft(page, others), [], "the Import dialog");
  await page.locator("#import-text").fill('[FEN "0-0-0-0-1-1-2-1-0-0-0-1-22-20-N"]\n\n1... f *\n');
  await page.locator("#import-opponent").selectOption("easy");
  await page.locator("#btn-import-go").click();
  await page.locator("#dlg-import").waitFor({ state: "hidden" });
  await frenchTurn();
  await page.locator('.pit[data-pit="1"]').click({ force: true });
  await waitText(page, "#message", "La case B est vide.");
  assert.match(await page.locator('.pit[data-pit="1"]').getAttribute("aria-label"), /B, 0 graine, votre case \(injouable\s: La case B est vide\.\)/);
  assert.deepEqual(await englishLeft(page, others), [], "an illegal pit");
  await page.locator("body").press("6");
  await page.locator("#dlg-end[open]").waitFor({ timeout: 20000 });
  assert.equal(await page.locator("#end-title").textContent(), "Vous avez gagné\u202f!");
  assert.match(await page.locator("#end-reason").textContent(), /Vous avez pris plus de la moitié des 48 graines/);
  assert.match(await page.locator("#status").textContent(), /Partie terminée\s: vous gagnez, 25–20/);
  assert.deepEqual(await englishLeft(page, others), [], "the end panel");
  await page.screenshot({ path: join(artifacts, "fr-game-over.png") });
  assert.deepEqual(errors, []);
  await context.close();
});
