// The page's type check catches a protocol change (docs/web.md, "The page checked against the protocol"):
// a copy of the page's modules and of types/ is checked with tsc ("strict": true, tsconfig.json) after one
// field of the generated declarations (protocol.d.ts) is renamed, and again after one enum word is changed;
// each time tsc must fail, naming the module that reads the old name. No server and no browser.
//
// Run: node --test crates/oware-server/web-tests/protocol-types.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const server = join(here, "..");
const tsc = join(here, "node_modules", "typescript", "bin", "tsc");

/**
 * Copies static/js and types/ to a fresh folder (the same layout, so the modules' `../../types/protocol`
 * imports and the configs' paths hold), rewrites protocol.d.ts there with `edit`, and runs tsc over the
 * strict configuration: its exit status and output.
 */
function checkWith(edit) {
  const root = mkdtempSync(join(tmpdir(), "oware-types-"));
  try {
    cpSync(join(server, "static", "js"), join(root, "static", "js"), { recursive: true });
    cpSync(join(server, "types"), join(root, "types"), { recursive: true });
    const decl = join(root, "types", "protocol.d.ts");
    const before = readFileSync(decl, "utf8");
    const after = edit(before);
    assert.notEqual(after, before, "the edit changed the declarations");
    writeFileSync(decl, after);
    const r = spawnSync(process.execPath, [tsc, "-p", join(root, "types", "tsconfig.json")], { encoding: "utf8" });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("a renamed protocol field fails the page's type check", () => {
  // MoveDetailView.captured_pits: status.js reads it to say which pits were captured.
  const { status, output } = checkWith((d) => d.replace(/^captured_pits: Array<number>,/m, "captured_pit_list: Array<number>,"));
  assert.notEqual(status, 0, output);
  assert.match(output, /static\/js\/status\.js\(\d+,\d+\): error TS\d+: Property 'captured_pits' does not exist/);
});

test("a changed enum word of the protocol fails the page's type check", () => {
  // OfferKind's "takeback": offers.js keys its sentences by the kinds and offers one by that word.
  const { status, output } = checkWith((d) => d.replace(/^export type OfferKind = "draw" \| "takeback"/m, 'export type OfferKind = "draw" | "take-back"'));
  assert.notEqual(status, 0, output);
  assert.match(output, /static\/js\/offers\.js\(\d+,\d+\): error TS\d+: .*takeback/);
});
