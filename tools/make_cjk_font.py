"""Cut the pages' CJK web font: Noto Sans CJK SC, only the characters the calculator and the API docs can show.

Debian's Chromium on a server image has no CJK font, so without this every Chinese label on the
page (fan names, 番种, the rule books' titles, the flower tiles' names) is an empty box. The page
ships this subset instead (``service/static/fonts/``, served from this origin like everything
else; ``calculator.css`` names it in an ``@font-face`` with a ``unicode-range``, so Latin text
keeps the system font). The WOFF2 file is committed; this script is how it was made, rerun
when a fan table, a rule book or the page gains a character (``tests/browser/test_pages.py`` fails until
then):

    pip install -e ".[art]"                       # fonttools and brotli, pinned
    apt-get install fonts-noto-cjk                # or: apt-get download fonts-noto-cjk and
    python tools/make_cjk_font.py                 #   dpkg-deb -x it, then --fonts DIR/usr/share/fonts/opentype/noto

The API docs page (``/docs``) uses the same file for the spec's Chinese (``docs.css``).

The characters: every CJK character in the pages' own files (``calculator.html``, ``.js``, ``docs.html``)
and in the spec the docs page shows (``service/openapi.yaml``), in
every rule book's fan table, title, option help and own context fields' help (``scorer.RULESETS``), the flower names
(``scorer.flowers``), and in the library's and service's Python source, whose problem details the
page shows as they come (for example "Sichuan needs the winner's missing suit (定缺)").
Noto Sans CJK is under the SIL Open Font License 1.1 (``service/static/fonts/OFL.txt``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "service" / "static"
OUT = STATIC / "fonts"
FONTS = Path("/usr/share/fonts/opentype/noto")
WOFF2 = "calculator-cjk.woff2"  # Regular only: the browser emboldens it for bold labels (half the bytes)
FAMILY = "Noto Sans CJK SC"


def is_cjk(c: str) -> bool:
    """CJK punctuation, ideographs and full-width forms: what a Latin system font cannot draw."""
    o = ord(c)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFE30 <= o <= 0xFE4F or 0xFF00 <= o <= 0xFFEF


def cjk(text: str) -> set[str]:
    return {c for c in text if is_cjk(c)}


def table_chars() -> set[str]:
    """What the rule books say in Chinese: fan names, titles, option and own context fields' help, flower names."""
    sys.path.insert(0, str(ROOT))
    from scorer.flowers import BY_NAME
    from scorer.rules import RULESETS

    out: set[str] = set()
    for book in RULESETS.values():
        out |= cjk(book.title_zh)
        for row in book.fan_table:
            out |= cjk(row.name_zh)
        for option in book.options:
            out |= cjk(option.help)
        for field in book.own_context:  # its own context fields' help, shown beside their inputs
            out |= cjk(field.spec.help)
    for name in BY_NAME:
        out |= cjk(name)
    return out


PAGE_FILES = ("calculator.html", "calculator.js", "docs.html", "replay.html", "replay.js")
SPEC = ROOT / "service" / "openapi.yaml"


def page_chars() -> set[str]:
    out: set[str] = set()
    for name in PAGE_FILES:
        out |= cjk((STATIC / name).read_text(encoding="utf-8"))
    return out | cjk(SPEC.read_text(encoding="utf-8"))


def source_chars() -> set[str]:
    out: set[str] = set()
    for folder in ("scorer", "service"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            out |= cjk(path.read_text(encoding="utf-8"))
    return out


def wanted() -> set[str]:
    return table_chars() | page_chars() | source_chars()


def sc_face(path: Path) -> object:
    """The Simplified Chinese face of a Noto Sans CJK collection (JP, KR, SC, TC, HK and Mono share it)."""
    from fontTools.ttLib import TTCollection  # type: ignore[import-untyped]

    for font in TTCollection(str(path)).fonts:
        if font["name"].getDebugName(1) == FAMILY:
            return font
    raise SystemExit(f"no {FAMILY} face in {path}")


def cut(source: Path, chars: set[str], target: Path) -> int:
    from fontTools import subset

    font = sc_face(source)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["kern", "palt", "locl"]  # nothing vertical, no ligatures the page never uses
    options.hinting = False
    options.desubroutinize = True  # larger CFF, smaller once Brotli has it
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, version, licence and its URL
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(c) for c in chars))
    sub.subset(font)
    font.flavor = "woff2"
    font.recalcTimestamp = False  # the source's dates: the same input cuts the same bytes
    font.save(str(target))
    return target.stat().st_size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fonts", type=Path, default=FONTS,
                    help=f"the folder of NotoSansCJK-Regular.ttc (default {FONTS})")
    args = ap.parse_args(argv)
    chars = wanted()
    OUT.mkdir(parents=True, exist_ok=True)
    size = cut(args.fonts / "NotoSansCJK-Regular.ttc", chars, OUT / WOFF2)
    print(f"{OUT / WOFF2}: {len(chars)} characters, {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
