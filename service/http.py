"""HTTP around the views: CORS for browser clients on other origins, compression of large answers,
and validators for the answers that change only with a deploy.

* CORS (flask-cors): off unless ``SCORER_CORS_ORIGINS`` names origins (comma-separated, ``*`` for
  any). Then ``/v1/*`` and the spec answer preflights and carry ``Access-Control-*`` headers for
  those origins only; ``X-Request-ID`` and ``ETag`` are readable by the page.
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

from flask import Flask, Response, request
from flask_compress import Compress
from flask_cors import CORS

COMPRESS_MIN_SIZE = 8 * 1024
CACHE_CONTROL = "public, max-age=300"  # the same for every caller; fresh for 5 minutes, then revalidated
CORS_RESOURCES = (r"/v1/*", r"/openapi.yaml", r"/openapi.json")
CORS_ALLOW_HEADERS = ["Authorization", "Content-Type", "X-Request-ID", "If-None-Match", "traceparent"]
CORS_EXPOSE_HEADERS = ["X-Request-ID", "ETag"]


def init_app(app: Flask) -> None:
    origins = list(app.config.get("CORS_ORIGINS") or ())
    if origins:
        CORS(app, resources={r: {"origins": origins} for r in CORS_RESOURCES},
             allow_headers=CORS_ALLOW_HEADERS, expose_headers=CORS_EXPOSE_HEADERS, max_age=600,
             send_wildcard=origins == ["*"], vary_header=True)
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
        vary = resp.headers.get("Vary")  # what flask-compress does to an answer it leaves alone
        if not vary:
            resp.headers["Vary"] = "Accept-Encoding"
        elif "accept-encoding" not in vary.lower():
            resp.headers["Vary"] = f"{vary}, Accept-Encoding"
        return resp

    app.after_request(compress_large)


def etag_of(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:32]


def cached(body: bytes, mimetype: str, etag: str | None = None) -> Response:
    """``body`` with a strong ETag and Cache-Control; a matching ``If-None-Match`` gets 304, no body."""
    resp = Response(body, mimetype=mimetype)
    resp.set_etag(etag or etag_of(body))
    resp.headers["Cache-Control"] = CACHE_CONTROL
    resp.make_conditional(request)  # in place: 304 and no body when If-None-Match names this ETag
    return resp
