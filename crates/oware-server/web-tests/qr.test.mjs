// Browser test of the invite link's QR code, drawn by the server (`GET /api/qr.svg?text=LINK`) and shown
// by the page as an <img>: the picture is rendered on a canvas in Chromium and read back by an
// independent decoder (jsQR), which must find the invite link; links of every size the route accepts
// decode to themselves, and texts it refuses answer 400 with JSON.
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/qr.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import jsQR from "jsqr";

import { useServer } from "./harness.mjs";
import { WAIT, onlineHelpers } from "./online-helpers.mjs";

const env = useServer({ name: "qr" });
const { person, createOnline } = onlineHelpers(env);

/**
 * Renders the image `selector` shows (or, with `src`, a new image of that address) on a canvas at its
 * natural size (four pixels a module) and decodes it with jsQR: the text found, or null.
 */
async function decodeImage(page, { selector, src }) {
  const img = await page.evaluate(async ({ selector, src }) => {
    let image = selector ? document.querySelector(selector) : new Image();
    if (src) image.src = src;
    await image.decode();
    const side = image.naturalWidth; // four pixels a module
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = side;
    const ctx = canvas.getContext("2d");
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(image, 0, 0, side, side);
    // The pixels as base64: far quicker to hand over than an array of numbers.
    const bytes = ctx.getImageData(0, 0, side, side).data;
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { side, data: btoa(binary) };
  }, { selector, src });
  const data = new Uint8ClampedArray(Buffer.from(img.data, "base64"));
  const found = jsQR(data, img.side, img.side, { inversionAttempts: "dontInvert" });
  return found && found.data;
}

test("qr: the creator's invite QR code is the server's picture and reads back as the invite link", async () => {
  const a = await person();
  const id = await createOnline(a.page, { clock: "none", name: "Ama", lobby: "invite" });
  const link = await a.page.locator("#invite-link").inputValue();
  assert.equal(link, `${env.base}game/${id}`);
  const img = a.page.locator("#invite-qr img");
  await img.waitFor(WAIT);
  assert.equal(await img.getAttribute("alt"), "QR code of the invite link, for a phone's camera");
  const src = new URL(await img.evaluate((e) => e.src));
  assert.equal(src.pathname, "/api/qr.svg");
  assert.equal(src.searchParams.get("text"), link);
  assert.equal(await decodeImage(a.page, { selector: "#invite-qr img" }), link);
  assert.equal(await a.page.locator("script[src$='qr.js']").count(), 0);
  assert.deepEqual(a.errors, []);
  await a.context.close();
});

test("qr: links of every size up to 300 bytes decode to themselves; other texts are refused", async () => {
  const a = await person();
  await a.page.goto(env.base, { waitUntil: "load" });
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789/.-_?=&";
  for (const len of [20, 60, 106, 107, 150, 220, 300]) {
    let url = "https://oware.example.org/game/";
    for (let i = 0; url.length < len; i++) url += alphabet[(i * 7 + len) % alphabet.length];
    url = url.slice(0, len);
    const found = await decodeImage(a.page, { src: `/api/qr.svg?text=${encodeURIComponent(url)}` });
    assert.equal(found, url, `a link of ${len} bytes`);
  }
  const refused = await a.page.evaluate(async () => {
    const out = [];
    for (const text of ["javascript:alert(1)", "just words", "https://h/" + "x".repeat(300)]) {
      const r = await fetch(`/api/qr.svg?text=${encodeURIComponent(text)}`);
      out.push({ status: r.status, type: r.headers.get("content-type"), body: await r.json() });
    }
    return out;
  });
  for (const r of refused) {
    assert.equal(r.status, 400);
    assert.match(r.type, /^application\/json/);
    assert.equal(r.body.code, "bad-qr-text");
  }
  await a.context.close();
});
