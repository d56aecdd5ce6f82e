// Browser test of the lessons (issue 41) on a phone-sized viewport: a new visitor's home page offers the
// lessons; the first three lessons are completed by taps on the pits (a wrong move explained and tried
// again); the stars are kept after a reload and the home page offers to continue; the guest signs up and
// the profile lists the lessons completed; the counting trainer checks an answer. axe-core (npm) checks
// /learn (the list, a step, the trainer) for serious or critical issues. In French: a lesson, the counting
// trainer and a puzzle show no English left. Every wait is for a text or a state on the page, never a fixed
// time.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/learn.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

import { artifacts, englishLeft, openPage, root, useServer } from "./harness.mjs";
import { PASSWORD, WAIT } from "./online-helpers.mjs";

const env = useServer({ name: "learn" });
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const PHONE = { width: 390, height: 844 };

/** The first three lessons' steps: the pits to tap, in order. */
const LESSONS = [
  ["sowing", [["B"], ["E"], ["F"]]],
  ["capturing", [["F"], ["E"]]],
  ["grand-slam", [["F"], ["F"]]],
];

/** axe-core's serious and critical violations on the page as it is now. */
async function axeProblems(page) {
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    // @ts-ignore: axe is the script just added.
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  return found;
}

async function tap(page, pit) {
  await page.locator(`#learn-south [data-letter="${pit}"]`).click();
}

async function said(page, text) {
  await page.waitForFunction((t) => document.querySelector("#step-said").textContent.includes(t), text, WAIT);
}

