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
