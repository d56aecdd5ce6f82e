// What every browser test file needs: where the binary, Chromium and the screenshots are, a real
// `oware serve` on a free loopback port, and a headless Chromium. Not a test file itself.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
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
