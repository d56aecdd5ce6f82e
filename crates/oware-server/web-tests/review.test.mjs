// Browser test of the game review: the real `oware serve` on a free loopback port, Debian's Chromium
// driven by playwright-core. A short game with known blunders is imported, reviewed from the menu; the
// progress, the evaluation graph, the symbols in the move list, the explanation of a blunder, selecting
// moves by the list, the graph and the arrow keys, and a reload that shows the stored review without
// searching again. Screenshots go to <repo>/test-artifacts/.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/review.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { artifacts, useServer, openPage, englishLeft, waitMessage } from "./harness.mjs";

// Reviewed at the default depth (16), the same on every run: move 7, South's D, is a blunder (12.27 seeds:
// it gives up E's capture of 3 and leaves A to North's b); move 8, North's d, a mistake.
const GAME = "1. B e 2. A c 3. A d 4. D d *";
// A review of a debug build's search can take a while on a busy machine: generous waits, no timing checks.
const LONG = { timeout: 240000 };

const env = useServer({ name: "review" });
const newPage = () => openPage(env.browser, { width: 1280, height: 900 });

/** The game's review as the API gives it. */
const apiReview = (page) => page.evaluate(async () => {
  const id = JSON.parse(localStorage.getItem("oware.game")).id;
  return (await fetch(`/api/games/${id}/review`)).json();
});

/** Opens the page and imports `ogn` from the menu as a game between friends. */
async function importGame(page, ogn) {
  await page.goto(env.base);
  await page.locator("#dlg-new[open]").waitFor();
  await page.locator("#btn-new-cancel").click();
  await page.locator("#btn-import").click();
  await page.locator("#import-text").fill(ogn);
  await page.selectOption("#import-opponent", "friend");
  await page.locator("#btn-import-go").click();
}

const detail = (page) => page.locator("#review-detail").textContent();

