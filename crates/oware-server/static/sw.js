// The service worker (docs/web.md, "Offline"): keeps the page's files so that the game against the
// computer, a friend on the same device, the lessons and the shipped puzzles work without the network. The
// server writes two lines before this file (src/http/assets.rs): `VERSION`, a hash of every file
// it embeds (a new deploy is a new worker, whose install fills a new cache and whose activation
// drops the old ones), and `PRECACHE`, the addresses kept.
//
// - Pages (navigations): the network first, so an online visitor always gets the page in their
//   language as it is now; without the network, the page kept (the home page for any address of
//   a game on this device), else a short page saying that this one needs the network.
// - The page's files (scripts, style, icons, the WebAssembly module, the catalogues): from the
//   cache, which is this version's, so it is never stale; what is not there from the network.
// - The API and the event streams pass through untouched: without the network they fail, and the
//   page answers what it can itself (offline.js, offline-learn.js) or says that it needs the network.
// - The endgame tables the page's engine downloads (`/api/egdb/…`, js/engine-worker.js) are kept by
//   the engine's worker in a cache of its own, `oware-egdb-v1`, which this worker's activation leaves
//   alone: a level's bytes do not change with the page's version, and they are megabytes a visitor on
//   dear mobile data should download once.
/* global VERSION, PRECACHE */
/** @type {any} */
const sw = self;
const CACHE = `oware-${VERSION}`;

sw.addEventListener("install", (/** @type {any} */ event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((/** @type {string} */ url) => new Request(url, { cache: "no-cache" }))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (/** @type {any} */ event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("oware-") && !k.startsWith("oware-egdb-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

// The page asks to keep what it loaded before this worker took control (its first visit).
sw.addEventListener("message", (/** @type {any} */ event) => {
  const m = event.data;
  if (!m || m.keep === undefined || !Array.isArray(m.keep)) return;
  const urls = m.keep.filter((/** @type {unknown} */ u) => typeof u === "string" && isFile(new URL(u, sw.location.href)));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map(async (/** @type {string} */ u) => {
    if (!(await cache.match(u))) await cache.add(u).catch(() => {});
  }))));
});

/** Whether `url` is one of the page's files (same origin, not the API, not a page). @param {URL} url */
function isFile(url) {
  return url.origin === sw.location.origin && !url.pathname.startsWith("/api/") && /\.(js|css|svg|png|wasm|webmanifest)$|^\/i18n\//.test(url.pathname);
}

sw.addEventListener("fetch", (/** @type {any} */ event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin) return;
  if (req.mode === "navigate") event.respondWith(page(req, url));
  else if (isFile(url) && url.pathname !== "/sw.js") event.respondWith(file(req));
});

/** A page: the network first, then the cache. @param {Request} req @param {URL} url */
async function page(req, url) {
  try {
    return await fetch(req);
  } catch {
    const cache = await caches.open(CACHE);
    // The puzzle page's addresses (/training/daily, /training/ID) are the one page kept.
    const path = url.pathname.replace(/\.html$/, "").replace(/\/index$/, "/").replace(/^\/training\/.*/, "/training");
    return (await cache.match(path, { ignoreSearch: true })) || needsNetwork();
  }
}

/** A file of the page: this version's cache, else the network (and kept). @param {Request} req */
async function file(req) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(req, { ignoreSearch: true });
  if (kept) return kept;
  const res = await fetch(req);
  if (res.ok) cache.put(req, res.clone()).catch(() => {});
  return res;
}

/** Words for a page that is not kept, in the browser's language (the catalogue is the page's). */
const WORDS = {
  en: ["Offline", "This page needs the network, and this device is offline.", "Play the computer or a friend on this device"],
  fr: ["Hors ligne", "Cette page a besoin du réseau, et cet appareil est hors ligne.", "Jouer contre l’ordinateur ou à deux sur cet appareil"],
  de: ["Offline", "Diese Seite braucht das Netz, und dieses Gerät ist offline.", "Gegen den Computer oder zu zweit an diesem Gerät spielen"],
  pt: ["Sem ligação", "Esta página precisa da rede, e este aparelho está sem ligação.", "Jogar contra o computador ou a dois neste aparelho"],
};

/** The short page said for an address not kept. */
function needsNetwork() {
  const code = String((sw.navigator && sw.navigator.language) || "en").slice(0, 2);
  const [title, text, link] = WORDS[/** @type {keyof WORDS} */ (code in WORDS ? code : "en")];
  const html = `<!doctype html><html lang="${code in WORDS ? code : "en"}"><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    `<link rel="stylesheet" href="/style.css"><main class="offline-page"><h1>${title}</h1><p>${text}</p>` +
    `<p><a href="/">${link}</a></p></main></html>`;
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}
