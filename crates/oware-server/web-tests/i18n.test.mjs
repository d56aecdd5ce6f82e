// Browser test of the players' languages (issue 42): the browser's language chooses the page's
// (`<html lang>`), the header's menu changes it and the choice survives a reload (the `lang`
// cookie, and on the account), the page scripts get their catalogue, and every page on a German
// and on a Portuguese phone shows no English word and no horizontal overflow (screenshots are
// kept in test-artifacts/).
//
// Run: cargo build -p oware-cli && node --test crates/oware-server/web-tests/i18n.test.mjs
// Env: OWARE_BIN (default target/debug/oware), CHROMIUM (default /usr/bin/chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { useServer, openPage, artifacts, englishLeft } from "./harness.mjs";

const env = useServer({ name: "i18n" });

/** The header's link texts. @param {import("playwright-core").Page} page */
const navTexts = (page) => page.$$eval(".nav > a", (links) => links.map((a) => a.textContent.trim()));

test("Accept-Language fr gives the French pages, the menu switches to German for good", async () => {
  const { context, page, errors } = await openPage(env.browser, undefined, { locale: "fr-FR" });
  try {
    await page.goto(`${env.base}strategy`);
    assert.equal(await page.getAttribute("html", "lang"), "fr");
    assert.deepEqual(await navTexts(page), ["Jouer", "Problèmes", "Tournois", "Télé", "Apprendre", "Classement", "Règles", "Conseils", "FAQ"]);
    assert.equal(await page.textContent("h1"), "Conseils de stratégie");
    assert.match(await page.title(), /awalé/);
    // The page scripts' catalogue comes in the page's language, with its ETag.
    const catalogue = await page.evaluate(async () => {
      const r = await fetch("/i18n/fr");
      return { etag: r.headers.get("etag"), body: await r.json() };
    });
    assert.equal(catalogue.body.lang, "fr");
    assert.ok(catalogue.etag);

    await page.goto(env.base);
    assert.equal(await page.getAttribute("html", "lang"), "fr");
    assert.equal(await page.inputValue("#lang-menu"), "fr");

    // The menu: German, kept over a reload and on the other pages.
    await Promise.all([page.waitForNavigation(), page.selectOption("#lang-menu", "de")]);
    assert.equal(await page.getAttribute("html", "lang"), "de");
    assert.equal((await navTexts(page))[0], "Spielen");
    await page.reload();
    assert.equal(await page.getAttribute("html", "lang"), "de");
    await page.goto(`${env.base}strategy`);
    assert.equal(await page.textContent("h1"), "Strategietipps");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [locale, code, ignore] of [
  // Words of these languages the English list holds too: German "Analyse", Portuguese "se for";
  // "Grand Slam", the rule's name as German and Portuguese players say it; and the notation's
  // `agreed-cycle` on the Rules page.
  ["de-DE", "de", ["analyse", "grand", "slam", "cycle"]],
  ["pt-PT", "pt", ["for", "grand", "slam", "cycle"]],
]) {
  test(`every page on a ${code} phone: no English left, no horizontal overflow`, async () => {
    const { context, page, errors } = await openPage(env.browser, { width: 360, height: 740 }, { locale });
    try {
      mkdirSync(artifacts, { recursive: true });
      // An account, so that a profile shows its tables.
      await page.goto(`${env.base}strategy`);
      await page.evaluate(async (name) => {
        await fetch("/api/account/signup", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name, password: "seeds in every house" }),
        });
      }, `Yaw${code}`);
      const pages = [
        ["strategy", "tips"], ["", "home"], ["rules", "rules"], ["faq", "faq"], ["player", "leaderboard"],
        [`@/Yaw${code}`, "profile"], ["tournaments", "tournaments"], ["learn", "learn"], ["training", "puzzles"],
      ];
      for (const [path, name] of pages) {
        await page.goto(`${env.base}${path}`);
        assert.equal(await page.getAttribute("html", "lang"), code === "pt" ? "pt-PT" : code);
        // What the scripts fill after their requests.
        if (name === "profile") await page.locator("#profile-lessons:not(:empty)").waitFor();
        if (name === "leaderboard") await page.locator("#leaderboard").waitFor();
        if (name === "home") await page.locator("#dlg-new[open]").waitFor();
        await page.screenshot({ path: join(artifacts, `i18n-${code}-phone-${name}.png`), fullPage: true });
        const { scroll, inner } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        assert.ok(scroll <= inner, `/${path}: ${scroll} px wide in a ${inner} px window`);
        assert.deepEqual(await englishLeft(page, [...ignore, `yaw${code}`]), [], `/${path}`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test("the FAQ in Portuguese, translated whole", async () => {
  const { context, page, errors } = await openPage(env.browser, undefined, { locale: "pt-PT" });
  try {
    await page.goto(`${env.base}faq`);
    assert.equal(await page.getAttribute("html", "lang"), "pt-PT"); // European Portuguese (docs/translating.md)
    assert.equal(await page.textContent("h1"), "Perguntas e respostas");
    assert.match(await page.textContent("#cannot-play"), /não posso jogar aquela casa/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("the language chosen on one device follows the account to another", async () => {
  const password = "seeds in every house";
  // A French visitor signs up (the account keeps French), then chooses German in the menu.
  const first = await openPage(env.browser, undefined, { locale: "fr-FR" });
  const other = await openPage(env.browser, undefined, { locale: "en-GB" });
  try {
    await first.page.goto(`${env.base}strategy`);
    const signedUp = await first.page.evaluate(async (password) => {
      const r = await fetch("/api/account/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Adjoa", password }),
      });
      return r.json();
    }, password);
    assert.equal(signedUp.lang, "fr");
    await first.page.reload();
    await Promise.all([first.page.waitForNavigation(), first.page.selectOption("#lang-menu", "de")]);
    assert.equal(await first.page.getAttribute("html", "lang"), "de");

    // An English browser elsewhere logs in from the header: the page comes back in German.
    await other.page.goto(`${env.base}strategy`);
    assert.equal(await other.page.getAttribute("html", "lang"), "en");
    await other.page.locator("#btn-login").click();
    await other.page.locator("#dlg-login input[name=name]").fill("Adjoa");
    await other.page.locator("#dlg-login input[name=password]").fill(password);
    await Promise.all([other.page.waitForNavigation(), other.page.locator("#dlg-login-ok").click()]);
    assert.equal(await other.page.getAttribute("html", "lang"), "de");
    assert.equal(await other.page.textContent("h1"), "Strategietipps");
    assert.deepEqual([...first.errors, ...other.errors], []);
  } finally {
    await first.context.close();
    await other.context.close();
  }
});