test("learn: the first three lessons by taps on a phone, kept after a reload, then on the account", async () => {
  // bypassCSP: the test adds axe-core's script to the page, which the page's policy would refuse.
  const { page, errors, refusals } = await openPage(env.browser, PHONE, { bypassCSP: true, hasTouch: true });
  await page.goto(env.base);
  assert.equal((await page.locator("#learn-card-link").textContent()).trim(), "Learn to play");
  assert.equal(await page.locator("#learn-card-link").getAttribute("href"), "/learn");

  await page.goto(new URL("learn", env.base).href);
  await page.locator('a.lesson-link[data-lesson="sowing"]').waitFor(WAIT);
  assert.equal(await page.locator("#learn-continue").isVisible(), false, "nothing to continue yet");
  assert.deepEqual(await axeProblems(page), [], "the list of lessons");
  await page.locator('a.lesson-link[data-lesson="sowing"]').click();
  await page.locator("#learn-lesson:not([hidden])").waitFor(WAIT);
  assert.match(await page.locator("#step-task").textContent(), /land in pit F/);
  assert.deepEqual(await axeProblems(page), [], "a step of a lesson");
  // Large touch targets: every pit button is at least 44 px each way on the phone.
  for (const box of await page.locator("#learn-south button").evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON()))) {
    assert.ok(box.width >= 44 && box.height >= 44, JSON.stringify(box));
  }

  // A wrong move is played and explained, and the step is tried again.
  await tap(page, "A");
  await said(page, "it landed in E");
  await said(page, "Try again");
  await page.locator("#btn-retry").click();
  await said(page, "The step starts again");

  for (const [id, steps] of LESSONS) {
    for (let i = 0; i < steps.length; i++) {
      await page.waitForFunction(([t]) => document.querySelector("#step-title").textContent.startsWith(t), [`Step ${i + 1} of ${steps.length}`], WAIT);
      assert.equal(page.url().split("#")[1], `lesson/${id}/${i + 1}`);
      for (const pit of steps[i]) await tap(page, pit);
      await said(page, "Step done");
      await page.locator("#btn-next").click();
    }
  }
  // After the third lesson the path goes on to the fourth.
  await page.waitForURL(/#lesson\/feeding\/1$/, WAIT);
  await page.screenshot({ path: join(artifacts, "learn-phone.png") });

  // A reload keeps the stars: the first three lessons are done, and the list offers to continue.
  await page.goto(new URL("learn#", env.base).href);
  await page.reload();
  await page.locator('a.lesson-link[data-lesson="sowing"]').waitFor(WAIT);
  for (const [id] of LESSONS) {
    assert.match(await page.locator(`a.lesson-link[data-lesson="${id}"]`).textContent(), /Done · \d+ of \d+ stars/, id);
  }
  assert.match(await page.locator('a.lesson-link[data-lesson="sowing"]').textContent(), /8 of 9 stars/);
  assert.doesNotMatch(await page.locator('a.lesson-link[data-lesson="feeding"]').textContent(), /Done/);
  assert.equal(await page.locator("#learn-continue").getAttribute("href"), "#lesson/feeding/1");
  await page.goto(env.base);
  assert.equal((await page.locator("#learn-card-link").textContent()).trim(), "Continue where you left off");

  // The guest signs up on /learn: the stars kept in the browser go to the account, the profile lists them.
  await page.goto(new URL("learn", env.base).href);
  await page.locator('a.lesson-link[data-lesson="sowing"]').waitFor(WAIT);
  await page.locator("#btn-signup").click();
  await page.locator("#dlg-login[open]").waitFor();
  await page.locator("#dlg-login input[name=name]").fill("Akua");
  await page.locator("#dlg-login input[name=password]").fill(PASSWORD);
  await page.locator("#dlg-login-ok").click();
  await page.waitForFunction(() => document.querySelector("#learn-saved").textContent.includes("kept on your account"), null, WAIT);
  await page.goto(new URL("@/Akua", env.base).href);
  // By their titles, as a sentence lists them.
  await page.waitForFunction(() => document.querySelector("#profile-lessons").textContent.startsWith("Lessons completed: 3"), null, WAIT);
  assert.match(await page.locator("#profile-lessons").textContent(), /, and /);

  // The counting trainer: a question, an answer checked by the server, the right answer said in words.
  await page.goto(new URL("learn#count", env.base).href);
  await page.locator("#learn-count:not([hidden])").waitFor(WAIT);
  assert.match(await page.locator("#count-pit").textContent(), /^[A-F]$/);
  assert.deepEqual(await axeProblems(page), [], "the counting trainer");
  await page.locator("#count-landing").selectOption("a");
  await page.locator("#count-seeds").fill("3");
  await page.locator("#count-form button[type=submit]").click();
  await page.waitForFunction(() => / the last one lands in [A-Fa-f], which then holds \d+\./.test(document.querySelector("#count-said").textContent), null, WAIT);

  // Lesson 6 ("count") once shared its API address with the trainer and did not open.
  await page.goto(new URL("learn#lesson/count/1", env.base).href);
  await page.locator("#learn-lesson:not([hidden])").waitFor(WAIT);
  assert.match(await page.locator("#lesson-title").textContent(), /count before you play/i);
  assert.deepEqual(errors, []);
  assert.deepEqual(refusals, []);
});

