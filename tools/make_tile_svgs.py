"""Draw the 34 tile faces and the 8 flowers as SVG files for the calculator page (``service/static/tiles/``).

And a blank flower (``J``): a flower ghost's face, a joker that is any flower where a book has them.

The SVGs are committed; this script is how they were made, rerun only to change the art:

    pip install fonttools==4.68.0 && apt-get install fonts-noto-cjk
    python tools/make_tile_svgs.py

Chinese characters (一..九 萬 東 南 西 北 中 發, and the flowers' 梅 蘭 菊 竹 春 夏 秋 冬) and the
flowers' numbers 1-4 are drawn as outlines taken from Noto Serif CJK (SIL Open Font License 1.1),
so a tile never depends on the fonts of the machine showing it. Dots and bamboo are drawn from
circles and sticks. ``--fonts DIR`` reads the fonts from another folder (for example an unpacked
``apt-get download fonts-noto-cjk``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen  # type: ignore[import-untyped]
from fontTools.pens.svgPathPen import SVGPathPen  # type: ignore[import-untyped]
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

FONTS = Path("/usr/share/fonts/opentype/noto")
FONT = "NotoSerifCJK-Bold.ttc"
OUT = Path(__file__).resolve().parents[1] / "service" / "static" / "tiles"

W, H = 60, 80  # the whole tile; the face is the top 75 units, the green edge shows below it
NAVY, RED, GREEN, BLUE, IVORY = "#1b2a4a", "#c0182c", "#17794a", "#1f5fae", "#fbf8ef"

NUMERALS = "一二三四五六七八九"
NAMES = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
# the flower tiles, by the names the API takes: (character, number 1-4, set); orchid in the
# traditional form 蘭, as Hong Kong tiles print it (the API takes 兰 and 蘭 alike)
FLOWER_TILES = {"plum": ("梅", 1, "flower"), "orchid": ("蘭", 2, "flower"), "chrysanthemum": ("菊", 3, "flower"),
                "bamboo": ("竹", 4, "flower"), "spring": ("春", 1, "season"), "summer": ("夏", 2, "season"),
                "autumn": ("秋", 3, "season"), "winter": ("冬", 4, "season")}
HONOURS = {"E": ("東", "East wind"), "S": ("南", "South wind"), "W": ("西", "West wind"), "N": ("北", "North wind"),
           "C": ("中", "Red dragon"), "F": ("發", "Green dragon"), "P": ("白", "White dragon")}


class Glyphs:
    """Outlines of single characters, fitted into boxes (font units are y-up, SVG is y-down)."""

    def __init__(self, path: Path) -> None:
        font: TTFont = TTCollection(str(path)).fonts[0]  # Noto Serif CJK JP/SC/TC share these glyphs
        self.cmap = font.getBestCmap()
        self.glyphs = font.getGlyphSet()

    def fit(self, char: str, x: float, y: float, w: float, h: float, colour: str) -> str:
        name = self.cmap[ord(char)]
        bounds = BoundsPen(self.glyphs)
        self.glyphs[name].draw(bounds)
        assert bounds.bounds is not None
        x0, y0, x1, y1 = bounds.bounds
        s = min(w / (x1 - x0), h / (y1 - y0))
        tx = x + (w - (x1 - x0) * s) / 2 - x0 * s
        ty = y + (h - (y1 - y0) * s) / 2 + y1 * s
        pen = SVGPathPen(self.glyphs, ntos=lambda v: f"{v:.0f}")
        self.glyphs[name].draw(pen)
        return (f'<path fill="{colour}" transform="translate({tx:.2f} {ty:.2f}) scale({s:.5f} {-s:.5f})" '
                f'd="{pen.getCommands()}"/>')


def dot(cx: float, cy: float, r: float, colour: str) -> str:
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{colour}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.68:.2f}" fill="{IVORY}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.45:.2f}" fill="{colour}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.15:.2f}" fill="{IVORY}"/>')


DOTS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 21, 11, GREEN), (30, 54, 11, BLUE)],
    3: [(15, 15, 9, BLUE), (30, 37.5, 9, RED), (45, 60, 9, GREEN)],
    4: [(18, 22, 10, BLUE), (42, 22, 10, GREEN), (18, 53, 10, GREEN), (42, 53, 10, BLUE)],
    5: [(16, 17, 9, BLUE), (44, 17, 9, GREEN), (30, 37.5, 9, RED), (16, 58, 9, GREEN), (44, 58, 9, BLUE)],
    6: [(19, 15, 8.5, GREEN), (41, 15, 8.5, GREEN), (19, 40, 8.5, RED), (41, 40, 8.5, RED),
        (19, 60, 8.5, RED), (41, 60, 8.5, RED)],
    7: [(13, 11, 7.2, GREEN), (30, 18, 7.2, GREEN), (47, 25, 7.2, GREEN), (19, 44, 7.5, RED),
        (41, 44, 7.5, RED), (19, 62, 7.5, RED), (41, 62, 7.5, RED)],
    8: [(x, y, 7.5, BLUE) for x in (19.0, 41.0) for y in (12.0, 29.0, 46.0, 63.0)],
    9: [(x, y, 7.2, c) for y, c in ((14.0, BLUE), (37.5, RED), (61.0, GREEN)) for x in (14.0, 30.0, 46.0)],
}


def dots(rank: int) -> str:
    if rank == 1:
        return (f'<circle cx="30" cy="37.5" r="23" fill="{GREEN}"/>'
                f'<circle cx="30" cy="37.5" r="19.5" fill="{IVORY}"/>'
                + "".join(f'<circle cx="{30 + 15 * c:.2f}" cy="{37.5 + 15 * s:.2f}" r="2.6" fill="{BLUE}"/>'
                          for c, s in _ring(12))
                + f'<circle cx="30" cy="37.5" r="11" fill="{RED}"/>'
                f'<circle cx="30" cy="37.5" r="7" fill="{IVORY}"/>'
                f'<circle cx="30" cy="37.5" r="4" fill="{GREEN}"/>')
    return "".join(dot(*d) for d in DOTS[rank])


def _ring(n: int) -> list[tuple[float, float]]:
    import math
    return [(math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)) for k in range(n)]


def stick(cx: float, cy: float, h: float, colour: str, angle: float = 0) -> str:
    w = 6.5
    rot = f' transform="rotate({angle} {cx} {cy})"' if angle else ""
    top, mid, bot = cy - h / 2, cy, cy + h / 2
    return (f'<g{rot}><rect x="{cx - w / 2}" y="{top}" width="{w}" height="{h}" rx="3.2" fill="{colour}"/>'
            f'<rect x="{cx - 1}" y="{top + 2.5}" width="2" height="{h - 5}" rx="1" fill="{IVORY}" opacity=".55"/>'
            + "".join(f'<rect x="{cx - w / 2 - 0.6}" y="{y - 1.1:.2f}" width="{w + 1.2}" height="2.2" rx="1.1" '
                      f'fill="{colour}"/>' for y in (top + 1.4, mid, bot - 1.4))
            + "</g>")


BAMBOO: dict[int, list[tuple[float, float, float, str, float]]] = {
    2: [(30, 21, 26, GREEN, 0), (30, 54, 26, BLUE, 0)],
    3: [(30, 21, 26, BLUE, 0), (19, 54, 26, GREEN, 0), (41, 54, 26, GREEN, 0)],
    4: [(19, 21, 26, BLUE, 0), (41, 21, 26, GREEN, 0), (19, 54, 26, GREEN, 0), (41, 54, 26, BLUE, 0)],
    5: [(15, 21, 26, GREEN, 0), (45, 21, 26, BLUE, 0), (30, 37.5, 26, RED, 0), (15, 54, 26, BLUE, 0),
        (45, 54, 26, GREEN, 0)],
    6: [(x, y, 26.0, GREEN if y < 30 else BLUE, 0.0) for y in (21.0, 54.0) for x in (15.0, 30.0, 45.0)],
    7: [(30.0, 14.0, 18.0, RED, 0.0)] + [(x, y, 18.0, GREEN, 0.0) for y in (37.5, 61.0) for x in (15.0, 30.0, 45.0)],
    8: [(x, 21.0, 27.0, GREEN, a) for x, a in ((12.0, 18.0), (24.0, -18.0), (36.0, 18.0), (48.0, -18.0))]
    + [(x, 54.0, 27.0, BLUE, a) for x, a in ((12.0, -18.0), (24.0, 18.0), (36.0, -18.0), (48.0, 18.0))],
    9: [(x, y, 18.0, RED if x == 30 else (GREEN if x < 30 else BLUE), 0.0)
        for y in (14.0, 37.5, 61.0) for x in (15.0, 30.0, 45.0)],
}


def bamboo(rank: int) -> str:
    if rank == 1:  # the bird (幺鸡), drawn plainly: body, wing, head, crest, tail feathers, legs
        return (f'<path d="M20 58 C8 50 10 28 22 22 C30 18 40 22 42 32 C44 44 36 56 20 58 Z" fill="{GREEN}"/>'
                f'<path d="M22 30 C30 28 36 34 34 44 C30 40 26 38 22 30 Z" fill="{BLUE}"/>'
                f'<circle cx="42" cy="20" r="7" fill="{GREEN}"/>'
                f'<circle cx="44" cy="18.5" r="1.7" fill="{IVORY}"/>'
                f'<path d="M48 19 L55 21 L48 23 Z" fill="{RED}"/>'
                f'<path d="M38 14 C38 8 44 6 46 10 C42 10 41 12 40 15 Z" fill="{RED}"/>'
                f'<path d="M20 58 C10 62 6 68 8 72 C14 66 18 64 24 62 Z" fill="{RED}"/>'
                f'<path d="M18 56 C8 56 4 60 4 66 C10 60 14 60 20 60 Z" fill="{BLUE}"/>'
                f'<path d="M28 57 L27 68 M34 54 L35 68" stroke="{NAVY}" stroke-width="2" stroke-linecap="round"/>')
    return "".join(stick(*s) for s in BAMBOO[rank])


def frame(title: str, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
            f'role="img" aria-label="{title}"><title>{title}</title>'
            f'<rect x="0.75" y="0.75" width="{W - 1.5}" height="{H - 1.5}" rx="7" fill="#2f7d62" '
            f'stroke="#1d5a45" stroke-width="1.5"/>'
            f'<rect x="0.75" y="0.75" width="{W - 1.5}" height="{H - 6}" rx="7" fill="{IVORY}" '
            f'stroke="#bdb49f" stroke-width="1.5"/>'
            f"{body}</svg>\n")


def faces(g: Glyphs) -> dict[str, str]:
    out: dict[str, str] = {}
    for rank in range(1, 10):
        out[f"{rank}m"] = frame(f"{rank} {NAMES['m']}", g.fit(NUMERALS[rank - 1], 13, 7, 34, 27, NAVY)
                                + g.fit("萬", 10, 38, 40, 32, RED))
        out[f"{rank}p"] = frame(f"{rank} {NAMES['p']}", dots(rank))
        out[f"{rank}s"] = frame(f"{rank} {NAMES['s']}", bamboo(rank))
    for code, (char, name) in HONOURS.items():
        if code == "P":
            body = (f'<rect x="11" y="13" width="38" height="49" rx="3" fill="none" stroke="{BLUE}" '
                    f'stroke-width="4"/><rect x="17" y="19" width="26" height="37" rx="1.5" fill="none" '
                    f'stroke="{BLUE}" stroke-width="1.5"/>')
        else:
            colour = RED if code == "C" else GREEN if code == "F" else NAVY
            body = g.fit(char, 8, 12, 44, 50, colour)
        out[code] = frame(name, body)
    for code, (char, number, kind) in FLOWER_TILES.items():
        colour = GREEN if kind == "flower" else BLUE
        body = (g.fit(str(number), 6, 6, 9, 13, RED)  # its number: the seat it belongs to
                + blossom(49, 11, RED if kind == "flower" else colour, kind)
                + g.fit(char, 9, 21, 42, 44, colour))
        out[code] = frame(f"{code.capitalize()} ({kind} {number})", body)
    # J: a flower ghost (a joker that is any flower, where a book has them) has no face of its own
    out["J"] = frame("Blank flower", "")
    return out


def blossom(cx: float, cy: float, colour: str, kind: str) -> str:
    """A small corner mark: five petals for the flowers, a sun's rays for the seasons."""
    import math
    if kind == "flower":
        return ("".join(f'<circle cx="{cx + 3.6 * math.cos(a):.2f}" cy="{cy + 3.6 * math.sin(a):.2f}" r="2.6" '
                        f'fill="{colour}"/>' for a in (2 * math.pi * k / 5 - math.pi / 2 for k in range(5)))
                + f'<circle cx="{cx}" cy="{cy}" r="1.8" fill="#f2a900"/>')
    rays = "".join(f'<path d="M{cx + 4.2 * math.cos(a):.2f} {cy + 4.2 * math.sin(a):.2f} '
                   f'L{cx + 6.6 * math.cos(a):.2f} {cy + 6.6 * math.sin(a):.2f}" stroke="{colour}" '
                   f'stroke-width="1.6" stroke-linecap="round"/>' for a in (2 * math.pi * k / 8 for k in range(8)))
    return rays + f'<circle cx="{cx}" cy="{cy}" r="3" fill="{RED}"/>'



def main(argv: list[str] | None = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fonts", type=Path, default=FONTS, help=f"the folder of {FONT} (default {FONTS})")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    drawn = faces(Glyphs(args.fonts / FONT))
    for code, svg in drawn.items():
        (OUT / f"{code}.svg").write_text(svg, encoding="utf-8")
    print(f"wrote {len(drawn)} tiles to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