test("review an imported game: progress, graph, symbols, a blunder explained, jumps, and a reload", async () => {
  const { context, page, errors } = await newPage();
  await importGame(page, GAME);
  await page.waitForFunction(() => document.querySelectorAll("#move-list button").length === 8);
  assert.ok(await page.locator("#review-panel").isHidden(), "no review yet, no panel");
  assert.equal((await apiReview(page)).status, "none");

  // Every progress text the page shows is recorded, to see the bar count up to the end.
  await page.evaluate(() => {
    window.progressSeen = [];
    const t = document.querySelector("#review-progress-text");
    new MutationObserver(() => window.progressSeen.push(t.textContent)).observe(t, { childList: true, characterData: true, subtree: true });
  });
  await page.locator("#btn-review").click();
  await page.locator("#review-panel").waitFor();
  await page.locator("#review-graph svg.eval-graph").waitFor(LONG);
  assert.ok(await page.locator("#review-progress").isHidden(), "the bar goes once the review is done");
  const seen = await page.evaluate(() => window.progressSeen);
  assert.ok(seen.includes("Reviewing: 8 of 8 moves"), `progress seen: ${JSON.stringify(seen)}`);
  await waitMessage(page, /Review ready\. Accuracy: South [\d.]+ %, North [\d.]+ %/);

  // The graph: one point per position (start + 8 moves), marks on the costly moves.
  const points = await page.locator("#review-graph polyline.eval-line").getAttribute("points");
  assert.equal(points.trim().split(/\s+/).length, 9);
  assert.ok(await page.locator("#review-graph circle.mark-blunder").count() >= 1);
  // Symbols in the move list: move 7 (South's D) is a blunder, move 8 (North's d) a mistake.
  const moveButtons = page.locator("#move-list button");
  assert.equal(await moveButtons.nth(6).locator(".review-sym").textContent(), "??");
  assert.equal(await moveButtons.nth(7).locator(".review-sym").textContent(), "?");
  assert.match(await moveButtons.nth(6).getAttribute("aria-label"), /Blunder\./);
  // Per-player summary: accuracy and counts, South with 2 blunders.
  const south = page.locator('#review-summary tr[data-side="S"]');
  assert.match(await south.textContent(), /South\s*[\d.]+ %/);
  assert.equal(await south.locator("td").nth(5).textContent(), "2");

  // Clicking move 7 in the list: the board before it, D (played) and E (best) marked, the explanation.
  await moveButtons.nth(6).click();
  await page.waitForFunction(() => document.querySelector("#review-detail h3")?.textContent.startsWith("Move 7"));
  assert.match(await detail(page), /Move 7: South played D \?\?\. Blunder\./);
  assert.match(await detail(page), /12\.27 seeds lost/);
  assert.match(await detail(page), /E captures e: 3 seeds\./);
  assert.match(await detail(page), /D left A with 1 seed: North can capture 2 with b\./);
  assert.match(await page.locator("#status").textContent(), /position after move 6/);
  assert.ok(await page.locator('.pit[data-pit="3"]').evaluate((e) => e.classList.contains("review-played")));
  assert.ok(await page.locator('.pit[data-pit="4"]').evaluate((e) => e.classList.contains("review-best")));
  assert.match(await page.locator('.pit[data-pit="4"]').getAttribute("aria-label"), /the review's best move/);
  assert.ok(await moveButtons.nth(6).evaluate((e) => e.classList.contains("current")));
  await page.screenshot({ path: join(artifacts, "review-blunder.png") });

  // ← → step through the moves.
  await page.locator("body").press("ArrowLeft");
  await page.waitForFunction(() => document.querySelector("#review-detail h3")?.textContent.startsWith("Move 6"));
  assert.match(await page.locator("#status").textContent(), /position after move 5/);
  await page.locator("body").press("ArrowRight");
  await page.locator("body").press("ArrowRight");
  await page.waitForFunction(() => document.querySelector("#review-detail h3")?.textContent.startsWith("Move 8"));

  // Clicking the graph jumps to the move under the pointer: 3/8 of the way along is move 3.
  const box = await page.locator("#review-graph svg").boundingBox();
  await page.mouse.click(box.x + (box.width * 3) / 8, box.y + box.height / 2);
  await page.waitForFunction(() => document.querySelector("#review-detail h3")?.textContent.startsWith("Move 3"));
  assert.ok(await moveButtons.nth(2).evaluate((e) => e.classList.contains("current")));

  // A reload shows the stored review: same status and time computed, nothing searched again.
  const stored = await apiReview(page);
  assert.equal(stored.status, "done");
  assert.equal(stored.current, true);
  await page.reload();
  await page.locator("#review-graph svg.eval-graph").waitFor();
  assert.equal(await page.locator("#move-list button").nth(6).locator(".review-sym").textContent(), "??");
  const again = await apiReview(page);
  assert.equal(again.status, "done");
  assert.equal(again.computed_at, stored.computed_at);
  // Asking again from the menu answers the stored review too.
  await page.locator("#btn-review").click();
  await page.waitForFunction(() => /Review ready/.test(document.querySelector("#message").textContent));
  assert.equal((await apiReview(page)).computed_at, stored.computed_at);
  // Closing the review goes back to the game.
  await page.locator("#move-list button").nth(6).click();
  await page.locator("#btn-review-close").click();
  assert.ok(await page.locator("#review-panel").isHidden());
  assert.equal(await page.locator(".pit.review-played").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a finished game is reviewed from the end panel", async () => {
  const { context, page, errors } = await newPage();
  // The page's first look at the game's review (as the game opens) is held back until the review the player
  // asks for meanwhile is on screen, and only then answered: that older "none" must not close it. The test
  // releases it and waits for the page to say it dropped it (by its version), so the order is forced, not timed.
  let held = false;
  let release;
  const released = new Promise((r) => { release = r; });
  let answered;
  const lateAnswer = new Promise((r) => { answered = r; });
  await page.route(/\/api\/games\/[^/]+\/review$/, async (route) => {
    if (route.request().method() !== "GET" || held) return route.continue();
    held = true;
    const answer = await route.fetch();
    assert.equal((await answer.json()).status, "none");
    await released;
    await route.fulfill({ response: answer });
    answered();
  });
  // North plays f, then South's F captures 3 and reaches 25: the game ends, the end panel opens.
  await importGame(page, '[FEN "0-0-0-0-1-1-2-1-0-0-0-1-22-20-N"]\n\n1... f 2. F *');
  await page.locator("#dlg-end[open]").waitFor();
  await page.locator("#btn-end-review").click();
  await page.locator("#dlg-end").waitFor({ state: "hidden" });
  await page.locator("#review-graph svg.eval-graph").waitFor(LONG);
  assert.ok(held, "the first look was held back");
  // Now the old answer: the page drops it as older than the review it shows, which stays.
  const dropped = page.waitForEvent("console", (m) => /review: an answer older than the one shown was dropped \(none /.test(m.text()));
  release();
  await lateAnswer;
  await dropped;
  assert.ok(await page.locator("#review-graph svg.eval-graph").isVisible());
  const r = await apiReview(page);
  assert.equal(r.status, "done");
  assert.equal(r.review.moves.length, 2);
  assert.equal(await page.locator("#review-summary tbody tr").count(), 2);
  await page.locator("#move-list button").nth(1).click();
  await page.waitForFunction(() => document.querySelector("#review-detail h3")?.textContent.startsWith("Move 2: South played F"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the review, the analysis and the rules in French", async () => {
  const { context, page, errors } = await openPage(env.browser, { width: 1280, height: 900 }, { locale: "fr-FR" });
  await importGame(page, GAME);
  await page.waitForFunction(() => document.querySelectorAll("#move-list button").length === 8);
  await page.locator("#btn-review").click();
  await page.locator("#review-graph svg.eval-graph").waitFor(LONG);
  await waitMessage(page, /Bilan prêt\. Précision\s: \S+ [\d,]+ %/);
  // Move 7's explanation, worded by the page from the server's codes and facts.
  await page.locator("#move-list button").nth(6).click();
  await page.waitForFunction(() => document.querySelector("#review-detail h3")?.textContent.startsWith("Coup 7"));
  assert.match(await detail(page), /Graines perdues\s: 12,27\./);
  assert.match(await detail(page), /E prend e, soit 3 graines\./);
  assert.match(await detail(page), /D a laissé A avec 1 graine\s: Nord peut en prendre 2 avec b\./);
  // The Analysis panel, running.
  await page.locator("#btn-analyse").click();
  await page.waitForFunction(() => /au trait/.test(document.querySelector("#analysis-line").textContent), null, LONG);
  // French words the list of English ones holds too ("Analyse", "grand chelem", "cycle").
  const others = ["analyse", "grand", "cycle"];
  assert.deepEqual(await englishLeft(page, others), []);
  await page.locator("#btn-analyse").click();
  await page.screenshot({ path: join(artifacts, "review-fr.png") });
  // The Rules page, translated whole.
  await page.goto(`${env.base}rules`);
  assert.equal(await page.locator("h1").textContent(), "Comment jouer à l'awalé");
  // French words the list of English ones has too: "grand chelem", "un cycle".
  assert.deepEqual(await englishLeft(page, ["grand", "cycle"]), []);
  assert.deepEqual(errors, []);
  await context.close();
});
