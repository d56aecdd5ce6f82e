// The two clocks of an online game, beside the players' names. The server keeps the time: each state
// carries `remaining_ms` for both sides as of its `as_of_ms` and the side whose clock runs. The page counts
// the running clock down from the moment the state arrived (so the two machines' clocks need not agree)
// and trusts the next state; at zero it shows 0:00 and waits for the server to end the game.
/** @import * as P from "../../types/protocol" */
/** @import { PageState } from "./state.js" */
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { other, viewSide, sideName, isYou, endOf } from "./state.js";

const LOW_MS = 20000; // below this the clock is drawn as low on time
const TENTHS_MS = 10000; // below this tenths of a second are shown

/** "4:05", "0:09.3", "1:02:00". @param {number} ms */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < TENTHS_MS) return `0:0${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** The clocks `#clock-top` and `#clock-bottom`; `render()` after every state, ticking on its own meanwhile. @param {PageState} st */
export function createClock(st) {
  const el = { top: $("#clock-top"), bottom: $("#clock-bottom") };
  /** @type {{ clock: P.ClockView, at: number } | null} */
  let base = null; // {clock, at}: the server's clock object and when it arrived (performance.now())
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;

  /**
   * The remaining time of `side` now, from `b`, the clock as it arrived.
   * @param {{ clock: P.ClockView, at: number }} b @param {P.Side} side
   */
  function remaining(b, side) {
    const c = b.clock;
    const ms = c.remaining_ms[side];
    return c.running === side && !endOf(st) ? ms - (performance.now() - b.at) : ms;
  }

  function draw() {
    const b = base;
    const c = b && b.clock;
    const vs = viewSide(st);
    for (const [e, side] of /** @type {[HTMLElement, P.Side][]} */ ([[el.bottom, vs], [el.top, other(vs)]])) {
      if (!b || !c) { e.hidden = true; continue; }
      e.hidden = false;
      const ms = remaining(b, side);
      e.textContent = formatClock(ms);
      const running = c.running === side && !endOf(st);
      e.classList.toggle("running", running);
      e.classList.toggle("low", ms < LOW_MS);
      e.classList.toggle("flagged", ms <= 0);
      const args = { name: sideName(st, side), time: formatClock(ms) };
      const you = isYou(st, side);
      e.setAttribute("aria-label", running
        ? (you ? t("game-clock-you-running", args) : t("game-clock-running", args))
        : (you ? t("game-clock-you", args) : t("game-clock", args)));
    }
  }

  function render() {
    const g = st.game;
    const c = g && g.online ? g.online.clock : null;
    if (!c) base = null;
    else if (!base || base.clock !== c) base = { clock: c, at: performance.now() };
    draw();
    const ticking = !!(base && base.clock.running && !endOf(st));
    if (ticking && !timer) timer = setInterval(draw, 100);
    if (!ticking && timer) { clearInterval(timer); timer = null; }
  }

  return { render };
}
