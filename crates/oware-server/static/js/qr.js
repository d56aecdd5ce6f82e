// A small QR code encoder for the invite link, so that a phone can open it without typing: byte mode
// (UTF-8), error correction level M, versions 1 to 6 (up to 106 bytes, plenty for a game address). It
// needs no network and no library; `qrSvg` draws the symbol as an SVG element. Written for this page from
// the QR code standard (ISO/IEC 18004): Reed–Solomon codes over GF(256), the function patterns, the
// zigzag placement of the codewords, the eight masks scored by the standard's four penalty rules.

/** Codewords by version (index 1–6): all of them, error correction per block and blocks, at level M. */
const TOTAL = [0, 26, 44, 70, 100, 134, 172];
const ECC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16];
const BLOCKS = [0, 1, 1, 1, 2, 2, 4];
/** Level M in the format information. */
const LEVEL_M = 0;

// GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D): exponent and logarithm tables.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}
const mul = (a, b) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

/** The Reed–Solomon generator polynomial of `degree`, highest coefficient first (which is 1). */
function generator(degree) {
  let g = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array(g.length + 1).fill(0);
    for (let j = 0; j < g.length; j++) {
      next[j] ^= g[j]; // times x
      next[j + 1] ^= mul(g[j], EXP[i]); // times alpha^i
    }
    g = next;
  }
  return g;
}

/** The `degree` error correction codewords of `data`: the remainder of data·x^degree by the generator. */
function eccOf(data, degree) {
  const g = generator(degree);
  const buf = [...data, ...new Array(degree).fill(0)];
  for (let i = 0; i < data.length; i++) {
    const c = buf[i];
    if (c === 0) continue;
    for (let j = 1; j <= degree; j++) buf[i + j] ^= mul(g[j], c);
  }
  return buf.slice(data.length);
}

/** The data codewords for `bytes` in byte mode, padded to `capacity` codewords. */
function dataCodewords(bytes, capacity) {
  const bits = [];
  const put = (value, n) => { for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4); // byte mode
  put(bytes.length, 8); // character count (8 bits in versions 1–9)
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length)); // terminator
  while (bits.length % 8) bits.push(0);
  const out = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; out.length < capacity; pad ^= 0xec ^ 0x11) out.push(pad);
  return out;
}

/** Splits the data into blocks, adds each block's error correction, and interleaves them. */
function interleave(data, version) {
  const nBlocks = BLOCKS[version];
  const ecc = ECC_PER_BLOCK[version];
  const dataLen = TOTAL[version] - ecc * nBlocks;
  const short = Math.floor(dataLen / nBlocks);
  const longCount = dataLen % nBlocks; // the last blocks are one codeword longer
  const blocks = [];
  let at = 0;
  for (let b = 0; b < nBlocks; b++) {
    const len = short + (b >= nBlocks - longCount ? 1 : 0);
    const d = data.slice(at, at + len);
    at += len;
    blocks.push({ d, e: eccOf(d, ecc) });
  }
  const out = [];
  for (let i = 0; i <= short; i++) for (const bl of blocks) if (i < bl.d.length) out.push(bl.d[i]);
  for (let i = 0; i < ecc; i++) for (const bl of blocks) out.push(bl.e[i]);
  return out;
}

const MASKS = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** The 15 format bits for level M and `mask`: BCH(15,5) code, XOR 0x5412. */
function formatBits(mask) {
  const data = (LEVEL_M << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | (rem & 0x3ff)) ^ 0x5412;
}

/** A symbol of `version`: the function patterns drawn, `fn[r][c]` marking the modules they own. */
function baseMatrix(version) {
  const n = 17 + 4 * version;
  const dark = Array.from({ length: n }, () => new Array(n).fill(false));
  const fn = Array.from({ length: n }, () => new Array(n).fill(false));
  const set = (r, c, v) => { if (r >= 0 && r < n && c >= 0 && c < n) { dark[r][c] = v; fn[r][c] = true; } };
  // Finder patterns (7×7 rings with a 3×3 centre) and their light separators.
  for (const [r0, c0] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
    for (let dr = -1; dr <= 7; dr++) {
      for (let dc = -1; dc <= 7; dc++) {
        const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
        set(r0 + dr, c0 + dc, ring !== 2 && ring !== 4);
      }
    }
  }
  // Format information areas (filled per mask; row and column 6 stay the timing patterns') and the dark module.
  for (let i = 0; i < 9; i++) { set(8, i, false); set(i, 8, false); }
  for (let i = 0; i < 8; i++) { set(8, n - 1 - i, false); set(n - 1 - i, 8, false); }
  set(n - 8, 8, true);
  // Timing patterns.
  for (let i = 8; i < n - 8; i++) { set(6, i, i % 2 === 0); set(i, 6, i % 2 === 0); }
  // The one alignment pattern of versions 2–6, centred 7 modules from the bottom-right corner.
  if (version >= 2) {
    const a = n - 7;
    for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) set(a + dr, a + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
  }
  return { n, dark, fn };
}

