"""The pages at / and /docs as HTTP sees them: served with a strict CSP, everything they load is
served here, and nothing in them would need an inline script or style (which the CSP forbids).

What a person sees and does on them is tested in a real browser: tests/browser/test_browser.py.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from flask.testing import FlaskClient
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from scorer.flowers import BY_NAME, Flower
from scorer.rules import RULESETS
from service.pages import CSP
from testkit import ROOT
from tools import make_cjk_font

STATIC = ROOT / "service" / "static"
FLOWERS = [f.value for f in Flower]  # plum ... winter: the flower tiles' files are named by the API's names
TILE_CODES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFPJ") + FLOWERS  # J: the blank flower
CJK_FONT = STATIC / "fonts" / "calculator-cjk.woff2"


class Refs(HTMLParser):
    """Every URL a page loads, and anything that would be inline code or style."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.inline: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script" and not a.get("src"):
            self.inline.append("<script> without src")
        if tag == "style":
            self.inline.append("<style>")
        self.inline += [f"{tag} {k}=" for k in a if k == "style" or k.startswith("on")]
        for k in ("src", "href"):
            url = a.get(k)
            if url and tag in ("script", "link", "img"):
                self.urls.append(url)


def refs(html: str) -> Refs:
    r = Refs()
    r.feed(html)
    return r


@pytest.mark.parametrize("path", ["/", "/docs", "/replay", "/problems/", "/problems/bad-kong"])
def test_page_is_html_with_a_strict_csp(client: FlaskClient, path: str) -> None:
    resp = client.get(path)
    assert resp.status_code == 200
    assert resp.mimetype == "text/html"
    csp = resp.headers["Content-Security-Policy"]
    assert csp == CSP
    policy = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'"  # no 'unsafe-inline', no 'unsafe-eval', no other origin
    assert policy["style-src"] == "'self'"
    assert policy["connect-src"] == "'self'"
    assert "Content-Disposition" not in resp.headers
    assert resp.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", ["/", "/docs", "/replay"])
def test_page_loads_only_what_this_server_serves(client: FlaskClient, path: str) -> None:
    page = refs(client.get(path).get_data(as_text=True))
    assert page.inline == []
    assert page.urls
    for url in page.urls:
        assert not re.match(r"^[a-z]+:|^//", url), f"{url} is not on this server"
        target = "/" + url.removeprefix("./")
        with client.get(target) as resp:  # closing it closes the file it streams
            assert resp.status_code == 200, target
            assert resp.get_data(), target


def test_static_html_has_the_csp_too(client: FlaskClient) -> None:
    with client.get("/static/calculator.html") as resp:
        assert resp.status_code == 200
        assert resp.headers["Content-Security-Policy"] == CSP
        assert b"calculator.js" in resp.get_data()


def test_swagger_ui_assets_are_served_locally(client: FlaskClient) -> None:
    with client.get("/docs/assets/swagger-ui-bundle.js") as resp:
        assert resp.status_code == 200
        assert b"SwaggerUIBundle" in resp.get_data()
    assert client.get("/docs/assets/no-such-file.js").status_code == 404


def test_pages_revalidate_by_etag(client: FlaskClient) -> None:
    first = client.get("/")
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get("/", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_docs_script_points_swagger_ui_at_this_servers_spec() -> None:
    js = (STATIC / "docs.js").read_text(encoding="utf-8")
    assert '"openapi.yaml"' in js
    assert "validatorUrl: null" in js  # the validator badge would call another site


@pytest.mark.parametrize("code", TILE_CODES)
def test_every_tile_is_an_svg_with_a_title(client: FlaskClient, code: str) -> None:
    with client.get(f"/static/tiles/{code}.svg") as resp:
        assert resp.status_code == 200
        assert resp.mimetype == "image/svg+xml"
        data = resp.get_data()
    root = ElementTree.fromstring(data)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    title = root.find(f"{ns}title")
    assert title is not None and title.text
    assert b"<text" not in data  # characters are outlines: no font needed to show a tile
    assert not re.search(rb"(href|src)=\"(https?:)?//", data)


def test_no_page_asset_refers_to_another_origin() -> None:
    for f in STATIC.rglob("*"):
        if f.suffix in (".html", ".css", ".js"):
            text = f.read_text(encoding="utf-8")
            assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), f
            assert "@import" not in text, f
            if f.suffix == ".css":  # a font only from this server, beside the stylesheet
                for url in re.findall(r"url\(([^)]*)\)", text):
                    assert re.fullmatch(r'"fonts/[\w.-]+\.woff2"', url), (f, url)


