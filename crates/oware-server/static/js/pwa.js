// The installable, offline page (docs/web.md, "Offline"), on every page: registers the service
// worker (/sw.js, served at the root so its scope is the whole site), asks it to keep the files
// this visit loaded before it took control, says when the device is offline that online features
// need the network, and when the network comes back sends what was done without it
// (offline.js: the games finished offline; the lessons' stars earned offline, to the account; the
// puzzle rounds finished offline, offline-puzzles.js, to the account, unrated).
/** @import * as P from "../../types/protocol" */
import { t } from "./i18n.js";
import { sendFinishedGames } from "./offline.js";
import { getLearn, learnProgress } from "./api.gen.js";
import { loadProgress } from "./learnstore.js";

/** The line that says the page is offline, while it is. @type {HTMLElement | null} */
let banner = null;

function showState() {
  const off = navigator.onLine === false;
  document.body.classList.toggle("offline", off);
  if (off && !banner) {
    banner = document.createElement("p");
    banner.className = "offline-banner";
    banner.setAttribute("role", "status");
    banner.textContent = t("offline-banner");
    document.body.prepend(banner);
  } else if (!off && banner) {
    banner.remove();
    banner = null;
  }
}

async function register() {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const ready = await navigator.serviceWorker.ready;
    // What this visit loaded before the worker (the catalogue in the page's language, the modules).
    const keep = performance.getEntriesByType("resource").map((e) => e.name).concat(location.href);
    if (ready.active) ready.active.postMessage({ keep });
  } catch {
    // No worker (a private window, an old browser): the page works online as before.
  }
}

/**
 * Sends the lessons' stars kept in the browser (with their solving moves, which the server plays
 * again) to the logged-in account, as the lessons page does when it loads.
 */
async function sendStars() {
  const p = loadProgress();
  const stars = Object.entries(p.stars).filter(([k]) => p.moves[k]).map(([k, n]) => {
    const [lesson, step] = k.split("/");
    return /** @type {P.StepSolved} */ ({ lesson, step: Number(step), stars: n, moves: p.moves[k] });
  });
  if (stars.length === 0 || !(await getLearn()).account) return;
  await learnProgress({ stars });
}

/**
 * Sends the puzzle rounds finished offline (kept by offline-puzzles.js under "oware.offline-puzzles"),
 * loading that module only when there are some.
 */
async function sendRounds() {
  let held = null;
  try { held = localStorage.getItem("oware.offline-puzzles"); } catch { /* private mode */ }
  if (!held || held === "[]") return;
  const { sendOfflineRounds } = await import("./offline-puzzles.js");
  await sendOfflineRounds();
}

/** Sends what was done offline. */
async function cameBack() {
  showState();
  await sendFinishedGames().catch(() => {});
  await sendStars().catch(() => {});
  await sendRounds().catch(() => {});
}

addEventListener("offline", showState);
addEventListener("online", cameBack);
showState();
// After the page has loaded: the worker's downloads do not slow the first visit's board.
if (document.readyState === "complete") register();
else addEventListener("load", () => register(), { once: true });
if (navigator.onLine !== false) sendFinishedGames().then(sendRounds).catch(() => {});
