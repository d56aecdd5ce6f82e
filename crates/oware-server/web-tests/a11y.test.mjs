// Accessibility (issue 56): axe-core (npm, WCAG 2 A and AA rules) on every page, on a phone (390×844) and a
// desktop (1280×860): no serious or critical violation. The pages: the game page (a first visit, its New
// game dialog closed), an online game's page, the lessons (the list, a step, the counting trainer), the
// puzzles, the rules, tips and FAQ, the leaderboard, a profile, the tournaments. Also: one <h1> per page,
// the pits named with their letter and seeds ("f, 4 seeds" is what is seen: 2.5.3 label in name), every
// scrolling region reachable by the keyboard. Every wait is for a state of the page, never a fixed time.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/a11y.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

import { openPage, useServer } from "./harness.mjs";
import { PASSWORD, WAIT } from "./online-helpers.mjs";

const env = useServer({ name: "a11y" });
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** A profile to look at, and an online game to watch: made once, through the API. */
async function fixtures() {
  const r = await fetch(new URL("/api/account/signup", env.base), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Efua", password: PASSWORD }),
  });
  assert.ok(r.ok || r.status === 409, `sign-up: ${r.status}`);
  const g = await fetch(new URL("/api/games", env.base), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ opponent: "online", rules: "abapa", clock: null, color: "S", name: "Ama" }),
  });
  const game = g.ok ? await g.json() : null;
  return { game: game && game.id };
}

/** The pages: `[name, path, what to wait for]`. */
function pages(game) {
  return [
    ["game page", "/", "#board .pit"],
    ...(game ? [["online game", `/game/${game}`, "#board .pit"]] : []),
    ["lessons", "/learn", "a.lesson-link"],
    ["a lesson's step", "/learn#lesson/capturing/1", "#learn-south button"],
    ["counting trainer", "/learn#count", "#count-south .pit"],
    ["puzzles", "/training", "#board .pit"],
    ["rules", "/rules", "h1"],
    ["tips", "/strategy", "h1"],
    ["faq", "/faq", "h1"],
    ["leaderboard", "/player", "h1:visible"],
    ["profile", "/@/Efua", "#profile-name:not(:empty)"],
    ["tournaments", "/tournaments", "h1:visible"],
  ];
}

/** axe-core's serious and critical violations on the page as it is now. */
async function axeProblems(page) {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    // @ts-ignore: axe is the script just added.
    const r = await window.axe.run(document, { resultTypes: ["violations"], runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

for (const [size, viewport] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1280, height: 860 }]]) {
  test(`a11y: every page on a ${size}, no serious or critical axe violation, one h1, scrolling regions reachable`, async () => {
    const { game } = await fixtures();
    // bypassCSP: the test adds axe-core's script to the page, which the page's policy would refuse.
    const { context, page } = await openPage(env.browser, viewport, { bypassCSP: true });
    const found = [];
    for (const [name, path, ready] of pages(game)) {
      await page.goto(new URL(path, env.base).href);
      await page.locator(ready).first().waitFor(WAIT);
      // The first visit's New game dialog is closed to look at the page under it (it is checked open too).
      if (path === "/" && await page.locator("#dlg-new[open]").count()) {
        found.push(...(await axeProblems(page)).map((p) => `${name}, New game dialog: ${p}`));
        await page.keyboard.press("Escape");
        await page.locator("#dlg-new:not([open])").waitFor({ state: "attached", timeout: WAIT.timeout });
      }
      found.push(...(await axeProblems(page)).map((p) => `${name}: ${p}`));
      const h1 = await page.locator("h1:visible").count();
      if (h1 !== 1) found.push(`${name}: ${h1} visible <h1>`);
      // Every element that scrolls sideways or down can take the focus and has a name.
      const unreachable = await page.evaluate(() => [...document.querySelectorAll("body *")].filter((el) => {
        const s = getComputedStyle(el);
        const scrolls = (/(auto|scroll)/.test(s.overflowX) && el.scrollWidth > el.clientWidth + 1)
          || (/(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1);
        const focusable = el.tabIndex >= 0 || el.querySelector("a, button, input, select, textarea, [tabindex]");
        return scrolls && !focusable;
      }).map((el) => el.id || el.className || el.tagName));
      for (const u of unreachable) found.push(`${name}: a scrolling region the keyboard cannot reach (${u})`);
    }
    // The pits say what they show: their letter and their seeds.
    await page.goto(new URL("/", env.base).href);
    await page.locator("#board .pit").first().waitFor(WAIT);
    const pits = await page.locator("#board .pit").evaluateAll((els) => els.map((el) => [el.textContent.replace(/\s+/g, " ").trim(), el.getAttribute("aria-label") || el.textContent]));
    for (const [seen, label] of pits) {
      for (const part of seen.split(" ").filter(Boolean)) {
        if (!label.includes(part)) found.push(`a pit shows "${seen}" but is named "${label}"`);
      }
    }
    await context.close();
    assert.deepEqual(found, []);
  });
}