# --- the CJK web font: every Chinese label renders without a system CJK font ----------------------
def font_chars() -> set[str]:
    return {chr(c) for c in TTFont(str(CJK_FONT)).getBestCmap()}


def test_css_loads_the_shipped_cjk_font_and_it_is_served(client: FlaskClient) -> None:
    css = (STATIC / "calculator.css").read_text(encoding="utf-8")
    face = re.search(r"@font-face\s*{([^}]*)}", css)
    assert face, "calculator.css declares the page's CJK font"
    family = re.search(r'font-family:\s*("[^"]+")', face.group(1))
    assert family and re.search(r'url\("fonts/calculator-cjk\.woff2"\)', face.group(1))
    root = re.search(r":root\s*{([^}]*)}", css)
    assert root and family.group(1) in root.group(1), "the page's font stack names the face"
    with client.get("/static/fonts/calculator-cjk.woff2") as resp:
        assert resp.status_code == 200
        assert resp.mimetype == "font/woff2"
        assert resp.get_data() == CJK_FONT.read_bytes()
    assert CJK_FONT.stat().st_size < 80_000  # a subset, not the 19 MB collection
    licence = (STATIC / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["service"]
    for f in (CJK_FONT, STATIC / "fonts" / "OFL.txt"):
        rel = f.relative_to(ROOT / "service").as_posix()
        assert any(fnmatch.fnmatch(rel, p) for p in patterns), f"{rel} is not package data"


@pytest.mark.parametrize("book", sorted(RULESETS))
def test_cjk_font_has_every_character_of_each_fan_table(book: str) -> None:
    """A rule book (or a fan) added with a character the font lacks: rerun tools/make_cjk_font.py."""
    rules = RULESETS[book]
    used = make_cjk_font.cjk(rules.title_zh + "".join(r.name_zh for r in rules.fan_table)
                             + "".join(o.help for o in rules.options))
    assert used, book
    missing = used - font_chars()
    assert not missing, f"{book}: {''.join(sorted(missing))} not in {CJK_FONT.name}: rerun tools/make_cjk_font.py"


def test_docs_css_draws_the_specs_chinese_with_the_shipped_font() -> None:
    css = (STATIC / "docs.css").read_text(encoding="utf-8")
    face = re.search(r"@font-face\s*{([^}]*)}", css)
    assert face and re.search(r'url\("fonts/calculator-cjk\.woff2"\)', face.group(1))
    assert "unicode-range" in face.group(1)
    assert css.count('"Calculator CJK"') >= 3  # the face, and first in Swagger UI's text and code stacks
    spec = make_cjk_font.cjk((ROOT / "service" / "openapi.yaml").read_text(encoding="utf-8"))
    assert {"国", "标", "包", "缺"} <= spec
    missing = spec - font_chars()
    assert not missing, f"{''.join(sorted(missing))} not in {CJK_FONT.name}: rerun tools/make_cjk_font.py"


def test_cjk_font_has_every_character_of_the_page_and_the_flowers() -> None:
    used = make_cjk_font.cjk("".join(BY_NAME))
    for name in ("calculator.html", "calculator.js"):
        used |= make_cjk_font.cjk((STATIC / name).read_text(encoding="utf-8"))
    assert {"番", "种", "梅", "冬"} <= used
    missing = used - font_chars()
    assert not missing, f"{''.join(sorted(missing))} not in {CJK_FONT.name}: rerun tools/make_cjk_font.py"


def test_cjk_font_covers_what_the_tool_would_cut_today() -> None:
    """The tool's own choice (page, tables, and the problem details the library and service can say)."""
    missing = make_cjk_font.wanted() - font_chars()
    assert not missing, f"{''.join(sorted(missing))} not in {CJK_FONT.name}: rerun tools/make_cjk_font.py"


def test_readme_shows_the_calculator() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shot = re.search(r"!\[[^\]]*\]\((docs/[^)]+\.png)\)", readme)
    assert shot, "README shows a screenshot of the calculator"
    png = Path(ROOT / shot.group(1)).read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) < 400_000
