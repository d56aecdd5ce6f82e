// Browser test of the board editor (/editor) and the analysis board (/analysis): on a phone-sized page a
// position is set seed by seed and refused, with the server's reason, while no game can be in it (too few
// seeds, a side to move with no legal move); once the server accepts it, it opens on the analysis board,
// where the engine analyses it, a line and a variation are played (the tree keeps both), and the link of
// the position shown opens the same position and moves in a second browser context, where a game exported
// from PlayStrategy is imported (and a malformed one refused with its line and column).
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/study.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";

import { readFileSync } from "node:fs";
import { join } from "node:path";

import { useServer, openPage, waitText, root } from "./harness.mjs";

const env = useServer({ name: "study" });
const PHONE = { width: 390, height: 844 };

test("study: the editor refuses impossible positions with the reason; the analysis board analyses, branches and shares", async () => {
  const { context, page, errors } = await openPage(env.browser, PHONE, { hasTouch: true });
  await page.goto(`${env.base}editor`);
  await waitText(page, "#status", /A game can be in this position: South to move/);
  await waitText(page, "#ed-left", /Seeds left: 0 of 48/);

  // Position text with a side to move that has no seeds: the rules end the game there.
  await page.fill("#ed-position", "0-0-0-0-0-0-1-0-0-0-0-0-23-24-S");
  await page.click("#ed-load");
  await waitText(page, "#status", /Not a position of a game: South is to move and has no legal move/);
  assert.equal(await page.getAttribute("#ed-analyse", "aria-disabled"), "true");

  // Three seeds out of North's store (right-click): 45 seeds, refused for the count.
  for (let i = 0; i < 3; i++) await page.click("#store-left", { button: "right" });
  await waitText(page, "#ed-left", /Seeds left: 3 of 48/);
  await waitText(page, "#status", /hold 45 seeds, expected 48/);

  // One seed in each of A, B (taps) and C (the keyboard): 48, South to move, three moves.
  await page.tap('#row-bottom [data-letter="A"]');
  await page.tap('#row-bottom [data-letter="B"]');
  await page.focus('#row-bottom [data-letter="C"]');
  await page.keyboard.press("+");
  await waitText(page, "#ed-left", /Seeds left: 0 of 48/);
  await waitText(page, "#status", /A game can be in this position: South to move/);
  assert.equal(await page.inputValue("#ed-position"), "1-1-1-0-0-0-1-0-0-0-0-0-23-21-S");

  await page.click("#ed-analyse");
  await page.waitForURL(/\/analysis\/1-1-1-0-0-0-1-0-0-0-0-0-23-21-S$/);
  await waitText(page, "#status", /South to move/);

  // The engine analyses the position (a game on one device follows the line shown).
  await page.click("#st-engine");
  await waitText(page, "#st-depth", /\d/);

  // A line: C, then North's a; back to the start, and B makes a variation; then North's a after it.
  await page.keyboard.press("3");
  await waitText(page, "#status", /North to move/);
  await page.keyboard.press("1");
  await waitText(page, "#status", /South to move/);
  await page.keyboard.press("Home");
  await waitText(page, "#st-position", /^1-1-1-0-0-0-1-0-0-0-0-0-23-21-S$/);
  await page.keyboard.press("2");
  await waitText(page, "#status", /North to move/);
  await page.keyboard.press("1");
  await waitText(page, "#st-tree .st-var", /B\s*1… a|B.*a/);
  const tree = await page.textContent("#st-tree");
  assert.match(tree, /1\. C/, "the main line stays");
  assert.match(await page.textContent("#st-tree .st-var"), /1\. B/, "B is a variation");
  const here = await page.textContent("#st-position");

  // The link of the position shown, opened in a second browser: the same position after the same moves.
  const link = await page.inputValue("#st-link");
  assert.equal(link, `${env.base}analysis/1-1-1-0-0-0-1-0-0-0-0-0-23-21-S?moves=Ba`);
  const other = await openPage(env.browser, PHONE);
  await other.page.goto(link);
  await waitText(other.page, "#st-position", new RegExp(`^${here}$`));
  assert.match(await other.page.textContent("#st-tree"), /1\. B.*a/);

  // A game exported from PlayStrategy, imported there: its players, its capture, its end; a malformed
  // record is refused with the line and the column.
  await other.page.fill("#st-record", readFileSync(join(root, "crates/oware-core/tests/data/playstrategy/from-position.pgn"), "utf8"));
  await other.page.click("#st-import-go");
  await waitText(other.page, "#status", /Game imported: 1 move/);
  assert.match(await other.page.textContent("#st-tree"), /1\. F\+2/);
  assert.equal(await other.page.textContent("#st-bottom"), "Ama");
  await other.page.fill("#st-record", '[P1 "Ama"]\n1. d1e1');
  await other.page.click("#st-import-go");
  await waitText(other.page, "#st-error", /line 2: column 4: d1e1: the last seed of d1 falls in e2, not e1/);
  assert.deepEqual(other.errors, []);
  await other.context.close();

  assert.deepEqual(errors, []);
  await context.close();
});
