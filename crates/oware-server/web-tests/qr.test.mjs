// The page's QR encoder (static/js/qr.js) checked against an independent decoder (jsQR): every symbol it
// draws for texts of every length it accepts, versions 1 to 6, must decode to the text it was given.
//
// Run: node --test crates/oware-server/web-tests/qr.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import jsQR from "jsqr";
import { qrEncode } from "../static/js/qr.js";

/** The symbol as RGBA pixels, `scale` pixels a module, with the four-module quiet zone. */
function pixels(q, scale = 4) {
  const side = (q.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let r = 0; r < q.size; r++) {
    for (let c = 0; c < q.size; c++) {
      if (!q.dark[r][c]) continue;
      for (let y = 0; y < scale; y++) {
        for (let x = 0; x < scale; x++) {
          const i = (((r + 4) * scale + y) * side + (c + 4) * scale + x) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
      }
    }
  }
  return { data, side };
}

function decode(text) {
  const q = qrEncode(text);
  const { data, side } = pixels(q);
  const found = jsQR(data, side, side, { inversionAttempts: "dontInvert" });
  return { q, found };
}

test("qr: invite links decode to themselves", () => {
  for (const url of ["http://127.0.0.1:8080/game/1", "https://oware.example.org/game/4f2a9c1e7b", "http://192.168.1.20:39127/game/01HQZX3K8M2N4P6R8T0V"]) {
    const { found } = decode(url);
    assert.ok(found, `jsQR found no code for ${url}`);
    assert.equal(found.data, url);
  }
});

test("qr: every length from 1 to 106 bytes decodes, using versions 1 to 6 and several masks", () => {
  const versions = new Set();
  const masks = new Set();
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789/:.-_?=&";
  for (let len = 1; len <= 106; len++) {
    let text = "";
    for (let i = 0; i < len; i++) text += alphabet[(i * 7 + len) % alphabet.length];
    const { q, found } = decode(text);
    assert.ok(found, `no code found for a text of ${len} bytes (version ${q.version}, mask ${q.mask})`);
    assert.equal(found.data, text, `length ${len}`);
    assert.equal(q.size, 17 + 4 * q.version);
    versions.add(q.version);
    masks.add(q.mask);
  }
  assert.deepEqual([...versions].sort(), [1, 2, 3, 4, 5, 6]);
  assert.ok(masks.size >= 3, `only masks ${[...masks]} were chosen`);
});

test("qr: non-ASCII text is encoded as UTF-8 bytes", () => {
  const { found } = decode("Ọ̀wàrɛ́ – Kofi");
  assert.ok(found);
  assert.equal(found.data, "Ọ̀wàrɛ́ – Kofi");
});

test("qr: a text longer than version 6 holds is refused", () => {
  assert.throws(() => qrEncode("x".repeat(107)), RangeError);
  assert.equal(qrEncode("x".repeat(106)).version, 6);
});
