"""Pages for people: the calculator at ``/``, the interactive API docs at ``/docs`` (``/docs/`` is
sent there), and each problem type's documentation at ``/problems/<code>``, where a problem's
``type`` resolves (RFC 9457: a URI reference that, dereferenced, documents the problem).

Both are static files (``service/static/``: plain HTML, CSS and JavaScript, tiles as SVG) that
talk to the JSON API like any other client; no rule lives here or in the browser. Swagger UI
comes from the pinned ``flask-swagger-ui`` package, whose ``dist`` files are served from
``/docs/assets/`` (its own blueprint is not used: its page carries an inline script, which the
Content-Security-Policy below forbids). Nothing is loaded from another origin.
"""

from __future__ import annotations

from html import escape
from importlib import resources
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request

from scorer.wire.problems import TYPE_BASE, meaning, titles

# Scripts, styles, images and requests from this origin only; no inline script or style, no
# plugins, no framing. ``data:`` images: Swagger UI draws a few icons that way.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

SWAGGER_DIST = str(resources.files("flask_swagger_ui").joinpath("dist"))

pages = Blueprint("pages", __name__, static_folder=SWAGGER_DIST, static_url_path="/docs/assets")


@pages.get("/")
def calculator() -> Response:
    return _page("calculator.html")


@pages.get("/replay")
def replay() -> Response:
    return _page("replay.html")


@pages.get("/docs")
def docs() -> Response:
    return _page("docs.html")


@pages.get("/docs/")
def docs_slash() -> Response:
    """The page's links are relative to ``/docs``: a slash after it is the same page, by its name."""
    return _moved("/docs")


@pages.get("/problems")
def problems_by_name() -> Response:
    return _moved("/problems/")  # the list's links are relative to the folder


def _moved(to: str) -> Response:
    """A permanent redirect with no body, as the spec documents it (werkzeug's ``redirect`` adds an
    HTML page that no client reads and a generated one has no type for)."""
    return Response(status=308, headers={"Location": to})


@pages.get("/problems/")
def problems() -> Response:
    rows = "".join(f'<li><a href="{code}"><code>{code}</code></a>: {escape(title)}</li>'
                   for code, title in sorted(titles().items()))
    return _html("Problem types", f"<p>Every error this service answers is an RFC 9457 problem "
                 f"(<code>application/problem+json</code>) whose <code>type</code> is <code>{TYPE_BASE}"
                 f"&lt;code&gt;</code>, resolved against the service's address. The codes are stable.</p>"
                 f"<ul>{rows}</ul>")


@pages.get("/problems/<code>")
def problem_type(code: str) -> Response:
    title = titles().get(code)
    if title is None:
        from werkzeug.exceptions import NotFound

        raise NotFound()
    return _html(title, f"<p><code>type: {TYPE_BASE}{code}</code> · <code>title: {escape(title)}</code></p>"
                 f"<p>{escape(meaning(code))}</p><p>The problem's <code>detail</code> says what happened in this "
                 "request, and <code>errors</code> lists <code>{pointer, detail}</code> for each field at fault "
                 "(an RFC 6901 pointer into the request body).</p>"
                 '<p><a href="./">Every problem type</a> · <a href="../docs">The API docs</a></p>')


def _html(title: str, body: str) -> Response:
    """A short documentation page, styled as the docs page; revalidated by ETag like the others."""
    text = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{escape(title)} · Mahjong scorer API</title>'
            f'<link rel="stylesheet" href="../static/docs.css"></head><body><header class="top"><h1>'
            f'{escape(title)}</h1><nav aria-label="Links"><a href="../">Calculator</a> · <a href="../docs">API '
            f'docs</a></nav></header><main class="problem-doc">{body}</main></body></html>')
    resp = Response(text, mimetype="text/html")
    resp.headers["Cache-Control"] = "no-cache"
    resp.add_etag()
    resp.make_conditional(request)
    return resp


def _page(name: str) -> Response:
    """The page's bytes (a few kB, read whole: no open file outlives the request), revalidated by ETag."""
    folder = current_app.static_folder
    assert folder is not None
    resp = Response(Path(folder, name).read_bytes(), mimetype="text/html")
    resp.headers["Cache-Control"] = "no-cache"
    resp.add_etag()
    resp.make_conditional(request)  # 304 when If-None-Match matches (in place)
    return resp


def secure_headers(resp: Response) -> Response:
    """Every HTML document the app serves (pages, or the same files under /static/) gets the CSP."""
    content_type = resp.headers.get("Content-Type")  # parsed (mimetype) only when it may be HTML
    if content_type and content_type[:9].lower() == "text/html" and resp.mimetype == "text/html":
        resp.headers["Content-Security-Policy"] = CSP
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
    return resp


def init_app(app: Flask) -> None:
    app.register_blueprint(pages)
    app.after_request(secure_headers)
