#!/usr/bin/env python3
"""Draws the installable page's icons (crates/oware-server/static/icons/icon-192.png, icon-512.png):
the favicon's board (static/favicon.svg: a board, two rows of three pits, three seeds) on a square
background that fills the icon, the drawing inside the middle 80 % (the safe zone of a "maskable"
icon). Pure Python (zlib for the PNG), 3x3 samples a pixel. Run: python3 scripts/icons.py"""
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "crates/oware-server/static/icons"
BACKGROUND = (0xEF, 0xE4, 0xCF)


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


def rounded_rect(x, y, w, h, r):
    def inside(px, py):
        cx = min(max(px, x + r), x + w - r)
        cy = min(max(py, y + r), y + h - r)
        return (px - cx) ** 2 + (py - cy) ** 2 <= r * r and x <= px <= x + w and y <= py <= y + h
    return inside


def circle(cx, cy, r):
    return lambda px, py: (px - cx) ** 2 + (py - cy) ** 2 <= r * r


# The favicon's shapes in its 64x64 box, last drawn on top.
SHAPES = [(rounded_rect(2, 14, 60, 36, 16), hex_rgb("#7a4a22"))]
SHAPES += [(circle(cx, cy, 6), hex_rgb("#4a2a10")) for cy in (25, 39) for cx in (20, 32, 44)]
SHAPES += [(circle(cx, cy, 2.5), hex_rgb("#efe4cf")) for cx, cy in ((31, 38), (34, 41), (19, 24))]


def draw(size):
    # The 64-unit box scaled into the middle 80 % of the icon.
    scale = size * 0.8 / 64
    offset = size * 0.1
    n = 3
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            acc = [0, 0, 0]
            for sy in range(n):
                for sx in range(n):
                    px = (x + (sx + 0.5) / n - offset) / scale
                    py = (y + (sy + 0.5) / n - offset) / scale
                    colour = BACKGROUND
                    for inside, c in SHAPES:
                        if inside(px, py):
                            colour = c
                    for i in range(3):
                        acc[i] += colour[i]
            row += bytes(round(a / (n * n)) for a in acc)
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(w, h, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(draw(size))
        print(OUT / f"icon-{size}.png")
