"""What a request's head alone refuses, before routing, the API key or the body: the HTTP rules
gunicorn's parser leaves to the application.

* an HTTP/1.1 request without ``Host``: 400 (RFC 9112, section 3.2, says a server must);
* a path with an empty segment (``//v1/score``): 404, as the code's routing means it (werkzeug's
  matcher skips empty segments, so it would answer as ``/v1/score``);
* a transfer coding other than ``chunked`` (``gzip, chunked``): 501 (RFC 9112, section 6.1:
  decode it or refuse; gunicorn passes such a body on undecoded);
* a body with a ``Content-Encoding`` other than ``identity``, or a ``charset`` other than UTF-8: 415
  naming what is read (the body would otherwise be read as plain UTF-8 JSON and fail, or pass, by
  chance).

``App`` raises the refusal before anything else runs; the compute lane asks it too, so a refused
POST is answered without its body being read.
"""

from __future__ import annotations

from typing import Any

from .errors import ApiError

CODINGS = ("chunked",)


def refusal(environ: dict[str, Any]) -> ApiError | None:
    """The problem a request's head earns by itself, or None."""
    if environ.get("SERVER_PROTOCOL") == "HTTP/1.1" and not environ.get("HTTP_HOST"):
        return ApiError(400, "bad-request", "an HTTP/1.1 request must carry a Host header")
    path = environ.get("PATH_INFO", "")
    if "//" in path:
        return ApiError(404, "not-found", f"no resource at {path}; see /openapi.yaml")
    coding = environ.get("HTTP_TRANSFER_ENCODING")
    if coding is not None:
        unknown = [c.strip() for c in coding.split(",") if c.strip().lower() not in CODINGS]
        if unknown:
            return ApiError(501, "not-implemented",
                            f"the transfer coding {', '.join(unknown)} is not supported: send the body "
                            "with Content-Length, or Transfer-Encoding: chunked alone")
    elif environ.get("CONTENT_LENGTH", "0") in ("", "0"):
        return None  # no body: nothing below applies
    encoding = environ.get("HTTP_CONTENT_ENCODING", "identity").strip().lower()
    if encoding not in ("identity", ""):
        return ApiError(415, "unsupported-media-type",
                        f"the body is sent with Content-Encoding: {encoding}; send it unencoded (identity)")
    content_type = environ.get("CONTENT_TYPE", "")
    if ";" in content_type:
        for param in content_type.split(";")[1:]:
            name, _, value = param.partition("=")
            if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in ("utf-8", "utf8"):
                return ApiError(415, "unsupported-media-type",
                                f"the body is sent as charset={value.strip()}; send it as UTF-8 JSON")
    return None
