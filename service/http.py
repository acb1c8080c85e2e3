"""HTTP around the views: CORS for browser clients on other origins, compression of large answers,
and validators for the answers that change only with a deploy.

* CORS (flask-cors): off unless ``SCORER_CORS_ORIGINS`` names origins (comma-separated, ``*`` for
  any). Then ``/v1/*`` and the spec answer preflights and carry ``Access-Control-*`` headers for
  those origins only; ``X-Request-ID`` and ``ETag`` are readable by the page; the methods allowed
  are the ones the routes have (GET, HEAD, POST). Unless any origin is allowed (the answer is then
  the same for all), every answer of those paths says ``Vary: Origin``, whether or not the request
  had one: a shared cache must not serve the copy made for one origin (or for none) to another.
* Compression (flask-compress): answers of at least ``COMPRESS_MIN_SIZE`` bytes in JSON, HTML, CSS
  or JS, as the client accepts (zstd, br, gzip); small answers (a score is 1-2 KB) are sent as they
  are, since compressing them costs more CPU than it saves. Files (the page's assets) are left to
  their own ETag and Last-Modified, uncompressed, with their Content-Length. An answer of known
  length under the minimum is passed over before flask-compress's hook looks at it (which would
  only add ``Vary: Accept-Encoding``, as this does): most answers, and a score's, are such.
* ``cached()``: a strong ETag and ``Cache-Control`` on a fixed answer; ``If-None-Match`` gets 304.
"""

from __future__ import annotations

import hashlib
import re

from flask import Flask, Response, request
from flask_compress import Compress
from flask_cors import CORS

from .chain import without_flask

COMPRESS_MIN_SIZE = 8 * 1024
CACHE_CONTROL = "public, max-age=300"  # the same for every caller; fresh for 5 minutes, then revalidated
CORS_RESOURCES = (r"/v1/*", r"/openapi.yaml", r"/openapi.json")
CORS_ALLOW_HEADERS = ["Authorization", "Content-Type", "X-Request-ID", "If-None-Match", "traceparent"]
CORS_EXPOSE_HEADERS = ["X-Request-ID", "ETag"]
CORS_METHODS = ["GET", "HEAD", "POST", "OPTIONS"]
CORS_PATHS = re.compile(r"/v1/|/openapi\.(yaml|json)$")  # CORS_RESOURCES as flask-cors reads them


def init_app(app: Flask) -> None:
    origins = list(app.config.get("CORS_ORIGINS") or ())
    if origins:
        CORS(app, resources={r: {"origins": origins} for r in CORS_RESOURCES},
             allow_headers=CORS_ALLOW_HEADERS, expose_headers=CORS_EXPOSE_HEADERS, max_age=600,
             methods=CORS_METHODS, send_wildcard=origins == ["*"], vary_header=True)
        if origins != ["*"]:
            app.after_request(_vary_on_origin)
    app.config.setdefault("COMPRESS_MIN_SIZE", COMPRESS_MIN_SIZE)
    app.config.setdefault("COMPRESS_ALGORITHM", ["zstd", "br", "gzip"])
    app.config.setdefault("COMPRESS_STREAMS", False)  # files: sent whole, as they are
    app.config["COMPRESS_REGISTER"] = False  # its hook is called by ours, for answers that may need it
    app.config.setdefault("COMPRESS_MIMETYPES", [
        "application/json", "application/problem+json", "application/yaml", "text/html", "text/css",
        "text/javascript", "application/javascript", "text/plain",
    ])
    compress = Compress(app)
    min_size = app.config["COMPRESS_MIN_SIZE"]

    def compress_large(resp: Response) -> Response:
        length = resp.content_length
        if length is None or length >= min_size:
            return compress.after_request(resp)
        return vary(resp, "Accept-Encoding")  # what flask-compress does to an answer it leaves alone

    def compress_large_plain(headers: list[tuple[str, str]], body: bytes) -> bool:
        """The same for a plain answer (``service/chain.py``): one to compress is Flask's to make."""
        if len(body) >= min_size:
            return False
        headers.append(("Vary", "Accept-Encoding"))
        return True

    without_flask(compress_large, compress_large_plain)
    app.after_request(compress_large)


def vary(resp: Response, name: str) -> Response:
    """``resp`` with ``name`` among its ``Vary`` header's names."""
    have = resp.headers.get("Vary")
    if not have:
        resp.headers["Vary"] = name
    elif name.lower() not in (v.strip().lower() for v in have.split(",")):
        resp.headers["Vary"] = f"{have}, {name}"
    return resp


def _vary_on_origin(resp: Response) -> Response:
    return vary(resp, "Origin") if CORS_PATHS.match(request.path) else resp


def etag_of(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:32]


def cached(body: bytes, mimetype: str, etag: str | None = None) -> Response:
    """``body`` with a strong ETag and Cache-Control; a matching ``If-None-Match`` gets 304, no body."""
    resp = Response(body, mimetype=mimetype)
    resp.set_etag(etag or etag_of(body))
    resp.headers["Cache-Control"] = CACHE_CONTROL
    resp.make_conditional(request)  # in place: 304 and no body when If-None-Match names this ETag
    return resp
