// The home page's card for the lessons: "Learn to play" for a new visitor, "Continue where you left off"
// (with the lesson's address) once a lesson was opened in this browser.
import { loadProgress } from "./learnstore.js";
import { t } from "./i18n.js";

export function showLearnCard() {
  const link = /** @type {HTMLAnchorElement | null} */ (document.querySelector("#learn-card-link"));
  if (!link) return;
  const p = loadProgress();
  if (p.last) {
    link.textContent = t("learn-continue");
    link.href = `/learn#lesson/${p.last}`;
  }
}
