"""Pages for people: the calculator at ``/`` and the interactive API docs at ``/docs``.

Both are static files (``service/static/``: plain HTML, CSS and JavaScript, tiles as SVG) that
talk to the JSON API like any other client; no rule lives here or in the browser. Swagger UI
comes from the pinned ``flask-swagger-ui`` package, whose ``dist`` files are served from
``/docs/assets/`` (its own blueprint is not used: its page carries an inline script, which the
Content-Security-Policy below forbids). Nothing is loaded from another origin.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request

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
