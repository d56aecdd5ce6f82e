// What every browser test file needs: where the binary, Chromium and the screenshots are, a real
// `oware serve` on a free loopback port, and a headless Chromium, started before a file's tests and
// stopped after them (`useServer`), and pages that collect their script errors (`openPage`). Not a test
// file itself.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, "../../..");
export const bin = process.env.OWARE_BIN || join(root, "target/debug/oware");
export const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
export const artifacts = join(root, "test-artifacts");
mkdirSync(artifacts, { recursive: true });

// Starts `oware serve --port 0 ARGS…` and answers {child, url} once it printed its address.
export function startServer(args) {
  return new Promise((resolveStart, reject) => {
    const child = spawn(bin, ["serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) { clearTimeout(timer); resolveStart({ child, url: m[0] }); }
    });
    child.stderr.on("data", (d) => { out += d; });
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}): ${out}`)); });
  });
}

// Debian's Chromium, headless, with nothing that reaches the network on its own.
export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

/**
 * Registers the test file's set-up and tear-down: before its tests, a temporary folder, `prepare(tmp)` if
 * given, `oware serve` on a SQLite file there (with an endgame folder `tmp/egdb` that nothing builds into
 * unless `prepare` did, and the extra `args` of `oware serve`) and Chromium; after them, all stopped and removed. With `external` set and
 * `OWARE_URL` in the environment, that server is used instead of starting one. Answers an object whose
 * `base` (the server's address, ending in `/`), `browser` and `tmp` are set once the set-up has run.
 */
export function useServer({ name, prepare, external = false, args = [] }) {
  const env = { base: null, browser: null, tmp: null };
  let server = null;
  before(async () => {
    assert.ok(existsSync(chromiumPath), `Chromium is missing at ${chromiumPath}: apt-get install chromium`);
    if (external && process.env.OWARE_URL) {
      env.base = process.env.OWARE_URL.replace(/\/?$/, "/");
    } else {
      assert.ok(existsSync(bin), `the oware binary is missing at ${bin}: run cargo build -p oware-cli first`);
      env.tmp = mkdtempSync(join(tmpdir(), `oware-${name}-`));
      mkdirSync(join(env.tmp, "egdb"));
      if (prepare) await prepare(env.tmp);
      const s = await startServer(["--db", join(env.tmp, "games.sqlite"), "--egdb", join(env.tmp, "egdb"), "--no-egdb-build", ...args]);
      server = s.child;
      env.base = s.url;
    }
    env.browser = await launchBrowser();
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (server) server.kill("SIGTERM");
    if (env.tmp) rmSync(env.tmp, { recursive: true, force: true });
  });
  return env;
}

/**
 * A fresh browser profile (its own localStorage) with one page. Its script errors (uncaught exceptions and
 * console errors of the page's own code) are collected in `errors`, which a test expects empty. Every answer
 * of the server with a status of 400 or more is collected in `refusals` as "METHOD /path STATUS".
 *
 * The two are apart because the browser writes a console line ("Failed to load resource: … 401") for every
 * fetch answered with an error status, and no page code can stop it. A refusal the person must be told about
 * (a wrong password is 401, a taken name 409, as the API says to every client) is no page error: the test
 * lists the refusals it expects, each shown to the person as a message, and any other one (a request the
 * page should not have sent) fails it.
 */
export async function openPage(browser, viewport = { width: 1280, height: 860 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const errors = [];
  const refusals = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  page.on("response", (r) => {
    if (r.status() >= 400) refusals.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  return { context, page, errors, refusals };
}

/**
 * Waits (20 s at most) until the text of the page's element `selector` matches `re`.
 * @param {import("playwright-core").Page} page
 * @param {string} selector
 * @param {RegExp} re
 */
export async function waitText(page, selector, re) {
  await page.waitForFunction(([sel, src]) => new RegExp(src).test(document.querySelector(sel).textContent), [selector, re.source], { timeout: 20000 });
}

/**
 * Waits until the page's message line (under the board) matches `re`. The page may say it after the
 * board is drawn (a reload says "Welcome back" once its stream is open), so a test waits for it.
 * @param {import("playwright-core").Page} page
 * @param {RegExp} re
 */
export const waitMessage = (page, re) => waitText(page, "#message", re);

/**
 * English words a page in another language still shows (issue 42): the words of its visible text
 * (open dialogs included, hidden elements not) and of its text attributes (`title`, `aria-label`,
 * `placeholder`, `alt`, and the value of buttons) that are common English and are not words of
 * French, German or Portuguese too. `ignore` lists more words to pass over (names a test chose).
 * A test of a translated page expects `[]`; each finding is "word: …its text…".
 * @param {import("playwright-core").Page} page
 * @param {string[]} [ignore]
 * @returns {Promise<string[]>}
 */
export async function englishLeft(page, ignore = []) {
  const texts = await page.evaluate(() => {
    const out = [];
    const visible = (el) => {
      for (let e = el; e; e = e.parentElement) {
        if (e.hidden) return false;
        const style = getComputedStyle(e);
        if (style.display === "none" || style.visibility === "hidden") return false;
      }
      return true;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(parent.tagName)) continue;
      const text = (node.textContent || "").trim();
      if (text && visible(parent)) out.push(text);
    }
    for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt], input[type=button], input[type=submit]")) {
      if (!visible(el)) continue;
      for (const name of ["title", "aria-label", "placeholder", "alt"]) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
      if (el instanceof HTMLInputElement && (el.type === "button" || el.type === "submit")) out.push(el.value);
    }
    out.push(document.title);
    return out;
  });
  const skip = new Set(ignore.map((w) => w.toLowerCase()));
  const found = [];
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/[\p{L}']+/gu) || []) {
      if (ENGLISH.has(word) && !skip.has(word)) found.push(`${word}: ${text.slice(0, 80)}`);
    }
  }
  return found;
}

/**
 * Common English words of the site's text that no French, German or Portuguese sentence uses
 * (so "chat", "online", "start", "link", "expert", "computer", "name", "no" and "a" are not here).
 */
const ENGLISH = new Set(
  `the you your yours move moves game games play plays played playing player players seed seeds pit pits
  store stores and with new undo redo hint hints win wins won lose lost draw draws turn waiting wait sign
  log password rating ratings clock offer offers resign rematch copy spectator spectators send review
  reviews level easy medium hard friend tournament tournaments round rounds join leave history settings
  cancel close back next previous puzzle puzzles lesson lessons streak solve solved score points of to is
  are has have not this that what who when which it for at by from be yes please again here there
  opponent opponents your time left right first last best show hide take takes takeback accept decline
  account leaderboard rules tips learn home language sound board analyse analysis engine level depth
  captured capture captures sow sows sowing empty must feed grand slam cycle over result results
  winner loser standings pairing pairings starts started finished free`.split(/\s+/).filter(Boolean),
);
