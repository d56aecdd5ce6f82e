// Accessibility (issue 56): axe-core (npm, WCAG 2 A and AA rules) on every page, on a phone (390×844) and a
// desktop (1280×860), in English and in French (the language with the most typography): no serious or
// critical violation. The pages: the game page (a first visit, its New game dialog closed), an online
// game's page, the lessons (the list, a step, the counting trainer), the puzzles, the rules, tips and FAQ,
// the leaderboard, a profile, the tournaments and a tournament (a class's arena), TV and the games in play,
// the analysis board, the board editor, the worksheets, the classes (the teacher's list, a class's page for
// its teacher, the pupil's page). Also: one <h1> per page, the pits named with their letter and seeds
// ("f, 4 seeds" is what is seen: 2.5.3 label in name), every scrolling region reachable by the keyboard.
// Lean: one browser, one teacher and one pupil made once, each page view in one tab per size and language.
// Every wait is for a state of the page, never a fixed time.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/a11y.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

import { openPage, useServer } from "./harness.mjs";
import { PASSWORD, WAIT } from "./online-helpers.mjs";

const env = useServer({ name: "a11y" });
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** POSTs `body` as JSON to `path` with the session `cookie` (if any): the answer's JSON and its cookie. */
async function post(path, body, cookie = "") {
  const r = await fetch(new URL(path, env.base), {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  assert.ok(r.ok, `${path}: ${r.status} ${await r.clone().text()}`);
  return { body: await r.json(), cookie: (r.headers.get("set-cookie") || "").split(";")[0] };
}

/** Made once, through the API: a profile to look at (the teacher's), an online game to watch, a class
 * with a pupil, a lesson to do and an arena; the teacher's and the pupil's session cookies. */
let made = null;
async function fixtures() {
  if (made) return made;
  const teacher = await post("/api/account/signup", { name: "Efua", password: PASSWORD });
  const game = await post("/api/games", { opponent: "online", rules: "abapa", clock: null, color: "S", name: "Ama" });
  const cls = await post("/api/classes", { name: "5B" }, teacher.cookie);
  const id = cls.body.id;
  const logins = await post(`/api/classes/${id}/pupils`, { names: ["Kofi"] }, teacher.cookie);
  await post(`/api/classes/${id}/work`, { kind: "lesson", target: "sowing", due: "2030-06-01" }, teacher.cookie);
  const arena = await post(`/api/classes/${id}/arena`, {}, teacher.cookie);
  const { username, password } = logins.body.logins[0];
  const pupil = await post("/api/account/login", { name: username, password });
  made = { game: game.body.id, cls: id, arena: arena.body.id, teacher: teacher.cookie, pupil: pupil.cookie };
  return made;
}

/** The pages: `[name, path, what to wait for, who looks]` (a guest, the teacher or the pupil). */
function pages({ game, cls, arena }) {
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
    ["a tournament", `/tournament/${arena}`, "h1:visible"],
    ["tv", "/tv", "#tv:not([hidden]) h1"],
    ["games in play", "/games", "#games:not([hidden]) h1"],
    ["analysis board", "/analysis", "#board .pit"],
    ["board editor", "/editor", "#board .pit"],
    ["worksheets", "/worksheets", "#ws-counting > *"],
    ["classes, the teacher's list", "/class", "#cl-list:not([hidden]) h2", "teacher"],
    ["a class, for its teacher", `/class/${cls}`, "#cl-progress tbody tr", "teacher"],
    ["the pupil's class", "/class", "#cl-pupil:not([hidden]) h2", "pupil"],
    ["a lesson, for the pupil", "/learn#lesson/sowing/1", "#learn-south button", "pupil"],
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

const SIZES = [["phone", { width: 390, height: 844 }], ["desktop", { width: 1280, height: 860 }]];
for (const [lang, locale] of [["English", "en-GB"], ["French", "fr-FR"]]) for (const [size, viewport] of SIZES) {
  test(`a11y: every page on a ${size} in ${lang}, no serious or critical axe violation, one h1, scrolling regions reachable`, async () => {
    const fx = await fixtures();
    // bypassCSP: the test adds axe-core's script to the page, which the page's policy would refuse.
    const { context, page } = await openPage(env.browser, viewport, { bypassCSP: true, locale });
    const found = [];
    let who = "guest";
    for (const [name, path, ready, as = "guest"] of pages(fx)) {
      if (as !== who) {
        // The session of who looks (the page's cookie, as after logging in).
        await context.clearCookies();
        if (as !== "guest") {
          const cut = fx[as].indexOf("=");
          await context.addCookies([{ name: fx[as].slice(0, cut), value: fx[as].slice(cut + 1), url: env.base }]);
        }
        who = as;
      }
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
      // The pits say what they show: their letter and their seeds (the game page, the online game,
      // the puzzles, the analysis board, the editor).
      if (ready === "#board .pit") {
        const pits = await page.locator("#board .pit").evaluateAll((els) => els.map((el) => [el.textContent.replace(/\s+/g, " ").trim(), el.getAttribute("aria-label") || el.textContent]));
        for (const [seen, label] of pits) {
          for (const part of seen.split(" ").filter(Boolean)) {
            if (!label.includes(part)) found.push(`${name}: a pit shows "${seen}" but is named "${label}"`);
          }
        }
      }
    }
    await context.close();
    assert.deepEqual(found, []);
  });
}
