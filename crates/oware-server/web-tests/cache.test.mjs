// Browser test of the page files' caching: every file the page loads comes with an ETag and
// `Cache-Control: no-cache`, so a reload asks again with `If-None-Match` and each file answers
// 304 Not Modified with no body, and a request with a tag of another version gets the whole file.
// The files come compressed (brotli: Chromium asks for it on localhost, as over HTTPS), each variant
// with a tag of its own (`"…-br"`), and the page's modules in one file (`/js/main.bundle.js`).
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/cache.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";

import { useServer, openPage } from "./harness.mjs";

const env = useServer({ name: "cache" });

/**
 * The page files (not the API) fetched over the network while `action` runs, with the status and headers
 * on the wire as Chromium's DevTools protocol reports them (`Network.responseReceivedExtraInfo`): after a
 * revalidation Playwright's own response events show the cached 200, the wire shows the 304. With
 * `expect` (paths), it also waits until each of them has been answered: some (the catalogue, the
 * favicon) may come after the load event.
 */
async function pageFiles(cdp, origin, action, expect = []) {
  const urls = new Map();
  const answers = new Map();
  const pathOf = (id) => {
    const u = new URL(urls.get(id) || "about:blank");
    return u.origin === origin && !u.pathname.startsWith("/api/") ? u.pathname : null;
  };
  const missing = () => expect.filter((path) => ![...answers.keys()].some((id) => pathOf(id) === path));
  let wake = () => {};
  // The two events of a request may come in either order: joined at the end.
  const sent = (e) => { urls.set(e.requestId, e.request.url); wake(); };
  const received = (e) => { answers.set(e.requestId, e); wake(); };
  cdp.on("Network.requestWillBeSent", sent);
  cdp.on("Network.responseReceivedExtraInfo", received);
  try {
    await action();
    // A file never asked for again fails the test by name rather than hanging it.
    const deadline = Date.now() + 30_000;
    while (missing().length > 0) {
      if (Date.now() > deadline) assert.fail(`never asked for again: ${missing().join(", ")}`);
      await new Promise((r) => { wake = r; setTimeout(r, 1000); });
    }
  } finally {
    cdp.off("Network.requestWillBeSent", sent);
    cdp.off("Network.responseReceivedExtraInfo", received);
  }
  const seen = new Map();
  for (const [id, e] of answers) {
    const path = pathOf(id);
    if (!path) continue;
    const headers = Object.fromEntries(Object.entries(e.headers).map(([k, v]) => [k.toLowerCase(), v]));
    seen.set(path, { status: e.statusCode, headers });
  }
  return seen;
}

test("cache: a reload revalidates every page file and each answers 304", async () => {
  // Without the service worker, which would answer a reload from its own cache (offline.test.mjs).
  const { context, page, errors } = await openPage(env.browser, undefined, { serviceWorkers: "block" });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const origin = new URL(env.base).origin;

  const first = await pageFiles(cdp, origin, () => page.goto(env.base, { waitUntil: "load" }));
  for (const path of ["/", "/js/main.bundle.js", "/style.css"]) {
    assert.ok(first.has(path), `the first load fetched ${path} (got ${[...first.keys()]})`);
  }
  assert.deepEqual([...first.keys()].filter((p) => p.startsWith("/js/")), ["/js/main.bundle.js"], "the modules in one file");
  for (const [path, r] of first) {
    assert.equal(r.status, 200, path);
    assert.match(r.headers.etag, /^"[0-9a-f]{64}-br"$/, `${path} has the ETag of its brotli variant`);
    assert.equal(r.headers["content-encoding"], "br", path);
    assert.equal(r.headers["cache-control"], "no-cache", path);
  }

  for (const [how, reload] of [
    ["Playwright's reload", () => page.reload({ waitUntil: "load" })],
    ["location.reload()", () => Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.evaluate(() => location.reload())])],
  ]) {
    // Every file of the first load but the favicon (the browser's own business: it may come
    // from its icon cache without asking).
    const expect = [...first.keys()].filter((path) => path !== "/favicon.svg");
    const again = await pageFiles(cdp, origin, reload, expect);
    for (const [path, r] of first) {
      if (path === "/favicon.svg" && !again.has(path)) continue;
      assert.ok(again.has(path), `${how} asked for ${path} again`);
      assert.equal(again.get(path).status, 304, `${path} after ${how}`);
      assert.equal(again.get(path).headers.etag, r.headers.etag, path);
    }
  }
  // The page still works from what it kept: it drew the board.
  await page.locator("#row-bottom .pit").first().waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test("cache: a tag of another version gets the whole file, the current tag none", async () => {
  const { context, page } = await openPage(env.browser);
  await page.goto(env.base, { waitUntil: "load" });
  const answers = await page.evaluate(async () => {
    const get = async (tag) => {
      // A request that sets If-None-Match itself bypasses the browser's cache and sees the 304.
      const r = await fetch("/js/main.js", { headers: tag ? { "If-None-Match": tag } : {} , cache: "no-store" });
      return { status: r.status, etag: r.headers.get("etag"), length: (await r.text()).length };
    };
    const plain = await get(null);
    return { plain, same: await get(plain.etag), other: await get('"0123"') };
  });
  assert.equal(answers.plain.status, 200);
  assert.ok(answers.plain.length > 0);
  assert.equal(answers.same.status, 304);
  assert.equal(answers.same.length, 0);
  assert.equal(answers.other.status, 200);
  assert.equal(answers.other.length, answers.plain.length);
  await context.close();
});
