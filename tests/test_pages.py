"""The pages at / and /docs as HTTP sees them: served with a strict CSP, everything they load is
served here, and nothing in them would need an inline script or style (which the CSP forbids).

What a person sees and does on them is tested in a real browser: tests/test_browser.py.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from flask.testing import FlaskClient

from service.pages import CSP
from tests.conftest import ROOT

STATIC = ROOT / "service" / "static"
TILE_CODES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")


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


@pytest.mark.parametrize("path", ["/", "/docs"])
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


@pytest.mark.parametrize("path", ["/", "/docs"])
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
            assert "@import" not in text and "@font-face" not in text, f


def test_readme_shows_the_calculator() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shot = re.search(r"!\[[^\]]*\]\((docs/[^)]+\.png)\)", readme)
    assert shot, "README shows a screenshot of the calculator"
    png = Path(ROOT / shot.group(1)).read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) < 400_000
