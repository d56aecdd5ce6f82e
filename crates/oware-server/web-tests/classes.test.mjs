// Browser test of classes (issue 56): a teacher signs up, makes a class of three pupils on /class, prints their
// log-in cards (only the cards in print), gives a lesson and a puzzle theme; a pupil logs in with a generated
// log-in, sees the work on /class, completes the lesson (its stars sent through the lessons' API, as the lessons
// page does on a logged-in account); the teacher's page shows it done; the pupil cannot write in the chat of a
// game of an account outside the class. Every wait is for a text or a state on the page.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/classes.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";

import { useServer } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "classes" });
const { person, signUp } = onlineHelpers(env);

test("classes: a class of three, printed log-ins, work given, a pupil's lesson on the teacher's page, no chat outside", async () => {
  const teacher = await person();
  await signUp(teacher.page, "mrsmensah");
  const tp = teacher.page;
  await tp.goto(new URL("/class", env.base).href);
  await tp.locator("#cl-list:not([hidden])").waitFor(WAIT);
  await tp.locator("#cl-new-name").fill("5B");
  await tp.locator("#cl-new button[type=submit]").click();
  await tp.waitForURL(/\/class\/[0-9a-f]+$/, WAIT);
  await tp.locator("#cl-add-names").fill("Ama\nKofi\nYaw");
  await tp.locator("#cl-add button[type=submit]").click();
  await tp.locator(".cl-card").nth(2).waitFor(WAIT);
  assert.equal(await tp.locator(".cl-card").count(), 3);
  const username = (await tp.locator(".cl-card").first().locator(".cl-login-user").textContent()) || "";
  const password = (await tp.locator(".cl-card").first().locator(".cl-login-password").textContent()) || "";
  assert.match(username, /^ama-[a-z0-9]{4}$/);
  assert.match(password, /^[a-z]{8}[0-9]{2}$/);

  // Printing the log-ins prints the cards and nothing else.
  await tp.evaluate(() => { window.print = () => { document.body.dataset.printed = document.body.className; }; });
  await tp.locator("#cl-print").click();
  assert.equal(await tp.evaluate(() => document.body.dataset.printed), "cl-printing");
  await tp.evaluate(() => document.body.classList.add("cl-printing"));
  await tp.emulateMedia({ media: "print" });
  assert.ok(await tp.locator(".cl-card").first().isVisible());
  assert.ok(!(await tp.locator("#cl-assign").isVisible()), "the work form is not printed");
  assert.ok(!(await tp.locator("header.top").isVisible()), "the site's header is not printed");
  await tp.emulateMedia({ media: "screen" });
  await tp.evaluate(() => document.body.classList.remove("cl-printing"));

  // A lesson and a puzzle theme.
  await tp.locator("#cl-kind").selectOption("lesson");
  await tp.locator("#cl-target").selectOption("sowing");
  await tp.locator("#cl-assign button[type=submit]").click();
  const columns = (/** @type {number} */ n) => tp.waitForFunction((k) => document.querySelectorAll("#cl-progress thead th").length === k, n, WAIT);
  await columns(1 + 1 + 5); // the pupil, the work, stars, puzzles, last seen, time spent, account
  await tp.locator("#cl-kind").selectOption("puzzles");
  await tp.locator("#cl-target option").first().waitFor({ state: "attached", ...WAIT });
  await tp.locator("#cl-assign button[type=submit]").click();
  await columns(1 + 2 + 5);

  // The pupil logs in with the generated log-in and finds the work.
  const pupil = await person();
  const pp = pupil.page;
  await pp.goto(env.base);
  await pp.locator("#dlg-new[open]").waitFor();
  await pp.locator("#btn-new-cancel").click();
  await pp.locator("#btn-login").click();
  await pp.locator("#dlg-login[open]").waitFor();
  await pp.locator("#dlg-login input[name=name]").fill(username);
  await pp.locator("#dlg-login input[name=password]").fill(password);
  await pp.locator("#dlg-login-ok").click();
  await pp.locator(`#account[data-name="${username}"]`).waitFor(WAIT);
  await pp.goto(new URL("/class", env.base).href);
  await pp.locator("#cl-pupil:not([hidden])").waitFor(WAIT);
  assert.equal(await pp.locator("#cl-pupil-work li").count(), 2);
  assert.ok(await pp.locator("#cl-pupil-safe").isVisible(), "a closed account says so");
  assert.equal(await pp.locator("#cl-pupil-work li a").first().getAttribute("href"), "/learn#lesson/sowing/1");

  // The lesson, completed: its stars as the lessons page sends them for an account, each step
  // with the moves that solve it (crates/oware-lessons/lessons/01-sowing.toml), which the server
  // plays again.
  const sent = await pp.evaluate(async () => {
    const lesson = await (await fetch("/api/learn/sowing")).json();
    const solutions = [["B"], ["E"], ["F"]];
    if (lesson.steps.length !== solutions.length) return `the lesson has ${lesson.steps.length} steps`;
    const stars = lesson.steps.map((/** @type {unknown} */ _, /** @type {number} */ i) => ({ lesson: "sowing", step: i + 1, stars: 3, moves: solutions[i] }));
    const r = await fetch("/api/learn/progress", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ stars }) });
    return r.status;
  });
  assert.equal(sent, 200);
  await pp.reload();
  await pp.locator("#cl-pupil-work li.cl-done").first().waitFor(WAIT);

  // The teacher's page shows it.
  await tp.reload();
  const row = tp.locator(`#cl-progress tr[data-pupil="${username}"]`);
  await row.waitFor(WAIT);
  assert.equal(await row.locator("td").first().getAttribute("class"), "cl-done");
  assert.match((await row.locator("td").first().textContent()) || "", /^✓/);

  // An account outside the class opens an online game; the pupil cannot write in its chat.
  const outsider = await person();
  await signUp(outsider.page, "stranger");
  const game = await outsider.page.evaluate(async () => {
    const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ opponent: "online", color: "S", name: "stranger" }) });
    return (await r.json()).id;
  });
  const chat = await pp.evaluate(async (id) => {
    const r = await fetch(`/api/games/${id}/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "hello" }) });
    return [r.status, (await r.json()).code];
  }, game);
  assert.deepEqual(chat, [403, "pupil-safe"]);
  for (const p of [teacher, pupil, outsider]) assert.deepEqual(p.errors, []);
});