test("learn: a lesson, the counting trainer and a puzzle in French have no English left", async () => {
  const { page, errors } = await openPage(env.browser, PHONE, { locale: "fr-FR" });
  const ignore = [
    "grand", "cycle", // French words too: "grand chelem", the puzzles' theme "cycle"
  ];
  await page.goto(new URL("learn", env.base).href);
  await page.locator('a.lesson-link[data-lesson="sowing"]').waitFor(WAIT);
  assert.match(await page.locator('a.lesson-link[data-lesson="sowing"]').textContent(), /Semer.*0 étoile sur 9/);
  assert.deepEqual(await englishLeft(page, ignore), [], "the list of lessons");

  // A lesson: a wrong move explained in French, the hint, then the step solved.
  await page.locator('a.lesson-link[data-lesson="sowing"]').click();
  await page.locator("#learn-lesson:not([hidden])").waitFor(WAIT);
  assert.match(await page.locator("#step-task").textContent(), /case F/);
  await tap(page, "A");
  await said(page, "elle est tombée en E");
  await said(page, "Essaie encore");
  assert.deepEqual(await englishLeft(page, ignore), [], "a wrong move explained");
  await page.locator("#btn-retry").click();
  await page.locator("#btn-hint").click();
  await page.waitForFunction(() => document.querySelector("#step-hint").textContent.startsWith("Indice"), null, WAIT);
  await tap(page, "B");
  await said(page, "Étape réussie");
  assert.deepEqual(await englishLeft(page, ignore), [], "a step solved");

  // The counting trainer: an answer checked, the explanation in French.
  await page.goto(new URL("learn#count", env.base).href);
  await page.locator("#learn-count:not([hidden])").waitFor(WAIT);
  await page.locator("#count-landing").selectOption("a");
  await page.locator("#count-seeds").fill("3");
  await page.locator("#count-form button[type=submit]").click();
  await page.waitForFunction(() => /la dernière tombe en/.test(document.querySelector("#count-said").textContent), null, WAIT);
  assert.deepEqual(await englishLeft(page, ignore), [], "the counting trainer");

  // A puzzle, failed by a wrong move: the line, the votes and the themes in French.
  const daily = await (await fetch(new URL("/api/puzzle/daily", env.base))).json();
  await page.goto(new URL("/training/daily", env.base).href);
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("Trouve le meilleur coup"), null, WAIT);
  assert.deepEqual(await englishLeft(page, ignore), [], "a puzzle");
  // The line, from the shipped file (the API keeps it on the server).
  const first = readFileSync(join(root, "crates/oware-puzzles/data/puzzles.jsonl"), "utf8").split("\n")
    .filter((l) => l.includes(`"id":"${daily.puzzle.id}"`)).map((l) => JSON.parse(l).line[0])[0];
  const wrong = daily.puzzle.board.legal.find((m) => m !== first);
  if (wrong) {
    await page.locator(`#board .pit[data-letter="${wrong}"]`).click();
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("le bon coup était"), null, WAIT);
  } else {
    await page.locator(`#board .pit[data-letter="${first}"]`).click();
    await page.waitForFunction(() => /Résolu|L'adversaire répond/.test(document.querySelector("#status").textContent), null, WAIT);
  }
  assert.deepEqual(await englishLeft(page, ignore), [], "a puzzle played");
  assert.deepEqual(errors, []);
});

/** Every lesson's steps, from the lesson files (the API keeps the solutions on the server): `[id, steps]`,
 * each step `{ solution, wrong }`. */
function lessonFiles() {
  const dir = join(root, "crates/oware-lessons/lessons");
  return readdirSync(dir).filter((f) => f.endsWith(".toml")).sort().map((f) => {
    const text = readFileSync(join(dir, f), "utf8");
    const solutions = [...text.matchAll(/^solution = \[(.*)\]$/gm)].map((m) => JSON.parse(`[${m[1]}]`));
    const wrongs = [...text.matchAll(/^wrong = (".*")$/gm)].map((m) => JSON.parse(m[1]));
    return [f.replace(/^\d+-/, "").replace(/\.toml$/, ""), solutions.map((solution, i) => ({ solution, wrong: wrongs[i] }))];
  });
}

/** Whether `selector`'s box is inside the window (a phone's short screen). */
async function inView(page, selector) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight + 1;
  });
}

