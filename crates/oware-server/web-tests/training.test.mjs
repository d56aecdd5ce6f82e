// Browser test of the puzzles (issue 40), on a phone-sized screen, as a guest (the rating kept in the
// browser): the home page links the puzzle of the day; the page solves it by clicks on the pits (the line read
// from the API, as any client may), the rating rises; the next puzzle is failed with a wrong pit, the right
// move is shown, the line can be stepped through and the rating falls. Every wait is for a text on the page.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/training.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { artifacts, openPage, useServer } from "./harness.mjs";

const env = useServer({ name: "training" });
const WAIT = { timeout: 15000 };
const PHONE = { width: 390, height: 844 };

/** GET `path` of the server as JSON. */
async function api(path) {
  const res = await fetch(new URL(path, env.base));
  assert.equal(res.status, 200, path);
  return res.json();
}

/** The guest's rating as the page keeps it. */
const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("oware.puzzleRating") || "null"));

/** Waits until the status line matches `re`. */
const status = (page, re) =>
  page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#status").textContent), re.source, WAIT);

test("training: the puzzle of the day is solved by clicks, another is failed, the rating moves", async () => {
  const { page, errors, refusals } = await openPage(env.browser, PHONE, { hasTouch: true, isMobile: true });
  await page.goto(env.base);
  assert.equal(await page.locator('#daily-puzzle a[href="/training/daily"]').count(), 1, "the home page links the puzzle of the day");
  assert.equal(await page.locator('header a[href="/training"]').count(), 1, "the header links the puzzles");

  const daily = await api("/api/puzzle/daily");
  const line = daily.puzzle.solution;
  await page.goto(new URL("/training/daily", env.base).href);
  await status(page, /Find the best move/);
  assert.match(await page.locator("#tr-title").textContent(), /Puzzle of the day/);
  assert.match(await page.locator("#tr-rating").textContent(), /1500\?/);
  for (let k = 0; k < line.length; k += 2) {
    await page.locator(`#board .pit[data-letter="${line[k]}"]`).click();
    if (k + 1 < line.length) await status(page, new RegExp(`Right: ${line[k]}\\. The opponent answers ${line[k + 1]}`));
  }
  await status(page, /^Solved!/);
  const up = await stored(page);
  assert.ok(up.rating > 1500, `the rating rose: ${JSON.stringify(up)}`);
  assert.match(await page.locator("#tr-rating").textContent(), /\(\+\d+\)/);
  await page.screenshot({ path: join(artifacts, "training-solved.png") });

  // The next puzzle: a wrong pit fails it, the right move is said, the line can be stepped through.
  await page.locator("#tr-next").click();
  await page.waitForFunction((id) => !document.querySelector("#tr-info").textContent.includes(id), daily.puzzle.id, WAIT);
  const id = (await page.locator("#tr-info").textContent()).match(/Puzzle ([0-9a-f]{12})/)[1];
  const p = await api(`/api/puzzle/${id}`);
  const wrong = p.board.legal.find((m) => m !== p.solution[0]);
  await page.locator(`#board .pit[data-letter="${wrong}"]`).click();
  await status(page, new RegExp(`${wrong} is not it: the right move was ${p.solution[0]}`));
  const down = await stored(page);
  assert.ok(down.rating < up.rating, `the rating fell: ${JSON.stringify(down)}`);
  assert.match(await page.locator("#tr-rating").textContent(), /\(−\d+\)/);
  await page.locator("#tr-back").click();
  assert.match(await page.locator("#tr-step").textContent(), /^Start/);
  await page.locator("#tr-forward").click();
  assert.match(await page.locator("#tr-step").textContent(), new RegExp(`^Move 1 of ${p.solution.length}: ${p.solution[0]}`));
  await page.screenshot({ path: join(artifacts, "training-failed.png") });

  assert.deepEqual(errors, []);
  assert.deepEqual(refusals, ["GET /api/puzzle/history 401"], "a guest has no history on the server");
  await page.context().close();
});
