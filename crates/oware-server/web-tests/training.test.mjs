// Browser test of the puzzles (issues 40, 59), on a phone-sized screen, as a guest (the rating kept in the
// browser): the home page links the puzzle of the day; the page solves it by clicks on the pits, the server
// answering move by move (the line is read from the shipped file: the API does not send it), the rating
// rises and the page explains the line; the next puzzle is failed with a wrong pit, the right move is shown,
// the line can be stepped through and the rating falls. The pits are 44 px or more; a guest's visit asks
// nothing of the account's routes. The server rates rounds played at a human pace only (a second a move from
// serving by default): this server is started with `--puzzle-pace-ms 0`, so the test never waits for time to
// pass; the pace itself is tested on the injected clock (tests/training.rs).
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/training.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { artifacts, openPage, root, useServer } from "./harness.mjs";

const env = useServer({ name: "training", args: ["--puzzle-pace-ms", "0"] });
const WAIT = { timeout: 15000 };
const PHONE = { width: 390, height: 844 };

/** GET `path` of the server as JSON. */
async function api(path) {
  const res = await fetch(new URL(path, env.base));
  assert.equal(res.status, 200, path);
  return res.json();
}

/** The line of each shipped puzzle, by id, from the data file (the API keeps it on the server). */
const LINES = new Map(readFileSync(join(root, "crates/oware-puzzles/data/puzzles.jsonl"), "utf8")
  .split("\n").slice(1).filter((l) => l.trim()).map((l) => JSON.parse(l)).map((p) => [p.id, p.line]));

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
  assert.equal(daily.puzzle.solution, undefined, "the API keeps the answer");
  const line = LINES.get(daily.puzzle.id);
  await page.goto(new URL("/training/daily", env.base).href);
  await status(page, /Find the best move/);
  assert.match(await page.locator("#tr-title").textContent(), /Puzzle of the day/);
  assert.match(await page.locator("#tr-rating").textContent(), /1500\?/);
  const size = await page.locator("#board .pit").first().boundingBox();
  assert.ok(size.width >= 44 && size.height >= 44, `pits of 44 px: ${JSON.stringify(size)}`);
  for (let k = 0; k < line.length; k += 2) {
    await page.locator(`#board .pit[data-letter="${line[k]}"]`).click();
    if (k + 1 < line.length) await status(page, new RegExp(`Right: ${line[k]}\\. The opponent answers ${line[k + 1]}`));
  }
  await status(page, /^Solved! .*(captures|nothing at once)/);
  const up = await stored(page);
  assert.ok(up.rating > 1500, `the rating rose: ${JSON.stringify(up)}`);
  assert.match(await page.locator("#tr-rating").textContent(), /\(\+\d+\)/);
  await page.screenshot({ path: join(artifacts, "training-solved.png") });

  // The next puzzle: a wrong pit fails it, the right move is said, the line can be stepped through.
  await page.locator("#tr-next").click();
  await page.waitForFunction((id) => !document.querySelector("#tr-info").textContent.includes(id), daily.puzzle.id, WAIT);
  const id = (await page.locator("#tr-info").textContent()).match(/Puzzle ([0-9a-f]{12})/)[1];
  const p = await api(`/api/puzzle/${id}`);
  const solution = LINES.get(id);
  const wrong = p.board.legal.find((m) => m !== solution[0]);
  await page.locator(`#board .pit[data-letter="${wrong}"]`).click();
  await status(page, new RegExp(`${wrong} is not it: the right move was ${solution[0]}\\. .*${solution[0]} (captures|captures nothing)`));
  const down = await stored(page);
  assert.ok(down.rating < up.rating, `the rating fell: ${JSON.stringify(down)}`);
  assert.match(await page.locator("#tr-rating").textContent(), /\(−\d+\)/);
  await page.locator("#tr-back").click();
  assert.match(await page.locator("#tr-step").textContent(), /^Start/);
  await page.locator("#tr-forward").click();
  assert.match(await page.locator("#tr-step").textContent(), new RegExp(`^Move 1 of ${solution.length}: ${solution[0]}`));
  await page.screenshot({ path: join(artifacts, "training-failed.png") });

  assert.deepEqual(errors, []);
  assert.deepEqual(refusals, [], "a guest asks nothing of the account's routes");
  await page.context().close();
});