/** Writes the format bits for `mask` into both copies. */
function drawFormat(m, mask) {
  const { n, dark } = m;
  const bits = formatBits(mask);
  const bit = (i) => ((bits >>> i) & 1) === 1;
  // Around the top-left finder: bits 0–7 down column 8 (skipping the timing row), 8–14 along row 8.
  for (let i = 0; i <= 5; i++) dark[i][8] = bit(i);
  dark[7][8] = bit(6);
  dark[8][8] = bit(7);
  dark[8][7] = bit(8);
  for (let i = 9; i < 15; i++) dark[8][14 - i] = bit(i);
  // The second copy: bits 0–7 along row 8 from the right, 8–14 up column 8 from the bottom.
  for (let i = 0; i < 8; i++) dark[8][n - 1 - i] = bit(i);
  for (let i = 8; i < 15; i++) dark[n - 15 + i][8] = bit(i);
  dark[n - 8][8] = true;
}

/** Places the codewords in the two-column zigzag from the bottom right, skipping function modules. */
function placeCodewords(m, codewords) {
  const { n, dark, fn } = m;
  let i = 0;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // the vertical timing pattern
    const upward = ((right + 1) & 2) === 0;
    for (let k = 0; k < n; k++) {
      const r = upward ? n - 1 - k : k;
      for (let j = 0; j < 2; j++) {
        const c = right - j;
        if (fn[r][c]) continue;
        dark[r][c] = i < codewords.length * 8 && ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

/** The standard's penalty score of a masked symbol (lower reads better). */
function penalty(dark) {
  const n = dark.length;
  let score = 0;
  const lines = [];
  for (let r = 0; r < n; r++) lines.push(dark[r].map((d) => (d ? "1" : "0")).join(""));
  for (let c = 0; c < n; c++) lines.push(dark.map((row) => (row[c] ? "1" : "0")).join(""));
  for (const line of lines) {
    for (const run of line.match(/0{5,}|1{5,}/g) || []) score += 3 + run.length - 5;
    const padded = "0000" + line + "0000";
    for (const pat of ["10111010000", "00001011101"]) {
      for (let at = padded.indexOf(pat); at >= 0; at = padded.indexOf(pat, at + 1)) score += 40;
    }
  }
  for (let r = 0; r + 1 < n; r++) {
    for (let c = 0; c + 1 < n; c++) {
      const d = dark[r][c];
      if (dark[r][c + 1] === d && dark[r + 1][c] === d && dark[r + 1][c + 1] === d) score += 3;
    }
  }
  const total = dark.reduce((a, row) => a + row.filter(Boolean).length, 0);
  score += 10 * Math.floor(Math.abs((total * 100) / (n * n) - 50) / 5);
  return score;
}

/**
 * The QR symbol for `text`: `{size, version, mask, dark}` where `dark[row][col]` is true for a dark
 * module (the quiet zone is not included). Throws a RangeError when the text is too long for version 6.
 */
export function qrEncode(text) {
  const bytes = [...new TextEncoder().encode(text)];
  let version = 1;
  const capacity = (v) => TOTAL[v] - ECC_PER_BLOCK[v] * BLOCKS[v];
  while (version <= 6 && 4 + 8 + bytes.length * 8 > capacity(version) * 8) version++;
  if (version > 6) throw new RangeError(`too long for a small QR code: ${bytes.length} bytes (at most 106)`);
  const codewords = interleave(dataCodewords(bytes, capacity(version)), version);
  let best = null;
  for (let mask = 0; mask < 8; mask++) {
    const m = baseMatrix(version);
    placeCodewords(m, codewords);
    for (let r = 0; r < m.n; r++) for (let c = 0; c < m.n; c++) if (!m.fn[r][c] && MASKS[mask](r, c)) m.dark[r][c] = !m.dark[r][c];
    drawFormat(m, mask);
    const p = penalty(m.dark);
    if (!best || p < best.p) best = { p, mask, m };
  }
  return { size: best.m.n, version, mask: best.mask, dark: best.m.dark };
}

/** An SVG element showing the QR symbol for `text`, with a four-module quiet zone, labelled for readers. */
export function qrSvg(text, label) {
  const q = qrEncode(text);
  const ns = "http://www.w3.org/2000/svg";
  const side = q.size + 8;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label || `QR code of ${text}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  const bg = document.createElementNS(ns, "rect");
  bg.setAttribute("width", String(side));
  bg.setAttribute("height", String(side));
  bg.setAttribute("fill", "#fff");
  svg.appendChild(bg);
  let d = "";
  for (let r = 0; r < q.size; r++) for (let c = 0; c < q.size; c++) if (q.dark[r][c]) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.appendChild(path);
  return svg;
}