test("learn: every lesson played to its end on a phone, in English and in French", async () => {
  const lessons = lessonFiles();
  assert.equal(lessons.length, 10);
  for (const [locale, stars] of [["en-GB", /of 3 stars/], ["fr-FR", /sur 3|étoiles? sur 3|★/]]) {
    const { context, page, errors, refusals } = await openPage(env.browser, PHONE, { locale, hasTouch: true });
    if (locale === "en-GB") {
      // A first visit: the New game dialog offers the lessons too, on the screen.
      await page.goto(env.base);
      await page.locator("#dlg-new[open]").waitFor(WAIT);
      assert.ok(await inView(page, "#new-learn-link"), "Learn to play, in the dialog");
    }
    await page.goto(new URL("learn#lesson/sowing/1", env.base).href);
    for (const [id, steps] of lessons) {
      for (let i = 0; i < steps.length; i++) {
        const { solution, wrong } = steps[i];
        await page.waitForFunction(([h]) => location.hash === h && document.querySelector("#btn-next").hidden
          && !document.querySelector("#learn-lesson").hidden, [`#lesson/${id}/${i + 1}`], WAIT);
        if (locale === "en-GB" && id === "capturing" && i === 0) {
          // A tap on an empty pit is explained and costs nothing.
          const empty = page.locator("#learn-south button", { has: page.locator(".count", { hasText: /^0$/ }) }).first();
          await empty.click();
          await said(page, "is empty");
          assert.equal(await page.locator("#learn-board").getAttribute("data-moves"), "0");
          assert.equal(await page.locator("#btn-retry").isHidden(), true);
        }
        if (locale === "en-GB" && id === "sowing" && i === 1) {
          // A missed step: "Try again" is on the screen, and a tap on a pit starts again by itself.
          await tap(page, wrong);
          await page.locator("#btn-retry:not([hidden])").waitFor(WAIT);
          assert.ok(await inView(page, "#btn-retry"), "Try again, on the screen");
          assert.ok(await inView(page, "#step-said"), "the explanation, on the screen");
        }
        if (locale === "en-GB" && id === "capturing" && i === 1) {
          // The hint is said once, in its own paragraph.
          await page.locator("#btn-hint").click();
          await page.locator("#step-hint:not([hidden])").waitFor(WAIT);
          const hint = (await page.locator("#step-hint").textContent()).replace(/^Hint: /, "");
          assert.ok(!(await page.locator("#step-said").textContent()).includes(hint));
        }
        for (let k = 0; k < solution.length; k++) {
          if (solution[k] === "agree") await page.locator("#btn-agree").click();
          else await tap(page, solution[k]);
          if (k + 1 < solution.length) {
            await page.waitForFunction((n) => document.querySelector("#learn-board").dataset.moves === n, String(k + 1), WAIT);
          }
        }
        await page.locator("#btn-next:not([hidden])").waitFor(WAIT);
        const text = await page.locator("#step-said").textContent();
        assert.match(text, stars, `${locale} ${id} ${i + 1}`);
        // The first reading is short: the words before the stars' sentence.
        assert.ok(text.split(/\s+/).length <= 25 + 12, `${id} ${i + 1}: ${text}`);
        if (id === "capturing" && i === 0 && locale === "en-GB") assert.match(text, /3 of 3 stars/);
        if (id === "sowing" && i === 1 && locale === "en-GB") assert.match(text, /2 of 3 stars/);
        const more = await page.locator("#step-more-text").textContent();
        const end = /It ends (\d+) to (\d+)/.exec(more);
        if (end) {
          // The board shows the final score.
          assert.match(await page.locator("#store-south").textContent(), new RegExp(`\\b${end[1]}$`));
          assert.match(await page.locator("#store-north").textContent(), new RegExp(`\\b${end[2]}$`));
        }
        if (locale === "en-GB" && id === "sowing" && i === 2) {
          // A tap once the step is done says how to go on.
          await tap(page, "A");
          await said(page, "This step is done");
        }
        await page.locator("#btn-next").click();
      }
    }
    // After the last lesson: back to the list, every lesson done.
    await page.locator("#learn-home:not([hidden])").waitFor(WAIT);
    assert.equal(await page.locator("a.lesson-link.lesson-done").count(), 10);
    assert.deepEqual(errors, []);
    assert.deepEqual(refusals, []);
    await context.close();
  }
});
