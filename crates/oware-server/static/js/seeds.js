// The seeds drawn in a pit or a store: each seed's place and colour, stable for a pit (the same pit
// with the same number of seeds always looks the same). One module for the board component (board.js)
// and for the home page's first paint (early.js, put into the page by the server), so the seeds
// the server's board shows before the page's modules arrive are the ones the board keeps.

const MAX_DRAWN = 24; // seeds drawn in a pit; the count says the rest
const STORE_DRAWN = 30; // seeds drawn in a store
const PALETTE = [["#efe4cf", "#a08a68"], ["#e2d3b5", "#8d7555"], ["#d9d0c3", "#7f7568"], ["#f3ead9", "#b29c7a"], ["#cdbfa6", "#6f5f48"]];

/**
 * Stable pseudo-random placement and colour for seed i of a pit.
 * @param {number} pit
 * @param {number} i
 */
function seedStyle(pit, i) {
  let h = (pit * 73856093) ^ (i * 19349663);
  const rnd = () => { h = (h * 1103515245 + 12345) & 0x7fffffff; return h / 0x7fffffff; };
  const [c, c2] = PALETTE[Math.floor(rnd() * PALETTE.length)];
  return { c, c2, r: Math.floor(rnd() * 180), jx: rnd() - 0.5, jy: rnd() - 0.5 };
}

/**
 * n points on a golden-angle spiral inside a unit disc, in percent.
 * @param {number} n
 * @returns {[number, number][]}
 */
function seedPositions(n) {
  /** @type {[number, number][]} */
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = n === 1 ? 0 : 0.42 * Math.sqrt((i + 0.5) / n);
    const a = i * 2.39996;
    out.push([50 + 100 * r * Math.cos(a), 50 + 100 * r * Math.sin(a)]);
  }
  return out;
}

/**
 * @param {{ c: string, c2: string, r: number }} s
 * @param {number} left
 * @param {number} top
 */
function seedEl(s, left, top) {
  const d = document.createElement("span");
  d.className = "seed";
  d.style.left = left + "%";
  d.style.top = top + "%";
  d.style.setProperty("--c", s.c);
  d.style.setProperty("--c2", s.c2);
  d.style.setProperty("--r", s.r + "deg");
  return d;
}

/**
 * The seeds of a pit (`store` false) or a store, drawn again only when their number changed.
 * @param {HTMLElement} container
 * @param {number} key the seeds' pattern (a pit's number, 40 and 41 the stores)
 * @param {number} n
 * @param {boolean} store
 */
export function drawSeeds(container, key, n, store) {
  if (container.dataset.n === String(n)) return;
  container.dataset.n = String(n);
  container.textContent = "";
  const shown = Math.min(n, store ? STORE_DRAWN : MAX_DRAWN);
  const pos = seedPositions(shown);
  for (let i = 0; i < shown; i++) {
    const s = seedStyle(key, i);
    if (store) container.appendChild(seedEl(s, 22 + (i % 3) * 28 + s.jx * 8, 6 + Math.floor(i / 3) * 9.2 + s.jy * 3));
    else container.appendChild(seedEl(s, pos[i][0] + s.jx * 6, pos[i][1] + s.jy * 6));
  }
}
